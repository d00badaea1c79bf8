//===- Frontend/HostEvaluator.cpp - Host values at a point ----------------===//
#include "HostEvaluator.h"

#include "ExprSemantics.h"
#include "llvm/Support/SaveAndRestore.h"

#include "cuda-coalesce/Limits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

#include <cassert>
#include <cmath>

using namespace clang;

namespace cudacoalesce {

namespace {

bool isBuiltin(QualType T, BuiltinType::Kind K) {
  const auto *B = T->getAs<BuiltinType>();
  return B && B->getKind() == K;
}

/// Wrappers around a record value that do not change it.
const Expr *skipRecordWrappers(const Expr *E) {
  while (true) {
    const Expr *Next = transparentInner(E);
    if (const auto *C = dyn_cast<CastExpr>(E);
        !Next && C && C->getType()->isRecordType() &&
        (C->getCastKind() == CK_NoOp ||
         C->getCastKind() == CK_ConstructorConversion ||
         C->getCastKind() == CK_UserDefinedConversion))
      Next = C->getSubExpr();
    if (!Next)
      return E;
    E = Next;
  }
}

} // namespace

HostFacts::HostFacts(ASTContext &AST) : Calls(AST) {}
HostFacts::~HostFacts() = default;

const FunctionBody *HostFacts::body(const FunctionDecl *F) {
  if (!F || !F->getBody())
    return nullptr;
  std::unique_ptr<FunctionBody> &Slot = Bodies[F];
  if (!Slot)
    Slot = std::make_unique<FunctionBody>(F->getBody());
  return Slot.get();
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

HostEvaluator::HostEvaluator(ASTContext &AST, HostFacts &Facts,
                             const FunctionDecl *Host, const Stmt *At,
                             unsigned Hops)
    : AST(AST), Facts(Facts), Host(Host),
      Writes(AST, Host, Facts.body(Host), At), Hops(Hops) {}

HostEvaluator::HostEvaluator(ASTContext &AST, HostFacts &Facts,
                             const FunctionDecl *Host, const Stmt *At,
                             const CallSite &Via)
    : HostEvaluator(AST, Facts, Host, At) {
  this->Via = Via;
}

std::optional<int64_t> HostEvaluator::integer(const Expr *E) {
  auto V = number(E);
  if (!V || V->IsFloat)
    return std::nullopt;
  return V->Int;
}

std::optional<HostNumber> HostEvaluator::number(const Expr *E) {
  return number(E, Writes.at(), 0);
}

std::optional<model::Dim3> HostEvaluator::dim3(const Expr *E) {
  return dim3(E, Writes.at(), 0);
}

std::optional<model::Dim3> HostEvaluator::partialDim3(const Expr *E) {
  llvm::SaveAndRestore Allow(UnknownExtentsAllowed, true);
  return dim3(E, Writes.at(), 0);
}

/// \p V converted to the integer type \p T, wrapping as C++ does.
std::optional<HostNumber> HostEvaluator::fitInteger(int64_t V,
                                                    QualType T) const {
  if (T->isBooleanType())
    return HostNumber::integer(V != 0);
  if (!T->isIntegralOrEnumerationType())
    return std::nullopt;
  unsigned Width = AST.getIntWidth(T);
  bool Signed = T->isSignedIntegerOrEnumerationType();
  if (Width >= 64) {
    if (!Signed && V < 0)
      return std::nullopt; // above INT64_MAX: not held here
    return HostNumber::integer(V);
  }
  uint64_t Bits = static_cast<uint64_t>(V) & ((uint64_t(1) << Width) - 1);
  if (Signed && (Bits >> (Width - 1)))
    Bits |= ~((uint64_t(1) << Width) - 1);
  return HostNumber::integer(static_cast<int64_t>(Bits));
}

/// \p V rounded to the floating type \p T, as the program computes it.
std::optional<HostNumber> HostEvaluator::fitFloating(double V,
                                                     QualType T) const {
  // A float operation done in double and rounded once is exact (double has
  // more than twice float's precision); long double and half are not kept.
  if (isBuiltin(T, BuiltinType::Float))
    return HostNumber::floating(static_cast<float>(V));
  if (isBuiltin(T, BuiltinType::Double))
    return HostNumber::floating(V);
  return std::nullopt;
}

std::optional<HostNumber> HostEvaluator::number(const Expr *E, const Stmt *Here,
                                                unsigned Depth) {
  if (!E || Depth > limits::MaxHostExprDepth || E->isValueDependent() ||
      E->isTypeDependent() || E->containsErrors())
    return std::nullopt;
  E = E->IgnoreParens();
  QualType T = E->getType();
  if (!T->isIntegralOrEnumerationType() && !T->isRealFloatingType())
    return std::nullopt;

  // What the compiler folds (literals, sizeof, constexpr, template
  // arguments) needs nothing more.
  Expr::EvalResult R;
  if (E->EvaluateAsRValue(R, AST) && !R.HasSideEffects) {
    if (R.Val.isInt()) {
      const llvm::APSInt &I = R.Val.getInt();
      if (I.isSigned() ? I.getSignificantBits() <= 64 : I.getActiveBits() < 64)
        return HostNumber::integer(I.isSigned() ? I.getSExtValue()
                                                : I.getZExtValue());
    } else if (R.Val.isFloat()) {
      if (isBuiltin(T, BuiltinType::Float))
        return HostNumber::floating(R.Val.getFloat().convertToFloat());
      if (isBuiltin(T, BuiltinType::Double))
        return HostNumber::floating(R.Val.getFloat().convertToDouble());
    }
  }

  if (const auto *C = dyn_cast<CastExpr>(E))
    return cast(C, Here, Depth);
  if (const Expr *Inner = transparentInner(E))
    return number(Inner, Here, Depth + 1);
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
    return number(D->getExpr(), Here, Depth + 1);
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      return variable(V, Here, Depth);
    return std::nullopt;
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    // `block.x` of a dim3 whose value is known.
    int Field = dim3FieldIndex(M->getMemberDecl()->getName());
    if (M->isArrow() || Field < 0 || !isDim3Like(M->getBase()->getType()))
      return std::nullopt;
    auto D = dim3(M->getBase(), Here, Depth + 1);
    if (!D)
      return std::nullopt;
    return fitInteger((*D)[Field], T);
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_LNot) {
      auto B = truth(U->getSubExpr(), Here, Depth + 1);
      return B ? std::optional(HostNumber::integer(!*B)) : std::nullopt;
    }
    auto V = number(U->getSubExpr(), Here, Depth + 1);
    if (!V)
      return std::nullopt;
    switch (U->getOpcode()) {
    case UO_Plus:
      return V;
    case UO_Minus:
      return V->IsFloat ? fitFloating(-V->Float, T) : fitInteger(-V->Int, T);
    case UO_Not:
      return V->IsFloat ? std::nullopt : fitInteger(~V->Int, T);
    default:
      return std::nullopt;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return binary(B, Here, Depth);
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    auto Cond = truth(C->getCond(), Here, Depth + 1);
    if (!Cond)
      return std::nullopt;
    return number(*Cond ? C->getTrueExpr() : C->getFalseExpr(), Here,
                  Depth + 1);
  }
  if (const auto *C = dyn_cast<CallExpr>(E))
    return call(C, Here, Depth);
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
    return element(S, Here, Depth);
  return std::nullopt;
}

std::optional<HostNumber> HostEvaluator::element(const ArraySubscriptExpr *S,
                                                 const Stmt *Here,
                                                 unsigned Depth) {
  const auto *Ref = dyn_cast<DeclRefExpr>(S->getBase()->IgnoreParenImpCasts());
  const auto *Array = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Array || !Array->getType()->isConstantArrayType() || !Array->getInit())
    return std::nullopt;
  const auto *Elements = dyn_cast<InitListExpr>(Array->getInit());
  if (!Elements || Elements->getNumInits() == 0)
    return std::nullopt;
  // Constants: a const global, or a local array nothing writes.
  const FunctionBody *Body = Facts.body(Host);
  bool Local = Array->isLocalVarDecl() && !Array->isStaticLocal();
  if (Local ? !Body || !Body->DeclaredIn.count(Array) ||
                  !Body->Writes.sites(Array).empty()
            : !Array->getType().isConstQualified())
    return std::nullopt;
  std::optional<HostNumber> Index = number(S->getIdx(), Here, Depth + 1);
  size_t At;
  if (Index && !Index->IsFloat) {
    if (Index->Int < 0 || uint64_t(Index->Int) >= Elements->getNumInits())
      return std::nullopt;
    At = size_t(Index->Int);
  } else {
    auto Chosen = Facts.Chosen.find(Array);
    if (Chosen == Facts.Chosen.end()) {
      Facts.meet(Array, Elements->getNumInits());
      return std::nullopt;
    }
    At = Chosen->second;
  }
  return number(Elements->getInit(At), Here, Depth + 1);
}

