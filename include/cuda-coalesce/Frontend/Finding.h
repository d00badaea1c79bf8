//===- Frontend/Finding.h - One access under one launch --------*- C++ -*-===//
//
// The plain-data result of the analysis: what the report stages print. No
// Clang types, so the output stages and the tests can build them by hand.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_FRONTEND_FINDING_H
#define CUDA_COALESCE_FRONTEND_FINDING_H

#include "cuda-coalesce/Fixes/Fixes.h"
#include "cuda-coalesce/Model/WarpModel.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudacoalesce {

enum class AccessKind {
#define ACCESS_KIND(Name, Spelling) Name,
#include "cuda-coalesce/Frontend/AccessKinds.def"
};
const char *accessKindName(AccessKind K);

struct SourcePoint {
  std::string File;
  unsigned Line = 0, Column = 0;
};

struct Finding {
  SourcePoint Where;    // where the access is written (outside macros)
  SourcePoint End;      // its last character, when known (set by the driver)
  std::string Kernel;   // the analysed kernel, with template arguments
  /// The kernel as Nsight Compute and cu++filt name it, where that differs
  /// from Kernel: an enum template argument as a cast of its value
  /// (`k<(Phase)0>`, not `k<Phase::Prefill>`). verify joins on it.
  std::string ProfilerKernel;
  std::string Function; // the function the access is written in
  AccessKind Kind = AccessKind::Load;
  std::string Expression; // the source text of the access
  std::string Index;      // the derived index, in elements
  std::string ByteOffset; // the derived byte offset from the base
  std::string BaseName;   // the pointer or array accessed
  unsigned ElementBytes = 0;
  model::Dim3 Block;
  std::string BlockOrigin; // where the block shape came from
  /// The grid and kernel arguments the launch gives, where known (`grid
  /// (1,1,1); numel = 2`): a host loop over problem sizes launches one
  /// site's kernel with several, and each is a finding of its own.
  std::string LaunchValues;
  /// The launch's grid, where known: verify judges a profiled launch against
  /// the findings of the launch with its grid.
  std::optional<model::Dim3> Grid;
  model::Prediction Prediction;
  /// What the analysis assumed (the launch shape, the base's alignment);
  /// the model's own are in Prediction (Report/PredictionText.h has both
  /// in words).
  std::vector<std::string> Assumptions;
  /// Locations (inside device helpers) the access is reached through.
  std::vector<SourcePoint> CallChain;
  /// Where in library code (a CUB collective) the access is written, when
  /// Where is the program's call into that code: nvcc files the inlined
  /// instructions under the call, and the call is what the user can change.
  std::optional<SourcePoint> InLibrary;
  /// The trips of fully unrolled loops it is on (`stride = 16`), outermost
  /// first: the same line is other code on each.
  std::vector<std::string> Trips;
  /// Lines of the access's file, besides its own, under which nvcc may file
  /// some of its instructions, which it gives no line of their own: a store
  /// merged from both branches of an `if` (the `if`'s and the loop's line),
  /// copies of the body of a loop it unrolls fully (the loop's line). A
  /// profiler's figure per source line shows part of the access there.
  std::vector<unsigned> AlsoFiledUnder;
  /// What to change, best first, each with its predicted cost.
  std::vector<fixes::Fix> Fixes;
  /// The first warp that moves data at a flagged access, for the audit
  /// report's picture; unset for accesses not flagged.
  std::optional<model::WarpSnapshot> Warp;

  /// Warned about by default: wasteful for certain (not coalesced, not a
  /// broadcast), or a data-dependent gather.
  bool isFlagged() const;
  /// What the access moves in one launch: the counts per request times
  /// the requests the launch issues.
  struct LaunchTraffic {
    std::optional<double> Requests;
    /// In the prediction's units (sectors, or wavefronts in shared
    /// memory). Unset where the requests or the count per request are not
    /// known; then, where the requests are, the range.
    std::optional<double> Units, Wasted;
    std::optional<std::pair<double, double>> UnitsRange, WastedRange;
  };
  LaunchTraffic launchTraffic() const;
  /// Device-memory bytes moved per launch over the ideal (the least of the
  /// range where the count per request is one); nullopt where the model's
  /// units move none (shared memory) and where how often the access runs is
  /// not known.
  std::optional<double> wastedBytesPerLaunch() const;
};

/// A kernel under one launch shape: (kernel, where the shape came from).
using KernelLaunch = std::pair<std::string, std::string>;
inline KernelLaunch launchOf(const Finding &F) {
  return {F.Kernel, F.BlockOrigin};
}
/// The global traffic of a kernel launch's accesses (those whose models
/// count sectors), summed: sectors and wasted sectors per launch, unset
/// where one access's is not known.
struct KernelLaunchTraffic {
  std::optional<double> Sectors = 0.0, WastedSectors = 0.0;
  size_t AccessesWithUnknownCounts = 0;
};
std::map<KernelLaunch, KernelLaunchTraffic>
trafficByKernelLaunch(const std::vector<const Finding *> &Findings);

} // namespace cudacoalesce

#endif
