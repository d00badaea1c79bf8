//===- Frontend/AddressBuilderLoop.cpp - Loops ----------------------------===//
#include "AddressBuilder.h"
#include "VariableWrites.h"

#include "cuda-coalesce/Limits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SaveAndRestore.h"

#include <algorithm>

using namespace clang;

namespace cudacoalesce {

void AddressBuilder::loop(const Stmt *Loop, const Stmt *Init, const Expr *Cond,
                          const Expr *Inc, const Stmt *Body) {
  stmt(Init);
  VariableWrites Mod;
  Mod.add(Cond);
  Mod.add(Inc);
  Mod.add(Body);
  std::vector<const VarDecl *> Changed;
  for (const auto &Write : Mod.all())
    Changed.push_back(Write.first);

  // Induction variables: changed only by `v += step` (or ++, --, -=, v = v +
  // step) in the increment or at the top level of the body, with a step the
  // loop does not change. Such a v is v0 + iteration * step, with the
  // iteration counter the same in every lane.
  llvm::DenseMap<const VarDecl *, Poly> Steps;
  llvm::DenseSet<const VarDecl *> NotInduction;
  auto StepOf = [&](const Expr *E, const VarDecl *&V) -> std::optional<Poly> {
    E = E->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (!U->isIncrementDecrementOp())
        return std::nullopt;
      V = VariableWrites::directTarget(U->getSubExpr());
      if (!V) // ++a[0]: memory, not a variable
        return std::nullopt;
      return Poly::constant(U->isIncrementOp() ? 1 : -1);
    }
    const auto *B = dyn_cast<BinaryOperator>(E);
    if (!B || !B->isAssignmentOp())
      return std::nullopt;
    V = VariableWrites::directTarget(B->getLHS());
    const Expr *StepExpr = nullptr;
    bool Negative = false;
    if (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) {
      StepExpr = B->getRHS();
      Negative = B->getOpcode() == BO_SubAssign;
    } else if (B->getOpcode() == BO_Assign) {
      const auto *Sum =
          dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
      if (!Sum || (Sum->getOpcode() != BO_Add && Sum->getOpcode() != BO_Sub))
        return std::nullopt;
      if (VariableWrites::directTarget(Sum->getLHS()) == V) {
        StepExpr = Sum->getRHS();
        Negative = Sum->getOpcode() == BO_Sub;
      } else if (Sum->getOpcode() == BO_Add &&
                 VariableWrites::directTarget(Sum->getRHS()) == V) {
        StepExpr = Sum->getLHS();
      }
    }
    if (!StepExpr || !V)
      return std::nullopt;
    // The step must not read anything the loop changes.
    for (const VarDecl *M : Changed)
      if (usesOf(StepExpr, M))
        return std::nullopt;
    llvm::SaveAndRestore Silent(Recording, false);
    Poly Step = rvalue(StepExpr).P;
    return Negative ? -Step : Step;
  };

  // Geometric induction variables (`s *= 2`, `s >>= 1`: reductions and
  // scans): changed only by a constant power-of-two factor, v0 shifted by
  // iteration * bits. The bits, positive to the left.
  auto ShiftOf = [&](const Expr *E, const VarDecl *&V) -> std::optional<int> {
    const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (!B || !B->isAssignmentOp())
      return std::nullopt;
    V = VariableWrites::directTarget(B->getLHS());
    BinaryOperatorKind Op = B->getOpcode();
    const Expr *Amount = B->getRHS();
    if (Op == BO_Assign) {
      // v = v * 2, v = v >> 1
      const auto *R =
          dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
      if (!R || VariableWrites::directTarget(R->getLHS()) != V)
        return std::nullopt;
      switch (R->getOpcode()) {
      case BO_Mul:
        Op = BO_MulAssign;
        break;
      case BO_Div:
        Op = BO_DivAssign;
        break;
      case BO_Shl:
        Op = BO_ShlAssign;
        break;
      case BO_Shr:
        Op = BO_ShrAssign;
        break;
      default:
        return std::nullopt;
      }
      Amount = R->getRHS();
    }
    Expr::EvalResult R;
    if (!V || !Amount->EvaluateAsInt(R, AST))
      return std::nullopt;
    int64_t N = R.Val.getInt().getExtValue();
    auto Log2 = [](int64_t X) -> std::optional<int> {
      if (X < 2 || (X & (X - 1)))
        return std::nullopt;
      return llvm::Log2_64(X);
    };
    switch (Op) {
    case BO_MulAssign:
      return Log2(N);
    case BO_DivAssign:
      if (auto Bits = Log2(N))
        return -*Bits;
      return std::nullopt;
    case BO_ShlAssign:
      return N > 0 && N < 32 ? std::optional<int>(int(N)) : std::nullopt;
    case BO_ShrAssign:
      return N > 0 && N < 32 ? std::optional<int>(-int(N)) : std::nullopt;
    default:
      return std::nullopt;
    }
  };
  llvm::DenseMap<const VarDecl *, int> Shifts;

