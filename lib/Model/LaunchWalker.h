//===- Model/LaunchWalker.h - The warps of a launch -------------*- C++ -*-===//
//
// Walks the warps of a launch over one symbolic access, the same way for
// every memory: every warp of a block, every value of the block index and
// of the loop iterations the address varies with, each lane's guards and
// address; then asks a RequestCostModel what each warp's request costs. The
// unknown values are the caller's to set (Predict.cpp tries them out).
//
// The walker composes units of its own: AccessAtLaunch (the atoms and the
// values set), TripPlacement (the lanes' trips in the loops nvcc splits, the
// loop axes), AccessSplit (the address and guards split into lane and
// uniform parts), LaneEvaluator (a warp's lanes and those that pass the
// guards) and WarpPricer (what a visit costs); and asks its WalkStrategy
// list in turn how to walk: counting where the access allows it, else every
// warp, else a sample. What outlives a walker is kept in the ModelCaches it
// is given: the translation unit's.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_LAUNCHWALKER_H
#define CUDA_COALESCE_LIB_MODEL_LAUNCHWALKER_H

#include "AccessAtLaunch.h"
#include "AccessSplit.h"
#include "GuardMaskCache.h"
#include "LaneEvaluator.h"
#include "TrialClasses.h"
#include "TrialReads.h"
#include "TripPlacement.h"
#include "WalkStrategy.h"
#include "WarpPricer.h"

#include "cuda-coalesce/Model/ModelCaches.h"
#include "cuda-coalesce/Model/WarpModel.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
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
  /// \p Caches serve \p Ctx (ModelCaches.h) and outlive the walker.
  LaunchWalker(const sym::Context &Ctx, ModelCaches &Caches,
               const AccessShape &Access, const LaunchShape &Launch,
               const RequestCostModel &Model);
  /// The walker keeps a reference to the launch shape: a temporary one (a
  /// LaunchShape::at() result) would die before it.
  LaunchWalker(const sym::Context &, ModelCaches &, const AccessShape &,
               LaunchShape &&, const RequestCostModel &) = delete;

  /// The address is data loaded per lane (a gather): no lane's address is
  /// computed, each request is priced as a gather.
  bool dataDependent() const { return AL.Scattered; }
  /// The data loaded per lane that the address is made of.
  const std::vector<sym::AtomId> &dataAtoms() const { return AL.LaneData; }
  /// Per-lane values in the address that the frontend did not follow.
  const std::vector<sym::AtomId> &unfollowed() const { return AL.Unfollowed; }
  /// Data the same in every lane of a warp and different from warp to warp
  /// (a row's start loaded per warp, a warp's reduction): each visit gives
  /// it a value of its own, so that the averages are over its alignments.
  const std::vector<sym::AtomId> &perWarpData() const { return AL.PerWarp; }
  /// Values of the address known neither statically nor at the launch, in
  /// the order the address first mentions them. The caller sets them.
  const std::vector<sym::AtomId> &unknowns() const { return AL.Unknowns; }
  /// Fixes unknown \p U at \p Value for good: it is no longer listed.
  void settle(sym::AtomId U, int64_t Value);
  void set(sym::AtomId A, int64_t Value) { AL.Values.set(A, Value); }
  /// The grid is not known: the block index is averaged over the assumed
  /// blocks.
  bool gridAssumed() const { return AL.GridAssumed; }
  /// A guard read a value not known here in some walk (its lanes counted as
  /// active).
  bool guardUnknown() const { return AL.GuardUnknown; }
  /// A lane's trip count in a loop nvcc splits was not known in some walk
  /// (data decides it): the lanes were placed at the same trip.
  bool tripsInStepAssumed() const { return AL.TripsInStepAssumed; }
  /// Values loaded or computed per lane or per warp that a guard reads:
  /// which lanes pass it is the data's.
  const std::vector<sym::AtomId> &guardData() const { return AL.GuardData; }
  /// Visits in the whole launch: warps of a block x values of each axis.
  double launchVisits() const { return AL.launchVisits(); }
  /// How many warp visits of the launch the visits of the last walk stand
  /// for, trip counts of loops included; nullopt where the grid or a trip
  /// count is not known, or a guard read a value not known here.
  std::optional<double> visitsPerLaunch() const { return AL.visitsPerLaunch(); }
  std::optional<double> visitsPerBlock() const { return AL.visitsPerBlock(); }

  /// Whether unknown \p U only shifts every lane of a warp by the same
  /// multiple of the cost model's period, whatever its value: then no count
  /// depends on it.
  bool movesWholePeriods(sym::AtomId U) const;
  /// Per trial of \p Samples (a value of each of \p Unknowns), the first
  /// trial whose walk gives what its own would (TrialClasses.h,
  /// TrialReads.h): itself where none before does, and for every trial of a
  /// gather.
  std::vector<size_t>
  trialClasses(const std::vector<sym::AtomId> &Unknowns,
               const std::vector<std::vector<int64_t>> &Samples) const;

  /// Totals over the warps of the launch under the values set, visiting at
  /// most \p WarpBudget of them: the first strategy that does not decline
  /// answers (those that count first, then every warp, then a sample).
  CostTotals walk(uint64_t WarpBudget);
  /// Whether walk() may ask the strategies that count the visits instead of
  /// making them, and lanes whose block index only shifts them be kept per
  /// block (AccessSplit's blockShift); the unit tests compare the two.
  void allowCounting(bool Allow) {
    CountingAllowed = Allow;
    prepareSplits();
  }
  /// Whether the lanes that pass the guards may come from GuardMaskCache
  /// instead of evaluating every guard at every visit; the unit tests
  /// compare the two.
  void allowKeptGuardLanes(bool Allow) { Lanes.allowKeptGuardLanes(Allow); }
  /// Whether guards that no visit of a walk fails are left out of the
  /// visits (GuardsHeldOverWalk.h); the unit tests compare the two.
  void allowHeldGuards(bool Allow) { HeldGuardsAllowed = Allow; }
  /// For tests: search each loop's end in every lane, as where its guards
  /// read the thread index (TripPlacement::allowOneLaneLoopEnds).
  void allowOneLaneLoopEnds(bool Allow) { Trips.allowOneLaneLoopEnds(Allow); }
  /// Whether a warp's lanes are kept however rarely they are met again.
  void keepEveryLaneSet(bool Keep) { Lanes.keepEveryLaneSet(Keep); }
  /// The strategies walk() asks, in order, in place of the usual ones
  /// (makeHistogramWalk(), makeRunWalk(), makeEveryWarpWalk(),
  /// makeSampledWalk()); the last must not decline.
  void walkWith(std::vector<std::unique_ptr<WalkStrategy>> Order) {
    Strategies = std::move(Order);
  }
  /// The name of the strategy that answered the last walk(); empty before
  /// one.
  llvm::StringRef answeredBy() const {
    return Answered ? Answered->name() : llvm::StringRef();
  }

  /// The byte offsets of lanes 0 and 1 of the first warp of the first block
  /// (every varying axis at 0), where computable.
  std::pair<std::optional<int64_t>, std::optional<int64_t>> firstTwoLanes();

  /// The first warp in visiting order with an active lane, under the values
  /// set; within the visit budget.
  std::optional<WarpSnapshot> firstActiveWarp();

