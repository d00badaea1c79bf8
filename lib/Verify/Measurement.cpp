//===- Verify/Measurement.cpp - What the GPU measured, per line -----------===//
#include "cuda-coalesce/Verify/Measurement.h"

#include "cuda-coalesce/Support/EnumNames.h"

#include <cmath>

namespace cudacoalesce::verify {

const char *operationName(Operation Op) {
  static const char *const Names[] = {
#define ACCESS_KIND(Name, Spelling) Spelling,
#include "cuda-coalesce/Frontend/AccessKinds.def"
  };
  return enumName(Names, Op);
}

const char *memoryName(Memory M) {
  return M == Memory::Global ? "global" : "shared";
}

const char *unitName(Memory M) {
  return M == Memory::Global ? "sectors" : "wavefronts";
}

// Ties to even, as Python's round() and the measurements JSON have them.
double round4(double X) { return std::nearbyint(X * 1e4) / 1e4; }

std::optional<double> MeasuredLine::perRequest() const {
  if (Executed <= 0)
    return std::nullopt;
  return round4(Units / Executed);
}

std::optional<double> MeasuredLine::idealPerRequest() const {
  if (Executed <= 0)
    return std::nullopt;
  return round4(Ideal / Executed);
}

} // namespace cudacoalesce::verify
