//===- Verify/Analysis.cpp - The predictions of this run ------------------===//
#include "cuda-coalesce/Verify/Analysis.h"

#include "cuda-coalesce/Report/JsonReport.h"

#include "llvm/Support/raw_ostream.h"

namespace cudacoalesce::verify {

namespace {

/// Keeps every finding; verify prints none of them as diagnostics.
class KeepFindings : public TranslationUnitConsumer {
public:
  void handle(clang::ASTContext &, TranslationUnitResult &&Result,
              FileOutcome &Out) const override {
    for (LocatedFinding &F : Result.Findings)
      Out.Findings.push_back({std::move(F.Data), std::string()});
  }
};

} // namespace

bool analyseSources(const RunOptions &Opts, const std::string &Arch,
                    llvm::json::Value &Document,
                    std::vector<std::string> &Errors, std::string &SetupError) {
  KeepFindings Keep;
  std::vector<FileOutcome> Outcomes = analyzeFiles(Opts, Keep, SetupError);
  if (!SetupError.empty())
    return false;
  std::vector<Finding> All;
  JsonTotals Totals;
  Totals.Arch = Arch;
  for (FileOutcome &O : Outcomes) {
    if (O.Failed) {
      Errors.push_back(O.File + ": " + O.Error);
      Totals.Errors.push_back({O.File, O.Error});
    }
    for (ReportedFinding &F : O.Findings)
      All.push_back(std::move(F.Data));
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  writeJson(OS, All, Totals);
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Text);
  if (!Parsed) {
    SetupError = "the analyzer's JSON does not parse: " +
                 llvm::toString(Parsed.takeError());
    return false;
  }
  Document = std::move(*Parsed);
  return true;
}

} // namespace cudacoalesce::verify
