//===- Model/SharedCompareAndSwap.cpp - Atomics looped on CAS -------------===//
#include "SharedCompareAndSwap.h"

#include <algorithm>

namespace cudacoalesce {
namespace model {

RequestCost SharedCompareAndSwapModel::costOfRequest(
    const std::vector<int64_t> &LaneAddresses, uint32_t Lanes,
    unsigned ChunkBytes) const {
  RequestCost Total;
  if (LaneAddresses.empty() || ChunkBytes == 0)
    return Total;
  unsigned PerPhase = lanesPerPhase(ChunkBytes);
  uint32_t PhaseMask =
      PerPhase == 32 ? ~uint32_t(0) : (uint32_t(1) << PerPhase) - 1;
  size_t Next = 0; // LaneAddresses' index of the phase's first lane
  for (unsigned First = 0; First < 32; First += PerPhase) {
    uint32_t InPhase = Lanes & (PhaseMask << First);
    if (!InPhase)
      continue;
    size_t Count = __builtin_popcount(InPhase);
    std::vector<int64_t> Addresses(LaneAddresses.begin() + Next,
                                   LaneAddresses.begin() + Next + Count);
    Next += Count;
    RequestCost Phase = Words.costOfRequest(Addresses, InPhase, ChunkBytes);
    Total.Units += 2 * Phase.Units;
    Total.IdealUnits += 2 * Phase.IdealUnits;
    Total.Segments += Phase.Segments;
  }
  Total.AlignedUnits = Total.IdealUnits;
  return Total;
}

RequestCost SharedCompareAndSwapModel::costOfGather(unsigned ActiveLanes,
                                                    unsigned ChunkBytes) const {
  RequestCost Cost = Words.costOfGather(ActiveLanes, ChunkBytes);
  Cost.Units *= 2;
  Cost.IdealUnits *= 2;
  Cost.AlignedUnits *= 2;
  return Cost;
}

void rangeOverRetries(const AccessShape &Access, Prediction &P) {
  if (!Access.CompareAndSwapLoop)
    return;
  P.Walk.RequestsPerLaunch.reset();
  P.Walk.RequestsPerBlock.reset();
  // A pass with a lane left costs what one lane alone does at the least;
  // a request with none (a warp that issues it predicated off) nothing.
  SharedCompareAndSwapModel Model;
  const double OneLane =
      Model.costOfRequest({0}, 1, std::max(1u, Access.ChunkBytes)).Units;
  const double Least = P.UnitsMin > 0 ? OneLane : 0;
  if (P.Units && *P.Units <= OneLane + 1e-9 && Least == OneLane)
    return; // every pass costs the least, whichever lanes are left
  if (P.Units) {
    P.Units.reset();
    P.AlignmentAssumed = false;
    P.Cause = UnknownCause{UnknownCause::Kind::RetriedUntilSwapped, "", Least,
                           P.UnitsMax};
  }
  P.UnitsMin = Least;
  if (P.Cause)
    P.Cause->Least = Least;
}

} // namespace model
} // namespace cudacoalesce
