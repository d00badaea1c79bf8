//===- Frontend/VariableWrites.h - Which variables a statement changes ---===//
//
// Counts, per variable, the places a statement may change it: assignments
// (compound too), ++/--, taking its address. The walk over kernels needs the
// variable itself (`v = ...`); the host-side launch evaluator also counts
// writes through members and elements (`grid.x = 4`) and arguments passed
// by reference or pointer (`cudaMalloc(&p, ...)`).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_VARIABLEWRITES_H
#define CUDA_COALESCE_LIB_FRONTEND_VARIABLEWRITES_H

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"

namespace cudacoalesce {

class VariableWrites : public clang::RecursiveASTVisitor<VariableWrites> {
public:
  enum Reach { VariableOnly, WholeObject };
  explicit VariableWrites(Reach R = VariableOnly) : What(R) {}

  /// The writes \p S makes.
  static VariableWrites in(const clang::Stmt *S, Reach R = VariableOnly) {
    VariableWrites W(R);
    W.add(S);
    return W;
  }
  void add(const clang::Stmt *S) {
    if (S)
      TraverseStmt(const_cast<clang::Stmt *>(S));
  }

  /// `v` in `v = ...` (after parentheses and implicit casts), else null.
  static const clang::VarDecl *directTarget(const clang::Expr *E);

  unsigned count(const clang::VarDecl *V) const { return Counts.lookup(V); }
  bool empty() const { return Counts.empty(); }
  /// Variable -> number of writes.
  const llvm::DenseMap<const clang::VarDecl *, unsigned> &all() const {
    return Counts;
  }

  bool VisitBinaryOperator(clang::BinaryOperator *B);
  bool VisitUnaryOperator(clang::UnaryOperator *U);
  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *C);
  bool VisitCallExpr(clang::CallExpr *C);

private:
  const clang::VarDecl *target(const clang::Expr *E) const;
  void note(const clang::Expr *E) {
    if (const clang::VarDecl *V = target(E))
      ++Counts[V];
  }
  Reach What;
  llvm::DenseMap<const clang::VarDecl *, unsigned> Counts;
};

} // namespace cudacoalesce

#endif
