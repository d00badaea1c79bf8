//===- Driver/HeaderDefinitionScope.cpp - What a file's code reaches ------===//
#include "cuda-coalesce/Driver/HeaderDefinitionScope.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace cudacoalesce {

namespace {

/// Walks code and queues each header definition it names, once.
class Reacher : public RecursiveASTVisitor<Reacher> {
public:
  explicit Reacher(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  /// A generic lambda's instances are members of its closure class, which
  /// the traversal does not reach: `[&](auto N) { launch_with(k<N>, ...); }`.
  bool TraverseLambdaExpr(LambdaExpr *L) {
    if (!RecursiveASTVisitor::TraverseLambdaExpr(L))
      return false;
    if (FunctionTemplateDecl *T = L->getDependentCallOperator())
      for (FunctionDecl *Instance : T->specializations())
        TraverseDecl(Instance);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    reach(dyn_cast<FunctionDecl>(E->getDecl()));
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    reach(dyn_cast<FunctionDecl>(E->getMemberDecl()));
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    reach(E->getConstructor());
    return true;
  }

  std::vector<Decl *> Reached;

private:
  void reach(const FunctionDecl *F) {
    const FunctionDecl *Definition = nullptr;
    // A definition inside a function (a lambda, a local class) is walked
    // with that function.
    if (!F || !F->hasBody(Definition) || Definition->isDependentContext() ||
        Definition->getParentFunctionOrMethod(/*LexicalParent=*/true))
      return;
    SourceLocation At = SM.getExpansionLoc(Definition->getLocation());
    if (At.isInvalid() || SM.isInMainFile(At) || SM.isInSystemHeader(At))
      return;
    auto *D = const_cast<FunctionDecl *>(Definition);
    if (Seen.insert(D).second)
      Reached.push_back(D);
  }

  const SourceManager &SM;
  llvm::DenseSet<const Decl *> Seen;
};

bool isWholeUnit(const std::vector<Decl *> &Scope) {
  return Scope.size() == 1 && isa<TranslationUnitDecl>(Scope.front());
}

} // namespace

std::vector<Decl *> headerDefinitionsReached(ASTContext &AST,
                                             const std::vector<Decl *> &Scope) {
  Reacher R(AST.getSourceManager());
  for (Decl *D : Scope)
    R.TraverseDecl(D);
  // Each definition reached is walked in turn: it may reach more.
  for (size_t Next = 0; Next < R.Reached.size(); ++Next)
    R.TraverseDecl(R.Reached[Next]);
  return std::move(R.Reached);
}

HeaderDefinitionScope::HeaderDefinitionScope(ASTContext &AST)
    : AST(AST), Saved(AST.getTraversalScope()) {
  if (isWholeUnit(Saved))
    return;
  Added = headerDefinitionsReached(AST, Saved);
  if (Added.empty())
    return;
  std::vector<Decl *> Widened = Saved;
  Widened.insert(Widened.end(), Added.begin(), Added.end());
  AST.setTraversalScope(Widened);
}

HeaderDefinitionScope::~HeaderDefinitionScope() {
  if (!Added.empty())
    AST.setTraversalScope(Saved);
}

} // namespace cudacoalesce
