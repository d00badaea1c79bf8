//===- Frontend/AddressBuilder.cpp - AST to symbolic addresses -----------===//
#include "AddressBuilder.h"
#include "SourceText.h"
#include "VariableWrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/SaveAndRestore.h"

#include <algorithm>

using namespace clang;
using cudacoalesce::sym::Variation;

namespace cudacoalesce {

using model::Cmp;
using model::Guard;
using sym::Poly;

namespace {

constexpr unsigned MaxInlineDepth = 8;
constexpr unsigned MaxOpaqueNameLength = 48;

/// tex1Dfetch, tex2D, tex2DLayered, texCubemap, surf2Dread, surf3Dwrite, ...
bool isTextureFetchName(StringRef Name) {
  StringRef Rest = Name;
  if (!Rest.consume_front("tex") && !Rest.consume_front("surf"))
    return false;
  return !Rest.empty() &&
         (llvm::isDigit(Rest.front()) || Rest.starts_with("Cubemap"));
}

bool isAtomicName(StringRef Name) {
  for (StringRef Suffix : {"_block", "_system"})
    Name.consume_back(Suffix);
  return llvm::StringSwitch<bool>(Name)
      .Cases({"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax"},
             true)
      .Cases({"atomicInc", "atomicDec", "atomicCAS", "atomicAnd", "atomicOr",
              "atomicXor"},
             true)
      .Default(false);
}

/// Read-only and cache-hinted loads and stores: the pointer is argument 0.
std::optional<AccessKind> cacheHintedAccess(StringRef Name) {
  return llvm::StringSwitch<std::optional<AccessKind>>(Name)
      .Cases({"__ldg", "__ldca", "__ldcg", "__ldcs", "__ldlu", "__ldcv"},
             AccessKind::Load)
      .Cases({"__stwb", "__stcg", "__stcs", "__stwt"}, AccessKind::Store)
      .Default(std::nullopt);
}

std::optional<sym::OpKind> minMaxName(StringRef Name) {
  return llvm::StringSwitch<std::optional<sym::OpKind>>(Name)
      .Cases({"min", "umin", "llmin", "ullmin", "__min"}, sym::OpKind::Min)
      .Cases({"max", "umax", "llmax", "ullmax", "__max"}, sym::OpKind::Max)
      .Default(std::nullopt);
}

/// Whether \p S mentions `this`, explicitly or through a member.
bool usesThis(const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitCXXThisExpr(CXXThisExpr *) {
      Found = true;
      return false;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

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

Cmp comparison(BinaryOperatorKind Op, bool Negate) {
  switch (Op) {
  case BO_LT:
    return Negate ? Cmp::GE : Cmp::LT;
  case BO_LE:
    return Negate ? Cmp::GT : Cmp::LE;
  case BO_GT:
    return Negate ? Cmp::LE : Cmp::GT;
  case BO_GE:
    return Negate ? Cmp::LT : Cmp::GE;
  case BO_EQ:
    return Negate ? Cmp::NE : Cmp::EQ;
  default:
    return Negate ? Cmp::EQ : Cmp::NE;
  }
}

} // namespace

AddressBuilder::AddressBuilder(ASTContext &AST, sym::Context &Syms)
    : AST(AST), Syms(Syms) {}

/// Whether Clang can lay \p T out: code with errors has types that are not.
static bool hasLayout(QualType T) {
  if (T.isNull() || T->containsErrors() || T->isIncompleteType() ||
      T->isDependentType() || T->isVoidType() || T->isFunctionType())
    return false;
  if (const auto *R = T->getAsRecordDecl())
    return !R->isInvalidDecl();
  return true;
}

uint64_t AddressBuilder::sizeOf(QualType T) const {
  if (!hasLayout(T))
    return 1;
  return std::max<int64_t>(1, AST.getTypeSizeInChars(T).getQuantity());
}

std::string AddressBuilder::text(const Expr *E) const {
  std::string S = sourceText(E, AST, MaxOpaqueNameLength);
  return S.empty() ? "value" : S;
}

SymValue AddressBuilder::opaqueFor(const Expr *E, sym::Variation Varies) {
  SymValue V;
  V.P = Poly::atom(Syms.opaque(text(E), Varies));
  V.IsPointer = E->getType()->isPointerType();
  return V;
}

/// A value read from memory: per-lane data when lanes read different
/// addresses, one value for the warp when they all read the same one.
Variation AddressBuilder::loadedVariation(const Poly &Address) const {
  return Syms.isLaneVarying(Address) ? Variation::LaneData : Variation::Uniform;
}

SymValue AddressBuilder::pointerTo(int Base) const {
  SymValue V;
  V.IsPointer = true;
  V.Base = Base;
  return V;
}

sym::AtomId AddressBuilder::paramAtom(const FunctionDecl *K, unsigned Index) {
  const ParmVarDecl *P = K->getParamDecl(Index);
  std::string Name = P->getName().str();
  if (Name.empty())
    Name = "arg" + std::to_string(Index);
  return Syms.param(Name);
}

int AddressBuilder::baseFor(const VarDecl *V) {
  auto It = BaseOfVar.find(V);
  if (It != BaseOfVar.end())
    return It->second;
  MemoryBase B;
  B.Name = V->getName().str();
  if (V->hasAttr<CUDASharedAttr>())
    B.Space = AddressSpace::Shared;
  else if (V->hasAttr<CUDAConstantAttr>())
    B.Space = AddressSpace::Constant;
  else if (V->hasLocalStorage() || V->isStaticLocal())
    B.Space = AddressSpace::Local;
  Bases.push_back(B);
  BaseOfVar[V] = Bases.size() - 1;
  return Bases.size() - 1;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

std::optional<SymValue> AddressBuilder::builtinIndex(const Expr *E) {
  const auto *PO = dyn_cast<PseudoObjectExpr>(E);
  if (!PO)
    return std::nullopt;
  const auto *Prop = dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm());
  if (!Prop)
    return std::nullopt;
  const Expr *Base = Prop->getBaseExpr()->IgnoreImpCasts();
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(Base))
    Base = OV->getSourceExpr()->IgnoreImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  if (!Ref)
    return std::nullopt;
  StringRef Var = Ref->getDecl()->getName();
  StringRef Field = Prop->getPropertyDecl()->getName();
  unsigned Dim = Field == "x" ? 0 : Field == "y" ? 1 : Field == "z" ? 2 : 3;
  if (Dim == 3)
    return std::nullopt;
  SymValue V;
  if (Var == "threadIdx")
    V.P = Poly::atom(Syms.threadIdx(Dim));
  else if (Var == "blockIdx")
    V.P = Poly::atom(Syms.blockIdx(Dim));
  else if (Var == "blockDim")
    V.P = Poly::atom(Syms.blockDim(Dim));
  else if (Var == "gridDim")
    V.P = Poly::atom(Syms.gridDim(Dim));
  else
    return std::nullopt;
  return V;
}

SymValue AddressBuilder::visitChildren(const Expr *E) {
  Variation Varies = Variation::Uniform;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      Varies = std::max(Varies, Syms.variationOf(rvalue(CE).P));
  return opaqueFor(E, Varies);
}

SymValue AddressBuilder::rvalue(const Expr *E) {
  if (!E)
    return {};
  SawErrors |= E->containsErrors();
  if (ExprDepth >= MaxExprDepth)
    return opaqueFor(E, Variation::LaneComputed);
  llvm::SaveAndRestore DepthHere(ExprDepth, ExprDepth + 1);
  if (auto B = builtinIndex(E))
    return *B;

  // Leaves that Clang can fold: literals, enumerators, sizeof, constexpr
  // variables, non-type template arguments.
  if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          UnaryExprOrTypeTraitExpr, SubstNonTypeTemplateParmExpr, DeclRefExpr,
          ConstantExpr>(E) &&
      !E->isValueDependent() && E->getType()->isIntegralOrEnumerationType()) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, AST))
      return SymValue{false, -1, Poly::constant(R.Val.getInt().getExtValue())};
  }
  if (isa<UnaryExprOrTypeTraitExpr>(E)) // unevaluated operand: never walk it
    return opaqueFor(E, Variation::Uniform);

  if (const auto *P = dyn_cast<ParenExpr>(E))
    return rvalue(P->getSubExpr());
  if (const auto *C = dyn_cast<ConstantExpr>(E))
    return rvalue(C->getSubExpr());
  if (const auto *F = dyn_cast<FullExpr>(E))
    return rvalue(F->getSubExpr());
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return rvalue(M->getSubExpr());
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return rvalue(B->getSubExpr());
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return rvalue(S->getReplacement());

  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_LValueToRValue: {
      // Constants read from variables: constexpr and const globals, enums.
      if (E->getType()->isIntegralOrEnumerationType() &&
          !E->isValueDependent() &&
          isa<DeclRefExpr>(Cast->getSubExpr()->IgnoreParens())) {
        Expr::EvalResult R;
        if (E->EvaluateAsInt(R, AST))
          return SymValue{false, -1,
                          Poly::constant(R.Val.getInt().getExtValue())};
      }
      LValue LV = lvalue(Cast->getSubExpr());
      if (LV.Kind == LValue::None)
        return visitChildren(Cast->getSubExpr());
      return loadFrom(LV, Cast->getSubExpr());
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

  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    // A copy of an object in memory (a struct or a float4) loads it whole.
    if (C->getNumArgs() == 1 &&
        C->getConstructor()->isCopyOrMoveConstructor()) {
      LValue LV = lvalue(C->getArg(0));
      if (LV.Kind == LValue::Memory)
        return loadFrom(LV, C->getArg(0));
    }
    return visitChildren(E);
  }

  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    SymValue Cond = rvalue(C->getCond());
    std::vector<Guard> Then = conditionGuards(C->getCond(), false);
    std::vector<Guard> Else = conditionGuards(C->getCond(), true);
    size_t Depth = Guards.size();
    Guards.insert(Guards.end(), Then.begin(), Then.end());
    SymValue T = rvalue(C->getTrueExpr());
    Guards.resize(Depth);
    Guards.insert(Guards.end(), Else.begin(), Else.end());
    SymValue F = rvalue(C->getFalseExpr());
    Guards.resize(Depth);
    if (T.IsPointer == F.IsPointer && T.Base == F.Base && T.P == F.P)
      return T;
    return opaqueFor(E,
                     std::max({Syms.variationOf(Cond.P), Syms.variationOf(T.P),
                               Syms.variationOf(F.P)}));
  }

  if (isa<DeclRefExpr>(E) || isa<MemberExpr>(E) || isa<ArraySubscriptExpr>(E)) {
    // An lvalue used as a value without a load: a function, an array name.
    LValue LV = lvalue(E);
    if (LV.Kind == LValue::Memory)
      return LV.Address;
  }
  if (isa<FloatingLiteral, StringLiteral, CXXNullPtrLiteralExpr, GNUNullExpr,
          LambdaExpr>(E))
    return opaqueFor(E, Variation::Uniform);
  return visitChildren(E);
}

