//===- Frontend/VariableWrites.cpp - Which variables a statement changes -===//
#include "VariableWrites.h"
#include "ExprSemantics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cudacoalesce {

namespace {

/// A `const T &` parameter: the callee cannot change the argument (short of
/// a const_cast), so passing a variable there is no write.
bool bindsConst(QualType Param) {
  return Param->isReferenceType() && Param->getPointeeType().isConstQualified();
}

/// The array \p Arg hands over as a pointer through which it may be written
/// (`cudaMemcpy(host, dev, ...)`, `fread(buf, ...)`, `(void *)buf`): the
/// decay of an array to a pointer to non-const, under any casts; else null.
const Expr *arrayHandedAsPointer(const Expr *Arg) {
  QualType T = Arg->getType();
  if (!T->isPointerType() || T->getPointeeType().isConstQualified())
    return nullptr;
  const Expr *E = Arg->IgnoreParens();
  while (const auto *Cast = dyn_cast<CastExpr>(E)) {
    if (Cast->getCastKind() == CK_ArrayToPointerDecay)
      return Cast->getSubExpr();
    E = Cast->getSubExpr()->IgnoreParens();
  }
  return nullptr;
}

/// Calls \p Note on what the call \p C may change: each argument (an lvalue,
/// or an address `&v`) that the callee may write through, as
/// \p MayWriteParam says for a parameter of a known callee, and the object a
/// non-const method is called on.
void noteCallWrites(
    const CallExpr *C,
    llvm::function_ref<bool(const FunctionDecl *, unsigned)> MayWriteParam,
    llvm::function_ref<void(const Expr *)> Note) {
  const FunctionDecl *Callee = C->getDirectCallee();
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
  // A member operator's object is argument 0, its parameters come after.
  unsigned Object = isa<CXXOperatorCallExpr>(C) && Method &&
                            Method->isImplicitObjectMemberFunction()
                        ? 1
                        : 0;
  for (unsigned I = 0; I < C->getNumArgs(); ++I) {
    const Expr *Arg = C->getArg(I);
    if (const Expr *Array = arrayHandedAsPointer(Arg))
      Arg = Array;
    else if (!Arg->isGLValue() &&
             !isa<UnaryOperator>(Arg->IgnoreParenImpCasts()))
      continue;
    if (I < Object ? Method->isConst()
                   : Callee && I - Object < Callee->getNumParams() &&
                         !MayWriteParam(Callee, I - Object))
      continue;
    Note(Arg);
  }
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(C))
    if (const CXXMethodDecl *Called = M->getMethodDecl();
        Called && !Called->isConst() && M->getImplicitObjectArgument())
      Note(M->getImplicitObjectArgument());
}

} // namespace

void VariableWrites::note(const Expr *E, const Stmt *Site) {
  const VarDecl *V = target(E);
  if (!V)
    return;
  ++Counts[V];
  if (What != WholeObject)
    return;
  auto &List = Sites[V];
  if (List.empty() || List.back() != Site) // operator= is seen twice
    List.push_back(Site);
}

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
    note(B->getLHS(), B);
  return true;
}

bool VariableWrites::VisitUnaryOperator(UnaryOperator *U) {
  if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
    note(U->getSubExpr(), U);
  return true;
}

bool VariableWrites::VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
  // An overloaded assignment, ++ or -- changes its operand as the built-in
  // one does (`q += n`, `++q` of a thrust::device_ptr).
  OverloadedOperatorKind Op = C->getOperator();
  if ((C->isAssignmentOp() || Op == OO_PlusPlus || Op == OO_MinusMinus) &&
      C->getNumArgs() > 0)
    note(C->getArg(0), C);
  return true;
}

bool VariableWrites::VisitCallExpr(CallExpr *C) {
  if (What != WholeObject)
    return true;
  // Passed by reference or pointer (cudaMalloc(&p), init(n)): may change.
  if (isStdForwarding(C->getDirectCallee()))
    return true;
  noteCallWrites(
      C,
      [&](const FunctionDecl *Callee, unsigned Index) {
        return !bindsConst(Callee->getParamDecl(Index)->getType()) &&
               writesThrough(Callee, Index);
      },
      [&](const Expr *Written) { note(Written, C); });
  return true;
}

