//===- Frontend/AddressBuilderObjects.cpp - Objects in memory -------------===//
//
// Values of class type in global memory reach the hardware through C++'s
// object machinery rather than a plain `p[i]`: an implicit copy assignment
// (`o[t] = a[t]` of float4), a conversion operator (`float x = inp[i]` of
// __nv_bfloat16), an operator taking its operands by reference
// (`h[i] * w[i]` of __half), memcpy of a trivially copyable struct. Each
// still loads or stores the object; these find them.
//
//===----------------------------------------------------------------------===//
#include "AddressBuilder.h"
#include "ExprSemantics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cudacoalesce {

namespace {

bool isCompoundAssignment(OverloadedOperatorKind Op) {
  switch (Op) {
  case OO_PlusEqual:
  case OO_MinusEqual:
  case OO_StarEqual:
  case OO_SlashEqual:
  case OO_PercentEqual:
  case OO_CaretEqual:
  case OO_AmpEqual:
  case OO_PipeEqual:
  case OO_LessLessEqual:
  case OO_GreaterGreaterEqual:
    return true;
  default:
    return false;
  }
}

/// Whether a call the walk does not see into may write memory: one
/// through a pointer, returning nothing (a barrier, a fence), a non-const
/// method, or one handed a pointer or a non-const reference. A math function
/// of values (expf, sqrtf) or a const method (the conversion of a
/// __nv_bfloat16 to float) does not.
bool mayWriteMemory(const CallExpr *C) {
  const FunctionDecl *Callee = C->getDirectCallee();
  if (!Callee || C->getType()->isVoidType() || Callee->isVariadic())
    return true;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Callee))
    if (Method->isInstance() && !Method->isConst())
      return true;
  return llvm::any_of(Callee->parameters(), [](const ParmVarDecl *P) {
    QualType T = P->getType();
    return T->isPointerType() ||
           (T->isReferenceType() && !T->getPointeeType().isConstQualified());
  });
}

} // namespace

SymValue AddressBuilder::readObject(const Expr *E) {
  if (E->isGLValue() && E->getType()->isRecordType()) {
    LValue LV = lvalue(E);
    if (LV.Kind != LValue::None)
      return loadFrom(LV, E);
  }
  return rvalue(E);
}

SymValue AddressBuilder::readValue(const Expr *E) {
  if (E->isGLValue()) {
    LValue LV = lvalue(E);
    if (LV.Kind != LValue::None)
      return loadFrom(LV, E);
  }
  return rvalue(E);
}

SymValue AddressBuilder::objectAddress(const Expr *Object, bool Arrow) {
  if (Arrow) {
    SymValue P = rvalue(Object);
    P.IsPointer = true;
    return P;
  }
  LValue LV = lvalue(Object);
  if (LV.Kind == LValue::Memory)
    return LV.Address;
  if (LV.Kind == LValue::None)
    rvalue(Object);
  // A local object or a temporary: local memory, not global.
  MemoryBase B;
  B.Name = LV.Kind == LValue::Variable ? LV.Var->getName().str() : "temporary";
  B.Space = model::AddressSpace::Local;
  Bases.push_back(B);
  return pointerTo(Bases.size() - 1);
}

SymValue AddressBuilder::touchObject(const LValue &LV, const Expr *At,
                                     bool Reads, bool Writes) {
  LValue Object = LV;
  Object.Type = At->getType().getNonReferenceType();
  if (Reads)
    record(Object, AccessKind::Load, At);
  if (Writes)
    record(Object, AccessKind::Store, At);
  return loadedValue(At, LV.Address);
}

