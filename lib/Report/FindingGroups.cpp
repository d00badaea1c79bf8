//===- Report/FindingGroups.cpp - One source access, many kernels ---------===//
#include "cuda-coalesce/Report/FindingGroups.h"
#include "cuda-coalesce/Report/PredictionText.h"
#include "cuda-coalesce/Support/Text.h"

#include <map>
#include <tuple>

namespace cudacoalesce {

double severity(const Finding &F) {
  const model::Prediction &P = F.Prediction;
  double Units = P.Sectors ? *P.Sectors : P.SectorsMax;
  double OverIdeal = P.IdealSectors > 0 ? Units / P.IdealSectors : Units;
  // Flagged findings rank above any that are not.
  return (F.isFlagged() ? 1e9 : 0) + OverIdeal;
}

std::vector<FindingGroup>
groupBySourceAccess(const std::vector<const Finding *> &Findings) {
  // A helper called at two places of a kernel makes two accesses: the calls
  // it is reached through are part of the key.
  using Key =
      std::tuple<std::string, unsigned, unsigned, int, int,
                 std::vector<std::tuple<std::string, unsigned, unsigned>>>;
  std::map<Key, size_t> GroupOf;
  std::vector<FindingGroup> Groups;
  for (const Finding *F : Findings) {
    Key K{F->Where.File,
          F->Where.Line,
          F->Where.Column,
          int(F->Kind),
          int(F->Prediction.Space),
          {}};
    for (const SourcePoint &Call : F->CallChain)
      std::get<5>(K).emplace_back(Call.File, Call.Line, Call.Column);
    auto [It, New] = GroupOf.try_emplace(K, Groups.size());
    if (New) {
      Groups.push_back({F, {}});
      continue;
    }
    FindingGroup &G = Groups[It->second];
    if (severity(*F) > severity(*G.Worst)) {
      G.Others.insert(G.Others.begin(), G.Worst);
      G.Worst = F;
    } else {
      G.Others.push_back(F);
    }
  }
  return Groups;
}

namespace {

std::string countText(const Finding &F) {
  const model::Prediction &P = F.Prediction;
  std::string Units = std::string(" ") + unitsName(P.Space) + "/request";
  if (P.Sectors)
    return formatCount(*P.Sectors) + Units;
  if (P.SectorsMax > 0)
    return formatCount(P.SectorsMin) + " to " + formatCount(P.SectorsMax) +
           Units;
  return "pattern unknown";
}

std::string block(const model::Dim3 &D) {
  return "(" + std::to_string(D.X) + "," + std::to_string(D.Y) + "," +
         std::to_string(D.Z) + ")";
}

} // namespace

std::string otherInstancesNote(const FindingGroup &G, size_t Listed) {
  if (G.Others.empty())
    return "";
  size_t N = G.Others.size();
  std::string Note = "the same access in " + std::to_string(N) + " other " +
                     (N == 1 ? "kernel instance or launch: "
                             : "kernel instances or launches: ");
  for (size_t I = 0; I < N && I < Listed; ++I) {
    const Finding &F = *G.Others[I];
    std::string Shape =
        F.BlockOrigin.empty() ? "block " + block(F.Block) : F.BlockOrigin;
    Note += (I ? "; '" : "'") + F.Kernel + "' (" + Shape + "): " + countText(F);
  }
  if (N > Listed)
    Note += "; and " + std::to_string(N - Listed) + " more";
  return Note;
}

} // namespace cudacoalesce
