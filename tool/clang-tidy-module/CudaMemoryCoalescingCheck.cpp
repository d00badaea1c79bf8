//===- CudaMemoryCoalescingCheck.cpp - clang-tidy front end ---------------===//
#include "CudaMemoryCoalescingCheck.h"

#include "cuda-coalesce/Frontend/KernelAnalysis.h"
#include "cuda-coalesce/Policy/ProjectConfig.h"
#include "cuda-coalesce/Report/TextReport.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudacoalesce {
namespace tidy {

static std::optional<Severity> parseSeverity(llvm::StringRef S) {
  return llvm::StringSwitch<std::optional<Severity>>(S.lower())
      .Case("low", Severity::Low)
      .Case("medium", Severity::Medium)
      .Case("high", Severity::High)
      .Default(std::nullopt);
}

// Read as text: the plugin cannot use OptionsView::get<bool>, whose
// instantiation clang-tidy-22 does not export.
static std::optional<bool> parseBool(llvm::StringRef S) {
  return llvm::StringSwitch<std::optional<bool>>(S.lower())
      .Cases({"true", "1", "on", "yes"}, true)
      .Cases({"false", "0", "off", "no"}, false)
      .Default(std::nullopt);
}

CudaMemoryCoalescingCheck::CudaMemoryCoalescingCheck(
    StringRef Name, clang::tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      BlockDimOption(Options.get("BlockDim", "").str()),
      MinimumSeverityOption(Options.get("MinimumSeverity", "low").str()),
      ReportCoalesced(parseBool(Options.get("ReportCoalesced", "false"))) {
  if (!BlockDimOption.empty()) {
    BlockDim = parseBlockShape(BlockDimOption);
    if (!BlockDim)
      configurationDiag("invalid BlockDim '%0' for %1: expected X[,Y[,Z]] "
                        "with at most 1024 threads; launch sites are used")
          << BlockDimOption << Name;
  }
  if (!ReportCoalesced)
    configurationDiag("invalid ReportCoalesced '%0' for %1: expected true or "
                      "false; false is used")
        << Options.get("ReportCoalesced", "false") << Name;
  if (auto S = parseSeverity(MinimumSeverityOption))
    MinimumSeverity = *S;
  else
    configurationDiag("invalid MinimumSeverity '%0' for %1: expected low, "
                      "medium or high; low is used")
        << MinimumSeverityOption << Name;
}

void CudaMemoryCoalescingCheck::storeOptions(
    clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "BlockDim", BlockDimOption);
  Options.store(Opts, "MinimumSeverity", MinimumSeverityOption);
  Options.store(Opts, "ReportCoalesced",
                ReportCoalesced.value_or(false) ? "true" : "false");
}

bool CudaMemoryCoalescingCheck::isLanguageVersionSupported(
    const LangOptions &LO) const {
  return LO.CUDA;
}

void CudaMemoryCoalescingCheck::registerMatchers(MatchFinder *Finder) {
  // The analysis walks the whole translation unit once: kernels need the
  // launches written anywhere in it.
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

/// Sectors per request against the ideal: how many times the bandwidth the
/// access needs.
static double wasteFactor(const model::Prediction &P) {
  double Sectors = P.Sectors ? *P.Sectors : P.SectorsMin;
  return P.IdealSectors > 0 ? Sectors / P.IdealSectors : 1;
}

static bool reaches(const Finding &F, Severity Minimum) {
  switch (Minimum) {
  case Severity::Low:
    return true;
  case Severity::Medium:
    return wasteFactor(F.Prediction) >= 2 - 1e-9;
  case Severity::High:
    return wasteFactor(F.Prediction) >= 4 - 1e-9;
  }
  return true;
}

void CudaMemoryCoalescingCheck::check(const MatchFinder::MatchResult &R) {
  ASTContext &AST = *R.Context;
  // A parse with errors leaves holes that would read as accesses that are
  // not there; the compiler's own errors are what the user sees first.
  if (AST.getDiagnostics().hasUncompilableErrorOccurred())
    return;
  AnalysisOptions Opts;
  Opts.BlockDim = BlockDim;
  Opts.BlockDimOrigin = "the BlockDim option";
  TranslationUnitResult Result = analyzeTranslationUnit(AST, Opts);
  SourceManager &SM = AST.getSourceManager();

  // A load and a store of one `m[i] *= 2` carry the same edit: clang-tidy
  // would refuse both as overlapping, so each edit goes out once.
  std::vector<std::vector<fixes::Replacement>> EditsGiven;
  for (const LocatedFinding &LF : Result.Findings) {
    const Finding &F = LF.Data;
    bool Flagged = F.isFlagged();
    if (Flagged ? !reaches(F, MinimumSeverity)
                : !ReportCoalesced.value_or(false))
      continue;
    {
      auto D = diag(LF.Loc, "%0",
                    Flagged ? DiagnosticIDs::Warning : DiagnosticIDs::Remark)
               << findingMessage(F) << LF.Range;
      // The first fix with a mechanical edit becomes the fix-it.
      for (const fixes::Fix &X : F.Fixes) {
        if (X.Replacements.empty())
          continue;
        if (llvm::is_contained(EditsGiven, X.Replacements))
          break;
        EditsGiven.push_back(X.Replacements);
        for (const fixes::Replacement &Rep : X.Replacements) {
          auto File = SM.getFileManager().getOptionalFileRef(Rep.File);
          FileID FID = File ? SM.translateFile(*File) : FileID();
          if (FID.isInvalid())
            continue;
          SourceLocation Begin =
              SM.getLocForStartOfFile(FID).getLocWithOffset(Rep.Offset);
          D << FixItHint::CreateReplacement(
              CharSourceRange::getCharRange(Begin,
                                            Begin.getLocWithOffset(Rep.Length)),
              Rep.Text);
        }
        break;
      }
    }
    for (const std::string &Note : findingNotes(F))
      diag(LF.Loc, "%0", DiagnosticIDs::Note) << Note;
  }
}

} // namespace tidy
} // namespace cudacoalesce
