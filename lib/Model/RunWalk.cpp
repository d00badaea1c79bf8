//===- Model/RunWalk.cpp - Every visit counted in runs along a loop axis --===//
//
// The totals of visiting every warp of the launch, obtained in runs: for
// each warp and each value of the other axes, the values of a loop axis
// fall into runs over which no lane leaves and no guard changes its mind;
// within a run every active lane's address moves by the same step per
// value, so the visits of a run cost what its first few do, repeating with
// the start's place in the model's period. Equal to the visit-by-visit walk
// (LaunchWalkerTest.RunWalkEqualsEveryWarp); it declines where the access
// is not of that shape or the runs would cost more than the budget.
//
//===----------------------------------------------------------------------===//
#include "WalkStrategy.h"

#include "cuda-coalesce/Support/IntegerMath.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace cudacoalesce {
namespace model {

using sym::AtomId;
using sym::AtomKind;

namespace {

/// The first step t >= 1 at which `V + B*t Op 0` holds where `V Op 0` does
/// not, or the other way round; INT64_MAX where that is not before \p Steps.
/// nullopt where V + B*t leaves the range of int64_t before \p Steps
/// (evaluate() would wrap there, and the line would not be its value).
std::optional<int64_t> firstFlip(Cmp Op, int64_t V, int64_t B, int64_t Steps) {
  constexpr int64_t Never = INT64_MAX;
  if (B == 0 || Steps <= 1)
    return Never;
  __int128 Last = __int128(V) + __int128(B) * (Steps - 1);
  if (Last > INT64_MAX || Last < INT64_MIN)
    return std::nullopt;
  int64_t Flip = Never;
  if (Op == Cmp::EQ || Op == Cmp::NE) {
    // Holds, or fails, at the one step where the line crosses 0.
    if (V == 0)
      Flip = 1;
    else if ((V < 0) == (B > 0) && V % B == 0)
      Flip = -(V / B);
  } else {
    // `x Op 0` is `x < Theta` or its negation: it changes where the line
    // crosses Theta. Both lines end within int64_t (checked above), so the
    // distance to Theta fits in an unsigned one.
    const int64_t Theta = (Op == Cmp::LT || Op == Cmp::GE) ? 0 : 1;
    uint64_t Steps0 = UINT64_MAX;
    if (B > 0 && V < Theta)
      Steps0 = (uint64_t(Theta) - uint64_t(V) + uint64_t(B) - 1) / uint64_t(B);
    else if (B < 0 && V >= Theta)
      Steps0 = (uint64_t(V) - uint64_t(Theta)) / (0 - uint64_t(B)) + 1;
    if (Steps0 < uint64_t(Steps))
      Flip = int64_t(Steps0);
  }
  return Flip < Steps ? Flip : Never;
}

/// An axis along which every lane's address and guards move in a straight
/// line, by the same step in every lane: the trips of a loop, or the
/// counter of the one loop nvcc splits (each lane at a trip of its own,
/// until it leaves).
struct RunAxis {
  size_t Axis = 0;
  /// The split loop whose counter the axis is; null for a loop's trips.
  const LoopLowering *Split = nullptr;
  /// The address's bytes per trip (it reads neither the thread index nor
  /// the trip).
  sym::Poly AddressSlope;
  /// Per guard, its step per trip; unset where the guard does not read it.
  std::vector<std::optional<sym::Poly>> GuardSlope;
};

/// The axis a walk in runs takes, if the access has one.
std::optional<RunAxis> runAxis(const WalkUnits &U) {
  const AccessAtLaunch &AL = U.AL;
  const sym::Context &Ctx = AL.Ctx;
  const AccessShape &Access = AL.Access;
  if (AL.Scattered)
    return std::nullopt;
  auto Along = [&](size_t Axis, AtomId Trip,
                   const LoopLowering *Split) -> std::optional<RunAxis> {
    RunAxis R;
    R.Axis = Axis;
    R.Split = Split;
    std::optional<sym::Poly> Slope = U.Trips.stepIn(Access.ByteOffset, Trip);
    if (!Slope)
      return std::nullopt;
    R.AddressSlope = *Slope;
    for (size_t I = 0; I < Access.Guards.size(); ++I) {
      const Guard &G = Access.Guards[I];
      if (!llvm::is_contained(AL.guardLeaves(I), Trip)) {
        R.GuardSlope.emplace_back();
        continue;
      }
      std::optional<sym::Poly> GuardSlope = U.Trips.stepIn(G.Diff, Trip);
      if (!GuardSlope)
        return std::nullopt;
      R.GuardSlope.push_back(*GuardSlope);
    }
    return R;
  };
  if (!Access.Lowerings.empty()) {
    // Each lane's trip follows the counter of a split loop; with two, the
    // inner one's lanes are placed by the outer one's trips.
    if (Access.Lowerings.size() != 1 || !U.Trips.atPoints())
      return std::nullopt;
    const LoopLowering &L = Access.Lowerings.front();
    std::optional<size_t> Axis = AL.axisOf(L.Counter);
    return Axis ? Along(*Axis, L.Trip, &L) : std::nullopt;
  }
  // The loop with the most values, of those along which the access runs.
  std::optional<RunAxis> Best;
  for (size_t I = 0; I < AL.Varying.size(); ++I) {
    if (Ctx.atom(AL.Varying[I].Atom).Kind != AtomKind::LoopIteration ||
        (Best && AL.Varying[Best->Axis].Count >= AL.Varying[I].Count))
      continue;
    if (std::optional<RunAxis> R = Along(I, AL.Varying[I].Atom, nullptr))
      Best = std::move(R);
  }
  return Best;
}

/// Reused from walk to walk: the lanes of a fresh visit and its guards'
/// values, and those at the start of a warp's runs.
struct RunBuffers {
  WarpLanes Lanes, Start;
  std::vector<LaneValues> GuardValues, StartGuardValues;
};

/// One walk in runs along axis R: the groups (the values of the other
/// axes), and for each warp of each group its runs.
class RunCount {
public:
  RunCount(WalkUnits &U, const RunAxis &R, RunBuffers &B);
  /// The totals over \p Warps warps per block; nullopt where the runs
  /// would cost more than \p WarpBudget visits.
  std::optional<CostTotals> count(uint64_t Warps, uint64_t WarpBudget);

private:
  /// Which other axes are inert, how many groups the rest make; false
  /// where they are more than the budget.
  bool planGroups(uint64_t Warps, uint64_t WarpBudget);
  /// Sets the other axes to group \p Group's values.
  void placeGroup(uint64_t Group);
  /// The address's and the guards' steps per value of the axis under the
  /// group placed; false where they overflow.
  bool takeSlopes();
  /// The lanes of warp \p Warp, and into \p M those that pass the guards,
  /// under the values set, with each guard's value per lane in
  /// B.GuardValues, without keeping what depends on the run's axis (the
  /// walk meets each of its values once). Valid until the next call.
  const WarpLanes &freshVisit(int64_t Warp, GuardMasks &M);
  /// The warp's reference visit, from which every other follows.
  void startWarp(int64_t Warp);
  /// The lanes, the guards' values and the uniform part at the K-th value
  /// of the axis, into B.Start, B.GuardValues and Base.
  void place(int64_t K);
  /// The end of the run from \p First placed: where a lane leaves or a
  /// guard changes its mind; nullopt where a guard's line overflows.
  std::optional<int64_t> runEnd(int64_t First) const;
  /// The visits of warp \p Warp; false where the runs cost too much.
  bool countWarp(int64_t Warp, CostTotals &T);
  /// Adds the visits \p First .. \p End - 1, one run, of warp \p Warp
  /// whose lanes \p M pass the guards, to \p T.
  void countRun(int64_t Warp, int64_t First, int64_t End, const GuardMasks &M,
                uint64_t &WarpShape, CostTotals &T);

