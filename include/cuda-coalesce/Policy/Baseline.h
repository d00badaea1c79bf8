//===- Policy/Baseline.h - Findings already known ---------------*- C++ -*-===//
//
// A baseline file records the flagged findings of a run so that later runs
// report only new ones. A finding is identified without its line or column,
// so that edits above it do not make it new:
//   file     relative to the baseline's directory ('/'-separated; absolute
//            when the file lies outside it)
//   kernel, function, kind (load/store/atomic)
//   expression  the access's source text, spacing normalised
//   pattern
//   occurrence  how many findings before it, in source order, have all of
//               the fields above the same (two `a[2 * t]` in one kernel,
//               or one access under two launch shapes)
// The file is JSON:
//   {"cuda-coalesce-baseline": 1,
//    "findings": [{"file": "src/a.cu", "kernel": "k", "function": "k",
//                  "kind": "load", "expression": "a[2*t]",
//                  "pattern": "strided", "occurrence": 0}, ...]}
// sorted, so that a refreshed baseline diffs well.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_POLICY_BASELINE_H
#define CUDA_COALESCE_POLICY_BASELINE_H

#include "cuda-coalesce/Frontend/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <tuple>
#include <vector>

namespace cudacoalesce {

struct BaselineEntry {
  std::string File, Kernel, Function, Kind, Expression, Pattern;
  unsigned Occurrence = 0;

  auto tie() const {
    return std::tie(File, Kernel, Function, Kind, Expression, Pattern,
                    Occurrence);
  }
  bool operator==(const BaselineEntry &O) const { return tie() == O.tie(); }
  bool operator!=(const BaselineEntry &O) const { return !(*this == O); }
  bool operator<(const BaselineEntry &O) const { return tie() < O.tie(); }
};

/// Source text with the spacing that does not separate two words removed
/// and the rest made one space: `a[ 2*t ]`, `a[2 * t]` -> `a[2*t]`.
std::string normalizeExpression(llvm::StringRef Text);

/// \p File as the baseline in \p BaselineDir names it (both absolute).
std::string baselinePath(llvm::StringRef File, llvm::StringRef BaselineDir);

/// A finding with the absolute path of the file it is in.
struct BaselineItem {
  std::string File;
  const Finding *Data = nullptr;
};

/// One entry per item, in the items' order; occurrences count in source
/// order (line, then column, then the items' order).
std::vector<BaselineEntry>
baselineEntries(const std::vector<BaselineItem> &Items,
                llvm::StringRef BaselineDir);

/// Reads a baseline file; false with \p Error ("PATH: why") when it cannot.
bool readBaseline(llvm::StringRef Path, std::vector<BaselineEntry> &Entries,
                  std::string &Error);

/// Writes \p Entries (sorted) to \p Path through a temporary file renamed
/// over it; false with \p Error when it cannot.
bool writeBaseline(llvm::StringRef Path, std::vector<BaselineEntry> Entries,
                   std::string &Error);

} // namespace cudacoalesce

#endif
