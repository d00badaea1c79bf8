//===- Frontend/AddressBuilderStmt.cpp - Statements and guards ------------===//
#include "AddressBuilder.h"
#include "ConditionLeaves.h"
#include "ExprSemantics.h"
#include "NvccLowering.h"
#include "VariableWrites.h"
#include "cuda-coalesce/Limits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/SaveAndRestore.h"

#include <algorithm>

using namespace clang;

namespace cudacoalesce {

using model::Cmp;

namespace {

/// Whether control never falls out of \p S (return, break, continue).
bool alwaysExits(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt, BreakStmt, ContinueStmt>(S))
    return true;
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return !C->body_empty() && alwaysExits(C->body_back());
  return false;
}

/// Whether \p S may leave the loop it is the body of other than by
/// finishing a trip: a `return`, a `goto`, or (while \p BreakLeaves, i.e.
/// outside inner loops and switches) a `break`.
bool leavesLoopEarly(const Stmt *S, bool BreakLeaves = true) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt>(S) ||
      (BreakLeaves && isa<BreakStmt>(S)))
    return true;
  bool Inner = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S);
  return llvm::any_of(S->children(), [&](const Stmt *Child) {
    return leavesLoopEarly(Child, BreakLeaves && !Inner);
  });
}

/// The elements of `{a, b, c}` when \p R walks a braced list, else null.
const InitListExpr *bracedListWalked(const CXXForRangeStmt *R) {
  const Expr *Range = R->getRangeInit();
  if (!Range)
    return nullptr;
  const auto *List =
      dyn_cast<CXXStdInitializerListExpr>(Range->IgnoreImplicit());
  if (!List)
    return nullptr;
  return dyn_cast<InitListExpr>(List->getSubExpr()->IgnoreImplicit());
}

} // namespace

std::vector<Guard> AddressBuilder::conditionGuards(const Expr *Cond,
                                                   bool Negate) {
  // The condition's loads are recorded once, where it is evaluated.
  llvm::SaveAndRestore Silent(Recording, false);
  std::vector<Guard> Out;
  guardsFor(Cond, Negate, Out);
  return Out;
}

bool AddressBuilder::guardsFor(const Expr *Cond, bool Negate,
                               std::vector<Guard> &Out) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond))
    if (U->getOpcode() == UO_LNot)
      return guardsFor(U->getSubExpr(), !Negate, Out);
  // A condition the algebra cannot express is left out, which can only
  // count more lanes active; where it reads data that differs between
  // lanes or warps it stays as an opaque guard, so that the model knows
  // the lanes taking part are the data's.
  // A test the same in every lane on a value not known here (`bias !=
  // nullptr`, a flag) stays too: every lane may fail it, and a warp then
  // issues a predicated access with no lane on (ggml's `ids ? ids[i] : i`
  // with ids null: 0 sectors a request measured on an H100).
  auto Inexpressible = [&] {
    SymValue V = rvalue(Cond);
    Variation Varies = Syms.variationOf(V.P);
    if (Varies != Variation::Uniform || !V.P.asConstant())
      Out.push_back({Poly::atom(Syms.opaque(text(Cond), Varies)),
                     Negate ? Cmp::EQ : Cmp::NE});
    return false;
  };
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B)
    return Inexpressible();
  BinaryOperatorKind Op = B->getOpcode();
  // A conjunction (or a negated disjunction) is a list of guards; what we
  // cannot express is left out, which can only count more lanes active.
  if ((Op == BO_LAnd && !Negate) || (Op == BO_LOr && Negate)) {
    bool L = guardsFor(B->getLHS(), Negate, Out);
    bool R = guardsFor(B->getRHS(), Negate, Out);
    return L && R;
  }
  std::optional<Cmp> Compare = comparisonOf(Op);
  if (!Compare || B->getLHS()->getType()->isRealFloatingType() ||
      B->getLHS()->getType()->isPointerType())
    return Inexpressible();
  SymValue L = rvalue(B->getLHS()), R = rvalue(B->getRHS());
  Out.push_back({L.P - R.P, Negate ? model::negated(*Compare) : *Compare});
  return true;
}

