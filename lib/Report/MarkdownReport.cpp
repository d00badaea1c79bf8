//===- Report/MarkdownReport.cpp - Audit report in Markdown ---------------===//
#include "cuda-coalesce/Report/MarkdownReport.h"
#include "cuda-coalesce/Report/AuditReport.h"
#include "cuda-coalesce/Report/RunInfo.h"
#include "cuda-coalesce/Report/TextReport.h"
#include "cuda-coalesce/Support/Text.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <set>
#include <string_view>

namespace cudacoalesce {

namespace {

/// Source text in a code span. A span ends at the first run of backticks as
/// long as its fence, so the fence is one longer than any run inside; a
/// table splits cells at every unescaped pipe, even inside a span.
std::string code(const std::string &Text, bool InTable) {
  size_t Longest = 0, Run = 0;
  std::string Body;
  for (char C : Text) {
    Run = C == '`' ? Run + 1 : 0;
    Longest = std::max(Longest, Run);
    if (C == '\n' || C == '\r')
      Body += ' ';
    else if (C == '|' && InTable)
      Body += "\\|";
    else
      Body += C;
  }
  std::string Fence(Longest + 1, '`');
  // A span that starts or ends with a backtick needs a space to keep it from
  // joining the fence; one space each side is stripped when rendered.
  bool Pad = !Body.empty() && (Body.front() == '`' || Body.back() == '`');
  return Fence + (Pad ? " " : "") + Body + (Pad ? " " : "") + Fence;
}

/// Prose from the source or the analysis (messages): every character that
/// Markdown or inline HTML would read as markup is escaped.
std::string text(const std::string &Text) {
  std::string Out;
  for (char C : Text) {
    if (C == '\n' || C == '\r') {
      Out += ' ';
      continue;
    }
    if (std::string_view("\\`*_[]<>|~&#").find(C) != std::string_view::npos)
      Out += '\\';
    Out += C;
  }
  return Out;
}

void filesTable(llvm::raw_ostream &OS, const audit::Audit &A) {
  OS << "| file | kernel launches | accesses | findings | flagged instances "
        "| undecided | sectors/request | ideal | wasted | efficiency |\n"
     << "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n";
  auto Row = [&](const std::string &Name, size_t Kernels,
                 const audit::Totals &T) {
    OS << "| " << Name << " | " << Kernels << " | " << T.Accesses << " | "
       << T.Found.Findings << " | " << T.Found.Instances << " | "
       << T.Undecided;
    for (const std::string &Column : audit::sumColumns(T))
      OS << " | " << Column;
    OS << " |\n";
  };
  for (const audit::FileGroup &F : A.Files)
    Row(code(F.File, true), F.Kernels.size(), F.Sum);
  Row("**all**", A.kernels(), A.Sum);
}

void accessTable(llvm::raw_ostream &OS, const audit::KernelGroup &K,
                 bool ShowAll) {
  OS << "| line:col | kind | expression | pattern | sectors/request | ideal | "
        "efficiency | best fix (predicted) |\n"
     << "|---|---|---|---|--:|--:|--:|---|\n";
  for (const Finding *F : K.Accesses) {
    if (!audit::listed(*F, ShowAll))
      continue;
    const model::Prediction &P = F->Prediction;
    OS << "| " << F->Where.Line << ":" << F->Where.Column << " | "
       << accessKindName(F->Kind) << " | " << code(F->Expression, true) << " | "
       << model::patternName(P.Kind) << " | " << audit::unitsText(P) << " | "
       << formatCount(P.IdealUnits) << " | " << audit::efficiencyText(P)
       << " | " << text(audit::bestFixText(*F)) << " |\n";
  }
}

/// The line above a picture and the opening of its block: which warp, what
/// its lanes are drawn against, and how to read it.
void pictureHead(llvm::raw_ostream &OS, const model::WarpSnapshot &W,
                 const char *Against, const char *Legend, const char *Columns) {
  OS << "One warp (" << text(audit::placeText(W)) << "), lanes against "
     << Against;
  if (W.requests() > 1)
    OS << ", first of " << W.requests() << " instructions";
  OS << ": " << Legend << "\n\n```text\n" << Columns << "\n";
}

/// Bank by bank, the distinct words asked of it and the lanes asking.
void bankPicture(llvm::raw_ostream &OS, const model::WarpSnapshot &W) {
  std::vector<model::BankUse> Banks = model::banksOfRequest(W, 0);
  int64_t Lowest = INT64_MAX;
  for (const model::BankUse &B : Banks)
    for (const auto &Word : B.Words)
      Lowest = std::min(Lowest, Word.first);
  pictureHead(OS, W, "the 32 banks of 4 bytes",
              "a bank asked for N distinct words serves them in N passes.",
              "bank  words  word (byte offset): lanes");
  for (const model::BankUse &B : Banks) {
    if (B.Words.empty())
      continue;
    std::string Line = (B.Bank < 10 ? " " : "") + std::to_string(B.Bank) +
                       "    " + std::to_string(B.Words.size()) +
                       (B.Words.size() < 10 ? "     " : "    ");
    for (size_t I = 0; I < B.Words.size(); ++I)
      Line += (I ? ", +" : "+") +
              std::to_string((B.Words[I].first - Lowest) * model::BankBytes) +
              ": " + audit::laneRanges(B.Words[I].second);
    OS << Line << "\n";
  }
  OS << "```\n\n";
}

/// Sector by sector, the bytes requested and the lanes requesting them.
void sectorPicture(llvm::raw_ostream &OS, const model::WarpSnapshot &W) {
  std::vector<model::SectorUse> Sectors = model::sectorsOfRequest(W, 0);
  std::vector<unsigned> Inactive;
  for (unsigned L = 0; L < W.Lanes.size(); ++L)
    if (!W.Lanes[L].Active)
      Inactive.push_back(L);
  pictureHead(OS, W, "the 32-byte sectors they touch",
              "`#` a byte requested, `.` a byte moved for nothing.",
              "sector   bytes 0..31 of the sector          lanes");
  for (const model::SectorUse &S : Sectors) {
    std::string Offset =
        "+" + std::to_string((S.Sector - Sectors.front().Sector) *
                             int64_t(model::SectorBytes));
    OS << Offset << std::string(Offset.size() < 9 ? 9 - Offset.size() : 1, ' ')
       << audit::byteMap(S.UsedBytes) << "   " << audit::laneRanges(S.Lanes)
       << "\n";
  }
  if (!Inactive.empty())
    OS << "inactive lanes (a guard): " << audit::laneRanges(Inactive) << "\n";
  if (W.Lanes.size() < model::WarpSize)
    OS << "lanes " << W.Lanes.size() << "-" << model::WarpSize - 1
       << ": no thread (the block is smaller than a warp)\n";
  OS << "```\n\n";
  OS << Sectors.size() << (Sectors.size() == 1 ? " sector" : " sectors")
     << " from byte " << Sectors.front().Sector * int64_t(model::SectorBytes)
     << " of the base on; offsets above are from there.\n\n";
}

void warpPicture(llvm::raw_ostream &OS, const Finding &F) {
  audit::drawWarp(
      F,
      [&](const std::string &Why) {
        OS << "No picture of a warp: " << text(Why) << ".\n\n";
      },
      [&](const model::WarpSnapshot &W) { sectorPicture(OS, W); },
      [&](const model::WarpSnapshot &W) { bankPicture(OS, W); });
}

/// One entry per root cause: its first access with its fixes and a warp,
/// the others with the same cause named.
void causeDetails(llvm::raw_ostream &OS, const audit::RootCause &C) {
  const Finding &F = C.first();
  OS << "#### " << F.Where.Line << ":" << F.Where.Column << " "
     << code(F.Expression, false);
  if (C.Accesses.size() > 1)
    OS << " and " << C.Accesses.size() - 1 << " more with the same cause";
  OS << "\n\n";
  OS << text(findingMessage(F)) << ".";
  if (F.Function != F.Kernel)
    OS << " Written in " << code(F.Function, false) << ".";
  OS << "\n\n";
  if (C.Accesses.size() > 1) {
    OS << "Also:";
    for (size_t I = 1; I < C.Accesses.size(); ++I)
      OS << (I == 1 ? " " : ", ") << C.Accesses[I]->Where.Line << ":"
         << C.Accesses[I]->Where.Column << " "
         << code(C.Accesses[I]->Expression, false);
    OS << " (" << formatCount(C.Wasted)
       << " sectors/request wasted in all).\n\n";
  }
  for (const fixes::Fix &X : F.Fixes)
    OS << "- fix (" << fixes::fixKindName(X.Kind) << "): " << text(X.Message)
       << (X.Replacements.empty() ? "" : " (mechanical: `--fix` applies it)")
       << "\n";
  if (!F.Fixes.empty())
    OS << "\n";
  warpPicture(OS, F);
}

/// The root causes worth fixing first, with where the first access is.
void fixFirstList(llvm::raw_ostream &OS,
                  const std::vector<audit::RootCause> &Causes,
                  const RunInfo &Info) {
  if (Causes.empty())
    return;
  OS << "\n## Fix these first\n\n";
  auto Item = [&](size_t I, const Finding &F, const std::string &Text) {
    OS << I + 1 << ". " << code(F.Where.File, false) << ":" << F.Where.Line
       << ": " << text(Text) << "\n";
  };
  if (size_t More = audit::forEachRankedCause(Causes, Info.Arch, Item))
    OS << "\n" << More << " more below.\n";
}

void errorsList(llvm::raw_ostream &OS, const RunInfo &Info) {
  if (Info.Errors.empty())
    return;
  size_t N = Info.Errors.size();
  OS << "**" << N << (N == 1 ? " file" : " files")
     << " could not be analysed**; "
        "the totals below leave out what they hold:\n\n";
  constexpr size_t Shown = 20;
  for (size_t I = 0; I < N && I < Shown; ++I)
    OS << "- " << code(Info.relative(Info.Errors[I].File), false) << ": "
       << text(Info.relativeText(Info.Errors[I].Message)) << "\n";
  if (N > Shown)
    OS << "- and " << N - Shown << " more\n";
  OS << "\n";
}

/// Every file's details, folded: its kernel launches' tables and the
/// details of their root causes.
void detailsByFile(llvm::raw_ostream &OS, const audit::Audit &A, bool ShowAll) {
  for (const audit::FileGroup &File : A.Files) {
    OS << "\n<details><summary>" << code(File.File, false) << ": "
       << text(audit::totalsText(File.Sum)) << "</summary>\n\n## "
       << code(File.File, false) << "\n";
    for (const audit::KernelGroup &K : File.Kernels) {
      OS << "\n### " << code(K.Kernel, false) << ": " << text(K.Launch)
         << "\n\n"
         << text(audit::totalsText(K.Sum)) << ".\n\n";
      if (llvm::any_of(K.Accesses, [&](const Finding *F) {
            return audit::listed(*F, ShowAll);
          })) {
        accessTable(OS, K, ShowAll);
        OS << "\n";
      }
      for (const audit::RootCause &C : audit::rootCauses(K.Accesses))
        causeDetails(OS, C);
    }
    OS << "</details>\n";
  }
}

/// The details of the root causes, costliest first (a site in many kernel
/// instances once), each under its file, while the report stays under
/// \p Limit; a note says what is left out.
void costliestDetails(llvm::raw_string_ostream &OS,
                      const std::vector<audit::RootCause> &Causes,
                      size_t Limit) {
  const std::string &Report = OS.str();
  // Room for the note at the end.
  constexpr size_t Reserve = 600;
  OS << "\n## Details, costliest first\n";
  size_t Shown = 0;
  std::set<std::string> FilesLeft;
  for (const audit::RootCause &C : Causes) {
    std::string Entry;
    llvm::raw_string_ostream E(Entry);
    E << "\n`" << C.first().Where.File << "`";
    if (C.Instances > 1)
      E << ", in " << C.Instances << " kernel instances or launches (the "
        << "worst shown)";
    E << ":\n\n";
    causeDetails(E, C);
    if (FilesLeft.empty() && Report.size() + Entry.size() + Reserve <= Limit) {
      OS << Entry;
      ++Shown;
      continue;
    }
    FilesLeft.insert(C.first().Where.File);
  }
  if (size_t Left = Causes.size() - Shown)
    OS << "\n**Cut off here** to stay under " << Limit
       << " characters (GitHub's limit for a comment): the details of " << Left
       << (Left == 1 ? " root cause" : " root causes") << " in "
       << FilesLeft.size() << (FilesLeft.size() == 1 ? " file" : " files")
       << " are left out (the per-file tables of kernel launches too); the "
          "totals and the files above count everything. `--format=html` or "
          "`--format=json` has all of it.\n";
}

} // namespace

void writeMarkdown(llvm::raw_ostream &Out, const std::vector<Finding> &Given,
                   bool ShowAll, const RunInfo &Info, size_t Limit) {
  std::vector<Finding> Findings = audit::relativeTo(Given, Info.SourceRoot);
  audit::Audit A = audit::buildAudit(Findings);
  std::string Report;
  llvm::raw_string_ostream OS(Report);
  OS << "# cuda-coalesce audit report\n\n";
  errorsList(OS, Info);
  if (A.Files.empty()) {
    OS << "No global-memory access was found.\n";
    Out << Report;
    return;
  }
  OS << text(audit::totalsText(A.Sum)) << ", in " << A.kernels()
     << (A.kernels() == 1 ? " kernel launch" : " kernel launches") << " and "
     << A.Files.size() << (A.Files.size() == 1 ? " file" : " files") << ".\n\n"
     << text(audit::listingText(ShowAll)) << "\n\n";
  OS << "## Files, worst first\n\n";
  filesTable(OS, A);

  // The root causes across files, worst first.
  std::vector<audit::RootCause> Causes = audit::rootCauses(Findings);
  fixFirstList(OS, Causes, Info);

  std::string Head = Report;
  detailsByFile(OS, A, ShowAll);
  // A project whose details by file do not fit a comment (GitHub's limit):
  // the details of its costliest sites instead, each whole.
  if (Report.size() > Limit) {
    Report = Head;
    costliestDetails(OS, Causes, Limit);
  }
  Out << Report;
}

} // namespace cudacoalesce
