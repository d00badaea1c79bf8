//===- Frontend/SourceText.cpp - Source text and places of expressions ---===//
#include "SourceText.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cudacoalesce {

std::string sourceText(const Expr *E, const ASTContext &AST, size_t MaxLength) {
  const SourceManager &SM = AST.getSourceManager();
  CharSourceRange Range =
      SM.getExpansionRange(CharSourceRange::getTokenRange(E->getSourceRange()));
  StringRef Text = Lexer::getSourceText(Range, SM, AST.getLangOpts());
  std::string S;
  for (char C : Text) {
    bool Space = C == ' ' || C == '\n' || C == '\t' || C == '\r';
    if (!Space)
      S += C;
    else if (!S.empty() && S.back() != ' ')
      S += ' ';
  }
  if (MaxLength && S.size() > MaxLength)
    S = S.substr(0, MaxLength - 3) + "...";
  return S;
}

bool anyWithin(const SourceManager &SM, SourceRange Range,
               llvm::ArrayRef<SourceLocation> Locations) {
  SourceLocation Begin = SM.getExpansionLoc(Range.getBegin());
  SourceLocation End = SM.getExpansionLoc(Range.getEnd());
  return llvm::any_of(Locations, [&](SourceLocation L) {
    return L.isValid() && SM.isPointWithin(SM.getExpansionLoc(L), Begin, End);
  });
}

SourcePoint sourcePoint(SourceLocation Loc, const SourceManager &SM) {
  SourcePoint P;
  PresumedLoc PL = SM.getPresumedLoc(SM.getFileLoc(Loc));
  if (PL.isInvalid())
    return P;
  // `template-instances/../mmq.cuh` as the include wrote it: one file, one
  // name in every report.
  llvm::SmallString<256> File(PL.getFilename());
  // A header found through `-I../include` is named relative to the
  // compilation's directory. Where the main file is named by its absolute
  // path, so is the header: `verify` reads it (to join the lines nvcc files
  // a statement under) from wherever it runs. A main file named relatively
  // keeps every name relative to the same directory.
  if (!llvm::sys::path::is_absolute(File))
    if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
        Main && llvm::sys::path::is_absolute(Main->getName()))
      SM.getFileManager().makeAbsolutePath(File);
  llvm::sys::path::remove_dots(File, /*remove_dot_dot=*/true);
  P.File = std::string(File);
  P.Line = PL.getLine();
  P.Column = PL.getColumn();
  return P;
}

} // namespace cudacoalesce
