//===- Verify/Verdict.cpp - The rules a prediction is judged by -----------===//
#include "cuda-coalesce/Verify/Verdict.h"

#include "cuda-coalesce/Support/EnumNames.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

namespace cudacoalesce::verify {

namespace {

constexpr double RangeSlack = 0.01;

bool inside(double Least, double Most, double V) {
  return Least - RangeSlack <= V && V <= Most + RangeSlack;
}

double weightedMean(const std::vector<double> &W,
                    const std::vector<double> &V) {
  double Sum = 0, Total = 0;
  for (size_t I = 0; I < W.size(); ++I) {
    Sum += W[I] * V[I];
    Total += W[I];
  }
  return Sum / Total;
}

/// The least and most of the accesses' counts: every mean of them lies in
/// between, whatever their weights.
std::pair<double, double>
boundsOf(const std::vector<const PredictedAccess *> &Accesses) {
  std::pair<double, double> B = {Accesses.front()->Min, Accesses.front()->Max};
  for (const PredictedAccess *P : Accesses) {
    B.first = std::min(B.first, P->Min);
    B.second = std::max(B.second, P->Max);
  }
  return B;
}

std::string patternsOf(const std::vector<const PredictedAccess *> &Accesses) {
  std::set<std::string> Names;
  for (const PredictedAccess *P : Accesses)
    Names.insert(P->Pattern);
  std::string Out;
  for (const std::string &N : Names)
    Out += (Out.empty() ? "" : "/") + N;
  return Out;
}

/// The line's judgement where every access has a count.
void judgeDefinite(const std::vector<const PredictedAccess *> &Accesses,
                   double Measured, LineJudgement &J) {
  std::vector<double> W = requestWeights(Accesses), Values, Lows, Highs;
  for (const PredictedAccess *P : Accesses) {
    Values.push_back(*P->PerRequest);
    Lows.push_back(P->Low.value_or(*P->PerRequest));
    Highs.push_back(P->High.value_or(*P->PerRequest));
  }
  if (isExact(weightedMean(W, Values), Measured)) {
    J.Result = Verdict::Exact;
    return;
  }
  J.Result = Verdict::Wrong;
  // A count that is not exact states the range it stands for: a sample
  // stopped at its budget, a count for unknown sizes assumed aligned.
  if (llvm::any_of(Accesses,
                   [](const auto *P) { return P->Low.has_value(); })) {
    double Least = weightedMean(W, Lows), Most = weightedMean(W, Highs);
    J.Range = {round4(Least), round4(Most)};
    if (inside(Least, Most, Measured)) {
      J.Result = Verdict::InRange;
      return;
    }
  }
  // Addresses from data loaded per lane: the count is the worst case, the
  // bounds are the claim.
  if (llvm::all_of(Accesses,
                   [](const auto *P) { return P->Pattern == "scattered"; })) {
    J.Range = boundsOf(Accesses);
    J.Result = inside(J.Range->first, J.Range->second, Measured)
                   ? Verdict::InRange
                   : Verdict::Wrong;
  }
}

} // namespace

const char *verdictName(Verdict V) {
  static const char *const Names[] = {
#define VERDICT(Name, Spelling) Spelling,
#include "cuda-coalesce/Verify/Verdicts.def"
  };
  return enumName(Names, V);
}

bool isExact(double Predicted, double Measured) {
  return std::fabs(Predicted - Measured) <= std::max(0.01, 0.005 * Measured);
}

std::vector<double>
requestWeights(const std::vector<const PredictedAccess *> &Accesses) {
  // Per launch where every access has it, else per block (the grid not
  // known: a fused LDS.128 beside a loop's scalar loads, HeCBench lud),
  // else the same for each.
  std::vector<double> W;
  for (auto Requests : {&PredictedAccess::RequestsPerLaunch,
                        &PredictedAccess::RequestsPerBlock}) {
    W.clear();
    for (const PredictedAccess *P : Accesses)
      if ((P->*Requests).value_or(0) > 0)
        W.push_back(*(P->*Requests));
    if (W.size() == Accesses.size())
      break;
  }
  if (W.size() != Accesses.size())
    return std::vector<double>(Accesses.size(), 1.0);
  auto [Least, Most] = std::minmax_element(W.begin(), W.end());
  if (*Most < 1.25 * *Least)
    return std::vector<double>(Accesses.size(), 1.0);
  return W;
}

std::vector<const PredictedAccess *>
launchesMerged(const std::vector<const PredictedAccess *> &Accesses,
               std::vector<PredictedAccess> &Storage) {
  auto SiteOf = [](const PredictedAccess *P) {
    return std::tie(P->File, P->Line, P->Column, P->Op, P->Space, P->Kernel,
                    P->CallChain);
  };
  std::vector<std::vector<const PredictedAccess *>> Sites;
  for (const PredictedAccess *P : Accesses) {
    auto Same = llvm::find_if(Sites, [&](const auto &Site) {
      return SiteOf(Site.front()) == SiteOf(P);
    });
    if (Same == Sites.end())
      Sites.push_back({P});
    else
      Same->push_back(P);
  }
  // Accesses of one site under one launch are its pieces (an unrolled
  // loop's trips of their own requests): parts of the line's mean.
  auto OneLaunch = [](const std::vector<const PredictedAccess *> &Site) {
    return llvm::all_of(Site, [&](const PredictedAccess *P) {
      return P->LaunchValues == Site.front()->LaunchValues &&
             P->Block == Site.front()->Block;
    });
  };
  if (llvm::all_of(Sites, OneLaunch))
    return Accesses;
  Storage.clear();
  Storage.reserve(Accesses.size());
  for (const std::vector<const PredictedAccess *> &Site : Sites) {
    const PredictedAccess &First = *Site.front();
    if (OneLaunch(Site)) {
      for (const PredictedAccess *P : Site)
        Storage.push_back(*P);
      continue;
    }
    bool Agree = llvm::all_of(Site, [&](const PredictedAccess *P) {
      return P->PerRequest && First.PerRequest &&
             *P->PerRequest == *First.PerRequest;
    });
    PredictedAccess Merged = First;
    if (Agree) {
      // One count: the ranges the launches state for it, together.
      for (const PredictedAccess *P : Site)
        if (P->Low) {
          Merged.Low = std::min(Merged.Low.value_or(*P->Low), *P->Low);
          Merged.High = std::max(Merged.High.value_or(*P->High), *P->High);
        }
    } else {
      Merged.PerRequest.reset();
      Merged.Low.reset();
      Merged.High.reset();
      // Each launch's own claim: its count (or the range it states), or
      // its range.
      Merged.Min = 1e300;
      Merged.Max = 0;
      for (const PredictedAccess *P : Site) {
        Merged.Min =
            std::min(Merged.Min,
                     P->PerRequest ? P->Low.value_or(*P->PerRequest) : P->Min);
        Merged.Max =
            std::max(Merged.Max,
                     P->PerRequest ? P->High.value_or(*P->PerRequest) : P->Max);
      }
      Merged.Pattern = patternsOf(Site);
    }
    for (const PredictedAccess *P : Site) {
      if (P->RequestsPerLaunch != First.RequestsPerLaunch)
        Merged.RequestsPerLaunch.reset();
      if (P->RequestsPerBlock != First.RequestsPerBlock)
        Merged.RequestsPerBlock.reset();
    }
    Storage.push_back(std::move(Merged));
  }
  std::vector<const PredictedAccess *> Out;
  for (const PredictedAccess &P : Storage)
    Out.push_back(&P);
  return Out;
}

LineJudgement describe(const std::vector<const PredictedAccess *> &Accesses) {
  LineJudgement J;
  J.Pattern = patternsOf(Accesses);
  if (llvm::all_of(Accesses,
                   [](const auto *P) { return P->PerRequest.has_value(); })) {
    std::vector<double> W = requestWeights(Accesses), Values, Ideals;
    bool IdealsKnown = true;
    for (const PredictedAccess *P : Accesses) {
      Values.push_back(*P->PerRequest);
      IdealsKnown &= P->Ideal.has_value();
      Ideals.push_back(P->Ideal.value_or(0));
    }
    J.Predicted = round4(weightedMean(W, Values));
    if (IdealsKnown)
      J.PredictedIdeal = round4(weightedMean(W, Ideals));
    return J;
  }
  // A count not known statically: the range over every access of the line.
  J.Range = boundsOf(Accesses);
  return J;
}

/// Whether the analyzer found that no lane reaches \p P: it issues no
/// request, and weighs nothing beside the line's other accesses.
static bool reachedByNoLane(const PredictedAccess *P) {
  return !P->PerRequest && P->Min == 0 && P->Max == 0;
}

LineJudgement judgeLine(const std::vector<const PredictedAccess *> &Given,
                        std::optional<double> Measured) {
  std::vector<PredictedAccess> Storage;
  std::vector<const PredictedAccess *> Accesses =
      launchesMerged(Given, Storage);
  // The trips a loop unrolled at run time leaves over, where the launch's
  // trip count leaves none: the copies' count is the line's.
  if (!llvm::all_of(Accesses, reachedByNoLane))
    llvm::erase_if(Accesses, reachedByNoLane);
  LineJudgement J = describe(Accesses);
  if (!Measured) {
    J.Result = Verdict::NotExecuted;
    return J;
  }
  if (J.Predicted) {
    judgeDefinite(Accesses, *Measured, J);
    return J;
  }
  J.Result = inside(J.Range->first, J.Range->second, *Measured)
                 ? Verdict::InRange
                 : Verdict::Wrong;
  return J;
}

bool fits(const PredictedAccess &P, double Measured) {
  if (P.PerRequest) {
    if (isExact(*P.PerRequest, Measured))
      return true;
    if (P.Low)
      return inside(*P.Low, *P.High, Measured);
    if (P.Pattern != "scattered")
      return false;
  }
  return inside(P.Min, P.Max, Measured);
}

std::vector<Verdict>
judgeAccesses(const std::vector<const PredictedAccess *> &Accesses,
              const std::vector<double> &PerInstruction) {
  // Closest pairs first; an instruction is claimed once.
  std::vector<std::tuple<double, size_t, size_t>> Pairs;
  for (size_t A = 0; A < Accesses.size(); ++A) {
    const PredictedAccess &P = *Accesses[A];
    double Centre = P.PerRequest.value_or((P.Min + P.Max) / 2);
    for (size_t I = 0; I < PerInstruction.size(); ++I)
      if (fits(P, PerInstruction[I]))
        Pairs.emplace_back(std::fabs(Centre - PerInstruction[I]), A, I);
  }
  llvm::sort(Pairs);
  std::vector<std::optional<size_t>> Claim(Accesses.size());
  std::vector<bool> Used(PerInstruction.size());
  for (const auto &[Distance, A, I] : Pairs) {
    if (Claim[A] || Used[I])
      continue;
    Claim[A] = I;
    Used[I] = true;
  }
  bool Unclaimed = llvm::is_contained(Used, false);
  bool Explained = llvm::all_of(PerInstruction, [&](double V) {
    return llvm::any_of(Accesses, [&](const auto *P) { return fits(*P, V); });
  });
  std::vector<Verdict> Out;
  for (size_t A = 0; A < Accesses.size(); ++A) {
    const PredictedAccess &P = *Accesses[A];
    if (Claim[A])
      Out.push_back(P.PerRequest &&
                            isExact(*P.PerRequest, PerInstruction[*Claim[A]])
                        ? Verdict::Exact
                        : Verdict::InRange);
    else if (PerInstruction.size() <= Accesses.size())
      Out.push_back(Unclaimed ? Verdict::Wrong : Verdict::NoInstruction);
    else
      Out.push_back(Explained ? Verdict::NoInstruction : Verdict::Wrong);
  }
  return Out;
}

} // namespace cudacoalesce::verify
