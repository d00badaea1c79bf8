//===- Frontend/SharedVectorFusion.cpp - Adjacent shared elements fused ---===//

#include "SharedVectorFusion.h"

#include "cuda-coalesce/Support/IntegerMath.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <numeric>

using namespace clang;

namespace cudacoalesce {

std::optional<int64_t> constantTripCount(const model::Guard &Cond,
                                         sym::AtomId Iteration) {
  sym::Poly Rest = Cond.Diff - Cond.Diff.coefficientOf(Iteration) *
                                   sym::Poly::atom(Iteration);
  std::optional<int64_t> A = Cond.Diff.coefficientOf(Iteration).asConstant();
  std::optional<int64_t> B = Rest.asConstant();
  if (!A || !B || *A == 0)
    return std::nullopt;
  // Count the trips t = 0, 1, ... while `A * t + B Op 0` holds; the
  // condition moves one way, so the first trip that fails ends the loop.
  int64_t Step = *A, First = *B;
  auto Holds = [&](int64_t T) {
    return model::holds(Cond.Op, Step * T + First);
  };
  if (!Holds(0))
    return 0;
  constexpr int64_t Longest = 1 << 20;
  int64_t Lo = 0, Hi = 1;
  while (Hi < Longest && Holds(Hi))
    Lo = Hi, Hi *= 2;
  if (Hi >= Longest)
    return std::nullopt;
  while (Hi - Lo > 1) {
    int64_t Mid = Lo + (Hi - Lo) / 2;
    (Holds(Mid) ? Lo : Hi) = Mid;
  }
  // `i != n` holds past n too when the step jumps over it: not a count.
  if (Cond.Op == model::Cmp::NE && Step * Hi + First != 0)
    return std::nullopt;
  return Hi;
}

int64_t unrolledGroup(const FusibleLoop &L) {
  // nvcc unrolls a loop of a constant trip count fully where its body is
  // small (read from the SASS: 256 trips of one load, 64 of two; 128 of two
  // are copies of 16 trips, which cost as copies of 4 once aligned).
  constexpr int64_t MostTripsUnrolledFully = 64;
  const int64_t T = L.Trips;
  if (T <= 0) {
    // A trip count not known: unrolled by the pragma's count or LLVM's
    // factor (nvcc 13's PTX: `#pragma unroll 2` gives ld.shared.v2, 8 two
    // ld.shared.v4).
    if (!L.RuntimeTrips || !L.LeftoverLast || L.PragmaFull ||
        L.PragmaCount == 1)
      return 0;
    if (L.PragmaCount >= 2)
      return L.PragmaCount;
    return L.RuntimeFactor >= 2 ? L.RuntimeFactor : 0;
  }
  if (L.PragmaFull)
    return T;
  if (L.PragmaCount >= 2)
    return L.PragmaCount >= T ? T : T % L.PragmaCount ? 0 : L.PragmaCount;
  if (L.PragmaCount == 1 || L.RuntimeFactor < 4)
    return 0;
  if (T <= MostTripsUnrolledFully)
    return T;
  return T % 4 ? 0 : 4;
}

/// Appends the instructions that read or write the run's bytes [Lo, Hi)
/// within the aligned block of \p Bytes at \p At (vectorPieces).
static void coverBlock(int64_t Lo, int64_t Hi, int64_t At, unsigned Bytes,
                       unsigned ElementBytes, bool Loads,
                       llvm::SmallVector<VectorPiece, 4> &Pieces) {
  const int64_t From = std::max(Lo, At), To = std::min(Hi, At + Bytes);
  if (From >= To)
    return;
  const int64_t Inside = To - From;
  if (Bytes > ElementBytes && Inside != Bytes &&
      !(Loads && 2 * Inside > Bytes)) {
    coverBlock(Lo, Hi, At, Bytes / 2, ElementBytes, Loads, Pieces);
    coverBlock(Lo, Hi, At + Bytes / 2, Bytes / 2, ElementBytes, Loads, Pieces);
    return;
  }
  if (!Pieces.empty() && Pieces.back().Bytes == Bytes)
    ++Pieces.back().Count;
  else
    Pieces.push_back({At - Lo, Bytes, 1});
}

llvm::SmallVector<VectorPiece, 4> vectorPieces(int64_t Residue,
                                               unsigned Modulus,
                                               unsigned ElementBytes,
                                               int64_t Elements, bool Loads) {
  unsigned Widest = ElementBytes == 2 ? 8 : 16;
  if (ElementBytes == 1)
    Widest = 1;
  Widest = std::max(ElementBytes, std::min(Widest, Modulus));
  llvm::SmallVector<VectorPiece, 4> Pieces;
  const int64_t Lo = Residue, Hi = Residue + Elements * ElementBytes;
  for (int64_t At = floorDiv(Lo, Widest) * Widest; At < Hi; At += Widest)
    coverBlock(Lo, Hi, At, Widest, ElementBytes, Loads, Pieces);
  return Pieces;
}

namespace {

/// The __shared__ variables a kernel's body declares, in order, and those
/// it names: ptxas leaves out the ones it never uses.
class SharedDeclarations : public RecursiveASTVisitor<SharedDeclarations> {
public:
  explicit SharedDeclarations(const ASTContext &AST) : AST(AST) {}
  std::vector<const VarDecl *> Declared;
  std::set<const VarDecl *> Named;
  /// Structs and arrays LLVM keeps in one piece: their address is taken, or
  /// an element is read at an index that is not a constant. Any other may be
  /// split into scalars placed elsewhere, unused members dropped (GlobalOpt;
  /// nvcc 13 makes `head = make_double3(..); .. head.x` one `head_$_0` of
  /// 8 bytes declared after the kernel's other arrays).
  std::set<const VarDecl *> KeptWhole;
  bool NamesOutsideVariable = false;
  const FunctionDecl *Kernel = nullptr;

