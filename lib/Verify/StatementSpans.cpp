//===- Verify/StatementSpans.cpp - The lines a statement spans ------------===//
#include "cuda-coalesce/Verify/StatementSpans.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"

namespace cudacoalesce::verify {

namespace {

/// Splits a token stream into statements.
class StatementSplitter {
public:
  explicit StatementSplitter(llvm::StringRef Source) {
    LineStarts.push_back(0);
    for (size_t I = 0; I < Source.size(); ++I)
      if (Source[I] == '\n')
        LineStarts.push_back(I + 1);
  }

  unsigned lineOf(size_t Offset) const {
    return unsigned(llvm::upper_bound(LineStarts, Offset) - LineStarts.begin());
  }

  void token(const clang::Token &T, unsigned Line) {
    clang::tok::TokenKind K = T.getKind(), Before = Previous;
    Previous = K;
    // An initializer list (`= {1, 2}`, `f({...})`) or a lambda inside an
    // expression is part of its statement; any other brace opens a block.
    bool NestedBrace = K == clang::tok::l_brace &&
                       (Depth > 0 || (Start && (Before == clang::tok::equal ||
                                                Before == clang::tok::comma)));
    if (K == clang::tok::l_paren || K == clang::tok::l_square || NestedBrace) {
      add(Line);
      ++Depth;
      return;
    }
    if (K == clang::tok::r_paren || K == clang::tok::r_square ||
        (K == clang::tok::r_brace && Depth > 0)) {
      add(Line);
      if (Depth > 0)
        --Depth;
      if (Depth == 0 && K == clang::tok::r_paren && HeadOpen) {
        HeadOpen = false;
        end();
      }
      return;
    }
    if (Depth > 0) {
      add(Line);
      return;
    }
    if (K == clang::tok::l_brace) {
      end();
      return;
    }
    if (K == clang::tok::semi || K == clang::tok::r_brace) {
      if (K == clang::tok::semi)
        add(Line);
      end();
      return;
    }
    if (T.is(clang::tok::raw_identifier)) {
      llvm::StringRef Word = T.getRawIdentifier();
      if (!Start && (Word == "case" || Word == "default"))
        Label = true;
      if (!Start && llvm::is_contained({"if", "for", "while", "switch"}, Word))
        HeadOpen = true;
      if (Word == "else" || Word == "do") {
        end();
        return;
      }
    }
    add(Line);
    if (K == clang::tok::colon && Label)
      end();
  }

  std::vector<std::pair<unsigned, unsigned>> take() {
    end();
    return std::move(Spans);
  }

private:
  void add(unsigned Line) {
    if (!Start)
      Start = Line;
    Last = Line;
  }
  void end() {
    if (Start)
      Spans.push_back({Start, Last});
    Start = Last = 0;
    Depth = 0;
    HeadOpen = Label = false;
    Previous = clang::tok::unknown;
  }

  std::vector<size_t> LineStarts;
  std::vector<std::pair<unsigned, unsigned>> Spans;
  unsigned Start = 0, Last = 0, Depth = 0;
  bool HeadOpen = false, Label = false;
  clang::tok::TokenKind Previous = clang::tok::unknown;
};

} // namespace

std::vector<std::pair<unsigned, unsigned>>
statementSpans(llvm::StringRef Source) {
  clang::LangOptions Lang;
  Lang.CPlusPlus = Lang.CPlusPlus11 = Lang.CPlusPlus14 = Lang.CPlusPlus17 =
      true;
  Lang.CUDA = true;
  clang::Lexer Lex(clang::SourceLocation(), Lang, Source.begin(),
                   Source.begin(), Source.end());
  StatementSplitter Split(Source);
  clang::Token T;
  bool InDirective = false;
  while (!Lex.LexFromRawLexer(T) || T.isNot(clang::tok::eof)) {
    if (T.is(clang::tok::eof))
      break;
    size_t End = size_t(Lex.getBufferLocation() - Source.begin());
    size_t Begin = End - T.getLength();
    if (T.isAtStartOfLine())
      InDirective = T.is(clang::tok::hash);
    if (InDirective)
      continue;
    Split.token(T, Split.lineOf(Begin));
  }
  return Split.take();
}

std::pair<unsigned, unsigned>
StatementSpanCache::spanOf(const std::string &File, unsigned Line) {
  auto It = Files.find(File);
  if (It == Files.end()) {
    std::vector<std::pair<unsigned, unsigned>> Spans;
    if (auto Buffer = llvm::MemoryBuffer::getFile(File))
      Spans = statementSpans((*Buffer)->getBuffer());
    It = Files.emplace(File, std::move(Spans)).first;
  }
  std::pair<unsigned, unsigned> Span = {Line, Line};
  for (const auto &[First, Last] : It->second)
    if (First <= Line && Line <= Last) {
      Span.first = std::min(Span.first, First);
      Span.second = std::max(Span.second, Last);
    }
  return Span;
}

} // namespace cudacoalesce::verify
