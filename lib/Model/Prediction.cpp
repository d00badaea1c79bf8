//===- Model/Prediction.cpp - The verdict on one access -------------------===//
#include "cuda-coalesce/Model/Prediction.h"
#include "cuda-coalesce/Model/WarpModel.h"
#include "cuda-coalesce/Support/EnumNames.h"

#include <algorithm>

namespace cudacoalesce {
namespace model {

const char *patternName(Pattern P) {
  static const char *const Names[] = {
#define PATTERN(Name, Spelling) Spelling,
#include "cuda-coalesce/Model/Patterns.def"
  };
  return enumName(Names, P);
}

const CostModelDescription &Prediction::model() const {
  if (Model)
    return *Model;
  // Local and constant memory have no model and no predictions.
  const RequestCostModel *Priced = costModelFor(Space);
  return (Priced ? Priced : costModelFor(AddressSpace::Global))->description();
}

std::optional<std::pair<double, double>> Prediction::rangeStoodFor() const {
  if (!Units)
    return std::nullopt;
  std::optional<std::pair<double, double>> Range;
  auto Widen = [&](double Least, double Most) {
    if (!Range)
      Range = {Least, Most};
    Range->first = std::min(Range->first, Least);
    Range->second = std::max(Range->second, Most);
  };
  if (Walk.RelativeError > 0)
    Widen(*Units * (1 - Walk.RelativeError), *Units * (1 + Walk.RelativeError));
  if (CountsOfItsInstructions)
    Widen(CountsOfItsInstructions->first, CountsOfItsInstructions->second);
  if (AlignmentAssumed)
    for (const Assumption &A : Assumptions)
      if (A.What == Assumption::Kind::SamePatternForEveryValue)
        Widen(std::min(A.Least, *Units), std::max(A.Most, *Units));
  return Range;
}

} // namespace model
} // namespace cudacoalesce