  bool VisitVarDecl(VarDecl *V) {
    if (V->hasAttr<CUDASharedAttr>())
      Declared.push_back(V);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    if (!V || !V->hasAttr<CUDASharedAttr>())
      return true;
    Named.insert(V);
    // Dynamic shared memory follows every static variable.
    if (!V->hasExternalStorage() && V->getParentFunctionOrMethod() != Kernel)
      NamesOutsideVariable = true;
    return true;
  }
  // The visitor sees a subscript before its base.
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *S) {
    const Expr *Idx = S->getIdx();
    SubscriptBases.insert(S->getBase()->IgnoreParens());
    if (Idx->isValueDependent() || !Idx->isIntegerConstantExpr(AST))
      keepWhole(S->getBase());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      keepWhole(U->getSubExpr());
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_ArrayToPointerDecay && !SubscriptBases.count(C))
      keepWhole(C->getSubExpr());
    return true;
  }

private:
  const ASTContext &AST;
  std::set<const Expr *> SubscriptBases;

  /// The variable \p E is a part of, through members and subscripts.
  void keepWhole(const Expr *E) {
    while (E) {
      E = E->IgnoreParenImpCasts();
      if (const auto *M = dyn_cast<MemberExpr>(E))
        E = M->isArrow() ? nullptr : M->getBase();
      else if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
        E = S->getBase();
      else
        break;
    }
    if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        KeptWhole.insert(V);
  }
};

unsigned largestPowerOfTwoDividing(uint64_t Bytes, unsigned Cap) {
  unsigned Align = 1;
  while (Align < Cap && Bytes % (2 * Align) == 0)
    Align *= 2;
  return Align;
}

} // namespace

