//===- cuda-coalesce-clangd - clangd with cuda-memory-coalescing ----------===//
//
// Debian's clangd, linked with every stock clang-tidy module and ours, so
// that editors show coalescing diagnostics as they type. Two behaviours of
// stock clangd are adjusted, both through the linker's --wrap (see
// CMakeLists.txt), which routes clangd's calls to the functions below:
//
// - clangd runs only checks it has timed as fast unless the user's config says
//   `FastCheckFilter: Loose` or `None`. cuda-memory-coalescing is not in its
//   table, so it is declared fast here (docs/performance.md has the cost).
// - Without a .clang-tidy or a clangd config naming checks, clangd runs a
//   default list; our check joins it. A project that lists its own checks
//   decides for itself: add cuda-memory-coalescing to its list.
//
// - Every compile command clangd loads from a compile_commands.json goes
//   through the CLI's translation first (Driver/CompileDatabase.h): nvcc's
//   flags translated (--options-file and @file expanded, -gencode/-arch to
//   --cuda-gpu-arch, nvcc-only flags dropped), the device side parsed with
//   the CUDA toolkit the CLI finds, flags that load code dropped. clangd
//   wraps its JSON database in tooling::inferMissingCompileCommands (which
//   gives headers a neighbour's command); the wrapper below puts ours
//   underneath, so that headers get translated commands too.
// - clangd's --compile-commands-dir becomes the check's CompileCommandsDir
//   unless the user's configuration sets it: where the preamble skipped a
//   body the analysis needs, the check parses the file again and must find
//   the command clangd uses, which is not always in a directory above it.
//
// In an editor's session the messages pass through a proxy
// (EditorProxy.h) that points each diagnostic's link at the check's
// documentation and adds the finding's notes to the hover. --check=FILE
// prints the file's diagnostics as the editor gets them (CheckMode.h).
//
// The resource directory of the Clang this was built against is passed
// unless the command line gives one.
//
//===----------------------------------------------------------------------===//
#include "CheckMode.h"
#include "EditorProxy.h"

#include "cuda-coalesce/Driver/CompileDatabase.h"
#include "cuda-coalesce/Policy/CheckNames.h"

#include "clang-tidy/ClangTidyForceLinker.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/FunctionExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
namespace clangd {
int clangdMain(int argc, char *argv[]);
// clangd/TidyProvider.h, not installed by Debian.
using TidyProvider = llvm::unique_function<void(tidy::ClangTidyOptions &,
                                                llvm::StringRef) const>;
} // namespace clangd
} // namespace clang

static constexpr llvm::StringLiteral CheckName = cudacoalesce::TidyCheckName;

/// clangd's --compile-commands-dir, absolute; empty when not given.
static std::string ClangdDatabaseDir;

// The wrapped functions are C++ functions; their wrappers are reached by the
// mangled names the linker builds, hence extern "C" with the same signature.
extern "C" {
std::optional<bool> __real__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE(
    llvm::StringRef Check);
std::optional<bool> __wrap__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE(
    llvm::StringRef Check) {
  if (Check == CheckName)
    return true;
  return __real__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE(Check);
}

clang::clangd::TidyProvider __real__ZN5clang6clangd20provideDefaultChecksEv();
clang::clangd::TidyProvider __wrap__ZN5clang6clangd20provideDefaultChecksEv() {
  return [Stock = __real__ZN5clang6clangd20provideDefaultChecksEv()](
             clang::tidy::ClangTidyOptions &Opts, llvm::StringRef File) {
    bool UserChose = Opts.Checks && !Opts.Checks->empty();
    Stock(Opts, File);
    if (!UserChose)
      *Opts.Checks += ("," + CheckName).str();
    // Diagnostics go to an editor: fixes titled by what they do, on every
    // warning they fix.
    Opts.CheckOptions[(CheckName + "." + cudacoalesce::EditorModeOption)
                          .str()] = "true";
    // The check parses a file again where the preamble skipped a body it
    // needs; it must find the compile command clangd was pointed at, which
    // is not always above the file.
    std::string DirOption = (CheckName + ".CompileCommandsDir").str();
    if (!ClangdDatabaseDir.empty() && !Opts.CheckOptions.count(DirOption))
      Opts.CheckOptions[DirOption] =
          clang::tidy::ClangTidyOptions::ClangTidyValue(ClangdDatabaseDir);
  };
}

using DatabasePtr = std::unique_ptr<clang::tooling::CompilationDatabase>;
DatabasePtr
__real__ZN5clang7tooling27inferMissingCompileCommandsESt10unique_ptrINS0_19CompilationDatabaseESt14default_deleteIS2_EE(
    DatabasePtr Base);
DatabasePtr
__wrap__ZN5clang7tooling27inferMissingCompileCommandsESt10unique_ptrINS0_19CompilationDatabaseESt14default_deleteIS2_EE(
    DatabasePtr Base) {
  static const cudacoalesce::ToolchainSetup Toolchain =
      cudacoalesce::defaultToolchain();
  return __real__ZN5clang7tooling27inferMissingCompileCommandsESt10unique_ptrINS0_19CompilationDatabaseESt14default_deleteIS2_EE(
      std::make_unique<cudacoalesce::ClangToolDatabase>(std::move(Base),
                                                        Toolchain));
}
}

