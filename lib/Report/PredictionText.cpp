//===- Report/PredictionText.cpp - A prediction in words ------------------===//
#include "cuda-coalesce/Report/PredictionText.h"

#include "cuda-coalesce/Limits.h"
#include "cuda-coalesce/Support/Text.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

namespace cudacoalesce {

using model::Assumption;
using model::UnknownCause;

namespace {

std::string range(double Least, double Most,
                  const model::CostModelDescription &Model) {
  return formatCount(Least) + " to " + formatCount(Most) + " " +
         Model.UnitPlural + "/request";
}

std::string tried(const Assumption &A) {
  return std::to_string(A.Low) + ".." + std::to_string(A.High) +
         (A.ValuesTried
              ? " (" + std::to_string(A.ValuesTried) + " of them tried)"
              : "");
}

/// The values past Low..High an unknown was tried at: where every value of
/// the range was tried (an unknown's trials, not a block extent's), also
/// limits::LargeValuesTried.
std::string largerTried(const Assumption &A) {
  if (A.ValuesTried)
    return "";
  const int64_t Largest = std::end(limits::LargeValuesTried)[-1];
  if (Largest >= (1 << 16) && llvm::isPowerOf2_64(uint64_t(Largest)))
    return " and larger ones up to 2^" +
           std::to_string(llvm::Log2_64(uint64_t(Largest)));
  return " and larger ones up to " + std::to_string(Largest);
}

} // namespace

std::string assumptionText(const Assumption &A,
                           const model::CostModelDescription &Model) {
  switch (A.What) {
  case Assumption::Kind::MovesWholeSegments:
    return A.Names + " unknown: it moves every lane by the same whole "
                     "128-byte segments, so the count does not depend on it";
  case Assumption::Kind::GridAveraged:
    return "grid size unknown: averaged over blockIdx " + tried(A);
  case Assumption::Kind::GuardUnknown:
    return "a guard depends on values not known here: its lanes counted as "
           "active";
  case Assumption::Kind::SameResultForEveryValue:
    return A.Names + " unknown: the same result for every value in " +
           tried(A) + largerTried(A);
  case Assumption::Kind::SamePatternForEveryValue:
    return A.Names + " unknown: the same pattern for every value in " +
           tried(A) + largerTried(A) + ", at " + range(A.Least, A.Most, Model) +
           "; the count is for multiples of 32";
  case Assumption::Kind::DataPerWarp:
    return A.Names +
           " is the same in every lane of a warp and data from warp to "
           "warp: averaged over its alignments (values " +
           tried(A) + " per warp)";
  case Assumption::Kind::UndefinedValuesLeftOut:
    return "values of " + A.Names +
           " under which a lane divides by zero or its address passes 64 "
           "bits left out: no launch makes them";
  }
  llvm_unreachable("covered switch");
}

std::string conditionText(const model::Prediction &P) {
  if (!P.Condition)
    return "";
  const model::IdealCondition &C = *P.Condition;
  const char *Ideal = P.model().IdealPattern;
  if (C.Modulus == 0)
    return std::string(Ideal) + " iff " + C.Unknown +
           (C.UpTo ? " <= " : " == ") + std::to_string(C.Equals);
  return std::string(Ideal) + " iff " + C.Unknown + " % " +
         std::to_string(C.Modulus) + " == 0";
}

std::string unknownReasonText(const model::Prediction &P) {
  if (!P.Cause)
    return "";
  const UnknownCause &C = *P.Cause;
  switch (C.What) {
  case UnknownCause::Kind::UnfollowedLaneValue:
    return "depends on " + C.Names +
           ", a per-lane value computed in a way the analysis does not follow";
  case UnknownCause::Kind::NoLaneReaches:
    return "no lane of any simulated warp reaches the access";
  case UnknownCause::Kind::DependsOnUnknowns:
    return "depends on " + C.Names + ": " + range(C.Least, C.Most, P.model());
  case UnknownCause::Kind::GuardOnData:
    return "a guard reads " + C.Names +
           ", data: which lanes take part is not known; " +
           range(C.Least, C.Most, P.model()) + " (one lane to all of them)";
  case UnknownCause::Kind::GuardOnUnknowns:
    return "a guard reads values not known here: which lanes take part is "
           "not known; " +
           range(C.Least, C.Most, P.model()) + " (one lane to all of them)";
  case UnknownCause::Kind::PredicatedOrBranched:
    return "nvcc may predicate the guarded code (every warp issues it, the "
           "lanes that fail the test off) or branch around it: " +
           range(C.Least, C.Most, P.model());
  case UnknownCause::Kind::SunkOrKept:
    return "nvcc may sink this store to where the branches of its `if` join "
           "(the lanes of both branches store there) or keep it in its "
           "branch: " +
           range(C.Least, C.Most, P.model());
  case UnknownCause::Kind::RetriedUntilSwapped:
    return "a loop of compare-and-swap that the lanes another lane or warp "
           "beat to the word go round again: " +
           range(C.Least, C.Most, P.model()) + " (one lane to all of them)";
  case UnknownCause::Kind::UnevaluableAddress:
    return "the address of some active lanes could not be evaluated (a "
           "division by zero or a value past 64 bits)";
  case UnknownCause::Kind::DataAddresses:
    return "the address depends on " + C.Names +
           ", data loaded per lane: " + range(C.Least, C.Most, P.model()) +
           " (one " + P.model().Unit + " where the lanes share one, " +
           (P.model().Conflict
                ? "every lane's word in one bank"
                : std::string("a ") + P.model().Unit + " a lane") +
           " at the most)";
  }
  llvm_unreachable("covered switch");
}

std::vector<std::string> assumptionTexts(const Finding &F) {
  std::vector<std::string> Texts = F.Assumptions;
  for (const Assumption &A : F.Prediction.Assumptions)
    Texts.push_back(assumptionText(A, F.Prediction.model()));
  return Texts;
}

} // namespace cudacoalesce
