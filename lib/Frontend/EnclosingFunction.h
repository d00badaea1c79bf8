//===- Frontend/EnclosingFunction.h - The function a walk is in -*- C++ -*-===//
//
// A RecursiveASTVisitor base that knows which function body it is walking:
// a free function, a method, a constructor, a destructor or a conversion.
// Launches and calls are evaluated in the function that contains them.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_ENCLOSINGFUNCTION_H
#define CUDA_COALESCE_LIB_FRONTEND_ENCLOSINGFUNCTION_H

#include "clang/AST/RecursiveASTVisitor.h"

namespace cudacoalesce {

template <class Derived>
class EnclosingFunctionVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
#define CC_TRAVERSE_INSIDE(CLASS)                                              \
  bool Traverse##CLASS(clang::CLASS *F) {                                      \
    return inside(F, [&] { return Base::Traverse##CLASS(F); });                \
  }
  CC_TRAVERSE_INSIDE(FunctionDecl)
  CC_TRAVERSE_INSIDE(CXXMethodDecl)
  CC_TRAVERSE_INSIDE(CXXConstructorDecl)
  CC_TRAVERSE_INSIDE(CXXDestructorDecl)
  CC_TRAVERSE_INSIDE(CXXConversionDecl)
#undef CC_TRAVERSE_INSIDE

  /// A generic lambda's body is a template whose instances the traversal
  /// does not reach (they are members of the implicit closure class):
  /// `auto launch = [&](auto NC) { k<NC><<<b, t>>>(...); }`, called with
  /// each constant (ggml's ssm_conv), launches in each instance.
  bool TraverseLambdaExpr(clang::LambdaExpr *L) {
    if (!Base::TraverseLambdaExpr(L))
      return false;
    if (clang::FunctionTemplateDecl *T = L->getDependentCallOperator())
      for (clang::FunctionDecl *Instance : T->specializations())
        if (!this->getDerived().TraverseDecl(Instance))
          return false;
    return true;
  }

protected:
  /// The innermost function being walked; null at namespace scope.
  const clang::FunctionDecl *Enclosing = nullptr;

private:
  template <class Traverse>
  bool inside(const clang::FunctionDecl *F, Traverse T) {
    const clang::FunctionDecl *Saved = Enclosing;
    Enclosing = F;
    bool R = T();
    Enclosing = Saved;
    return R;
  }
};

} // namespace cudacoalesce

#endif
