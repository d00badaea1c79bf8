//===- Model/SharedCompareAndSwap.cpp - Atomics looped on CAS -------------===//
#include "SharedCompareAndSwap.h"

#include "cuda-coalesce/Model/WarpModel.h"
#include "cuda-coalesce/Support/IntegerMath.h"

#include <algorithm>
#include <array>

namespace cudacoalesce {
namespace model {

/// The most (lane, word) pairs any one bank is asked for: lanes asking for
/// one word each count.
static unsigned serializedDegree(const std::vector<int64_t> &Addresses,
                                 unsigned Bytes) {
  std::array<unsigned, SharedBanks> PerBank{};
  unsigned Most = 0;
  for (int64_t Address : Addresses)
    for (int64_t Word = floorDiv(Address, BankBytes);
         Word <= floorDiv(Address + Bytes - 1, BankBytes); ++Word)
      Most = std::max(Most, ++PerBank[floorMod(Word, SharedBanks)]);
  return Most;
}

RequestCost
SharedAtomicModel::costOfRequest(const std::vector<int64_t> &LaneAddresses,
                                 uint32_t Lanes, unsigned ChunkBytes) const {
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
    double Units =
        Serialized ? serializedDegree(Addresses, ChunkBytes) : Phase.Units;
    Total.Units += Passes * Units;
    Total.IdealUnits += Passes * Phase.IdealUnits;
    Total.Segments += Phase.Segments;
  }
  Total.AlignedUnits = Total.IdealUnits;
  return Total;
}

RequestCost SharedAtomicModel::costOfGather(unsigned ActiveLanes,
                                            unsigned ChunkBytes) const {
  RequestCost Cost = Words.costOfGather(ActiveLanes, ChunkBytes);
  Cost.Units *= Passes;
  Cost.IdealUnits *= Passes;
  Cost.AlignedUnits *= Passes;
  return Cost;
}

void rangeOverRetries(const AccessShape &Access, Prediction &P) {
  if (!Access.CompareAndSwapLoop && !Access.RetriedWithLoop)
    return;
  P.Walk.RequestsPerLaunch.reset();
  P.Walk.RequestsPerBlock.reset();
  // A pass with a lane left costs what one lane alone does at the least;
  // a request with none (a warp that issues it predicated off) nothing.
  const double OneLane =
      costModelFor(Access)
          ->costOfRequest({0}, 1, std::max(1u, Access.ChunkBytes))
          .Units;
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
