//===- Report/Traffic.h - What an access moves per launch --------*- C++
//-*-===//
//
// The per-request counts of a prediction times the requests the launch
// issues (warps that run the access x the trips of its loops): the traffic
// a reviewer ranks accesses by. The time at stake is an estimate: the
// wasted bytes over the memory bandwidth of the target GPU, as if nothing
// were served by the caches.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_REPORT_TRAFFIC_H
#define CUDA_COALESCE_REPORT_TRAFFIC_H

#include "cuda-coalesce/Frontend/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudacoalesce {
namespace traffic {

/// One access under one launch. Units are sectors (global memory) or
/// wavefronts (shared memory), as the prediction's.
struct LaunchTraffic {
  std::optional<double> Requests;
  /// Unset where the requests or the per-request count are not known; then
  /// Least..Most is the range when the requests are known.
  std::optional<double> Units, Wasted;
  std::optional<std::pair<double, double>> UnitsRange, WastedRange;
};
LaunchTraffic of(const Finding &F);

/// Bytes one wasted unit costs: a 32-byte sector; shared-memory wavefronts
/// move no DRAM bytes (0).
double bytesPerUnit(const Finding &F);

/// Device-memory bandwidth of \p Arch ("sm_90", "sm_80", ...) in bytes per
/// second: a data-center part of that generation (sm_90: H200, 4.8 TB/s,
/// also for an empty or unknown \p Arch).
double bandwidthBytesPerSecond(llvm::StringRef Arch);
/// The GPU those figures are of: "H200".
llvm::StringRef bandwidthSource(llvm::StringRef Arch);

/// Wasted global bytes per launch, or the least of the range; nullopt
/// where the requests are not known.
std::optional<double> wastedBytes(const Finding &F);

/// Flagged findings, the costliest first: by wasted bytes per launch where
/// known, then those whose count per launch is unknown by wasted units per
/// request; ties by place.
std::vector<const Finding *> rankedByWaste(const std::vector<Finding> &All);

/// A kernel under one launch shape: (kernel, where the shape came from).
using KernelLaunch = std::pair<std::string, std::string>;
inline KernelLaunch launchOf(const Finding &F) {
  return {F.Kernel, F.BlockOrigin};
}
/// Global sectors per launch summed over each kernel launch's accesses;
/// nullopt where one of them is not known.
std::map<KernelLaunch, std::optional<double>>
kernelSectors(const std::vector<Finding> &All);

} // namespace traffic
} // namespace cudacoalesce

#endif
