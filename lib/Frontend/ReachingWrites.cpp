//===- Frontend/ReachingWrites.cpp - Which write a read sees --------------===//
#include "ReachingWrites.h"
#include "ExprSemantics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

using namespace clang;

namespace cudacoalesce {

int dim3FieldIndex(StringRef Name) {
  return llvm::StringSwitch<int>(Name)
      .Case("x", 0)
      .Case("y", 1)
      .Case("z", 2)
      .Default(-1);
}

bool isDim3Like(QualType T) {
  const auto *R = T->getAsCXXRecordDecl();
  return R && R->getIdentifier() &&
         (R->getName() == "dim3" || R->getName() == "uint3");
}

FunctionBody::FunctionBody(const Stmt *Body) : Body(Body) {
  index(Body);
  Writes.add(Body);
}

std::vector<const Stmt *> FunctionBody::chain(const Stmt *S) const {
  std::vector<const Stmt *> Chain;
  for (; S; S = Parent.lookup(S))
    Chain.push_back(S);
  if (Chain.empty() || Chain.back() != Body)
    Chain.clear();
  return Chain;
}

bool FunctionBody::index(const Stmt *S) {
  bool Open = isa<SwitchCase>(S);
  HasGoto |= isa<GotoStmt, IndirectGotoStmt>(S);
  if (const auto *D = dyn_cast<DeclStmt>(S))
    for (const Decl *X : D->decls())
      if (const auto *V = dyn_cast<VarDecl>(X))
        DeclaredIn.try_emplace(V, D);
  for (const Stmt *C : S->children())
    if (C && Parent.try_emplace(C, S).second) // shared nodes: first place
      Open |= index(C);
  if (isa<SwitchStmt>(S))
    Open = false; // its labels are its own
  if (Open)
    OpenCase.insert(S);
  return Open;
}

namespace {

bool isLoop(const Stmt *S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

/// The statement cannot complete normally: the next one is reached only
/// through its own label.
bool endsInJump(const Stmt *S) {
  while (true) {
    if (const auto *C = dyn_cast<SwitchCase>(S))
      S = C->getSubStmt();
    else if (const auto *L = dyn_cast<LabelStmt>(S))
      S = L->getSubStmt();
    else if (const auto *B = dyn_cast<CompoundStmt>(S)) {
      if (B->body_empty())
        return false;
      S = B->body_back();
    } else
      return isa<BreakStmt, ReturnStmt, ContinueStmt>(S);
  }
}

/// `v.x = e;` or a chain `a.y = b.z = v.z = e;` as a statement of its own,
/// every target a dim3 field (all unsigned, so each stores e's value): when
/// \p Site is the write to a field of \p V in it, that field and e.
std::optional<std::pair<int, const Expr *>>
chainedFieldAssignment(const Stmt *S, const Stmt *Site, const VarDecl *V) {
  std::optional<int> SiteField;
  const auto *E = dyn_cast<Expr>(S);
  while (E) {
    const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (!B || B->getOpcode() != BO_Assign)
      break;
    const auto *M = dyn_cast<MemberExpr>(B->getLHS()->IgnoreParenImpCasts());
    if (!M || M->isArrow() || !isDim3Like(M->getBase()->getType()))
      return std::nullopt;
    int Field = dim3FieldIndex(M->getMemberDecl()->getName());
    if (Field < 0)
      return std::nullopt;
    if (B == Site && VariableWrites::directTarget(M->getBase()) == V)
      SiteField = Field;
    E = B->getRHS();
  }
  if (!SiteField || !E)
    return std::nullopt; // the write is part of some other statement
  return std::pair(*SiteField, E);
}

/// `v = e;`, `v.x = e;` (dim3 fields) as a statement of its own: the field
/// (-1 for the whole variable) and the value; else nothing.
std::optional<std::pair<int, const Expr *>>
plainAssignment(const Stmt *S, const Stmt *Site, const VarDecl *V) {
  if (const auto *F = dyn_cast<FullExpr>(S))
    S = F->getSubExpr();
  if (auto Chained = chainedFieldAssignment(S, Site, V))
    return Chained;
  if (S != Site)
    return std::nullopt; // the write is part of a larger statement
  if (const auto *B = dyn_cast<BinaryOperator>(S)) {
    if (B->getOpcode() != BO_Assign)
      return std::nullopt;
    if (VariableWrites::directTarget(B->getLHS()) == V)
      return std::pair(-1, B->getRHS());
    const auto *M = dyn_cast<MemberExpr>(B->getLHS()->IgnoreParenImpCasts());
    if (M && !M->isArrow() && VariableWrites::directTarget(M->getBase()) == V &&
        isDim3Like(M->getBase()->getType()))
      if (int Field = dim3FieldIndex(M->getMemberDecl()->getName()); Field >= 0)
        return std::pair(Field, B->getRHS());
    return std::nullopt;
  }
  if (const auto *C = dyn_cast<CXXOperatorCallExpr>(S))
    if (C->getOperator() == OO_Equal && C->getNumArgs() == 2 &&
        VariableWrites::directTarget(C->getArg(0)) == V)
      return std::pair(-1, C->getArg(1));
  return std::nullopt;
}

size_t indexIn(const CompoundStmt *Block, const Stmt *Child) {
  return std::find(Block->body_begin(), Block->body_end(), Child) -
         Block->body_begin();
}
} // namespace

std::optional<Reaching> ReachingWrites::reaching(const VarDecl *V,
                                                 const Stmt *Here) {
  QualType T = V->getType();
  const auto *Param = dyn_cast<ParmVarDecl>(V);
  // A reference parameter nothing in the function writes through holds
  // what each caller binds it to (a forwarding `Args &&...args`).
  bool UnwrittenReferenceParameter = Param && Body && T->isReferenceType() &&
                                     Param->getDeclContext() == Host &&
                                     Body->Writes.sites(V).empty();
  if (T.isVolatileQualified() ||
      (T->isReferenceType() && !UnwrittenReferenceParameter))
    return std::nullopt;
  if (!Param && !V->isLocalVarDecl()) {
    // A global: only a constant one, as any function may change the others.
    if (!T.isConstQualified() || !V->getInit())
      return std::nullopt;
    return Reaching{V->getInit(), nullptr, {}, std::nullopt};
  }
  // Only this function's own variables (not a lambda's parameters); a
  // static local keeps what earlier calls left in it.
  if (!Body || V->isStaticLocal() ||
      (Param ? Param->getDeclContext() != Host : !Body->DeclaredIn.count(V)))
    return std::nullopt;
  if (!Body->Writes.sites(V).empty())
    return lastWrites(V, Here);
  // Never changed: it has one value all its life, the one any `case` it is
  // switched on says it has, wherever the switch is.
  if (auto N = caseValue(V))
    return Reaching{nullptr, nullptr, {}, N};
  if (Param)
    return Reaching{};
  if (!V->getInit())
    return std::nullopt;
  return Reaching{V->getInit(), Body->DeclaredIn.lookup(V), {}, std::nullopt};
}

/// A variable that is written somewhere in the function: its value at
/// \p Here comes from the writes that surely run before it, when no other
/// write may run in between. A write counts only as a statement of its own
/// (`v = e;`, `v.x = e;`) in a block around Here, before it, with no case
/// label in between (a jump to it would skip the write). Any other write
/// leaves V unknown, unless it comes later in the text and no loop around
/// both (inside V's scope) can bring control back to Here after it. A write
/// under an if, in a called function through a pointer or reference, or in
/// a lambda may or may not have run: unknown.
std::optional<Reaching> ReachingWrites::lastWrites(const VarDecl *V,
                                                   const Stmt *Here) {
  if (!Here || Body->HasGoto) // a goto may enter a block in the middle
    return std::nullopt;
  std::vector<const Stmt *> Chain = Body->chain(Here);
  if (Chain.empty())
    return std::nullopt;
  llvm::DenseMap<const Stmt *, unsigned> Position;
  for (unsigned I = 0; I < Chain.size(); ++I)
    Position[Chain[I]] = I;
  // V's scope: the statement its declaration is in (a for loop declaring it
  // keeps it across iterations); a parameter's is the whole body. A lambda
  // between Here and the scope may run at any later time.
  unsigned Scope = Chain.size() - 1;
  if (!isa<ParmVarDecl>(V)) {
    auto It = Position.find(Body->Parent.lookup(Body->DeclaredIn.lookup(V)));
    if (It == Position.end())
      return std::nullopt;
    Scope = It->second;
  }
  for (unsigned I = 1; I <= Scope; ++I)
    if (isa<LambdaExpr>(Chain[I]))
      return std::nullopt;
  // The innermost loop around Chain[From] inside V's scope, by position.
  auto LoopAround = [&](unsigned From) -> std::optional<unsigned> {
    for (unsigned I = From; I <= Scope; ++I)
      if (isLoop(Chain[I]))
        return I;
    return std::nullopt;
  };
  // Writes later in the text inside a loop around Here: the loop's
  // innermost position and the field (-1: the whole) each writes.
  std::vector<std::pair<unsigned, int>> LaterInLoop;

  struct Before {
    unsigned Outer; // position of its block in the chain
    size_t Index;   // its place in that block
    int Field;
    const Expr *Value;
    const Stmt *At;
  };
  std::vector<Before> Writes;
  for (const Stmt *Site : Body->Writes.sites(V)) {
    // Up from the write to the first statement around Here.
    const Stmt *Below = Site, *Up = Body->Parent.lookup(Site);
    while (Up && !Position.count(Up)) {
      Below = Up;
      Up = Body->Parent.lookup(Up);
    }
    if (Site == Here) {
      // `v = f(v);` read at itself: its reads see the value before it, which
      // a loop around it may have left.
      if (LoopAround(1))
        return std::nullopt;
      continue;
    }
    if (!Up || (Below == Site && Position.count(Site)))
      return std::nullopt; // no place, or Here is inside the write
    unsigned M = Position[Up];
    const auto *Block = dyn_cast<CompoundStmt>(Up);
    if (!Block || M == 0)
      return std::nullopt; // e.g. in the condition of an if around Here
    size_t WriteIndex = indexIn(Block, Below);
    size_t HereIndex = indexIn(Block, Chain[M - 1]);
    if (WriteIndex > HereIndex) {
      // Later in the text: before Here only through a loop around both,
      // unless a write of the same field surely runs in that loop before
      // Here (below: HeCBench ddbp sets `blockSize.x` before each of three
      // launches in a loop body, and the first launch's grid was unknown).
      if (std::optional<unsigned> Loop = LoopAround(M)) {
        auto Plain = plainAssignment(Below, Site, V);
        if (!Plain)
          return std::nullopt;
        LaterInLoop.push_back({*Loop, Plain->first});
      }
      continue;
    }
    auto Plain = plainAssignment(Below, Site, V);
    if (!Plain)
      return std::nullopt;
    for (size_t K = WriteIndex + 1; K <= HereIndex; ++K)
      if (Body->OpenCase.count(Block->body_begin()[K]))
        return std::nullopt;
    Writes.push_back({M, WriteIndex, Plain->first, Plain->second, Below});
  }
  for (auto [Loop, Field] : LaterInLoop)
    if (llvm::none_of(Writes, [&, Loop = Loop, Field = Field](const Before &W) {
          return W.Outer < Loop && (W.Field < 0 || W.Field == Field);
        }))
      return std::nullopt;
  // In the order they run: outer blocks' writes come before the block
  // holding Here is entered.
  std::sort(Writes.begin(), Writes.end(), [](const Before &A, const Before &B) {
    return A.Outer != B.Outer ? A.Outer > B.Outer : A.Index < B.Index;
  });
  Reaching R;
  size_t First = 0;
  for (size_t I = Writes.size(); I-- > 0;)
    if (Writes[I].Field < 0) {
      R.Whole = Writes[I].Value;
      R.WholeAt = Writes[I].At;
      First = I + 1;
      break;
    }
  if (!R.Whole && !isa<ParmVarDecl>(V)) {
    if (!V->getInit())
      return std::nullopt;
    R.Whole = V->getInit();
    R.WholeAt = Body->DeclaredIn.lookup(V);
  }
  for (size_t I = First; I < Writes.size(); ++I)
    R.Fields.push_back({Writes[I].Field, Writes[I].Value, Writes[I].At});
  return R;
}

/// The value \p V has at the evaluation point, from the `case N:` of a
/// `switch (V)` around it; V is never written.
std::optional<int64_t> ReachingWrites::caseValue(const VarDecl *V) {
  if (!Body || Body->HasGoto || !V->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  std::vector<const Stmt *> Chain = Body->chain(At);
  for (size_t K = 2; K < Chain.size(); ++K) {
    const auto *S = dyn_cast<SwitchStmt>(Chain[K]);
    if (S && Chain[K - 1] == S->getBody() &&
        VariableWrites::directTarget(S->getCond()) == V)
      return caseEntered(S, Chain[K - 2]);
  }
  return std::nullopt;
}

/// The value of the one `case` label through which control reaches \p Path
/// (a statement of the switch's body block): none when it may also arrive
/// by falling through from the statement above the label, or by another
/// label in between.
std::optional<int64_t> ReachingWrites::caseEntered(const SwitchStmt *S,
                                                   const Stmt *Path) {
  const auto *Block = dyn_cast<CompoundStmt>(S->getBody());
  if (!Block)
    return std::nullopt;
  size_t Here = indexIn(Block, Path);
  if (Here >= Block->size())
    return std::nullopt;
  size_t Label = Here;
  while (Label < Block->size() && !isa<SwitchCase>(Block->body_begin()[Label]))
    Label = Label == 0 ? Block->size() : Label - 1;
  if (Label >= Block->size())
    return std::nullopt; // before the first label: never run
  for (size_t K = Label + 1; K <= Here; ++K)
    if (Body->OpenCase.count(Block->body_begin()[K]))
      return std::nullopt;
  const auto *Case = dyn_cast<CaseStmt>(Block->body_begin()[Label]);
  if (!Case || Case->caseStmtIsGNURange() ||
      Body->OpenCase.count(Case->getSubStmt())) // `case 1: case 2:`
    return std::nullopt;
  if (Label > 0 && !endsInJump(Block->body_begin()[Label - 1]))
    return std::nullopt; // falls through into the label
  Expr::EvalResult R;
  if (!Case->getLHS()->EvaluateAsInt(R, AST))
    return std::nullopt;
  return asInt64(R.Val.getInt());
}

} // namespace cudacoalesce
