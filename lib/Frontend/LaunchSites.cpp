//===- Frontend/LaunchSites.cpp - <<<grid, block>>> launches --------------===//
#include "LaunchSites.h"
#include "ExprSemantics.h"
#include "HostEvaluator.h"
#include "SourceText.h"

#include "cuda-coalesce/Limits.h"

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

namespace {

/// The launch under the choices in Facts.Chosen.
LaunchSite evaluateOnce(ASTContext &AST, HostFacts &Facts,
                        const CUDAKernelCallExpr *Call,
                        const FunctionDecl *Host, const FunctionDecl *Kernel,
                        const std::optional<CallSite> &Via) {
  LaunchSite L;
  L.Where = sourcePoint((Via ? Via->Call : Call)->getBeginLoc(),
                        AST.getSourceManager());
  HostEvaluator Eval = Via ? HostEvaluator(AST, Facts, Host, Call, *Via)
                           : HostEvaluator(AST, Facts, Host, Call);
  auto [Grid, Block] = shapeArguments(Call->getConfig());
  if (Grid && Block) {
    L.Grid = launchable(Eval.dim3(Grid), {2147483647, 65535, 65535});
    L.Block = launchable(Eval.dim3(Block), {1024, 1024, 64});
    if (L.Block && L.Block->volume() > 1024)
      L.Block.reset();
    if (!L.Block)
      if (std::optional<model::Dim3> Part = Eval.partialDim3(Block);
          // Something beyond a 1-D shape of unknown size, which the
          // fallback shape already stands for.
          Part && (Part->X > 0 || Part->Y > 1 || Part->Z > 1) && Part->X >= 0 &&
          Part->Y >= 0 && Part->Z >= 0 && Part->X <= 1024 && Part->Y <= 1024 &&
          Part->Z <= 64)
        L.PartialBlock = Part;
  }
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    if (Kernel && I < Kernel->getNumParams() &&
        !Kernel->getParamDecl(I)->getType()->isIntegralOrEnumerationType())
      continue;
    if (auto V = Eval.integer(Call->getArg(I)))
      L.Arguments[I] = *V;
  }
  if (Block && !L.Block)
    for (unsigned Dim = 0; Dim < 3; ++Dim)
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (Kernel && I < Kernel->getNumParams() &&
            Kernel->getParamDecl(I)->getType()->isIntegerType() &&
            !L.Arguments.count(I) &&
            Eval.holdsExtent(Block, Dim, Call->getArg(I))) {
          L.ExtentArguments[Dim] = I;
          break;
        }
  return L;
}

bool sameLaunch(const LaunchSite &A, const LaunchSite &B) {
  return A.Block.has_value() == B.Block.has_value() &&
         (!A.Block || *A.Block == *B.Block) &&
         A.Grid.has_value() == B.Grid.has_value() &&
         (!A.Grid || *A.Grid == *B.Grid) && A.Arguments == B.Arguments &&
         A.ExtentArguments == B.ExtentArguments;
}

} // namespace

std::vector<const FunctionDecl *>
launchedKernels(HostFacts &Facts, const CUDAKernelCallExpr *Call,
                const FunctionDecl *Host) {
  if (const FunctionDecl *Direct = Call->getDirectCallee())
    return {Direct};
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Callee);
      U && U->getOpcode() == UO_Deref)
    Callee = U->getSubExpr()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Callee);
  const auto *Pointer = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const FunctionBody *Body = Facts.body(Host);
  if (!Pointer || !Body || !Body->DeclaredIn.count(Pointer))
    return {};
  std::vector<const FunctionDecl *> Kernels;
  auto Add = [&](const Expr *Value) {
    if (const FunctionDecl *F = Value ? namedFunction(Value) : nullptr)
      if (llvm::find(Kernels, F) == Kernels.end())
        Kernels.push_back(F);
  };
  Add(Pointer->getInit());
  for (const Stmt *Site : Body->Writes.sites(Pointer))
    if (const auto *B = dyn_cast<BinaryOperator>(Site);
        B && B->getOpcode() == BO_Assign)
      Add(B->getRHS());
  return Kernels;
}

std::vector<std::pair<const FunctionDecl *, CallSite>>
kernelsPassedIn(HostFacts &Facts, const CUDAKernelCallExpr *Call,
                const FunctionDecl *Host) {
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!Host || !Param || Param->getDeclContext() != Host)
    return {};
  const std::vector<CallSite> *Calls = Facts.calls().callsOf(Host);
  if (!Calls)
    return {};
  std::vector<std::pair<const FunctionDecl *, CallSite>> Kernels;
  unsigned Index = Param->getFunctionScopeIndex();
  for (const CallSite &Site : *Calls)
    if (Index < Site.Call->getNumArgs())
      if (const FunctionDecl *K = namedFunction(Site.Call->getArg(Index));
          K && K->hasAttr<CUDAGlobalAttr>())
        Kernels.push_back({K, Site});
  return Kernels;
}

std::vector<LaunchSite> evaluateLaunch(ASTContext &AST, HostFacts &Facts,
                                       const CUDAKernelCallExpr *Call,
                                       const FunctionDecl *Host,
                                       const FunctionDecl *Kernel,
                                       const std::optional<CallSite> &Via) {
  // Each combination of the elements read from arrays at unsettled indices
  // (block sizes looped over) and of the calls of functions whose callers
  // pass different values is a launch of its own, found by evaluating again
  // with one more choice made each time an unmade one is met.
  std::vector<LaunchSite> Launches;
  std::vector<HostFacts::Choices> Pending = {{}};
  unsigned Evaluations = 0;
  while (!Pending.empty() && Evaluations++ < limits::MaxLaunchEvaluations) {
    Facts.Chosen = std::move(Pending.back());
    Pending.pop_back();
    Facts.Met.clear();
    LaunchSite L = evaluateOnce(AST, Facts, Call, Host, Kernel, Via);
    if (!Facts.Met.empty()) {
      HostFacts::Choice First = Facts.Met.front();
      // Pushed last-first, so that the launches come out in the array's
      // order and the calls' order.
      for (size_t K = First.Options; K-- > 0;) {
        HostFacts::Choices Next = Facts.Chosen;
        Next[First.Of] = K;
        Pending.push_back(std::move(Next));
      }
      continue;
    }
    if (llvm::none_of(Launches,
                      [&](const LaunchSite &O) { return sameLaunch(O, L); }))
      Launches.push_back(std::move(L));
  }
  Facts.Chosen.clear();
  Facts.Met.clear();
  if (Launches.empty()) // every combination left undone: nothing settled
    Launches.push_back(evaluateOnce(AST, Facts, Call, Host, Kernel, Via));
  return Launches;
}

} // namespace cudacoalesce
