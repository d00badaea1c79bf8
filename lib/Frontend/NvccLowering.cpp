//===- Frontend/NvccLowering.cpp - What nvcc makes of the source ----------===//
#include "NvccLowering.h"
#include "VariableWrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

#include <algorithm>

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

/// One or two expression statements.
static bool isShortBody(const Stmt *S) {
  if (isa<Expr>(S))
    return true;
  const auto *C = dyn_cast<CompoundStmt>(S);
  if (!C || C->size() > 2)
    return false;
  return std::all_of(C->body_begin(), C->body_end(),
                     [](const Stmt *B) { return isa<Expr>(B); });
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

bool isIfConverted(const IfStmt *If, bool AtKernelTail, unsigned LoopDepth) {
  if (If->getElse() || AtKernelTail || LoopDepth != 0 ||
      !isShortBody(If->getThen()))
    return false;
  if (const auto *Block = dyn_cast<CompoundStmt>(If->getThen()))
    return std::all_of(Block->body_begin(), Block->body_end(), storesToMemory);
  return storesToMemory(If->getThen());
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
