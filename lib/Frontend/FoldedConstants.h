//===- Frontend/FoldedConstants.h - Constants Clang folds, kept -*- C++ -*-===//
//
// The walk asks Clang's evaluator for the value of the same expressions
// again and again: at every call of a helper it inlines, at every walk of a
// loop body, at every evaluation of a condition. Each evaluation sets up the
// evaluator anew (ggml's flash-attention instances: `Expr::EvaluateAsInt`
// was 14% of the kernel walk). An expression's value is a function of the
// AST, which does not change once parsed: each is evaluated once.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_FOLDEDCONSTANTS_H
#define CUDA_COALESCE_LIB_FRONTEND_FOLDEDCONSTANTS_H

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace cudacoalesce {

/// Integer constants of one translation unit's expressions, evaluated once.
class FoldedConstants {
public:
  explicit FoldedConstants(clang::ASTContext &AST) : AST(AST) {}

  /// foldedConstexprCall(\p E) (ConstantCalls.h).
  std::optional<int64_t> constexprCall(const clang::Expr *E);
  /// The value of \p E where Clang evaluates it as an integer that fits in
  /// 64 bits; the caller checks that \p E is not value-dependent.
  std::optional<int64_t> integer(const clang::Expr *E);

private:
  clang::ASTContext &AST;
  llvm::DenseMap<const clang::Expr *, std::optional<int64_t>> Calls, Integers;
};

} // namespace cudacoalesce

#endif