std::optional<bool> HostEvaluator::truth(const Expr *E, const Stmt *Here,
                                         unsigned Depth) {
  auto V = number(E, Here, Depth);
  if (!V)
    return std::nullopt;
  return V->IsFloat ? V->Float != 0 : V->Int != 0;
}

std::optional<HostNumber>
HostEvaluator::cast(const CastExpr *C, const Stmt *Here, unsigned Depth) {
  QualType To = C->getType();
  auto V = number(C->getSubExpr(), Here, Depth + 1);
  if (!V)
    return std::nullopt;
  switch (C->getCastKind()) {
  case CK_LValueToRValue:
  case CK_NoOp:
    return V;
  case CK_IntegralCast:
  case CK_IntegralToBoolean:
    return V->IsFloat ? std::nullopt : fitInteger(V->Int, To);
  case CK_IntegralToFloating:
    // Beyond 2^53 the conversion through double would round twice.
    if (V->IsFloat || V->Int > (int64_t(1) << 53) ||
        V->Int < -(int64_t(1) << 53))
      return std::nullopt;
    return fitFloating(static_cast<double>(V->Int), To);
  case CK_FloatingToIntegral: {
    // Truncated toward zero; out of range it is undefined: not known.
    if (!V->IsFloat || !std::isfinite(V->Float))
      return std::nullopt;
    double Whole = std::trunc(V->Float);
    if (Whole >= 9.2233720368547758e18 || Whole < -9.2233720368547758e18)
      return std::nullopt;
    auto Fit = fitInteger(static_cast<int64_t>(Whole), To);
    if (!Fit || Fit->Int != static_cast<int64_t>(Whole))
      return std::nullopt;
    return Fit;
  }
  case CK_FloatingCast:
    return V->IsFloat ? fitFloating(V->Float, To) : std::nullopt;
  case CK_FloatingToBoolean:
    return V->IsFloat ? std::optional(HostNumber::integer(V->Float != 0))
                      : std::nullopt;
  default:
    return std::nullopt;
  }
}

