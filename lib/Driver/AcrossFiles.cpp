//===- Driver/AcrossFiles.cpp - The steps of a run across its files -------===//
//
// After every file was analysed: a file that does not compile alone is
// reported as analysed through a file that #includes it, and an access that
// several files report is reported by the first. A run takes these steps
// over its outcomes; `merge` takes them again over the outcomes of every
// shard, which is what makes the merged output that of one run.
//
//===----------------------------------------------------------------------===//
#include "FileAnalyser.h"
#include "cuda-coalesce/Driver/Runner.h"

#include "llvm/Support/FileSystem.h"

#include <set>

namespace cudacoalesce {

namespace {

/// A file that does not compile alone, analysed as part of its includer
/// (only parsed files: not one whose configuration is invalid).
void markAnalysedThroughIncluders(std::vector<FileOutcome> &Outcomes,
                                  const std::vector<size_t> &Analysed) {
  for (size_t I : Analysed) {
    FileOutcome &O = Outcomes[I];
    llvm::SmallString<256> Real;
    if (!O.Failed || llvm::sys::fs::real_path(O.File, Real))
      continue;
    for (const FileOutcome &Includer : Outcomes)
      if (!Includer.Failed &&
          llvm::is_contained(Includer.IncludedInputs, Real)) {
        O.Failed = false;
        O.Error.clear();
        O.AnalysedThrough = Includer.File;
        break;
      }
  }
}

/// An access reported by several files, reported by the first.
void dropRepeatedFindings(std::vector<FileOutcome> &Outcomes) {
  std::set<std::string> Reported, Silenced;
  for (FileOutcome &O : Outcomes) {
    std::set<std::string> Here, SilencedHere;
    llvm::erase_if(O.Findings, [&](const ReportedFinding &F) {
      std::string Key = findingKey(O, F.Data);
      Here.insert(Key);
      return Reported.count(Key) != 0;
    });
    llvm::erase_if(O.Suppressed, [&](const Finding &F) {
      std::string Key = findingKey(O, F);
      SilencedHere.insert(Key);
      return Silenced.count(Key) != 0;
    });
    Reported.insert(Here.begin(), Here.end());
    Silenced.insert(SilencedHere.begin(), SilencedHere.end());
  }
}

} // namespace

void joinAcrossFiles(std::vector<FileOutcome> &Outcomes,
                     const std::vector<size_t> &Analysed) {
  markAnalysedThroughIncluders(Outcomes, Analysed);
  dropRepeatedFindings(Outcomes);
}

} // namespace cudacoalesce
