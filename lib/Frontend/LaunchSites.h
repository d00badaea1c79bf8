//===- Frontend/LaunchSites.h - <<<grid, block>>> launches -----*- C++ -*-===//
//
// Evaluates what a launch site fixes at compile time: the block and grid
// shapes and the scalar kernel arguments. Values are followed through the
// variables of the launching function (initialisers, assignments that surely
// run before the launch and after which nothing else may change them), the
// `case N:` of a `switch (v)` around the launch, fields of dim3 values,
// float arithmetic with ceil/floor, and through the parameters of the
// launching function to the value every call of it in the translation unit
// passes.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_LAUNCHSITES_H
#define CUDA_COALESCE_LIB_FRONTEND_LAUNCHSITES_H

#include "cuda-coalesce/Frontend/KernelAnalysis.h"
#include "cuda-coalesce/Model/WarpModel.h"

#include <optional>

namespace clang {
class ASTContext;
class CallExpr;
class CastExpr;
class BinaryOperator;
class CUDAKernelCallExpr;
class Expr;
class FunctionDecl;
class ParmVarDecl;
class QualType;
class Stmt;
class SwitchStmt;
class VarDecl;
} // namespace clang

namespace cudacoalesce {

struct FunctionFacts;
class TranslationUnitFacts;

/// A host value: an integer, or a floating-point value, kept rounded to
/// single precision when the program computes it as a `float`.
struct HostNumber {
  bool IsFloat = false;
  int64_t Int = 0;
  double Float = 0;
  static HostNumber integer(int64_t V) { return {false, V, 0}; }
  static HostNumber floating(double V) { return {true, 0, V}; }
  bool operator==(const HostNumber &O) const {
    return IsFloat == O.IsFloat && (IsFloat ? Float == O.Float : Int == O.Int);
  }
};

/// Evaluates host expressions as they stand when control reaches a point of
/// a function: a launch, or a call of a function that launches.
class HostEvaluator {
public:
  /// \p At is a statement of \p Host's body; \p Hops counts the calls
  /// already followed back to reach \p Host.
  HostEvaluator(clang::ASTContext &AST, const clang::FunctionDecl *Host,
                const clang::Stmt *At, unsigned Hops = 0);
  std::optional<int64_t> integer(const clang::Expr *E);
  std::optional<HostNumber> number(const clang::Expr *E);
  std::optional<model::Dim3> dim3(const clang::Expr *E);

private:
  struct Reaching;
  // Each takes the statement the expression is evaluated at (\p Here: its
  // variables hold the values they have there) and the nesting depth.
  std::optional<HostNumber> number(const clang::Expr *E,
                                   const clang::Stmt *Here, unsigned Depth);
  std::optional<model::Dim3> dim3(const clang::Expr *E, const clang::Stmt *Here,
                                  unsigned Depth);
  std::optional<HostNumber> cast(const clang::CastExpr *C,
                                 const clang::Stmt *Here, unsigned Depth);
  std::optional<HostNumber> binary(const clang::BinaryOperator *B,
                                   const clang::Stmt *Here, unsigned Depth);
  std::optional<HostNumber> call(const clang::CallExpr *C,
                                 const clang::Stmt *Here, unsigned Depth);
  std::optional<bool> truth(const clang::Expr *E, const clang::Stmt *Here,
                            unsigned Depth);
  std::optional<HostNumber> variable(const clang::VarDecl *V,
                                     const clang::Stmt *Here, unsigned Depth);
  std::optional<model::Dim3> dim3Variable(const clang::VarDecl *V,
                                          const clang::Stmt *Here,
                                          unsigned Depth);
  std::optional<Reaching> reaching(const clang::VarDecl *V,
                                   const clang::Stmt *Here);
  std::optional<Reaching> lastWrites(const clang::VarDecl *V,
                                     const clang::Stmt *Here);
  std::optional<int64_t> caseValue(const clang::VarDecl *V);
  std::optional<int64_t> caseEntered(const clang::SwitchStmt *S,
                                     const clang::Stmt *Path);
  std::optional<HostNumber> numberFromCallers(const clang::ParmVarDecl *P);
  std::optional<model::Dim3> dim3FromCallers(const clang::ParmVarDecl *P);
  std::optional<HostNumber> fitInteger(int64_t V, clang::QualType T) const;
  std::optional<HostNumber> fitFloating(double V, clang::QualType T) const;

  clang::ASTContext &AST;
  TranslationUnitFacts &TU;
  const clang::FunctionDecl *Host;
  const FunctionFacts *Body; // null without a function body
  const clang::Stmt *At;
  unsigned Hops;
};

LaunchSite evaluateLaunch(clang::ASTContext &AST,
                          const clang::CUDAKernelCallExpr *Call,
                          const clang::FunctionDecl *Host);

} // namespace cudacoalesce

#endif
