//===- Frontend/AddressBuilderReferences.cpp - Objects seen indirectly ---===//
//
// Objects the walk reaches other than by name: through a reference member
// that holds the address it was bound to, and as a base class of a derived
// object. CUB's block collectives do both: `BlockReduce(temp_storage)` keeps
// `_TempStorage &temp_storage` bound to `temp_storage.Alias()`, a method of
// the `Uninitialized<T>` base its TempStorage derives from.
//
//===----------------------------------------------------------------------===//

#include "AddressBuilder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecordLayout.h"

using namespace clang;

namespace cudacoalesce {

std::optional<SymValue> AddressBuilder::boundAddress(const Expr *E) {
  LValue Bound = lvalue(E);
  if (Bound.Kind == LValue::Variable &&
      Bound.Var->getType().getNonReferenceType()->isRecordType())
    return pointerTo(objectBase(Bound.Var));
  if (Bound.Kind != LValue::Memory || Bound.Address.Base < 0)
    return std::nullopt;
  SymValue Address = Bound.Address;
  Address.IsPointer = true;
  return Address;
}

AddressBuilder::LValue AddressBuilder::referredLValue(LValue Slot,
                                                      const FieldDecl *Field,
                                                      QualType Referred) const {
  Slot.Type = Field->getType();
  LValue Object;
  Object.Type = Referred;
  // A reference member the walk did not see bound (a constructor it does
  // not enter) refers to an object it cannot place: no access is recorded
  // rather than one at the reference's own bytes.
  std::optional<SymValue> Held = keptField(Slot);
  if (!Held || !Held->IsPointer)
    return Object;
  Object.Kind = LValue::Memory;
  Object.Address = *Held;
  return Object;
}

/// The offset of the base class \p Cast converts its operand to, where each
/// step is a non-virtual base of a class with a layout.
static std::optional<int64_t> baseClassOffset(const ASTContext &AST,
                                              const CastExpr *Cast) {
  const CXXRecordDecl *Derived =
      Cast->getSubExpr()->getType()->getAsCXXRecordDecl();
  int64_t Offset = 0;
  for (const CXXBaseSpecifier *Step : Cast->path()) {
    const CXXRecordDecl *Base = Step->getType()->getAsCXXRecordDecl();
    if (!Derived || !Base || Step->isVirtual() || Derived->isInvalidDecl() ||
        !Derived->isCompleteDefinition() || Derived->isDependentType())
      return std::nullopt;
    Offset +=
        AST.getASTRecordLayout(Derived).getBaseClassOffset(Base).getQuantity();
    Derived = Base;
  }
  return Offset;
}

AddressBuilder::LValue
AddressBuilder::baseSubobjectLValue(const CastExpr *Cast) {
  LValue LV = lvalue(Cast->getSubExpr());
  LV.Type = Cast->getType();
  std::optional<int64_t> Offset = baseClassOffset(AST, Cast);
  if (Offset == 0 && LV.Kind != LValue::None)
    return LV;
  LValue Unplaced;
  Unplaced.Type = Cast->getType();
  if (!Offset || LV.Kind != LValue::Memory)
    return Unplaced;
  LV.Address.P = LV.Address.P + sym::Poly::constant(*Offset);
  return LV;
}

} // namespace cudacoalesce
