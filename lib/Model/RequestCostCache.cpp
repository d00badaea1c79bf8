//===- Model/RequestCostCache.cpp - What a warp's lanes cost, by shape ----===//
#include "RequestCostCache.h"

#include "cuda-coalesce/Limits.h"

#include <algorithm>

namespace cudacoalesce {
namespace model {

size_t
RequestCostCache::VectorHash::operator()(const std::vector<int64_t> &V) const {
  // Four chains side by side: a shape is 4 words a lane, hashed at every
  // visit whose lanes are not fixed per block, and one chain of dependent
  // multiplications over its 128 words was 16% of ggml's rope.cu (perf).
  constexpr uint64_t K = 0xff51afd7ed558ccdULL;
  uint64_t H[4] = {0x9e3779b97f4a7c15ULL ^ V.size(), 0xc2b2ae3d27d4eb4fULL,
                   0x165667b19e3779f9ULL, 0x27d4eb2f165667c5ULL};
  size_t I = 0;
  for (; I + 4 <= V.size(); I += 4)
    for (unsigned C = 0; C < 4; ++C)
      H[C] = (H[C] ^ uint64_t(V[I + C])) * K;
  for (; I < V.size(); ++I)
    H[0] = (H[0] ^ uint64_t(V[I])) * K;
  uint64_t Out = H[0];
  for (unsigned C = 1; C < 4; ++C)
    Out = (Out ^ (H[C] >> 31) ^ (H[C] << 33)) * K;
  return size_t(Out ^ (Out >> 32));
}

size_t RequestCostCache::CostKeyHash::operator()(const CostKey &K) const {
  uint64_t H = K.Shape * 0x9e3779b97f4a7c15ULL;
  H ^= (uint64_t(K.Active) << 7) ^ uint64_t(K.Residue);
  H *= 0xff51afd7ed558ccdULL;
  return size_t(H ^ (H >> 29));
}

uint64_t RequestCostCache::shapeOf(
    const RequestCostModel &Model, unsigned ChunkBytes, unsigned Requests,
    const std::vector<std::optional<int64_t>> &Addresses,
    const std::vector<std::pair<int64_t, int64_t>> &Rows) {
  Key.assign(
      {int64_t(reinterpret_cast<uintptr_t>(&Model)), ChunkBytes, Requests});
  std::optional<int64_t> First;
  for (size_t I = 0; I < Addresses.size(); ++I) {
    if (!First)
      First = Addresses[I];
    // A lane whose address is not known is never active where the shape is
    // priced: one word says so.
    Key.push_back(Addresses[I] ? 1 : 0);
    Key.push_back(Addresses[I] ? *Addresses[I] - *First : 0);
    Key.push_back(Rows[I].first);
    Key.push_back(Rows[I].second);
  }
  auto It = Shapes.find(Key);
  if (It != Shapes.end())
    return It->second;
  // Ids are never given twice: one a caller kept from before the shapes
  // were dropped names no other shape.
  if (Shapes.size() >= limits::RequestShapesKept)
    Shapes.clear();
  return Shapes.emplace(Key, ++LastId).first->second;
}

size_t RequestCostCache::slotOf(const CostKey &Key) const {
  const size_t Mask = Costs.size() - 1;
  for (size_t I = CostKeyHash()(Key) & Mask;; I = (I + 1) & Mask)
    if (!Costs[I].Used || Costs[I].Key == Key)
      return I;
}

const WarpCost *RequestCostCache::find(uint64_t Shape, uint32_t Active,
                                       int64_t Residue) const {
  if (Costs.empty())
    return nullptr;
  const CostSlot &S = Costs[slotOf({Shape, Active, Residue})];
  return S.Used ? &S.Cost : nullptr;
}

const WarpCost &RequestCostCache::keep(uint64_t Shape, uint32_t Active,
                                       int64_t Residue, WarpCost Cost) {
  static_assert((limits::RequestCostsKept & (limits::RequestCostsKept - 1)) ==
                    0,
                "the table is twice the costs kept, a power of two");
  if (CostsUsed >= limits::RequestCostsKept) {
    for (CostSlot &S : Costs)
      S.Used = false;
    CostsUsed = 0;
  }
  // Grown as it fills rather than made whole at once: the full table is
  // 2 MiB, whose pages (about 10 us each to fault in) a small file's whole
  // analysis would not make up for.
  if (2 * (CostsUsed + 1) > Costs.size()) {
    std::vector<CostSlot> Old = std::move(Costs);
    Costs.assign(std::max<size_t>(64, 2 * Old.size()), CostSlot());
    for (CostSlot &S : Old)
      if (S.Used)
        Costs[slotOf(S.Key)] = std::move(S);
  }
  CostSlot &S = Costs[slotOf({Shape, Active, Residue})];
  if (!S.Used) {
    S.Used = true;
    S.Key = {Shape, Active, Residue};
    ++CostsUsed;
  }
  S.Cost = std::move(Cost);
  return S.Cost;
}

} // namespace model
} // namespace cudacoalesce
