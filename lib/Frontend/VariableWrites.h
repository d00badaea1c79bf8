//===- Frontend/VariableWrites.h - Which variables a statement changes ---===//
//
// Counts, per variable, the places a statement may change it: assignments
// (compound too), ++/--, taking its address. The walk over kernels needs the
// variable itself (`v = ...`); the host-side launch evaluator also counts
// writes through members and elements (`grid.x = 4`), arguments passed
// by reference or pointer (`cudaMalloc(&p, ...)`), non-const methods and
// references bound to the variable, and records where each write is.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_VARIABLEWRITES_H
#define CUDA_COALESCE_LIB_FRONTEND_VARIABLEWRITES_H

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>

namespace cudacoalesce {

class VariableWrites : public clang::RecursiveASTVisitor<VariableWrites> {
public:
  enum Reach { VariableOnly, WholeObject };
  /// \p LookIntoCallees (WholeObject): a variable passed by non-const
  /// reference to a function of the program that never writes through
  /// that parameter (a forwarding `benchmark_kernel(f, args...)`) is not
  /// written; the callee's body is read without looking further.
  explicit VariableWrites(Reach R = VariableOnly, bool LookIntoCallees = true)
      : What(R), LookIntoCallees(LookIntoCallees) {}

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
  /// Variable -> number of writes, in the order the walk first met them (the
  /// symbols made for them are numbered in that order, which decides how
  /// the output lists them: it must not depend on where the heap put the
  /// declarations). Only on a named object: the map lives in it, and
  /// `for (auto &W : VariableWrites::in(S).all())` would walk a map
  /// destroyed before the loop body runs.
  const llvm::MapVector<const clang::VarDecl *, unsigned> &all() const & {
    return Counts;
  }
  void all() const && = delete;
  /// The expressions that write \p V (WholeObject only): an assignment,
  /// ++/--, `&v`, a call or construction taking it by reference, or the
  /// initialiser a reference is bound to.
  llvm::ArrayRef<const clang::Stmt *> sites(const clang::VarDecl *V) const & {
    auto It = Sites.find(V);
    if (It == Sites.end())
      return {};
    return It->second;
  }
  void sites(const clang::VarDecl *V) const && = delete;

  bool VisitBinaryOperator(clang::BinaryOperator *B);
  bool VisitUnaryOperator(clang::UnaryOperator *U);
  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *C);
  bool VisitCallExpr(clang::CallExpr *C);
  bool VisitCXXConstructExpr(clang::CXXConstructExpr *C);
  bool VisitVarDecl(clang::VarDecl *D);

private:
  const clang::VarDecl *target(const clang::Expr *E) const;
  void note(const clang::Expr *E, const clang::Stmt *Site);
  /// Whether \p Callee may write through its parameter \p Index.
  bool writesThrough(const clang::FunctionDecl *Callee, unsigned Index);
  Reach What;
  bool LookIntoCallees;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<VariableWrites>>
      Callees;
  llvm::MapVector<const clang::VarDecl *, unsigned> Counts;
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<const clang::Stmt *, 2>>
      Sites;
};

/// The fields of \p R that a method other than a constructor may change
/// (assigned, incremented, address taken, bound to a non-const reference or
/// passed to one): the others hold what the constructor gave them for the
/// object's life. Only the methods with a body (those used) are read.
llvm::DenseSet<const clang::FieldDecl *>
fieldsWrittenOutsideConstructors(const clang::CXXRecordDecl *R);

/// The fields \p S itself (not the functions it calls) may change.
llvm::DenseSet<const clang::FieldDecl *> fieldsWrittenIn(const clang::Stmt *S);

/// How many times \p S names \p V.
unsigned usesOf(const clang::Stmt *S, const clang::VarDecl *V);

} // namespace cudacoalesce

#endif
