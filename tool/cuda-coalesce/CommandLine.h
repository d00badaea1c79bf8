//===- tool/cuda-coalesce/CommandLine.h - What both commands parse alike --===//
#ifndef CUDA_COALESCE_TOOL_COMMANDLINE_H
#define CUDA_COALESCE_TOOL_COMMANDLINE_H

#include "cuda-coalesce/Driver/Runner.h"

#include <string>
#include <vector>

namespace cudacoalesce {

/// llvm::cl's parse of the options (of the subcommand Argv names, if any);
/// false with \p Error, the first line of what llvm::cl said (empty where
/// the option reported itself on stderr, as an invalid value does).
bool parseOptions(int Argc, const char **Argv, const char *Overview,
                  std::string &Error);

/// The analysis flags of `cuda-coalesce` and `cuda-coalesce verify`.
struct AnalysisFlags {
  std::vector<std::string> Files;
  std::string BuildDir, Arch, BlockDim, CudaPath;
  bool NoCudaToolkit = false;
  unsigned Jobs = 0; // 0: one per hardware thread
};

/// Sets \p Opts' files, toolchain (architecture, resource directory, CUDA
/// toolkit), block shape and jobs from \p Flags; false with \p Error (one
/// line) on a bad --block-dim or a CUDA toolkit that is not there.
bool applyAnalysisFlags(const AnalysisFlags &Flags, RunOptions &Opts,
                        std::string &Error);

} // namespace cudacoalesce

#endif