AddressBuilder::LValue AddressBuilder::lvalue(const Expr *E) {
  SawErrors |= E->containsErrors();
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
  if (const auto *Cast = dyn_cast<CXXReinterpretCastExpr>(E)) {
    LValue Inner = lvalue(Cast->getSubExpr());
    Inner.Type = E->getType();
    return Inner;
  }

  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V)
      return LV;
    if (V->getType()->isReferenceType()) {
      auto It = Vars.find(V);
      if (It != Vars.end() && It->second.IsPointer) {
        LV.Kind = LValue::Memory;
        LV.Address = It->second;
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

  if (const auto *S = dyn_cast<ArraySubscriptExpr>(E)) {
    SymValue Base = rvalue(S->getBase());
    SymValue Idx = rvalue(S->getIdx());
    LV.Kind = LValue::Memory;
    LV.Address = Base;
    LV.Address.IsPointer = true;
    LV.Address.P = Base.P + Idx.P.scaled(sizeOf(S->getType()));
    LV.Index = Idx.P;
    LV.HasIndex = true;
    LV.ElementType = S->getType();
    return LV;
  }

  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Deref) {
      LV.Kind = LValue::Memory;
      LV.Address = rvalue(U->getSubExpr());
      LV.Address.IsPointer = true;
    }
    return LV;
  }

  if (const auto *M = dyn_cast<MemberExpr>(E)) {
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
      if (Outer.Kind != LValue::Memory)
        return LV; // a member of a local struct: its value is not tracked
      LV = Outer;
      LV.Type = E->getType();
    }
    LV.Address.P = LV.Address.P + Poly::constant(Offset);
    LV.OffsetInElement += Offset;
    LV.FieldPath += (LV.FieldPath.empty() ? "" : ".") + Field->getName().str();
    return LV;
  }
  return LV;
}

