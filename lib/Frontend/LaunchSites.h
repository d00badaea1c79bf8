//===- Frontend/LaunchSites.h - <<<grid, block>>> launches -----*- C++ -*-===//
//
// Evaluates what a launch site fixes at compile time: the block and grid
// shapes and the scalar kernel arguments, following constants through local
// variables of the launching host function that are never changed.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_LAUNCHSITES_H
#define CUDA_COALESCE_LIB_FRONTEND_LAUNCHSITES_H

#include "cuda-coalesce/Frontend/KernelAnalysis.h"
#include "cuda-coalesce/Model/WarpModel.h"

#include "VariableWrites.h"

#include <map>
#include <optional>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class Expr;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace cudacoalesce {

class HostEvaluator {
public:
  HostEvaluator(clang::ASTContext &AST, const clang::FunctionDecl *Host);
  std::optional<int64_t> integer(const clang::Expr *E, unsigned Depth = 0);
  std::optional<model::Dim3> dim3(const clang::Expr *E, unsigned Depth = 0);

private:
  const clang::Expr *constantInit(const clang::Expr *E);
  std::optional<model::Dim3>
  fieldByField(const clang::VarDecl *V, const clang::Expr *Use, unsigned Depth);
  clang::ASTContext &AST;
  const clang::FunctionDecl *Host;
  VariableWrites Modified{VariableWrites::WholeObject};
};

LaunchSite evaluateLaunch(clang::ASTContext &AST,
                          const clang::CUDAKernelCallExpr *Call,
                          const clang::FunctionDecl *Host);

} // namespace cudacoalesce

#endif
