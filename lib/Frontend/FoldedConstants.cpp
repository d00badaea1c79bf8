//===- Frontend/FoldedConstants.cpp - Constants Clang folds, kept ---------===//
#include "FoldedConstants.h"
#include "ConstantCalls.h"
#include "ExprSemantics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace cudacoalesce {

std::optional<int64_t> FoldedConstants::constexprCall(const Expr *E) {
  auto [It, New] = Calls.try_emplace(E);
  if (New)
    It->second = foldedConstexprCall(E, AST);
  return It->second;
}

std::optional<int64_t> FoldedConstants::integer(const Expr *E) {
  auto [It, New] = Integers.try_emplace(E);
  if (New) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, AST))
      It->second = asInt64(R.Val.getInt());
  }
  return It->second;
}

} // namespace cudacoalesce
