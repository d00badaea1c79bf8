//===- tool/cuda-coalesce/VerifyCommand.cpp - `cuda-coalesce verify` ------===//
//
// The front end of the verify stage (lib/Verify, docs/verify.md): options
// in, the library's measurements, predictions, join and report out. Exit
// status: 0 every measured line judged and none contradicts the analyzer,
// 1 some line is wrong or not predicted, 2 the tool could not do its job
// (usage, an unreadable input, a file that failed to analyse), 3 Nsight
// Compute not found, 4 the program failed under it or no kernel ran.
//
//===----------------------------------------------------------------------===//
#include "VerifyCommand.h"
#include "CommandLine.h"

#include "cuda-coalesce/Verify/Analysis.h"
#include "cuda-coalesce/Verify/Join.h"
#include "cuda-coalesce/Verify/MeasuredInputs.h"
#include "cuda-coalesce/Verify/Names.h"
#include "cuda-coalesce/Verify/Profiler.h"
#include "cuda-coalesce/Verify/StatementSpans.h"
#include "cuda-coalesce/Verify/VerifyReport.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <set>

using namespace cudacoalesce;
using namespace cudacoalesce::verify;
namespace cl = llvm::cl;

namespace {

enum ExitCode {
  ExitJudged = 0,
  ExitContradicted = 1,
  ExitError = 2,
  ExitNoProfiler = 3,
  ExitProgramFailed = 4,
};
enum class OutputFormat { Text, Json };

cl::SubCommand Verify("verify", "Checks the predictions against Nsight "
                                "Compute's per-line measurements");
cl::OptionCategory Category("cuda-coalesce verify options");

#define VERIFY_OPT cl::sub(Verify), cl::cat(Category)
cl::list<std::string>
    Files(cl::Positional, cl::desc("<file.cu>... [-- ./app ARGS]"), VERIFY_OPT);
cl::opt<std::string> BuildDir("p",
                              cl::desc("Build directory with "
                                       "compile_commands.json"),
                              cl::value_desc("dir"), VERIFY_OPT);
cl::list<std::string> Measured(
    "measured",
    cl::desc("A saved source page (ncu -i R --page source --csv "
             "--print-source cuda,sass), raw page, or measurements JSON, "
             "instead of running the program"),
    cl::value_desc("file"), VERIFY_OPT);
cl::list<std::string> LineTables("line-table",
                                 cl::desc("nvdisasm -gi -c output of the "
                                          "profiled program"),
                                 cl::value_desc("file.sass"), VERIFY_OPT);
cl::list<std::string> Ptx("ptx",
                          cl::desc("PTX of the profiled program "
                                   "(nvcc -lineinfo -ptx)"),
                          cl::value_desc("file.ptx"), VERIFY_OPT);
cl::list<std::string>
    Predictions("predictions",
                cl::desc("The analyzer's JSON (cuda-coalesce --format=json) "
                         "instead of analysing the sources"),
                cl::value_desc("file.json"), VERIFY_OPT);
cl::opt<OutputFormat> Format(
    "format", cl::desc("Output format"), cl::init(OutputFormat::Text),
    cl::values(clEnumValN(OutputFormat::Text, "text", "One line per row"),
               clEnumValN(OutputFormat::Json, "json",
                          "One JSON document (docs/verify.md)")),
    VERIFY_OPT);
cl::opt<std::string> Arch("arch",
                          cl::desc("GPU architecture when the "
                                   "command names none"),
                          cl::init("sm_90"), cl::value_desc("sm_XX"),
                          VERIFY_OPT);
cl::opt<std::string> CudaPath("cuda-path", cl::desc("CUDA toolkit"),
                              cl::value_desc("dir"), VERIFY_OPT);
cl::opt<bool> NoCudaToolkit("no-cuda-toolkit",
                            cl::desc("Parse with the built-in CUDA header "
                                     "shim"),
                            VERIFY_OPT);
cl::opt<std::string> BlockDim("block-dim",
                              cl::desc("Block shape for every kernel"),
                              cl::value_desc("X,Y,Z"), VERIFY_OPT);
cl::list<std::string> ExtraArgs("extra-arg",
                                cl::desc("A compile flag for the analysis "
                                         "(as the CLI takes after --)"),
                                cl::value_desc("flag"), VERIFY_OPT);
cl::opt<unsigned> Jobs("j", cl::desc("Files analysed at once"),
                       cl::value_desc("N"), cl::init(0), cl::Prefix,
                       VERIFY_OPT);
cl::opt<unsigned> Timeout("timeout",
                          cl::desc("Give up on a file after SECONDS of "
                                   "analysis (default: 600; 0: no limit)"),
                          cl::value_desc("seconds"), cl::init(600), VERIFY_OPT);
cl::opt<unsigned> MaxMemory("max-memory",
                            cl::desc("Give up on a file whose analysis needs "
                                     "more than MIB (default: 8192; 0: no "
                                     "limit)"),
                            cl::value_desc("MiB"), cl::init(8192), VERIFY_OPT);
cl::opt<std::string> Ncu("ncu", cl::desc("Nsight Compute's ncu"),
                         cl::value_desc("path"), VERIFY_OPT);
cl::opt<std::string>
    KernelName("kernel-name", cl::desc("ncu --kernel-name filter"), VERIFY_OPT);
cl::opt<std::string> KernelId("kernel-id", cl::desc("ncu --kernel-id filter"),
                              VERIFY_OPT);
cl::opt<std::string> LaunchSkip("launch-skip", cl::desc("ncu --launch-skip"),
                                VERIFY_OPT);
cl::opt<std::string> LaunchCount("launch-count", cl::desc("ncu --launch-count"),
                                 VERIFY_OPT);
cl::list<std::string> NcuArgs("ncu-arg", cl::desc("A further ncu argument"),
                              VERIFY_OPT);
cl::opt<std::string> Keep("keep",
                          cl::desc("Keep the report and the pages in DIR"),
                          cl::value_desc("dir"), VERIFY_OPT);
cl::opt<bool> NoLineTable("no-line-table",
                          cl::desc("Do not disassemble the program for "
                                   "nvcc's line table"),
                          VERIFY_OPT);
#undef VERIFY_OPT

void error(const std::string &Message) {
  llvm::errs() << "cuda-coalesce verify: error: " << Message << "\n";
}

void note(const std::string &Message) {
  llvm::errs() << "cuda-coalesce verify: note: " << Message << "\n";
}

/// The filters ncu gets: those given, else one launch per kernel.
std::vector<std::string> ncuFilters() {
  std::vector<std::string> F;
  auto Pass = [&](const char *Flag, const std::string &Value) {
    if (!Value.empty()) {
      F.push_back(Flag);
      F.push_back(Value);
    }
  };
  Pass("--kernel-name", KernelName);
  Pass("--kernel-id", KernelId);
  Pass("--launch-skip", LaunchSkip);
  Pass("--launch-count", LaunchCount);
  return F;
}

/// Runs the program under ncu; the source page it exported goes into
/// \p Sources.
int profileProgram(const std::vector<std::string> &Program,
                   MeasuredSources &Sources) {
  ProfileRequest R;
  R.Program = Program;
  R.Ncu = Ncu;
  R.Filters = ncuFilters();
  R.ExtraNcuArgs.assign(NcuArgs.begin(), NcuArgs.end());
  R.LineTable = !NoLineTable;
  llvm::SmallString<128> Dir;
  std::error_code EC =
      Keep.empty()
          ? llvm::sys::fs::createUniqueDirectory("cuda-coalesce-verify", Dir)
          : llvm::sys::fs::create_directories(Keep);
  if (!Keep.empty())
    Dir = Keep;
  if (EC) {
    error("cannot make the folder for the report: " + EC.message());
    return ExitError;
  }
  R.WorkDir = std::string(Dir);
  ProfileResult P = profile(R);
  for (const std::string &N : P.Notes)
    note(N);
  switch (P.Status) {
  case ProfileStatus::Done:
    Sources.Pages.push_back(P.SourcePage);
    if (Keep.empty())
      note("report and pages in " + R.WorkDir + " (--keep=DIR to choose)");
    return ExitJudged;
  case ProfileStatus::NoProfiler:
    error(P.Error);
    return ExitNoProfiler;
  case ProfileStatus::ProgramFailed:
  case ProfileStatus::NothingProfiled:
    error(P.Error);
    return ExitProgramFailed;
  case ProfileStatus::ExportFailed:
    error(P.Error);
    return ExitError;
  }
  return ExitError;
}

/// The analysis options, as the CLI builds them.
bool runOptions(const std::vector<std::string> &Inputs, RunOptions &Opts) {
  if (!ExtraArgs.empty())
    Opts.ExtraFlags.emplace(ExtraArgs.begin(), ExtraArgs.end());
  Opts.Limits.TimeoutSeconds = Timeout;
  Opts.Limits.MemoryMiB = MaxMemory;
  std::string Error;
  if (applyAnalysisFlags(
          {Inputs, BuildDir, Arch, BlockDim, CudaPath, NoCudaToolkit, Jobs},
          Opts, Error))
    return true;
  error(Error);
  return false;
}

/// The sources to analyse: those named, else (without -p) the user's
/// files the measurements name that exist here.
std::vector<std::string> sourcesToAnalyse(const Measurements &M) {
  std::vector<std::string> Inputs(Files.begin(), Files.end());
  if (!Inputs.empty() || !BuildDir.empty())
    return Inputs;
  std::set<std::string> Seen;
  for (const MeasuredLine &L : M.Lines)
    if (!isLibraryFile(L.File) && llvm::sys::fs::exists(L.File) &&
        Seen.insert(L.File).second)
      Inputs.push_back(L.File);
  if (!Inputs.empty())
    note("analysing the " + std::to_string(Inputs.size()) +
         " source file(s) the measurements name (name them, or -p BUILD, "
         "to choose)");
  return Inputs;
}

/// The predictions: read from --predictions files, or analysed now.
bool loadPredictions(const Measurements &M, std::vector<PredictedAccess> &Out,
                     llvm::json::Array &Raw, std::vector<std::string> &Errors) {
  std::string Error;
  for (const std::string &Path : Predictions) {
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    llvm::Expected<llvm::json::Value> Doc =
        Buffer ? llvm::json::parse((*Buffer)->getBuffer())
               : llvm::Expected<llvm::json::Value>(
                     llvm::errorCodeToError(Buffer.getError()));
    if (!Doc) {
      error(Path + ": " + llvm::toString(Doc.takeError()));
      return false;
    }
    if (!readPredictions(*Doc, Out, Raw, Error)) {
      error(Path + ": " + Error);
      return false;
    }
  }
  if (!Predictions.empty())
    return true;
  std::vector<std::string> Inputs = sourcesToAnalyse(M);
  if (Inputs.empty() && BuildDir.empty()) {
    error("no sources to analyse: name them (FILE... or -p BUILD_DIR), or "
          "give the analyzer's JSON with --predictions");
    return false;
  }
  RunOptions Opts;
  llvm::json::Value Doc = nullptr;
  if (!runOptions(Inputs, Opts) ||
      !analyseSources(Opts, Arch, Doc, Errors, Error) ||
      !readPredictions(Doc, Out, Raw, Error)) {
    if (!Error.empty())
      error(Error);
    return false;
  }
  return true;
}

} // namespace

