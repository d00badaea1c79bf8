//===- Frontend/ExprSemantics.h - Clang's operators, once -------*- C++ -*-===//
//
// What Clang's operators and value-preserving wrappers mean to the analysis,
// shared by the walk over kernels (AddressBuilder) and the evaluation of
// host values (HostEvaluator).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_EXPRSEMANTICS_H
#define CUDA_COALESCE_LIB_FRONTEND_EXPRSEMANTICS_H

#include "cuda-coalesce/Model/Access.h"
#include "cuda-coalesce/Symbolic/Expr.h"

#include "clang/AST/OperationKinds.h"

#include <optional>

namespace clang {
class Expr;
}

namespace cudacoalesce {

/// The expression one wrapper that does not change a value holds:
/// parentheses, a full expression (ConstantExpr, ExprWithCleanups), a
/// materialised or bound temporary. Null when \p E is none of those.
const clang::Expr *transparentInner(const clang::Expr *E);

/// The non-polynomial operation of the address algebra a binary operator
/// (or its compound assignment) performs: / % << >> & | ^.
std::optional<sym::OpKind> symbolicOp(clang::BinaryOperatorKind Op);

/// The comparison `L Op R` is, as `L - R Op 0`.
std::optional<model::Cmp> comparisonOf(clang::BinaryOperatorKind Op);

} // namespace cudacoalesce

#endif
