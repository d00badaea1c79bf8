//===- Frontend/AddressBuilderFusion.cpp - Unrolled trips fused ----------===//
//
// The walk's side of SharedVectorFusion.h: which loops ptxas may fuse the
// trips of, what their bodies do to shared memory, and the fused accesses
// recorded in place of the element one trip reads or writes.
//
//===----------------------------------------------------------------------===//

#include "AddressBuilder.h"
#include "NvccLowering.h"

#include "cuda-coalesce/Limits.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace cudacoalesce {

/// Whether \p S runs its statements in order: no loop, no jump out of it.
static bool straightLine(const Stmt *S) {
  if (!S || isa<LambdaExpr>(S))
    return true;
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, ReturnStmt, GotoStmt,
          IndirectGotoStmt, BreakStmt, ContinueStmt>(S))
    return false;
  return llvm::all_of(S->children(), straightLine);
}

bool AddressBuilder::enterFusibleLoop(
    const Stmt *Body, const std::vector<const VarDecl *> &Changed,
    unsigned UnrollPragma, bool FullUnroll, sym::AtomId Iteration) {
  // What the body does to shared memory is known before its accesses are
  // recorded only where the walk visits it twice.
  if (LoopDepth >= limits::MaxLoopNestingWalkedTwice || !straightLine(Body))
    return false;
  FusibleLoop L;
  L.Iteration = Iteration;
  L.PragmaFull = FullUnroll && UnrollPragma == 0;
  L.PragmaCount = UnrollPragma;
  if (!UnrollPragma && !FullUnroll)
    L.RuntimeFactor = runtimeUnrolling(AST, Body, 0, Changed).Factor;
  L.Depth = LoopDepth + 1;
  FusibleLoops.push_back(std::move(L));
  return true;
}

void AddressBuilder::placeFusibleLoop(size_t FirstCondGuard) {
  if (FusibleLoops.empty() || FusibleLoops.back().Depth != LoopDepth + 1)
    return;
  FusibleLoop &L = FusibleLoops.back();
  L.FirstCondGuard = FirstCondGuard;
  L.GuardsInBody = Guards.size();
  L.Trips = 0;
  if (Guards.size() == FirstCondGuard + 1)
    if (std::optional<int64_t> T =
            constantTripCount(Guards.back(), L.Iteration))
      L.Trips = *T;
  L.Group = unrolledGroup(L);
}

void AddressBuilder::noteInFusibleLoop(const AccessSite &S) {
  if (FusibleLoops.empty() || FusibleLoops.back().Depth != LoopDepth)
    return;
  FusibleLoop &L = FusibleLoops.back();
  if (S.Kind == AccessKind::Load)
    L.Read.insert(S.Base);
  else
    L.Written.insert(S.Base);
  if (S.Kind != AccessKind::Load && S.Base < 0)
    L.WritesUnknown = true;
}

bool AddressBuilder::recordFused(const AccessSite &S) {
  if (FusibleLoops.empty() || FusibleLoops.back().Depth != LoopDepth ||
      S.Space != model::AddressSpace::Shared || S.Base < 0 ||
      S.WidthBytes != S.ChunkBytes || S.Hinted)
    return false;
  const FusibleLoop &L = FusibleLoops.back();
  // A store to the array between the loads (or a load between the stores)
  // may alias them: ptxas keeps each element's instruction.
  bool Aliased =
      L.WritesUnknown || (S.Kind == AccessKind::Load ? L.Written.count(S.Base)
                          : S.Kind == AccessKind::Store ? L.Read.count(S.Base)
                                                        : true);
  if (L.Group <= 1 || Aliased)
    return false;
  std::vector<FusedAccess> Fused =
      fuseUnrolledElements(Syms, L, S.ByteOffset, S.Index, S.Guards,
                           S.WidthBytes, Bases[S.Base].PlacementAlignBytes);
  if (Fused.empty())
    return false;
  // One note for the run's instructions, in address order: each piece
  // is recorded on its own, as the instructions of different widths are.
  std::string Opcode = S.Kind == AccessKind::Load ? "LDS." : "STS.";
  std::string Instructions;
  for (const FusedAccess &F : Fused) {
    unsigned Count = F.WidthBytes / F.ChunkBytes;
    Instructions += (Instructions.empty() ? "" : ", ") +
                    (Count > 1 ? std::to_string(Count) + " " : "") + Opcode +
                    std::to_string(F.ChunkBytes * 8);
  }
  std::string Copy = L.Group == L.Trips
                         ? "the unrolled loop"
                         : "each copy of " + std::to_string(L.Group) + " trips";
  for (const FusedAccess &F : Fused) {
    AccessSite Piece = S;
    Piece.ByteOffset = F.ByteOffset;
    Piece.Index = F.Index;
    Piece.Guards = F.Guards;
    Piece.WidthBytes = F.WidthBytes;
    Piece.ChunkBytes = F.ChunkBytes;
    Piece.FusedAcrossTrips = true;
    Piece.LoweringNotes.push_back(
        "ptxas fuses the adjacent elements of the loop's trips into " +
        Instructions + " in " + Copy);
    Sites.push_back(std::move(Piece));
  }
  return true;
}

} // namespace cudacoalesce
