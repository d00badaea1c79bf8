//===- Verify/SourcePage.cpp - Nsight Compute's source page, read ---------===//
#include "cuda-coalesce/Verify/SourcePage.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cstdlib>
#include <map>

namespace cudacoalesce::verify {

namespace {

/// Reads one record from \p Text at \p Pos (after it on return).
std::vector<std::string> nextRecord(llvm::StringRef Text, size_t &Pos) {
  std::vector<std::string> Fields(1);
  bool Quoted = false;
  while (Pos < Text.size()) {
    char C = Text[Pos++];
    if (Quoted) {
      if (C != '"')
        Fields.back() += C;
      else if (Pos < Text.size() && Text[Pos] == '"')
        Fields.back() += Text[Pos++];
      else
        Quoted = false;
    } else if (C == '"') {
      Quoted = true;
    } else if (C == ',') {
      Fields.emplace_back();
    } else if (C == '\n') {
      break;
    } else if (C != '\r') {
      Fields.back() += C;
    }
  }
  return Fields;
}

bool sameInstruction(const PageInstruction &A, const PageInstruction &B) {
  return A.Sass == B.Sass && A.Executed == B.Executed &&
         A.ThreadExecuted == B.ThreadExecuted &&
         A.PredicatedOnThreadExecuted == B.PredicatedOnThreadExecuted &&
         A.Sectors == B.Sectors && A.IdealSectors == B.IdealSectors &&
         A.Wavefronts == B.Wavefronts &&
         A.IdealWavefronts == B.IdealWavefronts &&
         A.AddressSpace == B.AddressSpace;
}

/// The columns of one block, by the names of its header.
class BlockColumns {
public:
  void read(const std::vector<std::string> &Header) {
    Index.clear();
    CudaText = SassText = -1;
    for (size_t I = 0; I < Header.size(); ++I) {
      // Two columns are called "Source": the CUDA text, then the SASS text.
      if (Header[I] == "Source") {
        (CudaText < 0 ? CudaText : SassText) = int(I);
        continue;
      }
      Index.try_emplace(Header[I], I);
    }
  }
  std::string text(const std::vector<std::string> &Row,
                   llvm::StringRef Name) const {
    auto It = Index.find(Name.str());
    return It != Index.end() && It->second < Row.size() ? Row[It->second]
                                                        : std::string();
  }
  double number(const std::vector<std::string> &Row,
                llvm::StringRef Name) const {
    return cellNumber(text(Row, Name));
  }
  std::string cudaText(const std::vector<std::string> &Row) const {
    return at(Row, CudaText);
  }
  std::string sassText(const std::vector<std::string> &Row) const {
    return llvm::StringRef(at(Row, SassText)).trim().str();
  }

private:
  static std::string at(const std::vector<std::string> &Row, int I) {
    return I >= 0 && size_t(I) < Row.size() ? Row[I] : std::string();
  }
  std::map<std::string, size_t> Index;
  int CudaText = -1, SassText = -1;
};

PageInstruction instructionOf(const std::vector<std::string> &Row,
                              const BlockColumns &Columns) {
  PageInstruction I;
  I.Address = Columns.text(Row, "Address");
  I.Sass = Columns.sassText(Row);
  I.Executed = Columns.number(Row, "Instructions Executed");
  I.ThreadExecuted = Columns.number(Row, "Thread Instructions Executed");
  I.PredicatedOnThreadExecuted =
      Columns.number(Row, "Predicated-On Thread Instructions Executed");
  I.Sectors = Columns.number(Row, "L2 Theoretical Sectors Global");
  I.IdealSectors = Columns.number(Row, "L2 Theoretical Sectors Global Ideal");
  I.Wavefronts = Columns.number(Row, "L1 Wavefronts Shared");
  I.IdealWavefronts = Columns.number(Row, "L1 Wavefronts Shared Ideal");
  I.AddressSpace = Columns.text(Row, "Address Space");
  if (I.AddressSpace.empty())
    I.AddressSpace = "-";
  return I;
}

/// Builds the page record by record.
class PageReader {
public:
  explicit PageReader(SourcePage &Page) : Page(Page) {}

  void record(const std::vector<std::string> &R) {
    // Blank records, and ncu's own messages ("==WARNING== No lineinfo
    // available ..." for a library's kernel) between the blocks.
    if ((R.size() == 1 && R[0].empty()) ||
        llvm::StringRef(R[0]).starts_with("=="))
      return;
    if (R.size() == 2 && R[0] == "File Path") {
      PendingFile = R[1];
      return;
    }
    if (R.size() == 2 && R[0] == "Function Name") {
      startBlock(R[1]);
      return;
    }
    if (R[0] == "Line No") {
      Columns.read(R);
      HaveHeader = true;
      return;
    }
    if (!HaveHeader || !Block)
      return;
    if (!llvm::StringRef(R[0]).trim().empty()) {
      startLine(R);
      return;
    }
    PageInstruction I = instructionOf(R, Columns);
    if (!llvm::StringRef(I.Address).starts_with("0x") || !Line)
      return; // the "..." rows between runs of addresses
    auto [It, New] =
        Addresses.try_emplace(I.Address, Line->Instructions.size());
    if (New) {
      Line->Instructions.push_back(std::move(I));
      return;
    }
    ++Page.RepeatedRows;
    if (!sameInstruction(Line->Instructions[It->second], I))
      ++Page.DifferingRows;
  }

private:
  void startBlock(const std::string &Function) {
    // A new launch where the function changes, or where a (function,
    // file) block repeats: the same kernel profiled again.
    PageLaunch *Launch =
        Page.Launches.empty() ? nullptr : &Page.Launches.back();
    if (!Launch || Launch->Signature != Function ||
        llvm::any_of(Launch->Blocks,
                     [&](const PageBlock &B) { return B.File == PendingFile; }))
      Launch = &Page.Launches.emplace_back(PageLaunch{Function, {}});
    Block = &Launch->Blocks.emplace_back(PageBlock{PendingFile, {}});
    LineIndex.clear();
    Line = nullptr;
    HaveHeader = false;
  }

