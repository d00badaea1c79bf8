//===- CudaMemoryCoalescingCheck.h - clang-tidy front end -------*- C++ -*-===//
//
// The check `cuda-memory-coalescing`: the analysis of the cuda-coalesce CLI,
// run on the translation unit clang-tidy (or clangd) has parsed, with each
// finding as a diagnostic whose notes and fix-its are the CLI's. It gives
// the CLI's answer for the file: the project's .cuda-coalesce.yaml applies
// (block-dim, skip), and a kernel that the file does not launch takes its
// shapes from the launches in the other files of the compile database
// (Driver/LaunchIndex.h). An access written in a header is reported at the
// place in the main file that reaches it (the call of the helper, or the
// #include), naming where it is written.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_TIDY_CUDAMEMORYCOALESCINGCHECK_H
#define CUDA_COALESCE_TIDY_CUDAMEMORYCOALESCINGCHECK_H

#include "cuda-coalesce/Driver/LaunchIndex.h"
#include "cuda-coalesce/Model/WarpModel.h"

#include "clang-tidy/ClangTidyCheck.h"

#include <memory>
#include <optional>

namespace cudacoalesce {
namespace tidy {

/// How wasteful an access must be to be reported (CheckOption
/// MinimumSeverity): `low` every flagged access, `medium` at least twice the
/// ideal sectors, `high` at least four times.
enum class Severity { Low, Medium, High };

class CudaMemoryCoalescingCheck : public clang::tidy::ClangTidyCheck {
public:
  /// \p Launches: the launches of the projects the check's files belong
  /// to, kept by whoever makes the checks (the module's factory) while the
  /// tool runs.
  CudaMemoryCoalescingCheck(llvm::StringRef Name,
                            clang::tidy::ClangTidyContext *Context,
                            std::shared_ptr<LaunchIndex> Launches);

  bool isLanguageVersionSupported(const clang::LangOptions &LO) const override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  std::shared_ptr<LaunchIndex> Launches;
  std::string BlockDimOption;
  std::optional<model::Dim3> BlockDim;
  std::string MinimumSeverityOption;
  Severity MinimumSeverity = Severity::Low;
  std::optional<bool> ReportCoalesced; // nullopt: an invalid value
  std::optional<bool> ProjectLaunches; // nullopt: an invalid value
  std::string CompileCommandsDir;      // empty: found as clangd finds it
  bool EditorMode = false;
};

} // namespace tidy
} // namespace cudacoalesce

#endif
