//===- Frontend/AddressBuilderExpr.cpp - Expressions ----------------------===//
#include "AddressBuilder.h"
#include "ConditionLeaves.h"
#include "DeviceBuiltins.h"
#include "ExprSemantics.h"
#include "ThrustPointers.h"

#include "cuda-coalesce/Limits.h"
#include "cuda-coalesce/Symbolic/Bounds.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SaveAndRestore.h"

#include <algorithm>

using namespace clang;

namespace cudacoalesce {

namespace {

/// The side of `c ? a : b` taken when the walk knows \p Cond's value \p V
/// (an unrolled trip's element, a helper's constant argument): the other
/// side is never evaluated. A pointer's value is its offset from a base
/// whose address is unknown, so a pointer test is never decided.
std::optional<bool> decided(const Expr *Cond, const SymValue &V) {
  std::optional<int64_t> Known = V.P.asConstant();
  if (!Known || V.IsPointer ||
      Cond->IgnoreParenImpCasts()->getType()->isPointerType())
    return std::nullopt;
  return *Known != 0;
}

/// The value of the integer test \p B (a comparison, `&&`, `||`) when
/// the walk knows both operands' values \p L and \p R (`stride == 32` on an
/// unrolled trip): a guard or a `?:` on it is then decided.
std::optional<bool> decidedTest(const BinaryOperator *B, const SymValue &L,
                                const SymValue &R) {
  if (L.IsPointer || R.IsPointer || !(B->isComparisonOp() || B->isLogicalOp()))
    return std::nullopt;
  std::optional<int64_t> A = L.P.asConstant(), C = R.P.asConstant();
  if (!A || !C)
    return std::nullopt;
  if (B->getOpcode() == BO_LAnd)
    return *A != 0 && *C != 0;
  if (B->getOpcode() == BO_LOr)
    return *A != 0 || *C != 0;
  // Values are held as int64_t: a negative one compared as unsigned would
  // wrap, so it is left undecided.
  bool Unsigned = B->getLHS()->getType()->isUnsignedIntegerType() ||
                  B->getRHS()->getType()->isUnsignedIntegerType();
  if (Unsigned && (*A < 0 || *C < 0))
    return std::nullopt;
  std::optional<model::Cmp> Compare = comparisonOf(B->getOpcode());
  if (!Compare)
    return std::nullopt;
  return model::holds(*Compare, *A - *C);
}

} // namespace

std::optional<SymValue> AddressBuilder::builtinIndex(const Expr *E) {
  std::optional<BuiltinIndex> B = builtinIndexOf(E);
  if (!B)
    return std::nullopt;
  return SymValue{false, -1, Poly::atom(Syms.builtin(B->Var, B->Dim))};
}

SymValue AddressBuilder::visitChildren(const Expr *E) {
  Variation Varies = Variation::Uniform;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      Varies = std::max(Varies, Syms.variationOf(rvalue(CE).P));
  return opaqueFor(E, Varies);
}

SymValue AddressBuilder::invalidatedUse(const Expr *E) {
  clobberMemory();
  return opaqueFor(E, Variation::LaneComputed);
}

SymValue AddressBuilder::rvalue(const Expr *E) {
  if (!ConditionValues || !E || !ConditionValues->isLeaf(E))
    return evaluateRvalue(E);
  if (const SymValue *Kept = ConditionValues->find(E))
    return *Kept;
  SymValue V = evaluateRvalue(E);
  ConditionValues->keep(E, V);
  return V;
}

SymValue AddressBuilder::evaluateRvalue(const Expr *E) {
  if (!E)
    return {};
  if (E->containsErrors()) {
    if (ErrorsOnlyInvalidateDeclarations)
      return invalidatedUse(E);
    SawErrors = true;
  }
  if (ExprDepth >= limits::MaxExprDepth)
    return opaqueFor(E, Variation::LaneComputed);
  llvm::SaveAndRestore DepthHere(ExprDepth, ExprDepth + 1);
  if (auto B = builtinIndex(E))
    return *B;
  if (std::optional<int64_t> V = Folded.constexprCall(E))
    return SymValue{false, -1, Poly::constant(*V)};

  // Leaves that Clang can fold: literals, enumerators, sizeof, constexpr
  // variables, non-type template arguments.
  if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          UnaryExprOrTypeTraitExpr, SubstNonTypeTemplateParmExpr, DeclRefExpr,
          ConstantExpr>(E) &&
      !E->isValueDependent() && E->getType()->isIntegralOrEnumerationType())
    if (std::optional<int64_t> V = Folded.integer(E))
      return SymValue{false, -1, Poly::constant(*V)};
  if (isa<UnaryExprOrTypeTraitExpr>(E)) // unevaluated operand: never walk it
    return opaqueFor(E, Variation::Uniform);

