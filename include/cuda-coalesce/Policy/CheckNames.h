//===- Policy/CheckNames.h - The names findings go by -----------*- C++ -*-===//
//
// Constants generated from CheckNames.def, and where each finding's
// documentation lives.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_POLICY_CHECKNAMES_H
#define CUDA_COALESCE_POLICY_CHECKNAMES_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace cudacoalesce {

#define CUDA_COALESCE_CHECK_NAME(Id, Name, Shown)                              \
  inline constexpr llvm::StringLiteral Id##CheckName = Name;
#include "cuda-coalesce/Policy/CheckNames.def"

/// Every name of CheckNames.def: a NOLINT list that names one of them
/// silences the finding, in every front end.
inline constexpr llvm::StringLiteral AllCheckNames[] = {
#define CUDA_COALESCE_CHECK_NAME(Id, Name, Shown) Name,
#include "cuda-coalesce/Policy/CheckNames.def"
};

/// The option cuda-coalesce-clangd sets (not one for users): in an editor,
/// each fix goes on a note that says what it does (clangd titles the code
/// action with it) and on every warning it fixes. Otherwise (clang-tidy) on
/// the warning, once per edit, so that --fix applies it.
inline constexpr llvm::StringLiteral EditorModeOption = "EditorMode";

/// The project's home, and the check's documentation in it (what clangd's
/// codeDescription, SARIF's helpUri and the reports link to).
inline constexpr llvm::StringLiteral ProjectUrl =
    "https://github.com/cuda-coalesce/cuda-coalesce";
inline constexpr llvm::StringLiteral CheckDocsUrl =
    "https://github.com/cuda-coalesce/cuda-coalesce/blob/main/docs/checks/"
    "cuda-memory-coalescing.md";

/// The documentation of one pattern: CheckDocsUrl#PATTERN.
inline std::string checkDocsUrl(llvm::StringRef Anchor = "") {
  return Anchor.empty() ? CheckDocsUrl.str()
                        : CheckDocsUrl.str() + "#" + Anchor.str();
}

} // namespace cudacoalesce

#endif
