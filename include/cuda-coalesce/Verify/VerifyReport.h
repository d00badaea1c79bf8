//===- Verify/VerifyReport.h - Verdicts in words and in JSON ----*- C++ -*-===//
//
// What `cuda-coalesce verify` prints: per measured line, kernel and
// operation the predicted and measured units per request and the verdict,
// then the counts per kernel, per file and in total, global and shared
// memory apart (their units differ). The JSON's schema is docs/verify.md's.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_VERIFY_VERIFYREPORT_H
#define CUDA_COALESCE_VERIFY_VERIFYREPORT_H

#include "cuda-coalesce/Verify/Join.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace cudacoalesce::verify {

/// Rows counted by verdict.
struct Tally {
  std::map<Verdict, size_t> Count;
  size_t MeasuredLines = 0; // rows with a measurement
  void add(const JudgedRow &R);
  size_t operator[](Verdict V) const;
};

struct Summary {
  std::map<Memory, Tally> Total;
  /// Per (file, kernel) and per file; files as the rows name them.
  std::map<std::pair<std::string, std::string>, std::map<Memory, Tally>>
      ByKernel;
  std::map<std::string, std::map<Memory, Tally>> ByFile;
  size_t AccessesNotProfiled = 0;
};
Summary summarize(const JoinResult &Result);

/// Whether the GPU contradicts the analyzer somewhere: a wrong verdict or
/// a measured line no access matches.
bool anyContradiction(const Summary &S);

struct ReportContext {
  const Measurements *Measured = nullptr;
  const JoinResult *Result = nullptr;
  const llvm::json::Array *Predictions = nullptr;
  std::vector<std::string> Errors; // one line each
  /// Paths under this folder are printed relative to it.
  std::string SourceRoot;
};

void writeVerifyText(llvm::raw_ostream &OS, const ReportContext &C);
void writeVerifyJson(llvm::raw_ostream &OS, const ReportContext &C);

} // namespace cudacoalesce::verify

#endif
