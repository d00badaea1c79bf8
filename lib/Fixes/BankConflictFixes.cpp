//===- Fixes/BankConflictFixes.cpp - A kernel's shared arrays -------------===//
//
// A padding or a swizzle of a shared array moves every access to it: the
// accesses of one array under one launch are judged together
// (suggestSharedFixes), an array at a time.
//
//===----------------------------------------------------------------------===//
#include "cuda-coalesce/Fixes/KernelFixes.h"

#include <map>

namespace cudacoalesce {
namespace fixes {

void addBankConflictFixes(sym::Context &Syms, model::ModelCaches &Model,
                          FixCaches &Kept,
                          const std::vector<SharedArray> &Arrays,
                          std::vector<KernelAccess> &Accesses,
                          const model::LaunchShape &Launch) {
  std::map<int, std::vector<size_t>> ByArray; // access indices per array
  for (size_t I = 0; I < Accesses.size(); ++I)
    if (Accesses[I].SharedArray >= 0)
      ByArray[Accesses[I].SharedArray].push_back(I);
  for (const auto &[Array, Members] : ByArray) {
    std::vector<model::AccessShape> Shapes;
    std::vector<model::Prediction> Before;
    for (size_t I : Members) {
      Shapes.push_back(Accesses[I].Shape);
      Before.push_back(Accesses[I].Before);
    }
    std::vector<std::vector<Fix>> Fixes = suggestSharedFixes(
        Syms, Model, Kept, Arrays[Array], Shapes, Before, Launch);
    for (size_t K = 0; K < Members.size(); ++K)
      Accesses[Members[K]].Fixes = std::move(Fixes[K]);
  }
}

} // namespace fixes
} // namespace cudacoalesce
