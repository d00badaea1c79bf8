//===- Frontend/DeviceBuiltins.h - CUDA's built-in names --------*- C++ -*-===//
//
// The catalogue of what CUDA's headers declare that the walk gives a meaning
// to: the index variables (threadIdx and kin), atomics, cache-hinted loads
// and stores, texture fetches, and the integer min/max and 24-bit multiply
// intrinsics. Lookups only; the walk decides what to do with them.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_DEVICEBUILTINS_H
#define CUDA_COALESCE_LIB_FRONTEND_DEVICEBUILTINS_H

#include "cuda-coalesce/Frontend/Finding.h"
#include "cuda-coalesce/Symbolic/Expr.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace clang {
class CXXRecordDecl;
class Expr;
class FunctionDecl;
} // namespace clang

namespace cudacoalesce {

/// `threadIdx.y` and its kin: which variable, and which dimension.
struct BuiltinIndex {
  sym::AtomKind Var; // ThreadIdx, BlockIdx, BlockDim or GridDim
  unsigned Dim;      // 0, 1, 2 = x, y, z
};
/// \p E when it reads an index variable's field (Clang models them as
/// properties of a builtin struct), else nullopt.
std::optional<BuiltinIndex> builtinIndexOf(const clang::Expr *E);
/// ThreadIdx for Clang's `__cuda_builtin_threadIdx_t`, and so on.
std::optional<sym::AtomKind>
builtinStructKind(const clang::CXXRecordDecl *Struct);
/// The index variable \p E copies whole (`uint3 t = threadIdx;`), through
/// its struct's conversion operator.
std::optional<sym::AtomKind> builtinStructConverted(const clang::Expr *E);
/// The same index read through Clang's NVVM builtin that the properties
/// call (`__nvvm_read_ptx_sreg_tid_x()`, called directly or reached through
/// a form builtinIndexOf does not know).
std::optional<BuiltinIndex> specialRegisterIndex(llvm::StringRef Name);
/// `__nvvm_read_ptx_sreg_laneid()` and the lane masks: a value of each
/// lane's own, never the same across the warp.
bool readsLaneRegister(llvm::StringRef Name);

/// tex1Dfetch, tex2D, tex2DLayered, texCubemap, surf2Dread, surf3Dwrite, ...
bool isTextureFetchName(llvm::StringRef Name);
/// atomicAdd, atomicCAS_block, __nv_atomic_fetch_add, ...: the pointer is
/// argument 0.
bool isAtomicName(llvm::StringRef Name);
/// Read-only, cache-hinted and scoped atomic loads and stores (__ldg, __stcs,
/// __nv_atomic_load_n, ...): the pointer is argument 0.
std::optional<AccessKind> cacheHintedAccess(llvm::StringRef Name);
/// Integer min and max, as operations of the address algebra.
std::optional<sym::OpKind> minMaxName(llvm::StringRef Name);
/// __mul24 and __umul24: a product of their two arguments.
bool isMul24Name(llvm::StringRef Name);
/// CUDA's double-precision sine and cosine (sin, cos, sinpi, cospi and
/// libdevice's __nv_ functions behind them), library code: each call loads
/// its polynomial's coefficients from a table in global memory.
bool readsSinCosTable(const clang::FunctionDecl *Callee);

/// Warp-wide intrinsics, and what their result shares across the warp.
struct WarpCollective {
  enum Kind {
    Broadcast, // __shfl_sync(mask, v, src[, width]): one lane's value
    Exchange,  // __shfl_up/down/xor_sync: another lane's value
    Reduce,    // __reduce_add_sync(mask, v) and kin: one value per warp
    Vote,      // __ballot_sync, __any_sync, __all_sync, __activemask
  } What;
  unsigned ValueArg; // the argument each lane contributes (Vote: none)
};
/// The warp intrinsic \p Name is (CUDA's free functions; cooperative
/// groups' methods `shfl`, `reduce` and kin are CooperativeGroups's).
std::optional<WarpCollective> warpCollective(llvm::StringRef Name);

/// The thread's linear index in its block, x fastest: a block's
/// thread_rank(), whose value modulo 32 is the lane's place in its warp.
sym::Poly linearThreadIndex(sym::Context &Syms);

} // namespace cudacoalesce

#endif
