//===- Report/JsonReport.h - Machine-readable findings ---------*- C++ -*-===//
#ifndef CUDA_COALESCE_REPORT_JSONREPORT_H
#define CUDA_COALESCE_REPORT_JSONREPORT_H

#include "cuda-coalesce/Frontend/Finding.h"

#include <vector>

namespace llvm {
class raw_ostream;
}

namespace cudacoalesce {

/// {"accesses":[...]} with one object per access and launch shape; numbers
/// are rounded to 4 decimals so that output is stable across platforms.
void writeJson(llvm::raw_ostream &OS, const std::vector<Finding> &Findings);

} // namespace cudacoalesce

#endif
