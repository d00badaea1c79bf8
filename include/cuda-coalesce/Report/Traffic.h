//===- Report/Traffic.h - What an access moves per launch --------*- C++
//-*-===//
//
// The traffic a reviewer ranks accesses by (Finding::launchTraffic: the
// counts per request times the requests the launch issues), and the time at
// stake, an estimate: the wasted bytes over the memory bandwidth of the
// target GPU, as if nothing were served by the caches.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_REPORT_TRAFFIC_H
#define CUDA_COALESCE_REPORT_TRAFFIC_H

#include "cuda-coalesce/Frontend/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace cudacoalesce {
namespace traffic {

/// Bytes one wasted unit costs (CostModelDescription::DeviceBytesPerUnit):
/// a 32-byte sector; shared-memory wavefronts move no DRAM bytes (0).
double bytesPerUnit(const Finding &F);

/// Device-memory bandwidth of \p Arch ("sm_90", "sm_80", ...) in bytes per
/// second: a data-center part of that generation (sm_90: H200, 4.8 TB/s,
/// also for an empty or unknown \p Arch).
double bandwidthBytesPerSecond(llvm::StringRef Arch);
/// The GPU those figures are of: "H200".
llvm::StringRef bandwidthSource(llvm::StringRef Arch);

/// Flagged findings, the costliest first: by wasted bytes per launch where
/// known, then those whose count per launch is unknown by wasted units per
/// request; ties by place.
std::vector<const Finding *> rankedByWaste(const std::vector<Finding> &All);

} // namespace traffic
} // namespace cudacoalesce

#endif
