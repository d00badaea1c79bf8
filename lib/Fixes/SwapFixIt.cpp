//===- Fixes/SwapFixIt.cpp - The thread-mapping swap as an edit -----------===//
//
// The one thread-mapping fix that is a mechanical edit: exchange the
// initialisers of the x and y index variables. Offered only where it is
// provably safe, i.e. the launch covers the same index pairs either way and
// both variables are plain thread-index expressions that mirror each other,
// and only where it lowers the kernel's total sectors. The frontend checks
// the source (initialisers never changed, outside macros, in one file) and
// builds the edit.
//
//===----------------------------------------------------------------------===//
#include "cuda-coalesce/Fixes/KernelFixes.h"

namespace cudacoalesce {
namespace fixes {

bool swapKeepsIndexPairs(const model::LaunchShape &Launch) {
  return Launch.Grid && Launch.Block.X == Launch.Block.Y &&
         Launch.Grid->X == Launch.Grid->Y && Launch.Block.Z == 1;
}

bool swapLowersSectors(sym::Context &Syms, model::ModelCaches &Model,
                       const sym::Poly &AlongX, const sym::Poly &AlongY,
                       const std::vector<KernelAccess> &Accesses,
                       const model::LaunchShape &Launch) {
  std::vector<sym::AtomId> Leaves;
  Syms.collectLeafAtoms(AlongX + AlongY, Leaves);
  for (sym::AtomId A : Leaves) {
    sym::AtomKind K = Syms.atom(A).Kind;
    if (K != sym::AtomKind::ThreadIdx && K != sym::AtomKind::BlockIdx &&
        K != sym::AtomKind::BlockDim)
      return false;
  }
  model::AccessShape Mirror;
  Mirror.ByteOffset = AlongX;
  if (swapThreadMapping(Syms, Mirror).ByteOffset != AlongY)
    return false;
  double Before = 0, After = 0;
  for (const KernelAccess &A : Accesses) {
    const model::Prediction &P = A.Before;
    if (P.Space != model::AddressSpace::Global)
      continue; // sectors are the currency of the comparison
    std::optional<model::Prediction> Q = model::predictIfDecided(
        Syms, Model, swapThreadMapping(Syms, A.Shape), Launch);
    if (!P.Units || !Q || !Q->Units)
      return false;
    Before += *P.Units;
    After += *Q->Units;
  }
  return After + 1e-9 < Before;
}

void setThreadMappingEdit(std::vector<KernelAccess> &Accesses,
                          const std::vector<Replacement> &Swap) {
  for (KernelAccess &A : Accesses)
    for (Fix &F : A.Fixes)
      if (F.Kind == FixKind::ThreadMapping)
        F.Replacements = Swap;
}

} // namespace fixes
} // namespace cudacoalesce
