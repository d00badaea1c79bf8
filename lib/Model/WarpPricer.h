//===- Model/WarpPricer.h - What a warp visit costs -------------*- C++ -*-===//
//
// Prices one warp visit: the active lanes' addresses, a request per chunk of
// their bytes asked of the cost model, whether they step evenly or are a
// broadcast per row, all added to a walk's totals. The costs are kept by the
// lanes' shape and where the first starts within the model's period
// (RequestCostCache), so that a visit whose lanes were priced at another
// start costs a lookup.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_WARPPRICER_H
#define CUDA_COALESCE_LIB_MODEL_WARPPRICER_H

#include "AccessAtLaunch.h"
#include "AccessSplit.h"
#include "GuardMaskCache.h"
#include "LaneEvaluator.h"
#include "RequestCostCache.h"

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace cudacoalesce {
namespace model {

class WarpPricer {
public:
  WarpPricer(AccessAtLaunch &AL, const AccessSplit &Split);

  /// The costs are kept in \p Costs.
  void keepCostsIn(RequestCostCache &Costs) { this->Costs = &Costs; }
  /// Forgets what holds for one walk only: the warps' shapes, which the
  /// unknowns may change.
  void startWalk() { ShapeOfWarp.clear(); }

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
  /// Adds \p Times warps whose lanes reach the access, every one of them
  /// predicated off, to \p T: each still issues the requests, moving
  /// nothing.
  void countPredicatedOff(CostTotals &T, uint64_t Times) const;
  /// Adds \p Times warps with active lanes and these costs to \p T.
  void count(const WarpCost &Cost, CostTotals &T, uint64_t Times = 1) const;

  /// What the last costVisit() priced, if anything: the lanes at
  /// lastAddresses(), in *Rows.
  struct Priced {
    uint32_t Mask = 0;
    bool Cacheable = false;
    const std::vector<std::pair<int64_t, int64_t>> *Rows = nullptr;
  };
  const std::optional<Priced> &lastPriced() const { return LastPriced; }
  const std::vector<int64_t> &lastAddresses() const { return VisitAddresses; }

private:
  WarpCost computeCost(uint32_t ActiveMask,
                       const std::vector<int64_t> &Addresses,
                       const std::vector<std::pair<int64_t, int64_t>> &Rows);
  bool evenlySpacedAt(const std::vector<int64_t> &Addresses,
                      const std::vector<std::pair<int64_t, int64_t>> &Rows);

  AccessAtLaunch &AL;
  const AccessShape &Access;
  const RequestCostModel &Model;
  const AccessSplit &Split;
  RequestCostCache *Costs = nullptr;
  std::optional<Priced> LastPriced;
  /// Where the lanes' parts are fixed per block, the shape of each warp's
  /// lanes (RequestCostCache), for the walk.
  std::map<int64_t, uint64_t> ShapeOfWarp;
  /// Whether lanes with these addresses relative to the first are evenly
  /// spaced (in one or two levels), by that shape.
  std::map<std::vector<int64_t>, bool> SpacingByShape;
  std::vector<int64_t> SpacingKey; // reused: its lookup at each visit
  WarpCost Uncached;
  // Reused: costVisit is the hot loop.
  std::vector<int64_t> VisitAddresses;
  std::vector<std::pair<int64_t, int64_t>> VisitRows;
};

} // namespace model
} // namespace cudacoalesce

#endif
