//===- Frontend/ConstantCalls.cpp - Calls Clang folds ---------------------===//

#include "ConstantCalls.h"
#include "ExprSemantics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cudacoalesce {

namespace {

/// The call \p E reads its value from: through implicit casts, the wrappers
/// that keep a value (transparentInner) and `.member` of a returned struct.
const CallExpr *callReadBy(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      if (M->isArrow())
        return nullptr;
      E = M->getBase();
    } else if (const Expr *Inner = transparentInner(E)) {
      E = Inner;
    } else {
      return dyn_cast<CallExpr>(E);
    }
  }
}

} // namespace

std::optional<int64_t> foldedConstexprCall(const Expr *E, ASTContext &AST) {
  if (E->isValueDependent() || !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  const CallExpr *Call = callReadBy(E);
  if (!Call || isa<CUDAKernelCallExpr>(Call))
    return std::nullopt;
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->isConstexpr())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, AST))
    return std::nullopt;
  return asInt64(R.Val.getInt());
}

} // namespace cudacoalesce
