//===- Frontend/LaunchSites.h - <<<grid, block>>> launches -----*- C++ -*-===//
//
// What a launch site fixes at compile time: the block and grid shapes and
// the scalar kernel arguments, evaluated in the launching function with the
// HostEvaluator.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_LAUNCHSITES_H
#define CUDA_COALESCE_LIB_FRONTEND_LAUNCHSITES_H

#include "HostCallGraph.h"

#include "cuda-coalesce/Frontend/KernelAnalysis.h"

#include <optional>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
} // namespace clang

namespace cudacoalesce {

class HostFacts;

/// The kernels \p Call may launch: its callee, or every function assigned
/// to the function pointer it launches through (cuda-samples' transpose
/// picks its kernel in a switch).
std::vector<const clang::FunctionDecl *>
launchedKernels(HostFacts &Facts, const clang::CUDAKernelCallExpr *Call,
                const clang::FunctionDecl *Host);

/// A launch wrapper's launch (`kernel<<<params.grid, params.block>>>(args...)`
/// with `kernel` a parameter of \p Host): each call of \p Host and the
/// kernel it passes.
std::vector<std::pair<const clang::FunctionDecl *, CallSite>>
kernelsPassedIn(HostFacts &Facts, const clang::CUDAKernelCallExpr *Call,
                const clang::FunctionDecl *Host);

/// The launch \p Call of \p Kernel, written in \p Host (null outside a
/// function): one site per distinct shape it is launched with (a loop over
/// an array of block sizes gives one per size). Through \p Via, a call of
/// a wrapper \p Host: evaluated with that call's arguments, and placed at
/// that call.
std::vector<LaunchSite>
evaluateLaunch(clang::ASTContext &AST, HostFacts &Facts,
               const clang::CUDAKernelCallExpr *Call,
               const clang::FunctionDecl *Host,
               const clang::FunctionDecl *Kernel,
               const std::optional<CallSite> &Via = std::nullopt);

} // namespace cudacoalesce

#endif
