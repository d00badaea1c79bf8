//===- Verify/MeasurementsJson.h - parse_ncu.py's records, read -*- C++ -*-===//
//
// The measurements JSON that runtime-bench/parse_ncu.py and
// tools/real-code/llmc_check_compare.py write ({"kernels": [...],
// "records": [...]}, one record per launch, line, operation and memory):
// measurements stored before verify existed are judged by the same rules
// as a source page.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_VERIFY_MEASUREMENTSJSON_H
#define CUDA_COALESCE_VERIFY_MEASUREMENTSJSON_H

#include "cuda-coalesce/Verify/Measurement.h"

#include "llvm/ADT/StringRef.h"

namespace cudacoalesce::verify {

/// Whether \p Text looks like such a JSON document (an object).
bool looksLikeJson(llvm::StringRef Text);
/// Adds the launches and lines of one measurements JSON; false with
/// \p Error when it is not one.
bool readMeasurementsJson(llvm::StringRef Text, llvm::StringRef Name,
                          Measurements &Out, std::string &Error);

} // namespace cudacoalesce::verify

#endif
