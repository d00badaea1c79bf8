//===- Verify/Verdict.h - The rules a prediction is judged by ---*- C++ -*-===//
//
// A source line's measurement is Nsight Compute's: the units (sectors or
// wavefronts) of the line's instructions of one operation over their
// warp-level executions. A warp whose lanes are all predicated off counts
// as an execution with no units, as the analyzer's model counts it (a
// guarded access that nvcc predicates still issues its instruction), so
// the two are compared as they are. The prediction compared is the mean
// of the accesses filed under the line (Verify/Join.h), each weighted by
// its requests per launch where those are known and differ by 25% or more
// (different code: a hoisted load beside one in a loop); else alike, since
// requests are estimated from a sample of the launch's warps.
//
//   exact     |predicted - measured| <= max(0.01, 0.5% of measured)
//   in range  the analyzer gave a range (a null count, a sample's stated
//             range, or the bounds of a scattered access) and the
//             measurement lies in it (+-0.01)
//   wrong     otherwise
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_VERIFY_VERDICT_H
#define CUDA_COALESCE_VERIFY_VERDICT_H

#include "cuda-coalesce/Verify/Prediction.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudacoalesce::verify {

enum class Verdict {
#define VERDICT(Name, Spelling) Name,
#include "cuda-coalesce/Verify/Verdicts.def"
};
constexpr Verdict AllVerdicts[] = {
#define VERDICT(Name, Spelling) Verdict::Name,
#include "cuda-coalesce/Verify/Verdicts.def"
};
const char *verdictName(Verdict V);

bool isExact(double Predicted, double Measured);

struct LineJudgement {
  Verdict Result = Verdict::NotPredicted;
  std::optional<double> Predicted; // the weighted mean, where all are known
  std::optional<std::pair<double, double>> Range; // where a range decided
  std::optional<double> PredictedIdeal;
  std::string Pattern; // the accesses' patterns, '/'-joined
};

/// How each access weighs in the line's mean (see the file comment).
std::vector<double>
requestWeights(const std::vector<const PredictedAccess *> &Accesses);
/// \p Accesses with those of one site (file, line, column, operation,
/// space, kernel and call chain) under launches of other blocks, grids or
/// arguments (PredictedAccess::LaunchValues) taken as one: a host loop over
/// problem sizes launches the kernel with each, and the profiled launch is one
/// of them, not their mean (HeCBench moe-align: 1 sector measured on the first
/// launch, 2 elements a warp, where the mean of its 15 launches said 3.9955).
/// One access stands for each site: its count where the launches agree, else
/// the range from the least to the most. \p Storage keeps the merged ones.
std::vector<const PredictedAccess *>
launchesMerged(const std::vector<const PredictedAccess *> &Accesses,
               std::vector<PredictedAccess> &Storage);
/// What the accesses \p Accesses (at least one) predict for their line
/// together: the mean where all are known, else the range; no verdict.
LineJudgement describe(const std::vector<const PredictedAccess *> &Accesses);
/// Judges the accesses \p Accesses (at least one) against the line's
/// measured units per request (nullopt: nothing executed).
LineJudgement judgeLine(const std::vector<const PredictedAccess *> &Accesses,
                        std::optional<double> Measured);

/// Whether one instruction's measured units per request fit \p P: its
/// count exactly, or its range where it gives one.
bool fits(const PredictedAccess &P, double Measured);
/// Each access against the line's executed instructions: an access claims
/// at most one instruction it fits (closest first, each instruction
/// once): exact or in range. An access left without one: wrong where the
/// line has no more instructions than accesses and one is left unclaimed,
/// or where it has more (an unrolled loop's copies) and some instruction
/// fits no access; else no instruction (nvcc merged or removed it).
std::vector<Verdict>
judgeAccesses(const std::vector<const PredictedAccess *> &Accesses,
              const std::vector<double> &PerInstruction);

} // namespace cudacoalesce::verify

#endif
