//===- Frontend/KernelAnalysis.h - Kernels of a translation unit -*- C++
//-*-===//
//
// Finds every kernel (each template instantiation separately) and every
// `<<<grid, block>>>` launch of a translation unit, derives the symbolic
// address of each global load, store and atomic, and predicts it under each
// launch shape with the warp model.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_FRONTEND_KERNELANALYSIS_H
#define CUDA_COALESCE_FRONTEND_KERNELANALYSIS_H

#include "cuda-coalesce/Frontend/Finding.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

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

struct AnalysisOptions {
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
  /// Launches in the other translation units of the project: they shape the
  /// kernels that this translation unit defines and does not launch.
  LaunchMap ProjectLaunches;
};

/// Whether the llvm::GlobPattern \p Glob (`*`, `?`, `[abc]`, `{a,b}`)
/// matches \p Kernel's full name (`ns::k<float>`), its name without template
/// arguments (`ns::k`) or its unqualified name (`k`). An invalid glob
/// matches nothing.
bool kernelGlobMatches(llvm::StringRef Glob, llvm::StringRef Kernel);

/// A finding with the Clang locations needed to print a caret.
struct LocatedFinding {
  Finding Data;
  clang::SourceLocation Loc;
  clang::SourceRange Range;
};

/// A kernel with a body that has no global-memory access.
struct QuietKernel {
  std::string Kernel;
  SourcePoint Where;
};

/// A kernel that reads through texture or surface objects: those reads go
/// through the texture path, are not global-memory accesses and are not
/// analysed; said once per kernel so that nobody takes them for covered.
struct TextureReads {
  std::string Kernel;
  SourcePoint Where; // the first fetch
  unsigned Count = 0;
};

struct TranslationUnitResult {
  std::vector<LocatedFinding> Findings;
  std::vector<QuietKernel> KernelsWithoutAccesses;
  std::vector<TextureReads> KernelsReadingTextures;
  unsigned KernelsAnalysed = 0;
  /// Kernels left out because code they run did not compile.
  std::vector<std::string> KernelsWithErrors;
  /// Every launch written in this translation unit.
  LaunchMap Launches;
  /// Kernels with accesses that no launch of this translation unit names.
  std::vector<std::string> KernelsWithoutLaunch;
};

/// \p CompileErrors: where the parse reported errors; kernels whose body
/// holds one, or that reach code that did not compile, are left out.
TranslationUnitResult analyzeTranslationUnit(
    clang::ASTContext &Ctx, const AnalysisOptions &Opts,
    const std::vector<clang::SourceLocation> &CompileErrors = {});

/// Per location, whether it lies in the body of a function compiled for the
/// host only. A compile error there leaves every kernel intact.
std::vector<bool>
inHostOnlyCode(clang::ASTContext &Ctx,
               const std::vector<clang::SourceLocation> &Locations);

} // namespace cudacoalesce

#endif
