//===- CudaCoalesceTidyModule.cpp - registers cuda-memory-coalescing ------===//
//
// Loaded into clang-tidy with `--load=libCudaCoalesceTidyModule.so`, and
// linked into cuda-coalesce-clangd.
//
//===----------------------------------------------------------------------===//
#include "CudaMemoryCoalescingCheck.h"
#include "cuda-coalesce/Policy/CheckNames.h"

#include "clang-tidy/ClangTidyModule.h"

namespace cudacoalesce {
namespace tidy {

class CudaCoalesceTidyModule : public clang::tidy::ClangTidyModule {
public:
  void
  addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    // One index for the checks the factory makes: what a file's launches
    // cost to parse is paid once while the tool runs (clangd's lifetime).
    auto Launches = std::make_shared<LaunchIndex>();
    Factories.registerCheckFactory(
        TidyCheckName, [Launches](llvm::StringRef Name,
                                  clang::tidy::ClangTidyContext *Context) {
          return std::make_unique<CudaMemoryCoalescingCheck>(Name, Context,
                                                             Launches);
        });
  }
};

} // namespace tidy
} // namespace cudacoalesce

static clang::tidy::ClangTidyModuleRegistry::Add<
    cudacoalesce::tidy::CudaCoalesceTidyModule>
    Registration("cuda-coalesce-module",
                 "Adds cuda-memory-coalescing: global-memory coalescing of "
                 "CUDA kernels.");