void AddressBuilder::stmt(const Stmt *S) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S)) {
    rvalue(E);
    return;
  }
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return compound(C);
  if (const auto *D = dyn_cast<DeclStmt>(S))
    return declStmt(D);
  if (const auto *If = dyn_cast<IfStmt>(S))
    return ifStmt(If);
  if (const auto *F = dyn_cast<ForStmt>(S))
    return loop(F, F->getInit(), F->getCond(), F->getInc(), F->getBody());
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return loop(W, nullptr, W->getCond(), nullptr, W->getBody());
  if (const auto *D = dyn_cast<DoStmt>(S))
    // The condition runs after each trip, where a for loop's increment
    // does (its loads are the loop's: HeCBench hungarian's `while
    // (repeat)` on a shared flag).
    return loop(D, nullptr, nullptr, D->getCond(), D->getBody());
  if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    if (!R->getRetValue())
      return;
    // Returning a reference yields the object's address.
    const FunctionDecl *F = Frames.empty() ? nullptr : Frames.back();
    SymValue V;
    if (F && F->getReturnType()->isReferenceType()) {
      LValue LV = lvalue(R->getRetValue());
      V = LV.Kind == LValue::Memory
              ? LV.Address
              : opaqueFor(R->getRetValue(), Variation::LaneComputed);
    } else {
      V = rvalue(R->getRetValue());
      // A local object returned by value: the caller keeps none of its
      // fields, only how they vary (HeCBench radixsort's rank4 returns each
      // lane's ranks in a uint4: 3.49 wavefronts measured where fields taken
      // as the same in every lane gave 1).
      Variation Fields = objectVariation(R->getRetValue());
      if (Fields > Syms.variationOf(V.P))
        V = opaqueFor(R->getRetValue(), Fields);
    }
    if (!Returns.empty())
      Returns.back().push_back(V);
    return;
  }
  if (const auto *A = dyn_cast<AttributedStmt>(S)) {
    for (const Attr *At : A->getAttrs())
      if (const auto *Hint = dyn_cast<LoopHintAttr>(At)) {
        Expr::EvalResult Count;
        if (Hint->getOption() == LoopHintAttr::UnrollCount &&
            Hint->getValue() && Hint->getValue()->EvaluateAsInt(Count, AST))
          PendingUnrollCount =
              unsigned(std::max<int64_t>(1, Count.Val.getInt().getExtValue()));
        else if (Hint->getOption() == LoopHintAttr::Unroll &&
                 Hint->getState() == LoopHintAttr::Disable)
          PendingUnrollCount = 1;
        else if (Hint->getOption() == LoopHintAttr::Unroll &&
                 (Hint->getState() == LoopHintAttr::Enable ||
                  Hint->getState() == LoopHintAttr::Full))
          PendingFullUnroll = true;
      }
    stmt(A->getSubStmt());
    PendingUnrollCount = 0;
    PendingFullUnroll = false;
    return;
  }
  if (const auto *Asm = dyn_cast<AsmStmt>(S)) {
    clobberMemory();
    for (const Stmt *Child : S->children())
      stmt(Child);
    asmOutputs(Asm);
    return;
  }
  if (isa<SwitchStmt, LabelStmt>(S))
    Held.clear(); // cases and labels are jumped to from elsewhere
  if (const auto *R = dyn_cast<CXXForRangeStmt>(S)) {
    Held.clear();
    if (walkUnrolledListLoop(R))
      return;
    // Range-for over device arrays is rare; walk it once, conservatively.
    VariableWrites Writes = VariableWrites::in(S);
    for (const auto &Write : Writes.all())
      Vars[Write.first] =
          SymValue{false, -1,
                   Poly::atom(Syms.opaque(Write.first->getName().str(),
                                          Variation::LaneComputed))};
    stmt(R->getBody());
    return;
  }
  for (const Stmt *Child : S->children())
    stmt(Child);
}

