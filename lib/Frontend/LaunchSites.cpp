//===- Frontend/LaunchSites.cpp - <<<grid, block>>> launches --------------===//
#include "LaunchSites.h"
#include "HostEvaluator.h"
#include "SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cudacoalesce {

namespace {

/// The grid and block arguments of a launch's configuration call: the first
/// two dim3 parameters (host: `__cudaPushCallConfiguration(grid, block,
/// ...)`; device: `cudaLaunchDevice(func, buffer, grid, block, ...)`).
std::pair<const Expr *, const Expr *> shapeArguments(const CallExpr *Config) {
  std::vector<const Expr *> Shapes;
  if (Config)
    for (const Expr *A : Config->arguments())
      if (A->getType()->isRecordType() && Shapes.size() < 2)
        Shapes.push_back(A);
  if (Shapes.size() < 2)
    return {nullptr, nullptr};
  return {Shapes[0], Shapes[1]};
}

/// A shape CUDA can launch; any other launch fails and runs nothing, and a
/// zero or wrapped-around dimension is a sign of a wrong evaluation.
std::optional<model::Dim3> launchable(std::optional<model::Dim3> D,
                                      const model::Dim3 &Most) {
  if (!D || D->X < 1 || D->Y < 1 || D->Z < 1 || D->X > Most.X ||
      D->Y > Most.Y || D->Z > Most.Z)
    return std::nullopt;
  return D;
}

} // namespace

LaunchSite evaluateLaunch(ASTContext &AST, HostFacts &Facts,
                          const CUDAKernelCallExpr *Call,
                          const FunctionDecl *Host) {
  LaunchSite L;
  L.Where = sourcePoint(Call->getBeginLoc(), AST.getSourceManager());
  HostEvaluator Eval(AST, Facts, Host, Call);
  auto [Grid, Block] = shapeArguments(Call->getConfig());
  if (Grid && Block) {
    L.Grid = launchable(Eval.dim3(Grid), {2147483647, 65535, 65535});
    L.Block = launchable(Eval.dim3(Block), {1024, 1024, 64});
    if (L.Block && L.Block->volume() > 1024)
      L.Block.reset();
  }
  const FunctionDecl *Kernel = Call->getDirectCallee();
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    if (Kernel && I < Kernel->getNumParams() &&
        !Kernel->getParamDecl(I)->getType()->isIntegralOrEnumerationType())
      continue;
    if (auto V = Eval.integer(Call->getArg(I)))
      L.Arguments[I] = *V;
  }
  return L;
}

} // namespace cudacoalesce
