//===- Model/Prediction.cpp - The verdict on one access -------------------===//
#include "cuda-coalesce/Model/Prediction.h"
#include "cuda-coalesce/Model/WarpModel.h"
#include "cuda-coalesce/Support/EnumNames.h"

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

} // namespace model
} // namespace cudacoalesce
