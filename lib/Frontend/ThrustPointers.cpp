//===- Frontend/ThrustPointers.cpp - thrust's device_ptr as a pointer -----===//
#include "ThrustPointers.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cudacoalesce {

namespace {

/// Whether \p D is declared in namespace thrust, through inline namespaces
/// (CCCL's ABI namespace); thrust itself may be in a wrapper namespace
/// (THRUST_WRAPPED_NAMESPACE).
bool inThrust(const Decl *D) {
  const DeclContext *DC = D->getDeclContext();
  while (DC && DC->isInlineNamespace())
    DC = DC->getParent();
  const auto *NS = dyn_cast_or_null<NamespaceDecl>(DC);
  return NS && NS->getIdentifier() && NS->getName() == "thrust";
}

/// The specialisation of thrust's class template \p Name that \p T is.
const ClassTemplateSpecializationDecl *thrustClass(QualType T, StringRef Name) {
  if (T.isNull())
    return nullptr;
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !Spec->getIdentifier() || Spec->getName() != Name ||
      Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type ||
      !inThrust(Spec))
    return nullptr;
  return Spec;
}

bool isPointerOperand(const Expr *E) {
  return isThrustDevicePtr(thrustOperand(E)->getType());
}

bool isReferenceOperand(const Expr *E) {
  return isThrustDeviceReference(thrustOperand(E)->getType());
}

/// An operator on a device_ptr: arithmetic, indexing, assignment.
ThrustOperation pointerOperator(const CXXOperatorCallExpr *C) {
  ThrustOperation Op;
  OverloadedOperatorKind Kind = C->getOperator();
  unsigned N = C->getNumArgs();
  const Expr *First = C->getArg(0);
  const Expr *Second = N > 1 ? C->getArg(1) : nullptr;
  bool FirstPointer = isPointerOperand(First);
  bool SecondPointer = Second && isPointerOperand(Second);
  if (!FirstPointer && !SecondPointer)
    return Op;
  auto Set = [&](ThrustOperation::Kind K, const Expr *Pointer,
                 const Expr *Count, int Sign = 1) {
    Op.K = K;
    Op.Pointer = Pointer;
    Op.Count = Count;
    Op.Sign = Sign;
    return Op;
  };
  switch (Kind) {
  case OO_Subscript:
    return N == 2 && FirstPointer ? Set(ThrustOperation::Element, First, Second)
                                  : Op;
  case OO_Star:
    return N == 1 ? Set(ThrustOperation::Element, First, nullptr) : Op;
  case OO_Arrow:
    return N == 1 ? Set(ThrustOperation::SamePointer, First, nullptr) : Op;
  case OO_Plus:
    if (N != 2 || FirstPointer == SecondPointer)
      return Op;
    return FirstPointer ? Set(ThrustOperation::Offset, First, Second)
                        : Set(ThrustOperation::Offset, Second, First);
  case OO_Minus:
    if (N != 2 || !FirstPointer)
      return Op;
    if (SecondPointer) {
      Set(ThrustOperation::Difference, First, nullptr);
      Op.Other = Second;
      return Op;
    }
    return Set(ThrustOperation::Offset, First, Second, -1);
  case OO_PlusEqual:
  case OO_MinusEqual:
    if (N != 2 || !FirstPointer || SecondPointer)
      return Op;
    return Set(ThrustOperation::Advance, First, Second,
               Kind == OO_PlusEqual ? 1 : -1);
  case OO_PlusPlus:
  case OO_MinusMinus:
    if (!FirstPointer)
      return Op;
    Set(ThrustOperation::Advance, First, nullptr, Kind == OO_PlusPlus ? 1 : -1);
    Op.Postfix = N == 2; // the postfix form's second argument is the int 0
    return Op;
  case OO_Equal:
    // `p = q`, `p = nullptr`: p holds what the right side gives.
    if (N != 2 || !FirstPointer)
      return Op;
    Set(ThrustOperation::Assign, First, nullptr);
    Op.Other = Second;
    return Op;
  default:
    return Op;
  }
}

