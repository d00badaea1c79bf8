//===- Frontend/AddressBuilderLoop.cpp - Loops ----------------------------===//
#include "AddressBuilder.h"
#include "NvccLowering.h"
#include "ThrustPointers.h"
#include "VariableWrites.h"

#include "cuda-coalesce/Limits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SaveAndRestore.h"

#include <algorithm>

using namespace clang;

namespace cudacoalesce {

/// Whether \p E reads memory or calls: a loop condition the trip count is
/// derived from must not.
static bool readsMemory(const Stmt *E) {
  if (!E)
    return false;
  if (isa<ArraySubscriptExpr, CallExpr>(E))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref)
    return true;
  if (const auto *M = dyn_cast<MemberExpr>(E); M && M->isArrow())
    return true;
  return llvm::any_of(E->children(), readsMemory);
}

/// Whether the update \p U (`v += s`, `v = v + s`) adds in unsigned
/// arithmetic, where a sum may wrap.
static bool isUnsignedArithmetic(const Expr *U) {
  if (const auto *C = dyn_cast<CompoundAssignOperator>(U))
    return C->getComputationResultType()->isUnsignedIntegerType();
  if (const auto *B = dyn_cast<BinaryOperator>(U); B && B->isAssignmentOp())
    return B->getRHS()
        ->IgnoreParenImpCasts()
        ->getType()
        ->isUnsignedIntegerType();
  return false;
}

/// Whether the loop condition \p Cond bounds \p V by a value that LLVM
/// knows to be far below INT_MAX (a constant, or a quotient by a constant
/// of two or more: `i < pos / 4`), so that a constant step in unsigned
/// arithmetic cannot wrap it and the trip count can be computed. Read from
/// nvcc 13's PTX (unroll-oracle.py: `j < k / 4` with `j += 32u` unrolled,
/// `j < k` not).
bool AddressBuilder::boundKeepsStepFromWrapping(const Expr *Cond,
                                                const VarDecl *V) {
  const auto *B = dyn_cast_or_null<BinaryOperator>(
      Cond ? Cond->IgnoreParenImpCasts() : nullptr);
  if (!B || (B->getOpcode() != BO_LT && B->getOpcode() != BO_LE) ||
      VariableWrites::directTarget(B->getLHS()) != V)
    return false;
  llvm::SaveAndRestore Silent(Recording, false);
  Poly Bound = rvalue(B->getRHS()).P;
  if (std::optional<int64_t> C = Bound.asConstant())
    return *C < (int64_t(1) << 30);
  if (Bound.terms().size() != 1 || Bound.terms()[0].Coeff != 1 ||
      Bound.terms()[0].Atoms.size() != 1)
    return false;
  const sym::Atom &Op = Syms.atom(Bound.terms()[0].Atoms[0]);
  if (Op.Kind != sym::AtomKind::Op || Op.Op != sym::OpKind::Div)
    return false;
  std::optional<int64_t> Divisor = Op.Operands[1].asConstant();
  return Divisor && *Divisor >= 2;
}

/// Whether \p Trips modulo \p Modulus (0: \p Trips itself) is the same in
/// every lane of each warp whatever the block: true only where it reads
/// threadIdx.x alone (and constants) and takes one value in each aligned run
/// of 32 of its values (`for (j = lane; j < 2048; j += 32)`: 64 trips in
/// every lane). The lanes then stay in step.
bool AddressBuilder::sameInEveryWarp(const Poly &Trips,
                                     unsigned Modulus) const {
  std::vector<sym::AtomId> Leaves;
  Syms.collectLeafAtoms(Trips, Leaves);
  if (Leaves.size() != 1 || Leaves[0] != Syms.threadIdx(0))
    return false;
  sym::Env Lane(Syms);
  constexpr int64_t MaxThreadsX = 1024;
  for (int64_t Warp = 0; Warp < MaxThreadsX; Warp += 32) {
    std::optional<int64_t> First;
    for (int64_t X = Warp; X < Warp + 32; ++X) {
      Lane.set(Syms.threadIdx(0), X);
      std::optional<int64_t> T = sym::evaluate(Syms, Trips, Lane);
      if (!T)
        return false;
      int64_t Key = Modulus ? *T % int64_t(Modulus) : *T;
      if (*T > 0 && First && *First != Key)
        return false;
      if (*T > 0 && !First)
        First = Key;
    }
  }
  return true;
}

