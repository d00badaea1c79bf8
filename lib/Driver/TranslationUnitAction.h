//===- Driver/TranslationUnitAction.h - One parse of a file ----*- C++ -*-===//
//
// What happens inside one device-side Clang parse of a file: its compile
// errors collected (those in host-only code leave the kernels intact),
// headers not found parsed as empty, the analysis run on the AST and handed
// to the consumer, the findings NOLINT silences set aside, the CPU time of
// the parse and of the analysis measured.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_TRANSLATIONUNITACTION_H
#define CUDA_COALESCE_DRIVER_TRANSLATIONUNITACTION_H

#include "cuda-coalesce/Driver/Runner.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"

#include <memory>
#include <string>
#include <vector>

namespace cudacoalesce {

/// One line per compile error ("file:line:col: message"), with where it is.
class ErrorCollector : public clang::DiagnosticConsumer {
public:
  struct Error {
    clang::SourceLocation
        Where; // a file location; invalid for errors without one
    std::string Text;
  };

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

  std::vector<Error> Errors;
  /// Errors nvcc only warns about (nvccAccepts), kept apart from Errors.
  std::vector<Error> NvccAccepted;
  bool Fatal = false;
};

/// What the action learns about one translation unit beyond the outcome.
struct ParseState {
  const ErrorCollector &Errors;
  const std::vector<std::string> &InputRealPaths;
  bool ParseOnly = false; // RunOptions::ParseOnly
  bool Analysed = false;
  std::string BlockingError; // the first error outside host-only code
  std::vector<std::string> MissingHeaders; // skipped, as spelled
};

/// The actions that parse a file and analyse it into \p Outcome.
std::unique_ptr<clang::tooling::FrontendActionFactory>
analysisActions(const AnalysisOptions &Opts, const TranslationUnitConsumer &Out,
                FileOutcome &Outcome, ParseState &State);

/// -p's compile_commands.json (response files expanded), or the flags
/// after `--` (or none) for all.
std::unique_ptr<clang::tooling::CompilationDatabase>
openDatabase(const RunOptions &Opts, std::string &Error);

/// The device-side parse command (Driver/CompileSetup.h) of each file.
clang::tooling::ArgumentsAdjuster
deviceParseAdjuster(const ToolchainSetup &Toolchain);

} // namespace cudacoalesce

#endif
