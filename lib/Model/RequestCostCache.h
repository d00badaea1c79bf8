//===- Model/RequestCostCache.h - What a warp's lanes cost, by shape -*- C++
//-*-===//
//
// What one warp visit's requests cost is a function of the cost model, the
// bytes each lane moves, the active lanes' addresses relative to the first
// and their rows, and where the first starts within the model's period: of
// nothing that names an access, a launch or a value tried for an unknown. So
// the costs are kept by that shape for every walk of a translation unit
// (ModelCaches), and accesses that differ only in where their lanes start (a
// pitch tried at 64 values, the fix candidates of one access, kernels
// written from one pattern) price each shape and start once.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_REQUESTCOSTCACHE_H
#define CUDA_COALESCE_LIB_MODEL_REQUESTCOSTCACHE_H

#include "cuda-coalesce/Model/CostModel.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cudacoalesce {
namespace model {

/// The costs of one warp visit: a request per chunk of the lanes' bytes.
struct WarpCost {
  llvm::SmallVector<RequestCost, 4> Chunks;
  bool EvenlySpaced = true, Broadcast = true;
};

class RequestCostCache {
public:
  /// An id, from 1, for lanes at \p Addresses in rows \p Rows (unset: a
  /// lane whose address is not known), relative to the first known one,
  /// each moving \p ChunkBytes in \p Requests requests under \p Model. A
  /// request's cost is then a function of the id, the lanes of it that are
  /// active and where the first active one starts within the period.
  uint64_t shapeOf(const RequestCostModel &Model, unsigned ChunkBytes,
                   unsigned Requests,
                   const std::vector<std::optional<int64_t>> &Addresses,
                   const std::vector<std::pair<int64_t, int64_t>> &Rows);
  /// The cost kept for lanes \p Active of shape \p Shape, the first at
  /// \p Residue within the period, else null.
  const WarpCost *find(uint64_t Shape, uint32_t Active, int64_t Residue) const;
  /// Keeps \p Cost under that key; returns what is kept.
  const WarpCost &keep(uint64_t Shape, uint32_t Active, int64_t Residue,
                       WarpCost Cost);
  /// Shapes and costs kept.
  size_t entries() const { return Shapes.size() + CostsUsed; }

private:
  struct VectorHash {
    size_t operator()(const std::vector<int64_t> &V) const;
  };
  struct CostKey {
    uint64_t Shape;
    uint32_t Active;
    int64_t Residue;
    bool operator==(const CostKey &O) const {
      return Shape == O.Shape && Active == O.Active && Residue == O.Residue;
    }
  };
  struct CostKeyHash {
    size_t operator()(const CostKey &K) const;
  };
  std::unordered_map<std::vector<int64_t>, uint64_t, VectorHash> Shapes;
  /// Open addressing in a table at most half full (up to twice
  /// limits::RequestCostsKept slots): a miss per warp visit is the walk's
  /// hot path for sparse active masks, and a node per entry cost an
  /// allocation each and a free each when dropped.
  struct CostSlot {
    CostKey Key{};
    bool Used = false;
    WarpCost Cost;
  };
  /// The slot of \p Key, or the free one where it would go (Costs is not
  /// empty).
  size_t slotOf(const CostKey &Key) const;
  std::vector<CostSlot> Costs;
  size_t CostsUsed = 0;
  std::vector<int64_t> Key; // reused
  uint64_t LastId = 0;
};

} // namespace model
} // namespace cudacoalesce

#endif