SymValue AddressBuilder::loadFrom(const LValue &LV, const Expr *At) {
  if (LV.Kind == LValue::Variable) {
    auto It = Vars.find(LV.Var);
    if (It != Vars.end())
      return It->second;
    // Kernel scalars by value seen through a member (p.n) or an untracked
    // variable: a named value, the same in every lane.
    SymValue V;
    V.P = Poly::atom(Syms.param(LV.Var->getName().str()));
    V.IsPointer = LV.Var->getType()->isPointerType();
    return V;
  }
  record(LV, AccessKind::Load, At);
  SymValue V = opaqueFor(At, loadedVariation(LV.Address.P));
  if (V.IsPointer && !Syms.isLaneVarying(V.P)) {
    // A pointer loaded from memory, the same for the whole warp: a new
    // object whose alignment we can only assume.
    MemoryBase B;
    B.Name = text(At);
    B.AlignmentAssumed = true;
    Bases.push_back(B);
    V = pointerTo(Bases.size() - 1);
  }
  return V;
}

void AddressBuilder::record(const LValue &LV, AccessKind Kind, const Expr *At) {
  if (!Recording || LV.Kind != LValue::Memory)
    return;
  if (LV.Address.Base >= 0 &&
      Bases[LV.Address.Base].Space != AddressSpace::Global)
    return;
  QualType T = LV.Type;
  if (T->isPointerType() && Kind == AccessKind::Atomic)
    T = T->getPointeeType();
  AccessSite S;
  S.Access = At;
  S.Kind = Kind;
  S.Base = LV.Address.Base;
  S.ByteOffset = LV.Address.P;
  S.Index = LV.Index;
  S.HasIndex = LV.HasIndex;
  S.WidthBytes = sizeOf(T);
  // The widest naturally aligned instruction the element allows (16 bytes
  // at most): a float4 is one LDG.128, a 12-byte struct three LDG.32.
  unsigned Align = hasLayout(T) ? AST.getTypeAlignInChars(T).getQuantity() : 1;
  unsigned Chunk = 16;
  while (Chunk > 1 && (Chunk > Align || S.WidthBytes % Chunk != 0))
    Chunk /= 2;
  S.ChunkBytes = Chunk;
  S.ElementType = LV.ElementType;
  if (!LV.FieldPath.empty() && hasLayout(LV.ElementType))
    S.Record = LV.ElementType->getAsRecordDecl();
  S.FieldPath = LV.FieldPath;
  S.OffsetInElement = LV.OffsetInElement;
  S.Guards = Guards;
  S.WrittenIn = Frames.empty() ? Kernel : Frames.back();
  S.CallChain = CallStack;
  Sites.push_back(std::move(S));
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
    break;
  case BO_Sub:
  case BO_SubAssign:
    V.P = L.P - R.P;
    break;
  case BO_Mul:
  case BO_MulAssign:
    V.P = L.P * R.P;
    break;
  case BO_Div:
  case BO_DivAssign:
    V.P = Syms.op(sym::OpKind::Div, L.P, R.P);
    break;
  case BO_Rem:
  case BO_RemAssign:
    V.P = Syms.op(sym::OpKind::Rem, L.P, R.P);
    break;
  case BO_Shl:
  case BO_ShlAssign:
    V.P = Syms.op(sym::OpKind::Shl, L.P, R.P);
    break;
  case BO_Shr:
  case BO_ShrAssign:
    V.P = Syms.op(sym::OpKind::Shr, L.P, R.P);
    break;
  case BO_And:
  case BO_AndAssign:
    V.P = Syms.op(sym::OpKind::And, L.P, R.P);
    break;
  case BO_Or:
  case BO_OrAssign:
    V.P = Syms.op(sym::OpKind::Or, L.P, R.P);
    break;
  case BO_Xor:
  case BO_XorAssign:
    V.P = Syms.op(sym::OpKind::Xor, L.P, R.P);
    break;
  default:
    V.P = Poly::atom(Syms.opaque(
        "cmp", std::max(Syms.variationOf(L.P), Syms.variationOf(R.P))));
  }
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
  SymValue R = rvalue(B->getRHS());
  bool FloatMath = B->getType()->isRealFloatingType() ||
                   B->getLHS()->getType()->isRealFloatingType() ||
                   B->getRHS()->getType()->isRealFloatingType();
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
  if (LV.Kind == LValue::Memory) {
    if (Compound)
      record(LV, AccessKind::Load, Target);
    record(LV, AccessKind::Store, Target);
    return RHS;
  }
  if (LV.Kind != LValue::Variable)
    return RHS;
  SymValue New = RHS;
  if (Compound) {
    SymValue Old = loadFrom(LV, Target);
    bool FloatMath = Target->getType()->isRealFloatingType() ||
                     (Source && Source->getType()->isRealFloatingType());
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
      // The address of a local variable: local memory, not global.
      MemoryBase B;
      B.Name = LV.Var->getName().str();
      B.Space = AddressSpace::Local;
      Bases.push_back(B);
      return pointerTo(Bases.size() - 1);
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
      record(LV, AccessKind::Load, U->getSubExpr());
      record(LV, AccessKind::Store, U->getSubExpr());
      return opaqueFor(U, loadedVariation(LV.Address.P));
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

SymValue AddressBuilder::call(const CallExpr *C) {
  const FunctionDecl *Callee = C->getDirectCallee();
  StringRef Name;
  if (Callee && Callee->getIdentifier())
    Name = Callee->getName();

  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
    // Whole-object assignment of a struct in memory: a store (and a load).
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
    if (Op->getOperator() == OO_Equal && Method &&
        (Method->isCopyAssignmentOperator() ||
         Method->isMoveAssignmentOperator())) {
      SymValue RHS = rvalue(C->getArg(1));
      LValue LV = lvalue(C->getArg(0));
      record(LV, AccessKind::Store, C->getArg(0));
      return RHS;
    }
  }

  auto PointerArgument = [&](AccessKind Kind) {
    const Expr *Arg = C->getArg(0);
    LValue LV;
    LV.Kind = LValue::Memory;
    LV.Address = rvalue(Arg);
    LV.Address.IsPointer = true;
    LV.Type = Arg->getType()->isPointerType() ? Arg->getType()->getPointeeType()
                                              : Arg->getType();
    const Expr *At = Arg->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(At))
      if (U->getOpcode() == UO_AddrOf)
        At = U->getSubExpr()->IgnoreParens();
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(At))
      At = Cast->getSubExprAsWritten();
    for (unsigned I = 1; I < C->getNumArgs(); ++I)
      rvalue(C->getArg(I));
    record(LV, Kind, At);
    return LV;
  };

  if (!Name.empty() && C->getNumArgs() > 0) {
    if (isTextureFetchName(Name)) {
      if (Recording)
        TextureFetches.push_back(C);
      for (const Expr *Arg : C->arguments())
        rvalue(Arg);
      return opaqueFor(C, Variation::LaneData);
    }
    if (isAtomicName(Name)) {
      LValue LV = PointerArgument(AccessKind::Atomic);
      return opaqueFor(C, loadedVariation(LV.Address.P));
    }
    if (auto Kind = cacheHintedAccess(Name)) {
      LValue LV = PointerArgument(*Kind);
      return opaqueFor(C, loadedVariation(LV.Address.P));
    }
    if (auto MinMax = minMaxName(Name))
      if (C->getNumArgs() == 2 && C->getType()->isIntegerType()) {
        SymValue L = rvalue(C->getArg(0)), R = rvalue(C->getArg(1));
        SymValue V;
        V.P = Syms.op(*MinMax, L.P, R.P);
        return V;
      }
    if ((Name == "__mul24" || Name == "__umul24") && C->getNumArgs() == 2) {
      SymValue V;
      V.P = rvalue(C->getArg(0)).P * rvalue(C->getArg(1)).P;
      return V;
    }
  }

  if (auto V = cooperativeGroupsQuery(C))
    return *V;
  if (Callee)
    if (auto V = inlineCall(Callee, C))
      return *V;

  // A method of an object the walk does not track may answer per lane.
  Variation Varies =
      isa<CXXMemberCallExpr>(C) ? Variation::LaneComputed : Variation::Uniform;
  for (const Expr *Arg : C->arguments())
    Varies = std::max(Varies, Syms.variationOf(rvalue(Arg).P));
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(C))
    rvalue(M->getImplicitObjectArgument());
  return opaqueFor(C, Varies);
}

