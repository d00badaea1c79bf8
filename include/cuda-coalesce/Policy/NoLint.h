//===- Policy/NoLint.h - NOLINT comments, as clang-tidy reads them -*- C++ -*-//
//
// The CLI honours the suppression comments clang-tidy honours, with the same
// rules (clang-tidy's NoLintDirectiveHandler lives in libclangTidy, which the
// CLI does not link):
//   - `NOLINT` anywhere on the access's line, `NOLINTNEXTLINE` anywhere on
//     the line before, and the lines between `NOLINTBEGIN` and `NOLINTEND`;
//   - bare, each of them silences every check; with a list, `NOLINT(a, b*)`,
//     only the checks matched by one of its comma-separated globs (`*` is
//     the only wildcard, spaces around names are ignored, `-negative` globs
//     are ignored, and `NOLINT()` silences nothing);
//   - the directive is found in the raw text (clang-tidy does not require a
//     comment either); an unknown word such as `NOLINTFOO` is not one; an
//     unclosed `(` on the line makes the directive bare;
//   - `NOLINTEND` closes the innermost open `NOLINTBEGIN` only when their
//     check lists are the same (spaces aside); blocks nest; a `NOLINTBEGIN`
//     or `NOLINTEND` left unmatched silences nothing and is reported.
// Plain text in, byte offsets out: no Clang types, so the unit tests drive it
// directly.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_POLICY_NOLINT_H
#define CUDA_COALESCE_POLICY_NOLINT_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cudacoalesce {

enum class NoLintKind { NoLint, NextLine, Begin, End };

struct NoLintDirective {
  NoLintKind Kind = NoLintKind::NoLint;
  size_t Offset = 0; // of the "N" of NOLINT, in the text scanned
  /// The check list between the parentheses, spaces around names removed;
  /// none for a bare directive.
  std::optional<std::string> Checks;

  /// Whether the directive names \p Check (a bare one names every check).
  bool covers(llvm::StringRef Check) const;
};

/// Every directive in \p Text, in order.
std::vector<NoLintDirective> findNoLintDirectives(llvm::StringRef Text);

/// Whether clang-tidy's comma-separated glob list \p Globs contains \p Name
/// (negative globs dropped, as for NOLINT lists).
bool noLintGlobsMatch(llvm::StringRef Globs, llvm::StringRef Name);

/// The directives of one file, read once, asked about many offsets.
class NoLintIndex {
public:
  explicit NoLintIndex(llvm::StringRef Buffer);

  /// Whether a diagnostic of \p Check at byte \p Offset is silenced.
  bool suppresses(size_t Offset, llvm::StringRef Check) const;

  /// Whether a cuda-coalesce finding at byte \p Offset is silenced: a
  /// directive names it by any of its names (Policy/CheckNames.def).
  bool suppressesFinding(size_t Offset) const;

  /// NOLINTBEGIN and NOLINTEND comments that have no partner.
  const std::vector<NoLintDirective> &unmatched() const { return Unmatched; }

private:
  struct Block {
    NoLintDirective Begin;
    size_t End;
  };
  llvm::StringRef Buffer;
  std::vector<Block> Blocks;
  std::vector<NoLintDirective> Unmatched;
};

} // namespace cudacoalesce

#endif
