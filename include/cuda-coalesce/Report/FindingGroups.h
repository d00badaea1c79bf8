//===- Report/FindingGroups.h - One source access, many kernels -*- C++ -*-===//
//
// A line of a header is analysed once per kernel instance that reaches it:
// every template instantiation, every launch shape, every kernel calling a
// helper. Reports show such an access once, under its worst instance, and
// list the others in one note, so that a warning repeated 1,408 times is
// one warning.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_REPORT_FINDINGGROUPS_H
#define CUDA_COALESCE_REPORT_FINDINGGROUPS_H

#include "cuda-coalesce/Frontend/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>
#include <vector>

namespace cudacoalesce {

/// The findings of one access as written (file, line, column, kind), over
/// kernel instances, launches and the calls it is reached through.
struct FindingGroup {
  const Finding *Worst = nullptr; // the one a report shows
  std::vector<const Finding *> Others;
};

/// How much worse than ideal a finding is, for choosing the worst of a
/// group: flagged before not flagged, then the most units per request over
/// the ideal (the top of a range).
double severity(const Finding &F);
/// Whether a severity is worse than \p Than by enough that a reader would
/// see a different finding: flagged where it was not, or a tenth further
/// over the ideal.
bool clearlyWorse(double Severity, double Than);

/// What identifies one access as written: \p File (the finding's own path, or
/// its absolute path across files), line, column, kind and space.
std::string sourceAccessKey(const Finding &F, llvm::StringRef File);

/// The key of \p F's site as its own path names it: what the JSON's
/// `site` holds, the same for every instance of one access as written.
std::string siteKey(const Finding &F);

/// What every report and the summary count: findings are the flagged
/// accesses as written (sites), instances the flagged rows of them (one
/// per kernel instance, launch or call).
struct FindingCount {
  size_t Findings = 0, Instances = 0;
  void add(const Finding &F);
  void add(const std::vector<Finding> &All);
  void add(const std::vector<const Finding *> &All);

private:
  std::set<std::string> Sites;
};
/// "3 findings (10 flagged instances)", "1 finding (1 flagged instance)".
std::string findingCountText(const FindingCount &C);
/// The sites among \p Findings: what NOLINT comments silence, counted.
size_t siteCount(const std::vector<Finding> &Findings);

/// Groups in the order their first finding comes; Others in input order.
std::vector<FindingGroup>
groupBySourceAccess(const std::vector<const Finding *> &Findings);

/// What the instances of a site count, worst first: "in 10 instances: 32
/// sectors/request in 6, 16 in 4"; empty without others.
std::string instanceSummaryNote(const FindingGroup &G);

/// "the same access in 2 other kernel instances, launches or calls: 'k<4>'
/// (block (256,1,1) from the launch at a.cu:9:3): 16 sectors/request; ...";
/// empty without others. At most \p Listed are named, then a count.
std::string otherInstancesNote(const FindingGroup &G, size_t Listed = 4);

} // namespace cudacoalesce

#endif