private:
  /// Splits the access anew under the walker's setting, with the caches
  /// the splits and masks are kept in.
  void prepareSplits();
  /// Takes the caches that outlive the walker: the translation unit's, or
  /// its own where a guard reads the trip of a loop nvcc splits. The one
  /// place that knows which.
  void takeCaches();
  /// Forgets what holds for one walk only: the lanes' relative addresses
  /// may read the unknowns, which change between walks.
  void startWalk();
  /// The first of the strategies to answer, those that count alone with
  /// \p CountingOnly.
  std::optional<CostTotals> firstAnswer(bool CountingOnly, uint64_t WarpBudget);
  /// walk(), but for the note of its unaddressed lanes.
  CostTotals walkStrategies(uint64_t WarpBudget);

  AccessAtLaunch AL;
  TripPlacement Trips;
  AccessSplit Split;
  LaneEvaluator Lanes;
  WarpPricer Pricer;
  ModelCaches &Caches;
  GuardMaskCache *Masks = nullptr; // Caches' or OwnMasks
  SplitCache *Splits = nullptr;    // Caches' or OwnSplits
  std::unique_ptr<GuardMaskCache> OwnMasks;
  std::unique_ptr<SplitCache> OwnSplits;
  std::vector<std::unique_ptr<WalkStrategy>> Strategies;
  const WalkStrategy *Answered = nullptr;
  bool CountingAllowed = true;
  bool HeldGuardsAllowed = true;
};

} // namespace model
} // namespace cudacoalesce

#endif
