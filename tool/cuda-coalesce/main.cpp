//===- tool/cuda-coalesce/main.cpp - The command-line front end -----------===//
//
// Parses options, runs the library over the files, prints. Exit status: 0 no
// finding that fails the run (NOLINT, the baseline and the configuration's
// fail-on decide), 1 findings, 2 the tool could not do its job (usage, a
// missing or unparsable file, a file over --timeout or --max-memory or that
// crashed the parse, an unreadable compile database, an invalid
// configuration or baseline); other files are still analysed and reported.
// SIGINT or SIGTERM stops the run: what finished is reported, the other
// files are listed as not analysed, and the exit status is 128 + the signal.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "RunProgress.h"
#include "ScaleOptions.h"
#include "VerifyCommand.h"
#include "cuda-coalesce/Driver/ApplyFixes.h"
#include "cuda-coalesce/Driver/CompileDatabase.h"
#include "cuda-coalesce/Driver/Runner.h"
#include "cuda-coalesce/Report/FindingGroups.h"
#include "cuda-coalesce/Report/HtmlReport.h"
#include "cuda-coalesce/Report/JsonReport.h"
#include "cuda-coalesce/Report/MarkdownReport.h"
#include "cuda-coalesce/Report/SarifReport.h"
#include "cuda-coalesce/Report/TextReport.h"
#include "cuda-coalesce/Report/Traffic.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <map>
#include <set>

#include <cstring>

#include <malloc.h>

using namespace cudacoalesce;
namespace cl = llvm::cl;

