//===- Frontend/ExprSemantics.cpp - Clang's operators, once ---------------===//
#include "ExprSemantics.h"

#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

#include <utility>

using namespace clang;

namespace cudacoalesce {

const Expr *transparentInner(const Expr *E) {
  if (const auto *P = dyn_cast<ParenExpr>(E))
    return P->getSubExpr();
  if (const auto *F = dyn_cast<FullExpr>(E))
    return F->getSubExpr();
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return M->getSubExpr();
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return B->getSubExpr();
  // `size_t row{blockIdx.x * 32 + threadIdx.x}`: a scalar's braces hold its
  // value.
  if (const auto *L = dyn_cast<InitListExpr>(E))
    if (L->getNumInits() == 1 && L->getType()->isScalarType())
      return L->getInit(0);
  return nullptr;
}

bool hasLayout(QualType T) {
  if (T.isNull() || T->containsErrors() || T->isIncompleteType() ||
      T->isDependentType() || T->isVoidType() || T->isFunctionType())
    return false;
  if (const auto *R = T->getAsRecordDecl())
    return !R->isInvalidDecl();
  return true;
}

std::optional<sym::OpKind> symbolicOp(BinaryOperatorKind Op) {
  using sym::OpKind;
  if (BinaryOperator::isCompoundAssignmentOp(Op))
    Op = BinaryOperator::getOpForCompoundAssignment(Op);
  static const std::pair<BinaryOperatorKind, OpKind> Ops[] = {
      {BO_Div, OpKind::Div}, {BO_Rem, OpKind::Rem}, {BO_Shl, OpKind::Shl},
      {BO_Shr, OpKind::Shr}, {BO_And, OpKind::And}, {BO_Or, OpKind::Or},
      {BO_Xor, OpKind::Xor}};
  for (const auto &[Clang, Ours] : Ops)
    if (Clang == Op)
      return Ours;
  return std::nullopt;
}

/// The names of the namespaces \p F is declared in, outermost first,
/// without the inline (versioned) ones; none where a class or a function
/// encloses it.
static llvm::SmallVector<StringRef, 4> namespacePath(const FunctionDecl *F) {
  llvm::SmallVector<StringRef, 4> Path;
  for (const DeclContext *DC = F->getDeclContext()->getRedeclContext();
       !DC->isTranslationUnit(); DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS)
      continue;
    if (!NS->isInline())
      Path.push_back(NS->getName());
  }
  std::reverse(Path.begin(), Path.end());
  return Path;
}

/// Whether \p F is declared in `std` or libcu++'s `cuda::std`.
static bool inStandardLibrary(const FunctionDecl *F) {
  if (F->isInStdNamespace())
    return true;
  llvm::SmallVector<StringRef, 4> Path = namespacePath(F);
  return Path.size() >= 2 && Path[0] == "cuda" && Path[1] == "std";
}

bool isWalkedLibraryCode(const FunctionDecl *F) {
  llvm::SmallVector<StringRef, 4> Path = namespacePath(F);
  return (!Path.empty() && Path[0] == "cub") ||
         (Path.size() >= 2 && Path[0] == "cuda" && Path[1] == "ptx");
}

bool isStdForwarding(const FunctionDecl *F) {
  if (!F || !F->getIdentifier() || !inStandardLibrary(F))
    return false;
  StringRef Name = F->getName();
  return Name == "forward" || Name == "move";
}

const FunctionDecl *namedFunction(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    E = U->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<FunctionDecl>(D->getDecl());
  return nullptr;
}

std::optional<model::Cmp> comparisonOf(BinaryOperatorKind Op) {
  using model::Cmp;
  static const std::pair<BinaryOperatorKind, Cmp> Comparisons[] = {
      {BO_LT, Cmp::LT}, {BO_LE, Cmp::LE}, {BO_GT, Cmp::GT},
      {BO_GE, Cmp::GE}, {BO_EQ, Cmp::EQ}, {BO_NE, Cmp::NE}};
  for (const auto &[Clang, Ours] : Comparisons)
    if (Clang == Op)
      return Ours;
  return std::nullopt;
}

std::optional<int64_t> asInt64(const llvm::APSInt &I) {
  if (!I.isRepresentableByInt64())
    return std::nullopt;
  return I.getExtValue();
}

} // namespace cudacoalesce
