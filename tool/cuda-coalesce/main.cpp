//===- tool/cuda-coalesce/main.cpp - The command-line front end -----------===//
//
// Parses options, runs the library over the files, prints. Exit status: 0 no
// finding, 1 findings, 2 the tool could not do its job (usage, a missing or
// unparsable file, an unreadable compile database); other files are still
// analysed and reported.
//
//===----------------------------------------------------------------------===//
#include "cuda-coalesce/Driver/ApplyFixes.h"
#include "cuda-coalesce/Driver/Runner.h"
#include "cuda-coalesce/Report/JsonReport.h"
#include "cuda-coalesce/Report/SarifReport.h"
#include "cuda-coalesce/Report/TextReport.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace cudacoalesce;
namespace cl = llvm::cl;

namespace {

enum ExitCode { ExitClean = 0, ExitFindings = 1, ExitError = 2 };
enum class OutputFormat { Text, Json, Sarif };

cl::OptionCategory Category("cuda-coalesce options");
cl::list<std::string> Files(cl::Positional, cl::desc("<file.cu>..."),
                            cl::cat(Category));
cl::opt<std::string> BuildDir("p", cl::desc("Build directory with compile_commands.json"),
                              cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string> Arch("arch", cl::desc("GPU architecture when the command names none"),
                          cl::init("sm_90"), cl::value_desc("sm_XX"), cl::cat(Category));
cl::opt<std::string> CudaPath("cuda-path",
                              cl::desc("CUDA toolkit (default: $CUDA_PATH, nvcc on PATH, "
                                       "/usr/local/cuda, else the built-in shim)"),
                              cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool> NoCudaToolkit("no-cuda-toolkit",
                            cl::desc("Parse with the built-in CUDA header shim"),
                            cl::cat(Category));
cl::opt<std::string> BlockDim("block-dim",
                              cl::desc("Block shape for every kernel: X[,Y[,Z]]"),
                              cl::value_desc("X,Y,Z"), cl::cat(Category));
cl::opt<OutputFormat> Format(
    "format", cl::desc("Output format"), cl::init(OutputFormat::Text),
    cl::values(clEnumValN(OutputFormat::Text, "text", "Clang-style diagnostics"),
               clEnumValN(OutputFormat::Json, "json", "One JSON document"),
               clEnumValN(OutputFormat::Sarif, "sarif",
                          "SARIF 2.1.0 for code scanning (paths relative to the "
                          "current directory)")),
    cl::cat(Category));
cl::opt<bool> Fix("fix",
                  cl::desc("Apply the mechanical fixes to the files analysed "
                           "(atomically, only when the result still compiles)"),
                  cl::cat(Category));
cl::opt<std::string> ExportFixes("export-fixes",
                                 cl::desc("Write the mechanical fixes as "
                                          "clang-apply-replacements YAML"),
                                 cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> ShowAll("show-all",
                      cl::desc("Also report coalesced, uniform and undecided accesses"),
                      cl::cat(Category));

void error(const std::string &Message) {
  llvm::errs() << "cuda-coalesce: error: " << Message << "\n";
}

std::optional<model::Dim3> parseBlockDim(llvm::StringRef S) {
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  S.split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  int64_t V[3] = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, V[I]) || V[I] <= 0 || V[I] > 1024)
      return std::nullopt;
  model::Dim3 D{V[0], V[1], V[2]};
  if (D.volume() > 1024)
    return std::nullopt;
  return D;
}

class Printer : public TranslationUnitConsumer {
public:
  bool AnyFlagged = false;
  std::vector<Finding> All;

  void handle(const std::string &, clang::ASTContext &AST,
              const TranslationUnitResult &Result) override {
    for (const LocatedFinding &F : Result.Findings) {
      AnyFlagged |= F.Data.isFlagged();
      All.push_back(F.Data);
    }
    if (Format == OutputFormat::Text)
      printDiagnostics(llvm::outs(), AST, Result, ShowAll, llvm::outs().has_colors());
  }
};

} // namespace

int main(int Argc, const char **Argv) {
  // Everything after `--` is the compile command's flags.
  int ToolArgc = Argc;
  std::optional<std::vector<std::string>> ExtraFlags;
  for (int I = 1; I < Argc; ++I)
    if (std::strcmp(Argv[I], "--") == 0) {
      ToolArgc = I;
      ExtraFlags.emplace(Argv + I + 1, Argv + Argc);
      break;
    }

  cl::HideUnrelatedOptions(Category);
  std::string ParseErrors;
  llvm::raw_string_ostream ParseErrorStream(ParseErrors);
  if (!cl::ParseCommandLineOptions(
          ToolArgc, Argv,
          "Predicts the memory coalescing of every global access in CUDA kernels\n",
          &ParseErrorStream)) {
    llvm::StringRef First = llvm::StringRef(ParseErrors).split('\n').first;
    First.consume_front("cuda-coalesce: ");
    error(First.str());
    return ExitError;
  }
  if (Files.empty()) {
    error("no input files (usage: cuda-coalesce [options] FILE... [-- FLAGS]; see --help)");
    return ExitError;
  }

  RunOptions Opts;
  Opts.Files = Files;
  Opts.BuildDir = BuildDir;
  Opts.ExtraFlags = ExtraFlags;
  Opts.Toolchain.Arch = Arch;
  Opts.Toolchain.ResourceDir = defaultResourceDir();
  if (!BlockDim.empty()) {
    Opts.Analysis.BlockDim = parseBlockDim(BlockDim);
    if (!Opts.Analysis.BlockDim) {
      error("--block-dim expects X[,Y[,Z]] with at most 1024 threads, got '" +
            BlockDim + "'");
      return ExitError;
    }
  }
  if (!NoCudaToolkit) {
    std::string CudaError;
    Opts.Toolchain.CudaPath = findCudaToolkit(CudaPath, CudaError);
    if (!CudaError.empty()) {
      error(CudaError);
      return ExitError;
    }
  }

  Printer Out;
  std::string SetupError;
  std::vector<FileOutcome> Outcomes = analyzeFiles(Opts, Out, SetupError);
  if (!SetupError.empty()) {
    error(SetupError);
    return ExitError;
  }
  if (Format == OutputFormat::Json)
    writeJson(llvm::outs(), Out.All);
  if (Format == OutputFormat::Sarif) {
    llvm::SmallString<256> Cwd;
    llvm::sys::fs::current_path(Cwd);
    writeSarif(llvm::outs(), Out.All, std::string(Cwd), ShowAll);
  }
  llvm::outs().flush();

  bool AnyFailed = false;
  if (!ExportFixes.empty()) {
    std::string ExportError;
    if (!exportFixes(Out.All, ExportFixes, ExportError)) {
      error(ExportError);
      AnyFailed = true;
    }
  }
  if (Fix)
    for (const FixOutcome &F : applyFixes(Out.All, Opts)) {
      if (F.Applied) {
        llvm::errs() << "cuda-coalesce: fixed " << F.File << " (" << F.Edits
                     << (F.Edits == 1 ? " edit)\n" : " edits)\n");
        continue;
      }
      error(F.File + ": " + F.Error);
      AnyFailed = true;
    }
  for (const FileOutcome &O : Outcomes) {
    if (O.Failed) {
      AnyFailed = true;
      error(O.File + ": " + O.Error);
    } else if (O.Kernels == 0 && Format == OutputFormat::Text) {
      llvm::errs() << "cuda-coalesce: note: " << O.File
                   << ": no CUDA kernel with a body\n";
    }
  }
  if (AnyFailed)
    return ExitError;
  return Out.AnyFlagged ? ExitFindings : ExitClean;
}