  void startLine(const std::vector<std::string> &R) {
    unsigned Number = 0;
    if (llvm::StringRef(R[0]).trim().getAsInteger(10, Number)) {
      Line = nullptr;
      return;
    }
    PageLine L{Number,
               Columns.cudaText(R),
               Columns.number(R, "Instructions Executed"),
               {}};
    // A line listed again in one block starts afresh.
    auto [It, New] = LineIndex.try_emplace(Number, Block->Lines.size());
    if (New)
      Block->Lines.push_back(std::move(L));
    else
      Block->Lines[It->second] = std::move(L);
    Line = &Block->Lines[It->second];
    Addresses.clear();
  }

  SourcePage &Page;
  std::string PendingFile;
  BlockColumns Columns;
  bool HaveHeader = false;
  PageBlock *Block = nullptr;
  PageLine *Line = nullptr;
  std::map<unsigned, size_t> LineIndex;
  std::map<std::string, size_t> Addresses; // of the current line
};

} // namespace

std::vector<std::string> splitCsvRecord(llvm::StringRef Record) {
  size_t Pos = 0;
  return nextRecord(Record, Pos);
}

std::vector<std::vector<std::string>> readCsv(llvm::StringRef Text) {
  Text.consume_front("\xEF\xBB\xBF"); // a byte-order mark
  std::vector<std::vector<std::string>> Records;
  size_t Pos = 0;
  while (Pos < Text.size())
    Records.push_back(nextRecord(Text, Pos));
  return Records;
}

double cellNumber(llvm::StringRef Cell) {
  std::string S = Cell.trim().str();
  llvm::erase(S, ',');
  if (S.empty() || S == "-" || S == "n/a")
    return 0;
  const char *Begin = S.c_str();
  char *End = nullptr;
  double V = std::strtod(Begin, &End);
  return End == Begin ? 0 : V;
}

bool parseSourcePage(llvm::StringRef Text, SourcePage &Page,
                     std::string &Error) {
  if (pageKindOf(Text) != PageKind::Source) {
    Error = "not a source page of Nsight Compute (no \"File Path\" record; "
            "export it with `ncu -i REPORT --page source --csv "
            "--print-source cuda,sass`)";
    return false;
  }
  PageReader Reader(Page);
  Text.consume_front("\xEF\xBB\xBF"); // a byte-order mark
  size_t Pos = 0;
  while (Pos < Text.size())
    Reader.record(nextRecord(Text, Pos));
  return true;
}

std::optional<std::array<unsigned, 3>> parseDim3(llvm::StringRef Text) {
  // "(256, 1, 1)": the parts apart by ", "; a part may have thousands
  // separators ("4,096").
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  Text.trim().trim("()").split(Parts, ", ");
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  std::array<unsigned, 3> D = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I) {
    std::string Digits = Parts[I].trim().str();
    llvm::erase(Digits, ',');
    if (llvm::StringRef(Digits).getAsInteger(10, D[I]) || D[I] == 0)
      return std::nullopt;
  }
  return D;
}

bool parseRawPage(llvm::StringRef Text, std::vector<RawLaunch> &Launches,
                  std::string &Error) {
  std::vector<std::vector<std::string>> Rows = readCsv(Text);
  auto Header = llvm::find_if(Rows, [](const std::vector<std::string> &R) {
    return !R.empty() && R[0] == "ID";
  });
  if (Header == Rows.end()) {
    Error = "not a raw page of Nsight Compute (no \"ID\" header; export it "
            "with `ncu -i REPORT --page raw --csv`)";
    return false;
  }
  std::map<std::string, size_t> Column;
  for (size_t I = 0; I < Header->size(); ++I)
    Column.try_emplace((*Header)[I], I);
  auto Cell = [&](const std::vector<std::string> &R, const char *Name) {
    auto It = Column.find(Name);
    return It != Column.end() && It->second < R.size() ? R[It->second]
                                                       : std::string();
  };
  for (auto R = std::next(Header); R != Rows.end(); ++R) {
    unsigned Id;
    if (R->empty() || llvm::StringRef((*R)[0]).trim().getAsInteger(10, Id))
      continue; // the units row, blank lines
    Launches.push_back({Cell(*R, "Kernel Name"),
                        parseDim3(Cell(*R, "Block Size")),
                        parseDim3(Cell(*R, "Grid Size"))});
  }
  return true;
}

PageKind pageKindOf(llvm::StringRef Text) {
  Text.consume_front("\xEF\xBB\xBF"); // a byte-order mark
  // Nsight Compute may print a warning or two before the CSV.
  size_t Pos = 0;
  for (int Seen = 0; Seen < 8 && Pos < Text.size(); ++Seen) {
    std::vector<std::string> R = nextRecord(Text, Pos);
    if (R.size() == 2 && R[0] == "File Path")
      return PageKind::Source;
    if (R.size() > 2 && R[0] == "ID" && llvm::is_contained(R, "Kernel Name"))
      return PageKind::Raw;
  }
  return PageKind::Other;
}

} // namespace cudacoalesce::verify