int runVerifyCommand(int Argc, const char **Argv) {
  // After `--`: the program to profile and its arguments.
  int ToolArgc = Argc;
  std::vector<std::string> Program;
  for (int I = 1; I < Argc; ++I)
    if (std::strcmp(Argv[I], "--") == 0) {
      ToolArgc = I;
      Program.assign(Argv + I + 1, Argv + Argc);
      break;
    }
  cl::HideUnrelatedOptions(Category, Verify);
  std::string ParseError;
  if (!parseOptions(ToolArgc, Argv,
                    "Checks the analyzer's predictions against the GPU\n",
                    ParseError)) {
    if (!ParseError.empty())
      error(ParseError);
    return ExitError;
  }
  if (Program.empty() == Measured.empty()) {
    error(Program.empty()
              ? "nothing to verify: give the program to profile after `--` "
                "(cuda-coalesce verify [FILES] -- ./app ARGS) or a saved "
                "page with --measured=PAGE.csv"
              : "--measured and a program to profile exclude each other");
    return ExitError;
  }
  if (!Predictions.empty() && (!Files.empty() || !BuildDir.empty())) {
    error("--predictions and sources to analyse exclude each other");
    return ExitError;
  }
  MeasuredSources Sources;
  Sources.Pages.assign(Measured.begin(), Measured.end());
  Sources.LineTables.assign(LineTables.begin(), LineTables.end());
  Sources.Ptx.assign(Ptx.begin(), Ptx.end());
  if (!Program.empty())
    if (int Status = profileProgram(Program, Sources))
      return Status;
  Measurements M;
  std::string Error;
  if (!loadMeasurements(Sources, M, Error)) {
    error(Error);
    return ExitError;
  }
  for (const std::string &W : M.Warnings)
    llvm::errs() << "cuda-coalesce verify: warning: " << W << "\n";
  std::vector<PredictedAccess> Accesses;
  llvm::json::Array Raw;
  std::vector<std::string> Errors;
  if (!loadPredictions(M, Accesses, Raw, Errors))
    return ExitError;
  StatementSpanCache Spans;
  JoinResult Result = join(M, Accesses, [&](const std::string &F, unsigned L) {
    return Spans.spanOf(F, L);
  });
  ReportContext C{&M, &Result, &Raw, Errors, ""};
  llvm::SmallString<256> Cwd;
  if (!llvm::sys::fs::current_path(Cwd))
    C.SourceRoot = std::string(Cwd);
  if (Format == OutputFormat::Json)
    writeVerifyJson(llvm::outs(), C);
  else
    writeVerifyText(llvm::outs(), C);
  llvm::outs().flush();
  for (const std::string &E : Errors)
    error(E);
  if (!Errors.empty())
    return ExitError;
  return anyContradiction(summarize(Result)) ? ExitContradicted : ExitJudged;
}
