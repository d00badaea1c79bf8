//===- Report/Traffic.cpp - What an access moves per launch ---------------===//
#include "cuda-coalesce/Report/Traffic.h"

#include <algorithm>
#include <tuple>

namespace cudacoalesce {
namespace traffic {

double bytesPerUnit(const Finding &F) {
  return F.Prediction.model().DeviceBytesPerUnit;
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

std::vector<const Finding *> rankedByWaste(const std::vector<Finding> &All) {
  std::vector<const Finding *> Out;
  for (const Finding &F : All)
    if (F.isFlagged())
      Out.push_back(&F);
  auto PerRequest = [](const Finding *F) {
    const model::Prediction &P = F->Prediction;
    return std::max(0.0, (P.Units ? *P.Units : P.UnitsMin) - P.IdealUnits) *
           bytesPerUnit(*F);
  };
  std::stable_sort(
      Out.begin(), Out.end(), [&](const Finding *A, const Finding *B) {
        std::optional<double> WA = A->wastedBytesPerLaunch(),
                              WB = B->wastedBytesPerLaunch();
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

} // namespace traffic
} // namespace cudacoalesce
