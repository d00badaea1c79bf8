//===- Model/Prediction.cpp - The verdict on one access -------------------===//
#include "cuda-coalesce/Model/Prediction.h"
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

} // namespace model
} // namespace cudacoalesce
