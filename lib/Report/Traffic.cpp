//===- Report/Traffic.cpp - What an access moves per launch ---------------===//
#include "cuda-coalesce/Report/Traffic.h"

#include <algorithm>
#include <tuple>

namespace cudacoalesce {
namespace traffic {

LaunchTraffic of(const Finding &F) {
  const model::Prediction &P = F.Prediction;
  LaunchTraffic T;
  T.Requests = P.Walk.RequestsPerLaunch;
  if (!T.Requests)
    return T;
  double R = *T.Requests;
  // A gather's count is its worst case: the traffic is a range.
  if (P.Sectors && !P.DependsOnLaneData) {
    T.Units = R * *P.Sectors;
    T.Wasted = R * std::max(0.0, *P.Sectors - P.IdealSectors);
  } else if (P.Sectors || P.SectorsMax > 0) {
    T.UnitsRange = {R * P.SectorsMin, R * P.SectorsMax};
    T.WastedRange = {R * std::max(0.0, P.SectorsMin - P.IdealSectors),
                     R * std::max(0.0, P.SectorsMax - P.IdealSectors)};
  }
  return T;
}

double bytesPerUnit(const Finding &F) {
  return F.Prediction.Space == model::AddressSpace::Global ? model::SectorBytes
                                                           : 0;
}

namespace {
struct Part {
  llvm::StringRef Arch, Gpu;
  double BytesPerSecond;
};
// Peak device-memory bandwidth from the vendors' data sheets.
constexpr Part Parts[] = {
    {"sm_70", "V100", 900e9},  {"sm_75", "T4", 320e9},
    {"sm_80", "A100", 2039e9}, {"sm_86", "A40", 696e9},
    {"sm_89", "L40S", 864e9},  {"sm_90", "H200", 4.8e12},
    {"sm_100", "B200", 8e12},
};
const Part &partFor(llvm::StringRef Arch) {
  Arch.consume_back("a");
  for (const Part &P : Parts)
    if (P.Arch == Arch)
      return P;
  return Parts[5];
}
} // namespace

double bandwidthBytesPerSecond(llvm::StringRef Arch) {
  return partFor(Arch).BytesPerSecond;
}

llvm::StringRef bandwidthSource(llvm::StringRef Arch) {
  return partFor(Arch).Gpu;
}

std::optional<double> wastedBytes(const Finding &F) {
  return F.wastedBytesPerLaunch();
}

std::vector<const Finding *> rankedByWaste(const std::vector<Finding> &All) {
  std::vector<const Finding *> Out;
  for (const Finding &F : All)
    if (F.isFlagged())
      Out.push_back(&F);
  auto PerRequest = [](const Finding *F) {
    const model::Prediction &P = F->Prediction;
    return std::max(0.0,
                    (P.Sectors ? *P.Sectors : P.SectorsMin) - P.IdealSectors) *
           bytesPerUnit(*F);
  };
  std::stable_sort(
      Out.begin(), Out.end(), [&](const Finding *A, const Finding *B) {
        std::optional<double> WA = wastedBytes(*A), WB = wastedBytes(*B);
        if (WA.has_value() != WB.has_value())
          return WA.has_value();
        double KA = WA ? *WA : PerRequest(A), KB = WB ? *WB : PerRequest(B);
        if (KA != KB)
          return KA > KB;
        return std::tie(A->Where.File, A->Where.Line) <
               std::tie(B->Where.File, B->Where.Line);
      });
  return Out;
}

std::map<KernelLaunch, std::optional<double>>
kernelSectors(const std::vector<Finding> &All) {
  std::map<KernelLaunch, std::optional<double>> Sums;
  for (const Finding &G : All) {
    if (G.Prediction.Space != model::AddressSpace::Global)
      continue;
    auto [It, New] = Sums.try_emplace(launchOf(G), 0.0);
    LaunchTraffic T = of(G);
    if (!T.Units)
      It->second.reset();
    else if (It->second)
      *It->second += *T.Units;
  }
  return Sums;
}

} // namespace traffic
} // namespace cudacoalesce
