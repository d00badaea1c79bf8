//===- Frontend/HostCallGraph.cpp - Who calls whom in host code -----------===//
#include "HostCallGraph.h"
#include "EnclosingFunction.h"
#include "ExprSemantics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <map>

using namespace clang;

namespace cudacoalesce {

class HostCallGraph::Index : public EnclosingFunctionVisitor<Index> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (!Callee) {
      // A call through a parameter (benchmark_kernel(n, f, args...) calls
      // kernel(args...)): it calls whatever each caller passes.
      if (const auto *Ref =
              dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts()))
        if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl()))
          if (Enclosing && !Enclosing->isDependentContext())
            ThroughParameter[{Enclosing->getCanonicalDecl(),
                              P->getFunctionScopeIndex()}]
                .push_back(C);
      return true;
    }
    CalleeNames.insert(C->getCallee()->IgnoreParenImpCasts());
    // A call in a template's pattern is seen again in each instantiation.
    if (Enclosing && Enclosing->isDependentContext())
      return true;
    if (!Enclosing) {
      Escaped.insert(Callee->getCanonicalDecl());
      return true;
    }
    Calls[Callee->getCanonicalDecl()].push_back({C, Enclosing});
    // A function handed to another as an argument.
    unsigned First = isa<CXXOperatorCallExpr>(C) &&
                             isa<CXXMethodDecl>(Callee) &&
                             cast<CXXMethodDecl>(Callee)->isInstance()
                         ? 1
                         : 0;
    for (unsigned I = First; I < C->getNumArgs(); ++I)
      if (const FunctionDecl *F = namedFunction(C->getArg(I))) {
        const Expr *Name = C->getArg(I)->IgnoreParenImpCasts();
        if (const auto *U = dyn_cast<UnaryOperator>(Name))
          Name = U->getSubExpr()->IgnoreParenImpCasts();
        Handed[Name] = {F->getCanonicalDecl(), Callee->getCanonicalDecl(),
                        I - First};
      }
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    // Named other than as the callee of a call or as an argument (a pointer
    // to it stored, a cudaLaunchKernel argument): it may be called with
    // anything.
    if (const auto *F = dyn_cast<FunctionDecl>(D->getDecl()))
      if (!CalleeNames.count(D) && !Handed.count(D))
        Escaped.insert(F->getCanonicalDecl());
    return true;
  }

  /// After the walk: a function handed to G as argument I is called where G
  /// calls through parameter I; it escapes where G does anything else with
  /// it.
  void resolveHandedFunctions() {
    for (const auto &[Name, H] : Handed) {
      auto It = ThroughParameter.find({H.Receiver, H.Parameter});
      if (It == ThroughParameter.end()) {
        Escaped.insert(H.Function);
        continue;
      }
      for (const CallExpr *Call : It->second) {
        std::vector<CallSite> &Sites = Calls[H.Function];
        bool Known = false;
        for (const CallSite &S : Sites)
          Known |= S.Call == Call;
        if (!Known)
          Sites.push_back({Call, H.Receiver});
      }
    }
  }

  struct HandedOver {
    const FunctionDecl *Function, *Receiver;
    unsigned Parameter;
  };
  llvm::DenseSet<const Expr *> CalleeNames;
  llvm::DenseMap<const Expr *, HandedOver> Handed;
  std::map<std::pair<const FunctionDecl *, unsigned>,
           std::vector<const CallExpr *>>
      ThroughParameter;
  llvm::DenseMap<const FunctionDecl *, std::vector<CallSite>> Calls;
  llvm::DenseSet<const FunctionDecl *> Escaped;
};

HostCallGraph::HostCallGraph(ASTContext &AST) : AST(AST) {}
HostCallGraph::~HostCallGraph() = default;

const std::vector<CallSite> *HostCallGraph::callsOf(const FunctionDecl *F) {
  if (!Calls) {
    Calls = std::make_unique<Index>();
    Calls->TraverseDecl(AST.getTranslationUnitDecl());
    Calls->resolveHandedFunctions();
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
