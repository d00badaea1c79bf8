//===- Model/LaneEvaluator.cpp - The lanes of a warp and their guards -----===//
#include "LaneEvaluator.h"
#include "TripPlacement.h"

#include "cuda-coalesce/Limits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cassert>

namespace cudacoalesce {
namespace model {

using sym::AtomId;

std::optional<bool> holdsOverRange(Cmp Op, int64_t Base, int64_t Low,
                                   int64_t High) {
  int64_t L, H;
  if (__builtin_add_overflow(Base, Low, &L) ||
      __builtin_add_overflow(Base, High, &H))
    return std::nullopt;
  if (Op == Cmp::EQ)
    return L == 0 && H == 0;
  // Every other comparison holds over a range iff it holds at both ends
  // (NE: the range lies wholly on one side of 0).
  if (Op == Cmp::NE)
    return L > 0 || H < 0;
  return holds(Op, L) && holds(Op, H);
}

namespace {

/// Whether \p Lane, a guard's lane part, has one value in each lane at every
/// walk of a walker under \p Launch: it reads the thread index, the block
/// index (as each walk does) and values the launch fixes, no unknown.
bool sameAtEveryWalk(const sym::Context &Ctx, const sym::Poly &Lane,
                     const LaunchShape &Launch) {
  std::vector<AtomId> Leaves;
  Ctx.collectLeafAtoms(Lane, Leaves);
  return llvm::all_of(Leaves, [&](AtomId L) {
    switch (Ctx.atom(L).Kind) {
    case sym::AtomKind::ThreadIdx:
    case sym::AtomKind::BlockIdx:
    case sym::AtomKind::BlockDim:
    case sym::AtomKind::GridDim:
      return true;
    default:
      return Launch.Known.count(L) > 0;
    }
  });
}

} // namespace

void LaneEvaluator::startWalk() {
  Held.clear(); // the walk's own, set once its axes are stretched
  for (size_t G = 0; G < FixedGuardLanes.size(); ++G)
    if (!FixedGuardLanes[G].empty() &&
        !sameAtEveryWalk(Ctx, Split.guard(G).Lane, AL.Launch))
      FixedGuardLanes[G].clear();
}

LaneEvaluator::LaneEvaluator(AccessAtLaunch &AL, const AccessSplit &Split,
                             TripPlacement &Trips)
    : AL(AL), Ctx(AL.Ctx), Access(AL.Access), Values(AL.Values), Split(Split),
      Trips(Trips) {}

std::optional<int64_t> LaneEvaluator::uniformBase() const {
  if (AL.Scattered)
    return std::nullopt;
  return sym::evaluate(Ctx, Split.offset().Uniform, Values);
}

const WarpLanes &LaneEvaluator::lanesOf(int64_t Warp) {
  assert(Warp >= 0 && Warp < AL.warpsPerBlock() && "not a warp of the block");
  // A warp's lanes repeat with the values their parts read besides the
  // thread index: a loop trip or a block index (`threadIdx.x / 4 +
  // 8*(trip % 2)`) takes few, the unknowns one per trial. Where every
  // visit's lanes have been new (a block index inside a division by an
  // unknown: ggml's cpy.cu), keeping and looking them up costs allocations
  // and comparisons that nothing repays: after a few, they are computed.
  if (!LaneSetsMet && LanesByValues.size() >= LaneSetsTriedFirst) {
    computeLanesInto(Warp, Overflow);
    return Overflow;
  }
  LaneKey.assign(1, Warp);
  for (AtomId A : Split.laneReads())
    LaneKey.push_back(Values.get(A).value_or(INT64_MIN)); // unset: none yet
  auto It = LanesByValues.find(LaneKey);
  if (It != LanesByValues.end()) {
    LaneSetsMet = true;
    return It->second;
  }
  WarpLanes &Into =
      LanesByValues.size() < limits::LaneSetsKept
          ? LanesByValues.emplace(LaneKey, WarpLanes()).first->second
          : Overflow;
  computeLanesInto(Warp, Into);
  return Into;
}

void LaneEvaluator::computeLanesInto(int64_t Warp, WarpLanes &W) {
  if (Split.offset().LaneAtBlockZero)
    AL.atBlockZero([&] { computeLanesAt(Warp, W); });
  else
    computeLanesAt(Warp, W);
}

void LaneEvaluator::computeLanesAt(int64_t Warp, WarpLanes &W) {
  W.Lanes = 0;
  W.Rows.clear();
  W.Address.clear();
  W.Idle = 0;
  W.IdleIssuing = 0;
  W.AllAddressesKnown = true;
  if (Access.Lowerings.empty() || Trips.atPoints()) {
    // Every lane at once, with the trips of the split loops if any.
    const sym::ThreadPoints &At =
        Access.Lowerings.empty()
            ? AL.pointsOf(Warp)
            : Trips.pointsWithTrips(Warp, W.Idle, &W.IdleIssuing);
    W.Lanes = At.Count;
    for (unsigned Lane = 0; Lane < At.Count; ++Lane)
      W.Rows.push_back({At.Index[1][Lane], At.Index[2][Lane]});
    W.Address.resize(At.Count);
    if (!AL.Scattered)
      sym::evaluateAtPoints(Ctx, Split.offset().Lane, Values, At,
                            W.Address.data());
    W.AllAddressesKnown =
        llvm::all_of(W.Address, [](const std::optional<int64_t> &A) {
          return A.has_value();
        });
    return;
  }
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    Dim3 Tid;
    if (!placeLane(Ctx, AL.Launch.Block, Warp, Lane, Values, Tid))
      break;
    TripPlacement::LaneAtCounters At = Trips.placeTrips();
    if (At != TripPlacement::LaneAtCounters::Runs)
      W.Idle |= uint32_t(1) << W.Lanes;
    if (At == TripPlacement::LaneAtCounters::IdleIssuing)
      W.IdleIssuing |= uint32_t(1) << W.Lanes;
    ++W.Lanes;
    W.Rows.push_back({Tid.Y, Tid.Z});
    W.Address.push_back(AL.Scattered
                            ? std::nullopt
                            : sym::evaluate(Ctx, Split.offset().Lane, Values));
    W.AllAddressesKnown &= W.Address.back().has_value();
  }
}

const GuardLanes &LaneEvaluator::fixedGuardLanes(size_t G, int64_t Warp) {
  assert(Split.guard(G).LaneFixedPerBlock && "lanes that change per visit");
  if (FixedGuardLanes.empty())
    FixedGuardLanes.resize(Split.guards());
  std::vector<std::optional<GuardLanes>> &OfGuard = FixedGuardLanes[G];
  if (OfGuard.empty())
    OfGuard.resize(AL.warpsPerBlock());
  std::optional<GuardLanes> &L = OfGuard[Warp];
  if (L)
    return *L;
  L.emplace();
  const sym::ThreadPoints &At = AL.pointsOf(Warp);
  L->Values.resize(At.Count);
  auto Evaluate = [&] {
    sym::evaluateAtPoints(Ctx, Split.guard(G).Lane, Values, At,
                          L->Values.data());
  };
  if (Split.guard(G).LaneAtBlockZero)
    AL.atBlockZero(Evaluate);
  else
    Evaluate();
  bool Known = true;
  for (const std::optional<int64_t> &V : L->Values) {
    Known &= V.has_value();
    if (Known)
      L->Range = L->Range ? std::make_pair(std::min(L->Range->first, *V),
                                           std::max(L->Range->second, *V))
                          : std::make_pair(*V, *V);
  }
  if (!Known)
    L->Range.reset();
  return *L;
}

void LaneEvaluator::applyGuard(size_t G, int64_t Warp, unsigned Lanes,
                               GuardMasks &M) {
  if (G < Held.size() && Held[G])
    return;
  const Guard &Gd = Access.Guards[G];
  // A uniform part not known is stated whether or not a lane reaches the
  // guard, as HistogramWalk states it.
  std::optional<int64_t> U = sym::evaluate(Ctx, Split.guard(G).Uniform, Values);
  if (!U) {
    M.Unknown |= Lanes > 0; // every lane's value
    return;
  }
  // Only the lanes that still reach the access run the guard's lane part:
  // the guard cannot bring back a lane an earlier one turned away, a value
  // it would read there is not read (a division by zero in a lane that
  // never gets there), and under nested `if`s most lanes are turned away
  // at depth.
  const uint32_t AllLanes = lanesBelow(Lanes);
  const uint32_t Live = M.Reaching & AllLanes;
  if (!Live)
    return;
  auto Fail = [&](uint32_t Failing) {
    M.Active &= ~Failing;
    if (!Gd.Predicated)
      M.Reaching &= ~Failing;
  };
  // A value not known counts as holding (stated: GuardUnknown).
  auto Apply = [&](unsigned Lane, std::optional<int64_t> V) {
    if (!V)
      M.Unknown = true;
    else if (!holds(Gd.Op, *V))
      Fail(uint32_t(1) << Lane);
  };
  auto EachLive = [&](auto Fn) {
    for (uint32_t Rest = Live; Rest; Rest &= Rest - 1)
      Fn(unsigned(llvm::countr_zero(Rest)));
  };
  if (Split.guard(G).LaneFixedPerBlock) {
    const GuardLanes &L = fixedGuardLanes(G, Warp);
    if (L.Range) {
      std::optional<bool> All =
          holdsOverRange(Gd.Op, *U, L.Range->first, L.Range->second);
      if (All && *All)
        return;
      std::optional<bool> None =
          holdsOverRange(negated(Gd.Op), *U, L.Range->first, L.Range->second);
      if (None && *None) {
        Fail(~uint32_t(0));
        return;
      }
    }
    EachLive([&](unsigned Lane) { Apply(Lane, sum(U, L.Values[Lane])); });
    return;
  }
  auto ApplyAtLive = [&](const sym::ThreadPoints &At) {
    std::optional<int64_t> LaneParts[WarpSize];
    if (Live == AllLanes) {
      sym::evaluateAtPoints(Ctx, Split.guard(G).Lane, Values, At, LaneParts);
      for (unsigned Lane = 0; Lane < Lanes; ++Lane)
        Apply(Lane, sum(U, LaneParts[Lane]));
      return;
    }
    unsigned LaneOf[WarpSize];
    LivePoints.Count = 0;
    LivePoints.OwnLeafCount = At.OwnLeafCount;
    std::copy(At.OwnLeaf, At.OwnLeaf + At.OwnLeafCount, LivePoints.OwnLeaf);
    EachLive([&](unsigned Lane) {
      const unsigned I = LivePoints.Count++;
      LaneOf[I] = Lane;
      for (unsigned D = 0; D < 3; ++D)
        LivePoints.Index[D][I] = At.Index[D][Lane];
      for (unsigned L = 0; L < At.OwnLeafCount; ++L)
        LivePoints.OwnValue[L][I] = At.OwnValue[L][Lane];
    });
    sym::evaluateAtPoints(Ctx, Split.guard(G).Lane, Values, LivePoints,
                          LaneParts);
    for (unsigned I = 0; I < LivePoints.Count; ++I)
      Apply(LaneOf[I], sum(U, LaneParts[I]));
  };
  if (!Split.guardReadsTrip(G)) {
    ApplyAtLive(AL.pointsOf(Warp));
    return;
  }
  // The trips of the split loops it reads are the lane's own.
  if (Trips.atPoints()) {
    uint32_t Idle;
    ApplyAtLive(Trips.pointsWithTrips(Warp, Idle));
    return;
  }
  EachLive([&](unsigned Lane) {
    Dim3 Tid;
    placeLane(Ctx, AL.Launch.Block, Warp, Lane, Values, Tid);
    Trips.placeTrips();
    Apply(Lane, sum(U, sym::evaluate(Ctx, Split.guard(G).Lane, Values)));
  });
}

GuardMasks LaneEvaluator::masksOfGuards(size_t K, int64_t Warp,
                                        unsigned Lanes) {
  if (!KeptGuardLanesAllowed || !Split.listKept(K)) {
    const uint32_t All = lanesBelow(Lanes);
    GuardMasks M{All, All, false};
    for (size_t G = 0; G < K; ++G)
      applyGuard(G, Warp, Lanes, M);
    return M;
  }
  // The list, the warp, then what the guards read (value, or 0 and a bit
  // in the words that follow for a value not set).
  const std::vector<AtomId> &Reads = Split.listReads(K);
  MaskKey.assign(2 + (Reads.size() + 63) / 64, 0);
  MaskKey[0] = Split.list(K);
  MaskKey[1] = Warp;
  for (size_t I = 0; I < Reads.size(); ++I) {
    std::optional<int64_t> V = Values.get(Reads[I]);
    if (!V)
      MaskKey[2 + I / 64] |= int64_t(uint64_t(1) << (I % 64));
    MaskKey.push_back(V.value_or(0));
  }
  if (std::optional<GuardMasks> Kept = Masks->find(MaskKey))
    return *Kept;
  // The prefix's lookup reuses MaskKey.
  llvm::SmallVector<int64_t, 8> Key(MaskKey.begin(), MaskKey.end());
  GuardMasks M = masksOfGuards(K - 1, Warp, Lanes);
  applyGuard(K - 1, Warp, Lanes, M);
  Masks->keep(Key, M);
  return M;
}

void LaneEvaluator::guardValues(size_t G, int64_t Warp,
                                std::optional<int64_t> *Out) {
  std::optional<int64_t> U = sym::evaluate(Ctx, Split.guard(G).Uniform, Values);
  if (Split.guard(G).LaneFixedPerBlock) {
    const GuardLanes &L = fixedGuardLanes(G, Warp);
    for (size_t Lane = 0; Lane < L.Values.size(); ++Lane)
      Out[Lane] = sum(U, L.Values[Lane]);
    return;
  }
  uint32_t Idle;
  const sym::ThreadPoints &At = Split.guardReadsTrip(G)
                                    ? Trips.pointsWithTrips(Warp, Idle)
                                    : AL.pointsOf(Warp);
  sym::evaluateAtPoints(Ctx, Split.guard(G).Lane, Values, At, Out);
  for (unsigned Lane = 0; Lane < At.Count; ++Lane)
    Out[Lane] = sum(U, Out[Lane]);
}

GuardMasks LaneEvaluator::masksOf(unsigned Lanes,
                                  const std::vector<LaneValues> &Guards) const {
  const uint32_t All = lanesBelow(Lanes);
  GuardMasks M{All, All, false};
  for (size_t G = 0; G < Guards.size(); ++G) {
    // As applyGuard: a value not known counts as holding (GuardUnknown).
    for (unsigned Lane = 0; Lane < Lanes; ++Lane) {
      if (!Guards[G][Lane]) {
        M.Unknown = true;
      } else if (!holds(Access.Guards[G].Op, *Guards[G][Lane])) {
        M.Active &= ~(uint32_t(1) << Lane);
        if (!Access.Guards[G].Predicated)
          M.Reaching &= ~(uint32_t(1) << Lane);
      }
    }
  }
  return M;
}

} // namespace model
} // namespace cudacoalesce
