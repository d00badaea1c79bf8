//===- Frontend/NvccLowering.cpp - What nvcc makes of the source ----------===//
#include "NvccLowering.h"
#include "DeviceBuiltins.h"
#include "VariableWrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>
#include <functional>
#include <optional>

using namespace clang;

namespace cudacoalesce {

const IfStmt *sinkingBranch(const ASTContext &AST, const CompoundStmt *C,
                            size_t DeclIndex) {
  const auto *D = dyn_cast<DeclStmt>(C->body_begin()[DeclIndex]);
  if (!D || !D->isSingleDecl())
    return nullptr;
  const auto *V = dyn_cast<VarDecl>(D->getSingleDecl());
  if (!V || !V->getInit() || !V->getType()->isScalarType())
    return nullptr;
  // Loads and arithmetic only: nothing the program would see if it ran
  // later, or not at all.
  if (V->getInit()->HasSideEffects(AST, /*IncludePossibleEffects=*/true))
    return nullptr;
  const IfStmt *Branch = nullptr;
  for (size_t I = DeclIndex + 1; I < C->size(); ++I) {
    const Stmt *S = C->body_begin()[I];
    unsigned Uses = usesOf(S, V);
    if (Uses == 0)
      continue;
    const auto *If = dyn_cast<IfStmt>(S);
    if (Branch || !If || If->getElse() || If->getInit() ||
        usesOf(If->getCond(), V) != 0 || usesOf(If->getThen(), V) != Uses)
      return nullptr;
    // The condition must read the same values at the load as at the `if`.
    VariableWrites Between;
    for (size_t J = DeclIndex + 1; J < I; ++J)
      Between.add(C->body_begin()[J]);
    if (!Between.empty())
      return nullptr;
    Branch = If;
  }
  return Branch;
}

/// The operations nvcc weighs when deciding to if-convert: memory accesses
/// (a subscript, a dereference, a call) and arithmetic on values, not the
/// address arithmetic inside an index.
static unsigned operationCount(const Stmt *S) {
  if (!S)
    return 0;
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(S))
    return 1 + operationCount(A->getBase());
  if (isa<CallExpr>(S))
    return 1;
  if (const auto *U = dyn_cast<UnaryOperator>(S))
    return U->getOpcode() == UO_Deref ? 1 : operationCount(U->getSubExpr());
  unsigned N = 0;
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    N += B->getOpcode() != BO_Assign && B->getOpcode() != BO_Comma;
  for (const Stmt *Child : S->children())
    N += operationCount(Child);
  return N;
}

/// Locals computed from loads and arithmetic for the stores that follow
/// them, then the stores (every expression statement writes memory), with
/// few operations in all. Measured on an H200: one or two stores (a halo
/// load into shared memory, a __stcs) and `a = s[i]; b = s[i + k];
/// s[i] = a + b;` (four operations) are if-converted; `a = in[i]; b = a * a
/// + 1; c = b * a - 2; out[i] = c * b;` (seven) is branched around.
static bool isShortBody(const Stmt *S) {
  constexpr unsigned MaxOperations = 4;
  if (isa<Expr>(S))
    return operationCount(S) <= MaxOperations;
  const auto *C = dyn_cast<CompoundStmt>(S);
  if (!C || C->body_empty())
    return false;
  unsigned Operations = 0;
  for (const Stmt *B : C->body()) {
    if (const auto *D = dyn_cast<DeclStmt>(B)) {
      const auto *V =
          D->isSingleDecl() ? dyn_cast<VarDecl>(D->getSingleDecl()) : nullptr;
      if (!V || !V->getInit() || !V->getType()->isScalarType() ||
          isa<CallExpr>(V->getInit()->IgnoreParenImpCasts()))
        return false;
    } else if (!isa<Expr>(B)) {
      return false;
    }
    Operations += operationCount(B);
  }
  return Operations <= MaxOperations;
}