namespace {

/// The cooperative_groups class an object is, and a thread_block_tile's
/// static size.
struct GroupType {
  enum { None, Block, Tile, Grid } Kind = None;
  int64_t TileSize = 0;
};

GroupType groupTypeOf(QualType T) {
  GroupType G;
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record || !StringRef(Record->getQualifiedNameAsString())
                      .starts_with("cooperative_groups::"))
    return G;
  StringRef Name = Record->getName();
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Record);
  if (Name == "thread_block") {
    G.Kind = GroupType::Block;
  } else if (Name == "grid_group") {
    G.Kind = GroupType::Grid;
  } else if (Name == "thread_block_tile" && Spec &&
             Spec->getTemplateArgs().size() > 0 &&
             Spec->getTemplateArgs()[0].getKind() ==
                 TemplateArgument::Integral) {
    G.Kind = GroupType::Tile;
    G.TileSize = Spec->getTemplateArgs()[0].getAsIntegral().getExtValue();
  }
  return G;
}

} // namespace

/// What the queries of cooperative_groups' thread_block, statically sized
/// thread_block_tile and grid_group return, in terms of the index builtins
/// (CUDA Programming Guide, "Cooperative Groups"). Tiles are laid out along
/// the linear thread index, so a tile of 32 is a warp.
std::optional<SymValue>
AddressBuilder::cooperativeGroupsQuery(const CallExpr *C) {
  // Most queries are static members (thread_block_tile::thread_rank()):
  // called through the object, which only gives its type.
  const auto *Member =
      dyn_cast<MemberExpr>(C->getCallee()->IgnoreParenImpCasts());
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(C->getDirectCallee());
  if (!Member || !Method || !Method->getIdentifier() || C->getNumArgs() != 0)
    return std::nullopt;
  // The object as declared, not the base class the method lives in.
  QualType Object = Member->getBase()->IgnoreParenImpCasts()->getType();
  if (Member->isArrow())
    Object = Object->getPointeeType();
  GroupType G = groupTypeOf(Object);
  if (G.Kind == GroupType::None ||
      (G.Kind == GroupType::Tile && G.TileSize <= 0))
    return std::nullopt;
  auto Atom = [](sym::AtomId A) { return Poly::atom(A); };
  Poly BlockSize =
      Atom(Syms.blockDim(0)) * Atom(Syms.blockDim(1)) * Atom(Syms.blockDim(2));
  Poly ThreadRank = Atom(Syms.threadIdx(0)) +
                    Atom(Syms.blockDim(0)) *
                        (Atom(Syms.threadIdx(1)) +
                         Atom(Syms.blockDim(1)) * Atom(Syms.threadIdx(2)));
  Poly BlockRank =
      Atom(Syms.blockIdx(0)) +
      Atom(Syms.gridDim(0)) * (Atom(Syms.blockIdx(1)) +
                               Atom(Syms.gridDim(1)) * Atom(Syms.blockIdx(2)));
  StringRef Name = Method->getName();
  bool Size = Name == "size" || Name == "num_threads";
  std::optional<Poly> Value;
  switch (G.Kind) {
  case GroupType::Block:
    if (Name == "thread_rank")
      Value = ThreadRank;
    else if (Size)
      Value = BlockSize;
    break;
  case GroupType::Tile: {
    Poly N = Poly::constant(G.TileSize);
    if (Name == "thread_rank")
      Value = Syms.op(sym::OpKind::Rem, ThreadRank, N);
    else if (Size)
      Value = N;
    else if (Name == "meta_group_rank")
      Value = Syms.op(sym::OpKind::Div, ThreadRank, N);
    else if (Name == "meta_group_size")
      Value = Syms.op(sym::OpKind::Div,
                      BlockSize + Poly::constant(G.TileSize - 1), N);
    break;
  }
  case GroupType::Grid:
    if (Name == "thread_rank")
      Value = BlockRank * BlockSize + ThreadRank;
    else if (Name == "block_rank")
      Value = BlockRank;
    else if (Size)
      Value = BlockSize * Atom(Syms.gridDim(0)) * Atom(Syms.gridDim(1)) *
              Atom(Syms.gridDim(2));
    break;
  case GroupType::None:
    break;
  }
  if (!Value)
    return std::nullopt;
  SymValue V;
  V.P = *Value;
  return V;
}

