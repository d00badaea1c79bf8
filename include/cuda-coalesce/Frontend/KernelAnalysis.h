//===- Frontend/KernelAnalysis.h - Kernels of a translation unit -*- C++
//-*-===//
//
// Finds every kernel (each template instantiation separately) and every
// `<<<grid, block>>>` launch of a translation unit, derives the symbolic
// address of each global load, store and atomic, and predicts it under each
// launch shape (Policy/LaunchShapes.h) with the warp model.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_FRONTEND_KERNELANALYSIS_H
#define CUDA_COALESCE_FRONTEND_KERNELANALYSIS_H

#include "cuda-coalesce/Frontend/Finding.h"
#include "cuda-coalesce/Policy/LaunchShapes.h"

#include "clang/Basic/SourceLocation.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace cudacoalesce {

/// What the analysis of a translation unit is told: the block-shape
/// settings (Policy/LaunchShapes.h) and the project's other launches.
struct AnalysisOptions : BlockShapeSettings {
  /// Launches in the other translation units of the project: they shape the
  /// kernels that this translation unit defines and does not launch.
  LaunchMap ProjectLaunches;
};

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

/// What the parse reported in device code.
struct CompileErrors {
  /// Where the errors are; kernels whose body holds one, or that reach code
  /// that did not compile, are left out.
  std::vector<clang::SourceLocation> Where;
  /// Whether the parse also reported errors that nvcc only warns about (a
  /// __shared__ object of a class with a constructor: nvcc does not run it).
  /// Clang marks such a declaration invalid and keeps each use of it as an
  /// expression that holds errors; where no other error was reported, those
  /// expressions are walked as calls that may write any memory.
  bool NvccAccepted = false;
};

TranslationUnitResult analyzeTranslationUnit(clang::ASTContext &Ctx,
                                             const AnalysisOptions &Opts,
                                             const CompileErrors &Errors = {});

/// Per location, whether it lies in the body of a function compiled for the
/// host only. A compile error there leaves every kernel intact.
std::vector<bool>
inHostOnlyCode(clang::ASTContext &Ctx,
               const std::vector<clang::SourceLocation> &Locations);

} // namespace cudacoalesce

#endif
