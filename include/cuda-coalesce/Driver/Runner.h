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
// Each file follows the project configuration nearest to it (see
// Policy/ProjectConfig.h): its kernels' block shapes, whether it is skipped,
// which findings fail the run; that configuration also applies to what the
// file's translation unit reports from headers. Flagged findings that a
// NOLINT comment silences (see Policy/NoLint.h) are set aside, not reported.
// A file that cannot be analysed gets one line of reason; the other files
// are analysed all the same, also when one exceeds the time or memory
// limit or crashes the parse (each file is parsed in a process of its own).
// Compile errors inside host-only functions do not stop the analysis of the
// kernels; they are counted instead. Outcomes come back in input order whatever
// the number of jobs.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_RUNNER_H
#define CUDA_COALESCE_DRIVER_RUNNER_H

#include "cuda-coalesce/Driver/CompileSetup.h"
#include "cuda-coalesce/Driver/Isolation.h"
#include "cuda-coalesce/Driver/Shard.h"
#include "cuda-coalesce/Driver/SharedPreamble.h"
#include "cuda-coalesce/Frontend/KernelAnalysis.h"
#include "cuda-coalesce/Policy/Baseline.h"

#include <csignal>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace cudacoalesce {

struct FileOutcome;
class ResultCache;

struct RunOptions {
  std::vector<std::string> Files;
  std::string BuildDir; // -p: compile_commands.json lives here
  std::optional<std::vector<std::string>> ExtraFlags; // after `--`
  ToolchainSetup Toolchain;
  AnalysisOptions Analysis;
  /// Read each file's .cuda-coalesce.yaml.
  bool UseProjectConfig = true;
  unsigned Jobs = 1; // files parsed at once
  /// Each file in a child process of its own (Driver/Isolation.h), under
  /// Limits: a file that hangs or crashes Clang fails alone. Without it the
  /// files are parsed on threads of this process and Limits do not apply.
  bool Isolate = true;
  ChildLimits Limits;
  /// Parse each file exactly as for the analysis and analyse nothing: the
  /// floor the benchmark (bench/run.py) measures the analysis against.
  bool ParseOnly = false;
  /// Parse the CUDA headers once for the files that share a device parse
  /// command (a precompiled preamble, Driver/SharedPreamble.h).
  bool SharePreamble = true;
  /// Called once, after the files were analysed, when SharePreamble.
  std::function<void(const PreambleStats &)> PreambleReport;
  /// Called after each file's first pass (serialised; Done counts files).
  std::function<void(size_t Done, size_t Total, const std::string &File)>
      Progress;
  /// Called after every pass over a file (serialised): the first, the
  /// parse of another file for its launches only, and the second analysis
  /// of a file whose kernels are launched elsewhere. \p Outcome holds that
  /// pass's ParseSeconds and AnalysisSeconds (--print-phase-times).
  std::function<void(llvm::StringRef Pass, const FileOutcome &Outcome)>
      PassDone;
  /// Called once per input, in input order (but see FileDoneAsFinal), as
  /// soon as its findings are final (no later pass can change them) and
  /// those of the inputs before it were given: what a streaming front end
  /// prints (serialised). The project configuration is applied; the
  /// dedupe across files is not.
  std::function<void(const FileOutcome &Outcome)> FileDone;
  /// FileDone as soon as each input is final, whatever the inputs before
  /// it: a reader at a terminal sees a fast file's findings while a slow
  /// file is still analysed (still one call per input, serialised).
  bool FileDoneAsFinal = false;
  /// Called about every second while files are parsed (serialised): each
  /// file being analysed with the seconds it has taken so far, and the
  /// input FileDone waits for (empty when it waits for none). With Isolate
  /// only.
  std::function<void(const std::vector<std::pair<std::string, double>> &Running,
                     const std::string &WaitingFor)>
      Heartbeat;
  /// Set by a signal handler to stop the run: no file starts, those being
  /// analysed are stopped, and each file not analysed is an outcome that
  /// failed with Interrupted set; what finished is kept and handed out.
  const volatile std::sig_atomic_t *Stop = nullptr;
  /// Analyse only this part of Files (Driver/Shard.h); the others are
  /// parsed for their launches where they name a kernel this part leaves
  /// unlaunched, and are not in the outcomes.
  ShardSpec Shard;
  /// With Shard: each outcome of the part, by its index in Files, before
  /// the steps across files (a file analysed through its includer, a
  /// finding reported by several files) that `merge` redoes over all parts.
  /// \p Analysed: parsed, neither skipped nor misconfigured.
  std::function<void(size_t Index, bool Analysed, const FileOutcome &Outcome)>
      ShardOutcome;
  /// Each analysis looked up first, and kept after (--cache-dir); none
  /// where null. \p CacheSalt: what else decides an outcome, that the
  /// front end knows of (how its consumer renders findings).
  std::shared_ptr<ResultCache> Cache;
  std::string CacheSalt;
};

/// A finding with whatever the consumer rendered for it (text diagnostics).
struct ReportedFinding {
  Finding Data;
  std::string Text;
  /// Flagged with a pattern the file's configuration fails the run on
  /// (every flagged pattern without one); set after the consumer ran.
  bool FailsRun = false;
};

