//===- Model/WalkStrategy.h - Ways to walk the warps of a launch -*- C++
//-*-===//
//
// How the launch walker gets the totals of a launch at an access: by
// counting the visits where the access allows it (a histogram per axis, or
// runs along a loop axis), by visiting every warp, or by a deterministic
// sample of the warps. Each way is a strategy in a file of its own behind
// this interface, as the static analyzer keeps its work-list orders
// (clang/lib/StaticAnalyzer/Core/WorkList.cpp); the walker asks them in
// turn, and the first that does not decline answers.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_WALKSTRATEGY_H
#define CUDA_COALESCE_LIB_MODEL_WALKSTRATEGY_H

#include "AccessAtLaunch.h"
#include "AccessSplit.h"
#include "LaneEvaluator.h"
#include "TripPlacement.h"
#include "WarpPricer.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace cudacoalesce {
namespace model {

/// The launch walker's units that a strategy walks with, over one access
/// under one launch, and the enumeration of its visits.
struct WalkUnits {
  AccessAtLaunch &AL;
  const AccessSplit &Split;
  TripPlacement &Trips;
  LaneEvaluator &Lanes;
  WarpPricer &Pricer;
  /// The extents of the mixed-radix enumeration of the visits (warps of a
  /// block, then each varying axis: AccessAtLaunch::radix()).
  const std::vector<int64_t> &Radix;

  /// Makes visit \p Index of the enumeration and adds it to \p T.
  void visit(uint64_t Index, CostTotals &T);
};

class WalkStrategy {
public:
  /// \p Counts: the strategy counts the visits instead of making them.
  WalkStrategy(llvm::StringRef Name, bool Counts)
      : Name(Name), Counts(Counts) {}
  virtual ~WalkStrategy();
  /// What the strategy is called in tests.
  llvm::StringRef name() const { return Name; }
  /// The strategy counts the visits instead of making them, with the totals
  /// of visiting every warp, exactly (LaunchWalker::allowCounting()).
  bool counts() const { return Counts; }
  /// The totals over the warps of the launch, visiting at most
  /// \p WarpBudget of them; nullopt where the strategy declines (the access
  /// is not of its shape, or the launch is too big for the budget).
  virtual std::optional<CostTotals> walk(WalkUnits &U, uint64_t WarpBudget) = 0;

private:
  llvm::StringRef Name;
  bool Counts;
};

/// Counts every visit from a histogram per axis, the launch their product
/// (HistogramWalk.cpp).
std::unique_ptr<WalkStrategy> makeHistogramWalk();
/// Counts the visits in runs along a loop axis (RunWalk.cpp).
std::unique_ptr<WalkStrategy> makeRunWalk();
/// Visits every warp of the launch, where the budget allows
/// (EveryWarpWalk.cpp).
std::unique_ptr<WalkStrategy> makeEveryWarpWalk();
/// Visits a low-discrepancy sample of the warps; never declines
/// (SampledWalk.cpp).
std::unique_ptr<WalkStrategy> makeSampledWalk();

} // namespace model
} // namespace cudacoalesce

#endif
