//===- Policy/Baseline.cpp - Findings already known -----------------------===//
#include "cuda-coalesce/Policy/Baseline.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <numeric>

namespace cudacoalesce {

namespace {

bool isWordChar(char C) { return llvm::isAlnum(C) || C == '_'; }

constexpr llvm::StringLiteral FormatKey = "cuda-coalesce-baseline";
constexpr int64_t FormatVersion = 1;

} // namespace

std::string normalizeExpression(llvm::StringRef Text) {
  std::string Out;
  bool PendingSpace = false;
  for (char C : Text) {
    if (llvm::isSpace(C)) {
      PendingSpace = !Out.empty();
      continue;
    }
    if (PendingSpace && isWordChar(Out.back()) && isWordChar(C))
      Out += ' ';
    PendingSpace = false;
    Out += C;
  }
  return Out;
}

std::string baselinePath(llvm::StringRef File, llvm::StringRef BaselineDir) {
  llvm::SmallString<256> Path(File), Dir(BaselineDir);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  llvm::StringRef Rel = Path;
  if (!Dir.empty() && Rel.consume_front(Dir) &&
      (Dir.ends_with("/") || Rel.consume_front("/")))
    return llvm::sys::path::convert_to_slash(Rel);
  return llvm::sys::path::convert_to_slash(Path);
}

std::vector<BaselineEntry>
baselineEntries(const std::vector<BaselineItem> &Items,
                llvm::StringRef BaselineDir) {
  std::vector<BaselineEntry> Entries;
  for (const BaselineItem &I : Items) {
    BaselineEntry E;
    E.File = baselinePath(I.File, BaselineDir);
    E.Kernel = I.Data->Kernel;
    E.Function = I.Data->Function;
    E.Kind = accessKindName(I.Data->Kind);
    E.Expression = normalizeExpression(I.Data->Expression);
    E.Pattern = model::patternName(I.Data->Prediction.Kind);
    Entries.push_back(std::move(E));
  }
  // Number the entries that agree on everything else in source order.
  std::vector<size_t> Order(Items.size());
  std::iota(Order.begin(), Order.end(), 0);
  llvm::stable_sort(Order, [&](size_t A, size_t B) {
    const SourcePoint &PA = Items[A].Data->Where, &PB = Items[B].Data->Where;
    return std::tie(PA.Line, PA.Column) < std::tie(PB.Line, PB.Column);
  });
  std::map<BaselineEntry, unsigned> Seen;
  for (size_t I : Order) {
    unsigned &Count = Seen[Entries[I]]; // the key has occurrence 0
    Entries[I].Occurrence = Count++;
  }
  return Entries;
}

bool readBaseline(llvm::StringRef Path, std::vector<BaselineEntry> &Entries,
                  std::string &Error) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer) {
    Error =
        (Path + ": cannot read the baseline: " + Buffer.getError().message())
            .str();
    return false;
  }
  llvm::Expected<llvm::json::Value> Doc =
      llvm::json::parse((*Buffer)->getBuffer());
  if (!Doc) {
    Error = (Path + ": not a cuda-coalesce baseline: " +
             llvm::toString(Doc.takeError()))
                .str();
    return false;
  }
  const llvm::json::Object *Root = Doc->getAsObject();
  const llvm::json::Array *Findings =
      Root ? Root->getArray("findings") : nullptr;
  if (!Root || Root->getInteger(FormatKey) != FormatVersion || !Findings) {
    Error = (Path + ": not a cuda-coalesce baseline (expected an object with "
                    "\"cuda-coalesce-baseline\": 1 and \"findings\")")
                .str();
    return false;
  }
  for (size_t I = 0; I < Findings->size(); ++I) {
    const llvm::json::Object *F = (*Findings)[I].getAsObject();
    BaselineEntry E;
    bool OK = F != nullptr;
    auto Field = [&](llvm::StringRef Key, std::string &Out) {
      std::optional<llvm::StringRef> V = F ? F->getString(Key) : std::nullopt;
      OK &= V.has_value();
      if (V)
        Out = V->str();
    };
    Field("file", E.File);
    Field("kernel", E.Kernel);
    Field("function", E.Function);
    Field("kind", E.Kind);
    Field("expression", E.Expression);
    Field("pattern", E.Pattern);
    std::optional<int64_t> Occurrence =
        F ? F->getInteger("occurrence") : std::nullopt;
    OK &= Occurrence && *Occurrence >= 0;
    if (!OK) {
      Error = (Path + ": finding " + llvm::Twine(I + 1) +
               " lacks one of file, kernel, function, kind, expression, "
               "pattern, occurrence")
                  .str();
      return false;
    }
    E.Occurrence = unsigned(*Occurrence);
    Entries.push_back(std::move(E));
  }
  return true;
}

bool writeBaseline(llvm::StringRef Path, std::vector<BaselineEntry> Entries,
                   std::string &Error) {
  llvm::sort(Entries);
  llvm::SmallString<256> Model(Path), Temp;
  Model += ".tmp-%%%%%%";
  int FD;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temp)) {
    Error = (Path + ": cannot write the baseline: " + EC.message()).str();
    return false;
  }
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    llvm::json::OStream J(OS, 2);
    J.object([&] {
      J.attribute(FormatKey, FormatVersion);
      J.attributeArray("findings", [&] {
        for (const BaselineEntry &E : Entries)
          J.object([&] {
            J.attribute("file", E.File);
            J.attribute("kernel", E.Kernel);
            J.attribute("function", E.Function);
            J.attribute("kind", E.Kind);
            J.attribute("expression", E.Expression);
            J.attribute("pattern", E.Pattern);
            J.attribute("occurrence", int64_t(E.Occurrence));
          });
      });
    });
    OS << "\n";
    OS.close();
    if (OS.has_error()) {
      Error =
          (Path + ": cannot write the baseline: " + OS.error().message()).str();
      OS.clear_error();
      llvm::sys::fs::remove(Temp);
      return false;
    }
  }
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Path)) {
    llvm::sys::fs::remove(Temp);
    Error = (Path + ": cannot write the baseline: " + EC.message()).str();
    return false;
  }
  return true;
}

} // namespace cudacoalesce
