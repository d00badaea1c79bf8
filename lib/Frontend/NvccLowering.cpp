//===- Frontend/NvccLowering.cpp - What nvcc makes of the source ----------===//
#include "NvccLowering.h"
#include "VariableWrites.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <algorithm>

using namespace clang;

namespace cudacoalesce {

const IfStmt *sinkingBranch(const CompoundStmt *C, size_t DeclIndex) {
  const auto *D = dyn_cast<DeclStmt>(C->body_begin()[DeclIndex]);
  if (!D || !D->isSingleDecl())
    return nullptr;
  const auto *V = dyn_cast<VarDecl>(D->getSingleDecl());
  if (!V || !V->getInit() || !V->getType()->isScalarType())
    return nullptr;
  const auto *Load = dyn_cast<ImplicitCastExpr>(V->getInit()->IgnoreParens());
  if (!Load || Load->getCastKind() != CK_LValueToRValue ||
      !isa<ArraySubscriptExpr, UnaryOperator, MemberExpr>(
          Load->getSubExpr()->IgnoreParens()))
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

bool isIfConverted(const IfStmt *If, bool AtKernelTail, unsigned LoopDepth) {
  return !If->getElse() && !AtKernelTail && LoopDepth == 0 &&
         isShortBody(If->getThen());
}

unsigned instructionBytes(unsigned WidthBytes, unsigned AlignBytes) {
  unsigned Chunk = 16;
  while (Chunk > 1 && (Chunk > AlignBytes || WidthBytes % Chunk != 0))
    Chunk /= 2;
  return Chunk;
}

} // namespace cudacoalesce