std::optional<HostNumber> HostEvaluator::binary(const BinaryOperator *B,
                                                const Stmt *Here,
                                                unsigned Depth) {
  BinaryOperatorKind Op = B->getOpcode();
  QualType T = B->getType();
  if (Op == BO_LAnd || Op == BO_LOr) {
    auto L = truth(B->getLHS(), Here, Depth + 1);
    if (!L)
      return std::nullopt;
    if (*L == (Op == BO_LOr)) // decided by the left side alone
      return HostNumber::integer(*L);
    auto R = truth(B->getRHS(), Here, Depth + 1);
    return R ? std::optional(HostNumber::integer(*R)) : std::nullopt;
  }
  auto L = number(B->getLHS(), Here, Depth + 1);
  auto R = number(B->getRHS(), Here, Depth + 1);
  if (!L || !R)
    return std::nullopt;
  if (B->isComparisonOp() && !comparisonOf(Op))
    return std::nullopt; // <=>
  return arithmetic(Op, *L, *R, T);
}

std::optional<HostNumber> HostEvaluator::arithmetic(BinaryOperatorKind Op,
                                                    const HostNumber &LV,
                                                    const HostNumber &RV,
                                                    QualType T) const {
  const HostNumber *L = &LV, *R = &RV;
  if (std::optional<model::Cmp> Compare = comparisonOf(Op)) {
    // The operands have been converted to one type; compare as that. A NaN
    // is unordered: only != holds.
    if (L->IsFloat != R->IsFloat)
      return std::nullopt;
    if (L->IsFloat && (std::isnan(L->Float) || std::isnan(R->Float)))
      return HostNumber::integer(*Compare == model::Cmp::NE);
    int Order = 0;
    if (L->IsFloat)
      Order = L->Float < R->Float ? -1 : L->Float > R->Float ? 1 : 0;
    else
      Order = L->Int < R->Int ? -1 : L->Int > R->Int ? 1 : 0;
    return HostNumber::integer(model::holds(*Compare, Order));
  }
  if (T->isRealFloatingType()) {
    if (!L->IsFloat || !R->IsFloat)
      return std::nullopt;
    switch (Op) {
    case BO_Add:
      return fitFloating(L->Float + R->Float, T);
    case BO_Sub:
      return fitFloating(L->Float - R->Float, T);
    case BO_Mul:
      return fitFloating(L->Float * R->Float, T);
    case BO_Div:
      return fitFloating(L->Float / R->Float, T);
    default:
      return std::nullopt;
    }
  }
  if (L->IsFloat || R->IsFloat)
    return std::nullopt;
  int64_t A = L->Int, C = R->Int, Result = 0;
  switch (Op) {
  case BO_Add:
    if (__builtin_add_overflow(A, C, &Result))
      return std::nullopt;
    return fitInteger(Result, T);
  case BO_Sub:
    if (__builtin_sub_overflow(A, C, &Result))
      return std::nullopt;
    return fitInteger(Result, T);
  case BO_Mul:
    if (__builtin_mul_overflow(A, C, &Result))
      return std::nullopt;
    return fitInteger(Result, T);
  default:
    break;
  }
  std::optional<sym::OpKind> K = symbolicOp(Op);
  if (!K)
    return std::nullopt;
  std::optional<int64_t> Op64 = sym::applyOp(*K, A, C);
  if (!Op64)
    return std::nullopt;
  return fitInteger(*Op64, T);
}

