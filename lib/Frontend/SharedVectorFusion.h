//===- Frontend/SharedVectorFusion.h - Adjacent elements fused -*- C++ -*-===//
//
// ptxas fuses the loads (or stores) of adjacent shared-memory elements that
// an unrolled loop makes into LDS.64 and LDS.128 (STS.64, STS.128) where it
// knows their alignment: `reg[i] = As[k * 128 + (tid / 16) * 8 + i]` over
// eight trips is two LDS.128 per lane, not eight LDS. The warp's cost is
// that of the wide instruction (SharedBankModel's phases), so the count per
// request changes: runtime-bench 43's register_tile measured 2 wavefronts a
// request where 1 was given, HeCBench lud_internal's line 1.2 (four LDS.128
// of 2 and sixteen LDS of 1).
//
// What ptxas does, read from the SASS of nvcc 13 (nvdisasm) and measured on
// an H100 (runtime-bench/kernels/45_fusion.cu, every shape as predicted;
// the lit test shared/unrolled-loads-fused.cu):
// - elements of 2, 4 and 8 bytes are fused (1-byte ones are not), into
//   instructions of at most 16 bytes (8 for 2-byte elements);
// - an instruction covers bytes whose alignment ptxas knows: the address's
//   residue modulo 16 follows from the array's placement and from every
//   term of the index but the loop's; a run starting off alignment begins
//   and ends with narrower pieces (offset 8: LDS.64, LDS.128, LDS.64);
// - a static __shared__ array is placed in the order the kernel declares its
//   arrays, each at its type's alignment (`float X[3]; float Y[256];` puts
//   Y at 12: no fusion), `extern __shared__` at 16, `__align__(16)` at 16;
//   under -rdc the linker places them, and only what they declare is known;
// - a guard inside the loop body, or a store to the array between the
//   loads, stops it.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_SHAREDVECTORFUSION_H
#define CUDA_COALESCE_LIB_FRONTEND_SHAREDVECTORFUSION_H

#include "cuda-coalesce/Model/Access.h"
#include "cuda-coalesce/Symbolic/Expr.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace cudacoalesce {

/// A loop of a constant trip count whose body nvcc unrolls, with what its
/// body does to shared memory (filled by the walk before its accesses are
/// recorded).
struct FusibleLoop {
  sym::AtomId Iteration = 0;
  /// `#pragma unroll` without a count; else the pragma's count (0: none).
  bool PragmaFull = false;
  unsigned PragmaCount = 0;
  /// The factor nvcc unrolls the body by where the trip count is not known
  /// (NvccLowering's runtimeUnrolling): 4 for small bodies.
  unsigned RuntimeFactor = 1;
  /// Set once the condition is walked (0: not a constant count).
  int64_t Trips = 0;
  /// The trip count is not a constant but the bound of one condition that
  /// moves with the trip: nvcc unrolls the loop by RuntimeFactor (or the
  /// pragma's count) and runs the trips left over in a loop of their own.
  bool RuntimeTrips = false;
  /// Those trips run after the unrolled copies (an epilog): only then does
  /// each copy start at a trip that is a multiple of the factor, at an
  /// alignment ptxas knows (nvcc 13's SASS: LDS.128 for four trips of
  /// `s[j]`, static or dynamic, then LDS in the loop of the leftover trips;
  /// with a prolog, four LDS).
  bool LeftoverLast = false;
  /// The trips one copy of the unrolled body holds: Trips when the loop is
  /// unrolled fully.
  int64_t Group = 0;
  /// The guards of the loop's condition are the walk's guards from
  /// FirstCondGuard on; an access with more guards is under a test in the
  /// body.
  size_t FirstCondGuard = 0, GuardsInBody = 0;
  unsigned Depth = 0;
  /// The bases (AddressBuilder::bases()) the body reads and writes.
  std::set<int> Read, Written;
  /// The body writes through a pointer the walk does not place.
  bool WritesUnknown = false;
  /// The sites (AddressBuilder's) of the body that may be fused.
  std::vector<size_t> Candidates;
};

/// The trips one copy of \p L's unrolled body holds, once its trip count is
/// known; 0 where the copies are not known.
int64_t unrolledGroup(const FusibleLoop &L);