/// A statement that writes memory (a store, a call such as __stcs), not a
/// value into a local for later.
static bool storesToMemory(const Stmt *S) {
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return false;
  E = E->IgnoreParenImpCasts();
  const Expr *Target = nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp())
    Target = B->getLHS();
  else if (const auto *U = dyn_cast<UnaryOperator>(E);
           U && U->isIncrementDecrementOp())
    Target = U->getSubExpr();
  else if (const auto *O = dyn_cast<CXXOperatorCallExpr>(E);
           O && O->isAssignmentOp() && O->getNumArgs() > 0)
    Target = O->getArg(0);
  if (!Target)
    return true;
  const auto *Ref = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts());
  const auto *Local = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return !Local || !Local->hasLocalStorage() ||
         Local->getType()->isReferenceType();
}

/// Whether \p S reads a `__shared__` array and no other memory.
static bool readsOnlySharedMemory(const Stmt *S) {
  bool Shared = false, Other = false;
  std::function<void(const Stmt *)> Visit = [&](const Stmt *N) {
    if (!N)
      return;
    if (const auto *E = dyn_cast<Expr>(N); E && builtinIndexOf(E))
      return; // threadIdx.x and the like: a register, not memory
    if (isa<CallExpr>(N) || (isa<UnaryOperator>(N) &&
                             cast<UnaryOperator>(N)->getOpcode() == UO_Deref)) {
      Other = true;
      return;
    }
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(N)) {
      const Expr *Base = A->getBase()->IgnoreParenImpCasts();
      while (const auto *Inner = dyn_cast<ArraySubscriptExpr>(Base))
        Base = Inner->getBase()->IgnoreParenImpCasts();
      const auto *Ref = dyn_cast<DeclRefExpr>(Base);
      const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      (V && V->hasAttr<CUDASharedAttr>() ? Shared : Other) = true;
    }
    for (const Stmt *Child : N->children())
      Visit(Child);
  };
  Visit(S);
  return Shared && !Other;
}

/// The value of `v = <value>;` into a local for later, or null.
static const Expr *valueForLater(const Stmt *S) {
  const auto *B = dyn_cast<BinaryOperator>(S);
  if (!B || B->getOpcode() != BO_Assign || storesToMemory(S))
    return nullptr;
  return B->getRHS();
}

/// `v = s[...];` into a local for later, from shared memory only: measured
/// on an H200 (38_shared_banks2, partial_lanes), nvcc predicates it where it
/// branches around the same from global memory (36_guards).
static bool loadsFromSharedForLater(const Stmt *S) {
  const Expr *Value = valueForLater(S);
  return Value && readsOnlySharedMemory(Value);
}

static std::optional<unsigned> fullyUnrolledTrips(const ASTContext &AST,
                                                  const ForStmt *F);

/// Whether \p S holds control flow that keeps ptxas from if-converting the
/// branch around it: a loop that stays a loop, a jump out of the guarded
/// block, a switch, or a nested `if` around one of those. A loop LLVM
/// unrolls whole (fullyUnrolledTrips) is straight-line code by then, and a
/// nested `if` of such code is a diamond ptxas if-converts with the outer
/// one (HeCBench matern, `if (ty == 0) for (int i = 0; i < 3; i++) t[tx*3 +
/// i] = g[px*3 + i];`, and qtclustering, `if (0 == tid) { if (c) c[0] = s;
/// m[s] = 1; }`: every warp issued the stores on an H200, 0.24 and 0.5
/// sectors a request, where nvcc branches around the same shapes in other
/// kernels).
static bool holdsControlFlow(const ASTContext &AST, const Stmt *S) {
  if (!S)
    return false;
  if (const auto *F = dyn_cast<ForStmt>(S))
    if (fullyUnrolledTrips(AST, F))
      return holdsControlFlow(AST, F->getBody());
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt, ReturnStmt,
          BreakStmt, ContinueStmt, GotoStmt>(S))
    return true;
  return llvm::any_of(S->children(), [&](const Stmt *Child) {
    return holdsControlFlow(AST, Child);
  });
}