/// ceil/floor (C and std::, float and double) and integer min/max, the
/// library calls launch shapes are written with.
std::optional<HostNumber>
HostEvaluator::call(const CallExpr *C, const Stmt *Here, unsigned Depth) {
  const FunctionDecl *F = C->getDirectCallee();
  if (!F || !F->getIdentifier())
    return std::nullopt;
  if (isStdForwarding(F) && C->getNumArgs() == 1)
    return number(C->getArg(0), Here, Depth + 1);
  if (auto V = run(C, Here, Depth))
    return V;
  const DeclContext *DC = F->getDeclContext()->getRedeclContext();
  while (DC->isInlineNamespace())
    DC = DC->getParent()->getRedeclContext();
  if (!DC->isTranslationUnit() && !DC->isStdNamespace())
    return std::nullopt; // someone's own function of that name
  StringRef Name = F->getName();
  Name.consume_front("__builtin_");
  QualType T = C->getType();
  if (C->getNumArgs() == 1 && T->isRealFloatingType()) {
    bool Ceil = Name == "ceil" || Name == "ceilf";
    if (!Ceil && Name != "floor" && Name != "floorf")
      return std::nullopt;
    auto V = number(C->getArg(0), Here, Depth + 1);
    if (!V || !V->IsFloat)
      return std::nullopt;
    return fitFloating(Ceil ? std::ceil(V->Float) : std::floor(V->Float), T);
  }
  if (C->getNumArgs() == 2 && T->isIntegralOrEnumerationType() &&
      (Name == "min" || Name == "max")) {
    auto L = number(C->getArg(0), Here, Depth + 1);
    auto R = number(C->getArg(1), Here, Depth + 1);
    if (!L || !R || L->IsFloat || R->IsFloat)
      return std::nullopt;
    return fitInteger(
        Name == "min" ? std::min(L->Int, R->Int) : std::max(L->Int, R->Int), T);
  }
  return std::nullopt;
}

std::optional<model::Dim3> HostEvaluator::dim3(const Expr *E, const Stmt *Here,
                                               unsigned Depth) {
  if (!E || Depth > limits::MaxHostExprDepth || E->isValueDependent() ||
      E->isTypeDependent() || E->containsErrors())
    return std::nullopt;
  E = skipRecordWrappers(E);
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && isStdForwarding(Call->getDirectCallee()) &&
      Call->getNumArgs() == 1)
    return dim3(Call->getArg(0), Here, Depth + 1);
  if (E->getType()->isIntegralOrEnumerationType()) {
    if (auto V = number(E, Here, Depth + 1); V && !V->IsFloat)
      return model::Dim3{V->Int, 1, 1};
    return std::nullopt;
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      return dim3Variable(V, Here, Depth);
    return std::nullopt;
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!Field || M->isArrow())
      return std::nullopt;
    return dim3Member(M->getBase(), Field, Here, Depth + 1);
  }
  std::vector<const Expr *> Parts;
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    if (C->getNumArgs() == 1 && C->getArg(0)->getType()->isRecordType())
      return dim3(C->getArg(0), Here, Depth + 1); // a copy, or from a uint3
    for (const Expr *A : C->arguments())
      Parts.push_back(A);
  } else if (const auto *L = dyn_cast<InitListExpr>(E)) {
    for (const Expr *A : L->inits())
      Parts.push_back(A);
  } else {
    return std::nullopt;
  }
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  int64_t V[3] = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I) {
    auto P = number(Parts[I], Here, Depth + 1);
    if (!P || P->IsFloat) {
      if (!UnknownExtentsAllowed)
        return std::nullopt;
      V[I] = 0;
      continue;
    }
    V[I] = P->Int;
  }
  return model::Dim3{V[0], V[1], V[2]};
}

