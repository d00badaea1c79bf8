//===- Report/AuditReport.h - What the audit reports share -----*- C++ -*-===//
//
// The Markdown and HTML audit reports show the same things: findings grouped
// by file and by kernel launch, totals, worst first, and a picture of one
// warp per flagged access. This is the part that does not depend on the
// markup.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_REPORT_AUDITREPORT_H
#define CUDA_COALESCE_REPORT_AUDITREPORT_H

#include "cuda-coalesce/Frontend/Finding.h"
#include "cuda-coalesce/Report/FindingGroups.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace cudacoalesce {
namespace audit {

/// The accesses of one cost model whose units are not sectors
/// (CostModelDescription::SummedApartAs: shared memory's wavefronts), summed
/// apart.
struct ApartSum {
  const model::CostModelDescription *Model = nullptr;
  size_t Accesses = 0;
  double Units = 0, Ideal = 0;
};

/// Sums over accesses of one request each: how often an access runs is not
/// known statically, so every access weighs the same.
struct Totals {
  size_t Accesses = 0, Flagged = 0;
  /// The flagged accesses as written and their instances, as every report
  /// counts them.
  FindingCount Found;
  /// Accesses whose count depends on unknown values; left out of the sums.
  size_t Undecided = 0;
  /// Sectors of the models that count in them (global memory's).
  double Sectors = 0, Ideal = 0;
  /// The other models' sums, in the order their first access came.
  std::vector<ApartSum> Apart;
  double wasted() const { return Sectors - Ideal; }
  /// Accesses in the sectors' sums (neither undecided nor summed apart).
  size_t summed() const { return Accesses - Undecided - apartAccesses(); }
  double efficiency() const { return Sectors > 0 ? Ideal / Sectors : 1.0; }
  /// Accesses summed apart.
  size_t apartAccesses() const;
  void add(const Finding &F);
};

/// One kernel under one launch shape.
struct KernelGroup {
  std::string Kernel;
  std::string Launch;                    // where the block shape came from
  std::vector<const Finding *> Accesses; // in source order
  Totals Sum;
};

/// The accesses written in one file (a helper in a header is filed under
/// the header).
struct FileGroup {
  std::string File;
  std::vector<KernelGroup> Kernels; // worst first
  Totals Sum;
};

struct Audit {
  std::vector<FileGroup> Files; // worst first
  Totals Sum;
  size_t kernels() const;
};

/// Worst first: most wasted sectors per request, then lowest efficiency,
/// then by name so that the order is stable.
Audit buildAudit(const std::vector<Finding> &Findings);

/// Flagged accesses that one change fixes together: in one kernel under
/// one launch, of one base pointer, with one pattern and the same best fix
/// (the fields of one array of structs, one row read at several offsets);
/// the same lines in other kernel instances or launches are the same cause.
struct RootCause {
  std::vector<const Finding *> Accesses; // source order, of one instance
  /// The kernel instances and launches the accesses are found in; the
  /// accesses and the waste are those of the worst.
  size_t Instances = 1;
  double Wasted = 0; // sectors/request over the ideal, summed (the least
                     // the access moves when the count is a range)
  /// Wasted global bytes per launch, summed; unset when an access's count
  /// per launch is not known (Report/Traffic.h).
  std::optional<double> WastedBytes;
  const Finding &first() const { return *Accesses.front(); }
};

/// The flagged findings grouped by root cause, the most wasted bytes per
/// launch first, then those whose count per launch is unknown by waste per
/// request (then by file and line, so that the order is stable).
std::vector<RootCause> rootCauses(const std::vector<const Finding *> &Findings);
std::vector<RootCause> rootCauses(const std::vector<Finding> &Findings);

/// "6 strided accesses to 'p' (aos-to-soa)": what a root cause is, in one
/// line, without its place.
std::string causeText(const RootCause &C);
/// What a root cause costs: "12 MiB wasted per launch (about 2.6 us on an
/// H200, an estimate)" or, where the count per launch is unknown, "4
/// sectors/request wasted".
std::string wasteText(const RootCause &C, llvm::StringRef Arch);

/// The root causes the reports rank at the top ("Fix these first"), the
/// first ten: \p Item(I, First, Text) for each, with its first access and
/// its causeText and wasteText in one line. Returns how many are left.
template <class ItemFn>
size_t forEachRankedCause(const std::vector<RootCause> &Causes,
                          llvm::StringRef Arch, ItemFn Item) {
  size_t Ranked = std::min<size_t>(Causes.size(), 10);
  for (size_t I = 0; I < Ranked; ++I)
    Item(I, Causes[I].first(),
         causeText(Causes[I]) + "; " + wasteText(Causes[I], Arch));
  return Causes.size() - Ranked;
}

/// \p Findings with every path that lies under \p Root shown relative to
/// it, in places and in texts (notes, launch sites).
std::vector<Finding> relativeTo(const std::vector<Finding> &Findings,
                                const std::string &Root);

/// The kernel tables list the flagged accesses, or all with --show-all;
/// the others are counted in the totals only.
inline bool listed(const Finding &F, bool ShowAll) {
  return ShowAll || F.isFlagged();
}

/// "2 accesses, 1 finding (1 flagged instance); 12 sectors/request where 8
/// would do (66.7% efficiency, 4 wasted)", with the accesses left out of
/// the sums named.
std::string totalsText(const Totals &T);
/// What the tables list and what they leave to the totals.
std::string listingText(bool ShowAll);

/// "8", or "4 to 32" when the count depends on unknown values; the unit
/// after it where the model's is not the tables' sector ("2 wavefronts").
std::string unitsText(const model::Prediction &P);
/// "50%", or "12.5% to 100%" when the count depends on unknown values.
std::string efficiencyText(const model::Prediction &P);
/// A share as a percentage with one decimal: "66.7%".
std::string percent(double Share);
/// The sums of the tables' columns as text: sectors, ideal, wasted and
/// efficiency, or "n/a" for each where no access has a definite count (a
/// header whose accesses all depend on unknowns wastes nothing known).
std::vector<std::string> sumColumns(const Totals &T);
/// The best fix and what it predicts: "thread-mapping: 4 sectors/request";
/// empty without fixes.
std::string bestFixText(const Finding &F);
/// Where the pictured warp is: "warp 0 of the block; blockIdx.x = 0".
std::string placeText(const model::WarpSnapshot &W);
/// Lane numbers as ranges: "0-3, 8, 10-12".
std::string laneRanges(const std::vector<unsigned> &Lanes);
/// What the picture of \p F shows, or why there is none: a gather, an
/// access no simulated warp reaches.
std::string pictureUnavailableReason(const Finding &F);
/// Draws the picture of \p F's warp that its model names, with \p Sectors
/// or \p Banks (each given the warp), or says why there is none with
/// \p NoPicture (given pictureUnavailableReason).
template <class NoPictureFn, class SectorsFn, class BanksFn>
void drawWarp(const Finding &F, NoPictureFn NoPicture, SectorsFn Sectors,
              BanksFn Banks) {
  std::string Why = pictureUnavailableReason(F);
  if (!Why.empty())
    return NoPicture(Why);
  switch (F.Prediction.model().Picture) {
  case model::WarpPicture::Sectors:
    return Sectors(*F.Warp);
  case model::WarpPicture::Banks:
    return Banks(*F.Warp);
  case model::WarpPicture::None:
    return; // pictureUnavailableReason says so
  }
}
/// The bits of a sector's used-byte mask as 32 characters: '#' for a byte
/// requested, '.' for one moved for nothing.
std::string byteMap(uint32_t UsedBytes);

} // namespace audit
} // namespace cudacoalesce

#endif