/// An operator on a device_reference: assignment, compound assignment,
/// increment, address-of.
ThrustOperation referenceOperator(const CXXOperatorCallExpr *C) {
  ThrustOperation Op;
  OverloadedOperatorKind Kind = C->getOperator();
  unsigned N = C->getNumArgs();
  if (N == 0 || !isReferenceOperand(C->getArg(0)))
    return Op;
  Op.Reference = C->getArg(0);
  if (Kind == OO_Equal && N == 2) {
    Op.K = ThrustOperation::Write;
    Op.Value = C->getArg(1);
  } else if (CXXOperatorCallExpr::isAssignmentOp(Kind) && N == 2) {
    Op.K = ThrustOperation::Update;
    Op.Value = C->getArg(1);
  } else if (Kind == OO_PlusPlus || Kind == OO_MinusMinus) {
    Op.K = ThrustOperation::Update;
    Op.Postfix = N == 2;
  } else if (Kind == OO_Amp && N == 1) {
    Op.K = ThrustOperation::SamePointer;
    Op.Pointer = Op.Reference;
    Op.Reference = nullptr;
  }
  return Op;
}

} // namespace

bool isThrustDevicePtr(QualType T) { return thrustClass(T, "device_ptr"); }

bool isThrustDeviceReference(QualType T) {
  return thrustClass(T, "device_reference");
}

QualType thrustElementType(QualType T) {
  const ClassTemplateSpecializationDecl *Spec = thrustClass(T, "device_ptr");
  if (!Spec)
    Spec = thrustClass(T, "device_reference");
  return Spec ? Spec->getTemplateArgs()[0].getAsType() : QualType();
}

const Expr *thrustOperand(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *F = dyn_cast<FullExpr>(E))
      E = F->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
             Cast && (Cast->getCastKind() == CK_NoOp ||
                      Cast->getCastKind() == CK_DerivedToBase ||
                      Cast->getCastKind() == CK_UncheckedDerivedToBase))
      E = Cast->getSubExpr();
    else
      return E;
  }
}

ThrustOperation thrustOperation(const CallExpr *C) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
    if (Op->getNumArgs() == 0)
      return {};
    ThrustOperation OnPointer = pointerOperator(Op);
    return OnPointer.K != ThrustOperation::None ? OnPointer
                                                : referenceOperator(Op);
  }
  ThrustOperation Op;
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(C)) {
    const Expr *Object = M->getImplicitObjectArgument();
    const CXXMethodDecl *Method = M->getMethodDecl();
    if (!Object || !Method || M->getNumArgs() != 0)
      return Op;
    // `float x = in[i]`: the conversion of the element to its type; `if
    // (p)`: device_ptr's to bool.
    if (isa<CXXConversionDecl>(Method) && isReferenceOperand(Object)) {
      Op.K = ThrustOperation::Read;
      Op.Reference = Object;
    } else if (isa<CXXConversionDecl>(Method) && isPointerOperand(Object) &&
               M->getType()->isBooleanType()) {
      Op.K = ThrustOperation::NonNull;
      Op.Pointer = Object;
    } else if (Method->getIdentifier() && Method->getName() == "get" &&
               isPointerOperand(Object)) {
      Op.K = ThrustOperation::SamePointer;
      Op.Pointer = Object;
    }
    return Op;
  }
  // thrust::raw_pointer_cast(p) and thrust::device_pointer_cast(p): the
  // pointer p holds, as a `T *` or a device_ptr.
  const FunctionDecl *Callee = C->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || C->getNumArgs() != 1 ||
      !inThrust(Callee))
    return Op;
  StringRef Name = Callee->getName();
  if (Name == "raw_pointer_cast" || Name == "device_pointer_cast") {
    Op.K = ThrustOperation::SamePointer;
    Op.Pointer = C->getArg(0);
  }
  return Op;
}

const Expr *thrustConstructedFrom(const CXXConstructExpr *C) {
  QualType Built = C->getType();
  bool Pointer = isThrustDevicePtr(Built);
  if ((!Pointer && !isThrustDeviceReference(Built)) || C->getNumArgs() != 1)
    return nullptr;
  const Expr *Arg = C->getArg(0);
  QualType From = thrustOperand(Arg)->getType();
  // A copy (or a conversion from device_ptr<U>), a device_ptr made from a raw
  // pointer, a device_reference made from the device_ptr to its element.
  if (isThrustDevicePtr(From) || (Pointer && Arg->getType()->isPointerType()))
    return Arg;
  if (!Pointer && isThrustDeviceReference(From))
    return Arg;
  return nullptr;
}

} // namespace cudacoalesce
