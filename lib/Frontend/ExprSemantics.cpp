//===- Frontend/ExprSemantics.cpp - Clang's operators, once ---------------===//
#include "ExprSemantics.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cudacoalesce {

const Expr *transparentInner(const Expr *E) {
  if (const auto *P = dyn_cast<ParenExpr>(E))
    return P->getSubExpr();
  if (const auto *F = dyn_cast<FullExpr>(E))
    return F->getSubExpr();
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return M->getSubExpr();
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return B->getSubExpr();
  return nullptr;
}

std::optional<sym::OpKind> symbolicOp(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_Div:
  case BO_DivAssign:
    return sym::OpKind::Div;
  case BO_Rem:
  case BO_RemAssign:
    return sym::OpKind::Rem;
  case BO_Shl:
  case BO_ShlAssign:
    return sym::OpKind::Shl;
  case BO_Shr:
  case BO_ShrAssign:
    return sym::OpKind::Shr;
  case BO_And:
  case BO_AndAssign:
    return sym::OpKind::And;
  case BO_Or:
  case BO_OrAssign:
    return sym::OpKind::Or;
  case BO_Xor:
  case BO_XorAssign:
    return sym::OpKind::Xor;
  default:
    return std::nullopt;
  }
}

std::optional<model::Cmp> comparisonOf(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT:
    return model::Cmp::LT;
  case BO_LE:
    return model::Cmp::LE;
  case BO_GT:
    return model::Cmp::GT;
  case BO_GE:
    return model::Cmp::GE;
  case BO_EQ:
    return model::Cmp::EQ;
  case BO_NE:
    return model::Cmp::NE;
  default:
    return std::nullopt;
  }
}

} // namespace cudacoalesce