bool HostEvaluator::holdsExtent(const Expr *Shape, unsigned Dim,
                                const Expr *Value) {
  auto [Extent, At] = extentExpr(Shape, Dim, Writes.at(), 0);
  return Extent && sameValue(Extent, At, Value, Writes.at(), 0);
}

std::pair<const Expr *, const Stmt *>
HostEvaluator::extentExpr(const Expr *E, unsigned Dim, const Stmt *Here,
                          unsigned Depth) {
  if (!E || Depth > limits::MaxHostExprDepth || E->isValueDependent() ||
      E->isTypeDependent() || E->containsErrors())
    return {};
  E = skipRecordWrappers(E);
  if (E->getType()->isIntegralOrEnumerationType())
    return Dim == 0 ? std::make_pair(E, Here)
                    : std::pair<const Expr *, const Stmt *>();
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    std::optional<Reaching> R = V ? Writes.reaching(V, Here) : std::nullopt;
    if (!R || R->Case)
      return {};
    for (auto W = R->Fields.rbegin(); W != R->Fields.rend(); ++W)
      if (W->Field == int(Dim))
        return {W->Value, W->At};
    return extentExpr(R->Whole, Dim, R->WholeAt, Depth + 1);
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    if (C->getNumArgs() == 1 && C->getArg(0)->getType()->isRecordType())
      return extentExpr(C->getArg(0), Dim, Here, Depth + 1);
    if (Dim < C->getNumArgs() && !isa<CXXDefaultArgExpr>(C->getArg(Dim)))
      return {C->getArg(Dim), Here};
    return {};
  }
  if (const auto *L = dyn_cast<InitListExpr>(E))
    if (Dim < L->getNumInits())
      return {L->getInit(Dim), Here};
  return {};
}

bool HostEvaluator::sameValue(const Expr *A, const Stmt *AtA, const Expr *B,
                              const Stmt *AtB, unsigned Depth) {
  if (!A || !B || Depth > limits::MaxHostExprDepth)
    return false;
  A = A->IgnoreParenCasts();
  B = B->IgnoreParenCasts();
  const auto *RefA = dyn_cast<DeclRefExpr>(A);
  const auto *RefB = dyn_cast<DeclRefExpr>(B);
  const auto *VarA = RefA ? dyn_cast<VarDecl>(RefA->getDecl()) : nullptr;
  const auto *VarB = RefB ? dyn_cast<VarDecl>(RefB->getDecl()) : nullptr;
  auto Settled = [&](const VarDecl *V, const Stmt *Here) {
    std::optional<Reaching> R = Writes.reaching(V, Here);
    return R && R->Fields.empty() && !R->Case ? R : std::nullopt;
  };
  if (VarA && VarA == VarB) {
    // One variable: the same value where the same write reaches both
    // (null: a parameter's value from the callers).
    std::optional<Reaching> WA = Settled(VarA, AtA), WB = Settled(VarA, AtB);
    return WA && WB && WA->Whole == WB->Whole;
  }
  // `int threads = ncols;`: a variable stands for what was written to it.
  if (VarA)
    if (std::optional<Reaching> W = Settled(VarA, AtA); W && W->Whole)
      return sameValue(W->Whole, W->WholeAt, B, AtB, Depth + 1);
  if (VarB)
    if (std::optional<Reaching> W = Settled(VarB, AtB); W && W->Whole)
      return sameValue(A, AtA, W->Whole, W->WholeAt, Depth + 1);
  // `this->K` in both: a member the host function does not write between.
  if (const auto *MemA = dyn_cast<MemberExpr>(A))
    if (const auto *MemB = dyn_cast<MemberExpr>(B)) {
      if (MemA->getMemberDecl() != MemB->getMemberDecl())
        return false;
      const Expr *BaseA = MemA->getBase()->IgnoreParenImpCasts();
      const Expr *BaseB = MemB->getBase()->IgnoreParenImpCasts();
      if (isa<CXXThisExpr>(BaseA) && isa<CXXThisExpr>(BaseB))
        return true;
      return sameValue(BaseA, AtA, BaseB, AtB, Depth + 1);
    }
  if (const auto *BinA = dyn_cast<BinaryOperator>(A))
    if (const auto *BinB = dyn_cast<BinaryOperator>(B))
      return BinA->getOpcode() == BinB->getOpcode() &&
             !BinA->isAssignmentOp() &&
             sameValue(BinA->getLHS(), AtA, BinB->getLHS(), AtB, Depth + 1) &&
             sameValue(BinA->getRHS(), AtA, BinB->getRHS(), AtB, Depth + 1);
  if (const auto *LitA = dyn_cast<IntegerLiteral>(A))
    if (const auto *LitB = dyn_cast<IntegerLiteral>(B))
      return LitA->getValue() == LitB->getValue();
  return false;
}