void AddressBuilder::asmOutputs(const AsmStmt *A) {
  // `mov.u32 %0, %%laneid;`: the lane's place in its warp, the linear
  // thread index modulo 32. Any other output is a value computed per lane
  // that the walk does not follow (%clock, a conversion, a shuffle).
  std::optional<Poly> Lane;
  const auto *GCC = dyn_cast<GCCAsmStmt>(A);
  if (GCC && A->getNumOutputs() == 1 &&
      StringRef(GCC->getAsmString()).contains("%laneid"))
    Lane = laneInWarp();
  for (unsigned I = 0; I < A->getNumOutputs(); ++I) {
    const Expr *Out = A->getOutputExpr(I);
    SymValue Value = Lane ? SymValue{false, -1, *Lane}
                          : opaqueFor(Out, Variation::LaneComputed);
    LValue LV = lvalue(Out);
    if (LV.Kind == LValue::Variable)
      Vars[LV.Var] = Value;
    else if (LV.Kind == LValue::Memory && !keepField(LV, Out, Value))
      storedInto(LV.Address.Base, Variation::LaneComputed);
  }
}

bool AddressBuilder::walkUnrolledListLoop(const CXXForRangeStmt *R) {
  // `for (int stride : {32, 16, 8, 4})` has as many trips as the list has
  // elements, each known where the code is written; nvcc unrolls it fully
  // (ggml's flash attention loads a tile in decreasing widths this way), so
  // each trip is its own code with its own element, walked in turn. A body
  // that may leave the loop early (`break`, `return`) is walked once, as any
  // other range-for.
  const InitListExpr *List = bracedListWalked(R);
  const VarDecl *Element = R->getLoopVariable();
  if (!List || List->getNumInits() == 0 ||
      List->getNumInits() > limits::MaxListTripsUnrolled ||
      !Element->getType().getNonReferenceType()->isScalarType() ||
      (Element->getType()->isReferenceType() &&
       !Element->getType().getNonReferenceType().isConstQualified()) ||
      leavesLoopEarly(R->getBody()))
    return false;
  PendingFullUnroll = false;
  for (const Expr *Init : List->inits()) {
    SymValue Value = rvalue(Init);
    Vars[Element] = Value;
    TripStack.push_back(Element->getName().str() + " = " + Syms.str(Value.P));
    llvm::SaveAndRestore Inside(LoopDepth, LoopDepth + 1);
    llvm::SaveAndRestore NotAtTail(AtKernelTail, false);
    LoopLines.push_back(lineOf(R));
    UnrolledLoopLines.push_back(LoopLines.back());
    stmt(R->getBody());
    UnrolledLoopLines.pop_back();
    LoopLines.pop_back();
    TripStack.pop_back();
  }
  return true;
}

bool AddressBuilder::variesPerTrip(const std::vector<Guard> &Condition) const {
  return llvm::any_of(Condition, [&](const Guard &G) {
    return Syms.containsLeaf(G.Diff, [](const sym::Atom &A) {
      return A.Kind == sym::AtomKind::LoopIteration;
    });
  });
}

/// The variable \p S sets as a whole: `T v = e;` or `v = e;`.
static const VarDecl *assignedVariable(const Stmt *S) {
  if (const auto *D = dyn_cast_or_null<DeclStmt>(S))
    return D->isSingleDecl() ? dyn_cast<VarDecl>(D->getSingleDecl()) : nullptr;
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(S))
    if (B->getOpcode() == BO_Assign)
      return VariableWrites::directTarget(B->getLHS());
  return nullptr;
}

