//===- Report/MarkdownReport.h - Audit report in Markdown ------*- C++ -*-===//
#ifndef CUDA_COALESCE_REPORT_MARKDOWNREPORT_H
#define CUDA_COALESCE_REPORT_MARKDOWNREPORT_H

#include "cuda-coalesce/Frontend/Finding.h"
#include "cuda-coalesce/Report/RunInfo.h"

#include <vector>

namespace llvm {
class raw_ostream;
}

namespace cudacoalesce {

/// GitHub's limit for a pull-request comment, in characters.
constexpr size_t MarkdownCommentLimit = 65536;

/// An audit report for a person reviewing before code review (GitHub
/// flavoured Markdown), that fits a pull-request comment: the files that
/// could not be analysed; the run's totals and a table per file, worst
/// first; the root causes to fix first, across files; then, per file,
/// folded in <details>, per kernel launch a table of its flagged accesses
/// (all with \p ShowAll) and per root cause (the fields of one array of
/// structs are one) its fixes and a text picture of one warp's lanes
/// against the sectors they touch. Details that would take the report past
/// \p Limit characters are left out, and a note says what. Paths are
/// relative to Info.SourceRoot.
void writeMarkdown(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                   bool ShowAll, const RunInfo &Info,
                   size_t Limit = MarkdownCommentLimit);

} // namespace cudacoalesce

#endif
