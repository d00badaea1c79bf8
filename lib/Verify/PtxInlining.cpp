//===- Verify/PtxInlining.cpp - Where the PTX says headers were inlined ---===//
#include "cuda-coalesce/Verify/LineTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace cudacoalesce::verify {

namespace {

bool isIdentifierChar(char C) {
  return llvm::isAlnum(C) || C == '_' || C == '$';
}

/// `.visible .entry _Z1kPf(` or `.func (.param .b32 r) _Z3fooi(`: the name.
std::optional<std::string> functionName(llvm::StringRef Line) {
  Line = Line.trim();
  Line.consume_front(".visible");
  Line = Line.ltrim();
  Line.consume_front(".weak");
  Line = Line.ltrim();
  if (!Line.consume_front(".entry") && !Line.consume_front(".func"))
    return std::nullopt;
  Line = Line.ltrim();
  if (Line.starts_with("(")) // a return parameter
    Line = Line.split(')').second.ltrim();
  llvm::StringRef Name = Line.take_while(isIdentifierChar);
  if (Name.empty())
    return std::nullopt;
  return Name.str();
}

/// `.file 1 "/src/k.cu"[, timestamp, size]`.
bool fileEntry(llvm::StringRef Line, unsigned &Number, std::string &Path) {
  Line = Line.trim();
  if (!Line.consume_front(".file"))
    return false;
  Line = Line.ltrim();
  if (Line.consumeInteger(10, Number))
    return false;
  Line = Line.ltrim();
  if (!Line.consume_front("\""))
    return false;
  Path = Line.split('"').first.str();
  return true;
}

struct Loc {
  unsigned File = 0, Line = 0;
  std::optional<std::pair<unsigned, unsigned>> InlinedAt;
};

/// `.loc 1 23 5[, function_name $L__info, inlined_at 1 40 3]`.
std::optional<Loc> locDirective(llvm::StringRef Line) {
  Line = Line.trim();
  if (!Line.consume_front(".loc"))
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 12> Words;
  Line.split(Words, ' ', -1, false);
  llvm::SmallVector<llvm::StringRef, 12> Tokens;
  for (llvm::StringRef W : Words)
    for (llvm::StringRef T : llvm::split(W, ','))
      if (!T.trim().empty())
        Tokens.push_back(T.trim());
  Loc L;
  if (Tokens.size() < 3 || Tokens[0].getAsInteger(10, L.File) ||
      Tokens[1].getAsInteger(10, L.Line))
    return std::nullopt;
  auto At = llvm::find(Tokens, "inlined_at");
  unsigned File, CallLine;
  if (At != Tokens.end() && std::distance(At, Tokens.end()) >= 3 &&
      !At[1].getAsInteger(10, File) && !At[2].getAsInteger(10, CallLine))
    L.InlinedAt = {File, CallLine};
  return L;
}

/// The memory instruction a PTX line is (`@%p1 ld.global.nc.f32 ...`).
std::optional<std::pair<Operation, Memory>> memoryOf(llvm::StringRef Line) {
  Line = Line.trim();
  if (Line.starts_with("@"))
    Line = Line.split(' ').second.ltrim();
  llvm::StringRef Opcode = Line.take_until(llvm::isSpace);
  llvm::SmallVector<llvm::StringRef, 6> Parts;
  Opcode.split(Parts, '.');
  std::optional<Operation> Op =
      llvm::StringSwitch<std::optional<Operation>>(Parts.front())
          .Cases({"ld", "ldmatrix"}, Operation::Load)
          .Cases({"st", "stmatrix"}, Operation::Store)
          .Cases({"atom", "red"}, Operation::Atomic)
          .Default(std::nullopt);
  if (!Op)
    return std::nullopt;
  bool Matrix = Parts.front().ends_with("matrix");
  for (llvm::StringRef Part : llvm::drop_begin(Parts)) {
    if (Part == "global" && !Matrix)
      return std::pair{*Op, Memory::Global};
    if (Part == "shared" || Part.starts_with("shared::"))
      return std::pair{*Op, Memory::Shared};
  }
  return std::nullopt;
}

/// The Itanium mangling of a kernel's unqualified name: "<length><name>".
std::string mangledTag(llvm::StringRef Kernel) {
  llvm::StringRef Base = Kernel.split('<').first;
  size_t Colons = Base.rfind("::");
  if (Colons != llvm::StringRef::npos)
    Base = Base.drop_front(Colons + 2);
  return std::to_string(Base.size()) + Base.str();
}

} // namespace

void PtxInlining::read(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n');
  // The .file table comes at the end of the PTX.
  std::map<unsigned, std::string> Files;
  for (llvm::StringRef Line : Lines) {
    unsigned Number;
    std::string Path;
    if (fileEntry(Line, Number, Path))
      Files[Number] = fileNameOf(Path).str();
  }
  auto FileName = [&](unsigned N) {
    auto It = Files.find(N);
    return It == Files.end() ? std::string("?") : It->second;
  };
  std::string Function = "?";
  std::optional<Loc> Last;
  for (llvm::StringRef Line : Lines) {
    if (std::optional<std::string> Name = functionName(Line)) {
      Function = *Name;
      Last.reset();
      continue;
    }
    if (std::optional<Loc> L = locDirective(Line)) {
      Last = L;
      continue;
    }
    std::optional<std::pair<Operation, Memory>> M = memoryOf(Line);
    if (!M || !Last || !Last->InlinedAt)
      continue;
    Functions[Function][M->second][{FileName(Last->File), Last->Line, M->first}]
        .insert({FileName(Last->InlinedAt->first), Last->InlinedAt->second});
  }
}

PtxInlining::Sites PtxInlining::sitesFor(llvm::StringRef Kernel,
                                         Memory Space) const {
  std::string Tag = mangledTag(Kernel);
  // Among the functions with such instructions in this memory only.
  bool AnyNamed = llvm::any_of(Functions, [&](const auto &F) {
    return F.second.count(Space) && llvm::StringRef(F.first).contains(Tag);
  });
  Sites Merged;
  for (const auto &[Name, BySpace] : Functions) {
    if (AnyNamed && !llvm::StringRef(Name).contains(Tag))
      continue;
    auto It = BySpace.find(Space);
    if (It == BySpace.end())
      continue;
    for (const auto &[Key, Calls] : It->second)
      Merged[Key].insert(Calls.begin(), Calls.end());
  }
  return Merged;
}

} // namespace cudacoalesce::verify
