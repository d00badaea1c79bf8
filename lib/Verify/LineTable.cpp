//===- Verify/LineTable.cpp - nvcc's line table of the SASS ---------------===//
#include "cuda-coalesce/Verify/LineTable.h"

#include "cuda-coalesce/Verify/Names.h"
#include "cuda-coalesce/Verify/SassOpcodes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/Path.h"

namespace cudacoalesce::verify {

namespace {

/// `//## File "F", line N[ inlined at "G", line M]`: (F, N) and (G, M).
bool parseFileComment(llvm::StringRef Line, Frame &Here,
                      std::optional<Frame> &InlinedAt) {
  Line = Line.trim();
  if (!Line.consume_front("//## File \""))
    return false;
  auto [File, Rest] = Line.split('"');
  unsigned Number;
  if (!Rest.consume_front(", line ") || Rest.consumeInteger(10, Number))
    return false;
  Here = {File.str(), Number};
  InlinedAt.reset();
  if (Rest.consume_front(" inlined at \"")) {
    auto [Caller, Tail] = Rest.split('"');
    unsigned CallerLine;
    if (Tail.consume_front(", line ") && !Tail.consumeInteger(10, CallerLine))
      InlinedAt = Frame{Caller.str(), CallerLine};
  }
  return true;
}

/// `/*0a30*/  LDG.E R2, [R4.64] ;`: the offset and the text before ';'.
bool parseInstruction(llvm::StringRef Line, uint64_t &Offset,
                      std::string &Text) {
  Line = Line.trim();
  if (!Line.consume_front("/*"))
    return false;
  auto [Hex, Rest] = Line.split("*/");
  if (Hex.size() < 4 || Hex.getAsInteger(16, Offset))
    return false;
  Text = Rest.split(';').first.trim().str();
  return !Text.empty() && Rest.contains(';');
}

std::string demangledKernel(const std::string &Mangled) {
  return normalizeKernel(kernelOfSignature(llvm::demangle(Mangled)));
}

} // namespace

void LineTable::read(llvm::StringRef Text) {
  std::vector<TableInstruction> *Current = nullptr;
  std::vector<Frame> Chain;
  std::optional<Frame> Pending; // the last comment's "inlined at" frame
  bool AfterInstruction = true;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    llvm::StringRef T = Line.trim();
    if (T.consume_front(".section") && T.trim().starts_with(".text.")) {
      llvm::StringRef Name = T.trim().drop_front(6).take_until(
          [](char C) { return C == ',' || llvm::isSpace(C); });
      Current = &Functions[Name.str()];
      Chain.clear();
      Pending.reset();
      AfterInstruction = true;
      continue;
    }
    Frame Here;
    std::optional<Frame> InlinedAt;
    if (parseFileComment(Line, Here, InlinedAt)) {
      // A run of comments after an instruction starts a new chain.
      if (AfterInstruction) {
        Chain.clear();
        AfterInstruction = false;
      }
      if (Chain.empty() || Chain.back() != Here)
        Chain.push_back(Here);
      Pending = InlinedAt;
      continue;
    }
    uint64_t Offset;
    std::string Instruction;
    if (!Current || !parseInstruction(Line, Offset, Instruction))
      continue;
    if (Pending && (Chain.empty() || Chain.back() != *Pending))
      Chain.push_back(*Pending);
    Pending.reset();
    AfterInstruction = true;
    Current->push_back({Offset, std::move(Instruction), Chain});
  }
}

std::optional<std::pair<std::string, uint64_t>>
LineTable::matchFunction(const std::map<uint64_t, std::string> &Measured,
                         llvm::StringRef Kernel) const {
  if (Measured.empty())
    return std::nullopt;
  std::vector<std::pair<uint64_t, std::string>> Want;
  for (const auto &[Address, Sass] : Measured)
    Want.emplace_back(Address, opcodeOf(Sass).str());
  std::string Normal = normalizeKernel(Kernel);
  std::vector<const std::string *> Preferred, Others;
  for (const auto &Entry : Functions)
    (demangledKernel(Entry.first) == Normal ? Preferred : Others)
        .push_back(&Entry.first);
  std::vector<std::pair<std::string, uint64_t>> Found;
  auto Fits = [&](const std::string &Name) {
    const std::vector<TableInstruction> &Code = Functions.at(Name);
    std::map<uint64_t, llvm::StringRef> At;
    for (const TableInstruction &I : Code)
      At.emplace(I.Offset, opcodeOf(I.Text));
    for (const TableInstruction &I : Code) {
      if (opcodeOf(I.Text) != Want.front().second ||
          I.Offset > Want.front().first)
        continue;
      uint64_t Load = Want.front().first - I.Offset;
      if (llvm::all_of(Want, [&](const auto &W) {
            auto It = At.find(W.first - Load);
            return W.first >= Load && It != At.end() && It->second == W.second;
          })) {
        Found.emplace_back(Name, Load);
        return true;
      }
    }
    return false;
  };
  for (const std::string *Name : Preferred)
    if (Fits(*Name))
      return Found.back();
  for (const std::string *Name : Others)
    Fits(*Name);
  if (Found.size() == 1)
    return Found.front();
  return std::nullopt;
}

const std::vector<Frame> *LineTable::chainAt(const std::string &Function,
                                             uint64_t Offset) const {
  auto F = Functions.find(Function);
  if (F == Functions.end())
    return nullptr;
  for (const TableInstruction &I : F->second)
    if (I.Offset == Offset)
      return &I.Chain;
  return nullptr;
}

llvm::StringRef fileNameOf(llvm::StringRef Path) {
  return llvm::sys::path::filename(Path);
}

} // namespace cudacoalesce::verify