bool VariableWrites::writesThrough(const FunctionDecl *Callee, unsigned Index) {
  const FunctionDecl *Def = nullptr;
  if (!LookIntoCallees || !Callee->hasBody(Def) || !Def ||
      Index >= Def->getNumParams() ||
      !Def->getParamDecl(Index)->getType()->isReferenceType() ||
      Def->getASTContext().getSourceManager().isInSystemHeader(
          Def->getLocation()))
    return true;
  std::unique_ptr<VariableWrites> &Writes = Callees[Def];
  if (!Writes) {
    Writes = std::make_unique<VariableWrites>(WholeObject,
                                              /*LookIntoCallees=*/false);
    Writes->add(Def->getBody());
  }
  return !Writes->sites(Def->getParamDecl(Index)).empty();
}

bool VariableWrites::VisitCXXConstructExpr(CXXConstructExpr *C) {
  if (What != WholeObject)
    return true;
  // A constructor taking a non-const reference may keep it and change it.
  const CXXConstructorDecl *Ctor = C->getConstructor();
  for (unsigned I = 0; I < C->getNumArgs() && I < Ctor->getNumParams(); ++I) {
    QualType T = Ctor->getParamDecl(I)->getType();
    if (T->isReferenceType() && !bindsConst(T))
      note(C->getArg(I), C);
  }
  return true;
}

bool VariableWrites::VisitVarDecl(VarDecl *D) {
  // `int &r = v;`: every write through r is a write to v.
  if (What == WholeObject && D->getType()->isReferenceType() &&
      !bindsConst(D->getType()) && D->getInit())
    note(D->getInit(), D->getInit());
  return true;
}

namespace {

/// The fields a method body changes: `f = ..`, `f += ..`, `++f`, `&f`,
/// `T &r = f`, and `f` passed where a callee may change it.
class FieldWrites : public RecursiveASTVisitor<FieldWrites> {
public:
  llvm::DenseSet<const FieldDecl *> Written;

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      note(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      note(U->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    noteCallWrites(
        C,
        [](const FunctionDecl *Callee, unsigned Index) {
          return writableReference(Callee->getParamDecl(Index)->getType());
        },
        [&](const Expr *Written) { note(Written); });
    return true;
  }
  bool VisitVarDecl(VarDecl *D) {
    if (D->getType()->isReferenceType() && D->getInit() &&
        writableReference(D->getType()))
      note(D->getInit());
    return true;
  }

private:
  static bool writableReference(QualType T) {
    return T->isReferenceType() && !T->getPointeeType().isConstQualified();
  }
  void note(const Expr *E) {
    if (const auto *M = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts()))
      if (const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl()))
        Written.insert(F);
  }
};

} // namespace

llvm::DenseSet<const FieldDecl *> fieldsWrittenIn(const Stmt *S) {
  FieldWrites Writes;
  Writes.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(Writes.Written);
}

llvm::DenseSet<const FieldDecl *>
fieldsWrittenOutsideConstructors(const CXXRecordDecl *R) {
  FieldWrites Writes;
  auto Read = [&](const FunctionDecl *F) {
    const FunctionDecl *Def = nullptr;
    if (!isa<CXXConstructorDecl>(F) && F->hasBody(Def) && Def)
      Writes.TraverseStmt(Def->getBody());
  };
  for (const Decl *D : R->decls()) {
    if (const auto *Template = dyn_cast<FunctionTemplateDecl>(D)) {
      for (const FunctionDecl *Instance : Template->specializations())
        Read(Instance);
      continue;
    }
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      Read(F);
  }
  return std::move(Writes.Written);
}

unsigned usesOf(const Stmt *S, const VarDecl *V) {
  struct Counter : RecursiveASTVisitor<Counter> {
    const VarDecl *V;
    unsigned N = 0;
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      N += D->getDecl() == V;
      return true;
    }
  } Uses;
  Uses.V = V;
  Uses.TraverseStmt(const_cast<Stmt *>(S));
  return Uses.N;
}

} // namespace cudacoalesce