bool AddressBuilder::leftoverTripsRunLast(
    const std::vector<const VarDecl *> &Changed) const {
  return llvm::any_of(Changed, [&](const VarDecl *V) {
    auto It = Vars.find(V);
    return It != Vars.end() && V->getType()->isIntegerType() &&
           It->second.P.asConstant();
  });
}

AddressBuilder::UnrolledLoop AddressBuilder::lowerUnrolledLoop(
    const Stmt *Loop, const Expr *Cond, const Stmt *Body, unsigned Pragma,
    const std::string &CounterName, const std::vector<const VarDecl *> &Changed,
    const llvm::DenseMap<const VarDecl *, Poly> &Steps,
    const llvm::DenseSet<const VarDecl *> &NotInduction,
    sym::AtomId Iteration) {
  // nvcc unrolls a loop whose trip count it does not know by a factor and
  // runs the trips left over (the trip count modulo the factor) in a loop
  // of their own: first (a prolog), unless an integer the loop changes
  // starts at a constant (LLVM's unroller then finds an epilog more
  // profitable). ptxas may unroll the unrolled loop again, in pieces of 16,
  // 8 and 4 trips (RuntimeUnrolling::Pieces). Each piece is code of its
  // own: where the trip count differs between the lanes of a warp, the
  // lanes reach each piece at trips of their own, and a warp issues a piece
  // when any of its lanes runs it. Read from nvcc 13's PTX and SASS;
  // measured on an H200 (runtime-bench 39: c[(j - i) * M + i] in `for (j =
  // i; j < M; j++)` reads 15.59 sectors, where lanes in step would read
  // 3.95; the model of the pieces gives 15.59, of the prolog alone 15.74).
  if (!Cond || isa<DoStmt>(Loop) || readsMemory(Cond))
    return {};
  RuntimeUnrolling Unrolling = runtimeUnrolling(AST, Body, Pragma, Changed);
  const int64_t F = Unrolling.Factor;
  if (F < 2)
    return {};
  const bool Epilog = leftoverTripsRunLast(Changed);
  for (const VarDecl *V : Changed) {
    bool Induction = Steps.count(V) && !NotInduction.count(V);
    if (Vars.count(V) && !Induction && usesOf(Cond, V))
      return {}; // the trip count is not the induction's
  }
  // The condition with every induction variable at trip `Iteration`.
  std::vector<Guard> CondGuards;
  {
    llvm::SaveAndRestore Silent(Recording, false);
    Vars.mark();
    for (const auto &[V, Step] : Steps)
      if (!NotInduction.count(V) && Vars.count(V))
        Vars[V].P = Vars[V].P + Poly::atom(Iteration) * Step;
    CondGuards = conditionGuards(Cond, false);
    Vars.undo();
  }
  std::optional<Poly> Trips;
  for (const Guard &G : CondGuards) {
    std::optional<int64_t> C = G.Diff.coefficientOf(Iteration).asConstant();
    if (!C || *C == 0)
      continue;
    if (Trips)
      return {}; // two bounds: the trip count is their minimum
    // At trip t the lane is active where A + C * t Op 0; with C > 0 that
    // is t < -A / C (Op <) or t <= -A / C (Op <=).
    Poly A = Syms.substitute(G.Diff, {{Iteration, Poly::constant(0)}});
    model::Cmp Op = G.Op;
    int64_t Step = *C;
    if (Step < 0) {
      A = -A;
      Step = -Step;
      Op = Op == model::Cmp::GT   ? model::Cmp::LT
           : Op == model::Cmp::GE ? model::Cmp::LE
                                  : Op;
    }
    if (Op == model::Cmp::LT)
      Trips = Syms.op(sym::OpKind::Div, -A + Poly::constant(Step - 1),
                      Poly::constant(Step));
    else if (Op == model::Cmp::LE)
      Trips = Syms.op(sym::OpKind::Div, -A + Poly::constant(Step),
                      Poly::constant(Step));
    else if (Op == model::Cmp::NE && Step == 1)
      Trips = -A;
    else
      return {};
  }
  // Lanes of one warp with the same trip count stay in step (without
  // pieces and with a prolog, the same count modulo the factor is enough:
  // they run their leftover trips together).
  if (!Trips || !Syms.isLaneVarying(*Trips) ||
      sameInEveryWarp(*Trips, Unrolling.Pieces || Epilog ? 0 : unsigned(F)))
    return {};

  // The walk visits the pieces' requests in the order of a counter of its
  // own (model::LoopLowering): the pieces of fixed length first, then the
  // unrolled loop, where lanes leave one by one as in any loop.
  model::LoopLowering L;
  L.Trip = Iteration;
  L.TripCount = *Trips;
  L.Factor = unsigned(F);
  L.Pieces = Unrolling.Pieces;
  L.Epilog = Epilog;
  L.LeftoverMaybePredicated = Unrolling.LeftoverMaybePredicated;
  L.Counter = Syms.loopIteration(CounterName, model::firstCounterValue(L));
  UnrolledLoop R;
  R.Lowering = L;
  const SourceManager &SM = AST.getSourceManager();
  std::string Line =
      std::to_string(SM.getPresumedLineNumber(Loop->getBeginLoc()));
  std::string By = std::to_string(F);
  if (!Epilog && !Unrolling.Pieces)
    R.Note = "nvcc unrolls the loop at line " + Line + " by " + By +
             " and runs each lane's remaining trips first (its trip count "
             "modulo " +
             By + "): lanes are up to " + std::to_string(F - 1) +
             " trips apart in the unrolled loop";
  else
    R.Note = "nvcc unrolls the loop at line " + Line + " by " + By +
             " and runs each lane's remaining trips (its trip count modulo " +
             By + ") " + (Epilog ? "after" : "before") + " the unrolled loop" +
             (Unrolling.Pieces ? ", which ptxas runs 16 trips at a time, "
                                 "then 8 and 4"
                               : "") +
             ": lanes with different trip counts run these pieces apart";
  return R;
}

