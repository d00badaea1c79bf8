//===- Frontend/LaunchSites.cpp - <<<grid, block>>> launches --------------===//
#include "LaunchSites.h"
#include "SourceText.h"

#include "cuda-coalesce/Symbolic/Expr.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

#include <functional>

using namespace clang;

namespace cudacoalesce {

namespace {

constexpr unsigned MaxDepth = 16;

const Expr *skipWrappers(const Expr *E) {
  while (true) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = B->getSubExpr();
    else if (const auto *F = dyn_cast<FullExpr>(Next))
      Next = F->getSubExpr();
    else if (const auto *C = dyn_cast<CXXFunctionalCastExpr>(Next))
      Next = C->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
}

} // namespace

HostEvaluator::HostEvaluator(ASTContext &AST, const FunctionDecl *Host)
    : AST(AST), Host(Host) {
  if (Host)
    Modified = VariableWrites::in(Host->getBody(), VariableWrites::WholeObject);
}

namespace {

/// `v.x = value` with v the given variable: the field index (0..2), else -1.
int assignedField(const Stmt *S, const VarDecl *V, const Expr *&Value) {
  const auto *B = dyn_cast<BinaryOperator>(S);
  if (!B || B->getOpcode() != BO_Assign)
    return -1;
  const auto *M = dyn_cast<MemberExpr>(B->getLHS()->IgnoreParenImpCasts());
  if (!M || VariableWrites::directTarget(M->getBase()) != V)
    return -1;
  int Field = llvm::StringSwitch<int>(M->getMemberDecl()->getName())
                  .Case("x", 0)
                  .Case("y", 1)
                  .Case("z", 2)
                  .Default(-1);
  Value = B->getRHS();
  return Field;
}

} // namespace

std::optional<model::Dim3>
HostEvaluator::fieldByField(const VarDecl *V, const Expr *Use, unsigned Depth) {
  // Every write to V must be a field assignment that is a statement of its
  // own in a block enclosing the use, written before it: then it happens,
  // once, before each launch. Anything else (a write under an if, in a
  // loop the launch is outside of, through a pointer) leaves V unknown.
  if (!Host || !V->isLocalVarDecl() || !V->getInit())
    return std::nullopt;
  const SourceManager &SM = AST.getSourceManager();
  SourceLocation At = SM.getExpansionLoc(Use->getBeginLoc());
  std::vector<std::pair<int, const Expr *>> Assignments;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
      bool Encloses =
          SM.isPointWithin(At, SM.getExpansionLoc(Block->getBeginLoc()),
                           SM.getExpansionLoc(Block->getEndLoc()));
      for (const Stmt *Child : Block->body()) {
        const Expr *Value = nullptr;
        const Stmt *Plain = Child;
        if (const auto *F = dyn_cast<FullExpr>(Plain))
          Plain = F->getSubExpr();
        int Field = assignedField(Plain, V, Value);
        if (Field >= 0 && Encloses &&
            SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Child->getEndLoc()),
                                         At))
          Assignments.push_back({Field, Value});
      }
    }
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  Walk(Host->getBody());
  if (Assignments.size() != Modified.count(V))
    return std::nullopt; // some write is not a plain field assignment
  std::optional<model::Dim3> D = dim3(V->getInit(), Depth + 1);
  if (!D)
    return std::nullopt;
  int64_t *Fields[3] = {&D->X, &D->Y, &D->Z};
  for (const auto &[Field, Value] : Assignments) {
    std::optional<int64_t> N = integer(Value, Depth + 1);
    if (Field < 0 || !N || *N <= 0)
      return std::nullopt;
    *Fields[Field] = *N;
  }
  return D;
}

const Expr *HostEvaluator::constantInit(const Expr *E) {
  const auto *D = dyn_cast<DeclRefExpr>(skipWrappers(E));
  if (!D)
    return nullptr;
  const auto *V = dyn_cast<VarDecl>(D->getDecl());
  if (!V || isa<ParmVarDecl>(V) || !V->getInit() || Modified.count(V) != 0)
    return nullptr;
  if (!V->isLocalVarDecl() && !V->getType().isConstQualified())
    return nullptr; // a mutable global may change anywhere
  return V->getInit();
}