/// The trip count of a loop whose condition is \p Cond, when it is a
/// constant: Cond.Diff is `a * Iteration + b` with a and b constants.
std::optional<int64_t> constantTripCount(const model::Guard &Cond,
                                         sym::AtomId Iteration);

/// One instruction width of a fused run: Count instructions of Bytes each,
/// the first at Offset bytes from the run's first element.
struct VectorPiece {
  int64_t Offset = 0;
  unsigned Bytes = 0, Count = 0;
};

/// The instructions ptxas makes of \p Elements adjacent elements of
/// \p ElementBytes whose first byte is at \p Residue modulo \p Modulus
/// (the alignment ptxas knows, a power of two of at most 16), consecutive
/// pieces of one width joined. Each aligned block of the widest width is
/// one instruction where the run fills it; loads (\p Loads) also where the
/// run reads more than half of it, the rest unread (nvcc 13's SASS: `s[j +
/// 1]` over four trips is an LDS.128 from `s[j]` and an LDS); otherwise
/// its halves are taken apart in turn.
llvm::SmallVector<VectorPiece, 4> vectorPieces(int64_t Residue,
                                               unsigned Modulus,
                                               unsigned ElementBytes,
                                               int64_t Elements, bool Loads);

/// What ptxas knows of where a __shared__ variable starts: at \p Residue
/// modulo \p AlignBytes (a power of two of at most 16).
struct SharedPlacement {
  unsigned AlignBytes = 1;
  unsigned Residue = 0;
  bool operator==(const SharedPlacement &O) const {
    return AlignBytes == O.AlignBytes && Residue == O.Residue;
  }
  /// What ptxas uses of it for an address \p ByteOffset bytes in: the
  /// exact residue where the address is a constant (HeCBench aop's
  /// `shared_svd[1]` at 0x20: LDS.128); where it has terms of registers,
  /// only the power of two the start's offset is a multiple of (runtime-bench
  /// 45's `after_three`: an array at 12 read at `12 + 32 * (tid % 16) + 4 *
  /// i` over 8 trips gave 8 LDS on an H100, no LDS.128).
  SharedPlacement usedFor(const sym::Poly &ByteOffset) const;
};

/// Where a static or dynamic __shared__ variable \p V starts: placed by
/// the rule above, its offset modulo 16 (an array after a 24-byte double3
/// starts at 8 modulo 16, so its odd elements are 16-byte aligned: HeCBench
/// aop's `shared_svd[1]` and `[2]`, one LDS.128). Variables declared
/// outside \p Kernel's body get their type's alignment.
SharedPlacement sharedPlacement(const clang::ASTContext &AST,
                                const clang::VarDecl *V,
                                const clang::FunctionDecl *Kernel);

/// The alignment ptxas can prove of the shared-memory address \p ByteOffset
/// bytes into an array placed at \p Placement: what divides the
/// placement's alignment, every term's coefficient and the constant plus
/// the placement's residue. A struct of four 4-byte fields copied from such
/// an address is one LDS.128, whatever its type's alignment (HeCBench
/// attention-paged's bf16_8_t: 2 wavefronts measured for a broadcast, where
/// four LDS give 1).
unsigned provenSharedAlignment(const sym::Poly &ByteOffset,
                               SharedPlacement Placement);

/// One fused access: the byte offset of its first instruction, its width
/// and the bytes of each of its instructions.
struct FusedAccess {
  sym::Poly ByteOffset, Index;
  std::vector<model::Guard> Guards;
  unsigned WidthBytes = 0, ChunkBytes = 0;
  /// The element as one trip left over after a loop unrolled at run time
  /// reads or writes it: not fused.
  bool Leftover = false;
};

/// The access of \p ElementBytes at \p ByteOffset (element \p Index) under
/// \p Guards, in the body of \p Loop, as ptxas emits it once it has fused
/// the elements that the loop's unrolled trips read or write; nothing where
/// it fuses none. \p Placement: the array's sharedPlacement.
/// A loop unrolled at run time gives its leftover trips last, as the element
/// itself (FusedAccess::Leftover).
std::vector<FusedAccess> fuseUnrolledElements(
    sym::Context &Syms, const FusibleLoop &Loop, const sym::Poly &ByteOffset,
    const sym::Poly &Index, const std::vector<model::Guard> &Guards,
    unsigned ElementBytes, SharedPlacement Placement, bool Loads);

} // namespace cudacoalesce

#endif
