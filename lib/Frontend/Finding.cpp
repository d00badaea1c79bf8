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
  case model::Pattern::BankConflict:
    return true;
  case model::Pattern::Scattered:
    // A gather the code bounds to what a full warp needs cannot waste.
    return Prediction.Units ||
           Prediction.UnitsMax > Prediction.IdealUnits + 1e-9;
  case model::Pattern::Unknown:
    // Wasteful whatever the unknown values are.
    return !Prediction.Units &&
           Prediction.UnitsMin > Prediction.IdealUnits + 1e-9;
  default:
    return false;
  }
}

Finding::LaunchTraffic Finding::launchTraffic() const {
  const model::Prediction &P = Prediction;
  LaunchTraffic T;
  T.Requests = P.Walk.RequestsPerLaunch;
  if (!T.Requests)
    return T;
  double R = *T.Requests;
  // A gather's count is its worst case: the traffic is a range.
  if (P.Units && !P.DependsOnLaneData) {
    T.Units = R * *P.Units;
    T.Wasted = R * std::max(0.0, *P.Units - P.IdealUnits);
  } else if (P.Units || P.UnitsMax > 0) {
    T.UnitsRange = {R * P.UnitsMin, R * P.UnitsMax};
    T.WastedRange = {R * std::max(0.0, P.UnitsMin - P.IdealUnits),
                     R * std::max(0.0, P.UnitsMax - P.IdealUnits)};
  }
  return T;
}

std::optional<double> Finding::wastedBytesPerLaunch() const {
  unsigned BytesPerUnit = Prediction.model().DeviceBytesPerUnit;
  if (!BytesPerUnit)
    return std::nullopt;
  LaunchTraffic T = launchTraffic();
  if (T.Wasted)
    return *T.Wasted * BytesPerUnit;
  if (T.WastedRange)
    return T.WastedRange->first * BytesPerUnit;
  return std::nullopt;
}

std::map<KernelLaunch, KernelLaunchTraffic>
trafficByKernelLaunch(const std::vector<const Finding *> &Findings) {
  std::map<KernelLaunch, KernelLaunchTraffic> Sums;
  for (const Finding *F : Findings) {
    if (F->Prediction.model().SummedApartAs) // not in sectors
      continue;
    KernelLaunchTraffic &K = Sums[launchOf(*F)];
    Finding::LaunchTraffic T = F->launchTraffic();
    if (!T.Units) {
      K.Sectors.reset();
      K.WastedSectors.reset();
      ++K.AccessesWithUnknownCounts;
      continue;
    }
    if (K.Sectors)
      *K.Sectors += *T.Units;
    if (K.WastedSectors)
      *K.WastedSectors += *T.Wasted;
  }
  return Sums;
}

} // namespace cudacoalesce
