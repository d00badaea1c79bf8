//===- Model/TripPlacement.cpp - Lanes' trips in the loops nvcc splits ----===//
#include "TripPlacement.h"

#include "cuda-coalesce/Limits.h"
#include "cuda-coalesce/Support/IntegerMath.h"

#include "llvm/ADT/STLExtras.h"

#include <array>
#include <cassert>

namespace cudacoalesce {
namespace model {

using sym::AtomId;
using sym::AtomKind;

TripPlacement::TripPlacement(AccessAtLaunch &AL)
    : AL(AL), Ctx(AL.Ctx), Access(AL.Access), Values(AL.Values),
      Varying(AL.Varying) {
  TripsAtPoints = Access.Lowerings.size() <= sym::ThreadPoints::MaxOwnLeaves;
  for (size_t I = 0; I < Access.Lowerings.size() && TripsAtPoints; ++I) {
    std::vector<AtomId> Reads;
    Ctx.collectLeafAtoms(Access.Lowerings[I].TripCount, Reads);
    for (size_t J = I; J < Access.Lowerings.size(); ++J)
      TripsAtPoints &= !llvm::is_contained(Reads, Access.Lowerings[J].Trip);
  }
  std::vector<AtomId> TripReads;
  for (const LoopLowering &L : Access.Lowerings) {
    TripReads.push_back(L.Counter);
    Ctx.collectLeafAtoms(L.TripCount, TripReads);
  }
  AL.addLaneReads(TripReads, PlacementReads);
  // The leading split loops whose trip counts read no trip.
  for (const LoopLowering &L : Access.Lowerings) {
    std::vector<AtomId> CountReads;
    Ctx.collectLeafAtoms(L.TripCount, CountReads);
    if (llvm::any_of(CountReads, [&](AtomId A) { return AL.isLoweredTrip(A); }))
      break;
    TripCounts.emplace_back();
    AL.addLaneReads(CountReads, TripCounts.back().Reads);
  }
}

void TripPlacement::reset() {
  PlacementKey.clear();
  for (KeptTripCounts &Kept : TripCounts)
    Kept.Key.clear();
}

const LoopLowering *TripPlacement::loweringCountedBy(AtomId A) const {
  for (const LoopLowering &L : Access.Lowerings)
    if (L.Counter == A)
      return &L;
  return nullptr;
}

std::optional<int64_t> TripPlacement::laneTrip(const LoopLowering &L,
                                               std::optional<int64_t> Counter,
                                               std::optional<int64_t> Count) {
  if (Counter && Count)
    return unrolledTrip(L, *Counter, *Count);
  if (!Counter || *Counter < 0)
    return std::nullopt;
  AL.TripsInStepAssumed = true;
  return Counter;
}

/// Whether a lane that runs no trip of \p L at \p Counter is in a copy
/// of leftover trips its warp issues.
static bool issuesEmpty(const LoopLowering &L, std::optional<int64_t> Counter,
                        std::optional<int64_t> Count) {
  return Counter && Count && issuesEmptyCopy(L, *Counter, *Count);
}

TripPlacement::LaneAtCounters TripPlacement::placeTrips() {
  LaneAtCounters At = LaneAtCounters::Runs;
  for (const LoopLowering &L : Access.Lowerings) {
    std::optional<int64_t> Count = sym::evaluate(Ctx, L.TripCount, Values);
    std::optional<int64_t> Counter = Values.get(L.Counter);
    std::optional<int64_t> Trip = laneTrip(L, Counter, Count);
    if (!Trip)
      At = At != LaneAtCounters::Idle && issuesEmpty(L, Counter, Count)
               ? LaneAtCounters::IdleIssuing
               : LaneAtCounters::Idle;
    Values.set(L.Trip, Trip.value_or(0));
  }
  return At;
}

const sym::ThreadPoints &TripPlacement::pointsWithTrips(int64_t Warp,
                                                        uint32_t &Idle,
                                                        uint32_t *IdleIssuing) {
  assert(TripsAtPoints && "a trip count reads the trips placed after it");
  llvm::SmallVector<int64_t, 8> Key{Warp};
  for (AtomId A : PlacementReads)
    Key.push_back(Values.get(A).value_or(INT64_MIN)); // unset: none yet
  if (Key != PlacementKey) {
    sym::ThreadPoints &At = Placement;
    At = AL.pointsOf(Warp);
    PlacementIdle = 0;
    uint32_t Issuing = 0;
    for (size_t I = 0; I < Access.Lowerings.size(); ++I) {
      const LoopLowering &L = Access.Lowerings[I];
      std::optional<int64_t> Fresh[WarpSize];
      const std::optional<int64_t> *Count = Fresh;
      if (I < TripCounts.size()) {
        // A trip count reads no trip: the lanes' counts are kept while the
        // counter moves.
        KeptTripCounts &Kept = TripCounts[I];
        llvm::SmallVector<int64_t, 8> CountKey{Warp};
        for (AtomId A : Kept.Reads)
          CountKey.push_back(Values.get(A).value_or(INT64_MIN));
        if (CountKey != Kept.Key) {
          sym::evaluateAtPoints(Ctx, L.TripCount, Values, At, Kept.Counts);
          Kept.Key = std::move(CountKey);
        }
        Count = Kept.Counts;
      } else {
        sym::evaluateAtPoints(Ctx, L.TripCount, Values, At, Fresh);
      }
      const std::optional<int64_t> Counter = Values.get(L.Counter);
      std::array<int64_t, WarpSize> &Trips = At.OwnValue[At.OwnLeafCount];
      for (unsigned Lane = 0; Lane < At.Count; ++Lane) {
        std::optional<int64_t> Trip = laneTrip(L, Counter, Count[Lane]);
        if (!Trip)
          (issuesEmpty(L, Counter, Count[Lane]) ? Issuing : PlacementIdle) |=
              uint32_t(1) << Lane;
        Trips[Lane] = Trip.value_or(0);
      }
      // The trip counts of the loops after it may read this trip.
      At.OwnLeaf[At.OwnLeafCount++] = L.Trip;
    }
    // Idle in one split loop and issuing in another: idle.
    PlacementIdleIssuing = Issuing & ~PlacementIdle;
    PlacementIdle |= Issuing;
    PlacementKey = std::move(Key);
  }
  Idle = PlacementIdle;
  if (IdleIssuing)
    *IdleIssuing = PlacementIdleIssuing;
  return Placement;
}

void TripPlacement::placeEdgeBlock(bool LastBlock) {
  for (const VaryingAxis &V : Varying)
    placeAtEdge(V, LastBlock);
}

void TripPlacement::placeEdgeAxes(const std::vector<size_t> &Axes,
                                  bool LastBlock) {
  for (size_t V : Axes)
    placeAtEdge(Varying[V], LastBlock);
}

void TripPlacement::placeAtEdge(const VaryingAxis &V, bool LastBlock) {
  Values.set(V.Atom, firstTrip(V) + (LastBlock && Ctx.atom(V.Atom).Kind ==
                                                      AtomKind::BlockIdx
                                         ? (V.Count - 1) * V.Stride
                                         : 0));
}

const TripPlacement::AxisEnd &TripPlacement::axisEnd(AtomId Axis) {
  auto [It, New] = AxisEnds.try_emplace(Axis);
  if (!New)
    return It->second;
  AxisEnd &End = It->second;
  for (size_t G = 0; G < Access.Guards.size(); ++G) {
    if (!Access.Guards[G].EndsLoop && !Access.Guards[G].Exits)
      continue; // an `if` may hold again at a later trip
    const std::vector<AtomId> &Leaves = AL.guardLeaves(G);
    if (!llvm::is_contained(Leaves, Axis))
      continue;
    End.LoopGuards.push_back(G);
    End.SameInEveryLane &= llvm::none_of(Leaves, [&](AtomId L) {
      return Ctx.atom(L).Kind == AtomKind::ThreadIdx;
    });
    for (AtomId L : Leaves)
      if (L != Axis && Ctx.atom(L).Kind == AtomKind::LoopIteration &&
          AL.axisOf(L) && !llvm::is_contained(End.OuterTrips, L))
        End.OuterTrips.push_back(L);
  }
  for (size_t G : End.LoopGuards) {
    for (AtomId L : AL.guardLeaves(G))
      if (std::optional<size_t> V = AL.axisOf(L);
          V && L != Axis && !llvm::is_contained(End.OuterTrips, L) &&
          !llvm::is_contained(End.EdgeAxes, *V))
        End.EdgeAxes.push_back(*V);
  }
  return End;
}

std::optional<bool> TripPlacement::anyLaneAtTrip(const VaryingAxis &Axis,
                                                 int64_t Trip) {
  const AxisEnd &End = axisEnd(Axis.Atom);
  // A loop bounded by an outer loop's trip (`for (j = 0; j < i; ++j)`) ends
  // where its longest run does: at the first values of the other axes it
  // may not run at all, and the walk would then visit one trip of it for
  // every outer trip instead of i (HeCBench lud: 2.93 wavefronts measured,
  // the outer trips' plain average 4).
  std::vector<const VaryingAxis *> Outer;
  int64_t Placements = 1;
  for (AtomId L : End.OuterTrips) {
    Outer.push_back(&Varying[*AL.axisOf(L)]);
    Placements *= std::max<int64_t>(1, Outer.back()->Count);
  }
  if (Placements > limits::OuterTripsSearched) {
    Outer.clear(); // their first values, as for a loop bounded by none
    Placements = 1;
  }
  for (bool LastBlock : {false, true})
    for (int64_t Placement = 0; Placement < Placements; ++Placement) {
      // Without split loops, the guards read the axes they name and no
      // other: placing every axis made a nest of n loops cost n^2 a search.
      if (Access.Lowerings.empty())
        placeEdgeAxes(End.EdgeAxes, LastBlock);
      else
        placeEdgeBlock(LastBlock);
      int64_t Rest = Placement;
      for (const VaryingAxis *V : Outer) {
        int64_t Count = std::max<int64_t>(1, V->Count);
        Values.set(V->Atom, V->First + (Rest % Count) * V->Stride);
        Rest /= Count;
      }
      Values.set(Axis.Atom, Trip);
      std::optional<bool> Any = anyLaneInPlacement(Axis, Trip, End);
      if (!Any || *Any)
        return Any;
    }
  return false;
}

std::optional<bool> TripPlacement::anyLaneInPlacement(const VaryingAxis &Axis,
                                                      int64_t Trip,
                                                      const AxisEnd &End) {
  const std::vector<size_t> &LoopGuards = End.LoopGuards;
  const LoopLowering *Split = loweringCountedBy(Axis.Atom);
  if (Access.Lowerings.empty()) {
    // The lanes of a warp at once, in the order the loop below takes them.
    // Guards that read no thread index (no lane has a trip of its own here)
    // hold in every lane alike: the first lane answers for the block.
    std::vector<std::array<std::optional<int64_t>, WarpSize>> Guards(
        LoopGuards.size());
    bool Alike = OneLaneLoopEnds && End.SameInEveryLane;
    for (int64_t Warp = 0; Warp < AL.warpsPerBlock(); ++Warp) {
      const sym::ThreadPoints &At = AL.pointsOf(Warp);
      Alike &= At.OwnLeafCount == 0;
      for (size_t I = 0; I < LoopGuards.size(); ++I)
        sym::evaluateAtPoints(Ctx, Access.Guards[LoopGuards[I]].Diff, Values,
                              At, Guards[I].data());
      for (unsigned Lane = 0; Lane < (Alike ? 1 : At.Count); ++Lane) {
        bool InLoop = true;
        for (size_t I = 0; I < LoopGuards.size(); ++I) {
          if (!Guards[I][Lane])
            return std::nullopt;
          InLoop &= holds(Access.Guards[LoopGuards[I]].Op, *Guards[I][Lane]);
        }
        if (InLoop)
          return true;
      }
      if (Alike)
        return false;
    }
    return false;
  }
  for (int64_t Warp = 0; Warp < AL.warpsPerBlock(); ++Warp)
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      Dim3 Tid;
      if (!placeLane(Ctx, AL.Launch.Block, Warp, Lane, Values, Tid))
        break;
      placeTrips();
      if (Split) {
        // The counter of a split loop: whether the lane is still in its
        // unrolled loop (the guards read the lane's trip, not the
        // counter).
        std::optional<int64_t> Count =
            sym::evaluate(Ctx, Split->TripCount, Values);
        if (!Count)
          return std::nullopt;
        if (unrolledTrip(*Split, Trip, *Count))
          return true;
        continue;
      }
      bool InLoop = true;
      for (size_t G : LoopGuards) {
        std::optional<int64_t> V =
            sym::evaluate(Ctx, Access.Guards[G].Diff, Values);
        if (!V)
          return std::nullopt;
        InLoop &= holds(Access.Guards[G].Op, *V);
      }
      if (InLoop)
        return true;
    }
  return false;
}

std::optional<int64_t> TripPlacement::splitLoopEnd(const LoopLowering &L) {
  int64_t End = 0;
  for (bool LastBlock : {false, true}) {
    placeEdgeBlock(LastBlock);
    for (int64_t Warp = 0; Warp < AL.warpsPerBlock(); ++Warp) {
      const sym::ThreadPoints &At = AL.pointsOf(Warp);
      std::optional<int64_t> Trips[WarpSize];
      sym::evaluateAtPoints(Ctx, L.TripCount, Values, At, Trips);
      for (unsigned Lane = 0; Lane < At.Count; ++Lane) {
        if (!Trips[Lane])
          return std::nullopt;
        End = std::max(End, unrolledRun(L, *Trips[Lane]).End);
      }
    }
  }
  return End;
}

void TripPlacement::stretchLoopAxes() {
  for (VaryingAxis &Axis : Varying) {
    const sym::Atom &At = Ctx.atom(Axis.Atom);
    if (At.Kind != AtomKind::LoopIteration)
      continue;
    // Pieces of fixed length before the loop's own trips (nvcc's unrolled
    // loops) are iterations First .. -1: each is visited, and the end is
    // looked for from trip 0 on, where lanes leave one by one.
    const int64_t Pieces = -At.FirstIteration;
    Axis.First = At.FirstIteration;
    Axis.Count = Pieces + limits::LoopIterationsSimulated;
    Axis.Stride = 1;
    Axis.Span = 0;
    // A split loop's counter ends where its last lane leaves the unrolled
    // loop: read off each lane's trip count instead of searched for (the
    // search below gives the same).
    if (const LoopLowering *Split = loweringCountedBy(Axis.Atom);
        Split && Pieces) {
      if (std::optional<int64_t> End = splitLoopEnd(*Split)) {
        Axis.CountsRequests = *End <= limits::MaxLoopTripsAveraged;
        Axis.Count =
            Pieces + std::clamp<int64_t>(*End, 1, limits::MaxLoopTripsAveraged);
      }
      continue;
    }
    // The first trip at which no lane is left, to within a factor of two.
    int64_t Trips = limits::LoopIterationsSimulated;
    std::optional<bool> Left;
    while ((Left = anyLaneAtTrip(Axis, Trips)) && *Left &&
           Trips < limits::MaxLoopTripsAveraged)
      Trips *= 2;
    // Trips past the end have no lane and issue nothing: the visits stand
    // for every trip where the end was found.
    Axis.CountsRequests = Left && !*Left;
    if (Axis.CountsRequests) {
      // The end itself, so that no visit is spent past it (and a sample of
      // the visits does not blur the count per launch).
      int64_t Low = Trips == limits::LoopIterationsSimulated ? 0 : Trips / 2;
      while (Trips - Low > 1) {
        int64_t Mid = Low + (Trips - Low) / 2;
        std::optional<bool> Any = anyLaneAtTrip(Axis, Mid);
        if (!Any)
          break;
        (*Any ? Low : Trips) = Mid;
      }
      if (Trips <= limits::LoopIterationsSimulated) {
        Axis.Count = Pieces + std::max<int64_t>(Pieces ? 0 : 1, Trips);
        continue;
      }
    }
    if (!Left || Trips == limits::LoopIterationsSimulated)
      continue;
    // With pieces, every trip is a value of the axis: the warp sample
    // weighs each the same, as it must (a sample of trips would stand for
    // many trips each and leave the pieces out).
    if (Trips <= limits::LoopTripsVisited || Pieces) {
      Axis.Count = Pieces + Trips;
      continue;
    }
    // A sample of the trips, 1 apart modulo 32 so that the alignments the
    // first LoopIterationsSimulated trips take are taken again.
    Axis.Stride = 32 * ((Trips + 32 * limits::LoopTripsVisited - 1) /
                        (32 * limits::LoopTripsVisited)) +
                  1;
    // Each sample stands for the Stride trips around it, not the ones after
    // it: the first trips may differ from the rest.
    Axis.First = Axis.Stride / 2;
    Axis.Count = (Trips - Axis.First + Axis.Stride - 1) / Axis.Stride;
    if (Axis.CountsRequests)
      Axis.Span = Trips;
  }
}

bool TripPlacement::inertAxis(const VaryingAxis &V) {
  // A loop's trip that moves the address by whole periods (a row of a
  // matrix whose rows are multiples of 128 bytes), placing no lane, under
  // guards that hold at each of its values whatever the lane: every value
  // of it costs what the first does.
  const AtomId A = V.Atom;
  if (Ctx.atom(A).Kind != AtomKind::LoopIteration ||
      llvm::is_contained(AL.LoweredTrips, A))
    return false;
  for (const LoopLowering &L : Access.Lowerings) {
    std::vector<AtomId> Reads;
    Ctx.collectLeafAtoms(L.TripCount, Reads);
    if (llvm::is_contained(Reads, A))
      return false;
  }
  std::optional<sym::Poly> Step = stepIn(Access.ByteOffset, A);
  std::optional<int64_t> Bytes = Step ? Step->asConstant() : std::nullopt;
  if (!Bytes || floorMod(*Bytes, AL.Model.periodBytes()) != 0)
    return false;
  for (size_t I = 0; I < Access.Guards.size(); ++I) {
    const Guard &G = Access.Guards[I];
    const std::vector<AtomId> &Leaves = AL.guardLeaves(I);
    if (!llvm::is_contained(Leaves, A))
      continue;
    if (!stepIn(G.Diff, A))
      return false;
    // Linear in the trip alone: it holds at every value where it holds at
    // both ends.
    for (AtomId L : Leaves) {
      const sym::Atom &At = Ctx.atom(L);
      if (L != A && (At.ReadsThreadIdx || At.LaneVarying ||
                     AL.axisOf(L).has_value() || !Values.get(L)))
        return false;
    }
    // (RunWalk sets the trip again for each group.)
    for (int64_t K : {int64_t(0), std::max<int64_t>(1, V.Count) - 1}) {
      Values.set(A, V.First + K * V.Stride);
      std::optional<int64_t> D = sym::evaluate(Ctx, G.Diff, Values);
      if (!D || !holds(G.Op, *D))
        return false;
    }
  }
  return true;
}

bool TripPlacement::everyTripWhereLanesLeaveApart() {
  bool Whole = false;
  for (VaryingAxis &V : Varying)
    if (V.Sampled() && lanesLeaveApart(V.Atom)) {
      V = VaryingAxis{V.Atom, V.Span};
      Whole = true;
    }
  return Whole;
}

bool TripPlacement::lanesLeaveApart(AtomId Trip) const {
  for (size_t G = 0; G < Access.Guards.size(); ++G) {
    const std::vector<AtomId> &Leaves = AL.guardLeaves(G);
    if (llvm::is_contained(Leaves, Trip) && llvm::any_of(Leaves, [&](AtomId L) {
          return Ctx.atom(L).ReadsThreadIdx || Ctx.atom(L).LaneVarying;
        }))
      return true;
  }
  return false;
}

std::optional<sym::Poly> TripPlacement::stepIn(const sym::Poly &P,
                                               AtomId A) const {
  for (const sym::Term &T : P.terms()) {
    if (llvm::count(T.Atoms, A) > 1)
      return std::nullopt;
    for (AtomId X : T.Atoms)
      if (X != A && llvm::is_contained(Ctx.atom(X).Leaves, A))
        return std::nullopt; // an operation over A
  }
  sym::Poly Slope = P.coefficientOf(A);
  std::vector<AtomId> Leaves;
  Ctx.collectLeafAtoms(Slope, Leaves);
  for (AtomId L : Leaves) {
    const sym::Atom &At = Ctx.atom(L);
    if (L == A || At.ReadsThreadIdx || At.LaneVarying ||
        llvm::is_contained(AL.LoweredTrips, L))
      return std::nullopt;
  }
  return Slope;
}

} // namespace model
} // namespace cudacoalesce
