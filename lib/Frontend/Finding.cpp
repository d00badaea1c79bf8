//===- Frontend/Finding.cpp - One access under one launch -----------------===//
#include "cuda-coalesce/Frontend/Finding.h"
#include "cuda-coalesce/Support/EnumNames.h"

#include <algorithm>

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

std::optional<double> Finding::wastedBytesPerLaunch() const {
  const model::Prediction &P = Prediction;
  if (P.Space != model::AddressSpace::Global || !P.Walk.RequestsPerLaunch)
    return std::nullopt;
  // A gather's count is its worst case: the least of its range is 1.
  double PerRequest =
      P.Sectors && !P.DependsOnLaneData ? *P.Sectors : P.SectorsMin;
  return *P.Walk.RequestsPerLaunch *
         std::max(0.0, PerRequest - P.IdealSectors) * model::SectorBytes;
}

std::optional<double> Finding::bytesPerLaunch() const {
  const model::Prediction &P = Prediction;
  if (P.Space != model::AddressSpace::Global || !P.Walk.RequestsPerLaunch ||
      !P.Sectors || P.DependsOnLaneData)
    return std::nullopt;
  return *P.Walk.RequestsPerLaunch * *P.Sectors * model::SectorBytes;
}

} // namespace cudacoalesce