void AddressBuilder::fileConditionLoads(const Stmt *Loop, const Stmt *Before,
                                        size_t BeforeFrom, size_t LoopFrom) {
  // The loads that set what the condition of a `while` or `for` reads,
  // just before the loop and as the body's last statement: nvcc files them
  // under the loop's line, where the test is (Chai's BFS and SSSP: both
  // loads of a queue's base measured at the `while`, none at their lines).
  const Expr *Cond = nullptr;
  const Stmt *Body = nullptr;
  if (const auto *W = dyn_cast<WhileStmt>(Loop))
    Cond = W->getCond(), Body = W->getBody();
  else if (const auto *F = dyn_cast<ForStmt>(Loop))
    Cond = F->getCond(), Body = F->getBody();
  if (!Cond)
    return;
  auto File = [&](size_t From, size_t To, const Stmt *Setter) {
    const VarDecl *V = assignedVariable(Setter);
    if (!V || !usesOf(Cond, V))
      return;
    const SourceManager &SM = AST.getSourceManager();
    SourceRange Range = Setter->getSourceRange();
    const unsigned Line = lineOf(Loop);
    for (size_t I = From; I < To; ++I) {
      AccessSite &S = Sites[I];
      SourceLocation At = S.Access->getBeginLoc();
      if (S.Kind != AccessKind::Load ||
          SM.isBeforeInTranslationUnit(At, Range.getBegin()) ||
          SM.isBeforeInTranslationUnit(Range.getEnd(), At) ||
          llvm::is_contained(S.AlsoFiledUnder, Line))
        continue;
      S.AlsoFiledUnder.push_back(Line);
    }
  };
  if (Before)
    File(BeforeFrom, LoopFrom, Before);
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(Body);
      C && !C->body_empty())
    File(LoopFrom, Sites.size(), C->body_back());
}

/// Sets how the accesses under \p Condition are issued (NvccLowering.h).
static void markLowering(std::vector<Guard> &Condition, ThenLowering How) {
  for (Guard &G : Condition) {
    G.Predicated = How == ThenLowering::Predicated;
    G.MaybePredicated = How == ThenLowering::EitherWay;
  }
}

SymValue AddressBuilder::statementExpr(const StmtExpr *E) {
  // Its children are statements, not expressions: taken apart as an
  // expression's, it was one value the same in every lane whatever it
  // computed (ppcg's `ppcg_min(31, 32 * b0 + t0 - c1 - 1)` bounding a loop
  // whose trip count is each lane's own: HeCBench chemv, 1.32 sectors
  // measured where 32 was given).
  const CompoundStmt *Body = E->getSubStmt();
  if (Body->body_empty())
    return opaqueFor(E, Variation::Uniform);
  GuardScope Block(Guards);
  for (const Stmt *S : llvm::drop_end(Body->body()))
    stmt(S);
  if (const auto *Value = dyn_cast<Expr>(Body->body_back()))
    return rvalue(Value);
  stmt(Body->body_back());
  return opaqueFor(E, Variation::Uniform);
}

void AddressBuilder::compound(const CompoundStmt *C) {
  GuardScope Block(Guards);
  llvm::SaveAndRestore RestoreTail(AtKernelTail);
  const bool Tail = AtKernelTail;
  size_t BeforeFrom = Sites.size();
  for (size_t Index = 0; Index < C->size(); ++Index) {
    const Stmt *S = C->body_begin()[Index];
    const size_t From = Sites.size();
    auto Walked = [&] {
      if (Index > 0)
        fileConditionLoads(S, C->body_begin()[Index - 1], BeforeFrom, From);
      BeforeFrom = From;
    };
    AtKernelTail = Tail && Index + 1 == C->size();
    if (const IfStmt *Branch = sinkingBranch(AST, C, Index)) {
      // The loads run where the branch's body runs, predicated with it or
      // branched around with it.
      std::vector<Guard> Sunk = conditionGuards(Branch->getCond(), false);
      size_t BranchIndex =
          std::find(C->body_begin(), C->body_end(), Branch) - C->body_begin();
      markLowering(Sunk,
                   ifLowering(AST, Branch, Tail && BranchIndex + 1 == C->size(),
                              LoopDepth, variesPerTrip(Sunk)));
      GuardScope Sinking(Guards, Sunk);
      std::vector<HeldValue> HeldBefore = Held;
      stmt(S);
      Held = std::move(HeldBefore); // the loads run later, if at all
      Walked();
      continue;
    }
    const size_t Writes = memoryWrites();
    const size_t PrevFrom = BeforeFrom;
    stmt(S);
    Walked();
    if (const auto *If = dyn_cast<IfStmt>(S); If && Index > 0 && Recording)
      speculateStoreUnderIf(If, C->body_begin()[Index - 1], PrevFrom, From,
                            Writes);
    // `if (i >= n) return;` guards the rest of the block.
    if (const auto *If = dyn_cast<IfStmt>(S))
      if (!If->getElse() && !If->hasInitStorage() &&
          alwaysExits(If->getThen())) {
        std::vector<Guard> Rest = conditionGuards(If->getCond(), true);
        for (Guard &G : Rest)
          G.Exits = true;
        Block.add(Rest);
      }
  }
}

