//===- Frontend/Finding.cpp - One access under one launch -----------------===//
#include "cuda-coalesce/Frontend/Finding.h"

namespace cudacoalesce {

const char *accessKindName(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::Atomic:
    return "atomic";
  }
  return "load";
}

bool Finding::isFlagged() const {
  switch (Prediction.Kind) {
  case model::Pattern::Misaligned:
  case model::Pattern::Strided:
  case model::Pattern::Scattered:
    return true;
  case model::Pattern::Unknown:
    // Wasteful whatever the unknown values are.
    return !Prediction.Sectors &&
           Prediction.SectorsMin > Prediction.IdealSectors + 1e-9;
  default:
    return false;
  }
}

} // namespace cudacoalesce
