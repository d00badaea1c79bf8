//===- Frontend/AddressBuilderCall.cpp - Calls ----------------------------===//
#include "AddressBuilder.h"
#include "CooperativeGroups.h"
#include "DeviceBuiltins.h"
#include "SourceText.h"

#include "cuda-coalesce/Limits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/SaveAndRestore.h"

#include <algorithm>
#include <cassert>

using namespace clang;

namespace cudacoalesce {

namespace {

/// Whether \p S mentions `this`, explicitly or through a member.
bool usesThis(const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitCXXThisExpr(CXXThisExpr *) {
      Found = true;
      return false;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

} // namespace

SymValue AddressBuilder::call(const CallExpr *C) {
  const FunctionDecl *Callee = C->getDirectCallee();
  StringRef Name;
  if (Callee && Callee->getIdentifier())
    Name = Callee->getName();

  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
    // Whole-object assignment of a struct in memory: a store (and a load).
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
    if (Op->getOperator() == OO_Equal && Method &&
        (Method->isCopyAssignmentOperator() ||
         Method->isMoveAssignmentOperator())) {
      SymValue RHS = rvalue(C->getArg(1));
      LValue LV = lvalue(C->getArg(0));
      record(LV, AccessKind::Store, C->getArg(0));
      return RHS;
    }
  }

  if (!Name.empty() && C->getNumArgs() > 0) {
    if (isTextureFetchName(Name)) {
      if (Recording)
        TextureFetches.push_back(C);
      for (const Expr *Arg : C->arguments())
        rvalue(Arg);
      return opaqueFor(C, Variation::LaneData);
    }
    if (isAtomicName(Name)) {
      LValue LV = pointerArgument(C, AccessKind::Atomic);
      return opaqueFor(C, loadedVariation(LV.Address.P));
    }
    if (auto Kind = cacheHintedAccess(Name)) {
      LValue LV = pointerArgument(C, *Kind);
      return opaqueFor(C, loadedVariation(LV.Address.P));
    }
    if (auto MinMax = minMaxName(Name))
      if (C->getNumArgs() == 2 && C->getType()->isIntegerType()) {
        SymValue L = rvalue(C->getArg(0)), R = rvalue(C->getArg(1));
        SymValue V;
        V.P = Syms.op(*MinMax, L.P, R.P);
        return V;
      }
    if (isMul24Name(Name) && C->getNumArgs() == 2) {
      SymValue V;
      V.P = rvalue(C->getArg(0)).P * rvalue(C->getArg(1)).P;
      return V;
    }
  }

  if (std::optional<Poly> Group = cooperativeGroupsQuery(C, Syms))
    return SymValue{false, -1, *Group};
  if (Callee)
    if (auto V = inlineCall(Callee, C))
      return *V;

  // A method of an object the walk does not track may answer per lane.
  Variation Varies =
      isa<CXXMemberCallExpr>(C) ? Variation::LaneComputed : Variation::Uniform;
  for (const Expr *Arg : C->arguments())
    Varies = std::max(Varies, Syms.variationOf(rvalue(Arg).P));
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(C))
    rvalue(M->getImplicitObjectArgument());
  return opaqueFor(C, Varies);
}

AddressBuilder::LValue AddressBuilder::pointerArgument(const CallExpr *C,
                                                       AccessKind Kind) {
  const Expr *Arg = C->getArg(0);
  LValue LV;
  LV.Kind = LValue::Memory;
  LV.Address = rvalue(Arg);
  LV.Address.IsPointer = true;
  LV.Type = Arg->getType()->isPointerType() ? Arg->getType()->getPointeeType()
                                            : Arg->getType();
  const Expr *At = Arg->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(At))
    if (U->getOpcode() == UO_AddrOf)
      At = U->getSubExpr()->IgnoreParens();
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(At))
    At = Cast->getSubExprAsWritten();
  for (unsigned I = 1; I < C->getNumArgs(); ++I)
    rvalue(C->getArg(I));
  record(LV, Kind, At);
  return LV;
}

std::optional<SymValue> AddressBuilder::inlineCall(const FunctionDecl *Callee,
                                                   const CallExpr *C) {
  // A kernel launched from device code runs as a grid of its own, not in
  // the caller's threads: it is analysed on its own.
  if (isa<CUDAKernelCallExpr>(C))
    return std::nullopt;
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def) || !Def)
    return std::nullopt;
  // Methods are walked only when they never use `this` (a conversion
  // operator handing out extern __shared__ memory, cuda-samples'
  // SharedMemory<T>): the object itself is not tracked.
  if (const auto *M = dyn_cast<CXXMethodDecl>(Def))
    if (M->isInstance() && usesThis(Def->getBody()))
      return std::nullopt;
  // Library code (CUDA and C++ headers) is not walked: its accesses are not
  // the user's to fix, and it is large.
  if (AST.getSourceManager().isInSystemHeader(Def->getLocation()))
    return std::nullopt;
  if (Frames.size() >= limits::MaxInlineDepth ||
      std::find(Frames.begin(), Frames.end(), Def) != Frames.end() ||
      Def == Kernel)
    return std::nullopt;
  if (C->getNumArgs() != Def->getNumParams())
    return std::nullopt;
  if (anyWithin(AST.getSourceManager(), Def->getBody()->getSourceRange(),
                CompileErrors))
    SawErrors = true;

  std::vector<SymValue> Args;
  for (const Expr *Arg : C->arguments()) {
    // A reference parameter binds to the argument's object.
    LValue LV = lvalue(Arg);
    if (LV.Kind == LValue::Memory && Arg->isGLValue())
      Args.push_back(LV.Address);
    else
      Args.push_back(rvalue(Arg));
  }
  assert(Args.size() == Def->getNumParams() && "one value per parameter");
  for (unsigned I = 0; I < Def->getNumParams(); ++I)
    Vars[Def->getParamDecl(I)] = Args[I];

  Frames.push_back(Def);
  CallStack.push_back(C);
  Returns.emplace_back();
  {
    llvm::SaveAndRestore NotAtTail(AtKernelTail, false);
    GuardScope Body(Guards);
    stmt(Def->getBody());
  }
  std::vector<SymValue> Results = std::move(Returns.back());
  Returns.pop_back();
  CallStack.pop_back();
  Frames.pop_back();

  if (Results.empty())
    return opaqueFor(C, Variation::Uniform);
  bool Same = true;
  Variation Varies = Variation::Uniform;
  for (const SymValue &R : Results) {
    Same &= R.IsPointer == Results[0].IsPointer && R.Base == Results[0].Base &&
            R.P == Results[0].P;
    Varies = std::max(Varies, Syms.variationOf(R.P));
  }
  return Same ? Results[0] : opaqueFor(C, Varies);
}

} // namespace cudacoalesce
