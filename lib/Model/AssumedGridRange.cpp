//===- Model/AssumedGridRange.cpp - Counts over a grid not known ----------===//
#include "AssumedGridRange.h"

#include "llvm/ADT/STLExtras.h"

namespace cudacoalesce {
namespace model {

void rangeOverAssumedGrid(const sym::Context &Ctx, const AccessShape &Access,
                          bool GridAssumed, Prediction &P) {
  if (!GridAssumed || !P.Units || P.UnitsMin >= P.UnitsMax)
    return;
  // A guard on the block index alone, branched around, lets a block's
  // warps run the access or none: the blocks that run it are alike, and
  // the mean over them does not turn on how many there are (Rodinia
  // lavaMD's `if (bx < dim.number_boxes)`).
  bool BlocksDiffer = llvm::any_of(Access.Guards, [&](const Guard &G) {
    auto Reads = [&](auto IsKind) { return Ctx.containsLeaf(G.Diff, IsKind); };
    return Reads([](const sym::Atom &A) {
             return A.Kind == sym::AtomKind::BlockIdx ||
                    A.Kind == sym::AtomKind::GridDim;
           }) &&
           (G.mayIssueEmpty() || Reads([](const sym::Atom &A) {
              return A.Kind == sym::AtomKind::ThreadIdx;
            }));
  });
  if (!BlocksDiffer)
    return;
  P.Units.reset();
  P.AlignmentAssumed = false;
  llvm::erase_if(P.Assumptions, [](const Assumption &A) {
    return A.What == Assumption::Kind::SamePatternForEveryValue;
  });
  P.Cause = UnknownCause{UnknownCause::Kind::DependsOnUnknowns, "gridDim",
                         P.UnitsMin, P.UnitsMax};
}

} // namespace model
} // namespace cudacoalesce
