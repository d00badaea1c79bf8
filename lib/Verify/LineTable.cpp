//===- Verify/LineTable.cpp - nvcc's line table of the SASS ---------------===//
#include "cuda-coalesce/Verify/LineTable.h"

#include "cuda-coalesce/Verify/Names.h"
#include "cuda-coalesce/Verify/SassOpcodes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/Path.h"

#include <set>

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
  Function *Current = nullptr;
  std::vector<Frame> Chain;
  std::optional<Frame> Pending; // the last comment's "inlined at" frame
  bool AfterInstruction = true;
  auto Finish = [&] {
    if (Current)
      for (size_t I = 0; I < Current->Code.size(); ++I)
        Current->AtOffset.emplace(Current->Code[I].Offset, I);
  };
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    llvm::StringRef T = Line.trim();
    if (T.consume_front(".section") && T.trim().starts_with(".text.")) {
      std::string Name =
          T.trim()
              .drop_front(6)
              .take_until([](char C) { return C == ',' || llvm::isSpace(C); })
              .str();
      Finish();
      std::string Key = Name;
      for (unsigned N = 2; Functions.count(Key); ++N)
        Key = Name + "#" + std::to_string(N);
      Current = &Functions[Key];
      ByKernel.emplace(demangledKernel(Name), Key);
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
    std::string Opcode = opcodeOf(Instruction).str();
    Current->Code.push_back({Offset, std::move(Instruction), Opcode, Chain});
  }
  Finish();
}

std::optional<uint64_t> LineTable::loadAddress(
    const Function &F,
    const std::vector<std::pair<uint64_t, std::string>> &Want) const {
  for (const TableInstruction &I : F.Code) {
    if (I.Opcode != Want.front().second || I.Offset > Want.front().first)
      continue;
    uint64_t Load = Want.front().first - I.Offset;
    if (llvm::all_of(Want, [&](const auto &W) {
          auto It = F.AtOffset.find(W.first - Load);
          return W.first >= Load && It != F.AtOffset.end() &&
                 F.Code[It->second].Opcode == W.second;
        }))
      return Load;
  }
  return std::nullopt;
}

std::optional<std::pair<std::string, uint64_t>>
LineTable::matchFunction(const std::map<uint64_t, std::string> &Measured,
                         llvm::StringRef Kernel) const {
  if (Measured.empty())
    return std::nullopt;
  std::vector<std::pair<uint64_t, std::string>> Want;
  for (const auto &[Address, Sass] : Measured)
    Want.emplace_back(Address, opcodeOf(Sass).str());
  std::set<std::string> Preferred;
  auto [Begin, End] = ByKernel.equal_range(normalizeKernel(Kernel));
  for (auto It = Begin; It != End; ++It) {
    Preferred.insert(It->second);
    if (std::optional<uint64_t> Load =
            loadAddress(Functions.at(It->second), Want))
      return std::pair{It->second, *Load};
  }
  std::optional<std::pair<std::string, uint64_t>> Found;
  for (const auto &[Key, F] : Functions) {
    if (Preferred.count(Key))
      continue;
    if (std::optional<uint64_t> Load = loadAddress(F, Want)) {
      if (Found)
        return std::nullopt; // several fit: none is the answer
      Found = {Key, *Load};
    }
  }
  return Found;
}

const std::vector<Frame> *LineTable::chainAt(const std::string &Function,
                                             uint64_t Offset) const {
  auto F = Functions.find(Function);
  if (F == Functions.end())
    return nullptr;
  auto I = F->second.AtOffset.find(Offset);
  return I == F->second.AtOffset.end() ? nullptr
                                       : &F->second.Code[I->second].Chain;
}

llvm::StringRef fileNameOf(llvm::StringRef Path) {
  return llvm::sys::path::filename(Path);
}

} // namespace cudacoalesce::verify
