//===- Frontend/HostFunctionRun.cpp - Running a host helper ---------------===//
//
// Launch shapes are often computed by small functions of the program:
// ceil_div, largestPowerOfTwoLessOrEqual, a round-up loop. Clang's constant
// evaluator runs only constexpr functions, so these are run here, over the
// integers and floats HostEvaluator knows, statement by statement. Anything
// else (memory, calls with effects, goto) makes the call's value unknown.
//
//===----------------------------------------------------------------------===//
#include "HostEvaluator.h"

#include "cuda-coalesce/Limits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cudacoalesce {

std::optional<HostNumber> HostEvaluator::run(const CallExpr *C,
                                             const Stmt *Here, unsigned Depth) {
  const FunctionDecl *F = C->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!F || !F->hasBody(Def) || !Def || Def->isVariadic() ||
      Def->getNumParams() != C->getNumArgs() ||
      Frames.size() >= limits::MaxHostCallDepth ||
      AST.getSourceManager().isInSystemHeader(Def->getLocation()))
    return std::nullopt;
  QualType T = C->getType();
  if (!T->isIntegralOrEnumerationType() && !T->isRealFloatingType())
    return std::nullopt;
  const Stmt *CalledAt = Frames.empty() ? Here : Frames.back().CalledAt;
  Frame Callee{Def, CalledAt, {}, std::nullopt, limits::MaxHostSteps};
  for (unsigned I = 0; I < C->getNumArgs(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    if (P->getType()->isReferenceType())
      return std::nullopt; // the caller's variable: its writes would be lost
    Callee.Values[P] = number(C->getArg(I), Here, Depth + 1);
  }
  Frames.push_back(std::move(Callee));
  Flow Done = execute(Def->getBody(), Depth + 1);
  std::optional<HostNumber> V = Frames.back().Returned;
  Frames.pop_back();
  if (Done != Flow::Return || !V)
    return std::nullopt;
  return V->IsFloat ? fitFloating(V->Float, T) : fitInteger(V->Int, T);
}

HostEvaluator::Flow HostEvaluator::execute(const Stmt *S, unsigned Depth) {
  if (!S || Frames.back().StepsLeft == 0)
    return Flow::Unknown;
  --Frames.back().StepsLeft;
  const Stmt *Here = Frames.back().CalledAt;
  if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Inner : Block->body())
      if (Flow F = execute(Inner, Depth); F != Flow::Next)
        return F;
    return Flow::Next;
  }
  if (isa<NullStmt>(S))
    return Flow::Next;
  if (const auto *D = dyn_cast<DeclStmt>(S)) {
    for (const Decl *Declared : D->decls()) {
      const auto *V = dyn_cast<VarDecl>(Declared);
      if (!V || V->isStaticLocal())
        return Flow::Unknown;
      QualType T = V->getType();
      if (!T->isIntegralOrEnumerationType() && !T->isRealFloatingType())
        return Flow::Unknown;
      std::optional<HostNumber> Init;
      if (V->getInit()) {
        Init = number(V->getInit(), Here, Depth + 1);
        if (Init)
          Init = Init->IsFloat ? fitFloating(Init->Float, T)
                               : fitInteger(Init->Int, T);
      }
      Frames.back().Values[V] = Init;
    }
    return Flow::Next;
  }
  if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    if (!R->getRetValue())
      return Flow::Unknown;
    Frames.back().Returned = number(R->getRetValue(), Here, Depth + 1);
    return Flow::Return;
  }
  if (isa<BreakStmt>(S))
    return Flow::Break;
  if (isa<ContinueStmt>(S))
    return Flow::Continue;
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getInit() || If->getConditionVariable() || If->isConsteval())
      return Flow::Unknown;
    std::optional<bool> Taken = truth(If->getCond(), Here, Depth + 1);
    if (!Taken)
      return Flow::Unknown;
    if (*Taken)
      return execute(If->getThen(), Depth);
    return If->getElse() ? execute(If->getElse(), Depth) : Flow::Next;
  }
  // Loops: the body, then (for a `for`) the increment, while the condition
  // holds; a `do` runs the body first.
  const Stmt *Body = nullptr;
  const Expr *Cond = nullptr, *Increment = nullptr;
  bool TestFirst = true;
  if (const auto *W = dyn_cast<WhileStmt>(S)) {
    if (W->getConditionVariable())
      return Flow::Unknown;
    Body = W->getBody();
    Cond = W->getCond();
  } else if (const auto *For = dyn_cast<ForStmt>(S)) {
    if (For->getConditionVariable())
      return Flow::Unknown;
    if (For->getInit())
      if (Flow F = execute(For->getInit(), Depth); F != Flow::Next)
        return Flow::Unknown;
    Body = For->getBody();
    Cond = For->getCond();
    Increment = For->getInc();
  } else if (const auto *Do = dyn_cast<DoStmt>(S)) {
    Body = Do->getBody();
    Cond = Do->getCond();
    TestFirst = false;
  }
  if (Body) {
    for (bool First = true;; First = false) {
      if (TestFirst || !First) {
        std::optional<bool> Holds =
            Cond ? truth(Cond, Here, Depth + 1) : std::optional(true);
        if (!Holds)
          return Flow::Unknown;
        if (!*Holds)
          return Flow::Next;
      }
      Flow F = execute(Body, Depth);
      if (F == Flow::Break)
        return Flow::Next;
      if (F == Flow::Return || F == Flow::Unknown)
        return F;
      if (Increment && assign(Increment, Depth) != Flow::Next)
        return Flow::Unknown;
      if (Frames.back().StepsLeft == 0)
        return Flow::Unknown;
    }
  }
  if (const auto *E = dyn_cast<Expr>(S))
    return assign(E, Depth);
  return Flow::Unknown;
}

/// An expression statement: an assignment (plain or compound) or an
/// increment of a variable of the frame, or an expression without effects.
HostEvaluator::Flow HostEvaluator::assign(const Expr *E, unsigned Depth) {
  E = E->IgnoreParenImpCasts();
  const Expr *Target = nullptr;
  std::optional<HostNumber> Value;
  const Stmt *Here = Frames.back().CalledAt;
  auto Current = [&](const Expr *Of) { return number(Of, Here, Depth + 1); };
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp()) {
    Target = B->getLHS();
    if (const auto *C = dyn_cast<CompoundAssignOperator>(B)) {
      auto L = Current(Target), R = number(B->getRHS(), Here, Depth + 1);
      if (L && R)
        Value = arithmetic(B->getOpForCompoundAssignment(B->getOpcode()), *L,
                           *R, C->getComputationResultType());
    } else {
      Value = number(B->getRHS(), Here, Depth + 1);
    }
  } else if (const auto *U = dyn_cast<UnaryOperator>(E);
             U && U->isIncrementDecrementOp()) {
    Target = U->getSubExpr();
    if (auto Old = Current(Target); Old && !Old->IsFloat)
      Value = HostNumber::integer(Old->Int + (U->isIncrementOp() ? 1 : -1));
  } else {
    return E->HasSideEffects(AST) ? Flow::Unknown : Flow::Next;
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  auto Slot = V ? Frames.back().Values.find(V) : Frames.back().Values.end();
  if (Slot == Frames.back().Values.end())
    return Flow::Unknown; // a global, or memory
  QualType T = V->getType();
  if (Value)
    Value = Value->IsFloat ? fitFloating(Value->Float, T)
                           : fitInteger(Value->Int, T);
  Slot->second = Value;
  return Flow::Next;
}

} // namespace cudacoalesce
