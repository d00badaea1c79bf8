//===- Model/Prediction.cpp - The verdict on one access -------------------===//
#include "cuda-coalesce/Model/Prediction.h"

#include <cassert>
#include <iterator>

namespace cudacoalesce {
namespace model {

const char *patternName(Pattern P) {
  static const char *const Names[] = {
#define PATTERN(Name, Spelling) Spelling,
#include "cuda-coalesce/Model/Patterns.def"
  };
  assert(static_cast<size_t>(P) < std::size(Names) && "not a pattern");
  return Names[static_cast<size_t>(P)];
}

} // namespace model
} // namespace cudacoalesce
