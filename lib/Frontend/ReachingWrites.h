//===- Frontend/ReachingWrites.h - Which write a read sees ------*- C++ -*-===//
//
// For a variable of a host function read at some statement: the write whose
// value the read surely sees (an initialiser, an assignment that surely
// runs before it with no other write in between, the `case` of a switch on
// it), or nothing when control flow leaves it open. What it yields is an
// expression to evaluate; the HostEvaluator evaluates it.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_REACHINGWRITES_H
#define CUDA_COALESCE_LIB_FRONTEND_REACHINGWRITES_H

#include "VariableWrites.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class DeclStmt;
class Expr;
class FunctionDecl;
class QualType;
class Stmt;
class SwitchStmt;
class VarDecl;
} // namespace clang

namespace cudacoalesce {

/// dim3 (and uint3, which it converts from): three unsigned fields x, y, z.
bool isDim3Like(clang::QualType T);
/// `x`, `y`, `z`: 0..2, else -1.
int dim3FieldIndex(llvm::StringRef Name);

/// The shape of one function body, built once: the parent of each statement,
/// where each local is declared and written, and which statements hold a
/// case label of a switch around them (a way into the middle of a block).
struct FunctionBody {
  explicit FunctionBody(const clang::Stmt *Body);

  /// \p S and the statements around it, innermost first, up to the body;
  /// empty when \p S is not in the body.
  std::vector<const clang::Stmt *> chain(const clang::Stmt *S) const;

  const clang::Stmt *Body;
  llvm::DenseMap<const clang::Stmt *, const clang::Stmt *> Parent;
  llvm::DenseMap<const clang::VarDecl *, const clang::DeclStmt *> DeclaredIn;
  llvm::DenseSet<const clang::Stmt *> OpenCase;
  VariableWrites Writes{VariableWrites::WholeObject};
  bool HasGoto = false;

private:
  /// Returns whether \p S holds a case label of a switch outside it.
  bool index(const clang::Stmt *S);
};

/// Where a variable's value at a point comes from: its last whole value
/// (initialiser or assignment, or the callers' argument when a parameter
/// has none), then the field assignments made after it, in order; or the
/// `case` of a switch on it that the point is in.
struct Reaching {
  const clang::Expr *Whole = nullptr; // null: a parameter's value from the
                                      // callers
  const clang::Stmt *WholeAt = nullptr;
  struct FieldWrite {
    int Field;
    const clang::Expr *Value;
    const clang::Stmt *At;
  };
  std::vector<FieldWrite> Fields;
  std::optional<int64_t> Case;
};

/// The reaching writes of the variables of \p Host, whose body is \p Body
/// (null without one), evaluated at \p At.
class ReachingWrites {
public:
  ReachingWrites(clang::ASTContext &AST, const clang::FunctionDecl *Host,
                 const FunctionBody *Body, const clang::Stmt *At)
      : AST(AST), Host(Host), Body(Body), At(At) {}

  /// The statement the evaluation is for.
  const clang::Stmt *at() const { return At; }
  /// What \p V holds at \p Here; nullopt when that is not settled.
  std::optional<Reaching> reaching(const clang::VarDecl *V,
                                   const clang::Stmt *Here);

private:
  std::optional<Reaching> lastWrites(const clang::VarDecl *V,
                                     const clang::Stmt *Here);
  std::optional<int64_t> caseValue(const clang::VarDecl *V);
  std::optional<int64_t> caseEntered(const clang::SwitchStmt *S,
                                     const clang::Stmt *Path);

  clang::ASTContext &AST;
  const clang::FunctionDecl *Host;
  const FunctionBody *Body;
  const clang::Stmt *At;
};

} // namespace cudacoalesce

#endif