/// `v = <global load>;` into a local for later: measured branched around
/// (runtime-bench 36_guards).
static bool loadsFromGlobalForLater(const Stmt *S) {
  const Expr *Value = valueForLater(S);
  return Value && !readsOnlySharedMemory(Value);
}

/// The statements of a branch, through braces.
static llvm::ArrayRef<Stmt *> branchBody(const Stmt *const &Branch) {
  if (const auto *Block = dyn_cast<CompoundStmt>(Branch))
    return llvm::ArrayRef<Stmt *>(Block->body_begin(), Block->body_end());
  return llvm::ArrayRef<Stmt *>(const_cast<Stmt *const *>(&Branch), 1);
}

/// A branch of nothing but stores and shared loads into locals (and
/// declarations), at least one of them: what ptxas if-converts.
static bool onlyEffects(const Stmt *const &Branch) {
  auto Effect = [](const Stmt *B) {
    return storesToMemory(B) || loadsFromSharedForLater(B);
  };
  llvm::ArrayRef<Stmt *> Body = branchBody(Branch);
  return llvm::all_of(
             Body,
             [&](const Stmt *B) { return isa<DeclStmt>(B) || Effect(B); }) &&
         llvm::any_of(Body, Effect);
}

ThenLowering ifLowering(const ASTContext &AST, const IfStmt *If,
                        bool AtKernelTail, unsigned LoopDepth,
                        bool VariesPerTrip) {
  const Stmt *Then = If->getThen();
  if (AtKernelTail || holdsControlFlow(AST, Then))
    return ThenLowering::Branched;
  if (const Stmt *Else = If->getElse()) {
    // Chai's BFS and SSSP (`if (t >= N) *overflow = 1; else q[t] = id;` in
    // a loop, H100): the store ran in warps with no lane past the test,
    // moving nothing, where PTX branches around it: ptxas if-converted the
    // diamond. Longer branches keep PTX's branches.
    bool Short = !holdsControlFlow(AST, Else) && onlyEffects(Then) &&
                 onlyEffects(Else) && isShortBody(Then) && isShortBody(Else);
    return Short ? ThenLowering::EitherWay : ThenLowering::Branched;
  }
  llvm::ArrayRef<Stmt *> Body = branchBody(Then);
  if (onlyEffects(Then) && isShortBody(Then) && LoopDepth != 0 && VariesPerTrip)
    return ThenLowering::Predicated;
  if (!Body.empty() && llvm::all_of(Body, loadsFromGlobalForLater))
    return ThenLowering::Branched;
  // Measured both ways, on public code against runtime-bench: short stores
  // outside loops that nvcc branched around (cuda-samples' clock: `if (tid
  // == 0) output[bid] = shared[0];`; Rodinia's dwt2d) where 36_guards' were
  // predicated; longer bodies and loop-invariant tests that it predicated
  // (Parboil's histo: `if (tid < 16) { a[tid] += a[tid + 16]; b[tid] +=
  // b[tid + 16]; }`; FDTD3d's halo loads in its plane loop) where
  // runtime-bench's were branched around. The source does not decide it,
  // so the count is the range between the two.
  return ThenLowering::EitherWay;
}

const Stmt *lastStatement(const Stmt *S) {
  while (const auto *C = dyn_cast_or_null<CompoundStmt>(S))
    S = C->body_empty() ? nullptr : C->body_back();
  return S;
}

const IfStmt *ifEndingBranch(const Stmt *Branch) {
  return dyn_cast_or_null<IfStmt>(lastStatement(Branch));
}

