//===- CudaMemoryCoalescingCheck.h - clang-tidy front end -------*- C++ -*-===//
//
// The check `cuda-memory-coalescing`: the analysis of the cuda-coalesce CLI,
// run on the translation unit clang-tidy (or clangd) has parsed, with each
// finding as a diagnostic whose notes and fix-its are the CLI's.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_TIDY_CUDAMEMORYCOALESCINGCHECK_H
#define CUDA_COALESCE_TIDY_CUDAMEMORYCOALESCINGCHECK_H

#include "cuda-coalesce/Model/WarpModel.h"

#include "clang-tidy/ClangTidyCheck.h"

#include <optional>

namespace cudacoalesce {
namespace tidy {

/// How wasteful an access must be to be reported (CheckOption
/// MinimumSeverity): `low` every flagged access, `medium` at least twice the
/// ideal sectors, `high` at least four times.
enum class Severity { Low, Medium, High };

class CudaMemoryCoalescingCheck : public clang::tidy::ClangTidyCheck {
public:
  CudaMemoryCoalescingCheck(llvm::StringRef Name,
                            clang::tidy::ClangTidyContext *Context);

  bool isLanguageVersionSupported(const clang::LangOptions &LO) const override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  std::string BlockDimOption;
  std::optional<model::Dim3> BlockDim;
  std::string MinimumSeverityOption;
  Severity MinimumSeverity = Severity::Low;
  std::optional<bool> ReportCoalesced; // nullopt: an invalid value
};

} // namespace tidy
} // namespace cudacoalesce

#endif
