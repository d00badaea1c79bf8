//===- Model/GuardMaskCache.cpp - Lanes that pass a list of guards --------===//
#include "GuardMaskCache.h"

#include "cuda-coalesce/Limits.h"

#include <algorithm>
#include <cassert>

namespace cudacoalesce {
namespace model {

GuardMaskCache::ListId GuardMaskCache::root(const Dim3 &Block) {
  auto [It, New] = Roots.try_emplace({Block.X, Block.Y, Block.Z}, NextList);
  if (New)
    ++NextList;
  return It->second;
}

GuardMaskCache::ListId GuardMaskCache::extend(ListId Parent, const Guard &G) {
  auto [It, New] = Lists.try_emplace(
      {Parent, G.Diff, unsigned(G.Op), G.Predicated}, NextList);
  if (New)
    ++NextList;
  return It->second;
}

uint64_t GuardMaskCache::hash(const std::vector<int64_t> &Key) {
  uint64_t H = 0xcbf29ce484222325ULL;
  for (int64_t V : Key) {
    H ^= uint64_t(V);
    H *= 0x100000001b3ULL;
    H ^= H >> 29;
  }
  return H;
}

size_t GuardMaskCache::slotOf(const std::vector<int64_t> *Key,
                              uint64_t Hash) const {
  const size_t Mask = Slots.size() - 1;
  for (size_t I = Hash & Mask;; I = (I + 1) & Mask) {
    const Slot &S = Slots[I];
    if (S.KeyLength == 0)
      return I;
    if (Key && S.Hash == Hash && S.KeyLength == Key->size() &&
        std::equal(Key->begin(), Key->end(), KeyWords.begin() + S.KeyAt))
      return I;
  }
}

std::optional<GuardMasks>
GuardMaskCache::find(const std::vector<int64_t> &Key) const {
  if (Slots.empty())
    return std::nullopt;
  const Slot &S = Slots[slotOf(&Key, hash(Key))];
  if (S.KeyLength == 0)
    return std::nullopt;
  return S.Masks;
}

void GuardMaskCache::keep(const std::vector<int64_t> &Key,
                          const GuardMasks &M) {
  assert(!Key.empty() && "a key names at least its list");
  if (Kept >= limits::GuardMaskSetsKept) {
    Slots.clear();
    KeyWords.clear();
    Kept = 0;
  }
  if (2 * (Kept + 1) > Slots.size()) {
    std::vector<Slot> Old = std::move(Slots);
    Slots.assign(std::max<size_t>(1024, 2 * Old.size()), Slot());
    for (const Slot &S : Old)
      if (S.KeyLength)
        Slots[slotOf(nullptr, S.Hash)] = S;
  }
  uint64_t H = hash(Key);
  Slot &S = Slots[slotOf(&Key, H)];
  if (S.KeyLength)
    return; // kept already
  S.Hash = H;
  S.KeyAt = uint32_t(KeyWords.size());
  S.KeyLength = uint32_t(Key.size());
  S.Masks = M;
  KeyWords.insert(KeyWords.end(), Key.begin(), Key.end());
  ++Kept;
}

GuardMaskCache &GuardMaskCache::forContext(uint64_t ContextId) {
  thread_local GuardMaskCache Kept;
  if (Kept.ContextId != ContextId) {
    Kept = GuardMaskCache();
    Kept.ContextId = ContextId;
  }
  return Kept;
}

} // namespace model
} // namespace cudacoalesce
