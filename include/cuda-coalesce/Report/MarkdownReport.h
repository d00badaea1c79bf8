//===- Report/MarkdownReport.h - Audit report in Markdown ------*- C++ -*-===//
#ifndef CUDA_COALESCE_REPORT_MARKDOWNREPORT_H
#define CUDA_COALESCE_REPORT_MARKDOWNREPORT_H

#include "cuda-coalesce/Frontend/Finding.h"

#include <vector>

namespace llvm {
class raw_ostream;
}

namespace cudacoalesce {

/// An audit report for a person reviewing before code review (GitHub
/// flavoured Markdown): totals per file, worst first; per kernel launch a
/// table of its flagged accesses (all with \p ShowAll); per flagged access
/// its fixes and a text picture of one warp's lanes against the sectors
/// they touch.
void writeMarkdown(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                   bool ShowAll);

} // namespace cudacoalesce

#endif
