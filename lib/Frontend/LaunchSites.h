//===- Frontend/LaunchSites.h - <<<grid, block>>> launches -----*- C++ -*-===//
//
// What a launch site fixes at compile time: the block and grid shapes and
// the scalar kernel arguments, evaluated in the launching function with the
// HostEvaluator.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_LAUNCHSITES_H
#define CUDA_COALESCE_LIB_FRONTEND_LAUNCHSITES_H

#include "cuda-coalesce/Frontend/KernelAnalysis.h"

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
} // namespace clang

namespace cudacoalesce {

class HostFacts;

/// The launch \p Call, written in \p Host (null outside a function).
LaunchSite evaluateLaunch(clang::ASTContext &AST, HostFacts &Facts,
                          const clang::CUDAKernelCallExpr *Call,
                          const clang::FunctionDecl *Host);

} // namespace cudacoalesce

#endif