void AddressBuilder::ifStmt(const IfStmt *If) {
  stmt(If->getInit());
  SymValue Cond;
  std::vector<Guard> Then, Else;
  {
    ConditionLeaves Leaves(If->getCond());
    llvm::SaveAndRestore ReadOnce(ConditionValues, &Leaves);
    Cond = rvalue(If->getCond());
    Then = conditionGuards(If->getCond(), false);
    Else = conditionGuards(If->getCond(), true);
  }
  ThenLowering Lowering =
      ifLowering(AST, If, AtKernelTail, LoopDepth, variesPerTrip(Then));
  markLowering(Then, Lowering);
  if (If->getElse())
    markLowering(Else, Lowering);
  bool JoinShared = llvm::is_contained(IfsJoiningOuterPaths, If);
  for (const Stmt *Branch : {If->getThen(), If->getElse()})
    if (const IfStmt *Inner = ifEndingBranch(Branch))
      IfsJoiningOuterPaths.push_back(Inner);

  // Both branches start from the same values; where they disagree after,
  // the variable becomes an opaque value. They can disagree only on what
  // either side changed, so the then side's values of those are all the
  // merge reads of it.
  llvm::DenseMap<const VarDecl *, SymValue> AfterThen;
  Vars.mark();
  auto FieldsBefore = Fields;
  std::vector<HeldValue> HeldBefore = Held;
  size_t ThenBegin = Sites.size();
  {
    GuardScope ThenSide(Guards, Then);
    stmt(If->getThen());
  }
  size_t ElseBegin = Sites.size();
  for (const auto &Changed : Vars.changedSinceMark())
    AfterThen[Changed.first] = Vars.find(Changed.first)->second;
  Vars.undo();
  auto FieldsAfterThen = std::move(Fields);
  std::vector<HeldValue> HeldAfterThen = std::move(Held);
  Fields = std::move(FieldsBefore);
  Held = std::move(HeldBefore);
  Vars.mark();
  if (If->getElse()) {
    GuardScope ElseSide(Guards, Else);
    stmt(If->getElse());
  }
  for (auto &[V, AtIf] : Vars.changedSinceMark())
    if (AtIf)
      AfterThen.try_emplace(V, std::move(*AtIf));
  Vars.keep();
  if (alwaysExits(If->getThen())) {
    if (isa_and_nonnull<BreakStmt>(lastStatement(If->getThen())))
      leftLoopWith(AfterThen, Cond);
    return; // only the else path continues
  }
  // At the kernel's end under another condition, the join is the exit that
  // the enclosing condition's lanes also branch to: nvcc keeps both stores
  // there (checked with nvdisasm).
  bool JoinIsSharedExit = AtKernelTail && LoopDepth == 0 && !Guards.empty();
  if (If->getElse() && !alwaysExits(If->getElse()) && !JoinIsSharedExit)
    mergeFinalStores(If, Then, Else, ThenBegin, ElseBegin, JoinShared);
  joinHeld(HeldAfterThen);
  joinFields(FieldsAfterThen);
  mergePaths(AfterThen, Cond);
}