struct FileOutcome {
  std::string File;
  bool Failed = false;
  std::string Error; // one line, when Failed
  /// Failed because the run was stopped (RunOptions::Stop) before it was
  /// analysed.
  bool Interrupted = false;
  unsigned Kernels = 0;
  unsigned KernelsWithErrors = 0; // left out: code they run did not compile
  /// Compile errors in host-only functions (the kernels were analysed).
  unsigned HostErrors = 0;
  std::string FirstHostError;
  /// Headers not found (as #include spells them) that were parsed as empty
  /// files: host-only ones (omp.h, mpi.h) do not stop the kernels.
  std::vector<std::string> MissingHeaders;
  /// The file that #includes this one and was analysed in its place: an
  /// input, or a file of the compile database when this one is not in it.
  std::string AnalysedThrough;
  /// Not in the compile database: where its command was inferred from
  /// ("inferred from src/neighbour.cu").
  std::string CommandInferredFrom;
  std::vector<ReportedFinding> Findings;
  std::string
      Remarks; // rendered by the consumer, e.g. kernels without accesses
  /// The .cuda-coalesce.yaml that applied; empty when none did.
  std::string ConfigFile;
  bool Skipped = false; // a skip glob of ConfigFile names it: not analysed
  /// Flagged findings silenced by NOLINT comments: not in Findings.
  std::vector<Finding> Suppressed;
  /// Findings left out because the baseline has them (applyBaseline).
  size_t InBaseline = 0;
  /// CPU seconds of the last pass over the file: Clang's parse (with the
  /// CUDA headers), then the analysis of the translation unit. Measured in
  /// one process, so the benchmark's ratio is free of process-to-process
  /// noise (bench/run.py, --print-phase-times).
  double ParseSeconds = 0, AnalysisSeconds = 0;

  // What the project passes need.
  std::string CommandDirectory; // relative paths in findings start here
  std::vector<std::string> IncludedInputs; // other inputs this file #includes
  /// Every file the translation unit read (real paths, sorted; the CUDA
  /// headers of a shared preamble aside): what a cached result depends on
  /// (Driver/ResultCache.h).
  std::vector<std::string> FilesRead;
  LaunchMap Launches;
  std::vector<std::string> KernelsWithoutLaunch;
};

/// Turns a translation unit's results into the outcome's findings and
/// text, taking what it keeps from \p Result. Called from the thread that
/// parsed the file, once per analysis of it (a second analysis replaces the
/// first outcome).
class TranslationUnitConsumer {
public:
  virtual ~TranslationUnitConsumer() = default;
  virtual void handle(clang::ASTContext &AST, TranslationUnitResult &&Result,
                      FileOutcome &Out) const = 0;
};

/// Analyses every file; \p SetupError is set (and nothing analysed) when the
/// compile database cannot be read. With a compile database (-p), a file it
/// does not list is analysed through a file of it that #includes it, else
/// with a command inferred from a neighbour; kernels that no input launches
/// take their shapes from the launches in the database's other files.
std::vector<FileOutcome> analyzeFiles(const RunOptions &Opts,
                                      const TranslationUnitConsumer &Consumer,
                                      std::string &SetupError);

/// The CUDA sources of BUILD_DIR/compile_commands.json, each once, in the
/// database's order; \p Others counts the files left out (host code).
/// False with \p Error when the database cannot be read.
bool databaseSources(const std::string &BuildDir,
                     std::vector<std::string> &Sources, size_t &Others,
                     std::string &Error);

/// The steps of a run across its files, over \p Outcomes in input order:
/// a file of \p Analysed (parsed, not skipped) that failed alone but that
/// another file #includes is analysed through that file; an access several
/// files report is left to the first. analyzeFiles takes them; `merge` takes
/// them again over every shard's outcomes.
void joinAcrossFiles(std::vector<FileOutcome> &Outcomes,
                     const std::vector<size_t> &Analysed);

/// The absolute path of the file \p F is in (paths in findings may be
/// relative to the compile command's directory).
std::string absoluteFindingPath(const FileOutcome &O, const Finding &F);

/// What --baseline did.
struct BaselineResult {
  bool Written = false; // the file did not exist, or Update: it was written
  size_t Recorded = 0;  // entries written
  size_t Known = 0;     // findings left out as already in it
  /// Entries of the files this run analysed that no finding matches any
  /// more (fixed, or changed beyond recognition).
  std::vector<BaselineEntry> Stale;
  size_t Dropped = 0; // stale entries --update-baseline left out
};

/// Leaves out of \p Outcomes the flagged findings that the baseline file
/// \p Path has (Policy/Baseline.h), and finds its stale entries. When
/// \p Path does not exist, or with \p Update, first writes every flagged
/// finding to it (so none is left), with the entries of files this run did
/// not analyse kept and the stale ones dropped.
/// False with \p Error, and \p Outcomes unchanged, when the file cannot be
/// read or written.
bool applyBaseline(std::vector<FileOutcome> &Outcomes, const std::string &Path,
                   bool Update, BaselineResult &Result, std::string &Error);

/// Whether \p Candidate parses without errors under the compile command of
/// \p File (\p Candidate standing in for it); the first error otherwise.
bool parsesCleanly(const RunOptions &Opts, const std::string &File,
                   const std::string &Candidate, std::string &Error);

} // namespace cudacoalesce

#endif
