//===- Verify/Join.h - Measured lines meet predicted accesses ---*- C++ -*-===//
//
// Joins the measured lines with the analyzer's accesses per profiled
// launch, on (file, line, operation, memory) of the kernel (names
// normalised, Verify/Names.h; where none of the analyzer's is the profiled
// one, the one instance an enum argument written otherwise names,
// enumArgumentsMatch; files by their longest common path suffix).
// Where the analyzer predicted a kernel under several launch shapes, the
// accesses under the measured launch's block are the ones judged; a kernel
// the analyzer has only under other shapes is "other launch".
//
// A measured line meets the accesses filed under it. Where lines and
// accesses do not meet one to one, an access also meets the measured
// lines it names, and a measured line with no access of its own meets
// the accesses that name it:
//   - its call sites (an inlined helper's instructions filed at the call
//     instead of the callee);
//   - the other lines of its statement (an expression written over several
//     lines, filed by nvcc under one of them; Verify/StatementSpans.h);
//   - its "also_filed_under" lines (a store nvcc merged from both branches
//     of an `if`, copies of a fully unrolled loop's body).
// Lines and accesses that meet, directly or through others, are judged as
// one: the lines' units over their executions against the accesses' mean
// (Verify/Verdict.h), and every line of the group gets that verdict.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_VERIFY_JOIN_H
#define CUDA_COALESCE_VERIFY_JOIN_H

#include "cuda-coalesce/Verify/Measurement.h"
#include "cuda-coalesce/Verify/Prediction.h"
#include "cuda-coalesce/Verify/Verdict.h"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cudacoalesce::verify {

/// One judged row: a measured line, or an access of a profiled launch that
/// no measured line meets (Verdict::NoInstruction).
struct JudgedRow {
  const MeasuredLine *Measured = nullptr; // null for NoInstruction
  size_t Launch = 0;                      // into Measurements::Launches
  std::string File; // the analyzer's path where it has the file
  unsigned Line = 0;
  Operation Op = Operation::Load;
  Memory Space = Memory::Global;
  std::string Kernel;
  /// How the accesses met this line: "line", "call site", "statement",
  /// "filed under"; empty when none did.
  std::string MatchedBy;
  /// The group's accesses, judged together.
  std::vector<const PredictedAccess *> Accesses;
  /// The group's other measured lines, and their units per request
  /// together with this one's, when it has others.
  std::vector<unsigned> MeasuredWith;
  std::optional<double> MeasuredTogether;
  LineJudgement Judgement;
  std::vector<Verdict> AccessVerdicts; // per access of Accesses
  /// Units per launch, measured and predicted (the sum over the group's
  /// accesses, where every count is known and they share one launch);
  /// on the group's first row only.
  std::optional<double> MeasuredPerLaunch, PredictedPerLaunch;
  /// For OtherLaunch: the block shapes the analyzer has the kernel under.
  std::set<Dim3> AnalysedBlocks;
};

struct JoinResult {
  std::vector<JudgedRow> Rows;
  /// Accesses of kernels no launch of which was profiled.
  size_t AccessesNotProfiled = 0;
};

/// The lines of the statement that holds \p Line of \p File.
using SpanFunction =
    std::function<std::pair<unsigned, unsigned>(const std::string &, unsigned)>;

JoinResult join(const Measurements &M,
                const std::vector<PredictedAccess> &Accesses,
                const SpanFunction &StatementSpan);

} // namespace cudacoalesce::verify

#endif
