//===- Report/SarifReport.h - SARIF 2.1.0 for code scanning ----*- C++ -*-===//
#ifndef CUDA_COALESCE_REPORT_SARIFREPORT_H
#define CUDA_COALESCE_REPORT_SARIFREPORT_H

#include "cuda-coalesce/Frontend/Finding.h"
#include "cuda-coalesce/Report/RunInfo.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace cudacoalesce {

/// One SARIF 2.1.0 log with a rule per pattern and a result per flagged
/// finding (all findings when \p ShowAll): locations relative to
/// \p SourceRoot where they lie under it, notes as related locations, the
/// fixes, and a fingerprint that survives edits above the line.
void writeSarif(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                const std::string &SourceRoot, bool ShowAll);
/// The same, with the files that could not be analysed as the invocation's
/// error notifications (executionSuccessful false), each rule's help and
/// documentation link, the access's end, the launch that gave the block
/// shape as a related location; paths, in locations and in texts, are
/// relative to Info.SourceRoot where they lie under it.
void writeSarif(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                const RunInfo &Info, bool ShowAll);

} // namespace cudacoalesce

#endif