std::optional<int64_t> HostEvaluator::integer(const Expr *E, unsigned Depth) {
  if (!E || Depth > MaxDepth || E->isValueDependent() || E->isTypeDependent() ||
      E->containsErrors())
    return std::nullopt;
  E = skipWrappers(E);
  if (E->getType()->isIntegralOrEnumerationType()) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, AST))
      return R.Val.getInt().getExtValue();
  }
  if (const Expr *Init = constantInit(E))
    return integer(Init, Depth + 1);
  if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
    return integer(C->getSubExpr(), Depth + 1);
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
    return integer(D->getExpr(), Depth + 1);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    auto V = integer(U->getSubExpr(), Depth + 1);
    if (!V)
      return std::nullopt;
    if (U->getOpcode() == UO_Minus)
      return -*V;
    if (U->getOpcode() == UO_Plus)
      return *V;
    return std::nullopt;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    auto L = integer(B->getLHS(), Depth + 1);
    auto R = integer(B->getRHS(), Depth + 1);
    if (!L || !R)
      return std::nullopt;
    switch (B->getOpcode()) {
    case BO_Add:
      return *L + *R;
    case BO_Sub:
      return *L - *R;
    case BO_Mul:
      return *L * *R;
    case BO_Div:
      return sym::applyOp(sym::OpKind::Div, *L, *R);
    case BO_Rem:
      return sym::applyOp(sym::OpKind::Rem, *L, *R);
    case BO_Shl:
      return sym::applyOp(sym::OpKind::Shl, *L, *R);
    case BO_Shr:
      return sym::applyOp(sym::OpKind::Shr, *L, *R);
    case BO_And:
      return *L & *R;
    case BO_Or:
      return *L | *R;
    case BO_Xor:
      return *L ^ *R;
    default:
      return std::nullopt;
    }
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    auto Cond = integer(C->getCond(), Depth + 1);
    if (!Cond)
      return std::nullopt;
    return integer(*Cond ? C->getTrueExpr() : C->getFalseExpr(), Depth + 1);
  }
  return std::nullopt;
}

std::optional<model::Dim3> HostEvaluator::dim3(const Expr *E, unsigned Depth) {
  if (!E || Depth > MaxDepth || E->isValueDependent() || E->isTypeDependent() ||
      E->containsErrors())
    return std::nullopt;
  E = skipWrappers(E);
  if (E->getType()->isIntegralOrEnumerationType()) {
    if (auto V = integer(E, Depth + 1))
      return model::Dim3{*V, 1, 1};
    return std::nullopt;
  }
  if (const Expr *Init = constantInit(E))
    return dim3(Init, Depth + 1);
  if (const VarDecl *V = VariableWrites::directTarget(E))
    if (Modified.count(V) != 0)
      return fieldByField(V, E, Depth);
  std::vector<const Expr *> Parts;
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    if (C->getNumArgs() == 1 && C->getArg(0)->getType()->isRecordType())
      return dim3(C->getArg(0), Depth + 1); // copy of another dim3
    for (const Expr *A : C->arguments())
      Parts.push_back(A);
  } else if (const auto *L = dyn_cast<InitListExpr>(E)) {
    for (const Expr *A : L->inits())
      Parts.push_back(A);
  } else {
    return std::nullopt;
  }
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  int64_t V[3] = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I) {
    auto P = integer(Parts[I], Depth + 1);
    if (!P || *P <= 0)
      return std::nullopt;
    V[I] = *P;
  }
  return model::Dim3{V[0], V[1], V[2]};
}

LaunchSite evaluateLaunch(ASTContext &AST, const CUDAKernelCallExpr *Call,
                          const FunctionDecl *Host) {
  LaunchSite L;
  L.Where = sourcePoint(Call->getBeginLoc(), AST.getSourceManager());
  HostEvaluator Eval(AST, Host);
  if (const CallExpr *Config = Call->getConfig()) {
    if (Config->getNumArgs() >= 2) {
      L.Grid = Eval.dim3(Config->getArg(0));
      L.Block = Eval.dim3(Config->getArg(1));
    }
  }
  const FunctionDecl *Kernel = Call->getDirectCallee();
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    if (Kernel && I < Kernel->getNumParams() &&
        !Kernel->getParamDecl(I)->getType()->isIntegralOrEnumerationType())
      continue;
    if (auto V = Eval.integer(Call->getArg(I)))
      L.Arguments[I] = *V;
  }
  return L;
}

} // namespace cudacoalesce
