//===- Report/HtmlReport.h - Audit report as one HTML page -----*- C++ -*-===//
#ifndef CUDA_COALESCE_REPORT_HTMLREPORT_H
#define CUDA_COALESCE_REPORT_HTMLREPORT_H

#include "cuda-coalesce/Frontend/Finding.h"
#include "cuda-coalesce/Report/RunInfo.h"

#include <vector>

namespace llvm {
class raw_ostream;
}

namespace cudacoalesce {

/// The audit report of writeMarkdown as one self-contained HTML page (no
/// script, style sheet, font or image from elsewhere; a content security
/// policy forbids loading any), with each flagged access's warp drawn as
/// inline SVG: lanes 0..31 above the 32-byte sectors they touch, each
/// sector filled where its bytes are requested.
/// It opens with the files that could not be analysed and a ranked list of
/// the root causes to fix first, across files; paths are relative to
/// Info.SourceRoot.
void writeHtml(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               bool ShowAll, const RunInfo &Info);

} // namespace cudacoalesce

#endif
