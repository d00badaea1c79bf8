//===- Frontend/HostCallGraph.cpp - Who calls whom in host code -----------===//
#include "HostCallGraph.h"
#include "EnclosingFunction.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace cudacoalesce {

class HostCallGraph::Index : public EnclosingFunctionVisitor<Index> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (!Callee)
      return true;
    CalleeNames.insert(C->getCallee()->IgnoreParenImpCasts());
    // A call in a template's pattern is seen again in each instantiation.
    if (Enclosing && Enclosing->isDependentContext())
      return true;
    if (Enclosing)
      Calls[Callee->getCanonicalDecl()].push_back({C, Enclosing});
    else
      Escaped.insert(Callee->getCanonicalDecl());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    // Named other than as the callee of a call (a pointer to it, a
    // cudaLaunchKernel argument): it may be called with anything.
    if (const auto *F = dyn_cast<FunctionDecl>(D->getDecl()))
      if (!CalleeNames.count(D))
        Escaped.insert(F->getCanonicalDecl());
    return true;
  }

  llvm::DenseSet<const Expr *> CalleeNames;
  llvm::DenseMap<const FunctionDecl *, std::vector<CallSite>> Calls;
  llvm::DenseSet<const FunctionDecl *> Escaped;
};

HostCallGraph::HostCallGraph(ASTContext &AST) : AST(AST) {}
HostCallGraph::~HostCallGraph() = default;

const std::vector<CallSite> *HostCallGraph::callsOf(const FunctionDecl *F) {
  if (!Calls) {
    Calls = std::make_unique<Index>();
    Calls->TraverseDecl(AST.getTranslationUnitDecl());
  }
  F = F->getCanonicalDecl();
  // Virtual methods are called through their base's declaration, and
  // operators and constructors not with plain argument lists.
  const auto *M = dyn_cast<CXXMethodDecl>(F);
  if (F->isMain() || Calls->Escaped.count(F) || F->isOverloadedOperator() ||
      isa<CXXConstructorDecl>(F) ||
      (M && (M->isVirtual() || M->isExplicitObjectMemberFunction())))
    return nullptr;
  auto It = Calls->Calls.find(F);
  return It == Calls->Calls.end() ? nullptr : &It->second;
}

} // namespace cudacoalesce