SharedPlacement sharedPlacement(const ASTContext &AST, const VarDecl *V,
                                const FunctionDecl *Kernel) {
  constexpr unsigned Widest = 16;
  const SharedPlacement Natural{
      std::min(Widest, unsigned(AST.getDeclAlign(V).getQuantity())), 0};
  if (Natural.AlignBytes == Widest || V->hasExternalStorage())
    return {Widest, 0};
  // With relocatable device code (-rdc, -fgpu-rdc) the linker places the
  // arrays: ptxas knows only what they declare (cuda-samples' matrixMul,
  // built with -rdc=true: 64 LDS on an H100 where 8 LDS.128 and 32 LDS
  // without it).
  if (!Kernel || !Kernel->getBody() ||
      V->getParentFunctionOrMethod() != Kernel ||
      AST.getLangOpts().GPURelocatableDeviceCode)
    return Natural;
  SharedDeclarations Found(AST);
  Found.Kernel = Kernel;
  Found.TraverseStmt(Kernel->getBody());
  // A variable declared outside the body may be placed before the
  // kernel's own (a file-scope one was): the offset is not known.
  if (Found.NamesOutsideVariable)
    return Natural;
  uint64_t Offset = 0;
  for (const VarDecl *D : Found.Declared) {
    if (D->hasExternalStorage() || !Found.Named.count(D))
      continue;
    uint64_t Align = AST.getDeclAlign(D).getQuantity();
    Offset = (Offset + Align - 1) / Align * Align;
    if (D == V)
      return {Widest, unsigned(Offset % Widest)};
    QualType T = D->getType();
    if ((T->isRecordType() || T->isArrayType()) && !Found.KeptWhole.count(D))
      return Natural;
    Offset += AST.getTypeSizeInChars(T).getQuantity();
  }
  return Natural;
}

SharedPlacement SharedPlacement::usedFor(const sym::Poly &ByteOffset) const {
  if (Residue == 0 || ByteOffset.asConstant())
    return *this;
  return {largestPowerOfTwoDividing(Residue, AlignBytes), 0};
}

unsigned provenSharedAlignment(const sym::Poly &ByteOffset,
                               SharedPlacement Placement) {
  Placement = Placement.usedFor(ByteOffset);
  int64_t Divisor = std::min(16u, Placement.AlignBytes);
  if (Divisor <= 1)
    return 1;
  for (const sym::Term &T : ByteOffset.terms())
    if (!T.Atoms.empty())
      Divisor = std::gcd(Divisor, std::abs(T.Coeff));
  Divisor = std::gcd(Divisor, std::abs(ByteOffset.constantTerm() +
                                       int64_t(Placement.Residue)));
  return largestPowerOfTwoDividing(uint64_t(Divisor), 16);
}

static bool reads(const sym::Context &Syms, const sym::Poly &P,
                  sym::AtomId Iteration) {
  std::vector<sym::AtomId> Leaves;
  Syms.collectLeafAtoms(P, Leaves);
  return llvm::is_contained(Leaves, Iteration);
}

/// The element one of the trips left over after \p Loop's copies reads:
/// the trip is in the loop, and the copy it would belong to is not (the
/// condition at that copy's last trip fails).
static FusedAccess leftoverTrip(sym::Context &Syms, const FusibleLoop &Loop,
                                const sym::Poly &ByteOffset,
                                const sym::Poly &Index,
                                const std::vector<model::Guard> &Guards,
                                unsigned ElementBytes) {
  const sym::AtomId Trip = Loop.Iteration;
  sym::Poly Copy = Syms.op(sym::OpKind::Div, sym::Poly::atom(Trip),
                           sym::Poly::constant(Loop.Group));
  std::map<sym::AtomId, sym::Poly> LastOfCopy = {
      {Trip, Copy.scaled(Loop.Group) + sym::Poly::constant(Loop.Group - 1)}};
  model::Guard CopyIncomplete = Guards[Loop.FirstCondGuard];
  CopyIncomplete.Diff = Syms.substitute(CopyIncomplete.Diff, LastOfCopy);
  CopyIncomplete.Op = model::negated(CopyIncomplete.Op);
  CopyIncomplete.EndsLoop = CopyIncomplete.Exits = false;
  FusedAccess Left{ByteOffset, Index, Guards, ElementBytes, ElementBytes};
  Left.Guards.push_back(CopyIncomplete);
  Left.Leftover = true;
  return Left;
}

