//===- Report/FindingGroups.cpp - One source access, many kernels ---------===//
#include "cuda-coalesce/Report/FindingGroups.h"
#include "cuda-coalesce/Support/Text.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <map>

namespace cudacoalesce {

double severity(const Finding &F) {
  const model::Prediction &P = F.Prediction;
  double Units = P.Units ? *P.Units : P.UnitsMax;
  double OverIdeal = P.IdealUnits > 0 ? Units / P.IdealUnits : Units;
  // Flagged findings rank above any that are not.
  return (F.isFlagged() ? 1e9 : 0) + OverIdeal;
}

bool clearlyWorse(double Severity, double Than) {
  // Flagged against not flagged: the 1e9 severity() adds. Within one class,
  // the ratio over ideal up by a tenth (1.626 against 1.625 is the same
  // finding to a reader).
  bool Flagged = Severity >= 1e9, WasFlagged = Than >= 1e9;
  if (Flagged != WasFlagged)
    return Flagged;
  double Ratio = Flagged ? Severity - 1e9 : Severity;
  double WasRatio = WasFlagged ? Than - 1e9 : Than;
  return Ratio > WasRatio * 1.1;
}

std::string sourceAccessKey(const Finding &F, llvm::StringRef File) {
  // A helper called at two places is two accesses on the GPU but one line
  // to fix: the calls it is reached through are not part of the key (the
  // note names them).
  return (File + ":" + llvm::Twine(F.Where.Line) + ":" +
          llvm::Twine(F.Where.Column) + "|" + accessKindName(F.Kind) + "|" +
          model::addressSpaceName(F.Prediction.Space))
      .str();
}

std::vector<FindingGroup>
groupBySourceAccess(const std::vector<const Finding *> &Findings) {
  std::map<std::string, size_t> GroupOf;
  std::vector<FindingGroup> Groups;
  for (const Finding *F : Findings) {
    auto [It, New] =
        GroupOf.try_emplace(sourceAccessKey(*F, F->Where.File), Groups.size());
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

/// The count alone: "16", "4 to 32"; empty where the pattern is unknown.
std::string bareCount(const Finding &F) {
  const model::Prediction &P = F.Prediction;
  if (P.Units)
    return formatCount(*P.Units);
  if (P.UnitsMax > 0)
    return formatRange(P.UnitsMin, P.UnitsMax);
  return "";
}

std::string countText(const Finding &F) {
  std::string Count = bareCount(F);
  if (Count.empty())
    return "pattern unknown";
  return Count + " " + F.Prediction.model().UnitPlural + "/request";
}

} // namespace

std::string siteKey(const Finding &F) {
  return sourceAccessKey(F, F.Where.File);
}

void FindingCount::add(const Finding &F) {
  if (!F.isFlagged())
    return;
  ++Instances;
  Findings += Sites.insert(siteKey(F)).second;
}

void FindingCount::add(const std::vector<const Finding *> &All) {
  for (const Finding *F : All)
    add(*F);
}

void FindingCount::add(const std::vector<Finding> &All) {
  for (const Finding &F : All)
    add(F);
}

std::string findingCountText(const FindingCount &C) {
  return std::to_string(C.Findings) +
         (C.Findings == 1 ? " finding (" : " findings (") +
         std::to_string(C.Instances) +
         (C.Instances == 1 ? " flagged instance)" : " flagged instances)");
}

size_t siteCount(const std::vector<Finding> &Findings) {
  std::set<std::string> Sites;
  for (const Finding &F : Findings)
    Sites.insert(siteKey(F));
  return Sites.size();
}

std::string instanceSummaryNote(const FindingGroup &G) {
  if (G.Others.empty())
    return "";
  // The counts the instances share, worst first (the one shown is the
  // worst), each with how many instances give it.
  std::vector<std::pair<const Finding *, size_t>> Counts;
  auto Add = [&](const Finding *F) {
    for (auto &[Seen, N] : Counts)
      if (bareCount(*Seen) == bareCount(*F)) {
        ++N;
        return;
      }
    Counts.push_back({F, 1});
  };
  Add(G.Worst);
  for (const Finding *F : G.Others)
    Add(F);
  std::stable_sort(Counts.begin(), Counts.end(), [](auto &A, auto &B) {
    return severity(*A.first) > severity(*B.first);
  });
  size_t Total = G.Others.size() + 1;
  std::string Note = "in " + std::to_string(Total) + " instances: ";
  for (size_t I = 0; I < Counts.size(); ++I) {
    const auto &[F, N] = Counts[I];
    std::string Count = I ? bareCount(*F) : countText(*F);
    if (Count.empty())
      Count = "pattern unknown";
    Note += (I ? ", " : "") + Count +
            (Counts.size() == 1 ? " in every one" : " in " + std::to_string(N));
  }
  return Note;
}

std::string otherInstancesNote(const FindingGroup &G, size_t Listed) {
  if (G.Others.empty())
    return "";
  size_t N = G.Others.size();
  bool Unrolled =
      !G.Worst->Trips.empty() || llvm::any_of(G.Others, [](const Finding *F) {
        return !F->Trips.empty();
      });
  std::string Note =
      "the same access in " + std::to_string(N) + " other " +
      (N == 1 ? (Unrolled ? "kernel instance, launch, call or unrolled trip"
                          : "kernel instance, launch or call")
              : (Unrolled ? "kernel instances, launches, calls or unrolled "
                            "trips"
                          : "kernel instances, launches or calls"));
  if (!G.Worst->Trips.empty())
    Note += " (the one shown: " + llvm::join(G.Worst->Trips, ", ") + ")";
  Note += ": ";
  for (size_t I = 0; I < N && I < Listed; ++I) {
    const Finding &F = *G.Others[I];
    std::string Shape =
        F.BlockOrigin.empty() ? "block " + F.Block.str() : F.BlockOrigin;
    // Reached through other calls than the one shown: the kernel's call.
    if (!F.CallChain.empty()) {
      const SourcePoint &Call = F.CallChain.front();
      const std::vector<SourcePoint> &Shown = G.Worst->CallChain;
      if (Shown.empty() || Shown.front().File != Call.File ||
          Shown.front().Line != Call.Line ||
          Shown.front().Column != Call.Column)
        Shape += ", through the call at " + Call.File + ":" +
                 std::to_string(Call.Line) + ":" + std::to_string(Call.Column);
    }
    for (const std::string &Trip : F.Trips)
      Shape += ", " + Trip;
    if (F.BaseName != G.Worst->BaseName && !F.BaseName.empty())
      Shape += ", '" + F.BaseName + "'";
    Note += (I ? "; '" : "'") + F.Kernel + "' (" + Shape + "): " + countText(F);
  }
  if (N > Listed)
    Note += "; and " + std::to_string(N - Listed) + " more";
  return Note;
}

} // namespace cudacoalesce
