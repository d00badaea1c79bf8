//===- Model/LaunchWalker.h - The warps of a launch at an access -*- C++
//-*-===//
//
// Walks the warps of a launch over one symbolic access, the same way for
// every memory: every warp of a block, every value of the block index and
// of the loop iterations the address varies with (all of them, or a
// deterministic sample when there are too many), each lane's guards and
// address; then asks a RequestCostModel what each warp's request costs. The
// unknown values are the caller's to set (Predict.cpp tries them out).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_LAUNCHWALKER_H
#define CUDA_COALESCE_LIB_MODEL_LAUNCHWALKER_H

#include "GuardMaskCache.h"
#include "RequestCostCache.h"

#include "cuda-coalesce/Model/WarpModel.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <array>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cudacoalesce {
namespace model {

/// A deterministic generator, so that the same input always gives the same
/// output.
class Lcg {
public:
  explicit Lcg(uint64_t Seed) : State(Seed) {}
  uint64_t next() {
    State = State * 6364136223846793005ULL + 1442695040888963407ULL;
    return State >> 33;
  }
  int64_t below(int64_t N) {
    return N <= 1 ? 0 : int64_t(next() % uint64_t(N));
  }

private:
  uint64_t State;
};

class LaunchWalker {
public:
  LaunchWalker(const sym::Context &Ctx, const AccessShape &Access,
               const LaunchShape &Launch, const RequestCostModel &Model);
  /// The walker keeps a reference to the launch shape: a temporary one (a
  /// LaunchShape::at() result) would die before it.
  LaunchWalker(const sym::Context &, const AccessShape &, LaunchShape &&,
               const RequestCostModel &) = delete;

  /// The address is data loaded per lane (a gather): no lane's address is
  /// computed, each request is priced as a gather.
  bool dataDependent() const { return Scattered; }
  /// The data loaded per lane that the address is made of.
  const std::vector<sym::AtomId> &dataAtoms() const { return LaneData; }
  /// Per-lane values in the address that the frontend did not follow.
  const std::vector<sym::AtomId> &unfollowed() const { return Unfollowed; }
  /// Data the same in every lane of a warp and different from warp to warp
  /// (a row's start loaded per warp, a warp's reduction): each visit gives
  /// it a value of its own, so that the averages are over its alignments.
  const std::vector<sym::AtomId> &perWarpData() const { return PerWarp; }
  /// Values of the address known neither statically nor at the launch, in
  /// the order the address first mentions them. The caller sets them.
  const std::vector<sym::AtomId> &unknowns() const { return Unknowns; }
  /// Fixes unknown \p U at \p Value for good: it is no longer listed.
  void settle(sym::AtomId U, int64_t Value);
  void set(sym::AtomId A, int64_t Value) { Values.set(A, Value); }
  /// The grid is not known: the block index is averaged over the assumed
  /// blocks.
  bool gridAssumed() const { return GridAssumed; }
  /// A guard read a value not known here in some walk (its lanes counted as
  /// active).
  bool guardUnknown() const { return GuardUnknown; }
  /// An active lane's address could not be evaluated in some walk (a
  /// division by zero, an overflow): the counts leave it out.
  bool unaddressedLanes() const { return Unaddressed; }
  /// Values loaded or computed per lane or per warp that a guard reads:
  /// which lanes pass it is the data's.
  const std::vector<sym::AtomId> &guardData() const { return GuardData; }
  /// Visits in the whole launch: warps of a block x values of each axis.
  double launchVisits() const;
  /// How many warp visits of the launch the visits of the last walk stand
  /// for, trip counts of loops included; nullopt where the grid or a trip
  /// count is not known, or a guard read a value not known here.
  std::optional<double> visitsPerLaunch() const;

  /// Whether unknown \p U only shifts every lane of a warp by the same
  /// multiple of the cost model's period, whatever its value: then no count
  /// depends on it.
  bool movesWholePeriods(sym::AtomId U) const;

