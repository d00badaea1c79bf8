//===- Model/LaneEvaluator.h - A warp's lanes and guards --------*- C++ -*-===//
//
// What a warp's lanes are at one visit: each lane's thread index, its place
// in the block's rows, the lane part of its address, whether it idles in a
// loop nvcc splits, and which lanes pass the guards (reaching the access,
// and active there). Lanes whose parts repeat are kept: by the values they
// read for the walker's life, per block for the walk, and the lanes that
// pass lists of guards in a GuardMaskCache.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_LANEEVALUATOR_H
#define CUDA_COALESCE_LIB_MODEL_LANEEVALUATOR_H

#include "AccessAtLaunch.h"
#include "AccessSplit.h"
#include "GuardMaskCache.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace cudacoalesce {
namespace model {

class TripPlacement;

/// The mask of lanes 0 to \p Lanes - 1 (a partial last warp has fewer).
inline uint32_t lanesBelow(unsigned Lanes) {
  return Lanes == WarpSize ? ~uint32_t(0) : (uint32_t(1) << Lanes) - 1;
}

/// The wrapping sum of a uniform part and a lane part, as evaluate() wraps.
inline std::optional<int64_t> sum(const std::optional<int64_t> &A,
                                  const std::optional<int64_t> &B) {
  if (!A || !B)
    return std::nullopt;
  return int64_t(uint64_t(*A) + uint64_t(*B));
}

/// Whether `Base + V Op 0` holds for every V in [Low, High]; nullopt when
/// the sums would wrap (then the lanes are checked one by one).
std::optional<bool> holdsOverRange(Cmp Op, int64_t Base, int64_t Low,
                                   int64_t High);

/// One warp of the block, as far as it does not depend on the visit.
struct WarpLanes {
  unsigned Lanes = 0; // lanes that exist (the last warp may be partial)
  std::vector<std::pair<int64_t, int64_t>> Rows; // (threadIdx.y, .z)
  std::vector<std::optional<int64_t>> Address;   // lane part
  /// Lanes that no piece of a loop nvcc splits runs at the counters'
  /// values (AccessShape::Lowerings): they branch around the access.
  uint32_t Idle = 0;
  /// Of the idle lanes, those in a copy of leftover trips that the warp
  /// issues with them off (LoopLowering::LeftoverPredicated).
  uint32_t IdleIssuing = 0;
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

/// Each guard's value in each lane.
using LaneValues = std::array<std::optional<int64_t>, WarpSize>;

class LaneEvaluator {
public:
  LaneEvaluator(AccessAtLaunch &AL, const AccessSplit &Split,
                TripPlacement &Trips);

  /// The lanes that pass lists of guards are kept in \p Masks.
  void keepMasksIn(GuardMaskCache &Masks) { this->Masks = &Masks; }
  /// Whether the lanes that pass the guards may come from the mask cache
  /// instead of evaluating every guard at every visit.
  void allowKeptGuardLanes(bool Allow) { KeptGuardLanesAllowed = Allow; }
  /// Whether a warp's lanes are kept however rarely they are met again
  /// (else, once LaneSetsTriedFirst were kept and none met again, no more).
  void keepEveryLaneSet(bool Keep) { LaneSetsMet = Keep; }
  /// Forgets what holds for one walk only: the lane parts of guards that
  /// read an unknown, which changes between walks. Those that read only the
  /// thread and block index and the launch's values stay: `x < w - j` under
  /// a hundred nested levels was evaluated anew at each of w's trials. The
  /// guards held over the last walk (holdOverWalk) are forgotten too.
  void startWalk();
  /// The guards no visit of the walk under way fails (GuardsHeldOverWalk.h),
  /// by guard: they are not evaluated.
  void holdOverWalk(std::vector<bool> Guards) { Held = std::move(Guards); }
  /// Forgets every guard's lanes: the guards were split anew.
  void forgetGuardLanes() { FixedGuardLanes.clear(); }

  /// The address's thread-independent part under the current values;
  /// nullopt for a gather or an unknown value.
  std::optional<int64_t> uniformBase() const;
  /// The lanes of warp \p Warp under the values set (kept).
  const WarpLanes &lanesOf(int64_t Warp);
  /// The lanes of warp \p Warp into \p W, whose storage it reuses, not
  /// kept.
  void computeLanesInto(int64_t Warp, WarpLanes &W);
  /// Guard \p G's lane part over the lanes of warp \p Warp, for a guard
  /// whose lane part is fixed per block (kept for the walk).
  const GuardLanes &fixedGuardLanes(size_t G, int64_t Warp);
  /// The lanes of warp \p Warp (\p Lanes of them) that pass the first
  /// \p K guards under the current values.
  GuardMasks masksOfGuards(size_t K, int64_t Warp, unsigned Lanes);
  /// The value of guard \p G in each lane of warp \p Warp under the values
  /// set, into \p Out.
  void guardValues(size_t G, int64_t Warp, std::optional<int64_t> *Out);
  /// The lanes of \p Lanes that pass guards of values \p Guards.
  GuardMasks masksOf(unsigned Lanes,
                     const std::vector<LaneValues> &Guards) const;

private:
  /// The lanes with the block index as it is set.
  void computeLanesAt(int64_t Warp, WarpLanes &W);
  /// \p M narrowed by guard \p G.
  void applyGuard(size_t G, int64_t Warp, unsigned Lanes, GuardMasks &M);

  AccessAtLaunch &AL;
  const sym::Context &Ctx;
  const AccessShape &Access;
  sym::Env &Values;
  const AccessSplit &Split;
  TripPlacement &Trips;
  GuardMaskCache *Masks = nullptr;
  bool KeptGuardLanesAllowed = true;
  /// The lanes by warp and the values the lane parts read (for the
  /// walker's life: the values are the key).
  std::map<std::vector<int64_t>, WarpLanes> LanesByValues;
  WarpLanes Overflow;           // lanes computed past LaneSetsKept
  /// Lane sets kept before, none met again, the walker stops keeping them.
  static constexpr size_t LaneSetsTriedFirst = 512;
  bool LaneSetsMet = false;     // a lane set kept was met again
  std::vector<int64_t> LaneKey; // reused: its lookup at each visit
  /// [guard][warp], for the guards whose lane part is fixed per block; for
  /// the walk (the unknowns they read change between walks).
  std::vector<std::vector<std::optional<GuardLanes>>> FixedGuardLanes;
  std::vector<int64_t> MaskKey; // reused: built at every visit
  std::vector<bool> Held;       // holdOverWalk()
  sym::ThreadPoints LivePoints; // reused: applyGuard's lanes still live
};

} // namespace model
} // namespace cudacoalesce

#endif
