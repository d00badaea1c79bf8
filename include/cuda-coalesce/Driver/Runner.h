//===- Driver/Runner.h - Analyse the files of a project ---------*- C++ -*-===//
//
// Runs the device-side parse of each file (several at once with Jobs > 1)
// and hands every translation unit, with the analysis results, to a
// consumer while its AST is alive (text diagnostics need the source
// manager). The files are then treated as one project:
//   - a kernel that its own file does not launch takes its shapes from the
//     launches in the other files (that file is analysed again with them);
//   - a file that does not compile alone but is #included by another input
//     that was analysed is reported as analysed through that file;
//   - an access reported by several files (a header, an included kernel
//     file) is reported once, by the first file in input order.
// A file that cannot be analysed gets one line of reason; the other files
// are analysed all the same. Compile errors inside host-only functions do
// not stop the analysis of the kernels; they are counted instead.
// Outcomes come back in input order whatever the number of jobs.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_RUNNER_H
#define CUDA_COALESCE_DRIVER_RUNNER_H

#include "cuda-coalesce/Driver/CompileSetup.h"
#include "cuda-coalesce/Frontend/KernelAnalysis.h"

#include <functional>
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
  unsigned Jobs = 1; // files parsed at once
  /// Called after each file's first pass (serialised; Done counts files).
  std::function<void(size_t Done, size_t Total, const std::string &File)>
      Progress;
};

/// A finding with whatever the consumer rendered for it (text diagnostics).
struct ReportedFinding {
  Finding Data;
  std::string Text;
};

struct FileOutcome {
  std::string File;
  bool Failed = false;
  std::string Error; // one line, when Failed
  unsigned Kernels = 0;
  unsigned KernelsWithErrors = 0; // left out: code they run did not compile
  /// Compile errors in host-only functions (the kernels were analysed).
  unsigned HostErrors = 0;
  std::string FirstHostError;
  /// The input that #includes this file and was analysed in its place.
  std::string AnalysedThrough;
  std::vector<ReportedFinding> Findings;
  std::string
      Remarks; // rendered by the consumer, e.g. kernels without accesses

  // What the project passes need.
  std::string CommandDirectory; // relative paths in findings start here
  std::vector<std::string> IncludedInputs; // other inputs this file #includes
  LaunchMap Launches;
  std::vector<std::string> KernelsWithoutLaunch;
};

/// Turns a translation unit's results into the outcome's findings and
/// text. Called from the thread that parsed the file, once per analysis of
/// it (a second analysis replaces the first outcome).
class TranslationUnitConsumer {
public:
  virtual ~TranslationUnitConsumer() = default;
  virtual void handle(clang::ASTContext &AST,
                      const TranslationUnitResult &Result,
                      FileOutcome &Out) const = 0;
};

/// Analyses every file; \p SetupError is set (and nothing analysed) when the
/// compile database cannot be read.
std::vector<FileOutcome> analyzeFiles(const RunOptions &Opts,
                                      const TranslationUnitConsumer &Consumer,
                                      std::string &SetupError);

/// Whether \p Candidate parses without errors under the compile command of
/// \p File (\p Candidate standing in for it); the first error otherwise.
bool parsesCleanly(const RunOptions &Opts, const std::string &File,
                   const std::string &Candidate, std::string &Error);

} // namespace cudacoalesce

#endif