//===----------------------------------------------------------------------===//
// Variables
//===----------------------------------------------------------------------===//

std::optional<HostNumber>
HostEvaluator::variable(const VarDecl *V, const Stmt *Here, unsigned Depth) {
  if (!Frames.empty()) {
    auto Bound = Frames.back().Values.find(V);
    if (Bound != Frames.back().Values.end())
      return Bound->second;
    if (V->getDeclContext() == Frames.back().Function)
      return std::nullopt; // a local of the function run, not yet declared
  }
  auto R = Writes.reaching(V, Here);
  if (!R || !R->Fields.empty())
    return std::nullopt;
  if (R->Case)
    return fitInteger(*R->Case, V->getType());
  if (!R->Whole)
    return numberFromCallers(llvm::cast<ParmVarDecl>(V));
  return number(R->Whole, R->WholeAt, Depth + 1);
}

std::optional<model::Dim3> HostEvaluator::dim3Variable(const VarDecl *V,
                                                       const Stmt *Here,
                                                       unsigned Depth) {
  auto R = Writes.reaching(V, Here);
  if (!R || R->Case)
    return std::nullopt;
  std::optional<model::Dim3> D =
      R->Whole ? dim3(R->Whole, R->WholeAt, Depth + 1)
               : dim3FromCallers(llvm::cast<ParmVarDecl>(V));
  if (!D)
    return std::nullopt;
  int64_t *Fields[3] = {&D->X, &D->Y, &D->Z};
  for (const Reaching::FieldWrite &W : R->Fields) {
    assert(W.Field >= 0 && W.Field < 3 && "a dim3 field");
    auto N = number(W.Value, W.At, Depth + 1);
    if (!N || N->IsFloat) {
      if (!UnknownExtentsAllowed)
        return std::nullopt;
      *Fields[W.Field] = 0;
      continue;
    }
    *Fields[W.Field] = N->Int;
  }
  return D;
}

