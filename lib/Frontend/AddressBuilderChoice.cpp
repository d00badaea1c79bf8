//===- Frontend/AddressBuilderChoice.cpp - `c ? a : b` --------------------===//
//
// The value of a conditional expression: the side the condition decides,
// a pointer into one object or a choice between two, and the clamps
// `i < n ? i : n - 1` that are min and max of their operands.
//
//===----------------------------------------------------------------------===//

#include "AddressBuilder.h"
#include "ConditionLeaves.h"

#include "cuda-coalesce/Symbolic/Bounds.h"

#include "clang/AST/Expr.h"
#include "llvm/Support/SaveAndRestore.h"

#include <algorithm>

using namespace clang;

namespace cudacoalesce {

SymValue
AddressBuilder::chosenValue(const ConditionalOperator *C,
                            llvm::function_ref<SymValue(const Expr *)> Side) {
  SymValue Cond;
  std::vector<Guard> Then, Else;
  const BinaryOperator *Compare = nullptr;
  std::optional<std::pair<Poly, Poly>> Compared;
  {
    ConditionLeaves Leaves(C->getCond());
    llvm::SaveAndRestore ReadOnce(ConditionValues, &Leaves);
    Cond = rvalue(C->getCond());
    if (std::optional<bool> Taken = decided(C->getCond(), Cond)) {
      ConditionValues = nullptr; // the side is no part of the condition
      return Side(*Taken ? C->getTrueExpr() : C->getFalseExpr());
    }
    Then = conditionGuards(C->getCond(), false);
    Else = conditionGuards(C->getCond(), true);
    // The compared values, kept by Leaves: read again, nothing is walked.
    Compare = dyn_cast<BinaryOperator>(C->getCond()->IgnoreParenImpCasts());
    if (Compare && Compare->isRelationalOp())
      Compared = {rvalue(Compare->getLHS()).P, rvalue(Compare->getRHS()).P};
  }
  // A load on one side is not speculated (it may fault): nvcc branches
  // around it or predicates it, which the source does not tell; a warp
  // with no lane on that side then issues nothing or a request that moves
  // nothing (HeCBench is: `(i == start) ? 0 : destiny[i - 1]`, 0 sectors
  // a request measured on the first trip of every block).
  for (std::vector<Guard> *Branch : {&Then, &Else})
    for (Guard &G : *Branch)
      G.MaybePredicated = !G.Predicated;
  SymValue T, F;
  std::vector<HeldValue> HeldBefore = Held;
  {
    GuardScope TrueSide(Guards, Then);
    T = Side(C->getTrueExpr());
  }
  std::vector<HeldValue> HeldAfterTrue = std::move(Held);
  Held = std::move(HeldBefore);
  {
    GuardScope FalseSide(Guards, Else);
    F = Side(C->getFalseExpr());
  }
  joinHeld(HeldAfterTrue);
  if (T == F)
    return T;
  // `n ? base + i * n : nullptr` (HeCBench kalman's forecast rows): an
  // access through the null side would be undefined, so every access that
  // runs goes through the other.
  auto IsNull = [&](const Expr *E) {
    return E->isNullPointerConstant(AST, Expr::NPC_ValueDependentIsNotNull);
  };
  if (T.IsPointer && T.Base >= 0 && IsNull(C->getFalseExpr()))
    return T;
  if (F.IsPointer && F.Base >= 0 && IsNull(C->getTrueExpr()))
    return F;
  if (T.IsPointer && F.IsPointer && T.Base >= 0 && F.Base >= 0)
    return pointerChoice(C, Cond.P, T, F);
  if (Compared)
    if (std::optional<Poly> Extreme =
            chosenExtreme(Compare, Compared->first, Compared->second, T, F))
      return SymValue{false, -1, *Extreme};
  return opaqueFor(C, std::max({Syms.variationOf(Cond.P), Syms.variationOf(T.P),
                                Syms.variationOf(F.P)}));
}

SymValue AddressBuilder::pointerChoice(const ConditionalOperator *C,
                                       const Poly &Selector, const SymValue &T,
                                       const SymValue &F) {
  // `flag ? base + 64 : base` into one object: offset F + flag*(T - F),
  // the condition 0 or 1, keeps in the offset what both sides say about
  // alignment.
  if (T.Base == F.Base) {
    SymValue V = F;
    V.P = F.P + Selector * (T.P - F.P);
    return V;
  }
  // Two objects: an object of its own, in the space both share, so a tile
  // chosen by a flag stays a shared access.
  MemoryBase B;
  B.Name = text(C);
  B.AlignmentAssumed = true;
  B.Varies = std::max({Syms.variationOf(Selector), Syms.variationOf(T.P),
                       Syms.variationOf(F.P)});
  if (Bases[T.Base].Space == Bases[F.Base].Space)
    B.Space = Bases[T.Base].Space;
  Bases.push_back(B);
  return pointerTo(Bases.size() - 1);
}

std::optional<Poly> AddressBuilder::chosenExtreme(const BinaryOperator *Compare,
                                                  const Poly &L, const Poly &R,
                                                  const SymValue &T,
                                                  const SymValue &F) {
  if (T.IsPointer || F.IsPointer)
    return std::nullopt;
  // The operands as compared, after the usual conversions.
  QualType Operands = Compare->getLHS()->getType();
  if (!Operands->isIntegerType() ||
      !Compare->getRHS()->getType()->isIntegerType())
    return std::nullopt;
  // In unsigned arithmetic a negative value compares above every other.
  if (Operands->isUnsignedIntegerType() &&
      !(sym::isNonNegative(Syms, L) && sym::isNonNegative(Syms, R)))
    return std::nullopt;
  // As `A <= Bound` or `A >= Bound`, A the operand one side returns: over
  // the integers `A < B` is `A <= B - 1` and `A > B` is `A >= B + 1`.
  BinaryOperatorKind Op = Compare->getOpcode();
  for (bool Swapped : {false, true}) {
    const Poly &A = Swapped ? R : L, &B = Swapped ? L : R;
    BinaryOperatorKind AsWritten =
        Swapped ? BinaryOperator::reverseComparisonOp(Op) : Op;
    bool AtMost = AsWritten == BO_LT || AsWritten == BO_LE;
    Poly Bound = AsWritten == BO_LT   ? B - Poly::constant(1)
                 : AsWritten == BO_GT ? B + Poly::constant(1)
                                      : B;
    // `A <= Bound ? A : X` is min(A, X) where X is Bound or the next value
    // past it; `A <= Bound ? X : A` is max(A, X); the same turned around
    // for `A >= Bound`. Both sides may be moved by a constant
    // (`i > 0 ? i - 1 : 0` is max(i - 1, 0)).
    for (bool OnTrueSide : {true, false}) {
      const Poly &Kept = OnTrueSide ? T.P : F.P,
                 &Other = OnTrueSide ? F.P : T.P;
      std::optional<int64_t> Moved = (Kept - A).asConstant();
      if (!Moved)
        continue;
      Poly Edge = Bound + Poly::constant(*Moved);
      Poly Past = Edge + Poly::constant(AtMost ? 1 : -1);
      if (!(Other == Edge) && !(Other == Past))
        continue;
      bool Min = AtMost == OnTrueSide;
      return Syms.op(Min ? sym::OpKind::Min : sym::OpKind::Max, Kept, Other);
    }
  }
  return std::nullopt;
}

} // namespace cudacoalesce
