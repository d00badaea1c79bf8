//===- Model/LaunchWalker.cpp - The warps of a launch at an access --------===//
#include "LaunchWalker.h"
#include "GuardsHeldOverWalk.h"
#include "RequestCostCache.h"

#include "cuda-coalesce/Limits.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cassert>

namespace cudacoalesce {
namespace model {

using sym::AtomId;
using sym::AtomKind;

LaunchWalker::LaunchWalker(const sym::Context &Ctx, ModelCaches &Caches,
                           const AccessShape &Access, const LaunchShape &Launch,
                           const RequestCostModel &Model)
    : AL(Ctx, Access, Launch, Model), Trips(AL), Split(AL, Trips),
      Lanes(AL, Split, Trips), Pricer(AL, Split), Caches(Caches) {
  Strategies.push_back(makeHistogramWalk());
  Strategies.push_back(makeRunWalk());
  Strategies.push_back(makeEveryWarpWalk());
  Strategies.push_back(makeSampledWalk());
  prepareSplits();
}

void LaunchWalker::takeCaches() {
  if (Split.anyGuardReadsTrip()) {
    OwnMasks = std::make_unique<GuardMaskCache>();
    OwnSplits = std::make_unique<SplitCache>();
    Masks = OwnMasks.get();
    Splits = OwnSplits.get();
  } else {
    Masks = &Caches.guardMasks();
    Splits = &Caches.guardSplits();
  }
  Lanes.keepMasksIn(*Masks);
  Pricer.keepCostsIn(Caches.requestCosts());
}

void LaunchWalker::prepareSplits() {
  Trips.reset();
  takeCaches();
  Split.prepare(CountingAllowed, *Masks, *Splits);
  Lanes.forgetGuardLanes();
}

void LaunchWalker::settle(AtomId U, int64_t Value) {
  AL.Values.set(U, Value);
  AL.Unknowns.erase(std::find(AL.Unknowns.begin(), AL.Unknowns.end(), U));
}

void LaunchWalker::startWalk() {
  Pricer.startWalk();
  Lanes.startWalk();
}

std::optional<CostTotals> LaunchWalker::firstAnswer(bool CountingOnly,
                                                    uint64_t WarpBudget) {
  const std::vector<int64_t> Radix = AL.radix();
  Lanes.holdOverWalk(HeldGuardsAllowed ? guardsHeldOverWalk(AL, Trips)
                                       : std::vector<bool>());
  WalkUnits Units{AL, Split, Trips, Lanes, Pricer, Radix};
  for (const std::unique_ptr<WalkStrategy> &S : Strategies) {
    if (S->counts() ? !CountingAllowed : CountingOnly)
      continue;
    if (std::optional<CostTotals> T = S->walk(Units, WarpBudget)) {
      Answered = S.get();
      return T;
    }
  }
  return std::nullopt;
}

CostTotals LaunchWalker::walk(uint64_t WarpBudget) {
  AL.Unaddressed = false;
  CostTotals T = walkStrategies(WarpBudget);
  T.Unaddressed = AL.Unaddressed;
  return T;
}

CostTotals LaunchWalker::walkStrategies(uint64_t WarpBudget) {
  startWalk();
  Trips.stretchLoopAxes();
  Answered = nullptr;
  if (CountingAllowed) {
    // Counting costs what the runs cost, not what the trips do: a loop whose
    // lanes leave at trips of their own (a guard reads its trip and the
    // thread index) is counted over every trip rather than the sample of
    // stretchLoopAxes, whose trips each stand for those around them and
    // blur the last ones, where lanes leave one by one (PolyBench CORR's
    // `data[i*M + j2]`: 4.7593 sampled, 4.7324 counted and measured on an
    // H200). The other loops keep their sample: their lanes are in step.
    const std::vector<VaryingAxis> Sampled = AL.Varying;
    if (Trips.everyTripWhereLanesLeaveApart()) {
      if (std::optional<CostTotals> T =
              firstAnswer(/*CountingOnly=*/true, WarpBudget))
        return *T;
      AL.Varying = Sampled;
    }
  }
  std::optional<CostTotals> T = firstAnswer(/*CountingOnly=*/false, WarpBudget);
  assert(T && "the last strategy declined");
  return T.value_or(CostTotals());
}

bool LaunchWalker::movesWholePeriods(AtomId U) const {
  for (size_t G = 0; G < AL.Access.Guards.size(); ++G)
    if (llvm::is_contained(AL.guardLeaves(G), U))
      return false;
  for (const sym::Term &T : AL.Access.ByteOffset.terms()) {
    bool HasU = false, LaneVarying = false;
    int64_t Factor = T.Coeff;
    for (AtomId A : T.Atoms) {
      if (AL.Ctx.atom(A).Kind == AtomKind::Op) {
        const std::vector<AtomId> &OpLeaves = AL.Ctx.atom(A).Leaves;
        if (std::find(OpLeaves.begin(), OpLeaves.end(), U) != OpLeaves.end())
          return false;
      }
      HasU |= A == U;
      LaneVarying |= AL.Ctx.isLaneVarying(A);
      if (auto V = AL.Values.get(A))
        Factor *= *V;
    }
    // Atoms without a value here (blockIdx, loop trips, other unknowns) are
    // integers, so the term moves by multiples of Factor.
    if (HasU && (LaneVarying || Factor % AL.Model.periodBytes() != 0))
      return false;
  }
  return true;
}

std::vector<size_t> LaunchWalker::trialClasses(
    const std::vector<AtomId> &Unknowns,
    const std::vector<std::vector<int64_t>> &Samples) const {
  if (AL.Scattered) {
    std::vector<size_t> Each(Samples.size());
    for (size_t S = 0; S < Samples.size(); ++S)
      Each[S] = S;
    return Each;
  }
  // Two equivalences of walks: their union is one too. A trial repeats the
  // first of its shift class, else the first that reads the same values.
  std::vector<size_t> First =
      TrialClasses(AL.Ctx, AL.Access, Unknowns, AL.Model.periodBytes())
          .firstOfClass(Samples);
  const std::vector<size_t> SameReads =
      TrialReads(AL.Ctx, AL.Access, Unknowns).firstOfClass(Samples);
  for (size_t S = 0; S < Samples.size(); ++S)
    if (First[S] == S)
      First[S] = First[SameReads[S]];
  return First;
}

std::pair<std::optional<int64_t>, std::optional<int64_t>>
LaunchWalker::firstTwoLanes() {
  for (const VaryingAxis &V : AL.Varying)
    AL.Values.set(V.Atom, firstTrip(V));
  // Where the lanes start, as the source has them: at the same trip.
  for (AtomId Trip : AL.LoweredTrips)
    AL.Values.set(Trip, 0);
  std::optional<int64_t> Lane[2];
  for (unsigned L = 0; L < 2; ++L) {
    Dim3 Tid;
    if (!placeLane(AL.Ctx, AL.Launch.Block, 0, L, AL.Values, Tid))
      continue;
    if (!AL.Scattered)
      Lane[L] = sym::evaluate(AL.Ctx, AL.Access.ByteOffset, AL.Values);
  }
  return {Lane[0], Lane[1]};
}

std::optional<WarpSnapshot> LaunchWalker::firstActiveWarp() {
  startWalk();
  Trips.stretchLoopAxes();
  std::vector<int64_t> Radix = AL.radix();
  uint64_t Budget =
      uint64_t(std::min(AL.launchVisits(), double(limits::WarpVisitBudget)));
  for (uint64_t I = 0; I < Budget; ++I) {
    int64_t Warp = AL.placeVisit(I, Radix);
    const WarpLanes &W = Lanes.lanesOf(Warp);
    const GuardMasks M = Lanes.masksOfGuards(Split.guards(), Warp, W.Lanes);
    const std::optional<int64_t> Base = Lanes.uniformBase();
    AL.GuardUnknown |= M.Unknown;
    // A lane idle in a loop nvcc splits is not active either.
    const uint32_t Active = M.Active & ~W.Idle & lanesBelow(W.Lanes);
    if (!Active)
      continue;
    WarpSnapshot S;
    S.Warp = Warp;
    for (const VaryingAxis &V : AL.Varying)
      S.Setting.push_back({AL.Ctx.str(V.Atom), *AL.Values.get(V.Atom)});
    for (AtomId U : AL.Unknowns)
      S.Setting.push_back({AL.Ctx.str(U), *AL.Values.get(U)});
    S.WidthBytes = AL.Access.WidthBytes;
    S.ChunkBytes = AL.Access.ChunkBytes;
    for (unsigned Lane = 0; Lane < W.Lanes; ++Lane) {
      const bool IsActive = Active & (uint32_t(1) << Lane);
      // A gather's addresses are the data's: nothing to evaluate.
      std::optional<int64_t> Offset;
      if (IsActive && !AL.Scattered)
        Offset = sum(Base, W.Address[Lane]);
      S.Lanes.push_back({IsActive, Offset});
    }
    return S;
  }
  return std::nullopt;
}

} // namespace model
} // namespace cudacoalesce
