//===- Model/WalkStrategy.cpp - Ways to walk the warps of a launch --------===//
#include "WalkStrategy.h"

namespace cudacoalesce {
namespace model {

WalkStrategy::~WalkStrategy() = default;

void WalkUnits::visit(uint64_t Index, CostTotals &T) {
  ++T.Visits;
  const int64_t Warp = AL.placeVisit(Index, Radix);
  std::optional<int64_t> Base = Lanes.uniformBase();
  const WarpLanes &W = Lanes.lanesOf(Warp);
  Pricer.costVisit(Warp, W, Lanes.masksOfGuards(Split.guards(), Warp, W.Lanes),
                   Base, T);
}

} // namespace model
} // namespace cudacoalesce