StoreSinking storeSinking(const IfStmt *If, bool JoinShared,
                          bool LoadsOnlyTheStore) {
  if (JoinShared || ifEndingBranch(If->getThen()) ||
      ifEndingBranch(If->getElse()))
    return StoreSinking::Kept;
  if (LoadsOnlyTheStore && isShortBody(If->getThen()) &&
      isShortBody(If->getElse()))
    return StoreSinking::Sunk;
  return StoreSinking::EitherWay;
}

ThenLowering thenAfterMerge(const IfStmt *If, bool AtKernelTail,
                            unsigned LoopDepth, bool VariesPerTrip) {
  if (AtKernelTail || LoopDepth == 0 || !isShortBody(If->getThen()))
    return ThenLowering::Branched;
  return VariesPerTrip ? ThenLowering::Predicated : ThenLowering::EitherWay;
}

/// The trip count of a loop that LLVM unrolls fully before it considers the
/// loop around it: `for (int k = 0; k < 4; ++k)` with constant bounds, a
/// step of one and a body that leaves the counter alone, of a few trips.
static std::optional<unsigned> fullyUnrolledTrips(const ASTContext &AST,
                                                  const ForStmt *F) {
  constexpr int64_t MaxTrips = 16;
  const auto *Init = dyn_cast_or_null<DeclStmt>(F->getInit());
  const auto *Counter = Init && Init->isSingleDecl()
                            ? dyn_cast<VarDecl>(Init->getSingleDecl())
                            : nullptr;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      F->getCond() ? F->getCond()->IgnoreParenImpCasts() : nullptr);
  const auto *Inc = dyn_cast_or_null<UnaryOperator>(
      F->getInc() ? F->getInc()->IgnoreParenImpCasts() : nullptr);
  if (!Counter || !Counter->getInit() || !Cond || !Inc ||
      !Inc->isIncrementOp() ||
      VariableWrites::directTarget(Inc->getSubExpr()) != Counter ||
      VariableWrites::directTarget(Cond->getLHS()) != Counter ||
      (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_LE))
    return std::nullopt;
  Expr::EvalResult First, Bound;
  if (!Counter->getInit()->EvaluateAsInt(First, AST) ||
      !Cond->getRHS()->EvaluateAsInt(Bound, AST))
    return std::nullopt;
  VariableWrites InBody = VariableWrites::in(F->getBody());
  if (InBody.count(Counter))
    return std::nullopt;
  int64_t Trips = Bound.Val.getInt().getExtValue() -
                  First.Val.getInt().getExtValue() +
                  (Cond->getOpcode() == BO_LE);
  if (Trips < 0 || Trips > MaxTrips)
    return std::nullopt;
  return unsigned(Trips);
}

/// A stand-in for the LLVM instructions of a loop body: two for each load or
/// store (the address and the access), one for each arithmetic operation,
/// comparison, select and branch, a device function's body where it is
/// inlined, four for other calls, a fully unrolled loop's body once per
/// trip. Unset where the body cannot be runtime-unrolled at all.
static std::optional<unsigned> sizeOfLoopBody(const ASTContext &AST,
                                              const Stmt *S, unsigned Depth) {
  if (!S)
    return 0u;
  if (const auto *F = dyn_cast<ForStmt>(S)) {
    std::optional<unsigned> Trips = fullyUnrolledTrips(AST, F);
    std::optional<unsigned> Once =
        Trips ? sizeOfLoopBody(AST, F->getBody(), Depth) : std::nullopt;
    if (!Once)
      return std::nullopt;
    return *Trips * *Once;
  }
  if (isa<WhileStmt, DoStmt, CXXForRangeStmt, BreakStmt, ReturnStmt, GotoStmt,
          IndirectGotoStmt, SwitchStmt>(S))
    return std::nullopt;
  unsigned Own = 0;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    Own = 4;
    if (Callee && Callee->hasBody() && !Callee->getBuiltinID() && Depth < 4) {
      std::optional<unsigned> Inlined =
          sizeOfLoopBody(AST, Callee->getBody(), Depth + 1);
      // A body the walk refuses, a `return` included (so most helpers that
      // return a value), counts as a call.
      Own = Inlined ? *Inlined : 4;
    }
  } else if (isa<ArraySubscriptExpr>(S)) {
    Own = 2;
  } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
    Own = U->getOpcode() == UO_Deref
              ? 2
              : U->isArithmeticOp() || U->isIncrementDecrementOp();
  } else if (const auto *B = dyn_cast<BinaryOperator>(S)) {
    Own = B->getOpcode() != BO_Assign && B->getOpcode() != BO_Comma;
  } else if (isa<ConditionalOperator, IfStmt>(S)) {
    Own = 1;
  }
  for (const Stmt *Child : S->children()) {
    std::optional<unsigned> N = sizeOfLoopBody(AST, Child, Depth);
    if (!N)
      return std::nullopt;
    Own += *N;
  }
  return Own;
}

