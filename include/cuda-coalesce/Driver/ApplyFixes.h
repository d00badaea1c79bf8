//===- Driver/ApplyFixes.h - --fix and --export-fixes ----------*- C++ -*-===//
//
// Applies the mechanical fixes of the findings to the files that were
// analysed, and nothing else: atomically (a temporary file beside the
// original, renamed over it), and only when the result still parses with
// the file's compile command. Or writes them as clang-apply-replacements
// YAML for review.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_APPLYFIXES_H
#define CUDA_COALESCE_DRIVER_APPLYFIXES_H

#include "cuda-coalesce/Driver/Runner.h"
#include "cuda-coalesce/Frontend/Finding.h"

#include <string>
#include <vector>

namespace cudacoalesce {

struct FixOutcome {
  std::string File;
  unsigned Edits = 0;
  bool Applied = false;
  std::string Error; // one line, when not applied
};

/// Applies every mechanical fix of \p Findings that lies in one of
/// \p Opts.Files; one outcome per file that had edits.
std::vector<FixOutcome> applyFixes(const std::vector<Finding> &Findings,
                                   const RunOptions &Opts);

/// Writes the mechanical fixes as clang-apply-replacements YAML; false with
/// \p Error set when the file cannot be written.
bool exportFixes(const std::vector<Finding> &Findings, const std::string &Path,
                 std::string &Error);

} // namespace cudacoalesce

#endif
