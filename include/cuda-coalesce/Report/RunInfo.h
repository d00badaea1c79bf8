//===- Report/RunInfo.h - What a report says besides findings ---*- C++ -*-===//
//
// Every output format says the same about a run beyond its findings: the
// files that could not be analysed (a run with failed files never looks
// clean), baseline entries that no finding matches any more, and where the
// project is, so that paths are shown relative to it and no absolute path
// of the machine that ran the tool ends up in a report.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_REPORT_RUNINFO_H
#define CUDA_COALESCE_REPORT_RUNINFO_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace cudacoalesce {

/// A file the tool could not analyse, and why (one line).
struct FileError {
  std::string File;
  std::string Message;
};

/// A baseline entry that no finding of the run matches any more: fixed,
/// or changed beyond recognition.
struct StaleBaselineEntry {
  std::string File, Kernel, Kind, Expression, Pattern;
};

struct RunInfo {
  /// Absolute; paths under it are shown relative to it. Empty: as they are.
  std::string SourceRoot;
  std::vector<FileError> Errors;
  std::vector<StaleBaselineEntry> Stale;
  /// The target (--arch): whose memory bandwidth time estimates use.
  std::string Arch;

  /// \p Path relative to SourceRoot when it lies under it.
  std::string relative(llvm::StringRef Path) const;
  /// \p Text with every "SOURCE_ROOT/" removed (paths in messages).
  std::string relativeText(llvm::StringRef Text) const;
};

} // namespace cudacoalesce

#endif