void AddressBuilder::hoistInvariantLoads(const Stmt *Loop, size_t From,
                                         size_t BodyGuards,
                                         sym::AtomId Iteration,
                                         llvm::ArrayRef<sym::AtomId> PerTrip,
                                         const std::string &LoweringNote,
                                         std::optional<size_t> LoopWrites) {
  // A load of the body's own statements (under no `if` of its own) whose
  // address the loop does not change, in a loop that writes no memory it
  // may read (a shared load past global stores; a global load past stores
  // through other bases where one of the two is `__restrict__`):
  // LLVM's LICM loads it once before the loop, where the loop runs at all,
  // and nvcc gives it the loop's line (llm.c's
  // softmax_autoregressive_backward_kernel1: att_bth[t3] measured under
  // the `for`, once per trip of the loop around it).
  const std::string Line = std::to_string(lineOf(Loop));
  for (size_t I = From; I < Sites.size(); ++I) {
    AccessSite &S = Sites[I];
    if (S.Kind != AccessKind::Load || S.Hinted || S.FusedAcrossTrips ||
        (LoopWrites && S.Space != model::AddressSpace::Shared &&
         !writesMissBase(S.Base, *LoopWrites)) ||
        S.Guards.size() != BodyGuards ||
        llvm::any_of(PerTrip, [&](sym::AtomId A) {
          return Syms.dependsOn(S.ByteOffset, A);
        }))
      continue;
    std::map<sym::AtomId, Poly> FirstTrip = {{Iteration, Poly::constant(0)}};
    for (Guard &G : S.Guards)
      G.Diff = Syms.substitute(G.Diff, FirstTrip);
    llvm::erase_if(S.Lowerings, [&](const model::LoopLowering &L) {
      return L.Trip == Iteration;
    });
    if (!LoweringNote.empty())
      llvm::erase(S.LoweringNotes, LoweringNote);
    S.LoweringNotes.push_back("nvcc loads it once before the loop at line " +
                              Line + ", whose trips do not change its address");
    S.AlsoFiledUnder.push_back(lineOf(Loop));
  }
}

/// A loop being walked: its parts, what its updates do to the variables it
/// changes, what held before it.
struct AddressBuilder::LoopState {
  using VariationMap = llvm::DenseMap<const VarDecl *, Variation>;

