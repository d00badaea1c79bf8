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
// The resource directory of the Clang this was built against is passed
// unless the command line gives one.
//
//===----------------------------------------------------------------------===//
#include "clang-tidy/ClangTidyForceLinker.h"
#include "clang-tidy/ClangTidyOptions.h"

#include "llvm/ADT/FunctionExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstring>
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

static constexpr llvm::StringLiteral CheckName = "cuda-memory-coalescing";

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
}

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
  Args.push_back(nullptr);
  return clang::clangd::clangdMain(int(Args.size()) - 1, Args.data());
}
