//===- Model/GlobalSectorModel.h - Sectors of global memory -----*- C++ -*-===//
//
// Global memory as Nsight Compute counts it: a warp-wide request moves the
// distinct 32-byte sectors its lanes' bytes fall in (grouped in 128-byte
// lines, the segments of the classic coalescing rules). No Clang types here.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_MODEL_GLOBALSECTORMODEL_H
#define CUDA_COALESCE_MODEL_GLOBALSECTORMODEL_H

#include "cuda-coalesce/Model/CostModel.h"

namespace cudacoalesce {
namespace model {

constexpr unsigned SectorBytes = 32;
constexpr unsigned SegmentBytes = 128;

/// Sectors, segments and ideal sectors of one request whose active lanes
/// start at \p LaneAddresses, each moving \p ChunkBytes.
RequestCost costOfRequest(const std::vector<int64_t> &LaneAddresses,
                          unsigned ChunkBytes);

/// Global memory's words: sectors, segments, an efficiency.
extern const CostModelDescription GlobalSectorDescription;

class GlobalSectorModel : public RequestCostModel {
public:
  const CostModelDescription &description() const override {
    return GlobalSectorDescription;
  }
  RequestCost costOfRequest(const std::vector<int64_t> &LaneAddresses,
                            uint32_t Lanes, unsigned ChunkBytes) const override;
  RequestCost costOfGatherWithin(unsigned ActiveLanes, unsigned ChunkBytes,
                                 const ByteSpan &Span) const override;
  RequestCost costOfGather(unsigned ActiveLanes,
                           unsigned ChunkBytes) const override;
  int64_t periodBytes() const override { return SegmentBytes; }
  Pattern classify(const CostTotals &T, bool DataDependent) const override;
};

} // namespace model
} // namespace cudacoalesce

#endif
