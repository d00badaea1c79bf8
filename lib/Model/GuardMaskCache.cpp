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

size_t GuardMaskCache::ListKeyHash::operator()(const ListKey &K) const {
  uint64_t H = 0xcbf29ce484222325ULL ^
               (uint64_t(K.Parent) << 8 | uint64_t(K.Op) << 1 | K.Predicated);
  for (const sym::Term &T : K.Diff.terms()) {
    H = (H ^ uint64_t(T.Coeff)) * 0x100000001b3ULL;
    for (sym::AtomId A : T.Atoms)
      H = (H ^ A) * 0x100000001b3ULL;
    H ^= H >> 29;
  }
  return size_t(H);
}

GuardMaskCache::ListId GuardMaskCache::extend(ListId Parent, const Guard &G) {
  auto [It, New] = Lists.try_emplace(
      {Parent, G.Diff, unsigned(G.Op), G.Predicated}, NextList);
  if (New)
    ++NextList;
  return It->second;
}

uint64_t GuardMaskCache::hash(const int64_t *Key, size_t Length) {
  uint64_t H = 0xcbf29ce484222325ULL;
  for (size_t I = 0; I < Length; ++I) {
    H ^= uint64_t(Key[I]);
    H *= 0x100000001b3ULL;
    H ^= H >> 29;
  }
  return H;
}

size_t GuardMaskCache::Table::slotOf(const int64_t *Key, size_t Length,
                                     uint64_t Hash) const {
  const size_t Mask = Slots.size() - 1;
  for (size_t I = Hash & Mask;; I = (I + 1) & Mask) {
    const Slot &S = Slots[I];
    if (S.KeyLength == 0)
      return I;
    if (Key && S.Hash == Hash && S.KeyLength == Length + 1 &&
        std::equal(Key, Key + Length, KeyWords.begin() + S.KeyAt))
      return I;
  }
}

std::optional<GuardMasks>
GuardMaskCache::find(llvm::ArrayRef<int64_t> Key) const {
  assert(!Key.empty() && "a key names at least its list");
  if (uint64_t(Key[0]) >= Tables.size() || Tables[Key[0]].Slots.empty())
    return std::nullopt;
  const Table &T = Tables[Key[0]];
  const size_t Length = Key.size() - 1;
  const Slot &S =
      T.Slots[T.slotOf(Key.data() + 1, Length, hash(Key.data() + 1, Length))];
  if (S.KeyLength == 0)
    return std::nullopt;
  return S.Masks;
}

void GuardMaskCache::keep(llvm::ArrayRef<int64_t> Key, const GuardMasks &M) {
  assert(!Key.empty() && "a key names at least its list");
  if (Kept >= limits::GuardMaskSetsKept) {
    Tables.clear();
    Kept = 0;
  }
  if (uint64_t(Key[0]) >= Tables.size())
    Tables.resize(Key[0] + 1);
  Table &T = Tables[Key[0]];
  if (2 * (T.Kept + 1) > T.Slots.size()) {
    std::vector<Slot> Old = std::move(T.Slots);
    T.Slots.assign(std::max<size_t>(16, 2 * Old.size()), Slot());
    for (const Slot &S : Old)
      if (S.KeyLength)
        T.Slots[T.slotOf(nullptr, 0, S.Hash)] = S;
  }
  const int64_t *Rest = Key.data() + 1;
  const size_t Length = Key.size() - 1;
  const uint64_t H = hash(Rest, Length);
  Slot &S = T.Slots[T.slotOf(Rest, Length, H)];
  if (S.KeyLength)
    return; // kept already
  S.Hash = H;
  S.KeyAt = uint32_t(T.KeyWords.size());
  S.KeyLength = uint32_t(Length + 1);
  S.Masks = M;
  T.KeyWords.insert(T.KeyWords.end(), Rest, Rest + Length);
  ++T.Kept;
  ++Kept;
}

} // namespace model
} // namespace cudacoalesce
