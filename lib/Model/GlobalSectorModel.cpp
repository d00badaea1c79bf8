//===- Model/GlobalSectorModel.cpp - Sectors of global memory -------------===//
#include "cuda-coalesce/Model/GlobalSectorModel.h"

#include "cuda-coalesce/Support/IntegerMath.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

namespace cudacoalesce {
namespace model {

RequestCostModel::~RequestCostModel() = default;

constexpr CostModelDescription GlobalSectorDescription =
    CostModelDescription("sector", "sectors", "coalesced", "sectors")
        .groups("128-byte segments", "segments")
        .deviceBytesPerUnit(SectorBytes)
        .period("128-byte segment")
        .picture(WarpPicture::Sectors);

void CostTotals::add(const RequestCost &Cost, uint64_t Times) {
  // Whole numbers: exact in a double, whatever the order of the sums.
  Units += double(Times) * Cost.Units;
  Segments += double(Times) * Cost.Segments;
  IdealUnits += double(Times) * Cost.IdealUnits;
  Requests += Times;
  Min = std::min<double>(Min, Cost.Units);
  Max = std::max<double>(Max, Cost.Units);
}

/// Addresses of one request: a warp's lanes, a chunk of up to 16 bytes each
/// in at most two sectors and two segments. Kept off the heap: the cost of
/// a request is computed at nearly every visit of an irregular access.
using RequestAddresses = llvm::SmallVector<int64_t, 64>;

static unsigned countDistinct(RequestAddresses &V) {
  std::sort(V.begin(), V.end());
  return std::unique(V.begin(), V.end()) - V.begin();
}

RequestCost costOfRequest(const std::vector<int64_t> &LaneAddresses,
                          unsigned ChunkBytes) {
  RequestCost C;
  if (LaneAddresses.empty() || ChunkBytes == 0)
    return C;
  RequestAddresses Sectors, Segments;
  for (int64_t A : LaneAddresses) {
    int64_t End = A + ChunkBytes; // one past the last byte
    for (int64_t S = floorDiv(A, SectorBytes);
         S <= floorDiv(End - 1, SectorBytes); ++S)
      Sectors.push_back(S);
    for (int64_t S = floorDiv(A, SegmentBytes);
         S <= floorDiv(End - 1, SegmentBytes); ++S)
      Segments.push_back(S);
  }
  C.Units = countDistinct(Sectors);
  C.Segments = countDistinct(Segments);

  int64_t UniqueBytes = 0;
  RequestAddresses Starts(LaneAddresses.begin(), LaneAddresses.end());
  forEachByteRun(Starts, ChunkBytes, [&](int64_t Begin, int64_t End) {
    UniqueBytes += End - Begin;
    C.AlignedUnits += (End - Begin + SectorBytes - 1) / SectorBytes;
  });
  C.IdealUnits = (UniqueBytes + SectorBytes - 1) / SectorBytes;
  return C;
}

RequestCost
GlobalSectorModel::costOfRequest(const std::vector<int64_t> &LaneAddresses,
                                 uint32_t /*Lanes*/,
                                 unsigned ChunkBytes) const {
  return model::costOfRequest(LaneAddresses, ChunkBytes);
}

RequestCost GlobalSectorModel::costOfGather(unsigned ActiveLanes,
                                            unsigned ChunkBytes) const {
  // Each lane in a sector and a segment of its own.
  RequestCost Cost;
  Cost.Units = ActiveLanes * ((ChunkBytes + SectorBytes - 1) / SectorBytes);
  Cost.Segments = ActiveLanes;
  Cost.IdealUnits = (ActiveLanes * ChunkBytes + SectorBytes - 1) / SectorBytes;
  Cost.AlignedUnits = Cost.Units;
  return Cost;
}

RequestCost GlobalSectorModel::costOfGatherWithin(unsigned ActiveLanes,
                                                  unsigned ChunkBytes,
                                                  const ByteSpan &Span) const {
  RequestCost Cost = costOfGather(ActiveLanes, ChunkBytes);
  auto Touched = [&](int64_t Unit) {
    return uint64_t(floorDiv(Span.End - 1, Unit) - floorDiv(Span.Begin, Unit) +
                    1);
  };
  uint64_t Sectors = Touched(SectorBytes), Segments = Touched(SegmentBytes);
  Cost.Units = unsigned(std::min<uint64_t>(Cost.Units, Sectors));
  Cost.AlignedUnits = Cost.Units;
  Cost.Segments = unsigned(std::min<uint64_t>(Cost.Segments, Segments));
  Cost.IdealUnits = std::min(Cost.IdealUnits, Cost.Units);
  return Cost;
}

Pattern GlobalSectorModel::classify(const CostTotals &T,
                                    bool DataDependent) const {
  if (T.Requests == 0)
    return Pattern::Unknown;
  if (DataDependent)
    return Pattern::Scattered;
  if (T.AllUniform)
    return Pattern::Uniform;
  if (T.Units <= T.IdealUnits + 1e-9)
    return Pattern::Coalesced;
  // A hash or a permutation computed from the thread index: the count is
  // exact, but no stride describes it. Lanes that read a dense run in an
  // irregular order (bytes of a quantized 18-byte block, `(i % 128) / 8`)
  // only straddle a boundary: misaligned, not scattered.
  if (T.IrregularWarps * 2 > T.Warps && !T.AllDense)
    return Pattern::Scattered;
  return T.AllDense ? Pattern::Misaligned : Pattern::Strided;
}

} // namespace model
} // namespace cudacoalesce