  if (const Expr *Inner = transparentInner(E))
    return rvalue(Inner);
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return rvalue(S->getReplacement());

  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_LValueToRValue: {
      // Constants read from variables: constexpr and const globals, enums.
      if (E->getType()->isIntegralOrEnumerationType() &&
          !E->isValueDependent() &&
          isa<DeclRefExpr>(Cast->getSubExpr()->IgnoreParens()))
        if (std::optional<int64_t> V = Folded.integer(E))
          return SymValue{false, -1, Poly::constant(*V)};
      // A static constant member read through an object (llm.c's
      // `packed_vec.size`): the object is not a constant, its member is.
      if (const auto *M =
              dyn_cast<MemberExpr>(Cast->getSubExpr()->IgnoreParens()))
        if (std::optional<int64_t> V = staticConstantMember(M))
          return SymValue{false, -1, Poly::constant(*V)};
      // `c ? x[i] : y[i]` read as a value: each side is a load of its own
      // under the test, as a `?:` of two loaded values is, not one access
      // at an object made of the two (HeCBench overlap: "uniform, 1 sector"
      // where every warp's load moved 4).
      if (const auto *C =
              dyn_cast<ConditionalOperator>(Cast->getSubExpr()->IgnoreParens()))
        return chosenValue(C, [&](const Expr *Side) { return loaded(Side); });
      return loaded(Cast->getSubExpr());
    }
    case CK_ArrayToPointerDecay: {
      LValue LV = lvalue(Cast->getSubExpr());
      if (LV.Kind == LValue::Memory)
        return LV.Address;
      return opaqueFor(E, Variation::Uniform);
    }
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
    case CK_FloatingCast:
    case CK_IntegralToBoolean:
    case CK_FloatingToBoolean:
    case CK_PointerToBoolean: {
      SymValue V = rvalue(Cast->getSubExpr());
      return opaqueFor(E, Syms.variationOf(V.P));
    }
    default: {
      // Integral casts, pointer bit casts, no-ops: the value is unchanged;
      // a pointer cast changes only the type later accesses read.
      SymValue V = rvalue(Cast->getSubExpr());
      V.IsPointer = E->getType()->isPointerType();
      return V;
    }
    }
  }

  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return binary(B);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return unary(U);
  if (const auto *C = dyn_cast<CallExpr>(E))
    return call(C);

  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    return constructedValue(C);

  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return chosenValue(C, [&](const Expr *Side) { return rvalue(Side); });
  if (const auto *S = dyn_cast<StmtExpr>(E))
    return statementExpr(S);

  if (isa<DeclRefExpr>(E) || isa<MemberExpr>(E) || isa<ArraySubscriptExpr>(E)) {
    // An lvalue used as a value without a load: a function, an array name.
    LValue LV = lvalue(E);
    if (LV.Kind == LValue::Memory)
      return LV.Address;
  }
  if (isa<CXXThisExpr>(E)) {
    if (!This.empty() && This.back())
      return *This.back();
    return opaqueFor(E, Variation::Uniform);
  }
  if (isa<FloatingLiteral, StringLiteral, CXXNullPtrLiteralExpr, GNUNullExpr,
          LambdaExpr>(E))
    return opaqueFor(E, Variation::Uniform);
  return visitChildren(E);
}