  const Stmt *Loop;
  const Expr *Cond, *Inc;
  const Stmt *Body;
  VariableWrites Mod;
  std::vector<const VarDecl *> Changed;
  /// Induction variables: changed only by `v += step` (or ++, --, -=, v = v
  /// + step) in the increment or at the top level of the body, with a step
  /// the loop does not change. Such a v is v0 + iteration * step, with the
  /// iteration counter the same in every lane.
  llvm::DenseMap<const VarDecl *, Poly> Steps;
  /// Geometric induction variables (`s *= 2`, `s >>= 1`: reductions and
  /// scans): changed only by a constant power-of-two factor, v0 shifted by
  /// iteration * bits. The bits, positive to the left.
  llvm::DenseMap<const VarDecl *, int> Shifts;
  /// Changed by updates of both kinds, or in another way too.
  llvm::DenseSet<const VarDecl *> NotInduction;
  /// A step of more than one in unsigned arithmetic (`i += warp.size()`)
  /// may wrap: LLVM cannot count the trips, and nvcc does not unroll the
  /// loop, unless the bound is small enough that a constant step cannot.
  bool WrappingStep = false;
  std::string CounterName = "loop";
  sym::AtomId Iteration;
  /// The values before the loop of the variables it changes.
  llvm::DenseMap<const VarDecl *, SymValue> Before;
  UnrolledLoop Remainder;
  bool FullyUnrolled = false;
  size_t BodyGuards = 0; // the guards of the body's own statements
  /// The lanes still in a loop they leave by `break` on loaded data.
  std::optional<Guard> StillIn;

  LoopState(const Stmt *Loop, const Expr *Cond, const Expr *Inc,
            const Stmt *Body)
      : Loop(Loop), Cond(Cond), Inc(Inc), Body(Body) {
    Mod.add(Cond);
    Mod.add(Inc);
    Mod.add(Body);
    for (const auto &Write : Mod.all())
      Changed.push_back(Write.first);
  }

  bool isInduction(const VarDecl *V) const { return !NotInduction.count(V); }

  /// How \p V varies across lanes once the loop has run.
  Variation carried(const sym::Context &Syms, const VariationMap &Varying,
                    const VarDecl *V) const {
    auto It = Before.find(V);
    Variation Varies = Varying.lookup(V);
    if (It != Before.end())
      Varies = std::max(Varies, Syms.variationOf(It->second.P));
    return Varies;
  }
};

std::optional<Poly> AddressBuilder::inductionStep(const LoopState &L,
                                                  const Expr *E,
                                                  const VarDecl *&V) {
  E = E->IgnoreParenImpCasts();
  if (const auto *C = dyn_cast<CallExpr>(E))
    return thrustInductionStep(L, C, V);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (!U->isIncrementDecrementOp())
      return std::nullopt;
    V = VariableWrites::directTarget(U->getSubExpr());
    if (!V) // ++a[0]: memory, not a variable
      return std::nullopt;
    return Poly::constant(U->isIncrementOp() ? 1 : -1)
        .scaled(stepUnit(U->getSubExpr()->getType()));
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B || !B->isAssignmentOp())
    return std::nullopt;
  V = VariableWrites::directTarget(B->getLHS());
  const Expr *StepExpr = nullptr;
  QualType SteppedType = B->getLHS()->getType();
  bool Negative = false;
  if (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) {
    StepExpr = B->getRHS();
    Negative = B->getOpcode() == BO_SubAssign;
  } else if (B->getOpcode() == BO_Assign) {
    // `row = (float *)((char *)row + pitch)` steps through a cast: by bytes.
    const auto *Sum =
        dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenNoopCasts(AST));
    if (!Sum || (Sum->getOpcode() != BO_Add && Sum->getOpcode() != BO_Sub))
      return std::nullopt;
    SteppedType = Sum->getType();
    if (VariableWrites::directTarget(
            Sum->getLHS()->IgnoreParenNoopCasts(AST)) == V) {
      StepExpr = Sum->getRHS();
      Negative = Sum->getOpcode() == BO_Sub;
    } else if (Sum->getOpcode() == BO_Add &&
               VariableWrites::directTarget(
                   Sum->getRHS()->IgnoreParenNoopCasts(AST)) == V) {
      StepExpr = Sum->getLHS();
    }
  }
  if (!StepExpr || !V)
    return std::nullopt;
  // The step must not read anything the loop changes.
  for (const VarDecl *M : L.Changed)
    if (usesOf(StepExpr, M))
      return std::nullopt;
  llvm::SaveAndRestore Silent(Recording, false);
  Poly Step = rvalue(StepExpr).P.scaled(stepUnit(SteppedType));
  return Negative ? -Step : Step;
}