void AddressBuilder::mergeFinalStores(const IfStmt *If,
                                      const std::vector<Guard> &Then,
                                      const std::vector<Guard> &Else,
                                      size_t ThenBegin, size_t ElseBegin,
                                      bool JoinShared) {
  if (ThenBegin == ElseBegin || ElseBegin == Sites.size())
    return;
  size_t ThenIndex = ElseBegin - 1, ElseIndex = Sites.size() - 1;
  const AccessSite &ThenStore = Sites[ThenIndex];
  const AccessSite &ElseStore = Sites[ElseIndex];
  bool SameStore = !ThenStore.Hinted && !ElseStore.Hinted &&
                   ThenStore.Kind == AccessKind::Store &&
                   ElseStore.Kind == AccessKind::Store && ThenStore.Base >= 0 &&
                   ThenStore.Base == ElseStore.Base &&
                   ThenStore.ByteOffset == ElseStore.ByteOffset &&
                   ThenStore.WidthBytes == ElseStore.WidthBytes;
  if (!SameStore)
    return;
  auto ReadsOnlyTheStore = [&](const AccessSite &S) {
    return S.Kind != AccessKind::Load ||
           (S.Base == ThenStore.Base && S.ByteOffset == ThenStore.ByteOffset);
  };
  bool LoadsOnlyTheStore =
      std::all_of(Sites.begin() + ThenBegin, Sites.begin() + ThenIndex,
                  ReadsOnlyTheStore) &&
      std::all_of(Sites.begin() + ElseBegin, Sites.begin() + ElseIndex,
                  ReadsOnlyTheStore);
  bool ThenLoads = std::any_of(
      Sites.begin() + ThenBegin, Sites.begin() + ThenIndex,
      [](const AccessSite &S) { return S.Kind == AccessKind::Load; });
  auto FiledUnderThenLoad = [&](AccessSite &S) {
    S.AlsoFiledUnder.push_back(lineOf(If));
    if (!LoopLines.empty())
      S.AlsoFiledUnder.push_back(LoopLines.back());
  };
  switch (storeSinking(If, JoinShared, LoadsOnlyTheStore)) {
  case StoreSinking::Kept:
    return;
  case StoreSinking::EitherWay: {
    // Each store keeps its line; sunk, one of them has every lane.
    auto MarkOwn = [&](AccessSite &S, size_t Own) {
      for (size_t G = Guards.size();
           G < std::min(Guards.size() + Own, S.Guards.size()); ++G)
        S.Guards[G].MaybeSunk = true;
    };
    MarkOwn(Sites[ThenIndex], Then.size());
    MarkOwn(Sites[ElseIndex], Else.size());
    if (ThenLoads)
      FiledUnderThenLoad(Sites[ThenIndex]);
    return;
  }
  case StoreSinking::Sunk:
    break;
  }
  // nvcc (SimplifyCFG) sinks a store both branches end with to where they
  // join: one request of every lane that reached the `if`. Where it is
  // reported follows nvcc's line: the else branch's store, unless the then
  // branch loads, when PTX gives the merged store line 0 and SASS the line
  // of the then branch's load before it (checked with nvdisasm; in unrolled
  // loops some copies also go to the loop's and the `if`'s lines).
  size_t Kept = ThenLoads ? ThenIndex : ElseIndex;
  Sites[Kept].Guards = Guards;
  if (ThenLoads)
    FiledUnderThenLoad(Sites[Kept]);
  bool OnlyLoadsLeft = std::all_of(
      Sites.begin() + ThenBegin, Sites.begin() + ThenIndex,
      [](const AccessSite &S) { return S.Kind == AccessKind::Load; });
  ThenLowering Rest =
      ThenLoads && OnlyLoadsLeft
          ? thenAfterMerge(If, AtKernelTail, LoopDepth, variesPerTrip(Then))
          : ThenLowering::Branched;
  if (Rest != ThenLowering::Branched) {
    // The then branch's own guards sit right above the enclosing ones.
    for (size_t I = ThenBegin; I < ThenIndex; ++I)
      for (size_t G = Guards.size();
           G < std::min(Guards.size() + Then.size(), Sites[I].Guards.size());
           ++G)
        (Rest == ThenLowering::Predicated
             ? Sites[I].Guards[G].Predicated
             : Sites[I].Guards[G].MaybePredicated) = true;
  }
  size_t Dropped = ThenLoads ? ElseIndex : ThenIndex;
  Sites.erase(Sites.begin() + Dropped);
  // Later indices into Sites move down by one.
  for (size_t &I : FoldedSites)
    I -= I > Dropped;
  OpenVectorLoads.clear();
}