AddressBuilder::LValue AddressBuilder::lvalue(const Expr *E) {
  if (E->containsErrors()) {
    if (ErrorsOnlyInvalidateDeclarations) {
      LValue Unseen;
      Unseen.Kind = LValue::Value;
      Unseen.Computed = invalidatedUse(E);
      Unseen.Type = E->getType();
      return Unseen;
    }
    SawErrors = true;
  }
  // thrust's device_reference is the element it names.
  if (isThrustDeviceReference(E->getType()))
    return thrustElement(E);
  LValue LV;
  E = E->IgnoreParens();
  LV.Type = E->getType();
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E))
    if (Cast->getCastKind() == CK_NoOp ||
        Cast->getCastKind() == CK_LValueBitCast) {
      LValue Inner = lvalue(Cast->getSubExpr());
      Inner.Type = E->getType();
      return Inner;
    }
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E))
    if (Cast->getCastKind() == CK_DerivedToBase ||
        Cast->getCastKind() == CK_UncheckedDerivedToBase)
      return baseSubobjectLValue(Cast);
  if (const auto *Cast = dyn_cast<CXXReinterpretCastExpr>(E)) {
    LValue Inner = lvalue(Cast->getSubExpr());
    Inner.Type = E->getType();
    return Inner;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return variableLValue(Ref, LV);
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
    return subscriptLValue(S, LV);
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return chosenLValue(C, LV);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Deref) {
      LV.Kind = LValue::Memory;
      LV.Address = rvalue(U->getSubExpr());
      LV.Address.IsPointer = true;
    } else if (U->isPrefix() && U->isIncrementDecrementOp()) {
      rvalue(U); // `st[--top]`: the object, once the step is taken
      return lvalue(U->getSubExpr());
    }
    return LV;
  }
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return memberLValue(M, LV);
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // `std::forward<U>(val)`, `cuda::std::move(x)`: the object itself.
    if (isStdForwarding(Call->getDirectCallee()) && Call->getNumArgs() == 1) {
      LValue Same = lvalue(Call->getArg(0));
      Same.Type = LV.Type;
      return Same;
    }
    return returnedLValue(Call, LV);
  }
  return LV;
}

AddressBuilder::LValue AddressBuilder::variableLValue(const DeclRefExpr *Ref,
                                                      LValue LV) {
  const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
  if (!V)
    return LV;
  if (V->getType()->isReferenceType()) {
    if (const VarDecl *Local = ReferenceTo.lookup(V)) {
      LV.Kind = LValue::Variable;
      LV.Var = Local;
      return LV;
    }
    auto It = Vars.find(V);
    if (It != Vars.end() && It->second.IsPointer) {
      LV.Kind = LValue::Memory;
      LV.Address = It->second;
    } else if (It != Vars.end()) {
      // Bound to a value the walk computed, not to an object it keeps (a
      // parameter `const int &a` given `f ? t2 : t1`): reading it gives that
      // value, per lane where it is per lane (HeCBench bwt's `genome[(a + i)
      // % n]` was "uniform, 1 sector" where the lanes' rotations differ).
      LV.Kind = LValue::Value;
      LV.Computed = It->second;
    }
    return LV;
  }
  // Globals, __shared__ and static locals, and local arrays are objects in
  // memory; other locals are values the walk tracks.
  bool InMemory = V->hasGlobalStorage() || V->hasAttr<CUDASharedAttr>() ||
                  (V->getType()->isArrayType() && !isa<ParmVarDecl>(V));
  if (InMemory) {
    LV.Kind = LValue::Memory;
    LV.Address = pointerTo(baseFor(V));
    return LV;
  }
  LV.Kind = LValue::Variable;
  LV.Var = V;
  return LV;
}

