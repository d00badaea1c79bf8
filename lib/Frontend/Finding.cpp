//===- Frontend/Finding.cpp - One access under one launch -----------------===//
#include "cuda-coalesce/Frontend/Finding.h"
#include "cuda-coalesce/Support/EnumNames.h"

namespace cudacoalesce {

const char *accessKindName(AccessKind K) {
  static const char *const Names[] = {
#define ACCESS_KIND(Name, Spelling) Spelling,
#include "cuda-coalesce/Frontend/AccessKinds.def"
  };
  return enumName(Names, K);
}

bool Finding::isFlagged() const {
  switch (Prediction.Kind) {
  case model::Pattern::Misaligned:
  case model::Pattern::Strided:
  case model::Pattern::Scattered:
  case model::Pattern::BankConflict:
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