  std::vector<const Expr *> Updates;
  if (Inc) {
    const Expr *E = Inc->IgnoreParens();
    while (const auto *Comma = dyn_cast<BinaryOperator>(E)) {
      if (Comma->getOpcode() != BO_Comma)
        break;
      Updates.push_back(Comma->getRHS());
      E = Comma->getLHS()->IgnoreParens();
    }
    Updates.push_back(E);
  }
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(Body)) {
    for (const Stmt *S : C->body())
      if (const auto *E = dyn_cast<Expr>(S))
        Updates.push_back(E);
  } else if (const auto *E = dyn_cast_or_null<Expr>(Body)) {
    Updates.push_back(E);
  }
  // The variable each update steps (nullptr where it is no step), in the
  // order of Updates.
  std::vector<const VarDecl *> Stepped;
  for (const Expr *U : Updates) {
    const VarDecl *V = nullptr;
    if (auto Step = StepOf(U, V)) {
      Stepped.push_back(V);
      Steps[V] = Steps.count(V) ? Steps[V] + *Step : *Step;
      continue;
    }
    auto Shift = ShiftOf(U, V);
    Stepped.push_back(Shift ? V : nullptr);
    if (Shift)
      Shifts[V] += *Shift;
  }
  // Every modification of an induction variable must be one recognised, and
  // of one kind.
  for (const VarDecl *V : Changed)
    if ((Steps.count(V) || Shifts.count(V)) &&
        (Mod.count(V) != unsigned(llvm::count(Stepped, V)) ||
         (Steps.count(V) && Shifts.count(V)) ||
         (Shifts.count(V) && Shifts.lookup(V) == 0)))
      NotInduction.insert(V);

  // Named after the first induction variable in source order of its
  // updates (the loop's own increment first): Steps is keyed by pointer, and
  // its order would change the name from run to run.
  std::string CounterName = "loop";
  for (const VarDecl *V : Stepped)
    if (V && !NotInduction.count(V)) {
      CounterName = V->getName().str();
      break;
    }
  sym::AtomId Iteration = Syms.loopIteration(CounterName);

  auto Before = Vars;
  // How each changed variable varies across lanes once the loop has run.
  using VariationMap = llvm::DenseMap<const VarDecl *, Variation>;
  auto Carried = [&](const VariationMap &Varying, const VarDecl *V) {
    auto It = Before.find(V);
    Variation Varies = Varying.lookup(V);
    if (It != Before.end())
      Varies = std::max(Varies, Syms.variationOf(It->second.P));
    return Varies;
  };
  auto EnterLoop = [&](const VariationMap &VaryingVars) {
    for (const VarDecl *V : Changed) {
      auto It = Before.find(V);
      auto StepIt = Steps.find(V);
      if (StepIt != Steps.end() && !NotInduction.count(V) &&
          It != Before.end()) {
        SymValue Start = It->second;
        // The increment at the end of the body runs before the next test:
        // the body sees v0 + i*step (steps inside the body apply in order).
        Start.P = Start.P + Poly::atom(Iteration) * StepIt->second;
        Vars[V] = Start;
        continue;
      }
      auto ShiftIt = Shifts.find(V);
      if (ShiftIt != Shifts.end() && !NotInduction.count(V) &&
          It != Before.end() && !It->second.IsPointer) {
        SymValue Start = It->second;
        int Bits = ShiftIt->second;
        Start.P =
            Syms.op(Bits > 0 ? sym::OpKind::Shl : sym::OpKind::Shr, Start.P,
                    Poly::atom(Iteration) * Poly::constant(std::abs(Bits)));
        Vars[V] = Start;
        continue;
      }
      Vars[V] = SymValue{
          V->getType()->isPointerType(), -1,
          Poly::atom(Syms.opaque(V->getName().str(), Carried(VaryingVars, V)))};
    }
  };
  auto WalkBody = [&]() {
    std::vector<Guard> CondGuards;
    if (Cond && !isa<DoStmt>(Loop)) {
      rvalue(Cond);
      CondGuards = conditionGuards(Cond, false);
    }
    GuardScope WhileCondHolds(Guards, CondGuards);
    llvm::SaveAndRestore Inside(LoopDepth, LoopDepth + 1);
    stmt(Body);
    if (Inc)
      rvalue(Inc);
  };

  // A first, silent walk finds which changed variables end up differing
  // between lanes; the second walk records the accesses.
  VariationMap VaryingVars;
  unsigned WritesBefore = MemoryWrites;
  bool BodyMayWrite = true;
  if (LoopDepth < limits::MaxLoopNestingWalkedTwice) {
    {
      llvm::SaveAndRestore Silent(Recording, false);
      EnterLoop(VaryingVars);
      WalkBody();
    }
    BodyMayWrite = MemoryWrites != WritesBefore;
    for (const VarDecl *V : Changed) {
      auto It = Vars.find(V);
      if (It != Vars.end())
        VaryingVars[V] = Syms.variationOf(It->second.P);
    }
  } else {
    for (const VarDecl *V : Changed)
      VaryingVars[V] = Variation::LaneComputed;
  }
  // A body that writes memory may overwrite, on a later trip, what was held
  // before the loop. What the body holds is not held after it: the loop may
  // not run.
  if (BodyMayWrite)
    Held.clear();
  std::vector<HeldValue> HeldBefore = Held;
  EnterLoop(VaryingVars);
  WalkBody();
  Held = std::move(HeldBefore);

  // After the loop a changed variable holds a value we do not track.
  for (const VarDecl *V : Changed) {
    Vars[V] = SymValue{
        V->getType()->isPointerType(), -1,
        Poly::atom(Syms.opaque(V->getName().str(), Carried(VaryingVars, V)))};
  }
}

} // namespace cudacoalesce
