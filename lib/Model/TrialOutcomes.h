//===- Model/TrialOutcomes.h - What the trials of unknowns say --*- C++ -*-===//
//
// An access whose address or guards read values known neither statically
// nor at the launch is walked once per trial value of them (Predict.cpp).
// Each walk gives one outcome; together they give one result for every
// value, one pattern whose count moves, or a count that depends on the
// values (a range and no pattern). The last is known as soon as two trials
// disagree on both the result and the pattern: a caller that reads only a
// definite count or a known pattern (the fixes' candidates) stops there.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_TRIALOUTCOMES_H
#define CUDA_COALESCE_LIB_MODEL_TRIALOUTCOMES_H

#include "cuda-coalesce/Model/Prediction.h"

#include <vector>

namespace cudacoalesce {
namespace model {

/// Lanes at consecutive elements, whether or not the first is aligned.
inline bool isContiguous(Pattern Kind) {
  return Kind == Pattern::Coalesced || Kind == Pattern::Misaligned;
}

/// One trial of the values an access depends on (a value of each unknown,
/// a block extent): its pattern and count, a range where it has none.
struct Trial {
  Pattern Kind = Pattern::Unknown;
  bool Definite = true;
  double Low = 0, High = 0; // the count both, where definite
  double Ideal = 0;
};

/// \p Other gives what \p First gives: pattern, count and ideal.
bool sameResult(const Trial &First, const Trial &Other);
/// \p Other keeps \p First's pattern with a count of its own.
bool samePattern(const Trial &First, const Trial &Other);

/// What the trials say together: one result for every value, one pattern
/// with a count that moves (reported at the aligned value with the range
/// and the condition for the ideal), or a count that depends on the values.
struct TrialsTogether {
  enum class Outcome { SameResult, SamePattern, DependsOnValues } What;
  double Lowest = 1e300, Highest = 0;
  std::vector<bool> Ideal; // per trial: at its ideal count
};

/// \p Trials together, the first the one the others are compared with.
TrialsTogether combineTrials(const std::vector<Trial> &Trials);

} // namespace model
} // namespace cudacoalesce

#endif
