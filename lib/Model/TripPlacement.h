//===- Model/TripPlacement.h - Trips of split loops -------------*- C++ -*-===//
//
// Where the launch's loops put each lane. nvcc splits a loop whose trip count
// differs from lane to lane into pieces of fixed length and an unrolled loop
// (AccessShape::Lowerings): each lane is then at a trip of its own when the
// loop's counter has a value, and idles once it has left. This unit places
// those trips, lane by lane or a warp at once, and sets the loop axes of a
// walk: how many trips the warps run (the end searched in the first and the
// last block), which loops the lanes leave apart, and which trips cost what
// the first does.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_TRIPPLACEMENT_H
#define CUDA_COALESCE_LIB_MODEL_TRIPPLACEMENT_H

#include "AccessAtLaunch.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <vector>

namespace cudacoalesce {
namespace model {

class TripPlacement {
public:
  explicit TripPlacement(AccessAtLaunch &AL);

  /// The lanes' trips can be placed for a warp at once: few split loops,
  /// and no trip count reads the trip of its own loop or of one placed
  /// after it (lane by lane, it would read the previous lane's).
  bool atPoints() const { return TripsAtPoints; }
  /// What places the lanes' trips besides the thread index: the counters
  /// and what the trip counts read.
  const std::vector<sym::AtomId> &reads() const { return PlacementReads; }
  /// Forgets the placements kept.
  void reset();
  /// For tests: with false, a loop's end is searched in every lane even
  /// where no guard that ends it reads the thread index.
  void allowOneLaneLoopEnds(bool Allow) { OneLaneLoopEnds = Allow; }

  /// The trip a lane is at in \p L's split loop when its counter is
  /// \p Counter, from the lane's trip count \p Count; nullopt where the lane
  /// runs no piece there. A count not known (data decides it) puts the lane
  /// at the counter's trip, in step with the others, and notes so
  /// (AccessAtLaunch::TripsInStepAssumed).
  std::optional<int64_t> laneTrip(const LoopLowering &L,
                                  std::optional<int64_t> Counter,
                                  std::optional<int64_t> Count);
  /// Where a lane is at the split loops' counters.
  enum class LaneAtCounters {
    Runs, // at a trip of each
    Idle, // runs no piece of one of them: it branches around the access
    /// runs no trip of a copy of leftover trips that the warp issues with
    /// it off (LoopLowering::LeftoverPredicated), and a trip of the others
    IdleIssuing,
  };
  /// Sets the trips of each loop nvcc splits (LoopLowering::Trip) for the
  /// lane whose thread index is set, from its trip count and the loop's
  /// counter.
  LaneAtCounters placeTrips();
  /// The lanes of warp \p Warp with their trips in every split loop as own
  /// leaves (what placeTrips() sets lane by lane); bit L of \p Idle: lane L
  /// is not at LaneAtCounters::Runs, of \p IdleIssuing: at IdleIssuing.
  /// Valid until the next call. Only where atPoints().
  const sym::ThreadPoints &pointsWithTrips(int64_t Warp, uint32_t &Idle,
                                           uint32_t *IdleIssuing = nullptr);
  /// The lowering whose counter is \p A, if any.
  const LoopLowering *loweringCountedBy(sym::AtomId A) const;

  /// Spreads the trips of each loop whose condition the access's guards
  /// hold over as many trips as the warps run, when that is known and more
  /// than LoopIterationsSimulated: lanes leave a triangular loop one by one.
  void stretchLoopAxes();
  /// Sets each sampled loop axis whose lanes leave apart to every one of
  /// its trips; whether there was one.
  bool everyTripWhereLanesLeaveApart();
  /// Every value of \p V costs what its first does (RunWalk).
  bool inertAxis(const VaryingAxis &V);
  /// What multiplies the trip \p A in \p P, where \p P is linear in it and
  /// that reads neither the thread index, nor a value per lane, nor \p A
  /// itself: the same step in every lane.
  std::optional<sym::Poly> stepIn(const sym::Poly &P, sym::AtomId A) const;

private:
  /// Some guard reads the loop trip \p Trip and the thread index: the
  /// lanes leave the loop at trips of their own.
  bool lanesLeaveApart(sym::AtomId Trip) const;
  /// Sets every axis to its first value, and with \p LastBlock the block
  /// indices to their last: the two blocks a loop's end is looked for in.
  void placeEdgeBlock(bool LastBlock);
  /// The same for the axes \p Axes (positions in the varying axes) alone.
  void placeEdgeAxes(const std::vector<size_t> &Axes, bool LastBlock);
  void placeAtEdge(const VaryingAxis &V, bool LastBlock);
  /// The first value of \p L's counter, from 0, at which no lane of the
  /// first or the last block is left in its unrolled loop; nullopt where a
  /// trip count is not known.
  std::optional<int64_t> splitLoopEnd(const LoopLowering &L);
  /// Whether a lane of the first or the last block is still in the loop of
  /// \p Axis at trip \p Trip; nullopt when a guard's value is not known.
  std::optional<bool> anyLaneAtTrip(const VaryingAxis &Axis, int64_t Trip);
  /// The guards that end the loop of an axis (they read its trip and end
  /// the loop or exit) and the other loops' trips they read: the access's
  /// own, kept for every trip the end searches of its walks try (a nest of
  /// n loops searched n ends, each reading the leaves of every guard anew:
  /// quadratic per walk).
  struct AxisEnd {
    std::vector<size_t> LoopGuards;
    std::vector<sym::AtomId> OuterTrips;
    /// The other axes the guards read (block indices, trips of loops the
    /// axis is not bounded by): placed at the edge blocks.
    std::vector<size_t> EdgeAxes;
    /// No guard of LoopGuards reads the thread index.
    bool SameInEveryLane = true;
  };
  const AxisEnd &axisEnd(sym::AtomId Axis);
  /// The same with the axes placed: \p End holds the guards that read the
  /// axis's trip.
  std::optional<bool> anyLaneInPlacement(const VaryingAxis &Axis, int64_t Trip,
                                         const AxisEnd &End);

  AccessAtLaunch &AL;
  const sym::Context &Ctx;
  const AccessShape &Access;
  sym::Env &Values;
  std::vector<VaryingAxis> &Varying;
  bool TripsAtPoints = false;
  std::vector<sym::AtomId> PlacementReads;
  /// The last placement, kept by the warp and the values of PlacementReads:
  /// the lanes and each guard that reads a trip ask for it at one visit.
  llvm::SmallVector<int64_t, 8> PlacementKey;
  sym::ThreadPoints Placement;
  uint32_t PlacementIdle = 0, PlacementIdleIssuing = 0;
  /// The lanes' trip counts of a split loop, kept by the warp and what they
  /// read (not the counter): for the leading split loops, whose trip counts
  /// read no trip.
  struct KeptTripCounts {
    std::vector<sym::AtomId> Reads;
    llvm::SmallVector<int64_t, 8> Key;
    std::optional<int64_t> Counts[WarpSize];
  };
  std::vector<KeptTripCounts> TripCounts;
  llvm::DenseMap<sym::AtomId, AxisEnd> AxisEnds;
  bool OneLaneLoopEnds = true;
};

} // namespace model
} // namespace cudacoalesce

#endif
