//===- Frontend/AddressBuilderFusion.cpp - Unrolled trips fused ----------===//
//
// The walk's side of SharedVectorFusion.h: which loops ptxas may fuse the
// trips of, what their bodies do to shared memory, and the fused accesses
// recorded in place of the element one trip reads or writes.
//
//===----------------------------------------------------------------------===//

#include "AddressBuilder.h"
#include "NvccLowering.h"

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

/// Whether the loop of condition \p Cond ends at the first trip it fails:
/// `a * Iteration + b < 0` (or <=, >, >=) with a a nonzero constant and b
/// not read from the trip.
bool AddressBuilder::boundedByTrip(const Guard &Cond,
                                   sym::AtomId Iteration) const {
  std::optional<int64_t> Step = Cond.Diff.coefficientOf(Iteration).asConstant();
  if (!Step || *Step == 0 || Cond.Op == model::Cmp::EQ ||
      Cond.Op == model::Cmp::NE)
    return false;
  Poly Rest = Cond.Diff - Poly::atom(Iteration).scaled(*Step);
  return !Syms.dependsOn(Rest, Iteration);
}

bool AddressBuilder::enterFusibleLoop(
    const Stmt *Body, const std::vector<const VarDecl *> &Changed,
    unsigned UnrollPragma, bool FullUnroll, sym::AtomId Iteration) {
  if (!straightLine(Body))
    return false;
  FusibleLoop L;
  L.Iteration = Iteration;
  L.PragmaFull = FullUnroll && UnrollPragma == 0;
  L.PragmaCount = UnrollPragma;
  if (!UnrollPragma && !FullUnroll)
    L.RuntimeFactor = runtimeUnrolling(AST, Body, 0, Changed).Factor;
  L.LeftoverLast = leftoverTripsRunLast(Changed);
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
  L.RuntimeTrips = false;
  if (Guards.size() == FirstCondGuard + 1) {
    const Guard &Cond = Guards.back();
    if (std::optional<int64_t> T = constantTripCount(Cond, L.Iteration))
      L.Trips = *T;
    else
      L.RuntimeTrips = boundedByTrip(Cond, L.Iteration);
  }
  L.Group = unrolledGroup(L);
}

void AddressBuilder::noteInFusibleLoop(AccessKind Kind, int Base) {
  if (FusibleLoops.empty() || FusibleLoops.back().Depth != LoopDepth)
    return;
  FusibleLoop &L = FusibleLoops.back();
  if (Kind == AccessKind::Load)
    L.Read.insert(Base);
  else
    L.Written.insert(Base);
  if (Kind != AccessKind::Load && Base < 0)
    L.WritesUnknown = true;
}

void AddressBuilder::noteFusionCandidate(size_t Site) {
  const AccessSite &S = Sites[Site];
  if (FusibleLoops.empty() || FusibleLoops.back().Depth != LoopDepth ||
      S.Space != model::AddressSpace::Shared || S.Base < 0 ||
      S.WidthBytes != S.ChunkBytes || S.Hinted ||
      (S.Kind != AccessKind::Load && S.Kind != AccessKind::Store))
    return;
  FusibleLoops.back().Candidates.push_back(Site);
}

void AddressBuilder::fuseCandidates() {
  if (FusibleLoops.empty() || FusibleLoops.back().Depth != LoopDepth)
    return;
  FusibleLoop &L = FusibleLoops.back();
  std::vector<size_t> Candidates = std::exchange(L.Candidates, {});
  if (L.Group <= 1 || L.WritesUnknown)
    return;
  // From the last, so that the pieces put in do not move the sites left.
  for (size_t Site : llvm::reverse(Candidates)) {
    const AccessSite &S = Sites[Site];
    // A store to the array anywhere in the body (or a load, for stores)
    // may alias the elements of another trip: ptxas keeps each one.
    if (S.Kind == AccessKind::Load ? L.Written.count(S.Base)
                                   : L.Read.count(S.Base))
      continue;
    std::vector<FusedAccess> Fused = fuseUnrolledElements(
        Syms, L, S.ByteOffset, S.Index, S.Guards, S.WidthBytes,
        Bases[S.Base].Placement, S.Kind == AccessKind::Load);
    if (Fused.empty())
      continue;
    std::vector<AccessSite> Pieces = fusedPieces(S, L, Fused);
    if (L.RuntimeTrips) {
      ++RunTimeUnrolledAccesses;
      for (AccessSite &Piece : Pieces)
        Piece.UnrolledAtRunTime = RunTimeUnrolledAccesses;
    }
    Sites.erase(Sites.begin() + Site);
    Sites.insert(Sites.begin() + Site, Pieces.begin(), Pieces.end());
    // Their member lists name sites by index: none spans a loop's end.
    OpenVectorLoads.clear();
  }
}

std::vector<AccessSite>
AddressBuilder::fusedPieces(const AccessSite &S, const FusibleLoop &L,
                            const std::vector<FusedAccess> &Fused) const {
  // One note for the run's instructions, in address order: each piece
  // is recorded on its own, as the instructions of different widths are.
  std::string Opcode = S.Kind == AccessKind::Load ? "LDS." : "STS.";
  std::string Instructions;
  for (const FusedAccess &F : Fused) {
    if (F.Leftover)
      continue;
    unsigned Count = F.WidthBytes / F.ChunkBytes;
    Instructions += (Instructions.empty() ? "" : ", ") +
                    (Count > 1 ? std::to_string(Count) + " " : "") + Opcode +
                    std::to_string(F.ChunkBytes * 8);
  }
  std::string Copy = L.Group == L.Trips
                         ? "the unrolled loop"
                         : "each copy of " + std::to_string(L.Group) + " trips";
  if (L.RuntimeTrips)
    Copy += " (its trip count not known: the trips left over run one by one "
            "after the copies)";
  std::vector<AccessSite> Pieces;
  for (const FusedAccess &F : Fused) {
    AccessSite Piece = S;
    Piece.ByteOffset = F.ByteOffset;
    Piece.Index = F.Index;
    Piece.Guards = F.Guards;
    Piece.WidthBytes = F.WidthBytes;
    Piece.ChunkBytes = F.ChunkBytes;
    if (F.Leftover) {
      Piece.LoweringNotes.push_back(
          "a trip left over after the loop's copies of " +
          std::to_string(L.Group) + " trips: one element");
      Pieces.push_back(std::move(Piece));
      continue;
    }
    Piece.FusedAcrossTrips = true;
    Piece.LoweringNotes.push_back(
        "ptxas fuses the adjacent elements of the loop's trips into " +
        Instructions + " in " + Copy);
    Pieces.push_back(std::move(Piece));
  }
  return Pieces;
}

} // namespace cudacoalesce