SymValue AddressBuilder::opaqueCall(const CallExpr *C) {
  const FunctionDecl *Callee = C->getDirectCallee();
  auto [Object, Arrow] = objectOf(C);
  // A method of an object the walk does not track may answer per lane; one
  // of an object in memory answers from what it reads.
  Variation Varies = Object && isa<CXXMemberCallExpr>(C)
                         ? Variation::LaneComputed
                         : Variation::Uniform;
  std::optional<LValue> StoredObject;
  const Expr *StoredAt = nullptr;
  if (Object) {
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
    LValue LV;
    const Expr *At = Object;
    if (Arrow) {
      LV.Kind = LValue::Memory;
      LV.Address = objectAddress(Object, true);
      LV.Type = Object->getType()->getPointeeType();
      At = C;
    } else {
      LV = lvalue(Object);
    }
    if (LV.Kind == LValue::Memory && Method) {
      OverloadedOperatorKind Op = Method->getOverloadedOperator();
      bool Assigns = Op == OO_Equal;
      if (!Assigns)
        record(LV, AccessKind::Load, At);
      if (Assigns || isCompoundAssignment(Op) || !Method->isConst())
        StoredObject = LV, StoredAt = At;
      Varies = loadedVariation(LV.Address);
    } else if (LV.Kind == LValue::None && !Arrow) {
      rvalue(Object);
    }
  }
  unsigned First = Object && isa<CXXOperatorCallExpr>(C) ? 1 : 0;
  for (unsigned I = First; I < C->getNumArgs(); ++I) {
    const Expr *Arg = C->getArg(I);
    const ParmVarDecl *Param = Callee && I - First < Callee->getNumParams()
                                   ? Callee->getParamDecl(I - First)
                                   : nullptr;
    if (Param && Param->getType()->isReferenceType() && Arg->isGLValue()) {
      LValue LV = lvalue(Arg);
      if (LV.Kind == LValue::Memory) {
        bool Const = Param->getType()->getPointeeType().isConstQualified();
        SymValue V = touchObject(LV, Arg, true, !Const);
        Varies = std::max(Varies, Syms.variationOf(V.P));
        continue;
      }
      if (LV.Kind != LValue::None) {
        Varies = std::max(Varies, Syms.variationOf(loadFrom(LV, Arg).P));
        continue;
      }
    }
    Varies = std::max(Varies, Syms.variationOf(rvalue(Arg).P));
  }
  // The call writes its object after its arguments are read:
  // `x[i] = (float)x[i] + s` of a bf16 loads x[i] before storing it.
  if (StoredObject)
    record(*StoredObject, AccessKind::Store, StoredAt);
  if (mayWriteMemory(C))
    clobberMemory();
  return opaqueFor(C, Varies);
}

std::optional<SymValue> AddressBuilder::memoryCopy(const CallExpr *C) {
  const FunctionDecl *Callee = C->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || C->getNumArgs() != 3)
    return std::nullopt;
  StringRef Name = Callee->getName();
  if (Name != "memcpy" && Name != "__builtin_memcpy")
    return std::nullopt;
  Expr::EvalResult Size;
  if (!C->getArg(2)->EvaluateAsInt(Size, AST))
    return std::nullopt;
  std::optional<int64_t> Bytes = asInt64(Size.Val.getInt());
  if (!Bytes || *Bytes <= 0)
    return std::nullopt;
  // nvcc copies byte by byte whatever the pointers' types (measured in its
  // PTX: 16 ld.global.u8 for a 16-byte memcpy from a float4 *), and drops
  // the bytes nobody reads afterwards.
  QualType Bytewise =
      AST.getConstantArrayType(AST.UnsignedCharTy, llvm::APInt(64, *Bytes),
                               nullptr, ArraySizeModifier::Normal, 0);
  auto Copied = [&](const Expr *Arg) {
    LValue LV;
    LV.Kind = LValue::Memory;
    LV.Address = rvalue(Arg);
    LV.Address.IsPointer = true;
    LV.Type = Bytewise;
    return std::make_pair(LV, Arg->IgnoreImpCasts());
  };
  auto [Destination, DestinationText] = Copied(C->getArg(0));
  auto [Source, SourceText] = Copied(C->getArg(1));
  record(Source, AccessKind::Load, SourceText);
  record(Destination, AccessKind::Store, DestinationText);
  return Destination.Address;
}

} // namespace cudacoalesce
