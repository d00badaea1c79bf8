//===- Report/JsonReport.cpp - Machine-readable findings ------------------===//
#include "cuda-coalesce/Report/JsonReport.h"

#include "cuda-coalesce/Report/FindingGroups.h"
#include "cuda-coalesce/Report/PredictionText.h"
#include "cuda-coalesce/Report/Traffic.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>
#include <map>

namespace cudacoalesce {

namespace {

void number(llvm::json::OStream &J, llvm::StringRef Key, double V) {
  J.attributeBegin(Key);
  J.rawValue([&](llvm::raw_ostream &OS) { writeJsonNumber(OS, V); });
  J.attributeEnd();
}

void optionalNumber(llvm::json::OStream &J, llvm::StringRef Key,
                    std::optional<double> V) {
  if (V)
    number(J, Key, *V);
  else
    J.attribute(Key, nullptr);
}

/// The keys a model's counts go under: readers of global accesses find the
/// fields they always had ("sectors_per_request"), shared accesses have
/// theirs ("wavefronts_per_request").
struct UnitKeys {
  std::string PerRequest, Min, Max, Ideal, Low, High, Groups, PerLaunch,
      PerLaunchMin, PerLaunchMax, WastedPerLaunch, Predicted;

  explicit UnitKeys(const model::CostModelDescription &M)
      : PerRequest(std::string(M.KeyStem) + "_per_request"),
        Min(std::string(M.KeyStem) + "_min"),
        Max(std::string(M.KeyStem) + "_max"), Ideal("ideal_" + PerRequest),
        Low(std::string(M.KeyStem) + "_low"),
        High(std::string(M.KeyStem) + "_high"),
        Groups(M.GroupsKey ? std::string(M.GroupsKey) + "_per_request" : ""),
        PerLaunch(std::string(M.KeyStem) + "_per_launch"),
        PerLaunchMin(PerLaunch + "_min"), PerLaunchMax(PerLaunch + "_max"),
        WastedPerLaunch("wasted_" + PerLaunch),
        Predicted("predicted_" + PerRequest) {}
};

/// The keys of each model a report meets, made once.
using KeysByModel = std::map<const model::CostModelDescription *, UnitKeys>;
const UnitKeys &keysFor(KeysByModel &Made,
                        const model::CostModelDescription &M) {
  return Made.try_emplace(&M, M).first->second;
}

/// The counts per request under the names of their unit.
void writeCounts(llvm::json::OStream &J, const model::Prediction &P,
                 const UnitKeys &Keys) {
  const model::CostModelDescription &Model = P.model();
  optionalNumber(J, Keys.PerRequest, P.Units);
  number(J, Keys.Min, P.UnitsMin);
  number(J, Keys.Max, P.UnitsMax);
  number(J, Keys.Ideal, P.IdealUnits);
  if (Model.Conflict && P.Units && P.IdealUnits > 0)
    number(J, "conflict_ways", *P.Units / P.IdealUnits);
  if (auto Range = P.rangeStoodFor()) {
    number(J, Keys.Low, Range->first);
    number(J, Keys.High, Range->second);
  }
  if (Model.GroupsKey)
    number(J, Keys.Groups, P.Groups);
  number(J, "efficiency", P.efficiency());
}

/// The traffic per launch: counts times the requests the launch issues; in
/// bytes and time where the model's units move device memory.
void writeTraffic(llvm::json::OStream &J, const Finding &F,
                  const UnitKeys &Keys, std::optional<double> KernelSectors,
                  double BytesPerSecond) {
  Finding::LaunchTraffic T = F.launchTraffic();
  optionalNumber(J, "requests_per_block", F.Prediction.Walk.RequestsPerBlock);
  optionalNumber(J, "requests_per_launch", T.Requests);
  optionalNumber(J, Keys.PerLaunch, T.Units);
  if (T.UnitsRange) {
    number(J, Keys.PerLaunchMin, T.UnitsRange->first);
    number(J, Keys.PerLaunchMax, T.UnitsRange->second);
  }
  optionalNumber(J, Keys.WastedPerLaunch, T.Wasted);
  unsigned BytesPerUnit = F.Prediction.model().DeviceBytesPerUnit;
  if (!BytesPerUnit)
    return;
  std::optional<double> Bytes =
      T.Wasted ? std::optional<double>(*T.Wasted * BytesPerUnit) : std::nullopt;
  optionalNumber(J, "wasted_bytes_per_launch", Bytes);
  if (T.Units && KernelSectors && *KernelSectors > 0)
    number(J, "share_of_kernel_sectors", *T.Units / *KernelSectors);
  if (Bytes)
    number(J, "estimated_wasted_us", *Bytes / BytesPerSecond * 1e6);
}

void writePoint(llvm::json::OStream &J, const SourcePoint &P) {
  J.attribute("file", P.File);
  J.attribute("line", int64_t(P.Line));
  J.attribute("column", int64_t(P.Column));
}

void writeFixes(llvm::json::OStream &J, const Finding &F,
                const UnitKeys &Keys) {
  J.attributeArray("fixes", [&] {
    for (const fixes::Fix &X : F.Fixes)
      J.object([&] {
        J.attribute("kind", fixes::fixKindName(X.Kind));
        J.attribute("message", X.Message);
        optionalNumber(J, Keys.Predicted, X.PredictedUnits);
        J.attributeArray("replacements", [&] {
          for (const fixes::Replacement &R : X.Replacements)
            J.object([&] {
              J.attribute("file", R.File);
              J.attribute("offset", int64_t(R.Offset));
              J.attribute("length", int64_t(R.Length));
              J.attribute("text", R.Text);
            });
        });
      });
  });
}

/// Where the access is written and reached, besides its line.
void writePlaces(llvm::json::OStream &J, const Finding &F) {
  J.attributeArray("call_chain", [&] {
    for (const SourcePoint &C : F.CallChain)
      J.object([&] { writePoint(J, C); });
  });
  if (F.InLibrary)
    J.attributeObject("library_site", [&] { writePoint(J, *F.InLibrary); });
  if (!F.Trips.empty())
    J.attributeArray("unrolled_trips", [&] {
      for (const std::string &Trip : F.Trips)
        J.value(Trip);
    });
  if (!F.AlsoFiledUnder.empty())
    J.attributeArray("also_filed_under", [&] {
      for (unsigned Line : F.AlsoFiledUnder)
        J.value(int64_t(Line));
    });
  if (F.End.Line) {
    J.attribute("end_line", int64_t(F.End.Line));
    J.attribute("end_column", int64_t(F.End.Column));
  }
}

/// A block or grid shape as `[x, y, z]`.
void dim3Attribute(llvm::json::OStream &J, llvm::StringRef Key,
                   const model::Dim3 &D) {
  J.attributeArray(Key, [&] {
    J.value(D.X);
    J.value(D.Y);
    J.value(D.Z);
  });
}

void writeAccess(llvm::json::OStream &J, const Finding &F, const UnitKeys &Keys,
                 std::optional<double> KernelSectors, double Bandwidth) {
  const model::Prediction &P = F.Prediction;
  J.object([&] {
    writePoint(J, F.Where);
    // The instances of one access as written share it.
    J.attribute("site", siteKey(F));
    J.attribute("kernel", F.Kernel);
    if (!F.ProfilerKernel.empty())
      J.attribute("kernel_profiler_name", F.ProfilerKernel);
    J.attribute("function", F.Function);
    J.attribute("kind", accessKindName(F.Kind));
    J.attribute("expression", F.Expression);
    J.attribute("index", F.Index);
    J.attribute("byte_offset", F.ByteOffset);
    J.attribute("base", F.BaseName);
    J.attribute("element_bytes", int64_t(F.ElementBytes));
    dim3Attribute(J, "block", F.Block);
    if (!F.LaunchValues.empty())
      J.attribute("launch_values", F.LaunchValues);
    if (F.Grid)
      dim3Attribute(J, "grid", *F.Grid);
    J.attribute("space", model::addressSpaceName(P.Space));
    J.attribute("pattern", model::patternName(P.Kind));
    writeCounts(J, P, Keys);
    writeTraffic(J, F, Keys, KernelSectors, Bandwidth);
    if (P.LaneStrideBytes)
      J.attribute("lane_stride_bytes", *P.LaneStrideBytes);
    if (P.Condition)
      J.attribute("condition", conditionText(P));
    if (P.Cause)
      J.attribute("unknown_reason", unknownReasonText(P));
    if (P.AlignmentAssumed)
      J.attribute("alignment_assumed", true);
    J.attribute("flagged", F.isFlagged());
    J.attributeArray("assumptions", [&] {
      for (const std::string &A : assumptionTexts(F))
        J.value(A);
    });
    writeFixes(J, F, Keys);
    writePlaces(J, F);
  });
}

/// Per kernel launch: the global traffic of its accesses.
void writeLaunches(
    llvm::json::OStream &J,
    const std::map<KernelLaunch, KernelLaunchTraffic> &Launches) {
  J.attributeArray("launches", [&] {
    for (const auto &[Launch, Sums] : Launches)
      J.object([&] {
        J.attribute("kernel", Launch.first);
        J.attribute("launch", Launch.second);
        optionalNumber(J, "sectors_per_launch", Sums.Sectors);
        optionalNumber(J, "wasted_sectors_per_launch", Sums.WastedSectors);
        J.attribute("accesses_with_unknown_counts",
                    int64_t(Sums.AccessesWithUnknownCounts));
      });
  });
}

/// What the time estimates assume.
void writeTimeEstimate(llvm::json::OStream &J, const JsonTotals &Totals,
                       double Bandwidth) {
  J.attributeObject("time_estimate", [&] {
    J.attribute("gpu", traffic::bandwidthSource(Totals.Arch));
    number(J, "bandwidth_bytes_per_second", Bandwidth);
    J.attribute("note", "estimated_wasted_us is wasted bytes over the peak "
                        "memory bandwidth: an estimate that ignores cache "
                        "hits (data reused from L1/L2 costs less)");
  });
}

} // namespace

void writeJsonNumber(llvm::raw_ostream &OS, double V) {
  // What formatv("{0:F4}") wrote (llvm::write_double's "%.4f"), without
  // printf: a report of thousands of findings, a dozen numbers each,
  // spent most of its time formatting them. Below 1e11 in magnitude the
  // double nearest k / 1e4 prints as k's digits; beyond, printf.
  const double Scaled = std::round(V * 1e4);
  if (!(std::fabs(Scaled) < 1e15)) {
    const double Rounded = Scaled / 1e4;
    if (std::isnan(Rounded) || std::isinf(Rounded)) {
      OS << (std::isnan(Rounded) ? "nan" : Rounded < 0 ? "-INF" : "INF");
      return;
    }
    char Buf[32]; // write_double's buffer
    std::snprintf(Buf, sizeof(Buf), "%.4f", Rounded);
    llvm::StringRef S(Buf);
    if (S.contains('.'))
      S = S.rtrim('0').rtrim('.');
    OS << (S == "-0" ? "0" : S);
    return;
  }
  const int64_t K = int64_t(Scaled);
  if (K == 0) {
    OS << '0';
    return;
  }
  const uint64_t Magnitude = K < 0 ? uint64_t(-K) : uint64_t(K);
  if (K < 0)
    OS << '-';
  OS << Magnitude / 10000;
  unsigned Fraction = unsigned(Magnitude % 10000), Digits = 4;
  if (Fraction == 0)
    return;
  while (Fraction % 10 == 0) {
    Fraction /= 10;
    --Digits;
  }
  char Buf[5] = {'.', '0', '0', '0', '0'};
  for (unsigned I = Digits; I > 0; --I, Fraction /= 10)
    Buf[I] = char('0' + Fraction % 10);
  OS.write(Buf, Digits + 1);
}

void writeJson(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const JsonTotals &Totals) {
  llvm::json::OStream J(OS, 2);
  std::vector<const Finding *> All;
  for (const Finding &F : Findings)
    All.push_back(&F);
  std::map<KernelLaunch, KernelLaunchTraffic> Launches =
      trafficByKernelLaunch(All);
  // Every launch is listed; one with no global access has no sectors.
  for (const Finding &F : Findings)
    Launches.try_emplace(launchOf(F),
                         KernelLaunchTraffic{std::nullopt, 0.0, 0});
  double Bandwidth = traffic::bandwidthBytesPerSecond(Totals.Arch);
  KeysByModel Keys;
  J.object([&] {
    J.attributeArray("accesses", [&] {
      for (const Finding &F : Findings)
        writeAccess(J, F, keysFor(Keys, F.Prediction.model()),
                    Launches[launchOf(F)].Sectors, Bandwidth);
    });
    writeLaunches(J, Launches);
    writeTimeEstimate(J, Totals, Bandwidth);
    FindingCount Count;
    Count.add(All);
    J.attribute("findings", int64_t(Count.Findings));
    J.attribute("flagged_instances", int64_t(Count.Instances));
    J.attribute("suppressed", int64_t(Totals.Suppressed));
    if (!Totals.Interrupted.empty())
      J.attribute("interrupted", Totals.Interrupted);
    if (Totals.InBaseline)
      J.attribute("in_baseline", int64_t(*Totals.InBaseline));
    J.attributeArray("errors", [&] {
      for (const FileError &E : Totals.Errors)
        J.object([&] {
          J.attribute("file", E.File);
          J.attribute("message", E.Message);
        });
    });
    if (Totals.InBaseline)
      J.attributeArray("stale_baseline", [&] {
        for (const StaleBaselineEntry &E : Totals.Stale)
          J.object([&] {
            J.attribute("file", E.File);
            J.attribute("kernel", E.Kernel);
            J.attribute("kind", E.Kind);
            J.attribute("expression", E.Expression);
            J.attribute("pattern", E.Pattern);
          });
      });
    if (Totals.Shard) {
      J.attributeBegin("shard");
      Totals.Shard(J);
      J.attributeEnd();
    }
  });
  OS << "\n";
}

} // namespace cudacoalesce