AddressBuilder::LValue
AddressBuilder::subscriptLValue(const ArraySubscriptExpr *S, LValue LV) {
  SymValue Base = rvalue(S->getBase());
  SymValue Idx = rvalue(S->getIdx());
  LV.Kind = LValue::Memory;
  LV.Address = Base;
  LV.Address.IsPointer = true;
  LV.Address.P = Base.P + Idx.P.scaled(sizeOf(S->getType()));
  LV.Index = Idx.P;
  LV.HasIndex = true;
  LV.ElementType = S->getType();
  const Expr *Array = S->getBase()->IgnoreParenImpCasts();
  const auto *Member = dyn_cast<MemberExpr>(Array);
  if (!Member || !Array->getType()->isConstantArrayType())
    return LV;
  if (std::optional<int64_t> Start = Base.P.asConstant())
    LV.ArrayMember = {{*Start, sizeOf(Array->getType())}};
  // An element of an array member at a constant index is a member too:
  // the load-store vectoriser merges `c.a[0]` and `c.a[2]` as it does
  // `c.x` and `c.z`.
  const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
  std::optional<int64_t> At = Idx.P.asConstant();
  if (Field && At && !Field->isBitField()) {
    const ASTRecordLayout &Layout = AST.getASTRecordLayout(Field->getParent());
    LV.MemberOffset =
        int64_t(Layout.getFieldOffset(Field->getFieldIndex()) / 8) +
        *At * int64_t(sizeOf(S->getType()));
    LV.MemberOf = Layout.getAlignment().getQuantity();
  }
  return LV;
}

AddressBuilder::LValue
AddressBuilder::chosenLValue(const ConditionalOperator *C, LValue LV) {
  SymValue Cond = rvalue(C->getCond());
  if (std::optional<bool> Taken = decided(C->getCond(), Cond))
    return lvalue(*Taken ? C->getTrueExpr() : C->getFalseExpr());
  LValue T = lvalue(C->getTrueExpr()), F = lvalue(C->getFalseExpr());
  if (T.Kind != LValue::Memory || F.Kind != LValue::Memory ||
      T.Address.Base < 0 || F.Address.Base < 0)
    return LV;
  LV.Kind = LValue::Memory;
  LV.Address = pointerChoice(C, Cond.P, T.Address, F.Address);
  return LV;
}

AddressBuilder::LValue AddressBuilder::memberLValue(const MemberExpr *M,
                                                    LValue LV) {
  const auto *Field = dyn_cast<FieldDecl>(M->getMemberDecl());
  if (!Field || Field->isBitField() || Field->getParent()->isInvalidDecl())
    return LV;
  int64_t Offset = AST.getFieldOffset(Field) / AST.getCharWidth();
  if (M->isArrow()) {
    LV.Kind = LValue::Memory;
    LV.Address = rvalue(M->getBase());
    LV.Address.IsPointer = true;
    LV.ElementType = M->getBase()->getType()->getPointeeType();
  } else {
    LValue Outer = lvalue(M->getBase());
    if (Outer.Kind == LValue::Value) {
      // A member of what an opaque call refers to.
      LV.Kind = LValue::Value;
      LV.Computed = opaqueFor(M, Syms.variationOf(Outer.Computed.P));
      return LV;
    }
    if (Outer.Kind == LValue::Variable) {
      // A member of a local object is in that object (thread-private):
      // the walk keeps what is stored in its scalar fields, and a field it
      // did not keep holds what the object may hold. The scalar members of
      // the kernel's own parameters are the same in every lane.
      QualType ObjectType = Outer.Var->getType().getNonReferenceType();
      if (!ObjectType->isRecordType() || !hasLayout(ObjectType))
        return LV;
      bool InPlace =
          M->getType()->isArrayType() || M->getType()->isRecordType();
      bool KernelParameter =
          isa<ParmVarDecl>(Outer.Var) && Outer.Var->getDeclContext() == Kernel;
      auto It = BaseOfVar.find(Outer.Var);
      bool Kept = It != BaseOfVar.end() && Fields.count({It->second, Offset});
      if (!InPlace && !Kept && KernelParameter)
        return LV;
      Outer.ThreadPrivateScalar = !InPlace && !Kept;
      Outer.Kind = LValue::Memory;
      Outer.Address = pointerTo(objectBase(Outer.Var));
    }
    if (Outer.Kind != LValue::Memory)
      return LV;
    LV = Outer;
    LV.Type = M->getType();
  }
  LV.Address.P = LV.Address.P + Poly::constant(Offset);
  if (Field->getType()->isReferenceType())
    return referredLValue(LV, Field, M->getType());
  LV.OffsetInElement += Offset;
  LV.MemberOffset = Offset;
  const RecordDecl *Parent = Field->getParent();
  LV.MemberOf = AST.getASTRecordLayout(Parent).getAlignment().getQuantity();
  LV.FieldPath += (LV.FieldPath.empty() ? "" : ".") + Field->getName().str();
  return LV;
}