namespace {

/// DIR of --compile-commands-dir=DIR (or as the next argument), absolute.
std::string databaseDirArgument(int argc, char *argv[]) {
  for (int I = 1; I < argc; ++I) {
    llvm::StringRef Arg = llvm::StringRef(argv[I]).ltrim("-");
    if (!Arg.consume_front("compile-commands-dir"))
      continue;
    std::string Dir;
    if (Arg.consume_front("="))
      Dir = Arg.str();
    else if (Arg.empty() && I + 1 < argc)
      Dir = argv[I + 1];
    llvm::SmallString<256> Absolute(Dir);
    if (!Dir.empty() && !llvm::sys::fs::make_absolute(Absolute))
      return std::string(Absolute);
    return Dir;
  }
  return "";
}

/// FILE of --check=FILE (stock clangd's self-test on a file of its own runs
/// for a bare --check).
std::optional<std::string> checkedFile(int argc, char *argv[]) {
  for (int I = 1; I < argc; ++I) {
    llvm::StringRef Arg = llvm::StringRef(argv[I]).ltrim("-");
    if (Arg.consume_front("check=") && !Arg.empty())
      return Arg.str();
  }
  return std::nullopt;
}

/// The flags of the clangd that --check runs: the user's but --check, and
/// no background index of the whole project for one file.
std::vector<std::string> serverArgs(llvm::ArrayRef<char *> Args) {
  std::vector<std::string> Server;
  bool BackgroundIndex = false;
  for (llvm::StringRef Arg : Args.drop_front()) {
    if (Arg.ltrim("-").starts_with("check="))
      continue;
    BackgroundIndex |= Arg.ltrim("-").starts_with("background-index");
    Server.push_back(Arg.str());
  }
  if (!BackgroundIndex)
    Server.push_back("--background-index=false");
  return Server;
}

} // namespace

int main(int argc, char *argv[]) {
  std::vector<char *> Args(argv, argv + argc);
  bool HasResourceDir = false;
  for (int I = 1; I < argc; ++I)
    HasResourceDir |= llvm::StringRef(argv[I]).starts_with("--resource-dir") ||
                      llvm::StringRef(argv[I]).starts_with("-resource-dir");
  std::string ResourceDir =
      std::string("--resource-dir=") + CUDA_COALESCE_RESOURCE_DIR;
  if (!HasResourceDir)
    Args.insert(Args.begin() + 1, ResourceDir.data());
  ClangdDatabaseDir = databaseDirArgument(argc, argv);

  if (std::optional<std::string> File = checkedFile(argc, argv))
    return cudacoalesce::clangd::runCheck(
        llvm::sys::fs::getMainExecutable(argv[0], (void *)&main), *File,
        serverArgs(Args));

  // In a session with an editor (not --check, --help, --version, ...).
  bool Session = true;
  bool Delimited = false;
  for (int I = 1; I < argc; ++I) {
    llvm::StringRef Arg(argv[I]);
    Session &= !Arg.ltrim("-").starts_with("check") &&
               !Arg.starts_with("--help") && !Arg.starts_with("--version");
    Delimited |= Arg.ltrim("-") == "input-style=delimited";
  }
  if (Session)
    cudacoalesce::clangd::startEditorProxy(/*ReadInput=*/!Delimited);
  Args.push_back(nullptr);
  int Status = clang::clangd::clangdMain(int(Args.size()) - 1, Args.data());
  cudacoalesce::clangd::finishEditorProxy();
  return Status;
}