std::optional<Poly> AddressBuilder::thrustInductionStep(const LoopState &L,
                                                        const CallExpr *C,
                                                        const VarDecl *&V) {
  // `q += n`, `++q` of a thrust::device_ptr: a `T *` stepped by n elements.
  ThrustOperation Op = thrustOperation(C);
  if (Op.K != ThrustOperation::Advance)
    return std::nullopt;
  V = VariableWrites::directTarget(thrustOperand(Op.Pointer));
  if (!V)
    return std::nullopt;
  for (const VarDecl *M : L.Changed)
    if (Op.Count && usesOf(Op.Count, M))
      return std::nullopt;
  llvm::SaveAndRestore Silent(Recording, false);
  Poly Count = Op.Count ? rvalue(Op.Count).P : Poly::constant(1);
  Poly Step = Count.scaled(
      sizeOf(thrustElementType(thrustOperand(Op.Pointer)->getType())));
  return Op.Sign > 0 ? Step : -Step;
}

uint64_t AddressBuilder::stepUnit(QualType Stepped) const {
  // A pointer's value is a byte address, and `p += k` moves it k elements.
  return Stepped->isPointerType() ? sizeOf(Stepped->getPointeeType()) : 1;
}

std::optional<int> AddressBuilder::inductionShift(const Expr *E,
                                                  const VarDecl *&V) const {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!B || !B->isAssignmentOp())
    return std::nullopt;
  V = VariableWrites::directTarget(B->getLHS());
  BinaryOperatorKind Op = B->getOpcode();
  const Expr *Amount = B->getRHS();
  if (Op == BO_Assign) {
    // v = v * 2, v = v >> 1
    const auto *R =
        dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
    if (!R || VariableWrites::directTarget(R->getLHS()) != V)
      return std::nullopt;
    switch (R->getOpcode()) {
    case BO_Mul:
      Op = BO_MulAssign;
      break;
    case BO_Div:
      Op = BO_DivAssign;
      break;
    case BO_Shl:
      Op = BO_ShlAssign;
      break;
    case BO_Shr:
      Op = BO_ShrAssign;
      break;
    default:
      return std::nullopt;
    }
    Amount = R->getRHS();
  }
  Expr::EvalResult R;
  if (!V || !Amount->EvaluateAsInt(R, AST))
    return std::nullopt;
  int64_t N = R.Val.getInt().getExtValue();
  auto Log2 = [](int64_t X) -> std::optional<int> {
    if (X < 2 || (X & (X - 1)))
      return std::nullopt;
    return llvm::Log2_64(X);
  };
  switch (Op) {
  case BO_MulAssign:
    return Log2(N);
  case BO_DivAssign:
    if (auto Bits = Log2(N))
      return -*Bits;
    return std::nullopt;
  case BO_ShlAssign:
    return N > 0 && N < 32 ? std::optional<int>(int(N)) : std::nullopt;
  case BO_ShrAssign:
    return N > 0 && N < 32 ? std::optional<int>(-int(N)) : std::nullopt;
  default:
    return std::nullopt;
  }
}

/// The updates that may step an induction variable: the increment's
/// (comma-separated, last first) and the body's top-level expressions.
static std::vector<const Expr *> loopUpdates(const Expr *Inc,
                                             const Stmt *Body) {
  std::vector<const Expr *> Updates;
  if (Inc) {
    const Expr *E = Inc->IgnoreParens();
    while (const auto *Comma = dyn_cast<BinaryOperator>(E)) {
      if (Comma->getOpcode() != BO_Comma)
        break;
      Updates.push_back(Comma->getRHS());
      E = Comma->getLHS()->IgnoreParens();
    }
    Updates.push_back(E);
  }
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(Body)) {
    for (const Stmt *S : C->body())
      if (const auto *E = dyn_cast<Expr>(S))
        Updates.push_back(E);
  } else if (const auto *E = dyn_cast_or_null<Expr>(Body)) {
    Updates.push_back(E);
  }
  return Updates;
}