/// Whether \p E names memory of the thread itself (a local array, a member
/// of a local object, through `&v.x`, or a reference in \p Private, a
/// helper's parameter bound to such memory): registers once nvcc has
/// optimised, no instruction of their own.
static bool
isThreadPrivate(const Expr *E,
                const llvm::SmallPtrSetImpl<const VarDecl *> &Private) {
  while (true) {
    E = E->IgnoreParenCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && U->getOpcode() == UO_AddrOf) {
      E = U->getSubExpr();
    } else if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow()) {
      E = M->getBase();
    } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      E = A->getBase();
    } else {
      break;
    }
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *Local = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Local || !Local->hasLocalStorage() || Local->getType()->isPointerType())
    return false;
  return !Local->getType()->isReferenceType() || Private.contains(Local);
}

/// SASS instructions a math function of CUDA's headers takes: the minimum,
/// maximum and absolute value are one; exponentials, logarithms, the
/// trigonometric functions and powers several (a range reduction around the
/// MUFU instruction). Unset for any other function.
static std::optional<unsigned> mathInstructions(StringRef Name) {
  Name.consume_front("__");
  Name.consume_front("nv_");
  // expf, fmaxf: a float form costs what its double form is named.
  Name.consume_back("f");
  static const char *const One[] = {"fmax", "fmin", "fabs",    "max",
                                    "min",  "abs",  "saturate"};
  static const char *const Several[] = {
      "exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p",  "sin",
      "cos", "tan",  "tanh",  "pow",   "erf", "sqrt", "rsqrt", "fdivide"};
  if (llvm::is_contained(One, Name))
    return 1u;
  if (llvm::is_contained(Several, Name))
    return 8u;
  return std::nullopt;
}