  /// Totals over the warps of the launch under the values set, visiting at
  /// most \p WarpBudget of them.
  CostTotals walk(uint64_t WarpBudget);
  /// Whether walk() may count the visits instead of making them
  /// (countEveryVisit, countRuns), and lanes whose block index only shifts
  /// them be kept per block (blockShift); the unit tests compare the two.
  void allowCounting(bool Allow) {
    CountingAllowed = Allow;
    prepareSplits();
  }
  /// Whether the lanes that pass the guards may come from GuardMaskCache
  /// instead of evaluating every guard at every visit; the unit tests
  /// compare the two.
  void allowKeptGuardLanes(bool Allow) { KeptGuardLanesAllowed = Allow; }
  /// Whether the last walk() counted its visits.
  bool counted() const { return Counted; }

  /// The byte offsets of lanes 0 and 1 of the first warp of the first block
  /// (every varying axis at 0), where computable.
  std::pair<std::optional<int64_t>, std::optional<int64_t>> firstTwoLanes();

  /// The first warp in visiting order with an active lane, under the values
  /// set; within the visit budget.
  std::optional<WarpSnapshot> firstActiveWarp();

private:
  /// An atom that takes many values over one launch (the block index, a
  /// loop iteration) and is averaged over, as Nsight Compute averages over
  /// warps.
  struct VaryingAxis {
    sym::AtomId Atom;
    int64_t Count; // values First, First+Stride, .. First+(Count-1)*Stride
    int64_t First = 0;
    int64_t Stride = 1;
    /// The launch runs each of Count * Stride values (a block index, the
    /// trips of a loop whose end was found); false for trial values of data
    /// and for loops whose trip count is not known.
    bool CountsRequests = true;
    /// The values the launch runs that the Count sampled ones stand for
    /// (a loop's trip count); 0: Count * Stride.
    int64_t Span = 0;
    /// A sampled loop whose end was found: where its lanes leave apart and
    /// the access can be counted, every trip, 0 .. Span - 1, is (walk()).
    bool Sampled() const { return Span > 0; }
  };
  /// One lane of the warp being simulated.
  struct LaneEval {
    std::pair<int64_t, int64_t> Row; // (threadIdx.y, threadIdx.z)
    bool Reaches = false, Active = false;
    std::optional<int64_t> Offset; // active lanes with a computable address
  };
  /// A polynomial split into the terms that do not depend on the thread
  /// index (evaluated once per warp) and those that do (once per lane).
  /// Their wrapping sum is the polynomial's value, bit for bit.
  struct SplitPoly {
    sym::Poly Uniform, Lane;
    /// The lane part reads no block index or loop iteration: within one
    /// walk() it depends only on the lane's place in the block.
    bool LaneFixedPerBlock = true;
    /// The lane part reads the block index, but only to move every lane by
    /// the same amount (blockShift()): that amount is in Uniform, and Lane
    /// is evaluated with every block index at 0.
    bool LaneAtBlockZero = false;
  };
  /// Guards' parts and the reads of lists of guards, by list (the ids of a
  /// GuardMaskCache). Each walk of an access under nested `if`s (the
  /// prediction, each fix candidate, the first active warp) needs the
  /// guards of every scope around it; split anew by each, they made the
  /// walks quadratic in the depth. A guard's parts depend on what the walker
  /// knows besides the guard, named by an id of its setting (splitSetting);
  /// the reads of a list depend on the list alone.
  class SplitCache {
  public:
    uint32_t settingOf(const std::vector<int64_t> &Setting);
    /// The parts of the last guard of \p List under \p Setting, split by
    /// \p Split the first time; null past limits::GuardSplitsKept (the
    /// walker keeps them itself).
    template <class Fn>
    const SplitPoly *parts(GuardMaskCache::ListId List, uint32_t Setting,
                           Fn Split);
    /// What \p List reads, kept the first time as \p Compute gives it;
    /// null past limits::GuardSplitsKept.
    template <class Fn>
    const std::vector<sym::AtomId> *reads(GuardMaskCache::ListId List,
                                          Fn Compute);