std::optional<SymValue> AddressBuilder::inlineCall(const FunctionDecl *Callee,
                                                   const CallExpr *C) {
  // A kernel launched from device code runs as a grid of its own, not in
  // the caller's threads: it is analysed on its own.
  if (isa<CUDAKernelCallExpr>(C))
    return std::nullopt;
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def) || !Def)
    return std::nullopt;
  // Methods are walked only when they never use `this` (a conversion
  // operator handing out extern __shared__ memory, cuda-samples'
  // SharedMemory<T>): the object itself is not tracked.
  if (const auto *M = dyn_cast<CXXMethodDecl>(Def))
    if (M->isInstance() && usesThis(Def->getBody()))
      return std::nullopt;
  // Library code (CUDA and C++ headers) is not walked: its accesses are not
  // the user's to fix, and it is large.
  if (AST.getSourceManager().isInSystemHeader(Def->getLocation()))
    return std::nullopt;
  if (Frames.size() >= MaxInlineDepth ||
      std::find(Frames.begin(), Frames.end(), Def) != Frames.end() ||
      Def == Kernel)
    return std::nullopt;
  if (C->getNumArgs() != Def->getNumParams())
    return std::nullopt;
  if (anyWithin(AST.getSourceManager(), Def->getBody()->getSourceRange(),
                CompileErrors))
    SawErrors = true;

  std::vector<SymValue> Args;
  for (const Expr *Arg : C->arguments()) {
    // A reference parameter binds to the argument's object.
    LValue LV = lvalue(Arg);
    if (LV.Kind == LValue::Memory && Arg->isGLValue())
      Args.push_back(LV.Address);
    else
      Args.push_back(rvalue(Arg));
  }
  for (unsigned I = 0; I < Def->getNumParams(); ++I)
    Vars[Def->getParamDecl(I)] = Args[I];

  Frames.push_back(Def);
  CallStack.push_back(C);
  bool SavedTail = AtKernelTail;
  AtKernelTail = false;
  Returns.emplace_back();
  size_t Depth = Guards.size();
  stmt(Def->getBody());
  Guards.resize(Depth);
  std::vector<SymValue> Results = std::move(Returns.back());
  Returns.pop_back();
  CallStack.pop_back();
  Frames.pop_back();
  AtKernelTail = SavedTail;

  if (Results.empty())
    return opaqueFor(C, Variation::Uniform);
  bool Same = true;
  Variation Varies = Variation::Uniform;
  for (const SymValue &R : Results) {
    Same &= R.IsPointer == Results[0].IsPointer && R.Base == Results[0].Base &&
            R.P == Results[0].P;
    Varies = std::max(Varies, Syms.variationOf(R.P));
  }
  return Same ? Results[0] : opaqueFor(C, Varies);
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

