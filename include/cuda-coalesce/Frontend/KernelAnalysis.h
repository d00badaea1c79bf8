//===- Frontend/KernelAnalysis.h - Kernels of a translation unit -*- C++ -*-===//
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

#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace cudacoalesce {

struct AnalysisOptions {
  /// --block-dim: overrides launch sites and __launch_bounds__.
  std::optional<model::Dim3> BlockDim;
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

struct TranslationUnitResult {
  std::vector<LocatedFinding> Findings;
  std::vector<QuietKernel> KernelsWithoutAccesses;
  unsigned KernelsAnalysed = 0;
};

TranslationUnitResult analyzeTranslationUnit(clang::ASTContext &Ctx,
                                             const AnalysisOptions &Opts);

} // namespace cudacoalesce

#endif