AddressBuilder::LValue AddressBuilder::returnedLValue(const CallExpr *Call,
                                                      LValue LV) {
  // A call that returns a reference: a walked function returns the
  // object's address; any other gives the value it refers to, evaluated
  // once here.
  const FunctionDecl *Callee = Call->getDirectCallee();
  std::optional<SymValue> Walked =
      Callee ? inlineCall(Callee, Call) : std::nullopt;
  if (Walked && Walked->IsPointer &&
      Callee->getReturnType()->isReferenceType()) {
    LV.Kind = LValue::Memory;
    LV.Address = *Walked;
    return LV;
  }
  LV.Kind = LValue::Value;
  LV.Computed = Walked ? *Walked : call(Call);
  return LV;
}

SymValue AddressBuilder::loadFrom(const LValue &LV, const Expr *At) {
  if (LV.Kind == LValue::Value)
    return LV.Computed;
  if (LV.Kind == LValue::Variable) {
    auto It = Vars.find(LV.Var);
    if (It != Vars.end())
      return It->second;
    // Kernel scalars by value seen through a member (p.n) or an untracked
    // variable: a named value, the same in every lane.
    SymValue V;
    V.P = Poly::atom(Syms.param(LV.Var->getName().str(), LV.Var));
    V.IsPointer = LV.Var->getType()->isPointerType();
    return V;
  }
  if (std::optional<SymValue> Kept = keptField(LV))
    return *Kept;
  record(LV, AccessKind::Load, At);
  SymValue V = loadedValue(At, LV.Address);
  if (V.IsPointer && !Syms.isLaneVarying(V.P)) {
    // A pointer loaded from memory, the same for the whole warp: a new
    // object whose alignment we can only assume.
    MemoryBase B;
    B.Name = text(At);
    B.AlignmentAssumed = true;
    B.Varies = Syms.variationOf(V.P);
    Bases.push_back(B);
    V = pointerTo(Bases.size() - 1);
  }
  return V;
}

