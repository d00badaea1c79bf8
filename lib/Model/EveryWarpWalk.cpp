//===- Model/EveryWarpWalk.cpp - Visit every warp of the launch -----------===//
//
// The plain walk, which every other strategy must equal or approach: each
// warp of each block at each value of every axis, visited in turn. It
// declines a launch of more visits than the budget.
//
//===----------------------------------------------------------------------===//
#include "WalkStrategy.h"

namespace cudacoalesce {
namespace model {

namespace {

class EveryWarpWalk final : public WalkStrategy {
public:
  EveryWarpWalk() : WalkStrategy("every warp", /*Counts=*/false) {}
  std::optional<CostTotals> walk(WalkUnits &U, uint64_t WarpBudget) override {
    const double Total = U.AL.launchVisits();
    if (Total > double(WarpBudget))
      return std::nullopt;
    CostTotals T;
    for (uint64_t I = 0; I < uint64_t(Total); ++I)
      U.visit(I, T);
    return T;
  }
};

} // namespace

std::unique_ptr<WalkStrategy> makeEveryWarpWalk() {
  return std::make_unique<EveryWarpWalk>();
}

} // namespace model
} // namespace cudacoalesce
