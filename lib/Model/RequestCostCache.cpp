//===- Model/RequestCostCache.cpp - What a warp's lanes cost, by shape ----===//
#include "RequestCostCache.h"

#include "cuda-coalesce/Limits.h"

namespace cudacoalesce {
namespace model {

RequestCostCache &RequestCostCache::forThread() {
  thread_local RequestCostCache Cache;
  return Cache;
}

size_t
RequestCostCache::VectorHash::operator()(const std::vector<int64_t> &V) const {
  uint64_t H = 0x9e3779b97f4a7c15ULL ^ V.size();
  for (int64_t X : V) {
    H ^= uint64_t(X) + 0x9e3779b97f4a7c15ULL + (H << 6) + (H >> 2);
    H *= 0xff51afd7ed558ccdULL;
  }
  return size_t(H ^ (H >> 32));
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

const WarpCost *RequestCostCache::find(uint64_t Shape, uint32_t Active,
                                       int64_t Residue) const {
  auto It = Costs.find({Shape, Active, Residue});
  return It == Costs.end() ? nullptr : &It->second;
}

const WarpCost &RequestCostCache::keep(uint64_t Shape, uint32_t Active,
                                       int64_t Residue, WarpCost Cost) {
  if (Costs.size() >= limits::RequestCostsKept)
    Costs.clear();
  return Costs.insert_or_assign({Shape, Active, Residue}, std::move(Cost))
      .first->second;
}

} // namespace model
} // namespace cudacoalesce
