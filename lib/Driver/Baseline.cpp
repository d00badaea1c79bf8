//===- Driver/Baseline.cpp - Report only what a baseline does not have ----===//
#include "cuda-coalesce/Policy/Baseline.h"
#include "cuda-coalesce/Driver/Runner.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <set>

namespace cudacoalesce {

bool applyBaseline(std::vector<FileOutcome> &Outcomes, const std::string &Path,
                   bool Update, BaselineResult &Result, std::string &Error) {
  llvm::SmallString<256> Dir(Path);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_filename(Dir);

  // The flagged findings, in report order, with where they are.
  std::vector<BaselineItem> Items;
  std::vector<std::pair<size_t, size_t>> Where; // outcome, finding
  for (size_t O = 0; O < Outcomes.size(); ++O)
    for (size_t F = 0; F < Outcomes[O].Findings.size(); ++F)
      if (Outcomes[O].Findings[F].Data.isFlagged()) {
        Items.push_back(
            {absoluteFindingPath(Outcomes[O], Outcomes[O].Findings[F].Data),
             &Outcomes[O].Findings[F].Data});
        Where.push_back({O, F});
      }
  std::vector<BaselineEntry> Entries = baselineEntries(Items, Dir);

  std::vector<BaselineEntry> Known;
  if (Update || !llvm::sys::fs::exists(Path)) {
    if (!writeBaseline(Path, Entries, Error))
      return false;
    Result.Written = true;
    Result.Recorded = Entries.size();
    Known = Entries;
  } else if (!readBaseline(Path, Known, Error)) {
    return false;
  }

  std::set<BaselineEntry> InBaseline(Known.begin(), Known.end());
  std::vector<std::set<size_t>> Drop(Outcomes.size());
  for (size_t I = 0; I < Entries.size(); ++I)
    if (InBaseline.count(Entries[I]))
      Drop[Where[I].first].insert(Where[I].second);
  for (size_t O = 0; O < Outcomes.size(); ++O) {
    std::vector<ReportedFinding> Kept;
    for (size_t F = 0; F < Outcomes[O].Findings.size(); ++F)
      if (!Drop[O].count(F))
        Kept.push_back(std::move(Outcomes[O].Findings[F]));
    Outcomes[O].Findings = std::move(Kept);
    Outcomes[O].InBaseline = Drop[O].size();
    Result.Known += Drop[O].size();
  }
  return true;
}

} // namespace cudacoalesce