  WalkUnits &U;
  AccessAtLaunch &AL;
  const RunAxis &R;
  RunBuffers &B;
  const VaryingAxis &Run;
  const int64_t Count;
  /// A split loop's pieces of fixed length (the counter below 0) are
  /// visited one by one; its unrolled loop (0 on) and a loop's trips go in
  /// runs.
  const int64_t Pieces;
  const int64_t Period;
  const size_t NumGuards;
  /// The groups are the values of the other axes, but for those no visit
  /// tells apart: each of their values repeats the visits of the first.
  std::vector<bool> Inert;
  uint64_t Groups = 1, Repeats = 1;
  uint64_t MostEvaluations = 0, Evaluations = 0;
  // The group's: bytes per trip and per value of the axis, per guard its
  // value's change per trip and per value of the axis, and how many
  // visits of a run apart the costs repeat.
  std::optional<int64_t> Slope;
  int64_t Step = 0, Repeat = 1;
  std::vector<int64_t> GuardSlope;
  std::vector<std::optional<int64_t>> GuardStep;
  // The warp's reference visit: the axis's value, the uniform part and the
  // lanes' addresses there; each lane's trip count, its trip at the
  // reference, and where it leaves the split loop (from there on it idles).
  int64_t RefCounter = 0;
  std::optional<int64_t> RefBase;
  std::vector<std::optional<int64_t>> RefAddress;
  std::optional<int64_t> Counts[WarpSize];
  int64_t RefTrip[WarpSize] = {};
  int64_t LaneEnd[WarpSize];
  /// The uniform part at the value placed.
  std::optional<int64_t> Base;
};

RunCount::RunCount(WalkUnits &U, const RunAxis &R, RunBuffers &B)
    : U(U), AL(U.AL), R(R), B(B), Run(AL.Varying[R.Axis]),
      Count(std::max<int64_t>(1, Run.Count)),
      Pieces(Run.First < 0
                 ? std::min(Count, (-Run.First + Run.Stride - 1) / Run.Stride)
                 : 0),
      Period(AL.Model.periodBytes()), NumGuards(AL.Access.Guards.size()),
      GuardSlope(NumGuards), GuardStep(NumGuards) {}

bool RunCount::planGroups(uint64_t Warps, uint64_t WarpBudget) {
  Inert.assign(AL.Varying.size(), false);
  for (size_t I = 0; I < AL.Varying.size(); ++I) {
    if (I == R.Axis)
      continue;
    Inert[I] = U.Trips.inertAxis(AL.Varying[I]);
    if (__builtin_mul_overflow(
            Inert[I] ? Repeats : Groups,
            uint64_t(std::max<int64_t>(1, AL.Varying[I].Count)),
            Inert[I] ? &Repeats : &Groups))
      return false;
  }
  // Each warp of each group costs its pieces and at least one run.
  uint64_t Least;
  if (__builtin_mul_overflow(Groups * Warps, uint64_t(Pieces + 1), &Least) ||
      Groups > WarpBudget || Least > WarpBudget)
    return false;
  // Runs beyond this many cost more than the sample would: give up.
  MostEvaluations = 4 * WarpBudget;
  return true;
}

void RunCount::placeGroup(uint64_t Group) {
  uint64_t Index = Group;
  for (size_t I = 0; I < AL.Varying.size(); ++I) {
    if (I == R.Axis)
      continue;
    const VaryingAxis &V = AL.Varying[I];
    if (Inert[I]) {
      AL.Values.set(V.Atom, V.First);
      continue;
    }
    const int64_t C = std::max<int64_t>(1, V.Count);
    AL.Values.set(V.Atom, V.First + int64_t(Index % uint64_t(C)) * V.Stride);
    Index /= uint64_t(C);
  }
}

bool RunCount::takeSlopes() {
  Slope = sym::evaluate(AL.Ctx, R.AddressSlope, AL.Values);
  if (!Slope || __builtin_mul_overflow(*Slope, Run.Stride, &Step) ||
      std::fabs(double(Step)) * double(Count) > double(int64_t(1) << 60))
    return false;
  for (size_t G = 0; G < NumGuards; ++G) {
    GuardStep[G].reset();
    GuardSlope[G] = 0;
    if (!R.GuardSlope[G])
      continue;
    std::optional<int64_t> S =
        sym::evaluate(AL.Ctx, *R.GuardSlope[G], AL.Values);
    int64_t Scaled;
    if (!S || __builtin_mul_overflow(*S, Run.Stride, &Scaled))
      return false;
    GuardSlope[G] = *S;
    if (Scaled)
      GuardStep[G] = Scaled;
  }
  // The visits of a run repeat their costs with the start's place in the
  // period.
  Repeat = Period / std::gcd(floorMod(Step, Period), Period);
  return true;
}

const WarpLanes &RunCount::freshVisit(int64_t Warp, GuardMasks &M) {
  // Lanes fixed per block are kept for the walk; any others are met once.
  const WarpLanes &W =
      U.Split.offset().LaneFixedPerBlock && AL.Access.Lowerings.empty()
          ? U.Lanes.lanesOf(Warp)
          : (U.Lanes.computeLanesInto(Warp, B.Lanes), B.Lanes);
  B.GuardValues.resize(NumGuards);
  for (size_t G = 0; G < NumGuards; ++G)
    U.Lanes.guardValues(G, Warp, B.GuardValues[G].data());
  M = U.Lanes.masksOf(W.Lanes, B.GuardValues);
  return W;
}

void RunCount::startWarp(int64_t Warp) {
  // Every visit of the warp follows from one, at a reference value of the
  // axis: since, each lane has moved by its own number of trips (a split
  // loop) or by the axis's (a loop), the address by Slope bytes a trip and
  // each guard by its own slope.
  RefCounter = R.Split ? 0 : Run.First;
  AL.Values.set(Run.Atom, RefCounter);
  RefBase = U.Lanes.uniformBase();
  GuardMasks RefMasks;
  B.Start = freshVisit(Warp, RefMasks);
  B.StartGuardValues = B.GuardValues;
  const WarpLanes &W = B.Start;
  RefAddress = W.Address;
  std::fill(std::begin(Counts), std::end(Counts), std::nullopt);
  std::fill(std::begin(RefTrip), std::end(RefTrip), 0);
  std::fill(std::begin(LaneEnd), std::end(LaneEnd), Count);
  if (!R.Split)
    return;
  sym::evaluateAtPoints(AL.Ctx, R.Split->TripCount, AL.Values,
                        AL.pointsOf(Warp), Counts);
  for (unsigned Lane = 0; Lane < W.Lanes; ++Lane) {
    if (!Counts[Lane])
      continue; // a trip count not known here: the lanes in step
    RefTrip[Lane] =
        unrolledTrip(*R.Split, RefCounter, *Counts[Lane]).value_or(0);
    int64_t End = unrolledRun(*R.Split, *Counts[Lane]).End;
    // The first value of the axis at or past End.
    int64_t K =
        End <= Run.First ? 0 : (End - Run.First + Run.Stride - 1) / Run.Stride;
    LaneEnd[Lane] = std::min(K, Count);
  }
}

void RunCount::place(int64_t K) {
  WarpLanes &W = B.Start;
  const int64_t Counter = Run.First + K * Run.Stride;
  // Wraps as evaluate() does.
  auto Moved = [](int64_t V, int64_t Trips, int64_t PerTrip) {
    return int64_t(uint64_t(V) + uint64_t(Trips) * uint64_t(PerTrip));
  };
  auto MoveGuards = [&](unsigned Lane, int64_t Trips) {
    for (size_t G = 0; G < NumGuards; ++G) {
      const std::optional<int64_t> &V = B.StartGuardValues[G][Lane];
      B.GuardValues[G][Lane] =
          V && GuardSlope[G] ? Moved(*V, Trips, GuardSlope[G]) : V;
    }
  };
  if (!R.Split) {
    Base.reset();
    if (RefBase)
      Base = Moved(*RefBase, Counter - RefCounter, *Slope);
    for (unsigned Lane = 0; Lane < W.Lanes; ++Lane)
      MoveGuards(Lane, Counter - RefCounter);
    return;
  }
  Base = RefBase;
  W.Idle = 0;
  W.IdleIssuing = 0;
  for (unsigned Lane = 0; Lane < W.Lanes; ++Lane) {
    std::optional<int64_t> Trip =
        U.Trips.laneTrip(*R.Split, Counter, Counts[Lane]);
    if (!Trip)
      W.Idle |= uint32_t(1) << Lane;
    if (!Trip && Counts[Lane] &&
        issuesEmptyCopy(*R.Split, Counter, *Counts[Lane]))
      W.IdleIssuing |= uint32_t(1) << Lane;
    const int64_t Trips = Trip.value_or(0) - RefTrip[Lane];
    // An idle lane's address is never priced: unset, it leaves the lanes'
    // shape as the active lanes make it.
    W.Address[Lane].reset();
    if (RefAddress[Lane] && Trip)
      W.Address[Lane] = Moved(*RefAddress[Lane], Trips, *Slope);
    MoveGuards(Lane, Trips);
  }
}

std::optional<int64_t> RunCount::runEnd(int64_t First) const {
  const WarpLanes &W = B.Start;
  int64_t End = Count;
  for (unsigned Lane = 0; Lane < W.Lanes; ++Lane)
    if (LaneEnd[Lane] > First)
      End = std::min(End, LaneEnd[Lane]);
  for (size_t G = 0; G < NumGuards; ++G) {
    if (!GuardStep[G])
      continue;
    const std::optional<int64_t> *Lanes = B.GuardValues[G].data();
    for (unsigned Lane = 0; Lane < W.Lanes; ++Lane) {
      // A lane's guards no longer matter once it has left; one whose value
      // is not known is counted as holding at every value.
      if (!Lanes[Lane] || LaneEnd[Lane] <= First)
        continue;
      std::optional<int64_t> Flip =
          firstFlip(AL.Access.Guards[G].Op, *Lanes[Lane], *GuardStep[G],
                    LaneEnd[Lane] - First);
      if (!Flip)
        return std::nullopt;
      if (*Flip != INT64_MAX)
        End = std::min(End, First + *Flip);
    }
  }
  return End;
}

void RunCount::countRun(int64_t Warp, int64_t First, int64_t End,
                        const GuardMasks &M, uint64_t &WarpShape,
                        CostTotals &T) {
  const WarpLanes &W = B.Start;
  WarpPricer &Pricer = U.Pricer;
  // Visit J of the run costs what visit J + Repeat does: the first visit
  // prices the lanes, the others of the first Repeat shift them.
  const int64_t Length = End - First;
  const int64_t Distinct = std::min(Length, Repeat);
  auto TimesOf = [&](int64_t J) {
    return uint64_t((Length - 1 - J) / Repeat + 1) * Repeats;
  };
  T.Visits += TimesOf(0);
  Pricer.costVisit(Warp, W, M, Base, T, TimesOf(0), &WarpShape);
  if (Distinct > 1 && !Pricer.lastPriced()) {
    // Nothing was priced (no lane active, or none addressed): the other
    // visits do the same.
    T.Visits += uint64_t(Length) * Repeats - TimesOf(0);
    Pricer.costVisit(Warp, W, M, Base, T,
                     uint64_t(Length) * Repeats - TimesOf(0));
  }
  for (int64_t J = 1; J < Distinct && Pricer.lastPriced(); ++J) {
    const WarpPricer::Priced &Last = *Pricer.lastPriced();
    const uint64_t Times = TimesOf(J);
    T.Visits += Times;
    T.Warps += Times;
    Pricer.count(Pricer.costOf(Warp, W, Last.Mask, Base, Last.Cacheable,
                               Pricer.lastAddresses(), *Last.Rows,
                               int64_t(uint64_t(J) * uint64_t(Step)),
                               &WarpShape),
                 T, Times);
  }
}

bool RunCount::countWarp(int64_t Warp, CostTotals &T) {
  startWarp(Warp);
  const WarpLanes &W = B.Start;
  // A split loop's pieces of fixed length, one by one.
  for (int64_t K = 0; K < Pieces; ++K) {
    place(K);
    T.Visits += Repeats;
    U.Pricer.costVisit(Warp, W, U.Lanes.masksOf(W.Lanes, B.GuardValues), Base,
                       T, Repeats);
  }
  uint64_t WarpShape = 0;
  uint32_t ShapeIdle = ~uint32_t(0);
  for (int64_t First = Pieces; First < Count;) {
    if (++Evaluations > MostEvaluations)
      return false;
    place(First);
    const GuardMasks M = U.Lanes.masksOf(W.Lanes, B.GuardValues);
    std::optional<int64_t> End = runEnd(First);
    if (!End)
      return false;
    // The lanes' shape holds while none leaves (RequestCostCache).
    if (W.Idle != ShapeIdle) {
      WarpShape = 0;
      ShapeIdle = W.Idle;
    }
    countRun(Warp, First, *End, M, WarpShape, T);
    First = *End;
  }
  return true;
}

std::optional<CostTotals> RunCount::count(uint64_t Warps, uint64_t WarpBudget) {
  if (!planGroups(Warps, WarpBudget))
    return std::nullopt;
  CostTotals T;
  for (uint64_t Group = 0; Group < Groups; ++Group) {
    placeGroup(Group);
    if (!takeSlopes())
      return std::nullopt;
    for (uint64_t Warp = 0; Warp < Warps; ++Warp)
      if (!countWarp(int64_t(Warp), T))
        return std::nullopt;
  }
  return T;
}

class RunWalk final : public WalkStrategy {
public:
  RunWalk() : WalkStrategy("runs", /*Counts=*/true) {}
  std::optional<CostTotals> walk(WalkUnits &U, uint64_t WarpBudget) override;

private:
  RunBuffers Buffers;
};

} // namespace

std::unique_ptr<WalkStrategy> makeRunWalk() {
  return std::make_unique<RunWalk>();
}

std::optional<CostTotals> RunWalk::walk(WalkUnits &U, uint64_t WarpBudget) {
  std::optional<RunAxis> R = runAxis(U);
  if (!R)
    return std::nullopt;
  return RunCount(U, *R, Buffers).count(uint64_t(U.Radix[0]), WarpBudget);
}

} // namespace model
} // namespace cudacoalesce
