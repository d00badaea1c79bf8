//===- Fixes/KernelFixes.h - Fixes judged on a kernel's accesses -*- C++
//-*-===//
//
// The rules that weigh the accesses of one kernel under one launch together,
// after each access has its own fixes (suggestFixes):
//   - a transpose-like pair: no thread mapping serves both accesses, so a
//     shared-memory tile is proposed first (SharedTileFix.cpp);
//   - adjacent scalar accesses of a thread are one vector access
//     (VectorPairFix.cpp);
//   - the bank conflicts of each shared array, judged on all its accesses
//     (BankConflictFixes.cpp, over suggestSharedFixes);
//   - the mechanical thread-mapping swap, offered where it is safe and
//     lowers the kernel's sectors (SwapFixIt.cpp; the frontend reads the
//     source and builds the edit).
// No Clang types here.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_FIXES_KERNELFIXES_H
#define CUDA_COALESCE_FIXES_KERNELFIXES_H

#include "cuda-coalesce/Fixes/Fixes.h"

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace cudacoalesce {
namespace fixes {

/// One access of a kernel under one launch, as these rules see it: its
/// shape, what the model predicted, and its fixes, which the rules change.
struct KernelAccess {
  const model::AccessShape &Shape;
  const model::Prediction &Before;
  std::vector<Fix> &Fixes;
  llvm::StringRef BaseName;
  /// The frontend's kind of access (load, store, atomic): a tile pairs
  /// accesses of two kinds.
  int Kind = 0;
  /// The shared array accessed, as an index into the kernel's arrays
  /// (addBankConflictFixes); -1 for any other memory.
  int SharedArray = -1;
};

/// A transpose-like pair: an access that is strided, which swapping the
/// thread mapping would fix, while an access of another kind is coalesced
/// and the same swap would break it. Neither mapping serves both: the
/// strided one gets a shared-memory tile as its first fix.
void addSharedTileFixes(sym::Context &Syms, model::ModelCaches &Model,
                        std::vector<KernelAccess> &Accesses,
                        const model::LaunchShape &Launch);

/// Adjacent scalar accesses of one thread (x[i + 0], x[i + 1]) whose lanes
/// are as many elements apart as there are accesses: one float2 or float4
/// access serves them, offered to each with the wide access's prediction
/// (VectorPairFix.cpp).
void addVectorPairFixes(sym::Context &Syms, model::ModelCaches &Model,
                        std::vector<KernelAccess> &Accesses,
                        const model::LaunchShape &Launch);

/// The fixes for bank conflicts, one shared array of \p Arrays at a time: a
/// padding or swizzle moves every access to the array. They replace the
/// fixes of the arrays' accesses.
void addBankConflictFixes(sym::Context &Syms, model::ModelCaches &Model,
                          FixCaches &Kept,
                          const std::vector<SharedArray> &Arrays,
                          std::vector<KernelAccess> &Accesses,
                          const model::LaunchShape &Launch);

/// Whether the launch covers the same index pairs with x and y exchanged
/// (square blocks and grids, flat blocks): where exchanging the thread
/// index variables is a safe edit.
bool swapKeepsIndexPairs(const model::LaunchShape &Launch);

/// Whether exchanging the values \p AlongX and \p AlongY of the kernel's
/// x and y index variables is the thread-mapping swap and lowers the
/// kernel's global sectors: both are plain thread-index expressions
/// (block and thread index, block size, constants) that mirror each other.
bool swapLowersSectors(sym::Context &Syms, model::ModelCaches &Model,
                       const sym::Poly &AlongX, const sym::Poly &AlongY,
                       const std::vector<KernelAccess> &Accesses,
                       const model::LaunchShape &Launch);

/// Gives every thread-mapping fix of \p Accesses the edit \p Swap.
void setThreadMappingEdit(std::vector<KernelAccess> &Accesses,
                          const std::vector<Replacement> &Swap);

} // namespace fixes
} // namespace cudacoalesce

#endif