void AddressBuilder::findInductions(LoopState &L) {
  // The variable each update steps (nullptr where it is no step), in the
  // order of the updates.
  std::vector<const VarDecl *> Stepped;
  for (const Expr *U : loopUpdates(L.Inc, L.Body)) {
    const VarDecl *V = nullptr;
    if (auto Step = inductionStep(L, U, V)) {
      std::optional<int64_t> Constant = Step->asConstant();
      L.WrappingStep |= (!Constant || std::abs(*Constant) != 1) &&
                        isUnsignedArithmetic(U->IgnoreParenImpCasts()) &&
                        !(Constant && boundKeepsStepFromWrapping(L.Cond, V));
      Stepped.push_back(V);
      L.Steps[V] = L.Steps.count(V) ? L.Steps[V] + *Step : *Step;
      continue;
    }
    auto Shift = inductionShift(U, V);
    Stepped.push_back(Shift ? V : nullptr);
    if (Shift)
      L.Shifts[V] += *Shift;
  }
  // Every modification of an induction variable must be one recognised, and
  // of one kind.
  for (const VarDecl *V : L.Changed)
    if ((L.Steps.count(V) || L.Shifts.count(V)) &&
        (L.Mod.count(V) != unsigned(llvm::count(Stepped, V)) ||
         (L.Steps.count(V) && L.Shifts.count(V)) ||
         (L.Shifts.count(V) && L.Shifts.lookup(V) == 0)))
      L.NotInduction.insert(V);

  // Named after the first induction variable in source order of its
  // updates (the loop's own increment first): Steps is keyed by pointer, and
  // its order would change the name from run to run.
  for (const VarDecl *V : Stepped)
    if (V && L.isInduction(V)) {
      L.CounterName = V->getName().str();
      break;
    }
}

std::vector<sym::AtomId>
AddressBuilder::enterLoop(const LoopState &L,
                          const LoopState::VariationMap &Varying) {
  const Poly TripIndex = Poly::atom(L.Iteration);
  std::vector<sym::AtomId> OfSomeTrip;
  for (const VarDecl *V : L.Changed) {
    auto It = L.Before.find(V);
    auto StepIt = L.Steps.find(V);
    if (StepIt != L.Steps.end() && L.isInduction(V) && It != L.Before.end()) {
      SymValue Start = It->second;
      // The increment at the end of the body runs before the next test:
      // the body sees v0 + i*step (steps inside the body apply in order).
      Start.P = Start.P + TripIndex * StepIt->second;
      Vars[V] = Start;
      continue;
    }
    auto ShiftIt = L.Shifts.find(V);
    if (ShiftIt != L.Shifts.end() && L.isInduction(V) && It != L.Before.end() &&
        !It->second.IsPointer) {
      SymValue Start = It->second;
      int Bits = ShiftIt->second;
      Start.P = Syms.op(Bits > 0 ? sym::OpKind::Shl : sym::OpKind::Shr, Start.P,
                        TripIndex * Poly::constant(std::abs(Bits)));
      Vars[V] = Start;
      continue;
    }
    OfSomeTrip.push_back(
        Syms.opaque(V->getName().str(), L.carried(Syms, Varying, V)));
    Vars[V] = SymValue{V->getType()->isPointerType(), -1,
                       Poly::atom(OfSomeTrip.back())};
  }
  return OfSomeTrip;
}

/// Whether the loop body \p S holds `if (c) ... break;` with c reading
/// memory (not in a nested loop or switch, whose break is their own).
static bool breaksOnLoadedData(const Stmt *S) {
  if (!S || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S))
    return false;
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    for (const Stmt *Branch : {If->getThen(), If->getElse()})
      if (isa_and_nonnull<BreakStmt>(lastStatement(Branch)) &&
          readsMemory(If->getCond()))
        return true;
  }
  return llvm::any_of(S->children(), breaksOnLoadedData);
}

void AddressBuilder::keepLoadsOfLanesStillIn(
    const LoopState &L, size_t From, const std::vector<Guard> &CondGuards) {
  // The condition's own loads run at every trip a lane is still in the
  // loop: where the condition reads per-lane data, the lanes leave at trips
  // of their own, and which are still in is the data's (HeCBench bonds'
  // `while (date > bond[b].startDate)`, each lane's date moved back a trip:
  // 20.38 sectors measured, 32 to 36 given for every lane at every trip).
  if (From == Sites.size() || llvm::none_of(CondGuards, [&](const Guard &G) {
        return Syms.dependsOnLaneData(G.Diff);
      }))
    return;
  Guard StillIn = lanesStillIn(L.Loop);
  for (size_t I = From; I < Sites.size(); ++I)
    Sites[I].Guards.push_back(StillIn);
}

