//===- Frontend/SourceText.h - Source text and places of expressions -----===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_SOURCETEXT_H
#define CUDA_COALESCE_LIB_FRONTEND_SOURCETEXT_H

#include "cuda-coalesce/Frontend/Finding.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace clang {
class ASTContext;
class Expr;
class SourceManager;
} // namespace clang

namespace cudacoalesce {

/// The expression as written (macro uses as invoked), white space folded,
/// cut to \p MaxLength characters (0: whole).
std::string sourceText(const clang::Expr *E, const clang::ASTContext &AST,
                       size_t MaxLength = 0);

/// Whether one of \p Locations lies in \p Range, both taken where they are
/// written (a macro's use, not its definition).
bool anyWithin(const clang::SourceManager &SM, clang::SourceRange Range,
               llvm::ArrayRef<clang::SourceLocation> Locations);

/// The file, line and column a location is written at, outside macros.
SourcePoint sourcePoint(clang::SourceLocation Loc,
                        const clang::SourceManager &SM);

} // namespace cudacoalesce

#endif
