//===- Frontend/NvccLowering.cpp - What nvcc makes of the source ----------===//
#include "NvccLowering.h"
#include "VariableWrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

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

/// `v = s[...];` into a local for later, from shared memory only: measured
/// on an H200 (38_shared_banks2, partial_lanes), nvcc predicates it where it
/// branches around the same from global memory (36_guards).
static bool loadsFromSharedForLater(const Stmt *S) {
  const auto *B = dyn_cast<BinaryOperator>(S);
  return B && B->getOpcode() == BO_Assign && !storesToMemory(S) &&
         readsOnlySharedMemory(B->getRHS());
}

bool isIfConverted(const IfStmt *If, bool AtKernelTail, unsigned LoopDepth,
                   bool VariesPerTrip) {
  if (If->getElse() || AtKernelTail || (LoopDepth != 0 && !VariesPerTrip) ||
      !isShortBody(If->getThen()))
    return false;
  auto Effect = [](const Stmt *B) {
    return storesToMemory(B) || loadsFromSharedForLater(B);
  };
  if (const auto *Block = dyn_cast<CompoundStmt>(If->getThen()))
    return std::all_of(
               Block->body_begin(), Block->body_end(),
               [&](const Stmt *B) { return isa<DeclStmt>(B) || Effect(B); }) &&
           std::any_of(Block->body_begin(), Block->body_end(), Effect);
  return Effect(If->getThen());
}

bool isThenIfConvertedAfterMerge(const IfStmt *If, bool AtKernelTail,
                                 unsigned LoopDepth, bool VariesPerTrip) {
  return !AtKernelTail && LoopDepth != 0 && VariesPerTrip &&
         isShortBody(If->getThen());
}

/// A stand-in for the LLVM instructions of a loop body: two for each load or
/// store (the address and the access), one for each arithmetic operation,
/// comparison, select and branch, a device function's body where it is
/// inlined, four for other calls. Unset where the body cannot be
/// runtime-unrolled at all.
static std::optional<unsigned> sizeOfLoopBody(const Stmt *S, unsigned Depth) {
  if (!S)
    return 0u;
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, BreakStmt, ReturnStmt,
          GotoStmt, IndirectGotoStmt, SwitchStmt>(S))
    return std::nullopt;
  unsigned Own = 0;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    Own = 4;
    if (Callee && Callee->hasBody() && !Callee->getBuiltinID() && Depth < 4) {
      std::optional<unsigned> Inlined =
          sizeOfLoopBody(Callee->getBody(), Depth + 1);
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
    std::optional<unsigned> N = sizeOfLoopBody(Child, Depth);
    if (!N)
      return std::nullopt;
    Own += *N;
  }
  return Own;
}

unsigned runtimeUnrollFactor(const Stmt *Body, unsigned PragmaCount) {
  if (PragmaCount)
    return PragmaCount;
  // The unrolled body's size nvcc accepts, between the largest unrolled
  // (8 loads by 4: 192) and the smallest refused (20 loads by 2: 240).
  constexpr unsigned MaxUnrolledSize = 216;
  std::optional<unsigned> Size = sizeOfLoopBody(Body, 0);
  if (!Size)
    return 1;
  for (unsigned Factor : {4u, 2u})
    if (Factor * *Size <= MaxUnrolledSize)
      return Factor;
  return 1;
}

bool atomicReadsFirst(StringRef Name, unsigned Bytes) {
  return Bytes == 2 && Name.starts_with("atomicAdd");
}

unsigned instructionBytes(unsigned WidthBytes, unsigned AlignBytes) {
  unsigned Chunk = 16;
  while (Chunk > 1 && (Chunk > AlignBytes || WidthBytes % Chunk != 0))
    Chunk /= 2;
  return Chunk;
}

} // namespace cudacoalesce