std::optional<model::Dim3> HostEvaluator::dim3Member(const Expr *Object,
                                                     const FieldDecl *Field,
                                                     const Stmt *Here,
                                                     unsigned Depth) {
  if (Depth > limits::MaxHostExprDepth || !isDim3Like(Field->getType()))
    return std::nullopt;
  Object = skipRecordWrappers(Object->IgnoreParens());
  if (const auto *D = dyn_cast<DeclRefExpr>(Object)) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (!V ||
        (!Frames.empty() && V->getDeclContext() == Frames.back().Function))
      return std::nullopt;
    auto R = Writes.reaching(V, Here);
    if (!R || R->Case || !R->Fields.empty())
      return std::nullopt;
    if (R->Whole)
      return dim3Member(R->Whole, Field, R->WholeAt, Depth + 1);
    // A parameter: the member of the object the callers pass. Not kept in
    // Facts.Shapes, which holds whole values.
    std::map<HostFacts::ParameterKey, std::optional<model::Dim3>> NotKept;
    return agreedArgument<model::Dim3>(
        llvm::cast<ParmVarDecl>(V), NotKept,
        [Field, Depth](HostEvaluator &Caller, const Expr *Arg) {
          return Caller.dim3Member(Arg, Field, Arg, Depth + 1);
        });
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(Object)) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    if (C->getNumArgs() == 1 && Ctor->isCopyOrMoveConstructor())
      return dim3Member(C->getArg(0), Field, Here, Depth + 1);
    for (const CXXCtorInitializer *Init : Ctor->inits()) {
      if (Init->getMember() != Field)
        continue;
      // `block_dims(block_dims_)`: the argument for that parameter.
      const Expr *Value = skipRecordWrappers(Init->getInit()->IgnoreParens());
      if (const auto *Copy = dyn_cast<CXXConstructExpr>(Value);
          Copy && Copy->getNumArgs() == 1)
        Value = skipRecordWrappers(Copy->getArg(0)->IgnoreParens());
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Value))
        if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl());
            P && P->getDeclContext() == Ctor &&
            P->getFunctionScopeIndex() < C->getNumArgs())
          return dim3(C->getArg(P->getFunctionScopeIndex()), Here, Depth + 1);
      return std::nullopt;
    }
    return std::nullopt;
  }
  if (const auto *L = dyn_cast<InitListExpr>(Object)) {
    unsigned Index = Field->getFieldIndex();
    if (L->getType()->isRecordType() && Index < L->getNumInits())
      return dim3(L->getInit(Index), Here, Depth + 1);
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Parameters: the value every call passes
//===----------------------------------------------------------------------===//

template <class T, class Memo, class Evaluate>
std::optional<T> HostEvaluator::agreedArgument(const ParmVarDecl *P,
                                               Memo &Known, Evaluate Eval) {
  unsigned Index = P->getFunctionScopeIndex();
  if (Via && P->getDeclContext() == Host) {
    HostEvaluator Caller(AST, Facts, Via->Caller, Via->Call, Hops + 1);
    if (Index >= Via->Call->getNumArgs())
      return std::nullopt;
    return Eval(Caller, Via->Call->getArg(Index));
  }
  auto Key =
      std::make_tuple(P, Hops, std::is_same_v<T, model::Dim3>, Facts.Chosen);
  auto It = Known.find(Key);
  if (It != Known.end())
    return It->second;
  // Calls of Host in other translation units are not seen: the value is the
  // one this translation unit's calls agree on, or, where they do not, the
  // one the call chosen passes (each call a launch of its own).
  const std::vector<CallSite> *Calls =
      Host ? Facts.calls().callsOf(Host) : nullptr;
  if (Hops >= limits::MaxCallHops || !Calls || Calls->empty())
    return std::nullopt;
  auto ValueAt = [&](const CallSite &Site) -> std::optional<T> {
    HostEvaluator Caller(AST, Facts, Site.Caller, Site.Call, Hops + 1);
    return Index < Site.Call->getNumArgs()
               ? Eval(Caller, Site.Call->getArg(Index))
               : std::nullopt;
  };
  unsigned UnmadeBefore = Facts.UnmadeChoices;
  std::optional<T> Agreed;
  auto Chosen = Facts.Chosen.find(Host);
  if (Chosen != Facts.Chosen.end() && Chosen->second < Calls->size()) {
    Agreed = ValueAt((*Calls)[Chosen->second]);
  } else {
    for (const CallSite &Site : *Calls) {
      std::optional<T> V = ValueAt(Site);
      if (!V || (Agreed && !(*V == *Agreed))) {
        Agreed.reset();
        if (Calls->size() > 1)
          Facts.meet(Host, Calls->size());
        break;
      }
      Agreed = V;
    }
  }
  // What depended on a choice not yet made is not kept.
  if (Facts.UnmadeChoices == UnmadeBefore)
    Known[Key] = Agreed;
  return Agreed;
}

void HostFacts::meet(const void *Of, size_t Options) {
  ++UnmadeChoices;
  if (llvm::none_of(Met, [&](const Choice &C) { return C.Of == Of; }))
    Met.push_back({Of, Options});
}

std::optional<HostNumber>
HostEvaluator::numberFromCallers(const ParmVarDecl *P) {
  return agreedArgument<HostNumber>(P, Facts.Numbers,
                                    [](HostEvaluator &Caller, const Expr *Arg) {
                                      return Caller.number(Arg);
                                    });
}

std::optional<model::Dim3>
HostEvaluator::dim3FromCallers(const ParmVarDecl *P) {
  return agreedArgument<model::Dim3>(
      P, Facts.Shapes,
      [](HostEvaluator &Caller, const Expr *Arg) { return Caller.dim3(Arg); });
}

} // namespace cudacoalesce
