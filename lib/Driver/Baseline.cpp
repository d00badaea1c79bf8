//===- Driver/Baseline.cpp - Report only what a baseline does not have ----===//
#include "cuda-coalesce/Policy/Baseline.h"
#include "cuda-coalesce/Driver/CompileSetup.h"
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

  // The files this run judged: the inputs analysed and every file a finding
  // is in. An entry of another file is neither found nor stale: kept.
  std::set<std::string> Judged;
  for (const FileOutcome &O : Outcomes)
    if (!O.Failed && !O.Skipped)
      Judged.insert(baselinePath(absolutePath(O.File, ""), Dir));
  for (const BaselineEntry &E : Entries)
    Judged.insert(E.File);

  std::vector<BaselineEntry> Previous;
  bool Exists = llvm::sys::fs::exists(Path);
  if (Exists && !readBaseline(Path, Previous, Error)) {
    if (!Update)
      return false;
    // Rewritten anyway: --update-baseline repairs a file it cannot read.
    Previous.clear();
    Error.clear();
  }
  // Entries of judged files that no finding matches: fixed (or changed
  // beyond recognition). Reported; --update-baseline drops them.
  std::set<BaselineEntry> Today(Entries.begin(), Entries.end());
  for (const BaselineEntry &E : Previous)
    if (Judged.count(E.File) && !Today.count(E))
      Result.Stale.push_back(E);

  std::vector<BaselineEntry> Known;
  if (Update || !Exists) {
    std::vector<BaselineEntry> Written = Entries;
    for (const BaselineEntry &E : Previous)
      if (!Judged.count(E.File))
        Written.push_back(E);
    if (!writeBaseline(Path, Written, Error))
      return false;
    Result.Written = true;
    Result.Recorded = Written.size();
    Result.Dropped = Update ? Result.Stale.size() : 0;
    Known = Entries;
  } else {
    Known = std::move(Previous);
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