void AddressBuilder::mergePaths(
    const llvm::DenseMap<const VarDecl *, SymValue> &Other,
    const SymValue &Cond) {
  // In declaration order: the opaque values made below are numbered as they
  // are made, and the output lists them by number, so pointer order would
  // change it from run to run. A variable both paths agree on changes
  // nothing, in any order.
  std::vector<std::pair<int64_t, const std::pair<const VarDecl *, SymValue> *>>
      Entries;
  for (const auto &Entry : Other) {
    auto It = Vars.find(Entry.first);
    if (It == Vars.end() || !(It->second == Entry.second))
      Entries.push_back({DeclOrder.of(Entry.first), &Entry});
  }
  llvm::sort(Entries,
             [](const auto &A, const auto &B) { return A.first < B.first; });
  for (const auto &[ID, EntryAt] : Entries) {
    const auto &Entry = *EntryAt;
    auto It = Vars.find(Entry.first);
    if (It == Vars.end()) {
      Vars[Entry.first] = Entry.second;
      continue;
    }
    const SymValue &A = Entry.second, &B = It->second;
    if (A == B)
      continue;
    Variation Varies = std::max({Syms.variationOf(A.P), Syms.variationOf(B.P),
                                 Syms.variationOf(Cond.P)});
    SymValue Merged;
    Merged.IsPointer = A.IsPointer;
    Merged.Base = A.Base == B.Base ? A.Base : -1;
    Merged.P = Poly::atom(Syms.opaque(Entry.first->getName().str(), Varies));
    if (A.IsPointer && A.Base == B.Base)
      Merged.P = Poly::atom(
          Syms.opaque(Entry.first->getName().str() + " offset", Varies));
    Vars[Entry.first] = Merged;
  }
}

void AddressBuilder::declStmt(const DeclStmt *D) {
  for (const Decl *Dc : D->decls()) {
    const auto *V = dyn_cast<VarDecl>(Dc);
    if (!V)
      continue;
    const Expr *Init = V->getInit();
    if (V->getType()->isArrayType() || V->hasAttr<CUDASharedAttr>() ||
        V->isStaticLocal()) {
      baseFor(V);
      if (Init)
        rvalue(Init);
      continue;
    }
    if (!Init) {
      Vars[V] = SymValue{
          V->getType()->isPointerType(), -1,
          Poly::atom(Syms.opaque(V->getName().str(), Variation::Uniform))};
      continue;
    }
    if (V->getType()->isReferenceType()) {
      LValue LV = lvalue(Init);
      ReferenceTo.erase(V);
      if (LV.Kind == LValue::Memory)
        Vars[V] = LV.Address;
      else if (LV.Kind == LValue::Variable)
        ReferenceTo[V] = LV.Var;
      else
        rvalue(Init);
      continue;
    }
    size_t FirstSite = Sites.size();
    Vars[V] = initialiseObject(V, Init);
    noteCopiedLoads(V, FirstSite);
  }
}

} // namespace cudacoalesce
