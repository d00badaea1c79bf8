//===- Model/CostModel.h - What a request costs in one memory ---*- C++ -*-===//
//
// The seam between walking the warps of a launch (LaunchWalker, the same for
// every memory) and pricing one warp-wide request (one cost model per kind
// of memory: 32-byte sectors for global memory, bank wavefronts for shared
// memory). The walker hands a model the byte addresses of a request's active
// lanes; the model says what the request moves, what it would move ideally,
// and, from the totals over a launch, what the lanes' pattern is. Its
// description (CostModelDescription.h) names its unit and its words for the
// reports. No Clang types here.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_MODEL_COSTMODEL_H
#define CUDA_COALESCE_MODEL_COSTMODEL_H

#include "cuda-coalesce/Model/CostModelDescription.h"
#include "cuda-coalesce/Model/Prediction.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace cudacoalesce {
namespace model {

/// Bytes [Begin, End) from an access's base.
struct ByteSpan {
  int64_t Begin = 0, End = 0;
};

/// What one request moves, in the model's unit (a 32-byte sector for global
/// memory, a wavefront for shared memory).
struct RequestCost {
  unsigned Units = 0;
  /// Units the bytes requested need at the least.
  unsigned IdealUnits = 0;
  /// The model's secondary grouping (CostModelDescription::Groups, a
  /// Prediction's Groups): 128-byte segments touched in global memory, the
  /// classic model reported beside; phases priced in shared memory.
  unsigned Segments = 0;
  /// Units the bytes would need if every contiguous run of them started on a
  /// unit boundary: equals IdealUnits for dense data.
  unsigned AlignedUnits = 0;
};

/// Sums over the requests of the warps a walk visited.
struct CostTotals {
  double Units = 0, Segments = 0, IdealUnits = 0;
  uint64_t Requests = 0;
  double Min = 1e300, Max = 0; // per request
  /// Every request was a broadcast per warp row; every request's bytes were
  /// dense (AlignedUnits == IdealUnits).
  bool AllUniform = true, AllDense = true;
  /// Warp visits simulated, those that issued the access, and those among
  /// them whose lanes in a row were not evenly spaced.
  uint64_t Visits = 0, Warps = 0, IrregularWarps = 0;
  /// Where a sample of the visits ran out of budget before the averages
  /// were as precise as the walk aims at: three standard errors of the
  /// units per request, relative to them. 0 otherwise.
  double RelativeError = 0;
  /// Some active lane's address could not be evaluated in these visits (a
  /// division by zero, a value past 64 bits): the values set are no launch
  /// the kernel makes without undefined behaviour.
  bool Unaddressed = false;

  double avgUnits() const { return Requests ? Units / Requests : 0; }
  double avgIdeal() const { return Requests ? IdealUnits / Requests : 0; }
  double avgSegments() const { return Requests ? Segments / Requests : 0; }
  /// Adds \p Times requests of this cost.
  void add(const RequestCost &Cost, uint64_t Times = 1);
};

/// Calls \p OnRun(Begin, End) for each maximal run of consecutive bytes
/// that lanes starting at \p Starts, each moving \p Width bytes, cover, in
/// address order (bytes several lanes ask for count once). Sorts \p Starts.
template <class Addresses, class RunFn>
void forEachByteRun(Addresses &Starts, unsigned Width, RunFn OnRun) {
  if (Starts.empty())
    return;
  std::sort(Starts.begin(), Starts.end());
  int64_t Begin = Starts.front(), End = Begin + Width;
  for (int64_t A : Starts) {
    if (A <= End) {
      End = std::max(End, A + int64_t(Width));
      continue;
    }
    OnRun(Begin, End);
    Begin = A;
    End = A + Width;
  }
  OnRun(Begin, End);
}

/// A new memory's model implements this and describes itself; costModelFor
/// (WarpModel.h) gives it its address space.
class RequestCostModel {
public:
  virtual ~RequestCostModel();
  /// Its unit and its words, for the predictions it prices and the reports.
  /// The object lives as long as the program.
  virtual const CostModelDescription &description() const = 0;
  /// One request whose active lanes start at \p LaneAddresses (byte offsets
  /// from the base), each moving \p ChunkBytes. \p Lanes has a bit set for
  /// each of those lanes (bit I: lane I of the warp), in the same order.
  virtual RequestCost costOfRequest(const std::vector<int64_t> &LaneAddresses,
                                    uint32_t Lanes,
                                    unsigned ChunkBytes) const = 0;
  /// One request of \p ActiveLanes lanes whose addresses are data (a
  /// gather): what it moves when every lane lands apart from the others.
  virtual RequestCost costOfGather(unsigned ActiveLanes,
                                   unsigned ChunkBytes) const = 0;
  /// A gather whose lanes stay within \p Span, bytes from the base (taken
  /// aligned, as every access's): at most what the span can hold, where it
  /// is fewer (a lookup in a small table).
  virtual RequestCost costOfGatherWithin(unsigned ActiveLanes,
                                         unsigned ChunkBytes,
                                         const ByteSpan &Span) const {
    (void)Span;
    return costOfGather(ActiveLanes, ChunkBytes);
  }
  /// Moving every lane by a multiple of this many bytes changes no cost.
  virtual int64_t periodBytes() const = 0;
  /// The pattern of the lanes over a walk; \p DataDependent: the addresses
  /// are data loaded per lane.
  virtual Pattern classify(const CostTotals &T, bool DataDependent) const = 0;
  /// A gather (addresses loaded per lane) has a null count and the range
  /// from one unit to every lane apart, in every memory. Its pattern is
  /// scattered where lanes apart waste the memory's units whatever the data
  /// (global memory: a sector per lane), unknown where the data decides
  /// (shared memory: whether lanes share a bank).
  virtual bool gathersAreScattered() const { return true; }
};

} // namespace model
} // namespace cudacoalesce

#endif
