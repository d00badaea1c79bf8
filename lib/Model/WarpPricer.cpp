//===- Model/WarpPricer.cpp - What a warp visit's requests cost -----------===//
#include "WarpPricer.h"

#include "cuda-coalesce/Limits.h"
#include "cuda-coalesce/Support/IntegerMath.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"

#include <algorithm>

namespace cudacoalesce {
namespace model {

namespace {

/// The index of \p Row among \p Seen, appending it when new. A warp has at
/// most 32 rows, so a linear search beats any map.
size_t rowSlot(std::vector<std::pair<int64_t, int64_t>> &Seen,
               const std::pair<int64_t, int64_t> &Row) {
  for (size_t I = 0; I < Seen.size(); ++I)
    if (Seen[I] == Row)
      return I;
  Seen.push_back(Row);
  return Seen.size() - 1;
}

/// Whether every row of the warp (lanes with the same threadIdx.y and .z)
/// reads a single address: a broadcast per row, as A[row*N + k] is in a
/// matrix product whose warp spans two rows of a 16x16 block.
bool broadcastPerRow(const std::vector<int64_t> &Addresses,
                     const std::vector<std::pair<int64_t, int64_t>> &Rows) {
  if (llvm::all_equal(Rows))
    return llvm::all_equal(Addresses);
  std::vector<std::pair<int64_t, int64_t>> Seen;
  std::vector<std::pair<int64_t, unsigned>> First; // address, lanes
  for (size_t I = 0; I < Addresses.size(); ++I) {
    size_t Slot = rowSlot(Seen, Rows[I]);
    if (Slot == First.size()) {
      First.push_back({Addresses[I], 1});
      continue;
    }
    if (First[Slot].first != Addresses[I])
      return false;
    ++First[Slot].second;
  }
  if (First.size() == 1)
    return true;
  for (const auto &Row : First)
    if (Row.second < 2)
      return false; // one lane per row: lanes differ, nothing is shared
  return true;
}

/// Whether the addresses \p Lanes (one warp row's, in lane order) step
/// evenly, or in groups of 2 to 16 lanes (the last may be short) that step
/// evenly inside and start evenly spaced (`64 * (t / 8) + 4 * (t % 8)`,
/// `h = i % 12` heads of rows `t = i / 12`): a stride of two levels, which
/// a reader still calls strided. A hash of the thread index is neither.
///
/// This is the search over group sizes and phases; evenlySpacedAtOnce()
/// answers most lanes without it.
bool evenlySpacedInGroups(const std::vector<int64_t> &Lanes) {
  // Groups of Group lanes, the first starting at lane (Group - Phase) %
  // Group: a warp may begin in the middle of a group (`i % 12`).
  auto InGroupsOf = [&](size_t Group, size_t Phase) {
    std::optional<int64_t> Inner, Outer;
    std::optional<size_t> LastStart;
    if (Phase == 0)
      LastStart = 0;
    for (size_t I = 1; I < Lanes.size(); ++I) {
      bool Starts = (I + Phase) % Group == 0;
      std::optional<int64_t> Step;
      if (!Starts)
        Step = Lanes[I] - Lanes[I - 1];
      else if (LastStart)
        Step = Lanes[I] - Lanes[*LastStart];
      if (Starts)
        LastStart = I;
      if (!Step)
        continue;
      std::optional<int64_t> &Expected = Starts ? Outer : Inner;
      if (Expected && *Expected != *Step)
        return false;
      Expected = Step;
    }
    return true;
  };
  for (size_t Group = 2; Group <= 16 && 2 * Group <= Lanes.size(); ++Group)
    for (size_t Phase = 0; Phase < Group; ++Phase)
      if (InGroupsOf(Group, Phase))
        return true;
  return false;
}

/// Whether the addresses \p Lanes step evenly (true), or step by more than
/// three amounts and so cannot step evenly in groups (false); nullopt
/// when only evenlySpacedInGroups() tells.
std::optional<bool> evenlySpacedAtOnce(const std::vector<int64_t> &Lanes) {
  // In groups, the steps between neighbours take at most three values: the
  // inner step, the step into a group after a full one, and the step into
  // the first whole group. Most irregular lanes show more at once, and the
  // search over groups is the walk's hot loop for them.
  int64_t Steps[3];
  size_t Distinct = 0;
  for (size_t I = 1; I < Lanes.size(); ++I) {
    int64_t Step = Lanes[I] - Lanes[I - 1];
    if (std::find(Steps, Steps + Distinct, Step) != Steps + Distinct)
      continue;
    if (Distinct == 3)
      return false;
    Steps[Distinct++] = Step;
  }
  if (Distinct <= 1)
    return true;
  return std::nullopt;
}

bool evenlySpaced(const std::vector<int64_t> &Lanes) {
  if (std::optional<bool> AtOnce = evenlySpacedAtOnce(Lanes))
    return *AtOnce;
  return evenlySpacedInGroups(Lanes);
}

/// Whether the lanes of each warp row are evenly spaced (in one or two
/// levels).
bool evenlySpacedPerRow(const std::vector<int64_t> &Addresses,
                        const std::vector<std::pair<int64_t, int64_t>> &Rows) {
  std::vector<std::pair<int64_t, int64_t>> Seen;
  std::vector<std::vector<int64_t>> PerRow;
  for (size_t I = 0; I < Addresses.size(); ++I) {
    size_t Slot = rowSlot(Seen, Rows[I]);
    if (Slot == PerRow.size())
      PerRow.emplace_back();
    PerRow[Slot].push_back(Addresses[I]);
  }
  return llvm::all_of(PerRow, evenlySpaced);
}

} // namespace

WarpPricer::WarpPricer(AccessAtLaunch &AL, const AccessSplit &Split)
    : AL(AL), Access(AL.Access), Model(AL.Model), Split(Split) {}

void WarpPricer::costVisit(int64_t Warp, const WarpLanes &W,
                           const GuardMasks &M, std::optional<int64_t> Base,
                           CostTotals &T, uint64_t Times, uint64_t *ShapeMemo) {
  LastPriced.reset();
  AL.GuardUnknown |= M.Unknown;
  const uint32_t AllLanes = lanesBelow(W.Lanes);
  // The common case, every lane active: its addresses without the lanes'
  // bookkeeping.
  if (!AL.Scattered && Base && W.Lanes && W.AllAddressesKnown && !W.Idle &&
      M.Active == AllLanes) {
    T.Warps += Times;
    VisitAddresses.clear();
    for (const std::optional<int64_t> &L : W.Address)
      VisitAddresses.push_back(*sum(Base, L));
    LastPriced = Priced{AllLanes, true, &W.Rows};
    count(costOf(Warp, W, AllLanes, Base, true, VisitAddresses, W.Rows, 0,
                 ShapeMemo),
          T, Times);
    return;
  }
  const uint32_t Runs = AllLanes & ~W.Idle;
  const uint32_t ActiveLanes = M.Active & Runs;
  const unsigned Active = llvm::popcount(ActiveLanes);
  // A copy of leftover trips issued with a lane off reaches it as a
  // predicated guard does.
  const unsigned Reaching = llvm::popcount(M.Reaching & (Runs | W.IdleIssuing));
  std::vector<int64_t> &Addresses = VisitAddresses;
  std::vector<std::pair<int64_t, int64_t>> &Rows = VisitRows;
  Addresses.clear();
  Rows.clear();
  uint32_t AddressedMask = 0;
  bool AllAddressed = true;
  for (uint32_t Rest = AL.Scattered ? 0 : ActiveLanes; Rest; Rest &= Rest - 1) {
    const unsigned Lane = llvm::countr_zero(Rest);
    if (std::optional<int64_t> Offset = sum(Base, W.Address[Lane])) {
      AddressedMask |= uint32_t(1) << Lane;
      Addresses.push_back(*Offset);
      Rows.push_back(W.Rows[Lane]);
    } else {
      AllAddressed = false;
      AL.Unaddressed = true;
    }
  }
  if (Active == 0) {
    // A warp that branches around the access issues nothing.
    if (Reaching != 0)
      countPredicatedOff(T, Times);
    return;
  }
  T.Warps += Times;

  if (AL.Scattered) {
    RequestCost Cost = AL.GatherSpan
                           ? Model.costOfGatherWithin(Active, Access.ChunkBytes,
                                                      *AL.GatherSpan)
                           : Model.costOfGather(Active, Access.ChunkBytes);
    for (unsigned C = 0, Requests = Access.requests(); C < Requests; ++C)
      T.add(Cost, Times);
    return;
  }
  if (Addresses.empty())
    return;
  LastPriced = Priced{AddressedMask, AllAddressed, &Rows};
  count(costOf(Warp, W, AddressedMask, Base, AllAddressed, Addresses, Rows, 0,
               ShapeMemo),
        T, Times);
}

bool WarpPricer::evenlySpacedAt(
    const std::vector<int64_t> &Addresses,
    const std::vector<std::pair<int64_t, int64_t>> &Rows) {
  if (!llvm::all_equal(Rows))
    return evenlySpacedPerRow(Addresses, Rows);
  if (std::optional<bool> AtOnce = evenlySpacedAtOnce(Addresses))
    return *AtOnce;
  // The search over group sizes is the hot loop for irregular lanes; their
  // shape (addresses relative to the first lane) repeats from warp to warp.
  SpacingKey.resize(Addresses.size());
  for (size_t I = 0; I < Addresses.size(); ++I)
    SpacingKey[I] = Addresses[I] - Addresses[0];
  auto It = SpacingByShape.find(SpacingKey);
  if (It != SpacingByShape.end())
    return It->second;
  bool Even = evenlySpacedInGroups(Addresses);
  if (SpacingByShape.size() < limits::LaneSetsKept)
    SpacingByShape.emplace(SpacingKey, Even);
  return Even;
}

WarpCost
WarpPricer::computeCost(uint32_t ActiveMask,
                        const std::vector<int64_t> &Addresses,
                        const std::vector<std::pair<int64_t, int64_t>> &Rows) {
  WarpCost R;
  R.EvenlySpaced = evenlySpacedAt(Addresses, Rows);
  R.Broadcast = broadcastPerRow(Addresses, Rows);
  // Request C moves chunk C of each lane's bytes.
  std::vector<int64_t> Chunk;
  for (unsigned C = 0; C < Access.requests(); ++C) {
    if (C > 0) {
      Chunk.resize(Addresses.size());
      for (size_t I = 0; I < Addresses.size(); ++I)
        Chunk[I] = Addresses[I] + int64_t(C) * Access.ChunkBytes;
    }
    R.Chunks.push_back(Model.costOfRequest(C ? Chunk : Addresses, ActiveMask,
                                           Access.ChunkBytes));
  }
  return R;
}

const WarpCost &
WarpPricer::costOf(int64_t Warp, const WarpLanes &W, uint32_t ActiveMask,
                   std::optional<int64_t> Base, bool Cacheable,
                   const std::vector<int64_t> &Addresses,
                   const std::vector<std::pair<int64_t, int64_t>> &Rows,
                   int64_t Shift, uint64_t *ShapeMemo) {
  auto Shifted = [&] {
    if (!Shift)
      return computeCost(ActiveMask, Addresses, Rows);
    std::vector<int64_t> Moved(Addresses);
    for (int64_t &A : Moved)
      A = int64_t(uint64_t(A) + uint64_t(Shift)); // wraps as evaluate() does
    return computeCost(ActiveMask, Moved, Rows);
  };
  if (!Cacheable || !Base || Addresses.empty()) {
    Uncached = Shifted();
    return Uncached;
  }
  // Shifting every lane by whole periods changes no count: the costs are a
  // function of the warp's lanes' shape, of which of them are active and of
  // where the first active one starts within a period (RequestCostCache).
  // Where the lanes' parts are fixed per block, the warp's shape is looked
  // up once a walk.
  const int64_t Residue = floorMod(
      int64_t(uint64_t(Addresses[0]) + uint64_t(Shift)), Model.periodBytes());
  const bool FixedForWalk = Split.offset().LaneFixedPerBlock;
  auto ShapeNow = [&] {
    return Costs->shapeOf(Model, Access.ChunkBytes, Access.requests(),
                          W.Address, W.Rows);
  };
  uint64_t Shape;
  if (ShapeMemo && *ShapeMemo) {
    Shape = *ShapeMemo;
  } else if (FixedForWalk) {
    uint64_t &Kept = ShapeOfWarp[Warp];
    if (!Kept)
      Kept = ShapeNow();
    Shape = Kept;
  } else {
    Shape = ShapeNow();
  }
  if (ShapeMemo)
    *ShapeMemo = Shape;
  if (const WarpCost *Kept = Costs->find(Shape, ActiveMask, Residue))
    return *Kept;
  return Costs->keep(Shape, ActiveMask, Residue, Shifted());
}

void WarpPricer::countPredicatedOff(CostTotals &T, uint64_t Times) const {
  T.Warps += Times;
  T.Requests += Access.requests() * Times;
  T.Min = 0;
}

void WarpPricer::count(const WarpCost &Cost, CostTotals &T,
                       uint64_t Times) const {
  if (!Cost.EvenlySpaced)
    T.IrregularWarps += Times;
  for (const RequestCost &C : Cost.Chunks) {
    T.AllUniform &= Cost.Broadcast;
    T.AllDense &= C.AlignedUnits == C.IdealUnits;
    T.add(C, Times);
  }
}

} // namespace model
} // namespace cudacoalesce