namespace {

/// SASS instructions of one trip of a loop body, roughly: two per load or
/// store of memory (the access and its address; none for the thread's own
/// registers, nor for a load the loop does not change in a loop that
/// stores nothing, which LICM moves before it), one per arithmetic
/// operation, comparison and select, a math function as mathInstructions
/// says, a helper's body where it is inlined, a product added or subtracted
/// one fused multiply-add; the arithmetic of an index folds into the address
/// and costs nothing, and of an `if` with an `else`
/// only the larger branch counts (the other's loads of the same address
/// merge, its arithmetic becomes a select).
class TripInstructions {
public:
  /// \p Changed: the variables the loop changes; \p Stores: whether its
  /// body may store to memory.
  TripInstructions(const ASTContext &AST,
                   const std::vector<const VarDecl *> &Changed, bool Stores)
      : AST(AST), Changed(Changed), Stores(Stores) {}
  unsigned count(const Stmt *S, unsigned Depth, bool InIndex = false) {
    if (!S)
      return 0;
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(S))
      return access(A) + count(A->getBase(), Depth, true) +
             count(A->getIdx(), Depth, true);
    if (const auto *Call = dyn_cast<CallExpr>(S))
      return call(Call, Depth, InIndex);
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      std::optional<unsigned> Trips = fullyUnrolledTrips(AST, F);
      return (Trips ? *Trips : 1) * count(F->getBody(), Depth);
    }
    if (const auto *If = dyn_cast<IfStmt>(S); If && If->getElse())
      return 1 + count(If->getCond(), Depth) +
             std::max(count(If->getThen(), Depth), count(If->getElse(), Depth));
    unsigned Own = 0;
    if (const auto *U = dyn_cast<UnaryOperator>(S)) {
      if (U->getOpcode() == UO_Deref)
        Own = access(U);
      else if (!InIndex)
        Own = U->isArithmeticOp() || U->isIncrementDecrementOp();
    } else if (const auto *M = dyn_cast<MemberExpr>(S)) {
      Own = M->isArrow() ? access(M) : 0;
    } else if (const auto *B = dyn_cast<BinaryOperator>(S)) {
      if (!InIndex)
        Own = B->getOpcode() != BO_Assign && B->getOpcode() != BO_Comma;
      // A product added or subtracted is one fused multiply-add.
      if (!InIndex && (B->isAdditiveOp() || B->getOpcode() == BO_AddAssign ||
                       B->getOpcode() == BO_SubAssign))
        for (const Expr *Side : {B->getLHS(), B->getRHS()})
          if (const auto *M =
                  dyn_cast<BinaryOperator>(Side->IgnoreParenImpCasts());
              M && M->getOpcode() == BO_Mul && Own)
            --Own;
    } else if (isa<ConditionalOperator, IfStmt>(S)) {
      Own = 1;
    }
    for (const Stmt *Child : S->children())
      Own += count(Child, Depth, InIndex);
    return Own;
  }

private:
  /// The instructions of the memory access \p E (a subscript, a
  /// dereference, an arrow).
  unsigned access(const Expr *E) const {
    const Expr *Of = E;
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
      Of = A;
    else if (const auto *U = dyn_cast<UnaryOperator>(E))
      Of = U->getSubExpr();
    if (isThreadPrivate(Of, Private) || (!Stores && invariant(E)))
      return 0;
    return 2;
  }
  /// Whether \p S reads no variable the loop changes and calls nothing.
  bool invariant(const Stmt *S) const {
    if (!S || isa<CallExpr>(S))
      return !S;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
          V && llvm::is_contained(Changed, V))
        return false;
    return llvm::all_of(S->children(),
                        [&](const Stmt *C) { return invariant(C); });
  }
  unsigned call(const CallExpr *Call, unsigned Depth, bool InIndex) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    unsigned Args = 0;
    for (const Expr *Arg : Call->arguments())
      Args += count(Arg, Depth, InIndex);
    if (!Callee)
      return 4 + Args;
    if (std::optional<unsigned> Math = mathInstructions(Callee->getName()))
      return *Math + Args;
    if (!Callee->hasBody() || Depth >= 4)
      return 4 + Args;
    // A reference parameter bound to the thread's own memory (a helper
    // reading `const float4 &v` of a local) reads registers too.
    llvm::SmallPtrSet<const VarDecl *, 4> Before = Private;
    for (unsigned I = 0; I < Call->getNumArgs() && I < Callee->getNumParams();
         ++I)
      if (Callee->getParamDecl(I)->getType()->isReferenceType() &&
          isThreadPrivate(Call->getArg(I), Private))
        Private.insert(Callee->getParamDecl(I));
    unsigned Body = count(Callee->getBody(), Depth + 1);
    Private = std::move(Before);
    return Body + Args;
  }

  const ASTContext &AST;
  const std::vector<const VarDecl *> &Changed;
  bool Stores;
  llvm::SmallPtrSet<const VarDecl *, 4> Private;
};

} // namespace

