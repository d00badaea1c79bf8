//===- Frontend/LaunchSites.cpp - <<<grid, block>>> launches --------------===//
#include "LaunchSites.h"
#include "EnclosingFunction.h"
#include "SourceText.h"
#include "VariableWrites.h"

#include "cuda-coalesce/Symbolic/Expr.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>

using namespace clang;

namespace cudacoalesce {

namespace {

constexpr unsigned MaxDepth = 24; // expression nesting within one function
constexpr unsigned MaxHops = 4;   // calls followed back for a parameter

bool isBuiltin(QualType T, BuiltinType::Kind K) {
  const auto *B = T->getAs<BuiltinType>();
  return B && B->getKind() == K;
}

bool isLoop(const Stmt *S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

/// `x`, `y`, `z`: 0..2, else -1.
int fieldIndex(StringRef Name) {
  return llvm::StringSwitch<int>(Name)
      .Case("x", 0)
      .Case("y", 1)
      .Case("z", 2)
      .Default(-1);
}

/// dim3 (and uint3, which it converts from): three unsigned fields x, y, z.
bool isDim3Like(QualType T) {
  const auto *R = T->getAsCXXRecordDecl();
  return R && R->getIdentifier() &&
         (R->getName() == "dim3" || R->getName() == "uint3");
}

/// Wrappers around a record value that do not change it.
const Expr *skipRecordWrappers(const Expr *E) {
  while (true) {
    const Expr *Next = E->IgnoreParens();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = B->getSubExpr();
    else if (const auto *F = dyn_cast<FullExpr>(Next))
      Next = F->getSubExpr();
    else if (const auto *C = dyn_cast<CastExpr>(Next);
             C && C->getType()->isRecordType() &&
             (C->getCastKind() == CK_NoOp ||
              C->getCastKind() == CK_ConstructorConversion ||
              C->getCastKind() == CK_UserDefinedConversion))
      Next = C->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
}

/// The statement cannot complete normally: the next one is reached only
/// through its own label.
bool endsInJump(const Stmt *S) {
  while (true) {
    if (const auto *C = dyn_cast<SwitchCase>(S))
      S = C->getSubStmt();
    else if (const auto *L = dyn_cast<LabelStmt>(S))
      S = L->getSubStmt();
    else if (const auto *B = dyn_cast<CompoundStmt>(S)) {
      if (B->body_empty())
        return false;
      S = B->body_back();
    } else
      return isa<BreakStmt, ReturnStmt, ContinueStmt>(S);
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// What is known of a function body and of a translation unit
//===----------------------------------------------------------------------===//

/// The shape of one function body, built once: the parent of each statement,
/// where each local is declared and written, and which statements hold a
/// case label of a switch around them (a way into the middle of a block).
struct FunctionFacts {
  explicit FunctionFacts(const Stmt *Body) : Body(Body) {
    index(Body);
    Writes.add(Body);
  }

  /// \p S and the statements around it, innermost first, up to the body;
  /// empty when \p S is not in the body.
  std::vector<const Stmt *> chain(const Stmt *S) const {
    std::vector<const Stmt *> Chain;
    for (; S; S = Parent.lookup(S))
      Chain.push_back(S);
    if (Chain.empty() || Chain.back() != Body)
      Chain.clear();
    return Chain;
  }

  const Stmt *Body;
  llvm::DenseMap<const Stmt *, const Stmt *> Parent;
  llvm::DenseMap<const VarDecl *, const DeclStmt *> DeclaredIn;
  llvm::DenseSet<const Stmt *> OpenCase;
  VariableWrites Writes{VariableWrites::WholeObject};
  bool HasGoto = false;

private:
  /// Returns whether \p S holds a case label of a switch outside it.
  bool index(const Stmt *S) {
    bool Open = isa<SwitchCase>(S);
    HasGoto |= isa<GotoStmt, IndirectGotoStmt>(S);
    if (const auto *D = dyn_cast<DeclStmt>(S))
      for (const Decl *X : D->decls())
        if (const auto *V = dyn_cast<VarDecl>(X))
          DeclaredIn.try_emplace(V, D);
    for (const Stmt *C : S->children())
      if (C && Parent.try_emplace(C, S).second) // shared nodes: first place
        Open |= index(C);
    if (isa<SwitchStmt>(S))
      Open = false; // its labels are its own
    if (Open)
      OpenCase.insert(S);
    return Open;
  }
};

/// A call of a function and the function the call is written in.
struct CallSite {
  const CallExpr *Call;
  const FunctionDecl *Caller;
};

/// Every call of every function in a translation unit, and the functions
/// that may be called some other way (their address taken, called from a
/// global initialiser): one walk of the translation unit, on first need.
class CallIndex : public EnclosingFunctionVisitor<CallIndex> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (!Callee)
      return true;
    CalleeNames.insert(C->getCallee()->IgnoreParenImpCasts());
    // A call in a template's pattern is seen again in each instantiation.
    if (Enclosing && Enclosing->isDependentContext())
      return true;
    if (Enclosing)
      Calls[Callee->getCanonicalDecl()].push_back({C, Enclosing});
    else
      Escaped.insert(Callee->getCanonicalDecl());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    // Named other than as the callee of a call (a pointer to it, a
    // cudaLaunchKernel argument): it may be called with anything.
    if (const auto *F = dyn_cast<FunctionDecl>(D->getDecl()))
      if (!CalleeNames.count(D))
        Escaped.insert(F->getCanonicalDecl());
    return true;
  }

  llvm::DenseSet<const Expr *> CalleeNames;
  llvm::DenseMap<const FunctionDecl *, std::vector<CallSite>> Calls;
  llvm::DenseSet<const FunctionDecl *> Escaped;
};

/// Facts shared by the evaluation of all launches of a translation unit.
class TranslationUnitFacts {
public:
  explicit TranslationUnitFacts(ASTContext &AST) : AST(AST) {}

  /// One per ASTContext, dropped when the context is destroyed (its
  /// declarations, the keys here, go with it).
  static TranslationUnitFacts &of(ASTContext &AST) {
    static std::mutex Lock;
    static std::map<const ASTContext *, std::unique_ptr<TranslationUnitFacts>>
        All;
    std::lock_guard<std::mutex> Guard(Lock);
    std::unique_ptr<TranslationUnitFacts> &Slot = All[&AST];
    if (!Slot) {
      Slot = std::make_unique<TranslationUnitFacts>(AST);
      AST.AddDeallocation(
          [](void *Context) {
            std::lock_guard<std::mutex> Guard(Lock);
            All.erase(static_cast<const ASTContext *>(Context));
          },
          &AST);
    }
    return *Slot;
  }

  const FunctionFacts *function(const FunctionDecl *F) {
    if (!F || !F->getBody())
      return nullptr;
    std::unique_ptr<FunctionFacts> &Slot = Functions[F];
    if (!Slot)
      Slot = std::make_unique<FunctionFacts>(F->getBody());
    return Slot.get();
  }

  /// The calls of \p F, or null when some call may not be among them.
  const std::vector<CallSite> *callsOf(const FunctionDecl *F) {
    if (!Index) {
      Index = std::make_unique<CallIndex>();
      Index->TraverseDecl(AST.getTranslationUnitDecl());
    }
    F = F->getCanonicalDecl();
    // Virtual methods are called through their base's declaration, and
    // operators and constructors not with plain argument lists.
    const auto *M = dyn_cast<CXXMethodDecl>(F);
    if (F->isMain() || Index->Escaped.count(F) || F->isOverloadedOperator() ||
        isa<CXXConstructorDecl>(F) ||
        (M && (M->isVirtual() || M->isExplicitObjectMemberFunction())))
      return nullptr;
    auto It = Index->Calls.find(F);
    return It == Index->Calls.end() ? nullptr : &It->second;
  }

  using ParameterKey = std::tuple<const ParmVarDecl *, unsigned, bool>;
  std::map<ParameterKey, std::optional<HostNumber>> Numbers;
  std::map<ParameterKey, std::optional<model::Dim3>> Shapes;

private:
  ASTContext &AST;
  std::map<const FunctionDecl *, std::unique_ptr<FunctionFacts>> Functions;
  std::unique_ptr<CallIndex> Index;
};

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

HostEvaluator::HostEvaluator(ASTContext &AST, const FunctionDecl *Host,
                             const Stmt *At, unsigned Hops)
    : AST(AST), TU(TranslationUnitFacts::of(AST)), Host(Host),
      Body(TU.function(Host)), At(At), Hops(Hops) {}

std::optional<int64_t> HostEvaluator::integer(const Expr *E) {
  auto V = number(E);
  if (!V || V->IsFloat)
    return std::nullopt;
  return V->Int;
}

std::optional<HostNumber> HostEvaluator::number(const Expr *E) {
  return number(E, At, 0);
}

std::optional<model::Dim3> HostEvaluator::dim3(const Expr *E) {
  return dim3(E, At, 0);
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
  if (!E || Depth > MaxDepth || E->isValueDependent() || E->isTypeDependent() ||
      E->containsErrors())
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
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return number(M->getSubExpr(), Here, Depth + 1);
  if (const auto *F = dyn_cast<FullExpr>(E))
    return number(F->getSubExpr(), Here, Depth + 1);
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
    return number(D->getExpr(), Here, Depth + 1);
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      return variable(V, Here, Depth);
    return std::nullopt;
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    // `block.x` of a dim3 whose value is known.
    int Field = fieldIndex(M->getMemberDecl()->getName());
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
  return std::nullopt;
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
  if (B->isComparisonOp()) {
    // The operands have been converted to one type; compare as that. A NaN
    // is unordered: only != holds.
    if (L->IsFloat != R->IsFloat)
      return std::nullopt;
    bool Unordered =
        L->IsFloat && (std::isnan(L->Float) || std::isnan(R->Float));
    int Order = 0;
    if (L->IsFloat)
      Order = L->Float < R->Float ? -1 : L->Float > R->Float ? 1 : 0;
    else
      Order = L->Int < R->Int ? -1 : L->Int > R->Int ? 1 : 0;
    switch (Op) {
    case BO_LT:
      return HostNumber::integer(!Unordered && Order < 0);
    case BO_GT:
      return HostNumber::integer(!Unordered && Order > 0);
    case BO_LE:
      return HostNumber::integer(!Unordered && Order <= 0);
    case BO_GE:
      return HostNumber::integer(!Unordered && Order >= 0);
    case BO_EQ:
      return HostNumber::integer(!Unordered && Order == 0);
    case BO_NE:
      return HostNumber::integer(Unordered || Order != 0);
    default:
      return std::nullopt;
    }
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
  std::optional<int64_t> Op64;
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
  case BO_Div:
    Op64 = sym::applyOp(sym::OpKind::Div, A, C);
    break;
  case BO_Rem:
    Op64 = sym::applyOp(sym::OpKind::Rem, A, C);
    break;
  case BO_Shl:
    Op64 = sym::applyOp(sym::OpKind::Shl, A, C);
    break;
  case BO_Shr:
    Op64 = sym::applyOp(sym::OpKind::Shr, A, C);
    break;
  case BO_And:
    Op64 = A & C;
    break;
  case BO_Or:
    Op64 = A | C;
    break;
  case BO_Xor:
    Op64 = A ^ C;
    break;
  default:
    return std::nullopt;
  }
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
  if (!E || Depth > MaxDepth || E->isValueDependent() || E->isTypeDependent() ||
      E->containsErrors())
    return std::nullopt;
  E = skipRecordWrappers(E);
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
    if (!P || P->IsFloat)
      return std::nullopt;
    V[I] = P->Int;
  }
  return model::Dim3{V[0], V[1], V[2]};
}

//===----------------------------------------------------------------------===//
// Variables
//===----------------------------------------------------------------------===//

/// Where a variable's value at a point comes from: its last whole value
/// (initialiser or assignment, or the callers' argument when a parameter
/// has none), then the field assignments made after it, in order; or the
/// `case` of a switch on it that the point is in.
struct HostEvaluator::Reaching {
  const Expr *Whole = nullptr; // null: a parameter's value from the callers
  const Stmt *WholeAt = nullptr;
  struct FieldWrite {
    int Field;
    const Expr *Value;
    const Stmt *At;
  };
  std::vector<FieldWrite> Fields;
  std::optional<int64_t> Case;
};

std::optional<HostNumber>
HostEvaluator::variable(const VarDecl *V, const Stmt *Here, unsigned Depth) {
  auto R = reaching(V, Here);
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
  auto R = reaching(V, Here);
  if (!R || R->Case)
    return std::nullopt;
  std::optional<model::Dim3> D =
      R->Whole ? dim3(R->Whole, R->WholeAt, Depth + 1)
               : dim3FromCallers(llvm::cast<ParmVarDecl>(V));
  if (!D)
    return std::nullopt;
  int64_t *Fields[3] = {&D->X, &D->Y, &D->Z};
  for (const Reaching::FieldWrite &W : R->Fields) {
    auto N = number(W.Value, W.At, Depth + 1);
    if (!N || N->IsFloat)
      return std::nullopt;
    *Fields[W.Field] = N->Int;
  }
  return D;
}

std::optional<HostEvaluator::Reaching>
HostEvaluator::reaching(const VarDecl *V, const Stmt *Here) {
  QualType T = V->getType();
  if (T.isVolatileQualified() || T->isReferenceType())
    return std::nullopt;
  const auto *Param = dyn_cast<ParmVarDecl>(V);
  if (!Param && !V->isLocalVarDecl()) {
    // A global: only a constant one, as any function may change the others.
    if (!T.isConstQualified() || !V->getInit())
      return std::nullopt;
    return Reaching{V->getInit(), nullptr, {}, std::nullopt};
  }
  // Only this function's own variables (not a lambda's parameters); a
  // static local keeps what earlier calls left in it.
  if (!Body || V->isStaticLocal() ||
      (Param ? Param->getDeclContext() != Host : !Body->DeclaredIn.count(V)))
    return std::nullopt;
  if (!Body->Writes.sites(V).empty())
    return lastWrites(V, Here);
  // Never changed: it has one value all its life, the one any `case` it is
  // switched on says it has, wherever the switch is.
  if (auto N = caseValue(V))
    return Reaching{nullptr, nullptr, {}, N};
  if (Param)
    return Reaching{};
  if (!V->getInit())
    return std::nullopt;
  return Reaching{V->getInit(), Body->DeclaredIn.lookup(V), {}, std::nullopt};
}

namespace {

/// `v.x = e;` or a chain `a.y = b.z = v.z = e;` as a statement of its own,
/// every target a dim3 field (all unsigned, so each stores e's value): when
/// \p Site is the write to a field of \p V in it, that field and e.
std::optional<std::pair<int, const Expr *>>
chainedFieldAssignment(const Stmt *S, const Stmt *Site, const VarDecl *V) {
  std::optional<int> SiteField;
  const auto *E = dyn_cast<Expr>(S);
  while (E) {
    const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (!B || B->getOpcode() != BO_Assign)
      break;
    const auto *M = dyn_cast<MemberExpr>(B->getLHS()->IgnoreParenImpCasts());
    if (!M || M->isArrow() || !isDim3Like(M->getBase()->getType()))
      return std::nullopt;
    int Field = fieldIndex(M->getMemberDecl()->getName());
    if (Field < 0)
      return std::nullopt;
    if (B == Site && VariableWrites::directTarget(M->getBase()) == V)
      SiteField = Field;
    E = B->getRHS();
  }
  if (!SiteField || !E)
    return std::nullopt; // the write is part of some other statement
  return std::pair(*SiteField, E);
}

/// `v = e;`, `v.x = e;` (dim3 fields) as a statement of its own: the field
/// (-1 for the whole variable) and the value; else nothing.
std::optional<std::pair<int, const Expr *>>
plainAssignment(const Stmt *S, const Stmt *Site, const VarDecl *V) {
  if (const auto *F = dyn_cast<FullExpr>(S))
    S = F->getSubExpr();
  if (auto Chained = chainedFieldAssignment(S, Site, V))
    return Chained;
  if (S != Site)
    return std::nullopt; // the write is part of a larger statement
  if (const auto *B = dyn_cast<BinaryOperator>(S)) {
    if (B->getOpcode() != BO_Assign)
      return std::nullopt;
    if (VariableWrites::directTarget(B->getLHS()) == V)
      return std::pair(-1, B->getRHS());
    const auto *M = dyn_cast<MemberExpr>(B->getLHS()->IgnoreParenImpCasts());
    if (M && !M->isArrow() && VariableWrites::directTarget(M->getBase()) == V &&
        isDim3Like(M->getBase()->getType()))
      if (int Field = fieldIndex(M->getMemberDecl()->getName()); Field >= 0)
        return std::pair(Field, B->getRHS());
    return std::nullopt;
  }
  if (const auto *C = dyn_cast<CXXOperatorCallExpr>(S))
    if (C->getOperator() == OO_Equal && C->getNumArgs() == 2 &&
        VariableWrites::directTarget(C->getArg(0)) == V)
      return std::pair(-1, C->getArg(1));
  return std::nullopt;
}

size_t indexIn(const CompoundStmt *Block, const Stmt *Child) {
  return std::find(Block->body_begin(), Block->body_end(), Child) -
         Block->body_begin();
}

} // namespace

/// A variable that is written somewhere in the function: its value at
/// \p Here comes from the writes that surely run before it, when no other
/// write may run in between. A write counts only as a statement of its own
/// (`v = e;`, `v.x = e;`) in a block around Here, before it, with no case
/// label in between (a jump to it would skip the write). Any other write
/// leaves V unknown, unless it comes later in the text and no loop around
/// both (inside V's scope) can bring control back to Here after it. A write
/// under an if, in a called function through a pointer or reference, or in
/// a lambda may or may not have run: unknown.
std::optional<HostEvaluator::Reaching>
HostEvaluator::lastWrites(const VarDecl *V, const Stmt *Here) {
  if (!Here || Body->HasGoto) // a goto may enter a block in the middle
    return std::nullopt;
  std::vector<const Stmt *> Chain = Body->chain(Here);
  if (Chain.empty())
    return std::nullopt;
  llvm::DenseMap<const Stmt *, unsigned> Position;
  for (unsigned I = 0; I < Chain.size(); ++I)
    Position[Chain[I]] = I;
  // V's scope: the statement its declaration is in (a for loop declaring it
  // keeps it across iterations); a parameter's is the whole body. A lambda
  // between Here and the scope may run at any later time.
  unsigned Scope = Chain.size() - 1;
  if (!isa<ParmVarDecl>(V)) {
    auto It = Position.find(Body->Parent.lookup(Body->DeclaredIn.lookup(V)));
    if (It == Position.end())
      return std::nullopt;
    Scope = It->second;
  }
  for (unsigned I = 1; I <= Scope; ++I)
    if (isa<LambdaExpr>(Chain[I]))
      return std::nullopt;
  auto LoopAround = [&](unsigned From) {
    for (unsigned I = From; I <= Scope; ++I)
      if (isLoop(Chain[I]))
        return true;
    return false;
  };

  struct Before {
    unsigned Outer; // position of its block in the chain
    size_t Index;   // its place in that block
    int Field;
    const Expr *Value;
    const Stmt *At;
  };
  std::vector<Before> Writes;
  for (const Stmt *Site : Body->Writes.sites(V)) {
    // Up from the write to the first statement around Here.
    const Stmt *Below = Site, *Up = Body->Parent.lookup(Site);
    while (Up && !Position.count(Up)) {
      Below = Up;
      Up = Body->Parent.lookup(Up);
    }
    if (!Up || (Below == Site && Position.count(Site)))
      return std::nullopt; // no place, or Here is inside the write
    unsigned M = Position[Up];
    const auto *Block = dyn_cast<CompoundStmt>(Up);
    if (!Block || M == 0)
      return std::nullopt; // e.g. in the condition of an if around Here
    size_t WriteIndex = indexIn(Block, Below);
    size_t HereIndex = indexIn(Block, Chain[M - 1]);
    if (WriteIndex > HereIndex) {
      // Later in the text: before Here only through a loop around both.
      if (LoopAround(M))
        return std::nullopt;
      continue;
    }
    auto Plain = plainAssignment(Below, Site, V);
    if (!Plain)
      return std::nullopt;
    for (size_t K = WriteIndex + 1; K <= HereIndex; ++K)
      if (Body->OpenCase.count(Block->body_begin()[K]))
        return std::nullopt;
    Writes.push_back({M, WriteIndex, Plain->first, Plain->second, Below});
  }
  // In the order they run: outer blocks' writes come before the block
  // holding Here is entered.
  std::sort(Writes.begin(), Writes.end(), [](const Before &A, const Before &B) {
    return A.Outer != B.Outer ? A.Outer > B.Outer : A.Index < B.Index;
  });
  Reaching R;
  size_t First = 0;
  for (size_t I = Writes.size(); I-- > 0;)
    if (Writes[I].Field < 0) {
      R.Whole = Writes[I].Value;
      R.WholeAt = Writes[I].At;
      First = I + 1;
      break;
    }
  if (!R.Whole && !isa<ParmVarDecl>(V)) {
    if (!V->getInit())
      return std::nullopt;
    R.Whole = V->getInit();
    R.WholeAt = Body->DeclaredIn.lookup(V);
  }
  for (size_t I = First; I < Writes.size(); ++I)
    R.Fields.push_back({Writes[I].Field, Writes[I].Value, Writes[I].At});
  return R;
}

/// The value \p V has at the evaluation point, from the `case N:` of a
/// `switch (V)` around it; V is never written.
std::optional<int64_t> HostEvaluator::caseValue(const VarDecl *V) {
  if (!Body || Body->HasGoto || !V->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  std::vector<const Stmt *> Chain = Body->chain(At);
  for (size_t K = 2; K < Chain.size(); ++K) {
    const auto *S = dyn_cast<SwitchStmt>(Chain[K]);
    if (S && Chain[K - 1] == S->getBody() &&
        VariableWrites::directTarget(S->getCond()) == V)
      return caseEntered(S, Chain[K - 2]);
  }
  return std::nullopt;
}

/// The value of the one `case` label through which control reaches \p Path
/// (a statement of the switch's body block): none when it may also arrive
/// by falling through from the statement above the label, or by another
/// label in between.
std::optional<int64_t> HostEvaluator::caseEntered(const SwitchStmt *S,
                                                  const Stmt *Path) {
  const auto *Block = dyn_cast<CompoundStmt>(S->getBody());
  if (!Block)
    return std::nullopt;
  size_t Here = indexIn(Block, Path);
  if (Here >= Block->size())
    return std::nullopt;
  size_t Label = Here;
  while (Label < Block->size() && !isa<SwitchCase>(Block->body_begin()[Label]))
    Label = Label == 0 ? Block->size() : Label - 1;
  if (Label >= Block->size())
    return std::nullopt; // before the first label: never run
  for (size_t K = Label + 1; K <= Here; ++K)
    if (Body->OpenCase.count(Block->body_begin()[K]))
      return std::nullopt;
  const auto *Case = dyn_cast<CaseStmt>(Block->body_begin()[Label]);
  if (!Case || Case->caseStmtIsGNURange() ||
      Body->OpenCase.count(Case->getSubStmt())) // `case 1: case 2:`
    return std::nullopt;
  if (Label > 0 && !endsInJump(Block->body_begin()[Label - 1]))
    return std::nullopt; // falls through into the label
  Expr::EvalResult R;
  if (!Case->getLHS()->EvaluateAsInt(R, AST) ||
      R.Val.getInt().getSignificantBits() > 64)
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

//===----------------------------------------------------------------------===//
// Parameters: the value every call passes
//===----------------------------------------------------------------------===//

namespace {

/// Evaluates \p Eval on the argument each call of \p Host passes for \p P,
/// in the caller at the call; the result when all agree.
template <class T, class Evaluate>
std::optional<T> agreedArgument(TranslationUnitFacts &TU, ASTContext &AST,
                                const FunctionDecl *Host, const ParmVarDecl *P,
                                unsigned Hops, Evaluate Eval) {
  // Calls of Host in other translation units are not seen: the value is the
  // one this translation unit's calls agree on.
  const std::vector<CallSite> *Calls = Host ? TU.callsOf(Host) : nullptr;
  if (Hops >= MaxHops || !Calls || Calls->empty())
    return std::nullopt;
  unsigned Index = P->getFunctionScopeIndex();
  std::optional<T> Agreed;
  for (const CallSite &Site : *Calls) {
    if (Index >= Site.Call->getNumArgs())
      return std::nullopt;
    HostEvaluator Caller(AST, Site.Caller, Site.Call, Hops + 1);
    std::optional<T> V = Eval(Caller, Site.Call->getArg(Index));
    if (!V || (Agreed && !(*V == *Agreed)))
      return std::nullopt;
    Agreed = V;
  }
  return Agreed;
}

} // namespace

std::optional<HostNumber>
HostEvaluator::numberFromCallers(const ParmVarDecl *P) {
  auto Key = std::make_tuple(P, Hops, false);
  auto It = TU.Numbers.find(Key);
  if (It != TU.Numbers.end())
    return It->second;
  auto V = agreedArgument<HostNumber>(
      TU, AST, Host, P, Hops, [](HostEvaluator &Caller, const Expr *Arg) {
        return Caller.number(Arg);
      });
  TU.Numbers[Key] = V;
  return V;
}

std::optional<model::Dim3>
HostEvaluator::dim3FromCallers(const ParmVarDecl *P) {
  auto Key = std::make_tuple(P, Hops, true);
  auto It = TU.Shapes.find(Key);
  if (It != TU.Shapes.end())
    return It->second;
  auto V = agreedArgument<model::Dim3>(
      TU, AST, Host, P, Hops,
      [](HostEvaluator &Caller, const Expr *Arg) { return Caller.dim3(Arg); });
  TU.Shapes[Key] = V;
  return V;
}

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

namespace {

/// The grid and block arguments of a launch's configuration call: the first
/// two dim3 parameters (host: `__cudaPushCallConfiguration(grid, block,
/// ...)`; device: `cudaLaunchDevice(func, buffer, grid, block, ...)`).
std::pair<const Expr *, const Expr *> shapeArguments(const CallExpr *Config) {
  std::vector<const Expr *> Shapes;
  if (Config)
    for (const Expr *A : Config->arguments())
      if (A->getType()->isRecordType() && Shapes.size() < 2)
        Shapes.push_back(A);
  if (Shapes.size() < 2)
    return {nullptr, nullptr};
  return {Shapes[0], Shapes[1]};
}

/// A shape CUDA can launch; any other launch fails and runs nothing, and a
/// zero or wrapped-around dimension is a sign of a wrong evaluation.
std::optional<model::Dim3> launchable(std::optional<model::Dim3> D,
                                      const model::Dim3 &Most) {
  if (!D || D->X < 1 || D->Y < 1 || D->Z < 1 || D->X > Most.X ||
      D->Y > Most.Y || D->Z > Most.Z)
    return std::nullopt;
  return D;
}

} // namespace

LaunchSite evaluateLaunch(ASTContext &AST, const CUDAKernelCallExpr *Call,
                          const FunctionDecl *Host) {
  LaunchSite L;
  L.Where = sourcePoint(Call->getBeginLoc(), AST.getSourceManager());
  HostEvaluator Eval(AST, Host, Call);
  auto [Grid, Block] = shapeArguments(Call->getConfig());
  if (Grid && Block) {
    L.Grid = launchable(Eval.dim3(Grid), {2147483647, 65535, 65535});
    L.Block = launchable(Eval.dim3(Block), {1024, 1024, 64});
    if (L.Block && L.Block->volume() > 1024)
      L.Block.reset();
  }
  const FunctionDecl *Kernel = Call->getDirectCallee();
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    if (Kernel && I < Kernel->getNumParams() &&
        !Kernel->getParamDecl(I)->getType()->isIntegralOrEnumerationType())
      continue;
    if (auto V = Eval.integer(Call->getArg(I)))
      L.Arguments[I] = *V;
  }
  return L;
}

} // namespace cudacoalesce