Guard AddressBuilder::lanesStillIn(const Stmt *Loop) {
  Guard StillIn;
  StillIn.Diff = Poly::atom(Syms.opaque("lanes still in the loop at line " +
                                            std::to_string(lineOf(Loop)),
                                        Variation::LaneData));
  StillIn.Op = model::Cmp::NE;
  StillIn.Exits = true;
  return StillIn;
}

void AddressBuilder::walkLoopBody(LoopState &L) {
  std::vector<Guard> CondGuards;
  if (L.Cond && !isa<DoStmt>(L.Loop)) {
    size_t CondSites = Sites.size();
    rvalue(L.Cond);
    CondGuards = conditionGuards(L.Cond, false);
    for (Guard &G : CondGuards)
      G.EndsLoop = true;
    keepLoadsOfLanesStillIn(L, CondSites, CondGuards);
  }
  if (L.StillIn)
    CondGuards.push_back(*L.StillIn);
  size_t FirstCondGuard = Guards.size();
  GuardScope WhileCondHolds(Guards, CondGuards);
  placeFusibleLoop(FirstCondGuard);
  L.BodyGuards = Guards.size();
  size_t NotesBefore = LoweringNotes.size();
  size_t LoweringsBefore = Lowerings.size();
  if (L.Remainder.Lowering) {
    LoweringNotes.push_back(L.Remainder.Note);
    Lowerings.push_back(*L.Remainder.Lowering);
  }
  LoopLines.push_back(lineOf(L.Loop));
  if (L.FullyUnrolled)
    UnrolledLoopLines.push_back(LoopLines.back());
  llvm::scope_exit DropNote([&] {
    LoweringNotes.resize(NotesBefore);
    Lowerings.resize(LoweringsBefore);
    LoopLines.pop_back();
    if (L.FullyUnrolled)
      UnrolledLoopLines.pop_back();
  });
  llvm::SaveAndRestore Inside(LoopDepth, LoopDepth + 1);
  // The next trip follows the body's last statement, not the exit.
  llvm::SaveAndRestore NotAtTail(AtKernelTail, false);
  stmt(L.Body);
  if (L.Inc)
    rvalue(L.Inc);
  if (Recording)
    fuseCandidates();
}

void AddressBuilder::leftLoopWith(
    const llvm::DenseMap<const VarDecl *, SymValue> &Values,
    const SymValue &Cond) {
  if (BreakVariations.empty())
    return;
  for (const auto &[V, Value] : Values) {
    auto Now = Vars.find(V);
    if (Now != Vars.end() && Now->second == Value)
      continue;
    Variation &Most = BreakVariations.back()[V];
    Most =
        std::max({Most, Syms.variationOf(Value.P), Syms.variationOf(Cond.P)});
  }
}

