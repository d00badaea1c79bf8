//===- Model/AccessSplit.h - Lane and uniform parts -------------*- C++ -*-===//
//
// The address and each guard of an access, split into the terms that read
// the thread index (evaluated once per lane) and those that do not
// (evaluated once per warp), and what each part reads besides the thread
// index: the keys under which the lanes of a warp and the lanes that pass
// the guards repeat. A guard's parts are kept for the translation unit
// (SplitCache): the walks of an access under nested `if`s need the guards of
// every scope around it.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_ACCESSSPLIT_H
#define CUDA_COALESCE_LIB_MODEL_ACCESSSPLIT_H

#include "AccessAtLaunch.h"
#include "GuardMaskCache.h"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

namespace cudacoalesce {
namespace model {

class TripPlacement;

/// A polynomial split into the terms that do not depend on the thread index
/// (evaluated once per warp) and those that do (once per lane). Their
/// wrapping sum is the polynomial's value, bit for bit.
struct SplitPoly {
  sym::Poly Uniform, Lane;
  /// The lane part reads no block index or loop iteration: within one walk
  /// it depends only on the lane's place in the block.
  bool LaneFixedPerBlock = true;
  /// The lane part reads the block index, but only to move every lane by
  /// the same amount (AccessSplit::blockShift()): that amount is in
  /// Uniform, and Lane is evaluated with every block index at 0.
  bool LaneAtBlockZero = false;
};

/// Guards' parts and the reads of lists of guards, by list (the ids of a
/// GuardMaskCache). Each walk of an access under nested `if`s (the
/// prediction, each fix candidate, the first active warp) needs the guards
/// of every scope around it; split anew by each, they made the walks
/// quadratic in the depth. A guard's parts depend on what the walker knows
/// besides the guard, named by an id of its setting (AccessSplit's
/// splitSetting); the reads of a list depend on the list alone.
class SplitCache {
public:
  uint32_t settingOf(const std::vector<int64_t> &Setting);
  /// The parts of the last guard of \p List under \p Setting, split by
  /// \p Split the first time; null past limits::GuardSplitsKept (the walker
  /// keeps them itself).
  template <class Fn>
  const SplitPoly *parts(GuardMaskCache::ListId List, uint32_t Setting,
                         Fn Split);
  /// What \p List reads, kept the first time as \p Compute gives it; null
  /// past limits::GuardSplitsKept.
  template <class Fn>
  const std::vector<sym::AtomId> *reads(GuardMaskCache::ListId List,
                                        Fn Compute);
  /// Settings, parts and reads kept.
  size_t entries() const {
    return Settings.size() + Parts.size() + Reads.size();
  }

private:
  /// What \p In keeps under \p Key, made by \p Make the first time; null
  /// past limits::GuardSplitsKept.
  template <class Map, class Fn>
  const typename Map::mapped_type *
  keptOrMade(Map &In, const typename Map::key_type &Key, Fn Make);
  std::map<std::vector<int64_t>, uint32_t> Settings;
  std::unordered_map<uint64_t, SplitPoly> Parts; // (list, setting)
  std::unordered_map<GuardMaskCache::ListId, std::vector<sym::AtomId>> Reads;
};

class AccessSplit {
public:
  AccessSplit(AccessAtLaunch &AL, const TripPlacement &Trips);

  /// Some guard reads the trip of a loop nvcc splits: a value per lane that
  /// the access's lowering gives, so its masks are the walker's alone.
  bool anyGuardReadsTrip() const { return AnyGuardReadsTrip; }
  bool guardReadsTrip(size_t G) const { return GuardReadsTrip[G]; }
  /// Splits the address and the guards under the values known now; with
  /// \p BlockShifts, lanes whose block index only shifts them are fixed per
  /// block. The guard lists are \p Masks', their parts kept in \p Splits.
  void prepare(bool BlockShifts, GuardMaskCache &Masks, SplitCache &Splits);

  const SplitPoly &offset() const { return Offset; }
  size_t guards() const { return GuardParts.size(); }
  const SplitPoly &guard(size_t G) const { return *GuardParts[G]; }
  /// What the lane part of the address reads besides the thread index (and
  /// what places the trips of split loops): the lanes of a warp repeat with
  /// it.
  const std::vector<sym::AtomId> &laneReads() const { return LaneReads; }
  /// The first \p K guards, as a list of the mask cache.
  GuardMaskCache::ListId list(size_t K) const { return GuardLists[K]; }
  /// What the first \p K guards read besides the thread index: the key of
  /// their masks with the warp.
  const std::vector<sym::AtomId> &listReads(size_t K) const {
    return *GuardListReads[K];
  }
  /// The masks of the first \p K guards are kept in the cache (one of them
  /// has a lane part not fixed per block); else computed at each visit.
  bool listKept(size_t K) const { return GuardListKept[K]; }

private:
  SplitPoly split(const sym::Poly &P) const;
  /// Where the lane part \p Lane reads the block index only through
  /// divisions and remainders by a constant that the block's step divides
  /// (`(blockIdx.x * blockDim.x + threadIdx.x) / 32`, a warp per row, in a
  /// block of 256 threads), over values that are never negative: how far
  /// the block index moves every lane, a polynomial in the block index with
  /// the launch's values. nullopt otherwise.
  std::optional<sym::Poly> blockShift(const sym::Poly &Lane) const;
  /// What split() reads besides the polynomial: the key of SplitCache's
  /// settings.
  std::vector<int64_t> splitSetting() const;

  AccessAtLaunch &AL;
  const sym::Context &Ctx;
  const AccessShape &Access;
  const TripPlacement &Trips;
  bool BlockShifts = true;
  SplitPoly Offset;
  std::vector<sym::AtomId> LaneReads;
  std::vector<bool> GuardReadsTrip; // [guard]
  bool AnyGuardReadsTrip = false;
  /// [guard]: in the SplitCache, or in OwnParts where it is full.
  std::vector<const SplitPoly *> GuardParts;
  std::deque<SplitPoly> OwnParts;
  std::deque<std::vector<sym::AtomId>> OwnReads;
  std::vector<GuardMaskCache::ListId> GuardLists;               // [K]
  std::vector<const std::vector<sym::AtomId> *> GuardListReads; // [K]
  std::vector<bool> GuardListKept;                              // [K]
};

} // namespace model
} // namespace cudacoalesce

#endif
