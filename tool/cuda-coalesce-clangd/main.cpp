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
//
// - clangd links each clang-tidy diagnostic to a page it builds from the
//   check's name on clang.llvm.org, which does not exist for ours; the
//   messages clangd writes to the editor pass through a filter that points
//   that link (codeDescription.href) at the check's documentation instead
//   (the function that builds it is internal to clangd: no --wrap reaches
//   it).
//
// The resource directory of the Clang this was built against is passed
// unless the command line gives one.
//
//===----------------------------------------------------------------------===//
#include "cuda-coalesce/Driver/CompileDatabase.h"
#include "cuda-coalesce/Policy/CheckNames.h"

#include "clang-tidy/ClangTidyForceLinker.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"

#include "llvm/ADT/FunctionExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

namespace clang {
namespace clangd {
int clangdMain(int argc, char *argv[]);
// clangd/TidyProvider.h, not installed by Debian.
using TidyProvider = llvm::unique_function<void(tidy::ClangTidyOptions &,
                                                llvm::StringRef) const>;
} // namespace clangd
} // namespace clang

static constexpr llvm::StringLiteral CheckName = cudacoalesce::TidyCheckName;

namespace cudacoalesce::tidy {
void setEditorMode(bool On); // CudaMemoryCoalescingCheck.cpp
}

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

/// The link clangd gives our diagnostics, and ours.
std::string clangdDocsUrl() {
  llvm::StringRef Module, Check;
  std::tie(Module, Check) = CheckName.split('-');
  return ("https://clang.llvm.org/extra/clang-tidy/checks/" + Module + "/" +
          Check + ".html")
      .str();
}

/// Copies LSP messages (`Content-Length: N` headers, a blank line, N bytes
/// of JSON) from \p In to \p Out, with clangd's link to the check's
/// documentation replaced; anything that is not such a message is copied
/// as it is.
void filterMessages(int In, int Out) {
  const std::string From = clangdDocsUrl();
  const std::string To = cudacoalesce::checkDocsUrl();
  std::string Buffer;
  char Chunk[65536];
  auto WriteAll = [&](llvm::StringRef Data) {
    while (!Data.empty()) {
      ssize_t N = ::write(Out, Data.data(), Data.size());
      if (N < 0 && errno == EINTR)
        continue;
      if (N <= 0)
        return;
      Data = Data.drop_front(N);
    }
  };
  for (;;) {
    // Whole messages first.
    for (;;) {
      size_t HeaderEnd = Buffer.find("\r\n\r\n");
      if (HeaderEnd == std::string::npos)
        break;
      llvm::StringRef Header(Buffer.data(), HeaderEnd);
      size_t Length = 0;
      bool Found = false;
      llvm::SmallVector<llvm::StringRef> Lines;
      Header.split(Lines, "\r\n");
      for (llvm::StringRef L : Lines) {
        auto [Name, Value] = L.split(':');
        if (Name.trim().equals_insensitive("content-length"))
          Found = !Value.trim().getAsInteger(10, Length);
      }
      if (!Found) { // not LSP framing: pass the header through
        WriteAll(llvm::StringRef(Buffer.data(), HeaderEnd + 4));
        Buffer.erase(0, HeaderEnd + 4);
        continue;
      }
      if (Buffer.size() < HeaderEnd + 4 + Length)
        break;
      std::string Body = Buffer.substr(HeaderEnd + 4, Length);
      Buffer.erase(0, HeaderEnd + 4 + Length);
      for (size_t At = Body.find(From); At != std::string::npos;
           At = Body.find(From, At + To.size()))
        Body.replace(At, From.size(), To);
      WriteAll("Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" +
               Body);
    }
    ssize_t N = ::read(In, Chunk, sizeof(Chunk));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      break;
    Buffer.append(Chunk, N);
  }
  WriteAll(Buffer);
}

std::thread Filter;
int FilteredStdout = -1;

/// Ends the filter once clangd has written its last message (clangd may
/// leave through exit()).
void finishFilter() {
  if (!Filter.joinable())
    return;
  llvm::outs().flush();
  std::fflush(stdout);
  ::close(STDOUT_FILENO); // the filter sees the end of its input
  Filter.join();
  ::dup2(FilteredStdout, STDOUT_FILENO);
}

/// Puts the filter between clangd and the editor.
void startFilter() {
  int Pipe[2];
  if (::pipe(Pipe))
    return;
  FilteredStdout = ::dup(STDOUT_FILENO);
  if (FilteredStdout < 0 || ::dup2(Pipe[1], STDOUT_FILENO) < 0) {
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    return;
  }
  ::close(Pipe[1]);
  Filter = std::thread(filterMessages, Pipe[0], FilteredStdout);
  std::atexit(finishFilter);
}

} // namespace

int main(int argc, char *argv[]) {
  // Diagnostics go to an editor: fixes titled by what they do, on every
  // warning they fix; findings in headers at their call in the main file.
  cudacoalesce::tidy::setEditorMode(true);
  std::vector<char *> Args(argv, argv + argc);
  bool HasResourceDir = false;
  for (int I = 1; I < argc; ++I)
    HasResourceDir |= llvm::StringRef(argv[I]).starts_with("--resource-dir") ||
                      llvm::StringRef(argv[I]).starts_with("-resource-dir");
  std::string ResourceDir =
      std::string("--resource-dir=") + CUDA_COALESCE_RESOURCE_DIR;
  if (!HasResourceDir)
    Args.insert(Args.begin() + 1, ResourceDir.data());
  Args.push_back(nullptr);
  // In a session with an editor (not --check, --help, --version, ...).
  bool Session = true;
  for (int I = 1; I < argc; ++I)
    Session &= !llvm::StringRef(argv[I]).ltrim("-").starts_with("check") &&
               !llvm::StringRef(argv[I]).starts_with("--help") &&
               !llvm::StringRef(argv[I]).starts_with("--version");
  if (Session)
    startFilter();
  int Status = clang::clangd::clangdMain(int(Args.size()) - 1, Args.data());
  finishFilter();
  return Status;
}
