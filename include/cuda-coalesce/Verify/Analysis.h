//===- Verify/Analysis.h - The predictions of this run ----------*- C++ -*-===//
//
// Analyses the sources as `cuda-coalesce --format=json` does (the same
// library call, the same options) and gives verify the JSON document that
// run would print: the predictions are read through one reader
// (Verify/Prediction.h) whether they come from this run or from a file.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_VERIFY_ANALYSIS_H
#define CUDA_COALESCE_VERIFY_ANALYSIS_H

#include "cuda-coalesce/Driver/Runner.h"

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace cudacoalesce::verify {

/// False with \p SetupError when nothing could be analysed (an unreadable
/// compile database); files that failed are in \p Errors, one line each.
bool analyseSources(const RunOptions &Opts, const std::string &Arch,
                    llvm::json::Value &Document,
                    std::vector<std::string> &Errors, std::string &SetupError);

} // namespace cudacoalesce::verify

#endif