  private:
    /// What \p In keeps under \p Key, made by \p Make the first time;
    /// null past limits::GuardSplitsKept.
    template <class Map, class Fn>
    const typename Map::mapped_type *
    keptOrMade(Map &In, const typename Map::key_type &Key, Fn Make);
    std::map<std::vector<int64_t>, uint32_t> Settings;
    std::unordered_map<uint64_t, SplitPoly> Parts; // (list, setting)
    std::unordered_map<GuardMaskCache::ListId, std::vector<sym::AtomId>> Reads;
  };
  /// One warp of the block, as far as it does not depend on the visit.
  struct WarpLanes {
    unsigned Lanes = 0; // lanes that exist (the last warp may be partial)
    std::vector<std::pair<int64_t, int64_t>> Rows; // (threadIdx.y, .z)
    std::vector<std::optional<int64_t>> Address;   // lane part
    /// Lanes that no piece of a loop nvcc splits runs at the counters'
    /// values (AccessShape::Lowerings): they branch around the access.
    uint32_t Idle = 0;
    bool AllAddressesKnown = true;
  };
  /// The lane part of a guard whose lane part is fixed per block, over the
  /// lanes of one warp.
  struct GuardLanes {
    std::vector<std::optional<int64_t>> Values;
    /// The range of the values when every lane's is known: enough to tell
    /// that a guard holds in every lane, or in none.
    std::optional<std::pair<int64_t, int64_t>> Range;
  };
  /// The axis's first value past the pieces of fixed length a loop may run
  /// before its own trips (sym::Atom::FirstIteration): trip 0 of the loop.
  static int64_t firstTrip(const VaryingAxis &V) {
    return std::max<int64_t>(V.First, 0);
  }
  void classifyAtoms();
  /// Sets the trip of each loop nvcc splits (LoopLowering::Trip) for the
  /// lane whose thread index is set, from its trip count and the loop's
  /// counter; false when the lane runs no piece of one of them there.
  bool placeTrips();
  /// The lanes of warp \p Warp with their trips in every split loop as own
  /// leaves (what placeTrips() sets lane by lane); bit L of \p Idle: lane L
  /// runs no piece of one of them. Valid until the next call. Only where
  /// TripsAtPoints.
  const sym::ThreadPoints &pointsWithTrips(int64_t Warp, uint32_t &Idle);
  /// The lowering whose counter is \p A, if any.
  const LoopLowering *loweringCountedBy(sym::AtomId A) const;
  /// Whether every lane of a warp loads \p Loaded from one address under
  /// this launch (`ids[j0 + threadIdx.y]` with 32-wide rows).
  bool loadedOncePerWarp(const sym::Atom &Loaded) const;
  SplitPoly split(const sym::Poly &P) const;
  /// Where the lane part \p Lane reads the block index only through
  /// divisions and remainders by a constant that the block's step divides
  /// (`(blockIdx.x * blockDim.x + threadIdx.x) / 32`, a warp per row, in a
  /// block of 256 threads), over values that are never negative: how far
  /// the block index moves every lane, a polynomial in the block index
  /// with the launch's values. nullopt otherwise.
  std::optional<sym::Poly> blockShift(const sym::Poly &Lane) const;
  /// Calls \p Fn with every block index at 0, restored after.
  template <class Fn> void atBlockZero(Fn F);
  /// The place of \p A among the varying axes, if it is one.
  std::optional<size_t> axisOf(sym::AtomId A) const;
  void prepareSplits();
  /// What split() reads besides the polynomial: the key of SplitCache's
  /// settings.
  std::vector<int64_t> splitSetting() const;
  int64_t warpsPerBlock() const;
  /// Extents of the mixed-radix enumeration of the launch: warps of a block,
  /// then each varying axis.
  std::vector<int64_t> radix() const;
  /// Spreads the trips of each loop whose condition the access's guards
  /// hold over as many trips as the warps run, when that is known and more
  /// than LoopIterationsSimulated: lanes leave a triangular loop one by one.
  void stretchLoopAxes();
  /// Sets every axis to its first value, and with \p LastBlock the block
  /// indices to their last: the two blocks a loop's end is looked for in.
  void placeEdgeBlock(bool LastBlock);
  /// Some guard reads the loop trip \p Trip and the thread index: the
  /// lanes leave the loop at trips of their own.
  bool lanesLeaveApart(sym::AtomId Trip) const;
  /// Every value of \p V costs what its first does (countRuns).
  bool inertAxis(const VaryingAxis &V);
  /// The first value of \p L's counter, from 0, at which no lane of the
  /// first or the last block is left in its unrolled loop; nullopt where a
  /// trip count is not known.
  std::optional<int64_t> splitLoopEnd(const LoopLowering &L);
  /// Whether a lane of the first or the last block is still in the loop of
  /// \p Axis at trip \p Trip; nullopt when a guard's value is not known.
  std::optional<bool> anyLaneAtTrip(const VaryingAxis &Axis, int64_t Trip);
  /// Sets the varying axes for visit \p Index; returns the warp in the block.
  int64_t placeVisit(uint64_t Index, const std::vector<int64_t> &Radix);
  /// Empties the cache of warp costs: the values it was computed under
  /// change.
  void resetCaches();
  /// The thread indices of the lanes of warp \p Warp (kept).
  const sym::ThreadPoints &pointsOf(int64_t Warp);
  /// The address's thread-independent part under the current values;
  /// nullopt for a gather or an unknown value.
  std::optional<int64_t> uniformBase() const;
  const WarpLanes &lanesOf(int64_t Warp);
  WarpLanes computeLanes(int64_t Warp);
  /// computeLanes() into \p W, whose storage it reuses.
  void computeLanesInto(int64_t Warp, WarpLanes &W);
  /// The same with the block index as it is set.
  void computeLanesAt(int64_t Warp, WarpLanes &W);
  /// The lanes of warp \p Warp, and into \p M those that pass the guards,
  /// under the values set, with each guard's value per lane in
  /// RunGuardValues: what lanesOf() and masksOfGuards() give, without
  /// keeping what depends on the run's axis (countRuns meets each of its
  /// values once). Valid until the next call.
  const WarpLanes &freshVisit(int64_t Warp, GuardMasks &M);
  /// Each guard's value in each lane.
  using LaneValues = std::array<std::optional<int64_t>, WarpSize>;
  /// The lanes of \p Lanes that pass guards of values \p Guards.
  GuardMasks masksOf(unsigned Lanes,
                     const std::vector<LaneValues> &Guards) const;
  /// Guard \p G's lane part over the lanes of warp \p Warp, for a guard
  /// whose lane part is fixed per block (kept for the walk).
  const GuardLanes &fixedGuardLanes(size_t G, int64_t Warp);
  /// The lanes of warp \p Warp (\p Lanes of them) that pass the first
  /// \p K guards under the current values.
  GuardMasks masksOfGuards(size_t K, int64_t Warp, unsigned Lanes);
  /// \p M narrowed by guard \p G.
  void applyGuard(size_t G, int64_t Warp, unsigned Lanes, GuardMasks &M);
  bool evenlySpacedAt(const std::vector<int64_t> &Addresses,
                      const std::vector<std::pair<int64_t, int64_t>> &Rows);
  /// Whether each lane of \p W reaches the access and is active there, and
  /// its address from \p Base, into LaneBuf.
  void fillLanes(const WarpLanes &W, const GuardMasks &M,
                 std::optional<int64_t> Base);
  void simulateWarp(int64_t Warp, CostTotals &T);
  /// Adds \p Times visits of warp \p Warp whose lanes are \p W, \p M of
  /// them passing the guards, the thread-independent part of the address at
  /// \p Base, to \p T. \p ShapeMemo as for costOf().
  void costVisit(int64_t Warp, const WarpLanes &W, const GuardMasks &M,
                 std::optional<int64_t> Base, CostTotals &T, uint64_t Times = 1,
                 uint64_t *ShapeMemo = nullptr);
  /// The costs of warp \p Warp (lanes \p W) whose active lanes
  /// \p ActiveMask are at \p Addresses, each moved by \p Shift bytes.
  /// \p ShapeMemo, where given, keeps the shape of \p W for calls with the
  /// same lanes (0: not known yet).
  const WarpCost &costOf(int64_t Warp, const WarpLanes &W, uint32_t ActiveMask,
                         std::optional<int64_t> Base, bool Cacheable,
                         const std::vector<int64_t> &Addresses,
                         const std::vector<std::pair<int64_t, int64_t>> &Rows,
                         int64_t Shift = 0, uint64_t *ShapeMemo = nullptr);
  WarpCost computeCost(uint32_t ActiveMask,
                       const std::vector<int64_t> &Addresses,
                       const std::vector<std::pair<int64_t, int64_t>> &Rows);
  /// What the last costVisit() priced, if anything: the lanes at
  /// VisitAddresses, in *Rows.
  struct Priced {
    uint32_t Mask = 0;
    bool Cacheable = false;
    const std::vector<std::pair<int64_t, int64_t>> *Rows = nullptr;
  };
  std::optional<Priced> LastPriced;
  // Reused by countRuns: the lanes of a fresh visit and its guards'
  // values, and those at the start of a warp's runs.
  WarpLanes RunLanes, RunStart;
  std::vector<LaneValues> RunGuardValues, RunStartGuardValues;
  bool CountingAllowed = true, Counted = false;
  bool KeptGuardLanesAllowed = true;
  /// Adds \p Times warps with active lanes and these costs to \p T.
  void count(const WarpCost &Cost, CostTotals &T, uint64_t Times = 1) const;
  /// An affine polynomial in the varying axes: Constant + sum of
  /// PerAxis[A] * (value of axis A).
  struct AxisAffine {
    int64_t Constant = 0;
    std::vector<int64_t> PerAxis;
  };
  /// \p P as an affine function of the varying axes under the values set;
  /// nullopt where it is not one (a product of axes, an operation over one,
  /// an atom with no value, an overflow).
  std::optional<AxisAffine> axisAffine(const sym::Poly &P) const;
  /// Whether \p P reads a value that neither the launch nor the caller set
  /// (an axis is set by each visit).
  bool readsUnsetValue(const sym::Poly &P) const;
  /// The totals of visiting every warp of the launch enumerated by
  /// \p Radix, obtained by counting instead of visiting: where the lanes'
  /// parts are fixed per block, the address is affine in the axes and each
  /// guard reads at most one axis, a visit's cost depends only on which
  /// lanes each axis's guards let through and on the address's start within
  /// the model's period, so each axis contributes a histogram of those and
  /// the launch is their product. Equal to the visit-by-visit walk; nullopt
  /// where the access is not of that shape.
  std::optional<CostTotals> countEveryVisit(const std::vector<int64_t> &Radix);

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
  /// What multiplies the trip \p A in \p P, where \p P is linear in it and
  /// that reads neither the thread index, nor a value per lane, nor \p A
  /// itself: the same step in every lane.
  std::optional<sym::Poly> stepIn(const sym::Poly &P, sym::AtomId A) const;
  /// The axis countRuns() takes, if the access has one.
  std::optional<RunAxis> runAxis() const;
  /// The totals of visiting every warp of the launch enumerated by
  /// \p Radix, obtained in runs: for each warp and each value of the other
  /// axes, the values of the run axis fall into runs over which no lane
  /// leaves and no guard changes its mind; within a run every active lane's
  /// address moves by the same step per value, so the visits of a run cost
  /// what its first few do, repeating with the start's place in the model's
  /// period. Equal to the visit-by-visit walk; nullopt where the access is
  /// not of that shape or the runs would cost more than \p WarpBudget
  /// visits.
  std::optional<CostTotals> countRuns(const std::vector<int64_t> &Radix,
                                      uint64_t WarpBudget);
  /// The value of guard \p G in each lane of warp \p Warp under the values
  /// set, into \p Out.
  void guardValues(size_t G, int64_t Warp, std::optional<int64_t> *Out);