std::vector<FusedAccess> fuseUnrolledElements(
    sym::Context &Syms, const FusibleLoop &Loop, const sym::Poly &ByteOffset,
    const sym::Poly &Index, const std::vector<model::Guard> &Guards,
    unsigned ElementBytes, SharedPlacement Placement, bool Loads) {
  if (ElementBytes != 2 && ElementBytes != 4 && ElementBytes != 8)
    return {};
  if (Guards.size() != Loop.GuardsInBody)
    return {};
  const bool AtRunTime = Loop.Trips <= 0;
  const sym::AtomId Trip = Loop.Iteration;
  std::optional<int64_t> Stride = ByteOffset.coefficientOf(Trip).asConstant();
  if (!Stride || std::abs(*Stride) != int64_t(ElementBytes))
    return {};
  sym::Poly First = ByteOffset - sym::Poly::atom(Trip).scaled(*Stride);
  if (reads(Syms, First, Trip))
    return {};
  const bool Full = Loop.Group == Loop.Trips;
  // Backwards, a copy's run starts at its last trip's element; only a loop
  // unrolled fully is one copy.
  if (*Stride < 0) {
    if (!Full)
      return {};
    First = First - sym::Poly::constant((Loop.Trips - 1) * ElementBytes);
  }
  // What ptxas knows of the first element's address: its residue modulo
  // the array's alignment and every term's coefficient but the constant's.
  Placement = Placement.usedFor(First);
  int64_t Modulus = std::min(16u, Placement.AlignBytes);
  for (const sym::Term &T : First.terms())
    if (!T.Atoms.empty())
      Modulus = std::gcd(Modulus, std::abs(T.Coeff));
  int64_t Residue =
      (((First.constantTerm() + Placement.Residue) % Modulus) + Modulus) %
      Modulus;
  auto Pieces =
      vectorPieces(Residue, unsigned(Modulus), ElementBytes, Loop.Group, Loads);
  if (Pieces.size() == 1 && Pieces[0].Bytes == ElementBytes)
    return {};
  // Later copies of the body start Group elements on: at the same residue
  // only if a copy spans a multiple of the modulus.
  if (!Full && (Loop.Group * int64_t(ElementBytes)) % Modulus != 0)
    return {};
  // The trip now counts copies of the body: the address and the loop's
  // condition see every Group-th trip (the first only, unrolled fully).
  std::map<sym::AtomId, sym::Poly> PerCopy;
  PerCopy[Trip] =
      Full ? sym::Poly::constant(0) : sym::Poly::atom(Trip).scaled(Loop.Group);
  sym::Poly Start =
      Full ? First
           : First + sym::Poly::atom(Trip).scaled(Loop.Group * ElementBytes);
  // The element a copy starts at, as the index names it.
  sym::Poly FirstIndex = Syms.substitute(Index, PerCopy);
  if (*Stride < 0)
    FirstIndex = FirstIndex - sym::Poly::constant(Loop.Trips - 1);
  // A copy runs where its last trip is in the loop: with a constant trip
  // count that is a multiple of the copy, where its first one is.
  std::map<sym::AtomId, sym::Poly> CopyRuns = PerCopy;
  if (AtRunTime)
    CopyRuns[Trip] = PerCopy[Trip] + sym::Poly::constant(Loop.Group - 1);
  std::vector<model::Guard> CopyGuards = Guards;
  for (model::Guard &G : CopyGuards)
    G.Diff = Syms.substitute(G.Diff, CopyRuns);
  std::vector<FusedAccess> Fused;
  for (const VectorPiece &P : Pieces)
    Fused.push_back({Start + sym::Poly::constant(P.Offset),
                     FirstIndex + sym::Poly::constant(P.Offset / ElementBytes),
                     CopyGuards, P.Bytes * P.Count, P.Bytes});
  if (AtRunTime)
    Fused.push_back(
        leftoverTrip(Syms, Loop, ByteOffset, Index, Guards, ElementBytes));
  return Fused;
}

} // namespace cudacoalesce
