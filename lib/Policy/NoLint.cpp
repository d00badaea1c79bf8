//===- Policy/NoLint.cpp - NOLINT comments, as clang-tidy reads them ------===//
#include "cuda-coalesce/Policy/NoLint.h"
#include "cuda-coalesce/Policy/CheckNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace cudacoalesce {

namespace {

/// `*` matches any run of characters; everything else matches itself.
bool wildcardMatch(llvm::StringRef Glob, llvm::StringRef Name) {
  size_t G = 0, N = 0, StarG = llvm::StringRef::npos, StarN = 0;
  while (N < Name.size()) {
    if (G < Glob.size() && Glob[G] == '*') {
      StarG = G++;
      StarN = N;
    } else if (G < Glob.size() && Glob[G] == Name[N]) {
      ++G;
      ++N;
    } else if (StarG != llvm::StringRef::npos) {
      G = StarG + 1;
      N = ++StarN;
    } else {
      return false;
    }
  }
  while (G < Glob.size() && Glob[G] == '*')
    ++G;
  return G == Glob.size();
}

std::string withoutSpaces(llvm::StringRef Checks) {
  llvm::SmallVector<llvm::StringRef> Names;
  Checks.split(Names, ',');
  for (llvm::StringRef &N : Names)
    N = N.trim();
  return llvm::join(Names, ",");
}

/// [start, end) of the line holding \p Offset, without its newline.
std::pair<size_t, size_t> lineAround(llvm::StringRef Buffer, size_t Offset) {
  size_t Start = Buffer.find_last_of('\n', Offset);
  Start = Start == llvm::StringRef::npos ? 0 : Start + 1;
  size_t End = std::min(Buffer.find('\n', Offset), Buffer.size());
  return {Start, End};
}

bool lineSuppresses(llvm::StringRef Buffer, std::pair<size_t, size_t> Line,
                    NoLintKind Kind, llvm::StringRef Check) {
  return llvm::any_of(
      findNoLintDirectives(Buffer.slice(Line.first, Line.second)),
      [&](const NoLintDirective &D) {
        return D.Kind == Kind && D.covers(Check);
      });
}

} // namespace

bool noLintGlobsMatch(llvm::StringRef Globs, llvm::StringRef Name) {
  llvm::SmallVector<llvm::StringRef> Items;
  Globs.split(Items, ',');
  for (llvm::StringRef Item : Items) {
    Item = Item.trim();
    if (Item.starts_with("-"))
      continue; // negative globs are dropped from NOLINT lists
    if (wildcardMatch(Item, Name))
      return true;
  }
  return false;
}

bool NoLintDirective::covers(llvm::StringRef Check) const {
  return !Checks || noLintGlobsMatch(*Checks, Check);
}

std::vector<NoLintDirective> findNoLintDirectives(llvm::StringRef Text) {
  static constexpr llvm::StringLiteral Word = "NOLINT";
  std::vector<NoLintDirective> Found;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t Start = Text.find(Word, Pos);
    if (Start == llvm::StringRef::npos)
      break;
    // The letters right after NOLINT name the kind (NEXTLINE, BEGIN, END).
    Pos = Start + Word.size();
    while (Pos < Text.size() && llvm::isAlpha(Text[Pos]))
      ++Pos;
    std::optional<NoLintKind> Kind =
        llvm::StringSwitch<std::optional<NoLintKind>>(Text.slice(Start, Pos))
            .Case("NOLINT", NoLintKind::NoLint)
            .Case("NOLINTNEXTLINE", NoLintKind::NextLine)
            .Case("NOLINTBEGIN", NoLintKind::Begin)
            .Case("NOLINTEND", NoLintKind::End)
            .Default(std::nullopt);
    if (!Kind)
      continue;
    NoLintDirective D;
    D.Kind = *Kind;
    D.Offset = Start;
    // A list only when its `)` is on the same line.
    if (Pos < Text.size() && Text[Pos] == '(') {
      size_t Close = Text.find_first_of("\n)", Pos + 1);
      if (Close != llvm::StringRef::npos && Text[Close] == ')') {
        D.Checks = withoutSpaces(Text.slice(Pos + 1, Close));
        Pos = Close + 1;
      }
    }
    Found.push_back(std::move(D));
  }
  return Found;
}

NoLintIndex::NoLintIndex(llvm::StringRef Buffer) : Buffer(Buffer) {
  // BEGIN/END pair like brackets, and only with the same check list.
  std::vector<NoLintDirective> Open;
  for (NoLintDirective &D : findNoLintDirectives(Buffer)) {
    if (D.Kind == NoLintKind::Begin) {
      Open.push_back(std::move(D));
    } else if (D.Kind == NoLintKind::End) {
      if (!Open.empty() && Open.back().Checks == D.Checks) {
        Blocks.push_back({std::move(Open.back()), D.Offset});
        Open.pop_back();
      } else {
        Unmatched.push_back(std::move(D));
      }
    }
  }
  for (NoLintDirective &D : Open)
    Unmatched.push_back(std::move(D));
  llvm::sort(Unmatched, [](const NoLintDirective &A, const NoLintDirective &B) {
    return A.Offset < B.Offset;
  });
}

bool NoLintIndex::suppresses(size_t Offset, llvm::StringRef Check) const {
  if (Offset > Buffer.size())
    return false;
  std::pair<size_t, size_t> Line = lineAround(Buffer, Offset);
  if (lineSuppresses(Buffer, Line, NoLintKind::NoLint, Check))
    return true;
  if (Line.first > 0 &&
      lineSuppresses(Buffer, lineAround(Buffer, Line.first - 1),
                     NoLintKind::NextLine, Check))
    return true;
  return llvm::any_of(Blocks, [&](const Block &B) {
    return B.Begin.Offset < Offset && Offset < B.End && B.Begin.covers(Check);
  });
}

bool NoLintIndex::suppressesFinding(size_t Offset) const {
  return llvm::any_of(AllCheckNames, [&](llvm::StringRef Name) {
    return suppresses(Offset, Name);
  });
}

} // namespace cudacoalesce