std::vector<Guard> AddressBuilder::conditionGuards(const Expr *Cond,
                                                   bool Negate) {
  SilentScope Silent(
      Recording); // the condition's loads are recorded once, elsewhere
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
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B)
    return false;
  BinaryOperatorKind Op = B->getOpcode();
  // A conjunction (or a negated disjunction) is a list of guards; what we
  // cannot express is left out, which can only count more lanes active.
  if ((Op == BO_LAnd && !Negate) || (Op == BO_LOr && Negate)) {
    bool L = guardsFor(B->getLHS(), Negate, Out);
    bool R = guardsFor(B->getRHS(), Negate, Out);
    return L && R;
  }
  if (!B->isComparisonOp() || B->getLHS()->getType()->isRealFloatingType() ||
      B->getLHS()->getType()->isPointerType())
    return false;
  SymValue L = rvalue(B->getLHS()), R = rvalue(B->getRHS());
  Out.push_back({L.P - R.P, comparison(Op, Negate)});
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
    return loop(D, nullptr, nullptr, nullptr, D->getBody());
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
    }
    if (!Returns.empty())
      Returns.back().push_back(V);
    return;
  }
  if (const auto *R = dyn_cast<CXXForRangeStmt>(S)) {
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

namespace {

/// Counts references to one variable.
class VarUses : public RecursiveASTVisitor<VarUses> {
public:
  explicit VarUses(const VarDecl *V) : V(V) {}
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    N += D->getDecl() == V;
    return true;
  }
  static unsigned in(const Stmt *S, const VarDecl *V) {
    VarUses U(V);
    U.TraverseStmt(const_cast<Stmt *>(S));
    return U.N;
  }

private:
  const VarDecl *V;
  unsigned N = 0;
};

/// `T v = <global load>; ... if (c) { uses of v }` with no other use of v:
/// nvcc sinks the load into the branch, so only lanes where c holds issue
/// it. Returns that `if`, or null.
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
    unsigned Uses = VarUses::in(S, V);
    if (Uses == 0)
      continue;
    const auto *If = dyn_cast<IfStmt>(S);
    if (Branch || !If || If->getElse() || If->getInit() ||
        VarUses::in(If->getCond(), V) != 0 ||
        VarUses::in(If->getThen(), V) != Uses)
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

} // namespace

void AddressBuilder::compound(const CompoundStmt *C) {
  size_t Depth = Guards.size();
  bool Tail = AtKernelTail;
  for (size_t Index = 0; Index < C->size(); ++Index) {
    const Stmt *S = C->body_begin()[Index];
    AtKernelTail = Tail && Index + 1 == C->size();
    if (const IfStmt *Branch = sinkingBranch(C, Index)) {
      std::vector<Guard> Sunk = conditionGuards(Branch->getCond(), false);
      size_t Before = Guards.size();
      Guards.insert(Guards.end(), Sunk.begin(), Sunk.end());
      stmt(S);
      Guards.resize(Before);
      continue;
    }
    stmt(S);
    // `if (i >= n) return;` guards the rest of the block.
    if (const auto *If = dyn_cast<IfStmt>(S))
      if (!If->getElse() && !If->hasInitStorage() &&
          alwaysExits(If->getThen())) {
        std::vector<Guard> Rest = conditionGuards(If->getCond(), true);
        Guards.insert(Guards.end(), Rest.begin(), Rest.end());
      }
  }
  AtKernelTail = Tail;
  Guards.resize(Depth);
}

