//===- Model/GuardMaskCache.h - Lanes that pass a list of guards -*- C++
//-*-===//
//
// Which lanes of a warp pass the guards of an access is a function of the
// guards, the shape of the block, the warp and the values the guards read
// besides the thread index: not of the access's address. Accesses under the
// same `if`s share it (the accesses of one branch, an access and each of its
// fix candidates), and so do the levels of nested `if`s, whose guard lists
// are each a prefix of the next. Lists are interned as chains of prefixes,
// so that the lanes of a list are its longest prefix's and one guard's.
//
// Guards whose lane part is fixed per block are cheap to evaluate at each
// visit (LaunchWalker); this cache is for those that are not (`i % k`, a
// block index inside an operation), whose 32 lanes cost 32 evaluations.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_GUARDMASKCACHE_H
#define CUDA_COALESCE_LIB_MODEL_GUARDMASKCACHE_H

#include "cuda-coalesce/Model/Access.h"
#include "cuda-coalesce/Model/Launch.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cudacoalesce {
namespace model {

/// The lanes of one warp (bit i: lane i) that pass a list of guards.
struct GuardMasks {
  /// Every guard holds, or reads a value not known (counted as holding).
  uint32_t Active = 0;
  /// Every guard the compiler branches on holds: the lane reaches the
  /// instruction, predicated on or off.
  uint32_t Reaching = 0;
  /// Some lane's value of some guard was not known.
  bool Unknown = false;
};

class GuardMaskCache {
public:
  using ListId = uint32_t;
  /// The empty list, under blocks of shape \p Block.
  ListId root(const Dim3 &Block);
  /// The list \p Parent followed by \p G.
  ListId extend(ListId Parent, const Guard &G);

  /// The masks kept under \p Key: a list, a warp, and the values the list's
  /// guards read (LaunchWalker builds it).
  std::optional<GuardMasks> find(llvm::ArrayRef<int64_t> Key) const;
  /// Keeps \p M under \p Key; past limits::GuardMaskSetsKept, what was kept
  /// is dropped first.
  void keep(llvm::ArrayRef<int64_t> Key, const GuardMasks &M);
  /// Lists and masks kept.
  size_t entries() const { return Roots.size() + Lists.size() + Kept; }

private:
  /// An open-addressing table per list: a lookup per warp visit is the
  /// walk's hot path, and a node per entry (std::unordered_map) cost a cache
  /// miss and an allocation each. A walk looks up one list and its prefix,
  /// so a table per list keeps what one walk reads small and together.
  struct Slot {
    uint64_t Hash = 0;
    uint32_t KeyAt = 0;     // in KeyWords
    uint32_t KeyLength = 0; // 1 + the key's words after the list; 0: empty
    GuardMasks Masks;
  };
  struct Table {
    std::vector<Slot> Slots; // a power of two, at most half full
    std::vector<int64_t> KeyWords;
    size_t Kept = 0;
    /// The slot of the key at \p Key (\p Length words), or the empty one
    /// where it would go (for a null \p Key, the first empty one from
    /// \p Hash on).
    size_t slotOf(const int64_t *Key, size_t Length, uint64_t Hash) const;
  };
  static uint64_t hash(const int64_t *Key, size_t Length);
  std::map<std::tuple<int64_t, int64_t, int64_t>, ListId> Roots;
  /// A list by its parent and its last guard: looked up for every guard of
  /// every walk, so hashed rather than ordered (a comparison of two
  /// polynomials per level of a tree).
  struct ListKey {
    ListId Parent;
    sym::Poly Diff;
    unsigned Op;
    bool Predicated;
    bool operator==(const ListKey &O) const {
      return Parent == O.Parent && Op == O.Op && Predicated == O.Predicated &&
             Diff == O.Diff;
    }
  };
  struct ListKeyHash {
    size_t operator()(const ListKey &K) const;
  };
  std::unordered_map<ListKey, ListId, ListKeyHash> Lists;
  std::vector<Table> Tables; // by the key's first word, its list
  size_t Kept = 0;
  ListId NextList = 0;
};

} // namespace model
} // namespace cudacoalesce

#endif
