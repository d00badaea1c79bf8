//===- Model/AssumedGridRange.cpp - Counts over a grid not known ----------===//
#include "AssumedGridRange.h"

#include "llvm/ADT/STLExtras.h"

namespace cudacoalesce {
namespace model {

void rangeOverAssumedGrid(const sym::Context &Ctx, const AccessShape &Access,
                          bool GridAssumed, Prediction &P) {
  if (!GridAssumed || !P.Units || P.UnitsMin >= P.UnitsMax)
    return;
  bool BlocksDiffer = llvm::any_of(Access.Guards, [&](const Guard &G) {
    return Ctx.containsLeaf(G.Diff, [](const sym::Atom &A) {
      return A.Kind == sym::AtomKind::BlockIdx ||
             A.Kind == sym::AtomKind::GridDim;
    });
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