void AddressBuilder::loop(const Stmt *Loop, const Stmt *Init, const Expr *Cond,
                          const Expr *Inc, const Stmt *Body) {
  stmt(Init);
  BreakVariations.emplace_back();
  llvm::scope_exit PopBreaks([&] { BreakVariations.pop_back(); });
  LoopState L(Loop, Cond, Inc, Body);
  // A loop a lane leaves by `break` under a test on memory (a search): on
  // later trips the lanes still in it are the data's, and they leave, so a
  // warp with none left issues nothing (HeCBench knn's search; runtime-bench
  // 44: 3.78 sectors a request measured where every lane's 4 was given).
  if (breaksOnLoadedData(Body))
    L.StillIn = lanesStillIn(Loop);
  findInductions(L);
  L.Iteration = Syms.loopIteration(L.CounterName);
  // Read only for the variables the loop changes.
  for (const VarDecl *V : L.Changed) {
    auto It = Vars.find(V);
    if (It != Vars.end())
      L.Before.try_emplace(V, It->second);
  }
  auto FieldsBefore = Fields;
  unsigned UnrollPragma = std::exchange(PendingUnrollCount, 0);
  L.FullyUnrolled = std::exchange(PendingFullUnroll, false) || UnrollPragma > 1;
  if (L.Shifts.empty() && !L.WrappingStep)
    L.Remainder =
        lowerUnrolledLoop(Loop, Cond, Body, UnrollPragma, L.CounterName,
                          L.Changed, L.Steps, L.NotInduction, L.Iteration);
  bool Fusible = !L.Remainder.Lowering && !L.StillIn &&
                 enterFusibleLoop(Body, L.Changed, UnrollPragma,
                                  L.FullyUnrolled, L.Iteration);
  llvm::scope_exit LeaveFusible([&] {
    if (Fusible)
      FusibleLoops.pop_back();
  });

  // A first, silent walk finds which changed variables end up differing
  // between lanes; the second walk records the accesses.
  LoopState::VariationMap VaryingVars;
  // The values of some trip (variables and fields the body changes other
  // than by a step): an address with one of them moves from trip to trip.
  std::vector<sym::AtomId> OfSomeTrip;
  unsigned WritesBefore = memoryWrites();
  bool BodyMayWrite = true;
  const bool WalkedSilently = LoopDepth < limits::MaxLoopNestingWalkedTwice;
  if (WalkedSilently) {
    {
      llvm::SaveAndRestore Silent(Recording, false);
      enterLoop(L, VaryingVars);
      walkLoopBody(L);
    }
    OfSomeTrip = enterLoopFields(FieldsBefore);
    BodyMayWrite = memoryWrites() != WritesBefore;
    for (const VarDecl *V : L.Changed) {
      auto It = Vars.find(V);
      if (It != Vars.end())
        VaryingVars[V] = Syms.variationOf(It->second.P);
    }
  } else {
    for (const VarDecl *V : L.Changed)
      VaryingVars[V] = Variation::LaneComputed;
    forgetFieldsChangedIn(Loop);
  }
  // A body that writes memory may overwrite, on a later trip, what was held
  // before the loop. What the body holds is not held after it: the loop may
  // not run.
  if (BodyMayWrite)
    Held.clear();
  std::vector<HeldValue> HeldBefore = Held;
  size_t SitesBefore = Sites.size();
  unsigned WritesBeforeWalk = memoryWrites();
  unsigned SharedWritesBeforeWalk = SharedMemoryWrites;
  llvm::append_range(OfSomeTrip, enterLoop(L, VaryingVars));
  OfSomeTrip.push_back(L.Iteration);
  // Inside an enclosing loop's silent walk the second walk records nothing,
  // and the changed variables after the loop take the variations the first
  // walk found: walked again, a nest of n loops cost 2^n walks of its
  // innermost body (ggml's fattn-tile instances: 15% of the analysis), now
  // n + 1.
  if (Recording || !WalkedSilently)
    walkLoopBody(L);
  Held = std::move(HeldBefore);
  // A loop that writes only global memory keeps shared memory as it was,
  // unless a barrier lets other threads write it.
  std::optional<size_t> LoopWrites;
  if (memoryWrites() != WritesBeforeWalk)
    LoopWrites = WritesBeforeWalk;
  if (SharedMemoryWrites == SharedWritesBeforeWalk &&
      !(LoopWrites && waitsForOtherThreads(L.Body)))
    hoistInvariantLoads(
        Loop, SitesBefore, L.BodyGuards, L.Iteration, OfSomeTrip,
        L.Remainder.Lowering ? L.Remainder.Note : "", LoopWrites);

  // A field the body changed may hold either value after the loop.
  joinFields(FieldsBefore);
  // After the loop a changed variable holds a value we do not track.
  for (const VarDecl *V : L.Changed) {
    Variation Varies = L.carried(Syms, VaryingVars, V);
    auto Broke = BreakVariations.back().find(V);
    if (Broke != BreakVariations.back().end())
      Varies = std::max(Varies, Broke->second);
    Vars[V] = SymValue{V->getType()->isPointerType(), -1,
                       Poly::atom(Syms.opaque(V->getName().str(), Varies))};
  }
}

model::AccessShape modelShape(const AccessSite &S) {
  model::AccessShape A;
  A.ByteOffset = S.ByteOffset;
  A.WidthBytes = S.WidthBytes;
  A.ChunkBytes = S.ChunkBytes;
  A.Guards = model::withoutImpliedGuards(S.Guards);
  A.Space = S.Space;
  A.Lowerings = S.Lowerings;
  A.InLibrary = S.InLibrary;
  A.CompareAndSwapLoop = S.CompareAndSwapLoop;
  A.SerializesOneWord = S.SerializesOneWord;
  A.CarriesTwoValues = S.CarriesTwoValues;
  A.SharedStore =
      S.Space == model::AddressSpace::Shared && S.Kind == AccessKind::Store;
  A.RetriedWithLoop = S.RetriedWithLoop;
  return A;
}

} // namespace cudacoalesce