/// One or two expression statements: what nvcc if-converts.
static bool isShortBody(const Stmt *S) {
  if (isa<Expr>(S))
    return true;
  const auto *C = dyn_cast<CompoundStmt>(S);
  if (!C || C->size() > 2)
    return false;
  return std::all_of(C->body_begin(), C->body_end(),
                     [](const Stmt *B) { return isa<Expr>(B); });
}

void AddressBuilder::ifStmt(const IfStmt *If) {
  stmt(If->getInit());
  SymValue Cond = rvalue(If->getCond());
  std::vector<Guard> Then = conditionGuards(If->getCond(), false);
  std::vector<Guard> Else = conditionGuards(If->getCond(), true);
  // A short `if` with code after it is if-converted by nvcc: predicated,
  // not branched around (measured: a halo load under threadIdx.x < 8 is
  // executed by every warp of the block).
  if (!If->getElse() && !AtKernelTail && LoopDepth == 0 &&
      isShortBody(If->getThen()))
    for (Guard &G : Then)
      G.Predicated = true;

  // Both branches start from the same values; where they disagree after,
  // the variable becomes an opaque value.
  auto Before = Vars;
  size_t Depth = Guards.size();
  Guards.insert(Guards.end(), Then.begin(), Then.end());
  stmt(If->getThen());
  Guards.resize(Depth);
  auto AfterThen = std::move(Vars);
  Vars = Before;
  if (If->getElse()) {
    Guards.insert(Guards.end(), Else.begin(), Else.end());
    stmt(If->getElse());
    Guards.resize(Depth);
  }
  if (alwaysExits(If->getThen()))
    return; // only the else path continues
  for (auto &Entry : AfterThen) {
    auto It = Vars.find(Entry.first);
    if (It == Vars.end()) {
      Vars[Entry.first] = Entry.second;
      continue;
    }
    const SymValue &A = Entry.second, &B = It->second;
    if (A.IsPointer == B.IsPointer && A.Base == B.Base && A.P == B.P)
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
    It->second = Merged;
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
      if (LV.Kind == LValue::Memory)
        Vars[V] = LV.Address;
      else
        rvalue(Init);
      continue;
    }
    Vars[V] = rvalue(Init);
  }
}

void AddressBuilder::loop(const Stmt *Loop, const Stmt *Init, const Expr *Cond,
                          const Expr *Inc, const Stmt *Body) {
  stmt(Init);
  VariableWrites Mod;
  Mod.add(Cond);
  Mod.add(Inc);
  Mod.add(Body);
  std::vector<const VarDecl *> Changed;
  for (const auto &Write : Mod.all())
    Changed.push_back(Write.first);

  // Induction variables: changed only by `v += step` (or ++, --, -=, v = v +
  // step) in the increment or at the top level of the body, with a step the
  // loop does not change. Such a v is v0 + iteration * step, with the
  // iteration counter the same in every lane.
  llvm::DenseMap<const VarDecl *, Poly> Steps;
  llvm::DenseSet<const VarDecl *> NotInduction;
  auto StepOf = [&](const Expr *E, const VarDecl *&V) -> std::optional<Poly> {
    E = E->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (!U->isIncrementDecrementOp())
        return std::nullopt;
      V = VariableWrites::directTarget(U->getSubExpr());
      if (!V) // ++a[0]: memory, not a variable
        return std::nullopt;
      return Poly::constant(U->isIncrementOp() ? 1 : -1);
    }
    const auto *B = dyn_cast<BinaryOperator>(E);
    if (!B || !B->isAssignmentOp())
      return std::nullopt;
    V = VariableWrites::directTarget(B->getLHS());
    const Expr *StepExpr = nullptr;
    bool Negative = false;
    if (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) {
      StepExpr = B->getRHS();
      Negative = B->getOpcode() == BO_SubAssign;
    } else if (B->getOpcode() == BO_Assign) {
      const auto *Sum =
          dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
      if (!Sum || (Sum->getOpcode() != BO_Add && Sum->getOpcode() != BO_Sub))
        return std::nullopt;
      if (VariableWrites::directTarget(Sum->getLHS()) == V) {
        StepExpr = Sum->getRHS();
        Negative = Sum->getOpcode() == BO_Sub;
      } else if (Sum->getOpcode() == BO_Add &&
                 VariableWrites::directTarget(Sum->getRHS()) == V) {
        StepExpr = Sum->getLHS();
      }
    }
    if (!StepExpr || !V)
      return std::nullopt;
    // The step must not read anything the loop changes.
    for (const VarDecl *M : Changed)
      if (VarUses::in(StepExpr, M))
        return std::nullopt;
    SilentScope Silent(Recording);
    Poly Step = rvalue(StepExpr).P;
    return Negative ? -Step : Step;
  };

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
  // The variable each update steps (nullptr where it is no step), in the
  // order of Updates.
  std::vector<const VarDecl *> Stepped;
  for (const Expr *U : Updates) {
    const VarDecl *V = nullptr;
    auto Step = StepOf(U, V);
    Stepped.push_back(Step ? V : nullptr);
    if (Step)
      Steps[V] = Steps.count(V) ? Steps[V] + *Step : *Step;
  }
  // Every modification of an induction variable must be one recognised.
  for (const VarDecl *V : Changed)
    if (Steps.count(V) && Mod.count(V) != unsigned(llvm::count(Stepped, V)))
      NotInduction.insert(V);

  // Named after the first induction variable in source order of its
  // updates (the loop's own increment first): Steps is keyed by pointer, and
  // its order would change the name from run to run.
  std::string CounterName = "loop";
  for (const VarDecl *V : Stepped)
    if (V && !NotInduction.count(V)) {
      CounterName = V->getName().str();
      break;
    }
  sym::AtomId Iteration = Syms.loopIteration(CounterName);

  auto Before = Vars;
  // How each changed variable varies across lanes once the loop has run.
  using VariationMap = llvm::DenseMap<const VarDecl *, Variation>;
  auto Carried = [&](const VariationMap &Varying, const VarDecl *V) {
    auto It = Before.find(V);
    Variation Varies = Varying.lookup(V);
    if (It != Before.end())
      Varies = std::max(Varies, Syms.variationOf(It->second.P));
    return Varies;
  };
  auto EnterLoop = [&](const VariationMap &VaryingVars) {
    for (const VarDecl *V : Changed) {
      auto It = Before.find(V);
      auto StepIt = Steps.find(V);
      if (StepIt != Steps.end() && !NotInduction.count(V) &&
          It != Before.end()) {
        SymValue Start = It->second;
        // The increment at the end of the body runs before the next test:
        // the body sees v0 + i*step (steps inside the body apply in order).
        Start.P = Start.P + Poly::atom(Iteration) * StepIt->second;
        Vars[V] = Start;
        continue;
      }
      Vars[V] = SymValue{
          V->getType()->isPointerType(), -1,
          Poly::atom(Syms.opaque(V->getName().str(), Carried(VaryingVars, V)))};
    }
  };
  auto WalkBody = [&]() {
    std::vector<Guard> CondGuards;
    if (Cond && !isa<DoStmt>(Loop)) {
      rvalue(Cond);
      CondGuards = conditionGuards(Cond, false);
    }
    size_t Depth = Guards.size();
    Guards.insert(Guards.end(), CondGuards.begin(), CondGuards.end());
    ++LoopDepth;
    stmt(Body);
    if (Inc)
      rvalue(Inc);
    --LoopDepth;
    Guards.resize(Depth);
  };

  // A first, silent walk finds which changed variables end up differing
  // between lanes; the second walk records the accesses.
  VariationMap VaryingVars;
  if (LoopDepth < 3) {
    {
      SilentScope Silent(Recording);
      EnterLoop(VaryingVars);
      WalkBody();
    }
    for (const VarDecl *V : Changed) {
      auto It = Vars.find(V);
      if (It != Vars.end())
        VaryingVars[V] = Syms.variationOf(It->second.P);
    }
  } else {
    for (const VarDecl *V : Changed)
      VaryingVars[V] = Variation::LaneComputed;
  }
  EnterLoop(VaryingVars);
  WalkBody();

  // After the loop a changed variable holds a value we do not track.
  for (const VarDecl *V : Changed) {
    Vars[V] = SymValue{
        V->getType()->isPointerType(), -1,
        Poly::atom(Syms.opaque(V->getName().str(), Carried(VaryingVars, V)))};
  }
}