  const sym::Context &Ctx;
  const AccessShape &Access;
  const LaunchShape &Launch;
  const RequestCostModel &Model;
  sym::Env Values;
  SplitPoly Offset;
  /// [guard]: in Splits, or in OwnParts where Splits is full.
  std::vector<const SplitPoly *> GuardParts;
  std::shared_ptr<SplitCache> Splits; // the translation unit's, as Masks
  std::deque<SplitPoly> OwnParts;
  std::deque<std::vector<sym::AtomId>> OwnReads;
  /// What the lane parts read besides the thread index, and the lanes by
  /// warp and those values (for the walker's life: the values are the key).
  std::vector<sym::AtomId> LaneReads;
  std::map<std::vector<int64_t>, WarpLanes> LanesByValues;
  WarpLanes Overflow; // lanes computed past LaneSetsKept
  /// [guard][warp], for the guards whose lane part is fixed per block; for
  /// the walk (the unknowns they read change between walks).
  std::vector<std::vector<std::optional<GuardLanes>>> FixedGuardLanes;
  /// The lanes that pass lists of guards: the translation unit's, or the
  /// walker's own where a guard reads the trip of a loop nvcc splits (a
  /// value per lane that the access's lowering gives).
  std::shared_ptr<GuardMaskCache> Masks;
  /// [K]: the first K guards, as a list of the cache.
  std::vector<GuardMaskCache::ListId> GuardLists;
  /// [K]: what the first K guards read besides the thread index (the key
  /// of their masks with the warp); in Splits, or in OwnReads.
  std::vector<const std::vector<sym::AtomId> *> GuardListReads;
  /// [K]: the masks of the first K guards are kept in the cache (one of
  /// them has a lane part not fixed per block); else computed at each visit.
  std::vector<bool> GuardListKept;
  std::vector<bool> GuardReadsTrip; // [guard]
  std::vector<int64_t> MaskKey;     // reused: built at every visit
  std::vector<std::optional<sym::ThreadPoints>> PointsOfWarp;
  sym::ThreadPoints LivePoints; // reused: applyGuard's lanes still live
  /// Whether lanes with these addresses relative to the first are evenly
  /// spaced (in one or two levels), by that shape.
  std::map<std::vector<int64_t>, bool> SpacingByShape;
  std::vector<int64_t> SpacingKey; // reused: its lookup at each visit
  /// Where the lanes' parts are fixed per block, the shape of each warp's
  /// lanes (RequestCostCache), for the walk.
  std::map<int64_t, uint64_t> ShapeOfWarp;
  WarpCost Uncached;
  // Reused: simulateWarp is the hot loop.
  std::vector<LaneEval> LaneBuf;
  std::vector<int64_t> VisitAddresses, LaneKey;
  std::vector<std::pair<int64_t, int64_t>> VisitRows;
  bool Scattered = false;
  bool Unaddressed = false;
  std::vector<sym::AtomId> LaneData;
  bool GuardUnknown = false;
  bool GridAssumed = false;
  std::vector<sym::AtomId> Unfollowed;
  std::vector<sym::AtomId> PerWarp;
  std::vector<sym::AtomId> GuardData;
  std::vector<VaryingAxis> Varying;
  std::vector<sym::AtomId> Unknowns;
  /// The trips of the loops nvcc splits: a value per lane, not an axis.
  std::vector<sym::AtomId> LoweredTrips;
  /// The lanes' trips can be placed for a warp at once: few split loops,
  /// and no trip count reads the trip of its own loop or of one placed
  /// after it (lane by lane, it would read the previous lane's).
  bool TripsAtPoints = false;
  /// What places the lanes' trips besides the thread index: the counters
  /// and what the trip counts read. The last placement is kept by the warp
  /// and their values: the lanes and each guard that reads a trip ask for it
  /// at one visit.
  std::vector<sym::AtomId> TripPlacementReads;
  llvm::SmallVector<int64_t, 8> TripPlacementKey;
  sym::ThreadPoints TripPlacement;
  uint32_t TripPlacementIdle = 0;
  /// The lanes' trip counts of a split loop, kept by the warp and what they
  /// read (not the counter): for the leading split loops, whose trip counts
  /// read no trip.
  struct KeptTripCounts {
    std::vector<sym::AtomId> Reads;
    llvm::SmallVector<int64_t, 8> Key;
    std::optional<int64_t> Counts[WarpSize];
  };
  std::vector<KeptTripCounts> TripCounts;
};

} // namespace model
} // namespace cudacoalesce

#endif
