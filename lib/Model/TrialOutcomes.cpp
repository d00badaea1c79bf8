//===- Model/TrialOutcomes.cpp - What the trials of unknowns say ----------===//
#include "TrialOutcomes.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace cudacoalesce {
namespace model {

bool sameResult(const Trial &First, const Trial &Other) {
  return Other.Kind == First.Kind && Other.Definite == First.Definite &&
         std::fabs(Other.High - First.High) < 1e-9 &&
         std::fabs(Other.Ideal - First.Ideal) < 1e-9;
}

bool samePattern(const Trial &First, const Trial &Other) {
  return First.Kind != Pattern::Unknown && Other.Definite &&
         (Other.Kind == First.Kind ||
          (isContiguous(Other.Kind) && isContiguous(First.Kind)));
}

TrialsTogether combineTrials(const std::vector<Trial> &Trials) {
  assert(!Trials.empty() && "no trial to combine");
  const Trial &First = Trials[0];
  TrialsTogether T;
  for (const Trial &R : Trials) {
    T.Lowest = std::min(T.Lowest, R.Low);
    T.Highest = std::max(T.Highest, R.High);
    T.Ideal.push_back(R.Definite && R.High <= R.Ideal + 1e-9);
  }
  auto SameResult = [&](const Trial &R) { return sameResult(First, R); };
  auto SamePattern = [&](const Trial &R) { return samePattern(First, R); };
  T.What = llvm::all_of(Trials, SameResult) ? TrialsTogether::Outcome::SameResult
           : llvm::all_of(Trials, SamePattern)
               ? TrialsTogether::Outcome::SamePattern
               : TrialsTogether::Outcome::DependsOnValues;
  return T;
}

} // namespace model
} // namespace cudacoalesce