std::optional<int64_t>
AddressBuilder::staticConstantMember(const MemberExpr *M) const {
  const auto *Member = dyn_cast<VarDecl>(M->getMemberDecl());
  if (!Member || !Member->isStaticDataMember() ||
      !Member->getType().isConstQualified() ||
      !Member->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  const Expr *Init = Member->getAnyInitializer();
  Expr::EvalResult R;
  if (!Init || Init->isValueDependent() || !Init->EvaluateAsInt(R, AST))
    return std::nullopt;
  return asInt64(R.Val.getInt());
}

SymValue AddressBuilder::loaded(const Expr *LValueExpr) {
  // `float v(s[i] = f(x))` (HeCBench marchingCubes): an assignment's value
  // is what it stored, and its store is an access.
  if (const auto *B = dyn_cast<BinaryOperator>(LValueExpr->IgnoreParens());
      B && B->isAssignmentOp())
    return rvalue(B);
  LValue LV = lvalue(LValueExpr);
  if (LV.Kind == LValue::None)
    return visitChildren(LValueExpr);
  return loadFrom(LV, LValueExpr);
}

SymValue
AddressBuilder::chosenValue(const ConditionalOperator *C,
                            llvm::function_ref<SymValue(const Expr *)> Side) {
  SymValue Cond;
  std::vector<Guard> Then, Else;
  {
    ConditionLeaves Leaves(C->getCond());
    llvm::SaveAndRestore ReadOnce(ConditionValues, &Leaves);
    Cond = rvalue(C->getCond());
    if (std::optional<bool> Taken = decided(C->getCond(), Cond)) {
      ConditionValues = nullptr; // the side is no part of the condition
      return Side(*Taken ? C->getTrueExpr() : C->getFalseExpr());
    }
    Then = conditionGuards(C->getCond(), false);
    Else = conditionGuards(C->getCond(), true);
  }
  // A load on one side is not speculated (it may fault): nvcc branches
  // around it or predicates it, which the source does not tell; a warp
  // with no lane on that side then issues nothing or a request that moves
  // nothing (HeCBench is: `(i == start) ? 0 : destiny[i - 1]`, 0 sectors
  // a request measured on the first trip of every block).
  for (std::vector<Guard> *Branch : {&Then, &Else})
    for (Guard &G : *Branch)
      G.MaybePredicated = !G.Predicated;
  SymValue T, F;
  std::vector<HeldValue> HeldBefore = Held;
  {
    GuardScope TrueSide(Guards, Then);
    T = Side(C->getTrueExpr());
  }
  std::vector<HeldValue> HeldAfterTrue = std::move(Held);
  Held = std::move(HeldBefore);
  {
    GuardScope FalseSide(Guards, Else);
    F = Side(C->getFalseExpr());
  }
  joinHeld(HeldAfterTrue);
  if (T == F)
    return T;
  // `n ? base + i * n : nullptr` (HeCBench kalman's forecast rows): an
  // access through the null side would be undefined, so every access that
  // runs goes through the other.
  auto IsNull = [&](const Expr *E) {
    return E->isNullPointerConstant(AST, Expr::NPC_ValueDependentIsNotNull);
  };
  if (T.IsPointer && T.Base >= 0 && IsNull(C->getFalseExpr()))
    return T;
  if (F.IsPointer && F.Base >= 0 && IsNull(C->getTrueExpr()))
    return F;
  if (T.IsPointer && F.IsPointer && T.Base >= 0 && F.Base >= 0)
    return pointerChoice(C, Cond.P, T, F);
  return opaqueFor(C, std::max({Syms.variationOf(Cond.P), Syms.variationOf(T.P),
                                Syms.variationOf(F.P)}));
}

SymValue AddressBuilder::pointerChoice(const ConditionalOperator *C,
                                       const Poly &Selector, const SymValue &T,
                                       const SymValue &F) {
  // `flag ? base + 64 : base` into one object: offset F + flag*(T - F),
  // the condition 0 or 1, keeps in the offset what both sides say about
  // alignment.
  if (T.Base == F.Base) {
    SymValue V = F;
    V.P = F.P + Selector * (T.P - F.P);
    return V;
  }
  // Two objects: an object of its own, in the space both share, so a tile
  // chosen by a flag stays a shared access.
  MemoryBase B;
  B.Name = text(C);
  B.AlignmentAssumed = true;
  B.Varies = std::max({Syms.variationOf(Selector), Syms.variationOf(T.P),
                       Syms.variationOf(F.P)});
  if (Bases[T.Base].Space == Bases[F.Base].Space)
    B.Space = Bases[T.Base].Space;
  Bases.push_back(B);
  return pointerTo(Bases.size() - 1);
}

unsigned AddressBuilder::wrappingWidth(QualType T) const {
  if (!T->isUnsignedIntegerType() || T->isBooleanType())
    return 0;
  unsigned Bits = AST.getIntWidth(T);
  return Bits < 64 ? Bits : 0;
}

Poly AddressBuilder::operationAsComputed(sym::OpKind K, const Poly &L,
                                         const Poly &R, QualType Type) {
  // Sums and products are exact modulo 2^32 however far they wrap; a
  // division, a remainder or a right shift reads the bits a 32-bit register
  // holds (a hash of the thread index), but for a remainder by a power of
  // two of a value never negative, which keeps only bits it holds anyway.
  unsigned Bits = wrappingWidth(Type);
  if (!Bits ||
      (K != sym::OpKind::Div && K != sym::OpKind::Rem && K != sym::OpKind::Shr))
    return Syms.op(K, L, R);
  std::optional<int64_t> Divisor = R.asConstant();
  if (K == sym::OpKind::Rem && Divisor && *Divisor > 0 &&
      llvm::isPowerOf2_64(*Divisor) &&
      uint64_t(*Divisor) <= (uint64_t(1) << Bits) &&
      sym::isNonNegative(Syms, L))
    return Syms.op(K, L, R);
  Poly Right = K == sym::OpKind::Shr ? R : sym::asUnsigned(Syms, R, Bits);
  return Syms.op(K, sym::asUnsigned(Syms, L, Bits), Right);
}

SymValue AddressBuilder::arithmetic(BinaryOperatorKind Op, const SymValue &L,
                                    const SymValue &R, QualType LType,
                                    QualType RType) {
  // Pointer arithmetic moves by whole elements.
  if ((Op == BO_Add || Op == BO_Sub) && L.IsPointer && !R.IsPointer) {
    SymValue V = L;
    Poly Step = R.P.scaled(sizeOf(LType->getPointeeType()));
    V.P = Op == BO_Add ? L.P + Step : L.P - Step;
    return V;
  }
  if (Op == BO_Add && R.IsPointer && !L.IsPointer) {
    SymValue V = R;
    V.P = R.P + L.P.scaled(sizeOf(RType->getPointeeType()));
    return V;
  }
  if (Op == BO_Sub && L.IsPointer && R.IsPointer) {
    SymValue V;
    V.P = Syms.op(sym::OpKind::Div, L.P - R.P,
                  Poly::constant(sizeOf(LType->getPointeeType())));
    return V;
  }
  SymValue V;
  switch (Op) {
  case BO_Add:
  case BO_AddAssign:
    V.P = L.P + R.P;
    return V;
  case BO_Sub:
  case BO_SubAssign:
    V.P = L.P - R.P;
    return V;
  case BO_Mul:
  case BO_MulAssign:
    V.P = L.P * R.P;
    return V;
  default:
    break;
  }
  if (std::optional<sym::OpKind> K = symbolicOp(Op))
    V.P = operationAsComputed(*K, L.P, R.P, LType);
  else
    V.P = Poly::atom(Syms.opaque(
        "cmp", std::max(Syms.variationOf(L.P), Syms.variationOf(R.P))));
  return V;
}

SymValue AddressBuilder::binary(const BinaryOperator *B) {
  BinaryOperatorKind Op = B->getOpcode();
  if (Op == BO_Assign)
    return assign(B->getLHS(), B->getRHS(), std::nullopt, B);
  if (B->isCompoundAssignmentOp())
    return assign(B->getLHS(), B->getRHS(),
                  BinaryOperator::getOpForCompoundAssignment(Op), B);
  if (Op == BO_Comma) {
    rvalue(B->getLHS());
    return rvalue(B->getRHS());
  }
  SymValue L = rvalue(B->getLHS());
  SymValue R;
  if (B->isLogicalOp()) {
    // The right side runs only where the left does not decide.
    GuardScope RightRuns(Guards, conditionGuards(B->getLHS(), Op == BO_LOr));
    std::vector<HeldValue> HeldBefore = Held;
    R = rvalue(B->getRHS());
    joinHeld(HeldBefore);
  } else {
    R = rvalue(B->getRHS());
  }
  bool FloatMath = B->getType()->isRealFloatingType() ||
                   B->getLHS()->getType()->isRealFloatingType() ||
                   B->getRHS()->getType()->isRealFloatingType();
  if (!FloatMath)
    if (std::optional<bool> Known = decidedTest(B, L, R))
      return SymValue{false, -1, Poly::constant(*Known)};
  if (FloatMath || B->isComparisonOp() || B->isLogicalOp())
    return opaqueFor(B, std::max(Syms.variationOf(L.P), Syms.variationOf(R.P)));
  return arithmetic(Op, L, R, B->getLHS()->getType(), B->getRHS()->getType());
}

SymValue AddressBuilder::assign(const Expr *Target, const Expr *Source,
                                std::optional<BinaryOperatorKind> Compound,
                                const Expr *WholeExpr) {
  SymValue RHS =
      Source ? rvalue(Source) : SymValue{false, -1, Poly::constant(1)};
  LValue LV = lvalue(Target);
  bool FloatMath = Target->getType()->isRealFloatingType() ||
                   (Source && Source->getType()->isRealFloatingType());
  if (LV.Kind == LValue::Memory) {
    std::optional<SymValue> Kept = Compound ? keptField(LV) : std::nullopt;
    if (Compound)
      record(LV, AccessKind::Load, Target);
    record(LV, AccessKind::Store, Target);
    // The value the field holds now, where the walk can say.
    std::optional<SymValue> Stored = RHS;
    if (Compound)
      Stored = Kept && !FloatMath
                   ? std::optional(arithmetic(
                         *Compound, *Kept, RHS, Target->getType(),
                         Source ? Source->getType() : Target->getType()))
                   : std::nullopt;
    bool KeptNow = Stored && keepField(LV, Target, *Stored);
    pointerStoredInto(LV.Address.Base, RHS);
    // A field the walk keeps says what it holds; elsewhere the value joins
    // what the thread's memory may hold.
    if (!KeptNow)
      storedInto(LV.Address.Base, Compound
                                      ? std::max(Syms.variationOf(RHS.P),
                                                 loadedVariation(LV.Address))
                                      : Syms.variationOf(RHS.P));
    return RHS;
  }
  if (LV.Kind != LValue::Variable)
    return RHS;
  SymValue New = RHS;
  if (Compound) {
    SymValue Old = loadFrom(LV, Target);
    if (FloatMath)
      New = opaqueFor(WholeExpr, std::max(Syms.variationOf(Old.P),
                                          Syms.variationOf(RHS.P)));
    else
      New = arithmetic(*Compound, Old, RHS, Target->getType(),
                       Source ? Source->getType() : Target->getType());
  }
  Vars[LV.Var] = New;
  return New;
}

SymValue AddressBuilder::unary(const UnaryOperator *U) {
  switch (U->getOpcode()) {
  case UO_AddrOf: {
    LValue LV = lvalue(U->getSubExpr());
    if (LV.Kind == LValue::Memory)
      return LV.Address;
    if (LV.Kind == LValue::Variable) {
      // The address of a local variable: local memory, not global, where
      // the walk follows what is written and read through it.
      QualType T = LV.Var->getType().getNonReferenceType();
      if (T->isRecordType() && hasLayout(T))
        return pointerTo(objectBase(LV.Var));
      return pointerTo(variableBase(LV.Var));
    }
    return opaqueFor(U, Variation::Uniform);
  }
  case UO_Deref: {
    LValue LV = lvalue(U);
    return loadFrom(LV, U);
  }
  case UO_PreInc:
  case UO_PostInc:
  case UO_PreDec:
  case UO_PostDec: {
    LValue LV = lvalue(U->getSubExpr());
    if (LV.Kind == LValue::Memory) {
      std::optional<SymValue> Kept = keptField(LV);
      record(LV, AccessKind::Load, U->getSubExpr());
      record(LV, AccessKind::Store, U->getSubExpr());
      if (!Kept || U->getType()->isRealFloatingType())
        return loadedValue(U, LV.Address);
      SymValue One{false, -1, Poly::constant(1)};
      SymValue New = arithmetic(U->isIncrementOp() ? BO_Add : BO_Sub, *Kept,
                                One, U->getSubExpr()->getType(), AST.IntTy);
      keepField(LV, U->getSubExpr(), New);
      return U->isPrefix() ? New : *Kept;
    }
    if (LV.Kind != LValue::Variable)
      return opaqueFor(U, Variation::Uniform);
    SymValue Old = loadFrom(LV, U->getSubExpr());
    SymValue One{false, -1, Poly::constant(1)};
    SymValue New = arithmetic(U->isIncrementOp() ? BO_Add : BO_Sub, Old, One,
                              U->getSubExpr()->getType(), AST.IntTy);
    Vars[LV.Var] = New;
    return U->isPrefix() ? New : Old;
  }
  case UO_Minus: {
    SymValue V = rvalue(U->getSubExpr());
    if (U->getType()->isRealFloatingType())
      return opaqueFor(U, Syms.variationOf(V.P));
    V.P = -V.P;
    return V;
  }
  case UO_Plus:
    return rvalue(U->getSubExpr());
  case UO_Not: {
    SymValue V = rvalue(U->getSubExpr());
    V.P = -V.P - Poly::constant(1);
    return V;
  }
  default: {
    SymValue V = rvalue(U->getSubExpr());
    return opaqueFor(U, Syms.variationOf(V.P));
  }
  }
}

} // namespace cudacoalesce
