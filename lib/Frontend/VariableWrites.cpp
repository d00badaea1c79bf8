//===- Frontend/VariableWrites.cpp - Which variables a statement changes -===//
#include "VariableWrites.h"

using namespace clang;

namespace cudacoalesce {

const VarDecl *VariableWrites::directTarget(const Expr *E) {
  if (const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(D->getDecl());
  return nullptr;
}

const VarDecl *VariableWrites::target(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  while (What == WholeObject) {
    if (const auto *M = dyn_cast<MemberExpr>(E))
      E = M->getBase()->IgnoreParenImpCasts();
    else if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
      E = S->getBase()->IgnoreParenImpCasts();
    else
      break;
  }
  return directTarget(E);
}

bool VariableWrites::VisitBinaryOperator(BinaryOperator *B) {
  if (B->isAssignmentOp())
    note(B->getLHS());
  return true;
}

bool VariableWrites::VisitUnaryOperator(UnaryOperator *U) {
  if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
    note(U->getSubExpr());
  return true;
}

bool VariableWrites::VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
  if (C->isAssignmentOp() && C->getNumArgs() > 0)
    note(C->getArg(0));
  return true;
}

bool VariableWrites::VisitCallExpr(CallExpr *C) {
  if (What != WholeObject)
    return true;
  // Passed by reference or pointer (cudaMalloc(&p), init(n)): may change.
  for (const Expr *Arg : C->arguments())
    if (Arg->isGLValue() || isa<UnaryOperator>(Arg->IgnoreParenImpCasts()))
      note(Arg);
  return true;
}

} // namespace cudacoalesce