bool waitsForOtherThreads(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *Callee = Call->getDirectCallee()) {
      StringRef Name = Callee->getName();
      if (Name.contains("syncthreads") || Name.contains("syncwarp") ||
          Name.ends_with("_sync"))
        return true;
    }
  return llvm::any_of(S->children(), waitsForOtherThreads);
}

/// Whether \p S may store to memory: an assignment or an increment of
/// something but a local variable, or a call of anything but a math
/// function (it may store through its arguments).
static bool mayStore(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !mathInstructions(Callee->getName()))
      return true;
  }
  bool Writes = false;
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    Writes = B->isAssignmentOp();
  else if (const auto *U = dyn_cast<UnaryOperator>(S))
    Writes = U->isIncrementDecrementOp();
  if (Writes && storesToMemory(S))
    return true;
  return llvm::any_of(S->children(), mayStore);
}

RuntimeUnrolling runtimeUnrolling(const ASTContext &AST, const Stmt *Body,
                                  unsigned PragmaCount,
                                  const std::vector<const VarDecl *> &Changed) {
  // The unrolled body's size nvcc accepts, between the largest unrolled
  // (8 loads by 4: 192) and the smallest refused (20 loads by 2: 240).
  constexpr unsigned MaxUnrolledSize = 216;
  // The instructions per trip up to which ptxas unrolls LLVM's loop of four
  // again: four loads, a product and a fused multiply-add and their sum
  // (11) are, four loads and their sum (12) are not.
  constexpr unsigned MaxInstructionsForPieces = 11;
  RuntimeUnrolling R;
  if (PragmaCount) {
    R.Factor = PragmaCount;
  } else if (std::optional<unsigned> Size = sizeOfLoopBody(AST, Body, 0)) {
    for (unsigned Factor : {4u, 2u})
      if (Factor * *Size <= MaxUnrolledSize) {
        R.Factor = Factor;
        break;
      }
  }
  R.Pieces = R.Factor == 4 && !PragmaCount && !waitsForOtherThreads(Body) &&
             TripInstructions(AST, Changed, mayStore(Body)).count(Body, 0) <=
                 MaxInstructionsForPieces;
  R.LeftoverMaybePredicated = R.Factor > 1 && !holdsControlFlow(AST, Body) &&
                              onlyEffects(Body) && isShortBody(Body);
  return R;
}

AtomicLowering atomicLowering(StringRef Name, unsigned Bytes, bool Floating,
                              bool InShared, bool UniformAddress) {
  Name.consume_front("__nv_atomic_fetch_");
  Name.consume_front("__nv_atomic_");
  Name.consume_front("atomic");
  std::string Op = Name.take_until([](char C) { return C == '_'; }).lower();
  AtomicLowering L;
  bool HalfAdd = Bytes == 2 && Op == "add";
  if (InShared) {
    // ATOMS has 32-bit integer operations, 64-bit exchange and
    // compare-and-swap, and nothing for floating point but exchange.
    bool Swap = Op == "cas" || Op == "compare";
    bool Native = Op == "exch" || Op == "exchange" || Swap ||
                  (!Floating && Bytes <= 4 && !HalfAdd);
    L.CompareAndSwapLoop = HalfAdd || (!Native && (Bytes == 4 || Bytes == 8));
    bool Combined = Op == "add" || Op == "sub" || Op == "min" || Op == "max" ||
                    Op == "and" || Op == "or" || Op == "xor";
    L.SerializesOneWord =
        HalfAdd || (Native && !(Combined && Bytes == 4 && UniformAddress));
    L.CarriesTwoValues = Native && Swap;
  }
  L.ReadsFirst = L.CompareAndSwapLoop || HalfAdd;
  return L;
}

unsigned instructionBytes(unsigned WidthBytes, unsigned AlignBytes) {
  unsigned Chunk = 16;
  while (Chunk > 1 && (Chunk > AlignBytes || WidthBytes % Chunk != 0))
    Chunk /= 2;
  return Chunk;
}

} // namespace cudacoalesce
