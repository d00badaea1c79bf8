//===- Report/JsonReport.h - Machine-readable findings ---------*- C++ -*-===//
#ifndef CUDA_COALESCE_REPORT_JSONREPORT_H
#define CUDA_COALESCE_REPORT_JSONREPORT_H

#include "cuda-coalesce/Frontend/Finding.h"
#include "cuda-coalesce/Report/RunInfo.h"

#include <functional>
#include <optional>
#include <vector>

namespace llvm {
class raw_ostream;
namespace json {
class OStream;
}
} // namespace llvm

namespace cudacoalesce {

/// {"accesses":[...]} with one object per access and launch shape; numbers
/// are rounded to 4 decimals so that output is stable across platforms.
/// Counts of what the run left out, written after the accesses.
/// Before them, "findings" and "flagged_instances" (Report/FindingGroups.h).
struct JsonTotals {
  size_t Suppressed = 0; // "suppressed": the sites NOLINT comments silence
  std::optional<size_t> InBaseline; // "in_baseline": with --baseline
  /// "errors": [{"file", "message"}], the files not analysed (always there)
  std::vector<FileError> Errors;
  /// "stale_baseline": [{"file", "kernel", "kind", "expression",
  /// "pattern"}], with --baseline: its entries no finding matched
  std::vector<StaleBaselineEntry> Stale;
  /// The target (--arch): whose memory bandwidth the time estimates use.
  std::string Arch;
  /// "interrupted": the signal that stopped the run ("SIGINT"), when one
  /// did; the files it left are in "errors".
  std::string Interrupted;
  /// "shard", last: what `merge` reads back (Driver/ShardResults.h); unset,
  /// no key.
  std::function<void(llvm::json::OStream &)> Shard;
};

void writeJson(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const JsonTotals &Totals = {});

/// How the report writes a number: rounded to 4 decimals, without trailing
/// zeros ("3.9062", "4", "0" for -0), as printf's "%.4f" then trimmed.
void writeJsonNumber(llvm::raw_ostream &OS, double V);

} // namespace cudacoalesce

#endif
