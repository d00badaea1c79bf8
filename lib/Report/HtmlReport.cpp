//===- Report/HtmlReport.cpp - Audit report as one HTML page --------------===//
//
// One file that a reviewer opens offline: the style is inline, the pictures
// are inline SVG, there is no script, and a content security policy makes
// the browser refuse anything that would be fetched from elsewhere.
//
//===----------------------------------------------------------------------===//
#include "cuda-coalesce/Report/HtmlReport.h"
#include "cuda-coalesce/Report/AuditReport.h"
#include "cuda-coalesce/Report/FindingGroups.h"
#include "cuda-coalesce/Report/RunInfo.h"
#include "cuda-coalesce/Report/TextReport.h"
#include "cuda-coalesce/Support/Text.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace cudacoalesce {

namespace {

/// Source text in a text node or an attribute value: every character that
/// could open markup or close the value.
std::string esc(const std::string &Text) {
  std::string Out;
  for (char C : Text)
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&#39;";
      break;
    default:
      Out += C;
    }
  return Out;
}

/// A coordinate: raw_ostream prints doubles in exponent notation.
std::string px(double V) {
  std::string S = llvm::formatv("{0:F1}", V).str();
  if (S.size() > 2 && S.compare(S.size() - 2, 2, ".0") == 0)
    S.resize(S.size() - 2);
  return S;
}

