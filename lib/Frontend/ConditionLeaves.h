//===- Frontend/ConditionLeaves.h - Conditions read once --------*- C++ -*-===//
//
// An `if` or a `?:` evaluates its condition for its value and again for the
// guards of each branch (AddressBuilder::guardsFor). Each evaluation walks
// the calls in it, and a condition that calls a function whose body holds
// `if`s on calls was walked three times per level, exponentially in the
// depth (ggml's mmq-instance-iq1_s.cu: 17.4 s of analysis, 6.3 s once each
// was walked once). The leaves guardsFor reads (the operands of the
// comparisons, the tests it cannot express, found the way it walks the
// condition) keep the value their first evaluation gave, for the guards of
// both branches.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_CONDITIONLEAVES_H
#define CUDA_COALESCE_LIB_FRONTEND_CONDITIONLEAVES_H

#include "AddressBuilder.h"
#include "ExprSemantics.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace cudacoalesce {

class ConditionLeaves {
public:
  explicit ConditionLeaves(const clang::Expr *Cond) { collect(Cond); }

  /// \p E's value, kept the first time it is evaluated; null for what is
  /// no leaf of the condition, or not evaluated yet.
  const SymValue *find(const clang::Expr *E) const {
    auto It = Values.find(E);
    return It == Values.end() ? nullptr : &It->second;
  }
  void keep(const clang::Expr *E, const SymValue &V) {
    if (Leaves.count(E))
      Values.try_emplace(E, V);
  }
  bool isLeaf(const clang::Expr *E) const { return Leaves.count(E); }

private:
  void collect(const clang::Expr *E) {
    E = E->IgnoreParenImpCasts();
    Leaves.insert(E); // what guardsFor reads where it cannot express E
    if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(E)) {
      if (U->getOpcode() == clang::UO_LNot)
        collect(U->getSubExpr());
      return;
    }
    const auto *B = llvm::dyn_cast<clang::BinaryOperator>(E);
    if (!B)
      return;
    if (B->isLogicalOp()) {
      collect(B->getLHS());
      collect(B->getRHS());
    } else if (comparisonOf(B->getOpcode())) {
      Leaves.insert(B->getLHS());
      Leaves.insert(B->getRHS());
    }
  }
  llvm::SmallPtrSet<const clang::Expr *, 8> Leaves;
  llvm::SmallDenseMap<const clang::Expr *, SymValue, 8> Values;
};

} // namespace cudacoalesce

#endif
