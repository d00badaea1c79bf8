//===- Report/TextReport.cpp - Clang-style diagnostics --------------------===//
#include "cuda-coalesce/Report/TextReport.h"
#include "cuda-coalesce/Limits.h"
#include "cuda-coalesce/Policy/CheckNames.h"

#include "cuda-coalesce/Report/PredictionText.h"
#include "cuda-coalesce/Support/Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace clang;

namespace cudacoalesce {

namespace {

std::string subject(const Finding &F) {
  std::string S = std::string(model::addressSpaceName(F.Prediction.Space)) +
                  " " + accessKindName(F.Kind);
  if (F.BaseName.empty())
    return S;
  return S + (F.Kind == AccessKind::Load ? " from '" : " to '") + F.BaseName +
         "'";
}

/// Where the lanes of the first warp fall in the model's terms, after their
/// distance: the banks between them, lane 0's place in the model's period,
/// the groups a request touches.
std::string laneSpacingText(const model::Prediction &P) {
  const model::CostModelDescription &Model = P.model();
  std::string S;
  if (Model.BankBytes && *P.LaneStrideBytes % Model.BankBytes == 0)
    S += ": " +
         std::to_string(*P.LaneStrideBytes / Model.BankBytes % Model.Banks) +
         " banks apart (" + std::to_string(Model.Banks) + " banks of " +
         std::to_string(Model.BankBytes) + " bytes)";
  if (Model.Period && P.FirstLaneOffsetInPeriod)
    S += "; lane 0 starts " + std::to_string(*P.FirstLaneOffsetInPeriod) +
         " bytes into a " + Model.Period;
  if (Model.GroupsKey)
    S += std::string("; ") + Model.Groups +
         " per request: " + formatCount(P.Groups);
  return S;
}

/// Why a known pattern has only a range, in a few words.
std::string rangeReason(const model::Prediction &P) {
  using Kind = model::UnknownCause::Kind;
  switch (P.Cause ? P.Cause->What : Kind::DataAddresses) {
  case Kind::DependsOnUnknowns:
    return P.Cause->Names.empty() ? "values not known here decide it"
                                  : "depends on " + P.Cause->Names;
  case Kind::GuardOnData:
    return "data decides which lanes run";
  case Kind::GuardOnUnknowns:
    return "values not known here decide which lanes run";
  case Kind::PredicatedOrBranched:
    return "the least where nvcc predicates it and every warp issues it";
  case Kind::SunkOrKept:
    return "the least where nvcc keeps the store in its branch";
  case Kind::RetriedUntilSwapped:
    return "a compare-and-swap loop: the least where one lane is left";
  default:
    return "the addresses are data";
  }
}

/// A pattern known with a null count (docs/model.md, the contract): the
/// data decides which lanes run, or where the lanes' addresses fall.
std::string knownPatternRangeText(const model::Prediction &P,
                                  const std::string &Subject,
                                  const std::string &PerRequest,
                                  const std::string &Ideal) {
  std::string Why = rangeReason(P);
  std::string Head = std::string(model::patternName(P.Kind)) + " " + Subject +
                     ": " + formatRange(P.UnitsMin, P.UnitsMax) + PerRequest;
  // A range up to the ideal wastes nothing: no "where ... would do".
  if (P.Kind == model::Pattern::Coalesced ||
      P.Kind == model::Pattern::ConflictFree ||
      P.UnitsMax <= P.IdealUnits + 1e-9)
    return Head + " (ideal " + Ideal + "; " + Why + ")";
  return Head + " where " + Ideal + " would do (" + Why + ")";
}

} // namespace

std::string findingMessage(const Finding &F) {
  const model::Prediction &P = F.Prediction;
  std::string Subject = subject(F);
  std::string Ideal = formatCount(P.IdealUnits);
  const model::CostModelDescription &Model = P.model();
  std::string PerRequest = std::string(" ") + Model.UnitPlural + "/request";
  if (P.Kind == model::Pattern::Unknown) {
    // The range is the compiler's choice, not the values'.
    if (P.Cause &&
        (P.Cause->What == model::UnknownCause::Kind::PredicatedOrBranched ||
         P.Cause->What == model::UnknownCause::Kind::SunkOrKept))
      return Subject + ": " + unknownReasonText(P);
    bool AddressesUnknown =
        P.Cause &&
        (P.Cause->What == model::UnknownCause::Kind::UnfollowedLaneValue ||
         P.Cause->What == model::UnknownCause::Kind::UnevaluableAddress);
    if (!P.Units && P.UnitsMax > 0 && !AddressesUnknown) {
      // Values that change the lanes' shape but not the count (a lane
      // exchange by xor, a broadcast in some trials) give one count.
      bool OneCount = formatCount(P.UnitsMin) == formatCount(P.UnitsMax);
      std::string Counts = formatRange(P.UnitsMin, P.UnitsMax) + PerRequest +
                           (OneCount ? " for every value tried" : "");
      bool Ideally = P.UnitsMax <= P.IdealUnits + 1e-9;
      std::string S = Subject + " depends on values not known here: " + Counts +
                      (OneCount && Ideally ? " (ideal " + Ideal + ")"
                                           : " where " + Ideal + " would do");
      return P.Condition ? S + "; " + conditionText(P) : S;
    }
    return Subject + ": pattern unknown (" + unknownReasonText(P) + ")";
  }
  if (!P.Units)
    return knownPatternRangeText(P, Subject, PerRequest, Ideal);
  double Units = *P.Units;
  std::string Head = std::string(model::patternName(P.Kind)) + " " + Subject +
                     ": " + formatCount(Units) + PerRequest;
  switch (P.Kind) {
  case model::Pattern::Coalesced:
  case model::Pattern::ConflictFree:
    return Head + " (ideal " + Ideal + ")";
  case model::Pattern::Uniform:
    return Head + ", every active lane accesses the same address";
  case model::Pattern::Broadcast:
    return Head + ", the lanes of a warp row read one word";
  default:
    // The units over the ideal, as the model counts them.
    if (Model.Conflict)
      return Head + " where " + Ideal + " would do (" +
             formatCount(std::round(Units / P.IdealUnits * 100) / 100) +
             "-way " + Model.Conflict + ")";
    return Head + " where " + Ideal + " would do (" +
           formatCount(std::round(P.efficiency() * 1000) / 10) +
           "% efficiency)";
  }
}

std::vector<std::string> findingNotes(const Finding &F) {
  const model::Prediction &P = F.Prediction;
  const model::CostModelDescription &Model = P.model();
  std::vector<std::string> Notes;
  Notes.push_back("index " + F.Index + " (" + std::to_string(F.ElementBytes) +
                  "-byte elements); byte offset " + F.ByteOffset);
  if (P.Kind != model::Pattern::Scattered && P.LaneStrideBytes) {
    // Where the spacing depends on unknowns, it is that of the case the
    // counts are given for.
    std::string Lanes =
        P.Cause && P.Cause->What == model::UnknownCause::Kind::DependsOnUnknowns
            ? "at " + P.Cause->Names + " = " +
                  std::to_string(limits::FirstValueTried) + ", "
            : "";
    Lanes += "lanes 0 and 1 are " + std::to_string(*P.LaneStrideBytes) +
             " bytes apart" + laneSpacingText(P);
    Notes.push_back(Lanes);
  }
  // A gather's own note is its unknown cause's (unknownReasonText).
  if (P.Kind == model::Pattern::Scattered && !P.DependsOnLaneData)
    Notes.push_back("the index is not linear in the thread index: the "
                    "lanes' addresses are irregularly spaced");
  if (P.Units && P.UnitsMin != P.UnitsMax)
    Notes.push_back(
        "averaged over the warps of the launch: " + formatCount(P.UnitsMin) +
        " to " + formatCount(P.UnitsMax) + " " + Model.UnitPlural + "/request");
  if (P.Units && P.Walk.RelativeError > 0)
    Notes.push_back(
        "a sample of " + std::to_string(P.Walk.Visits) + " of " +
        formatCount(P.Walk.LaunchVisits) +
        " warp visits: " + formatCount(*P.Units * (1 - P.Walk.RelativeError)) +
        " to " + formatCount(*P.Units * (1 + P.Walk.RelativeError)) + " " +
        Model.UnitPlural + "/request at three standard errors");
  if (P.CountsOfItsInstructions)
    Notes.push_back("with the instructions the access becomes: " +
                    formatCount(P.CountsOfItsInstructions->first) + " to " +
                    formatCount(P.CountsOfItsInstructions->second) + " " +
                    Model.UnitPlural + "/request, as the trip count decides");
  if (P.Condition && P.Kind != model::Pattern::Unknown)
    Notes.push_back(conditionText(P));
  // The message gives the range; why it is a range is the data's.
  if (P.Cause && P.Cause->What == model::UnknownCause::Kind::DataAddresses)
    Notes.push_back(unknownReasonText(P));
  if (F.InLibrary)
    Notes.push_back("in library code the call inlines: '" + F.Function +
                    "' at " + F.InLibrary->File + ":" +
                    std::to_string(F.InLibrary->Line) + ": " + F.Expression);
  for (const fixes::Fix &X : F.Fixes) {
    std::string Note =
        std::string("fix (") + fixes::fixKindName(X.Kind) + "): " + X.Message;
    if (!X.Replacements.empty())
      Note += " [mechanical: --fix applies it]";
    Notes.push_back(Note);
  }
  for (const std::string &A : assumptionTexts(F))
    Notes.push_back(A);
  return Notes;
}

void printFinding(llvm::raw_ostream &Out, ASTContext &AST,
                  const LocatedFinding &LF, bool Color,
                  llvm::ArrayRef<std::string> MoreNotes) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  DiagnosticOptions Opts;
  Opts.ShowColors = Color;
  TextDiagnostic Printer(OS, AST.getLangOpts(), Opts);
  const SourceManager &SM = AST.getSourceManager();
  const Finding &F = LF.Data;
  FullSourceLoc Loc(SM.getFileLoc(LF.Loc), SM);
  CharSourceRange Range = CharSourceRange::getTokenRange(
      SM.getExpansionRange(LF.Range).getAsRange());
  std::string Message = findingMessage(F) + " [" + ToolCheckName.str() + "]";
  // Name the kernel where the line alone does not: helpers, templates.
  if (F.Kernel != F.Function || F.Kernel.find('<') != std::string::npos)
    Message += " (in kernel '" + F.Kernel + "')";
  Printer.emitDiagnostic(Loc,
                         F.isFlagged() ? DiagnosticsEngine::Warning
                                       : DiagnosticsEngine::Remark,
                         Message, {Range}, {});
  for (const std::string &Note : findingNotes(F))
    Printer.emitDiagnostic(FullSourceLoc(), DiagnosticsEngine::Note, Note, {},
                           {});
  for (const SourcePoint &Call : F.CallChain)
    Printer.emitDiagnostic(FullSourceLoc(), DiagnosticsEngine::Note,
                           "reached through the call at " + Call.File + ":" +
                               std::to_string(Call.Line) + ":" +
                               std::to_string(Call.Column),
                           {}, {});
  for (const std::string &Note : MoreNotes)
    Printer.emitDiagnostic(FullSourceLoc(), DiagnosticsEngine::Note, Note, {},
                           {});
  // The header as the #include spelled it (`template-instances/../mmq.cuh`)
  // is named as every other report names it.
  PresumedLoc Spelled = SM.getPresumedLoc(Loc);
  llvm::StringRef Name = Spelled.isValid() ? Spelled.getFilename() : "";
  if (!Name.empty() && Name != F.Where.File)
    Text =
        llvm::join(llvm::split(Text, (Name + ":").str()), F.Where.File + ":");
  Out << Text;
}

void printTextureReads(llvm::raw_ostream &OS, const TextureReads &R) {
  OS << R.Where.File << ":" << R.Where.Line << ":" << R.Where.Column
     << ": remark: kernel '" << R.Kernel
     << "' reads through texture or surface "
     << "objects (" << R.Count << (R.Count == 1 ? " fetch" : " fetches")
     << "): they go through the texture path, are not global-memory accesses "
        "and are not analysed ["
     << ToolCheckName << "]\n";
}

void printQuietKernel(llvm::raw_ostream &OS, const QuietKernel &K) {
  OS << K.Where.File << ":" << K.Where.Line << ":" << K.Where.Column
     << ": remark: kernel '" << K.Kernel
     << "' has no global- or shared-memory accesses [" << ToolCheckName
     << "]\n";
}

} // namespace cudacoalesce