namespace {

/// Interrupted: 128 + the signal (130 for SIGINT, 143 for SIGTERM), as a
/// shell reports a process a signal ended.
enum ExitCode {
  ExitClean = 0,
  ExitFindings = 1,
  ExitError = 2,
  ExitInterrupted = 128
};
enum class OutputFormat { Text, Json, Sarif, Markdown, Html };
enum class TextOrder { Auto, Input, Finished };

cl::OptionCategory Category("cuda-coalesce options");
cl::list<std::string>
    Files(cl::Positional,
          cl::desc("<file.cu>... (with -p and none: every CUDA file of the "
                   "compile database)"),
          cl::cat(Category));
cl::opt<std::string>
    BuildDir("p", cl::desc("Build directory with compile_commands.json"),
             cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string>
    Arch("arch", cl::desc("GPU architecture when the command names none"),
         cl::init("sm_90"), cl::value_desc("sm_XX"), cl::cat(Category));
cl::opt<std::string>
    CudaPath("cuda-path",
             cl::desc("CUDA toolkit (default: $CUDA_PATH, nvcc on PATH, "
                      "/usr/local/cuda, else the built-in shim)"),
             cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool>
    NoCudaToolkit("no-cuda-toolkit",
                  cl::desc("Parse with the built-in CUDA header shim"),
                  cl::cat(Category));
cl::opt<std::string>
    BlockDim("block-dim", cl::desc("Block shape for every kernel: X[,Y[,Z]]"),
             cl::value_desc("X,Y,Z"), cl::cat(Category));
cl::opt<OutputFormat> Format(
    "format", cl::desc("Output format"), cl::init(OutputFormat::Text),
    cl::values(
        clEnumValN(OutputFormat::Text, "text", "Clang-style diagnostics"),
        clEnumValN(OutputFormat::Json, "json", "One JSON document"),
        clEnumValN(OutputFormat::Sarif, "sarif",
                   "SARIF 2.1.0 for code scanning (paths relative to the "
                   "current directory)"),
        clEnumValN(OutputFormat::Markdown, "markdown",
                   "Audit report for reviewers, in Markdown"),
        clEnumValN(OutputFormat::Html, "html",
                   "Audit report for reviewers, one self-contained HTML "
                   "page")),
    cl::cat(Category));
// The benchmark's floor (bench/run.py): the same parse, no analysis.
cl::opt<bool> ParseOnly("parse-only", cl::Hidden,
                        cl::desc("Parse each file as for the analysis, "
                                 "analyse nothing (benchmarking)"),
                        cl::cat(Category));
cl::opt<bool> PrintPhaseTimes(
    "print-phase-times", cl::Hidden,
    cl::desc("Print each file's CPU time in Clang's parse and in the "
             "analysis to stderr (benchmarking)"),
    cl::cat(Category));
cl::opt<bool> NoSharedPreamble(
    "no-shared-preamble",
    cl::desc("Parse the CUDA headers again for every file (no precompiled "
             "preamble)"),
    cl::cat(Category));
cl::opt<bool> PrintPreambleStats(
    "print-preamble-stats", cl::Hidden,
    cl::desc("Say on stderr how many shared preambles were built and used"),
    cl::cat(Category));
cl::opt<bool> Fix("fix",
                  cl::desc("Apply the mechanical fixes to the files analysed "
                           "(atomically, only when the result still compiles)"),
                  cl::cat(Category));
cl::opt<std::string> ExportFixes("export-fixes",
                                 cl::desc("Write the mechanical fixes as "
                                          "clang-apply-replacements YAML"),
                                 cl::value_desc("file"), cl::cat(Category));
cl::opt<unsigned>
    Jobs("j",
         cl::desc("Files analysed at once (default: one per hardware thread)"),
         cl::value_desc("N"), cl::init(0), cl::Prefix, cl::cat(Category));
cl::opt<unsigned>
    Timeout("timeout",
            cl::desc("Give up on a file after SECONDS of parsing and analysis "
                     "(default: 600; 0: no limit)"),
            cl::value_desc("seconds"), cl::init(600), cl::cat(Category));
cl::opt<unsigned>
    MaxMemory("max-memory",
              cl::desc("Give up on a file whose analysis needs more than MIB "
                       "of memory (default: 8192; 0: no limit)"),
              cl::value_desc("MiB"), cl::init(8192), cl::cat(Category));
// Parsing on threads of one process: for debuggers, and to compare.
cl::opt<bool> InProcess("in-process", cl::Hidden,
                        cl::desc("Parse the files on threads of this process "
                                 "(no --timeout or --max-memory)"),
                        cl::cat(Category));
cl::opt<std::string> Baseline(
    "baseline",
    cl::desc("Report only findings not in FILE; write FILE if missing"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> UpdateBaseline("update-baseline",
                             cl::desc("Rewrite the --baseline file with "
                                      "today's findings"),
                             cl::cat(Category));
cl::opt<std::string> ExportCompileCommands(
    "export-compile-commands",
    cl::desc("Write DIR/compile_commands.json with the -p database's "
             "commands as clangd and clang-tidy take them (nvcc's "
             "translated, the device side), then exit"),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<TextOrder> Order(
    "text-order",
    cl::desc("Order of the text's files (default: as each finishes where "
             "stdout is a terminal, else input order)"),
    cl::init(TextOrder::Auto),
    cl::values(clEnumValN(TextOrder::Auto, "auto",
                          "finished where stdout is a terminal, else input"),
               clEnumValN(TextOrder::Input, "input",
                          "the order of the inputs, whatever -j"),
               clEnumValN(TextOrder::Finished, "finished",
                          "each file's findings as soon as it is done")),
    cl::cat(Category));
cl::opt<bool>
    ShowAll("show-all",
            cl::desc("Also report coalesced, uniform and undecided accesses"),
            cl::cat(Category));

void error(const std::string &Message) {
  llvm::errs() << "cuda-coalesce: error: " << Message << "\n";
}

void note(const std::string &Message) {
  llvm::errs() << "cuda-coalesce: note: " << Message << "\n";
}

/// Keeps every finding; renders the ones the text output shows.
class Printer : public TranslationUnitConsumer {
public:
  explicit Printer(bool Color) : Color(Color) {}

  void handle(clang::ASTContext &AST, TranslationUnitResult &&Result,
              FileOutcome &Out) const override {
    // One diagnostic per access as written: the worst of its kernel
    // instances and launches, naming the others.
    std::vector<const Finding *> Shown;
    std::map<const Finding *, const LocatedFinding *> Located;
    for (const LocatedFinding &F : Result.Findings) {
      Located[&F.Data] = &F;
      if (ShowAll || F.Data.isFlagged())
        Shown.push_back(&F.Data);
    }
    std::map<const Finding *, std::string> Text;
    if (Format == OutputFormat::Text || runIsShard())
      for (const FindingGroup &G : groupBySourceAccess(Shown)) {
        llvm::raw_string_ostream OS(Text[G.Worst]);
        std::vector<std::string> Notes;
        if (!G.Others.empty())
          Notes = {instanceSummaryNote(G), otherInstancesNote(G)};
        printFinding(OS, AST, *Located[G.Worst], Color, Notes);
      }
    Out.Findings.reserve(Out.Findings.size() + Result.Findings.size());
    for (LocatedFinding &F : Result.Findings) {
      auto It = Text.find(&F.Data);
      Out.Findings.push_back({std::move(F.Data), It == Text.end()
                                                     ? std::string()
                                                     : std::move(It->second)});
    }
    // Remarks, like coalesced accesses, only when asked for: on a large
    // code base they drown the warnings.
    if ((Format == OutputFormat::Text || runIsShard()) && ShowAll) {
      llvm::raw_string_ostream OS(Out.Remarks);
      for (const QuietKernel &K : Result.KernelsWithoutAccesses)
        printQuietKernel(OS, K);
      for (const TextureReads &T : Result.KernelsReadingTextures)
        printTextureReads(OS, T);
    }
  }

private:
  bool Color;
};

/// "does not compile: a.cu:3:1: unknown type 'x'" -> "does not compile:
/// unknown type 'x'", so that files failing alike are counted together.
std::string reasonWithoutPlace(const std::string &Error) {
  llvm::StringRef E(Error);
  auto [Head, Rest] = E.split(": ");
  size_t Place = Rest.find(": ");
  if (!Rest.empty() && Place != llvm::StringRef::npos &&
      Rest.take_front(Place).count(':') >= 2)
    Rest = Rest.drop_front(Place + 2);
  Rest = Rest.split(" (and ").first.split("; the ").first;
  return Rest.empty() ? Error : (Head + ": " + Rest).str();
}

/// 'a', 'b' and 'c'.
std::string joinQuoted(const std::vector<std::string> &Names) {
  std::string Out;
  for (size_t I = 0; I < Names.size(); ++I) {
    if (I > 0)
      Out += I + 1 == Names.size() ? " and " : ", ";
    Out += "'" + Names[I] + "'";
  }
  return Out;
}

std::string counted(size_t N, const std::string &Noun) {
  if (N != 1 && Noun.back() == 'y')
    return std::to_string(N) + " " + Noun.substr(0, Noun.size() - 1) + "ies";
  return std::to_string(N) + " " + Noun +
         (N == 1               ? ""
          : Noun.back() == 's' ? "es"
                               : "s");
}

/// Files, kernels, accesses by pattern, and why files failed.
void printSummary(llvm::raw_ostream &OS,
                  const std::vector<FileOutcome> &Outcomes,
                  const std::vector<Finding> &All, size_t Suppressed,
                  int Signal) {
  size_t Failed = 0, Through = 0, WithHostErrors = 0, Accesses = 0, Skipped = 0,
         Known = 0, NotAnalysed = 0;
  unsigned Kernels = 0;
  std::map<std::string, size_t> ByPattern, ByReason;
  for (const FileOutcome &O : Outcomes) {
    Kernels += O.Kernels;
    Through += !O.AnalysedThrough.empty();
    WithHostErrors += O.HostErrors > 0;
    Skipped += O.Skipped;
    Known += O.InBaseline;
    if (O.Interrupted)
      ++NotAnalysed;
    else if (O.Failed) {
      ++Failed;
      ++ByReason[reasonWithoutPlace(O.Error)];
    }
  }
  for (const Finding &F : All) {
    ++Accesses;
    ++ByPattern[model::patternName(F.Prediction.Kind)];
  }
  FindingCount Count;
  Count.add(All);
  OS << "cuda-coalesce: summary: ";
  if (Signal)
    OS << "interrupted by " << signalName(Signal) << ": ";
  OS << Outcomes.size() << " files, "
     << Outcomes.size() - Failed - Skipped - NotAnalysed << " analysed";
  if (NotAnalysed)
    OS << ", " << NotAnalysed << " not analysed";
  if (Through)
    OS << " (" << Through << " through a file that includes them)";
  if (WithHostErrors)
    OS << " (" << WithHostErrors << " despite errors in host code)";
  if (Skipped)
    OS << ", " << Skipped << " skipped";
  OS << ", " << Failed << " failed; " << counted(Kernels, "kernel") << "; "
     << counted(Accesses, "access");
  const char *Separator = ": ";
  for (const auto &[Pattern, Count] : ByPattern) {
    OS << Separator << Count << " " << Pattern;
    Separator = ", ";
  }
  OS << "; " << findingCountText(Count);
  if (Suppressed)
    OS << ", " << counted(Suppressed, "finding") << " suppressed by NOLINT";
  if (Known)
    OS << ", " << Known << " in the baseline";
  OS << "\n";
  std::vector<std::pair<size_t, std::string>> Reasons;
  for (const auto &[Reason, Count] : ByReason)
    Reasons.push_back({Count, Reason});
  llvm::sort(Reasons,
             [](const auto &A, const auto &B) { return A.first > B.first; });
  for (const auto &[Count, Reason] : Reasons)
    OS << "cuda-coalesce: summary: " << Count
       << (Count == 1 ? " file: " : " files: ") << Reason << "\n";
}

/// The flagged accesses that waste the most global bytes per launch.
void printCostliest(llvm::raw_ostream &OS, const std::vector<Finding> &All,
                    llvm::StringRef Arch) {
  constexpr size_t Shown = 3;
  size_t N = 0;
  // Sites, as the findings are counted: an access's worst instance.
  std::set<std::string> Sites;
  for (const Finding *F : traffic::rankedByWaste(All)) {
    std::optional<double> Bytes = F->wastedBytesPerLaunch();
    if (!Bytes || *Bytes <= 0)
      break;
    if (!Sites.insert(siteKey(*F)).second)
      continue;
    if (N++ == Shown)
      break;
    OS << "cuda-coalesce: costliest: " << F->Where.File << ":" << F->Where.Line
       << ": " << model::patternName(F->Prediction.Kind) << " "
       << accessKindName(F->Kind) << " of '" << F->BaseName << "' in kernel '"
       << F->Kernel << "': " << llvm::format("%.1f MiB", *Bytes / 1048576.0)
       << " wasted per launch (about "
       << llvm::format("%.1f",
                       *Bytes / traffic::bandwidthBytesPerSecond(Arch) * 1e6)
       << " us at the " << traffic::bandwidthSource(Arch)
       << "'s bandwidth, an estimate)\n";
  }
}

/// Everything after `--` is the compile command's flags: the tool's own
/// arguments end there.
int toolArguments(int Argc, const char **Argv,
                  std::optional<std::vector<std::string>> &ExtraFlags) {
  for (int I = 1; I < Argc; ++I)
    if (std::strcmp(Argv[I], "--") == 0) {
      ExtraFlags.emplace(Argv + I + 1, Argv + Argc);
      return I;
    }
  return Argc;
}

bool parseToolOptions(int Argc, const char **Argv) {
  cl::HideUnrelatedOptions({&Category, &scaleCategory()});
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "cuda-coalesce " << CUDA_COALESCE_VERSION << " (LLVM "
       << LLVM_VERSION_STRING << ")\n";
  });
  std::string ParseError;
  if (parseOptions(Argc, Argv,
                   "Predicts the memory coalescing of every global access "
                   "in CUDA kernels\n",
                   ParseError))
    return true;
  if (!ParseError.empty())
    error(ParseError);
  return false;
}

/// --export-compile-commands: the -p database translated, nothing analysed.
int exportCommands() {
  if (BuildDir.empty()) {
    error("--export-compile-commands needs -p BUILD_DIR (the database to "
          "translate)");
    return ExitError;
  }
  ToolchainSetup Setup;
  Setup.Arch = Arch;
  Setup.ResourceDir = defaultResourceDir();
  if (!NoCudaToolkit) {
    std::string CudaError;
    Setup.CudaPath = findCudaToolkit(CudaPath, CudaError);
    if (!CudaError.empty()) {
      error(CudaError);
      return ExitError;
    }
  }
  std::string Error;
  auto DB = loadCompileDatabase(BuildDir, Error);
  size_t Written = 0;
  if (!DB || !exportCompileCommands(*DB, ExportCompileCommands, Setup, Written,
                                    Error)) {
    error(Error);
    return ExitError;
  }
  note("wrote " + counted(Written, "compile command") + " to " +
       ExportCompileCommands + "/compile_commands.json");
  return ExitClean;
}

/// The files named, or with -p and none, every CUDA file of the database
/// (as run-clang-tidy runs every file). False where there are none.
bool inputFiles(std::vector<std::string> &Inputs) {
  Inputs.assign(Files.begin(), Files.end());
  if (Inputs.empty() && !BuildDir.empty()) {
    std::string Error;
    size_t Others = 0;
    if (!databaseSources(BuildDir, Inputs, Others, Error)) {
      error(Error);
      return false;
    }
    if (Others)
      note(counted(Others, "file") + " of the compile database " +
           (Others == 1 ? "is" : "are") + " not CUDA (host code): left out");
    if (Inputs.empty()) {
      error("the compile database in '" + BuildDir + "' has no CUDA file");
      return false;
    }
  }
  if (Inputs.empty()) {
    error("no input files (usage: cuda-coalesce [options] FILE... [-- FLAGS], "
          "or -p BUILD_DIR for every file of its compile database; see "
          "--help)");
    return false;
  }
  return true;
}

/// The run the options ask for, less what reports its progress. False
/// where they contradict each other or name what is not there.
bool runOptions(const std::vector<std::string> &Inputs,
                const std::optional<std::vector<std::string>> &ExtraFlags,
                RunOptions &Opts) {
  if (UpdateBaseline && Baseline.empty()) {
    error("--update-baseline needs --baseline=FILE");
    return false;
  }
  Opts.ExtraFlags = ExtraFlags;
  std::string FlagError;
  if (!applyAnalysisFlags(
          {Inputs, BuildDir, Arch, BlockDim, CudaPath, NoCudaToolkit, Jobs},
          Opts, FlagError)) {
    error(FlagError);
    return false;
  }
  std::string Rendering =
      std::string(Format == OutputFormat::Text || runIsShard() ? "text" : "") +
      (ShowAll ? " all" : "") + (llvm::outs().has_colors() ? " color" : "");
  if (!applyScaleOptions(Opts, Rendering, FlagError)) {
    error(FlagError);
    return false;
  }
  Opts.ParseOnly = ParseOnly;
  Opts.Isolate = !InProcess;
  Opts.Limits.TimeoutSeconds = Timeout;
  Opts.Limits.MemoryMiB = MaxMemory;
  if (InProcess &&
      (Timeout.getNumOccurrences() || MaxMemory.getNumOccurrences())) {
    error("--timeout and --max-memory need each file in a process of its "
          "own; drop --in-process");
    return false;
  }
  Opts.SharePreamble = !NoSharedPreamble;
  if (PrintPreambleStats)
    Opts.PreambleReport = [](const PreambleStats &S) {
      note("shared preamble: " + std::to_string(S.Built) + " built, " +
           std::to_string(S.Failed) + " failed, " +
           std::to_string(S.FilesUsing) + " files used one" +
           (S.Shadowed ? ", " + std::to_string(S.Shadowed) +
                             " files have headers of the same names"
                       : std::string()));
    };
  if (PrintPhaseTimes)
    Opts.PassDone = [](llvm::StringRef Pass, const FileOutcome &O) {
      // No time: taken from the result cache.
      if (!O.Failed && O.ParseSeconds + O.AnalysisSeconds > 0)
        llvm::errs() << llvm::format(
            "cuda-coalesce: phase times: %s: parse %.4f s, analysis %.4f s "
            "(%s)\n",
            O.File.c_str(), O.ParseSeconds, O.AnalysisSeconds,
            Pass.str().c_str());
    };
  return true;
}

/// The text output, file by file. A header's access reached from several
/// files is one warning, where the first file reaches it (the text streams);
/// a later file that reaches it clearly worse adds a note, not a warning,
/// so that the warnings are the findings the summary counts.
class TextOutput {
public:
  void print(const FileOutcome &O) {
    for (const ReportedFinding &F : O.Findings) {
      std::string Key = sourceAccessKey(F.Data, absoluteFindingPath(O, F.Data));
      double Severity = severity(F.Data);
      if (F.Text.empty() ||
          (ShownAt.count(Key) && !clearlyWorse(Severity, ShownAt[Key])))
        continue;
      if (ShownAt.count(Key))
        llvm::outs() << F.Data.Where.File << ":" << F.Data.Where.Line << ":"
                     << F.Data.Where.Column << ": note: reached worse from "
                     << O.File << ": " << findingMessage(F.Data)
                     << " (in kernel '" << F.Data.Kernel
                     << "'); the warning above is this finding\n";
      else
        llvm::outs() << F.Text;
      ShownAt[Key] = Severity;
    }
    llvm::outs() << O.Remarks;
    llvm::outs().flush();
  }

private:
  std::map<std::string, double> ShownAt;
};

/// What the reports of the whole run take.
struct RunFindings {
  std::vector<Finding> All;
  bool AnyFlagged = false; // that fails the run
  JsonTotals Totals;
  RunInfo Info;
};

/// The findings of every outcome, moved out of them, with the run's totals;
/// the text of those not streamed printed on the way.
RunFindings collectFindings(std::vector<FileOutcome> &Outcomes,
                            const BaselineResult &Base, bool Streamed,
                            TextOutput &Text) {
  RunFindings R;
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  R.Info.SourceRoot = std::string(Cwd);
  size_t Findings = 0;
  for (const FileOutcome &O : Outcomes)
    Findings += O.Findings.size();
  R.All.reserve(Findings);
  std::vector<Finding> Suppressed;
  for (FileOutcome &O : Outcomes) {
    Suppressed.insert(Suppressed.end(), O.Suppressed.begin(),
                      O.Suppressed.end());
    if (O.Failed)
      R.Info.Errors.push_back({O.File, O.Error});
    if (!Streamed)
      Text.print(O);
    // From here on the findings are All's (the outcomes' are moved from).
    for (ReportedFinding &F : O.Findings) {
      R.All.push_back(std::move(F.Data));
      R.AnyFlagged |= F.FailsRun;
    }
  }
  // A NOLINT comment silences its line in every instance: counted once.
  R.Totals.Suppressed = siteCount(Suppressed);
  for (const BaselineEntry &E : Base.Stale)
    R.Info.Stale.push_back({E.File, E.Kernel, E.Kind, E.Expression, E.Pattern});
  if (!Baseline.empty())
    R.Totals.InBaseline = Base.Known;
  R.Totals.Errors = R.Info.Errors;
  R.Totals.Arch = Arch;
  R.Info.Arch = Arch;
  R.Totals.Stale = R.Info.Stale;
  return R;
}

/// The report --format names, after the text (which goes out file by file).
void writeReport(const RunFindings &R) {
  // A report of thousands of findings is megabytes: written in large
  // pieces, not in the stream's 4 KiB ones (a system call each).
  if (Format != OutputFormat::Text)
    llvm::outs().SetBufferSize(1 << 20);
  if (Format == OutputFormat::Json)
    writeJson(llvm::outs(), R.All, R.Totals);
  if (Format == OutputFormat::Sarif)
    writeSarif(llvm::outs(), R.All, R.Info, ShowAll);
  if (Format == OutputFormat::Markdown)
    writeMarkdown(llvm::outs(), R.All, ShowAll, R.Info);
  if (Format == OutputFormat::Html)
    writeHtml(llvm::outs(), R.All, ShowAll, R.Info);
  llvm::outs().flush();
}

void printBaselineNotes(const BaselineResult &Base) {
  if (!Base.Stale.empty()) {
    note(counted(Base.Stale.size(), "baseline entry") +
         (Base.Stale.size() == 1 ? " matches" : " match") +
         " no finding any more (fixed?)" +
         (Base.Dropped ? "; --update-baseline dropped them"
                       : "; --update-baseline drops them") +
         ":");
    constexpr size_t Shown = 10;
    for (size_t I = 0; I < Base.Stale.size() && I < Shown; ++I) {
      const BaselineEntry &E = Base.Stale[I];
      note("  " + E.File + ": " + E.Kind + " '" + E.Expression +
           "' in kernel '" + E.Kernel + "' (" + E.Pattern + ")");
    }
    if (Base.Stale.size() > Shown)
      note("  and " + std::to_string(Base.Stale.size() - Shown) + " more");
  }
  if (Base.Written)
    note("wrote " + counted(Base.Recorded, "finding") + " to the baseline " +
         Baseline);
}

/// --export-fixes and --fix; false where one of them failed.
bool exportAndApplyFixes(const std::vector<Finding> &All,
                         const RunOptions &Opts) {
  bool Succeeded = true;
  if (!ExportFixes.empty()) {
    std::string ExportError;
    if (!exportFixes(All, ExportFixes, ExportError)) {
      error(ExportError);
      Succeeded = false;
    }
  }
  if (Fix)
    for (const FixOutcome &F : applyFixes(All, Opts)) {
      if (F.Applied) {
        llvm::errs() << "cuda-coalesce: fixed " << F.File << " (" << F.Edits
                     << (F.Edits == 1 ? " edit)\n" : " edits)\n");
        continue;
      }
      error(F.File + ": " + F.Error);
      Succeeded = false;
    }
  return Succeeded;
}

/// A line per file that failed or was not analysed as itself; false where
/// one failed.
bool printFileNotes(const std::vector<FileOutcome> &Outcomes) {
  bool AllAnalysed = true;
  std::vector<std::string> NotAnalysed;
  for (const FileOutcome &O : Outcomes) {
    if (O.Interrupted) {
      NotAnalysed.push_back(O.File);
      continue;
    }
    if (O.Failed) {
      AllAnalysed = false;
      error(O.File + ": " + O.Error);
      continue;
    }
    if (O.Skipped)
      note(O.File + ": skipped (" + O.ConfigFile + ")");
    else if (!O.AnalysedThrough.empty())
      note(O.File + ": analysed as part of " + O.AnalysedThrough +
           ", which #includes it");
    else if (!O.CommandInferredFrom.empty())
      note(O.File + ": not in the compile database; analysed with a command " +
           O.CommandInferredFrom);
    else if (O.Kernels == 0 && Format == OutputFormat::Text && !ParseOnly)
      note(O.File + ": no CUDA kernel with a body");
    if (!O.MissingHeaders.empty())
      note(O.File + ": " + joinQuoted(O.MissingHeaders) +
           (O.MissingHeaders.size() == 1 ? " was" : " were") +
           " not found; parsed as empty, so only code that needs " +
           (O.MissingHeaders.size() == 1 ? "it" : "them") + " is left out");
    if (O.HostErrors)
      note(O.File + ": host code does not compile (" +
           std::to_string(O.HostErrors) +
           (O.HostErrors == 1 ? " error, " : " errors, first ") +
           O.FirstHostError + "); the kernels were analysed");
  }
  if (!NotAnalysed.empty()) {
    constexpr size_t Shown = 10;
    std::string Names;
    for (size_t I = 0; I < NotAnalysed.size() && I < Shown; ++I)
      Names += (I ? ", " : "") + NotAnalysed[I];
    if (NotAnalysed.size() > Shown)
      Names += " and " + std::to_string(NotAnalysed.size() - Shown) + " more";
    note("the run was interrupted: " + counted(NotAnalysed.size(), "file") +
         " not analysed: " + Names);
  }
  return AllAnalysed;
}

/// Everything after the analysis: the baseline, the report, fixes, notes,
/// the summary and the exit status (of a run, or of the shards `merge`
/// joins).
int report(std::vector<FileOutcome> &Outcomes, const RunOptions &Opts,
           TextOutput &Text, bool Streamed, int Signal) {
  bool AnyFailed = false;
  BaselineResult Base;
  // An interrupted run reads the baseline but never writes it: the files
  // not analysed would drop their entries.
  if (!Baseline.empty() &&
      (!Signal || llvm::sys::fs::exists(std::string(Baseline)))) {
    std::string BaselineError;
    if (!applyBaseline(Outcomes, Baseline, UpdateBaseline && !Signal, Base,
                       BaselineError)) {
      error(BaselineError);
      AnyFailed = true;
    }
  }
  // A shard renders the text for merge whatever its format.
  RunFindings R = collectFindings(
      Outcomes, Base, Streamed || Format != OutputFormat::Text, Text);
  if (Signal)
    R.Totals.Interrupted = signalName(Signal);
  attachShardRecord(R.Totals, Opts, Arch);
  writeReport(R);
  printBaselineNotes(Base);
  if (!Signal)
    AnyFailed |= !exportAndApplyFixes(R.All, Opts);
  AnyFailed |= !printFileNotes(Outcomes);
  if (Outcomes.size() > 1 || Signal) {
    printSummary(llvm::errs(), Outcomes, R.All, R.Totals.Suppressed, Signal);
    printCostliest(llvm::errs(), R.All, Arch);
  } else if (R.Totals.Suppressed)
    note(counted(R.Totals.Suppressed, "finding") + " suppressed by NOLINT");
  if (Signal)
    return ExitInterrupted + Signal;
  if (AnyFailed)
    return ExitError;
  return R.AnyFlagged ? ExitFindings : ExitClean;
}

/// `cuda-coalesce merge SHARD.json...`: the run the shards make, reported
/// as that one run would be.
int merge(RunOptions &Opts) {
  if (Fix || !ExportFixes.empty() || !BuildDir.empty()) {
    error("merge reports the shards' findings; --fix, --export-fixes and -p "
          "are for the runs");
    return ExitError;
  }
  std::vector<FileOutcome> Outcomes;
  std::string Error, MergedArch;
  if (!mergedOutcomes({Files.begin(), Files.end()}, Outcomes, MergedArch,
                      Error)) {
    error(Error);
    return ExitError;
  }
  Arch = MergedArch;
  TextOutput Text;
  return report(Outcomes, Opts, Text, /*Streamed=*/false, /*Signal=*/0);
}

} // namespace

int main(int Argc, const char **Argv) {
  // A large file's analysis allocates and frees buffers of hundreds of
  // kilobytes (its findings, their reports): glibc hands each back to the
  // kernel and faults it in again when the next is taken, and a page fault
  // costs about 10 us on the virtual machines CI runs on (a fifth of the
  // process on 2000 kernels; docs/performance.md). The process is one run:
  // it keeps what it frees for the next allocation instead.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);

  if (Argc > 1 && std::strcmp(Argv[1], "verify") == 0)
    return runVerifyCommand(Argc, Argv);
  bool Merging = takeMergeCommand(Argc, Argv);
  std::optional<std::vector<std::string>> ExtraFlags;
  if (!parseToolOptions(toolArguments(Argc, Argv, ExtraFlags), Argv))
    return ExitError;
  RunOptions Opts;
  if (Merging)
    return merge(Opts);
  if (!ExportCompileCommands.empty())
    return exportCommands();
  std::vector<std::string> Inputs;
  if (!inputFiles(Inputs) || !runOptions(Inputs, ExtraFlags, Opts))
    return ExitError;
  RunProgress Progress(llvm::errs().is_displayed());
  if (Inputs.size() > 1) {
    Opts.Progress = [&](size_t Done, size_t Total, const std::string &) {
      Progress.fileDone(Done, Total);
    };
    Opts.Heartbeat = [&](const auto &Running, const std::string &WaitingFor) {
      Progress.heartbeat(Running, WaitingFor);
    };
  }
  // Ctrl-C or a CI's cancel: report what finished (exit 128 + the signal).
  Opts.Stop = stopOnSignals();
  // Text goes out file by file as each is final (a long run in CI shows its
  // findings as it goes, in input order); a baseline needs every file's
  // findings first.
  TextOutput Text;
  bool Streamed = Format == OutputFormat::Text && Baseline.empty();
  if (Streamed)
    Opts.FileDone = [&](const FileOutcome &O) {
      Progress.clear();
      Text.print(O);
    };
  // At a terminal a fast file's findings are not held behind a slow one.
  Opts.FileDoneAsFinal =
      Order == TextOrder::Finished ||
      (Order == TextOrder::Auto && llvm::outs().is_displayed());
  Printer Out(llvm::outs().has_colors());
  std::string SetupError;
  std::vector<FileOutcome> Outcomes = analyzeFiles(Opts, Out, SetupError);
  Progress.clear();
  finishCache(Opts);
  if (SetupError.empty())
    writeDepFile(SetupError);
  if (!SetupError.empty()) {
    error(SetupError);
    return ExitError;
  }
  return report(Outcomes, Opts, Text, Streamed, *Opts.Stop);
}
