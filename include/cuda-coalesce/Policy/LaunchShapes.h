//===- Policy/LaunchShapes.h - The shapes a kernel is analysed under -*- C++
//-*-//
//
// Which launch shapes each kernel is simulated under, and where each came
// from. In order: a block-dim setting (--block-dim, a project's per-kernel
// shape, the clang-tidy check's option) over everything; else one shape per
// launch site, with what the launch fixes (extents it passes to the kernel
// as parameters too are tried over values; extents it leaves unknown are
// assumed); else, for a kernel with no launch or a launch whose block is
// known only at run time, __launch_bounds__, then the kernel's own
// assert(blockDim.x == N), then an assumption of 256 threads, 2-D or 3-D
// where the kernel reads threadIdx.y or .z.
//
// Plain data in and out, no Clang types: the frontend reads the attribute,
// the asserts and the launch sites (Frontend/KernelAnalysis.cpp);
// Report/LaunchOriginText.h puts an origin in words.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_POLICY_LAUNCHSHAPES_H
#define CUDA_COALESCE_POLICY_LAUNCHSHAPES_H

#include "cuda-coalesce/Frontend/Finding.h"
#include "cuda-coalesce/Model/Launch.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cudacoalesce {

/// What a `<<<grid, block>>>` launch fixes at compile time. Plain data, so
/// that a launch in one translation unit can shape a kernel analysed in
/// another.
struct LaunchSite {
  SourcePoint Where;
  std::optional<model::Dim3> Block, Grid;
  /// Where Block is not known: the extents that are (0 for the others),
  /// e.g. `dim3(1, lCols)` with lCols known only at run time.
  std::optional<model::Dim3> PartialBlock;
  std::map<unsigned, int64_t> Arguments; // parameter index -> constant value
  /// Where Block is not known: block dimension -> the index of a parameter
  /// the launch passes the same value as that extent (`k<<<rows,
  /// ncols>>>(x, ncols)`).
  std::map<unsigned, unsigned> ExtentArguments;
};

/// Launches by kernel name (qualified, with template arguments).
using LaunchMap = std::map<std::string, std::vector<LaunchSite>>;

/// The block shapes a user or a project sets.
struct BlockShapeSettings {
  /// --block-dim: overrides launch sites and __launch_bounds__.
  std::optional<model::Dim3> BlockDim;
  /// How the notes name where BlockDim came from.
  std::string BlockDimOrigin = "--block-dim";
  /// Block shapes for the kernels whose name matches a glob (a project
  /// configuration): below BlockDim, over launch sites and
  /// __launch_bounds__; the first match wins.
  struct KernelBlockDim {
    std::string Kernel; // a glob, see kernelGlobMatches
    model::Dim3 Block;
    std::string Origin; // how the notes name it
  };
  std::vector<KernelBlockDim> KernelBlockDims;
};

/// Whether the llvm::GlobPattern \p Glob (`*`, `?`, `[abc]`, `{a,b}`)
/// matches \p Kernel's full name (`ns::k<float>`), its name without template
/// arguments (`ns::k`) or its unqualified name (`k`). An invalid glob
/// matches nothing.
bool kernelGlobMatches(llvm::StringRef Glob, llvm::StringRef Kernel);

/// What the policy needs to know of a kernel, as the frontend read it.
struct KernelShapeFacts {
  std::string Name; // qualified, with template arguments
  std::vector<std::string> ParameterNames;
  /// __launch_bounds__'s maximum threads per block, where it is a positive
  /// constant.
  std::optional<int64_t> LaunchBoundsThreads;
  /// `assert(blockDim.x == 4)`: block dimension -> extent (1..1024).
  std::map<unsigned, int64_t> AssertedExtents;
  /// The block dimensions the kernel's accesses index by: 3 where an access
  /// reads threadIdx.z or blockDim.z, 2 where .y, else 1.
  unsigned IndexedDimensions = 1;
};

/// What decided a launch shape.
enum class LaunchOriginKind {
  /// A block-dim setting: Setting names it.
  Setting,
  /// The launch at Launch fixes the block.
  Launch,
  /// The launch at Launch passes extents known only at run time to kernel
  /// parameters too (ExtentParameters): the model tries their values.
  LaunchExtentParameters,
  /// The launch at Launch fixes some extents; those in AssumedDimensions
  /// are assumed, for 256 threads.
  LaunchPartial,
  /// __launch_bounds__(LaunchBoundsThreads).
  LaunchBounds,
  /// The kernel's assert(blockDim.<AssertedDimension> == AssertedExtent);
  /// the last one that changed the shape.
  Assert,
  /// Nothing gives a shape.
  Assumed,
};

/// Where a launch shape came from, as data; Report/LaunchOriginText.h has
/// it in words.
struct LaunchOrigin {
  /// A kernel parameter that holds a block extent.
  struct ExtentParameter {
    unsigned Dimension = 0;
    unsigned Index = 0; // of the parameter
    std::string Name;   // as declared; empty for an unnamed one
  };

  LaunchOriginKind Kind = LaunchOriginKind::Assumed;
  model::Dim3 Block;
  /// The launch the shape is for. Set for every shape that comes from a
  /// launch site; for LaunchBounds, Assert and Assumed it is a launch whose
  /// block is known only at run time.
  std::optional<SourcePoint> Launch;
  std::string Setting;
  std::vector<ExtentParameter> ExtentParameters; // by dimension
  std::vector<unsigned> AssumedDimensions;       // ascending
  int64_t LaunchBoundsThreads = 0;
  unsigned AssertedDimension = 0;
  int64_t AssertedExtent = 0;
};

/// One shape a kernel is simulated under.
struct LaunchConfig {
  model::Dim3 Block;
  std::optional<model::Dim3> Grid;
  std::map<unsigned, int64_t> Arguments; // parameter index -> value
  /// Block dimension -> the parameter that holds its extent (LaunchSite).
  std::map<unsigned, unsigned> ExtentArguments;
  LaunchOrigin Origin;
};

/// The shapes \p Kernel is analysed under, given the launch sites that name
/// it (in source order) and the settings: one per distinct shape, at least
/// one.
std::vector<LaunchConfig> launchConfigs(const KernelShapeFacts &Kernel,
                                        const std::vector<LaunchSite> &Sites,
                                        const BlockShapeSettings &Settings);

} // namespace cudacoalesce

#endif
