//===- Report/AuditReport.cpp - What the audit reports share --------------===//
#include "cuda-coalesce/Report/AuditReport.h"
#include "cuda-coalesce/Report/FindingGroups.h"
#include "cuda-coalesce/Report/PredictionText.h"
#include "cuda-coalesce/Report/RunInfo.h"
#include "cuda-coalesce/Report/Traffic.h"
#include "cuda-coalesce/Support/Text.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace cudacoalesce {
namespace audit {

void Totals::add(const Finding &F) {
  ++Accesses;
  Flagged += F.isFlagged();
  Found.add(F);
  const model::Prediction &P = F.Prediction;
  if (!P.Units) {
    ++Undecided;
    return;
  }
  if (!P.model().SummedApartAs) {
    Sectors += *P.Units;
    Ideal += P.IdealUnits;
    return;
  }
  auto Sum = llvm::find_if(
      Apart, [&](const ApartSum &S) { return S.Model == &P.model(); });
  if (Sum == Apart.end())
    Sum = Apart.insert(Apart.end(), {&P.model()});
  ++Sum->Accesses;
  Sum->Units += *P.Units;
  Sum->Ideal += P.IdealUnits;
}

size_t Totals::apartAccesses() const {
  size_t N = 0;
  for (const ApartSum &S : Apart)
    N += S.Accesses;
  return N;
}

size_t Audit::kernels() const {
  size_t N = 0;
  for (const FileGroup &F : Files)
    N += F.Kernels.size();
  return N;
}

namespace {

/// Whether \p A is worse than \p B; ties fall to the names.
bool worse(const Totals &A, const Totals &B) {
  // Sums of averages: compare with a tolerance so that rounding noise does
  // not reorder equal groups.
  if (std::fabs(A.wasted() - B.wasted()) > 1e-9)
    return A.wasted() > B.wasted();
  if (std::fabs(A.efficiency() - B.efficiency()) > 1e-9)
    return A.efficiency() < B.efficiency();
  return A.Flagged > B.Flagged;
}

} // namespace

Audit buildAudit(const std::vector<Finding> &Findings) {
  Audit Out;
  // Files and kernels keyed by name, so that a kernel's launches and
  // instantiations stay apart and the tie order is by name.
  std::map<std::string, std::map<std::pair<std::string, std::string>,
                                 std::vector<const Finding *>>>
      ByFile;
  for (const Finding &F : Findings)
    ByFile[F.Where.File][{F.Kernel, F.BlockOrigin}].push_back(&F);
  for (auto &[File, Kernels] : ByFile) {
    FileGroup G;
    G.File = File;
    for (auto &[Key, Accesses] : Kernels) {
      KernelGroup K;
      K.Kernel = Key.first;
      K.Launch = Key.second;
      K.Accesses = std::move(Accesses);
      std::stable_sort(K.Accesses.begin(), K.Accesses.end(),
                       [](const Finding *A, const Finding *B) {
                         return std::tie(A->Where.Line, A->Where.Column) <
                                std::tie(B->Where.Line, B->Where.Column);
                       });
      for (const Finding *F : K.Accesses) {
        K.Sum.add(*F);
        G.Sum.add(*F);
        Out.Sum.add(*F);
      }
      G.Kernels.push_back(std::move(K));
    }
    std::stable_sort(G.Kernels.begin(), G.Kernels.end(),
                     [](const KernelGroup &A, const KernelGroup &B) {
                       return worse(A.Sum, B.Sum);
                     });
    Out.Files.push_back(std::move(G));
  }
  std::stable_sort(Out.Files.begin(), Out.Files.end(),
                   [](const FileGroup &A, const FileGroup &B) {
                     return worse(A.Sum, B.Sum);
                   });
  return Out;
}

namespace {

double wasted(const Finding &F) {
  const model::Prediction &P = F.Prediction;
  return std::max(0.0, (P.Units ? *P.Units : P.UnitsMin) - P.IdealUnits);
}

/// Most wasted bytes per launch first, then those whose count per launch
/// is unknown by waste per request, then by file and line.
bool worseCause(const RootCause &A, const RootCause &B) {
  if (A.WastedBytes.has_value() != B.WastedBytes.has_value())
    return A.WastedBytes.has_value();
  if (A.WastedBytes && std::fabs(*A.WastedBytes - *B.WastedBytes) > 0.5)
    return *A.WastedBytes > *B.WastedBytes;
  if (std::fabs(A.Wasted - B.Wasted) > 1e-9)
    return A.Wasted > B.Wasted;
  return std::tie(A.first().Where.File, A.first().Where.Line) <
         std::tie(B.first().Where.File, B.first().Where.Line);
}

/// The causes of the same lines in several kernel instances or launches
/// (template instances, a helper's callers) are one cause to fix: the worst
/// stands for them (its waste is per launch of one kernel).
std::vector<RootCause> mergeInstances(std::vector<RootCause> Causes) {
  std::map<std::string, size_t> Seen;
  std::vector<RootCause> Out;
  for (RootCause &C : Causes) {
    const Finding &F = C.first();
    std::string Key =
        std::to_string(int(F.Prediction.Kind)) + "|" +
        (F.Fixes.empty() ? std::string()
                         : fixes::fixKindName(F.Fixes.front().Kind)) +
        "|" + F.BaseName;
    for (const Finding *A : C.Accesses)
      Key += "|" + siteKey(*A);
    auto [It, New] = Seen.try_emplace(Key, Out.size());
    if (New) {
      Out.push_back(std::move(C));
      continue;
    }
    RootCause &Kept = Out[It->second];
    size_t Instances = Kept.Instances + C.Instances;
    if (worseCause(C, Kept))
      Kept = std::move(C);
    Kept.Instances = Instances;
  }
  return Out;
}

} // namespace

std::vector<RootCause>
rootCauses(const std::vector<const Finding *> &Findings) {
  std::map<std::tuple<std::string, std::string, std::string, std::string, int,
                      std::string>,
           RootCause>
      ByCause;
  for (const Finding *F : Findings) {
    if (!F->isFlagged())
      continue;
    std::string Fix =
        F->Fixes.empty() ? "" : fixes::fixKindName(F->Fixes.front().Kind);
    RootCause &C = ByCause[{F->Where.File, F->Kernel, F->BlockOrigin,
                            F->BaseName, int(F->Prediction.Kind), Fix}];
    if (C.Accesses.empty())
      C.WastedBytes = 0.0;
    C.Accesses.push_back(F);
    C.Wasted += wasted(*F);
    std::optional<double> Bytes = F->wastedBytesPerLaunch();
    if (!Bytes)
      C.WastedBytes.reset();
    else if (C.WastedBytes)
      *C.WastedBytes += *Bytes;
  }
  std::vector<RootCause> Out;
  for (auto &[Key, C] : ByCause) {
    std::stable_sort(C.Accesses.begin(), C.Accesses.end(),
                     [](const Finding *A, const Finding *B) {
                       return std::tie(A->Where.Line, A->Where.Column) <
                              std::tie(B->Where.Line, B->Where.Column);
                     });
    Out.push_back(std::move(C));
  }
  Out = mergeInstances(std::move(Out));
  std::stable_sort(Out.begin(), Out.end(), worseCause);
  return Out;
}

std::vector<RootCause> rootCauses(const std::vector<Finding> &Findings) {
  std::vector<const Finding *> All;
  for (const Finding &F : Findings)
    All.push_back(&F);
  return rootCauses(All);
}

std::string causeText(const RootCause &C) {
  const Finding &F = C.first();
  size_t N = C.Accesses.size();
  std::string S = std::to_string(N) + " " +
                  model::patternName(F.Prediction.Kind) +
                  (N == 1 ? " access" : " accesses");
  if (!F.BaseName.empty())
    S += " to '" + F.BaseName + "'";
  S += " in kernel '" + F.Kernel + "'";
  if (C.Instances > 1)
    S += " and " + std::to_string(C.Instances - 1) +
         (C.Instances == 2 ? " other instance" : " other instances");
  if (!F.Fixes.empty())
    S += " (fix: " + bestFixText(F) + ")";
  return S;
}

std::string wasteText(const RootCause &C, llvm::StringRef Arch) {
  if (!C.WastedBytes)
    return formatCount(C.Wasted) + " " +
           C.first().Prediction.model().UnitPlural +
           "/request wasted (how often it runs is not known)";
  double Bytes = *C.WastedBytes;
  const char *Units[] = {"bytes", "KiB", "MiB", "GiB"};
  size_t U = 0;
  while (U + 1 < 4 && Bytes >= 1024) {
    Bytes /= 1024;
    ++U;
  }
  double Micro = *C.WastedBytes / traffic::bandwidthBytesPerSecond(Arch) * 1e6;
  return formatCount(std::round(Bytes * 10) / 10) + " " + Units[U] +
         " wasted per launch (about " +
         formatCount(std::round(Micro * 100) / 100) + " us at the " +
         traffic::bandwidthSource(Arch).str() +
         "'s memory bandwidth: an estimate, cache hits make some waste free)";
}

std::vector<Finding> relativeTo(const std::vector<Finding> &Findings,
                                const std::string &Root) {
  RunInfo Info;
  Info.SourceRoot = Root;
  std::vector<Finding> Out = Findings;
  if (Root.empty())
    return Out;
  for (Finding &F : Out) {
    F.Where.File = Info.relative(F.Where.File);
    F.End.File = Info.relative(F.End.File);
    for (SourcePoint &P : F.CallChain)
      P.File = Info.relative(P.File);
    F.BlockOrigin = Info.relativeText(F.BlockOrigin);
    for (std::string &A : F.Assumptions)
      A = Info.relativeText(A);
    for (fixes::Fix &X : F.Fixes)
      X.Message = Info.relativeText(X.Message);
  }
  return Out;
}

std::vector<std::string> sumColumns(const Totals &T) {
  if (!T.summed())
    return {"n/a", "n/a", "n/a", "n/a"};
  return {formatCount(T.Sectors), formatCount(T.Ideal), formatCount(T.wasted()),
          percent(T.efficiency())};
}

std::string percent(double Share) {
  return formatCount(std::round(Share * 1000) / 10) + "%";
}

static std::string accesses(size_t N) {
  return std::to_string(N) + (N == 1 ? " access" : " accesses");
}

std::string totalsText(const Totals &T) {
  std::string S = accesses(T.Accesses) + ", " + findingCountText(T.Found);
  if (T.Undecided == T.Accesses)
    return S + "; no access has a definite count";
  if (T.summed())
    S += std::string("; ") +
         (T.Undecided
              ? "the " + accesses(T.summed()) + " with a definite count: "
              : "") +
         formatCount(T.Sectors) + " sectors/request where " +
         formatCount(T.Ideal) + " would do (" + percent(T.efficiency()) +
         " efficiency, " + formatCount(T.wasted()) + " wasted)";
  for (const ApartSum &Sum : T.Apart)
    S += std::string("; ") + Sum.Model->SummedApartAs + ": " +
         formatCount(Sum.Units) + " " + Sum.Model->UnitPlural +
         "/request where " + formatCount(Sum.Ideal) + " would do";
  if (T.Undecided)
    S += "; " + std::to_string(T.Undecided) +
         " undecided (the count depends on unknown values) not summed";
  return S;
}

std::string listingText(bool ShowAll) {
  if (ShowAll)
    return "Every access is listed (--show-all); flagged ones get a picture "
           "of one warp. Sectors are per request, summed over accesses: how "
           "often each runs is not known statically.";
  return "Flagged accesses are listed, each with a picture of one warp; the "
         "others (coalesced, uniform, undecided) count in the totals only "
         "(--show-all lists them). Sectors are per request, summed over "
         "accesses: how often each runs is not known statically.";
}

std::string unitsText(const model::Prediction &P) {
  const model::CostModelDescription &Model = P.model();
  std::string Unit =
      Model.SummedApartAs ? std::string(" ") + Model.UnitPlural : "";
  if (P.Units)
    return formatCount(*P.Units) + Unit;
  return formatRange(P.UnitsMin, P.UnitsMax) + Unit;
}

std::string efficiencyText(const model::Prediction &P) {
  if (P.Units || P.UnitsMin <= 0)
    return percent(P.efficiency());
  return percent(P.IdealUnits / P.UnitsMax) + " to " +
         percent(std::min(1.0, P.IdealUnits / P.UnitsMin));
}

std::string bestFixText(const Finding &F) {
  if (F.Fixes.empty())
    return "";
  const fixes::Fix &X = F.Fixes.front();
  std::string S = fixes::fixKindName(X.Kind);
  if (X.PredictedUnits)
    S += ": " + formatCount(*X.PredictedUnits) + " " +
         F.Prediction.model().UnitPlural + "/request";
  return S;
}

std::string placeText(const model::WarpSnapshot &W) {
  std::string S = "warp " + std::to_string(W.Warp) + " of the block";
  for (const auto &[Name, Value] : W.Setting)
    S += "; " + Name + " = " + std::to_string(Value);
  return S;
}

std::string laneRanges(const std::vector<unsigned> &Lanes) {
  std::string S;
  for (size_t I = 0; I < Lanes.size();) {
    size_t J = I;
    while (J + 1 < Lanes.size() && Lanes[J + 1] == Lanes[J] + 1)
      ++J;
    if (!S.empty())
      S += ", ";
    S += std::to_string(Lanes[I]);
    if (J > I)
      S += "-" + std::to_string(Lanes[J]);
    I = J + 1;
  }
  return S;
}

std::string pictureUnavailableReason(const Finding &F) {
  if (!F.Warp)
    return "no simulated warp has an active lane at this access";
  const model::CostModelDescription &Model = F.Prediction.model();
  std::string Gather; // how the count takes a gather the picture cannot show
  switch (Model.Picture) {
  case model::WarpPicture::None:
    return std::string("the reports draw no picture of ") + Model.UnitPlural;
  case model::WarpPicture::Sectors:
    if (!model::sectorsOfRequest(*F.Warp, 0).empty())
      return "";
    Gather = "; each active lane is counted as a sector of its own";
    break;
  case model::WarpPicture::Banks:
    if (!model::banksOfRequest(*F.Warp, 0).empty())
      return "";
    break;
  }
  if (!F.Prediction.DependsOnLaneData)
    return "the lanes' addresses are not known statically";
  return "the addresses depend on data loaded per lane, so no warp can be "
         "pictured" +
         Gather;
}

std::string byteMap(uint32_t UsedBytes) {
  std::string S;
  for (unsigned B = 0; B < model::SectorBytes; ++B)
    S += (UsedBytes >> B) & 1 ? '#' : '.';
  return S;
}

} // namespace audit
} // namespace cudacoalesce
