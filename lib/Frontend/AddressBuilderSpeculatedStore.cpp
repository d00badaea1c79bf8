//===- Frontend/AddressBuilderSpeculatedStore.cpp - A store then its `if` -===//
//
// `p[i] = v; if (c) p[i] = w;`: LLVM's SimplifyCFG speculates the second
// store into the block of the first (SpeculativelyExecuteBB: a store with a
// store to the same address just before it needs no guard) as one store of
// `c ? w : v` in every lane that ran the first, and dead-store elimination
// then deletes the first unless a load between may read it. nvcc 13 gives
// the store no line of its own (`.loc 0`): ptxas files it under the `if`,
// the line its select comes from (HeCBench particlefilter's
// `ind[i*countOnes + y] = ..; if (ind[..] >= max_size) ind[..] = 0;`, 4
// STG.E of every lane measured under the `if` on an H100). A value the
// branch must load, or compute through a call or a division, keeps the
// branch (checked in nvcc 13's PTX: test/lit/analysis/store-then-if-store-
// merged.cu).
//
//===----------------------------------------------------------------------===//
#include "AddressBuilder.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

namespace cudacoalesce {

using namespace clang;

namespace {

/// Whether SimplifyCFG may compute \p E ahead of the branch: no load, call
/// or division that could trap.
bool speculatable(const Expr *E) {
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral,
          CXXBoolLiteralExpr>(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    // A thread's own variable or parameter is a register; a reference or a
    // __device__ variable is memory.
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    return isa<EnumConstantDecl>(Ref->getDecl()) ||
           (V && V->hasLocalStorage() && !V->getType()->isReferenceType());
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    // Reading anything but a variable reads memory.
    if (Cast->getCastKind() == CK_LValueToRValue &&
        !isa<DeclRefExpr>(Cast->getSubExpr()->IgnoreParens()))
      return false;
    return speculatable(Cast->getSubExpr());
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus ||
            U->getOpcode() == UO_Not || U->getOpcode() == UO_LNot) &&
           speculatable(U->getSubExpr());
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && !B->isCompoundAssignmentOp() &&
           B->getOpcode() != BO_Div && B->getOpcode() != BO_Rem &&
           B->getOpcode() != BO_Comma && speculatable(B->getLHS()) &&
           speculatable(B->getRHS());
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return speculatable(C->getCond()) && speculatable(C->getTrueExpr()) &&
           speculatable(C->getFalseExpr());
  return false;
}

/// The plain assignment \p S is, alone or as the one statement of a block.
const BinaryOperator *loneAssignment(const Stmt *S) {
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(S))
    S = C->size() == 1 ? C->body_front() : nullptr;
  const auto *E = dyn_cast_or_null<Expr>(S);
  const auto *B = E ? dyn_cast<BinaryOperator>(E->IgnoreParens()) : nullptr;
  return B && B->getOpcode() == BO_Assign ? B : nullptr;
}

bool containsCall(const Stmt *S) {
  if (!S)
    return false;
  if (isa<CallExpr>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (containsCall(Child))
      return true;
  return false;
}

} // namespace

void AddressBuilder::speculateStoreUnderIf(const IfStmt *If, const Stmt *Prev,
                                           size_t PrevSites, size_t IfSites,
                                           size_t IfWrites) {
  const BinaryOperator *Second = loneAssignment(If->getThen());
  if (If->getElse() || If->hasInitStorage() || If->hasVarStorage() || !Second ||
      !speculatable(Second->getRHS()) || containsCall(If->getCond()) ||
      !loneAssignment(Prev) || IfSites == PrevSites ||
      Sites.size() < IfSites + 1 || IfWrites == 0 ||
      memoryWrites() != IfWrites + 1)
    return;
  AccessSite &First = Sites[IfSites - 1];
  AccessSite &Then = Sites.back();
  if (First.Kind != AccessKind::Store || Then.Kind != AccessKind::Store ||
      First.Hinted || Then.Hinted || First.Base < 0 ||
      First.Space != model::AddressSpace::Global || Then.Base != First.Base ||
      Then.Space != First.Space || !(Then.ByteOffset == First.ByteOffset) ||
      Then.WidthBytes != First.WidthBytes ||
      First.Guards.size() != Guards.size() ||
      Then.Guards.size() <= Guards.size() ||
      WrittenBases[IfWrites - 1] != First.Base)
    return;
  // The condition's loads; one that may read the first store keeps it.
  bool FirstDead = true;
  for (size_t I = IfSites; I + 1 < Sites.size(); ++I) {
    const AccessSite &Load = Sites[I];
    if (Load.Kind != AccessKind::Load)
      return;
    FirstDead &= basesApart(Load.Base, First.Base);
  }
  const unsigned Line = lineOf(If);
  const std::string Note = "nvcc stores `c ? w : v` of this store and the "
                           "one under the `if` at line " +
                           std::to_string(Line) +
                           " in every lane, filed under that line";
  if (FirstDead) {
    First.AlsoFiledUnder.push_back(Line);
    First.LoweringNotes.push_back(Note);
    Sites.pop_back();
    OpenVectorLoads.clear();
    return;
  }
  Then.Guards.resize(Guards.size());
  Then.AlsoFiledUnder.push_back(Line);
  Then.LoweringNotes.push_back(Note);
}

} // namespace cudacoalesce
