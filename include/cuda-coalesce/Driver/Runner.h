//===- Driver/Runner.h - Analyse a list of source files --------*- C++ -*-===//
//
// Runs the device-side parse of each file and hands every translation unit,
// with the analysis results, to a consumer while its AST is alive (text
// diagnostics need the source manager). A file that cannot be analysed gets
// one line of reason; the other files are analysed all the same.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_RUNNER_H
#define CUDA_COALESCE_DRIVER_RUNNER_H

#include "cuda-coalesce/Driver/CompileSetup.h"
#include "cuda-coalesce/Frontend/KernelAnalysis.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace cudacoalesce {

struct RunOptions {
  std::vector<std::string> Files;
  std::string BuildDir; // -p: compile_commands.json lives here
  std::optional<std::vector<std::string>> ExtraFlags; // after `--`
  ToolchainSetup Toolchain;
  AnalysisOptions Analysis;
};

struct FileOutcome {
  std::string File;
  bool Failed = false;
  std::string Error; // one line, when Failed
  unsigned Kernels = 0;
};

class TranslationUnitConsumer {
public:
  virtual ~TranslationUnitConsumer() = default;
  virtual void handle(const std::string &File, clang::ASTContext &AST,
                      const TranslationUnitResult &Result) = 0;
};

/// Analyses every file; \p SetupError is set (and nothing analysed) when the
/// compile database cannot be read.
std::vector<FileOutcome> analyzeFiles(const RunOptions &Opts,
                                      TranslationUnitConsumer &Consumer,
                                      std::string &SetupError);

/// Whether \p Candidate parses without errors under the compile command of
/// \p File (\p Candidate standing in for it); the first error otherwise.
bool parsesCleanly(const RunOptions &Opts, const std::string &File,
                   const std::string &Candidate, std::string &Error);

} // namespace cudacoalesce

#endif