std::pair<const VarDecl *, const VarDecl *>
AddressBuilder::threadIndexVariables() const {
  // The first local (in source order) whose value moves by one element per
  // thread along x (resp. y) and not along the other.
  std::vector<std::pair<const VarDecl *, unsigned>> Candidates;
  for (const auto &Entry : Vars) {
    const VarDecl *V = Entry.first;
    if (isa<ParmVarDecl>(V) || V->getDeclContext() != Kernel ||
        Entry.second.IsPointer)
      continue;
    const Poly &P = Entry.second.P;
    auto X = P.coefficientOf(Syms.threadIdx(0)).asConstant();
    auto Y = P.coefficientOf(Syms.threadIdx(1)).asConstant();
    if (X == 1 && Y == 0)
      Candidates.push_back({V, 0});
    else if (Y == 1 && X == 0)
      Candidates.push_back({V, 1});
  }
  std::sort(Candidates.begin(), Candidates.end(),
            [](const auto &L, const auto &R) {
              return L.first->getBeginLoc() < R.first->getBeginLoc();
            });
  const VarDecl *Found[2] = {nullptr, nullptr};
  for (const auto &C : Candidates)
    if (!Found[C.second])
      Found[C.second] = C.first;
  return {Found[0], Found[1]};
}

std::optional<Poly> AddressBuilder::valueOf(const VarDecl *V) const {
  auto It = Vars.find(V);
  if (It == Vars.end() || It->second.IsPointer)
    return std::nullopt;
  return It->second.P;
}

std::vector<AccessSite> AddressBuilder::walkKernel(const FunctionDecl *K) {
  Kernel = K;
  SawErrors = false;
  Sites.clear();
  TextureFetches.clear();
  Vars.clear();
  Guards.clear();
  for (unsigned I = 0; I < K->getNumParams(); ++I) {
    const ParmVarDecl *P = K->getParamDecl(I);
    QualType T = P->getType();
    if (T->isPointerType()) {
      MemoryBase B;
      B.Name = P->getName().str();
      Bases.push_back(B);
      Vars[P] = pointerTo(Bases.size() - 1);
    } else if (T->isIntegralOrEnumerationType()) {
      Vars[P] = SymValue{false, -1, Poly::atom(paramAtom(K, I))};
    }
  }
  AtKernelTail = true;
  stmt(K->getBody());
  AtKernelTail = false;
  return std::move(Sites);
}

} // namespace cudacoalesce