const char *Style = R"(
body{font:14px/1.4 system-ui,sans-serif;margin:1em auto;max-width:1100px;
color:#1b1b1b;padding:0 1em}
h1{font-size:1.6em;margin:.4em 0}
.errors{border-left:4px solid #c0392b;padding-left:.8em}
h2{margin-top:1.4em;border-bottom:1px solid #ccc}
code{font:.93em ui-monospace,monospace;background:#f3f3f3;padding:0 .2em}
table{border-collapse:collapse;margin:.6em 0}
th,td{border:1px solid #ccc;padding:.25em .6em;text-align:left;
vertical-align:top}
th{background:#eee}td.n{text-align:right}td code{word-break:break-all}
tr.flagged td{background:#fff4f2}
.pattern-strided,.pattern-scattered,.pattern-misaligned,.pattern-unknown{
color:#b3261e;font-weight:600}
figure{margin:.6em 0 1.4em}figcaption{font-size:.9em;color:#444}
svg text{font:10px ui-monospace,monospace}
.lane{fill:#dbe7fb;stroke:#4a6fa5}.lane.off{fill:#eee;stroke:#aaa}
.sector{fill:#f6c9c4;stroke:#b3261e}.used{fill:#2e7d32}
.wire{stroke:#4a6fa5;stroke-opacity:.6}
)";

void totalsRow(llvm::raw_ostream &OS, const std::string &NameHtml,
               size_t Kernels, const audit::Totals &T) {
  OS << "<tr><td>" << NameHtml << "</td><td class=\"n\">" << Kernels
     << "</td><td class=\"n\">" << T.Accesses << "</td><td class=\"n\">"
     << T.Found.Findings << "</td><td class=\"n\">" << T.Found.Instances
     << "</td><td class=\"n\">" << T.Undecided;
  for (const std::string &Column : audit::sumColumns(T))
    OS << "</td><td class=\"n\">" << Column;
  OS << "</td></tr>\n";
}

void filesTable(llvm::raw_ostream &OS, const audit::Audit &A) {
  OS << "<table class=\"files\"><thead><tr><th>file</th><th>kernel "
        "launches</th><th>accesses</th><th>findings</th><th>flagged "
        "instances</th><th>undecided</th>"
        "<th>sectors/request</th><th>ideal</th><th>wasted</th>"
        "<th>efficiency</th></tr></thead><tbody>\n";
  for (size_t I = 0; I < A.Files.size(); ++I)
    totalsRow(OS,
              "<a href=\"#file-" + std::to_string(I) + "\"><code>" +
                  esc(A.Files[I].File) + "</code></a>",
              A.Files[I].Kernels.size(), A.Files[I].Sum);
  totalsRow(OS, "<strong>all</strong>", A.kernels(), A.Sum);
  OS << "</tbody></table>\n";
}

/// An id for the details of an access, unique in the page.
std::string anchor(const Finding &F, size_t Serial) {
  return "access-" + std::to_string(Serial) + "-" +
         std::to_string(F.Where.Line);
}

/// Where a flagged access's details are: its own, or those of the worst
/// instance of its site.
using DetailsLink = std::function<std::string(const Finding &)>;

void accessTable(llvm::raw_ostream &OS, const audit::KernelGroup &K,
                 bool ShowAll, const DetailsLink &Link) {
  OS << "<table class=\"accesses\"><thead><tr><th>line:col</th><th>kind</th>"
        "<th>expression</th><th>pattern</th><th>sectors/request</th>"
        "<th>ideal</th><th>efficiency</th><th>best fix (predicted)</th>"
        "</tr></thead><tbody>\n";
  for (const Finding *F : K.Accesses) {
    if (!audit::listed(*F, ShowAll))
      continue;
    const model::Prediction &P = F->Prediction;
    std::string Where =
        std::to_string(F->Where.Line) + ":" + std::to_string(F->Where.Column);
    OS << "<tr" << (F->isFlagged() ? " class=\"flagged\"" : "") << "><td>";
    if (F->isFlagged())
      OS << "<a href=\"#" << Link(*F) << "\">" << Where << "</a>";
    else
      OS << Where;
    OS << "</td><td>" << accessKindName(F->Kind) << "</td><td><code>"
       << esc(F->Expression) << "</code></td><td class=\"pattern-"
       << model::patternName(P.Kind) << "\">" << model::patternName(P.Kind)
       << "</td><td class=\"n\">" << esc(audit::unitsText(P))
       << "</td><td class=\"n\">" << formatCount(P.IdealUnits)
       << "</td><td class=\"n\">" << esc(audit::efficiencyText(P))
       << "</td><td>" << esc(audit::bestFixText(*F)) << "</td></tr>\n";
  }
  OS << "</tbody></table>\n";
}

/// Where a picture puts the lanes of a warp, in a row above what they
/// touch.
struct PictureGeometry {
  static constexpr double Left = 48, LaneW = 22, Width = Left + 32 * LaneW + 16;
  static constexpr double LaneY = 4, LaneH = 18, RowY = 84, RowH = 22;
  static double laneX(unsigned Lane) { return Left + Lane * LaneW; }
};

/// Opens a picture \p Height high with the labels of its two rows: the lanes
/// and \p Below ("sectors").
void svgHead(llvm::raw_ostream &OS, const char *Height, const char *Below) {
  using G = PictureGeometry;
  OS << "<svg class=\"warp\" width=\"" << px(G::Width) << "\" height=\""
     << Height << "\" viewBox=\"0 0 " << px(G::Width) << " " << Height
     << "\" role=\"img\">\n";
  OS << "<text x=\"0\" y=\"" << px(G::LaneY + 13) << "\">lanes</text>\n"
     << "<text x=\"0\" y=\"" << px(G::RowY + 15) << "\">" << Below
     << "</text>\n";
}

/// The lanes' boxes, each titled with its byte offset and, after it, what
/// \p Detail says of the offset.
template <class DetailFn>
void laneBoxes(llvm::raw_ostream &OS, const model::WarpSnapshot &W,
               DetailFn Detail) {
  using G = PictureGeometry;
  for (unsigned Lane = 0; Lane < W.Lanes.size(); ++Lane) {
    const model::LaneAccess &L = W.Lanes[Lane];
    double X = G::laneX(Lane);
    OS << "<rect class=\"lane" << (L.Active ? "" : " off") << "\" x=\""
       << px(X + 1) << "\" y=\"" << px(G::LaneY) << "\" width=\""
       << px(G::LaneW - 2) << "\" height=\"" << px(G::LaneH)
       << "\"><title>lane " << Lane;
    if (L.Active && L.ByteOffset) {
      OS << ": byte " << *L.ByteOffset;
      Detail(*L.ByteOffset);
    } else {
      OS << ": inactive (a guard)";
    }
    OS << "</title></rect><text x=\"" << px(X + 3) << "\" y=\""
       << px(G::LaneY + 13) << "\">" << Lane << "</text>\n";
  }
}

/// Lanes in a row above the sectors they touch, a wire from each active
/// lane to each of its sectors; a sector is red where its bytes are moved
/// for nothing and green where they are requested.
void warpSvg(llvm::raw_ostream &OS, const model::WarpSnapshot &W,
             const std::vector<model::SectorUse> &Sectors) {
  using G = PictureGeometry;
  const double SectorY = G::RowY, SectorH = G::RowH;
  // Few sectors get wide boxes, so that the bytes in them stay visible; up
  // to 64 (16-byte chunks straddling sectors) share the width.
  double SectorW =
      std::min(4 * G::LaneW, (G::Width - G::Left - 16) /
                                 double(std::max<size_t>(1, Sectors.size())));
  svgHead(OS, "160", "sectors");
  auto SectorX = [&](size_t I) { return G::Left + I * SectorW; };
  // Wires first, so that the boxes are drawn over their ends.
  for (size_t I = 0; I < Sectors.size(); ++I)
    for (unsigned Lane : Sectors[I].Lanes)
      OS << "<line class=\"wire\" x1=\"" << px(G::laneX(Lane) + G::LaneW / 2)
         << "\" y1=\"" << px(G::LaneY + G::LaneH) << "\" x2=\""
         << px(SectorX(I) + SectorW / 2) << "\" y2=\"" << px(SectorY)
         << "\"/>\n";
  laneBoxes(OS, W, [](int64_t) {});
  for (size_t I = 0; I < Sectors.size(); ++I) {
    const model::SectorUse &S = Sectors[I];
    double X = SectorX(I);
    int64_t Offset = (S.Sector - Sectors.front().Sector) * model::SectorBytes;
    OS << "<g><title>+" << Offset << " bytes: lanes "
       << audit::laneRanges(S.Lanes) << ", " << llvm::popcount(S.UsedBytes)
       << " of 32 bytes requested</title><rect class=\"sector\" x=\""
       << px(X + 1) << "\" y=\"" << px(SectorY) << "\" width=\""
       << px(SectorW - 2) << "\" height=\"" << px(SectorH) << "\"/>";
    // One green bar per run of requested bytes.
    double ByteW = (SectorW - 2) / model::SectorBytes;
    for (unsigned B = 0; B < model::SectorBytes;) {
      if (!((S.UsedBytes >> B) & 1)) {
        ++B;
        continue;
      }
      unsigned E = B;
      while (E < model::SectorBytes && ((S.UsedBytes >> E) & 1))
        ++E;
      OS << "<rect class=\"used\" x=\"" << px(X + 1 + B * ByteW) << "\" y=\""
         << px(SectorY + 4) << "\" width=\"" << px((E - B) * ByteW)
         << "\" height=\"" << px(SectorH - 8) << "\"/>";
      B = E;
    }
    OS << "</g>\n";
    // Offsets turned on their side, so that wide ones do not overlap.
    double TX = X + SectorW / 2 - 3, TY = SectorY + SectorH + 4;
    OS << "<text x=\"" << px(TX) << "\" y=\"" << px(TY)
       << "\" transform=\"rotate(90 " << px(TX) << " " << px(TY) << ")\">+"
       << Offset << "</text>\n";
  }
  OS << "</svg>\n";
}

/// Lanes in a row above the 32 banks, a wire from each active lane to each
/// bank it asks; a bank's box says how many distinct words it is asked for
/// (the passes it needs), red where more than one.
void bankSvg(llvm::raw_ostream &OS, const model::WarpSnapshot &W,
             const std::vector<model::BankUse> &Banks) {
  using G = PictureGeometry;
  const double BankY = G::RowY, BankH = G::RowH;
  svgHead(OS, "120", "banks");
  for (const model::BankUse &B : Banks)
    for (const auto &Word : B.Words)
      for (unsigned Lane : Word.second)
        OS << "<line class=\"wire\" x1=\"" << px(G::laneX(Lane) + G::LaneW / 2)
           << "\" y1=\"" << px(G::LaneY + G::LaneH) << "\" x2=\""
           << px(G::laneX(B.Bank) + G::LaneW / 2) << "\" y2=\"" << px(BankY)
           << "\"/>\n";
  laneBoxes(OS, W, [&](int64_t Byte) {
    OS << ", bank " << Byte / model::BankBytes % model::SharedBanks;
  });
  for (const model::BankUse &B : Banks) {
    double X = G::laneX(B.Bank);
    OS << "<g><title>bank " << B.Bank << ": " << B.Words.size()
       << (B.Words.size() == 1 ? " word" : " distinct words")
       << "</title><rect class=\""
       << (B.Words.size() > 1 ? "sector"
           : B.Words.empty()  ? "lane off"
                              : "used")
       << "\" x=\"" << px(X + 1) << "\" y=\"" << px(BankY) << "\" width=\""
       << px(G::LaneW - 2) << "\" height=\"" << px(BankH) << "\"/><text x=\""
       << px(X + 4) << "\" y=\"" << px(BankY + 15) << "\">" << B.Words.size()
       << "</text></g>\n";
  }
  OS << "</svg>\n";
}

void bankFigure(llvm::raw_ostream &OS, const model::WarpSnapshot &W) {
  std::vector<model::BankUse> Banks = model::banksOfRequest(W, 0);
  size_t Most = 0;
  for (const model::BankUse &B : Banks)
    Most = std::max(Most, B.Words.size());
  OS << "<figure>\n";
  bankSvg(OS, W, Banks);
  OS << "<figcaption>One warp (" << esc(audit::placeText(W))
     << ") against the 32 banks of shared memory: the busiest bank is asked "
        "for "
     << Most << (Most == 1 ? " word" : " distinct words")
     << ", served one per pass";
  if (W.ChunkBytes > 4)
    OS << " (" << W.ChunkBytes << "-byte lanes are served "
       << model::lanesPerPhase(W.ChunkBytes) << " lanes at a time)";
  OS << ". The number in a bank is its distinct words; grey lanes are "
        "inactive.</figcaption>\n</figure>\n";
}

void sectorFigure(llvm::raw_ostream &OS, const model::WarpSnapshot &W) {
  std::vector<model::SectorUse> Sectors = model::sectorsOfRequest(W, 0);
  OS << "<figure>\n";
  warpSvg(OS, W, Sectors);
  OS << "<figcaption>One warp (" << esc(audit::placeText(W))
     << "): " << Sectors.size()
     << (Sectors.size() == 1 ? " sector" : " sectors") << " moved";
  if (W.requests() > 1)
    OS << " by the first of " << W.requests() << " instructions";
  OS << ", from byte " << Sectors.front().Sector * int64_t(model::SectorBytes)
     << " of the base (offsets below the sectors are from there). Green: "
        "bytes requested; red: bytes moved for nothing; grey lanes are "
        "inactive.</figcaption>\n</figure>\n";
}

void warpFigure(llvm::raw_ostream &OS, const Finding &F) {
  audit::drawWarp(
      F,
      [&](const std::string &Why) {
        OS << "<p class=\"nopicture\">No picture of a warp: " << esc(Why)
           << ".</p>\n";
      },
      [&](const model::WarpSnapshot &W) { sectorFigure(OS, W); },
      [&](const model::WarpSnapshot &W) { bankFigure(OS, W); });
}

/// The costliest sites, ranked as "Fix these first" ranks their causes,
/// get a picture of a warp each; the others a line. A picture is 6 to 14
/// KB: a page drawing every site of a backend grows by megabytes.
constexpr size_t DrawnSites = 20;

/// What the page's sections share: where each access's details are and
/// which of them are drawn.
struct Page {
  bool ShowAll = false;
  std::map<const Finding *, size_t> SerialOf;
  /// A flagged access reached by several kernel instances or launches has
  /// its details once, under the worst; the others link there.
  std::map<const Finding *, const Finding *> ShownAs;
  std::set<const Finding *> Drawn;

  const Finding &shown(const Finding &F) const {
    auto Worst = ShownAs.find(&F);
    return Worst == ShownAs.end() ? F : *Worst->second;
  }
  std::string link(const Finding &F) const {
    const Finding &Shown = shown(F);
    return anchor(Shown, SerialOf.at(&Shown));
  }
  bool detailedElsewhere(const Finding &F) const {
    return F.isFlagged() && ShownAs.count(&F);
  }
};

Page planPage(const std::vector<Finding> &Findings,
              const std::vector<audit::RootCause> &Causes,
              const audit::Audit &A, bool ShowAll) {
  Page P;
  P.ShowAll = ShowAll;
  size_t Serial = 0;
  for (const audit::FileGroup &File : A.Files)
    for (const audit::KernelGroup &K : File.Kernels)
      for (const Finding *F : K.Accesses)
        P.SerialOf[F] = Serial++;
  std::vector<const Finding *> Flagged;
  for (const Finding &F : Findings)
    if (F.isFlagged())
      Flagged.push_back(&F);
  for (const FindingGroup &G : groupBySourceAccess(Flagged))
    for (const Finding *Other : G.Others)
      P.ShownAs[Other] = G.Worst;
  for (const audit::RootCause &C : Causes)
    for (const Finding *F : C.Accesses) {
      const Finding &Shown = P.shown(*F);
      if (P.Drawn.size() < DrawnSites &&
          audit::pictureUnavailableReason(Shown).empty())
        P.Drawn.insert(&Shown);
    }
  return P;
}

void accessDetails(llvm::raw_ostream &OS, const Finding &F, const Page &P) {
  OS << "<section class=\"access\" id=\"" << P.link(F) << "\">\n<h4>"
     << F.Where.Line << ":" << F.Where.Column << " <code>" << esc(F.Expression)
     << "</code></h4>\n<p>" << esc(findingMessage(F)) << ".";
  if (F.Function != F.Kernel)
    OS << " Written in <code>" << esc(F.Function) << "</code>.";
  OS << "</p>\n";
  if (!F.Fixes.empty()) {
    OS << "<ul class=\"fixes\">\n";
    for (const fixes::Fix &X : F.Fixes)
      OS << "<li>fix (" << fixes::fixKindName(X.Kind) << "): " << esc(X.Message)
         << (X.Replacements.empty()
                 ? ""
                 : " (mechanical: <code>--fix</code> applies it)")
         << "</li>\n";
    OS << "</ul>\n";
  }
  if (P.Drawn.count(&F) || !audit::pictureUnavailableReason(F).empty())
    warpFigure(OS, F);
  else
    OS << "<p class=\"nopicture\">No picture of a warp: the page draws the "
       << DrawnSites << " costliest sites only.</p>\n";
  OS << "</section>\n";
}

/// A kernel launch with an access of its own to list: its table and the
/// details of each flagged access that is not another instance's.
void kernelSection(llvm::raw_ostream &OS, const audit::KernelGroup &K,
                   const Page &P) {
  OS << "<section class=\"kernel\">\n<h3>kernel <code>" << esc(K.Kernel)
     << "</code>: " << esc(K.Launch) << "</h3>\n<p>"
     << esc(audit::totalsText(K.Sum)) << ".</p>\n";
  accessTable(OS, K, P.ShowAll, [&](const Finding &F) { return P.link(F); });
  for (const Finding *F : K.Accesses)
    if (F->isFlagged() && !P.ShownAs.count(F))
      accessDetails(OS, *F, P);
  OS << "</section>\n";
}

/// "rope_neox" for "rope_neox<true, float>": a template's instances are
/// named together.
llvm::StringRef templateName(llvm::StringRef Kernel) {
  return Kernel.substr(0, Kernel.find('<'));
}

/// One line for kernel launches that list nothing of their own, by
/// template: those whose flagged accesses are instances detailed above
/// (linked once a site), and those with nothing flagged. A project's page
/// grows with its sites, not with its instances.
void foldedKernels(llvm::raw_ostream &OS,
                   const std::vector<const audit::KernelGroup *> &Kernels,
                   const Page &P, bool Elsewhere) {
  if (Kernels.empty())
    return;
  std::vector<std::string> Order;
  std::map<std::string, size_t> Launches;
  std::map<std::string, std::vector<const Finding *>> Sites;
  for (const audit::KernelGroup *K : Kernels) {
    std::string Name = templateName(K->Kernel).str();
    if (!Launches[Name]++)
      Order.push_back(Name);
    for (const Finding *F : K->Accesses)
      if (audit::listed(*F, P.ShowAll) &&
          !llvm::is_contained(Sites[Name], &P.shown(*F)))
        Sites[Name].push_back(&P.shown(*F));
  }
  OS << "<p class=\"" << (Elsewhere ? "instances" : "quiet") << "\">"
     << (Elsewhere   ? "Other kernel launches, whose findings are instances of "
                       "those detailed above:"
         : P.ShowAll ? "Kernel launches with no access:"
                     : "Kernel launches with no finding:");
  const char *Separator = " ";
  for (const std::string &Name : Order) {
    OS << Separator << "<code>" << esc(Name) << "</code> (" << Launches[Name]
       << (Launches[Name] == 1 ? " launch" : " launches");
    const char *Between = ": ";
    for (const Finding *F : Sites[Name]) {
      OS << Between << "<a href=\"#" << P.link(*F) << "\">" << F->Where.Line
         << ":" << F->Where.Column << "</a>";
      Between = ", ";
    }
    OS << ")";
    Separator = "; ";
  }
  OS << ".</p>\n";
}

/// A file's kernel launches: those with something of their own to list,
/// worst first, then the others folded.
void fileSection(llvm::raw_ostream &OS, const audit::FileGroup &File,
                 size_t Index, const Page &P) {
  OS << "<section class=\"file\" id=\"file-" << Index << "\">\n<h2><code>"
     << esc(File.File) << "</code></h2>\n";
  std::vector<const audit::KernelGroup *> Elsewhere, Quiet;
  for (const audit::KernelGroup &K : File.Kernels) {
    bool Listed = false, AllElsewhere = true;
    for (const Finding *F : K.Accesses)
      if (audit::listed(*F, P.ShowAll)) {
        Listed = true;
        AllElsewhere &= P.detailedElsewhere(*F);
      }
    if (!Listed)
      Quiet.push_back(&K);
    else if (AllElsewhere)
      Elsewhere.push_back(&K);
    else
      kernelSection(OS, K, P);
  }
  foldedKernels(OS, Elsewhere, P, true);
  foldedKernels(OS, Quiet, P, false);
  OS << "</section>\n";
}

/// The root causes worth fixing first, each linked to its first access.
void fixFirstList(llvm::raw_ostream &OS,
                  const std::vector<audit::RootCause> &Causes, const Page &P,
                  const RunInfo &Info) {
  if (Causes.empty())
    return;
  OS << "<h2>Fix these first</h2>\n<ol class=\"first\">\n";
  size_t More = audit::forEachRankedCause(
      Causes, Info.Arch,
      [&](size_t, const Finding &F, const std::string &Text) {
        OS << "<li><a href=\"#" << P.link(F) << "\"><code>" << esc(F.Where.File)
           << ":" << F.Where.Line << "</code></a>: " << esc(Text) << "</li>\n";
      });
  OS << "</ol>\n";
  if (More)
    OS << "<p>" << More << " more below.</p>\n";
}

} // namespace

void writeHtml(llvm::raw_ostream &OS, const std::vector<Finding> &Given,
               bool ShowAll, const RunInfo &Info) {
  std::vector<Finding> Findings = audit::relativeTo(Given, Info.SourceRoot);
  audit::Audit A = audit::buildAudit(Findings);
  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
        "charset=\"utf-8\">\n"
     << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
        "'none'; style-src 'unsafe-inline'\">\n"
     << "<title>cuda-coalesce audit report</title>\n<style>" << Style
     << "</style>\n</head>\n<body>\n<h1>cuda-coalesce audit report</h1>\n";
  if (!Info.Errors.empty()) {
    size_t N = Info.Errors.size();
    OS << "<section class=\"errors\" id=\"errors\">\n<p><strong>" << N
       << (N == 1 ? " file" : " files")
       << " could not be analysed</strong>; the totals below leave out what "
          "they hold:</p>\n<ul>\n";
    for (const FileError &E : Info.Errors)
      OS << "<li><code>" << esc(Info.relative(E.File))
         << "</code>: " << esc(Info.relativeText(E.Message)) << "</li>\n";
    OS << "</ul>\n</section>\n";
  }
  if (A.Files.empty()) {
    OS << "<p>No global-memory access was found.</p>\n</body>\n</html>\n";
    return;
  }
  OS << "<p class=\"totals\">" << esc(audit::totalsText(A.Sum)) << ", in "
     << A.kernels()
     << (A.kernels() == 1 ? " kernel launch" : " kernel launches") << " and "
     << A.Files.size() << (A.Files.size() == 1 ? " file" : " files")
     << ".</p>\n<p>" << esc(audit::listingText(ShowAll)) << "</p>\n";
  std::vector<audit::RootCause> Causes = audit::rootCauses(Findings);
  Page P = planPage(Findings, Causes, A, ShowAll);
  fixFirstList(OS, Causes, P, Info);
  OS << "<h2>Files, worst first</h2>\n";
  filesTable(OS, A);
  for (size_t I = 0; I < A.Files.size(); ++I)
    fileSection(OS, A.Files[I], I, P);
  OS << "</body>\n</html>\n";
}

} // namespace cudacoalesce
