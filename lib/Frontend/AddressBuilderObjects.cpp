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
#include "DeviceBuiltins.h"
#include "ExprSemantics.h"
#include "ThrustPointers.h"
#include "VariableWrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/SaveAndRestore.h"

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

/// The constructor call that initialises an object directly from \p Init
/// (`T x(a, b)`, `T x = T(a, b)`, a temporary), seen through what only wraps
/// it.
const CXXConstructExpr *constructionOf(const Expr *Init) {
  while (Init) {
    if (const auto *C = dyn_cast<CXXConstructExpr>(Init))
      return C;
    if (const Expr *Inner = transparentInner(Init)) {
      Init = Inner;
      continue;
    }
    const auto *Cast = dyn_cast<CastExpr>(Init);
    if (!Cast || (Cast->getCastKind() != CK_NoOp &&
                  Cast->getCastKind() != CK_ConstructorConversion))
      return nullptr;
    Init = Cast->getSubExpr();
  }
  return nullptr;
}

/// A value the walk keeps for a field: an integer or a pointer.
bool isScalarField(const FieldDecl *F) {
  QualType T = F->getType();
  return !F->isBitField() &&
         (T->isIntegralOrEnumerationType() || T->isPointerType());
}

/// A reference member, kept as the address it is bound to (CUB's
/// collectives hold their `__shared__` TempStorage this way).
bool isReferenceField(const FieldDecl *F) {
  return F->getType()->isReferenceType();
}

} // namespace

int AddressBuilder::objectBase(const VarDecl *V) {
  bool Fresh = !BaseOfVar.count(V);
  int B = baseFor(V);
  // The kernel's own parameters are the same in every lane; another object
  // varies as the value it was initialised with.
  if (Fresh && !(isa<ParmVarDecl>(V) && V->getDeclContext() == Kernel)) {
    auto It = Vars.find(V);
    Bases[B].ContentsVary = It != Vars.end() ? Syms.variationOf(It->second.P)
                                             : Variation::LaneComputed;
  }
  return B;
}

int AddressBuilder::variableBase(const VarDecl *V) {
  bool Fresh = !BaseOfVar.count(V);
  int B = baseFor(V);
  // What is read through the pointer other than as the variable's whole
  // value (a byte of it) is not followed: a per-lane value.
  if (Fresh) {
    Bases[B].Variable = V;
    Bases[B].ContentsVary = Variation::LaneComputed;
  }
  return B;
}

const VarDecl *AddressBuilder::addressedVariable(const LValue &LV) const {
  if (LV.Kind != LValue::Memory || LV.Address.Base < 0)
    return nullptr;
  const VarDecl *V = Bases[LV.Address.Base].Variable;
  std::optional<int64_t> Offset = LV.Address.P.asConstant();
  if (!V || Offset != 0)
    return nullptr;
  QualType Read = LV.Type.getCanonicalType().getUnqualifiedType();
  QualType Held = V->getType().getCanonicalType().getUnqualifiedType();
  bool SameValue =
      Read == Held || (Read->isIntegerType() && Held->isIntegerType() &&
                       sizeOf(Read) == sizeOf(Held));
  return SameValue ? V : nullptr;
}

SymValue AddressBuilder::initialiseObject(const VarDecl *V, const Expr *Init) {
  QualType T = V->getType();
  // thrust's device_ptr holds a pointer, its device_reference the address of
  // the element it names: kept as a `T *` variable's value is
  // (ThrustPointers.h).
  if (!T->isReferenceType() &&
      (isThrustDevicePtr(T) || isThrustDeviceReference(T)))
    return thrustPointer(Init);
  const auto *Record = T->getAsCXXRecordDecl();
  if (!Record || T->isReferenceType() || !hasLayout(T))
    return rvalue(Init);
  SymValue Object = pointerTo(objectBase(V));
  // Built anew: what its constructor stores without the walk keeping it
  // raises this, and the object varies as what it was built from.
  Bases[Object.Base].ContentsVary = Variation::Uniform;
  auto Whole = [&](SymValue Value) {
    storedInto(Object.Base, Syms.variationOf(Value.P));
    return Value;
  };
  if (std::optional<sym::AtomKind> Index = builtinStructConverted(Init)) {
    // A copy of threadIdx (or blockIdx, ...): its x, y and z are the index.
    forgetFields(Object.Base, std::nullopt, 0);
    Variation Varies = Variation::Uniform;
    unsigned Dim = 0;
    for (const FieldDecl *F : Record->fields()) {
      if (Dim == 3 || !isScalarField(F))
        break;
      SymValue Value{false, -1, Poly::atom(Syms.builtin(*Index, Dim++))};
      Varies = std::max(Varies, Syms.variationOf(Value.P));
      keep({Object.Base, AST.getFieldOffset(F) / AST.getCharWidth()}, F, Value);
    }
    return Whole(opaqueFor(Init, Varies));
  }
  if (const CXXConstructExpr *C = constructionOf(Init)) {
    // As a whole, the object varies as what it was built from.
    if (std::optional<Variation> Varies = construct(C, Object))
      return Whole(opaqueFor(Init, *Varies));
    return Whole(rvalue(Init));
  }
  // An aggregate (`Accessor acc{p, ld}`): its fields in order.
  const auto *List = dyn_cast<InitListExpr>(Init->IgnoreParens());
  if (!List || Record->isUnion() || Record->getNumBases() != 0)
    return Whole(rvalue(Init));
  forgetFields(Object.Base, std::nullopt, 0);
  Variation Varies = Variation::Uniform;
  unsigned I = 0;
  for (const FieldDecl *F : Record->fields()) {
    if (I >= List->getNumInits())
      break;
    const Expr *FieldInit = List->getInit(I++);
    if (isReferenceField(F)) {
      if (std::optional<SymValue> Bound = boundAddress(FieldInit))
        keep({Object.Base, AST.getFieldOffset(F) / AST.getCharWidth()}, F,
             *Bound);
      continue;
    }
    SymValue Value = rvalue(FieldInit);
    Varies = std::max(Varies, Syms.variationOf(Value.P));
    if (!isScalarField(F))
      continue;
    keep({Object.Base, AST.getFieldOffset(F) / AST.getCharWidth()}, F, Value);
  }
  for (; I < List->getNumInits(); ++I)
    rvalue(List->getInit(I));
  return Whole(opaqueFor(Init, Varies));
}

std::optional<Variation> AddressBuilder::construct(const CXXConstructExpr *C,
                                                   const SymValue &Object) {
  const CXXConstructorDecl *Ctor = C->getConstructor();
  std::optional<int64_t> Offset = Object.P.asConstant();
  if (!Ctor || Object.Base < 0 || !Offset || !hasLayout(C->getType()))
    return std::nullopt;
  uint64_t Bytes = sizeOf(C->getType());
  if (Ctor->isCopyOrMoveConstructor() && !Ctor->isUserProvided() &&
      C->getNumArgs() == 1) {
    // A copy of a local object copies what the walk kept of it; the caller
    // reads the source as a whole.
    forgetFields(Object.Base, Offset, Bytes);
    LValue Source = lvalue(C->getArg(0));
    std::optional<int> From;
    if (Source.Kind == LValue::Variable)
      if (auto It = BaseOfVar.find(Source.Var); It != BaseOfVar.end())
        From = It->second;
    if (!From)
      return std::nullopt;
    storedInto(Object.Base, Bases[*From].ContentsVary);
    std::vector<std::pair<FieldSlot, KeptField>> Copied;
    for (const auto &[Slot, Kept] : Fields)
      if (Slot.first == *From && Slot.second < int64_t(Bytes))
        Copied.push_back({{Object.Base, *Offset + Slot.second}, Kept});
    for (auto &[Slot, Kept] : Copied)
      Fields[Slot] = Kept;
    return std::nullopt;
  }
  const FunctionDecl *Def = walkableDefinition(Ctor);
  if (!Def || Ctor->isTrivial() || C->getNumArgs() != Def->getNumParams())
    return std::nullopt;
  forgetFields(Object.Base, Offset, Bytes);
  std::vector<const Expr *> Args(C->arg_begin(), C->arg_end());
  Variation Varies = Variation::Uniform;
  walkInlined(Def, C, Args, Object, &Varies);
  return Varies;
}

void AddressBuilder::initialiseMembers(const CXXConstructorDecl *Ctor,
                                       const SymValue &Object) {
  const CXXRecordDecl *Record = Ctor->getParent();
  if (!hasLayout(AST.getCanonicalTagType(Record)))
    return;
  const ASTRecordLayout &Layout = AST.getASTRecordLayout(Record);
  for (const CXXCtorInitializer *Init : Ctor->inits()) {
    const Expr *E = Init->getInit();
    if (!E)
      continue;
    if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(E))
      E = Default->getExpr();
    SymValue Part = Object;
    if (Init->isBaseInitializer() && !Init->isBaseVirtual()) {
      const CXXRecordDecl *Base = Init->getBaseClass()->getAsCXXRecordDecl();
      if (!Base) {
        rvalue(E);
        continue;
      }
      Part.P = Part.P +
               Poly::constant(Layout.getBaseClassOffset(Base).getQuantity());
    } else if (const FieldDecl *F = Init->getMember()) {
      Part.P =
          Part.P + Poly::constant(AST.getFieldOffset(F) / AST.getCharWidth());
      if (isScalarField(F) || isReferenceField(F)) {
        std::optional<SymValue> Value =
            isReferenceField(F) ? boundAddress(E) : rvalue(E);
        if (!Value)
          continue;
        LValue Field;
        Field.Kind = LValue::Memory;
        Field.Address = Part;
        Field.Type = F->getType();
        if (std::optional<FieldSlot> Slot = fieldSlot(Field))
          keep(*Slot, F, *Value);
        continue;
      }
    } else if (!Init->isDelegatingInitializer()) {
      rvalue(E);
      continue;
    }
    const CXXConstructExpr *C = constructionOf(E);
    if (!C || !construct(C, Part))
      rvalue(E);
  }
}

std::optional<AddressBuilder::FieldSlot>
AddressBuilder::fieldSlot(const LValue &LV) const {
  if (LV.Kind != LValue::Memory || LV.Address.Base < 0 ||
      Bases[LV.Address.Base].Space != model::AddressSpace::Local)
    return std::nullopt;
  std::optional<int64_t> Offset = LV.Address.P.asConstant();
  if (!Offset)
    return std::nullopt;
  return FieldSlot{LV.Address.Base, *Offset};
}

std::optional<SymValue> AddressBuilder::keptField(const LValue &LV) const {
  if (const VarDecl *V = addressedVariable(LV)) {
    auto It = Vars.find(V);
    if (It != Vars.end())
      return It->second;
  }
  std::optional<FieldSlot> Slot = fieldSlot(LV);
  if (!Slot)
    return std::nullopt;
  auto It = Fields.find(*Slot);
  if (It == Fields.end() || It->second.Bytes != sizeOf(LV.Type))
    return std::nullopt;
  return It->second.Value;
}

bool AddressBuilder::keepField(const LValue &LV, const Expr *Target,
                               const SymValue &Value) {
  if (const VarDecl *V = addressedVariable(LV)) {
    Vars[V] = Value;
    return true;
  }
  std::optional<FieldSlot> Slot = fieldSlot(LV);
  if (!Slot)
    return false;
  const auto *M = dyn_cast<MemberExpr>(Target->IgnoreParenImpCasts());
  const auto *F = M ? dyn_cast<FieldDecl>(M->getMemberDecl()) : nullptr;
  if (!F || !isScalarField(F))
    return false;
  keep(*Slot, F, Value);
  return true;
}

void AddressBuilder::keep(FieldSlot Slot, const FieldDecl *F,
                          const SymValue &Value) {
  Fields[Slot] = {Value, sizeOf(F->getType()),
                  F->getType().getCanonicalType().getUnqualifiedType(), F};
  pointerStoredInto(Slot.first, Value);
  // Once the walk forgets the field (a store it cannot place, a loop), a
  // read of it is what the object may hold.
  storedInto(Slot.first, Syms.variationOf(Value.P));
}

void AddressBuilder::forgetFields(int Base, std::optional<int64_t> From,
                                  uint64_t Bytes, QualType Written,
                                  bool OnlyMethodWritten) {
  // A store of a scalar at an unknown place writes an object of its type
  // (C++'s aliasing rules, which nvcc's optimiser relies on too): a float
  // stored in an array member leaves the pointers beside it.
  bool ByType = !From && !Written.isNull() &&
                (Written->isPointerType() ||
                 (Written->isScalarType() && !Written->isCharType() &&
                  !Written->isStdByteType()));
  QualType Type =
      ByType ? Written.getCanonicalType().getUnqualifiedType() : QualType();
  forgetFieldsWhere([&](const FieldSlot &Slot, const KeptField &Kept) {
    return Slot.first == Base &&
           (ByType ? Kept.Type == Type
                   : !From || (Slot.second < *From + int64_t(Bytes) &&
                               *From < Slot.second + int64_t(Kept.Bytes))) &&
           !(OnlyMethodWritten && writtenOnlyByConstructors(Kept.Field));
  });
}

void AddressBuilder::forgetFieldsWhere(
    llvm::function_ref<bool(const FieldSlot &, const KeptField &)> Gone) {
  std::vector<FieldSlot> Forgotten;
  for (const auto &[Slot, Kept] : Fields)
    if (Gone(Slot, Kept))
      Forgotten.push_back(Slot);
  for (const FieldSlot &Slot : Forgotten)
    Fields.erase(Slot);
}

void AddressBuilder::forgetObject(const VarDecl *V) {
  // A scalar handed by reference: what the call leaves in it is read back
  // from the thread's memory.
  if (!V->getType().getNonReferenceType()->isRecordType()) {
    storedInto(variableBase(V), Variation::LaneComputed);
    return;
  }
  if (auto It = BaseOfVar.find(V); It != BaseOfVar.end()) {
    forgetFields(It->second, std::nullopt, 0);
    storedInto(It->second, Variation::LaneComputed);
  }
}

void AddressBuilder::pointerStoredInto(int Base, const SymValue &Value) {
  if (Base < 0 || Bases[Base].Space != model::AddressSpace::Local ||
      !Value.IsPointer)
    return;
  // A pointer the walk does not place may point anywhere.
  int &Into = Bases[Base].PointsInto;
  if (Value.Base < 0)
    Into = -2;
  else if (Into == -1)
    Into = Value.Base;
  else if (Into != Value.Base)
    Into = -2;
}

void AddressBuilder::storedInto(int Base, Variation Varies) {
  if (Base < 0 || Bases[Base].Space != model::AddressSpace::Local)
    return;
  // A store that only some lanes make, under a guard they take apart since
  // the object was made, leaves the lanes' copies different, whatever the
  // value (HeCBench bn: `if (!flag) continue; Nij[d]++;` on a flag read
  // per lane, then `D_LG[Nij[t]]` 3.9 and 5.8 sectors where the counts,
  // taken alike in every lane, gave 1).
  for (size_t I = std::min(Bases[Base].GuardsWhenMade, Guards.size());
       I < Guards.size(); ++I) {
    Variation Taken = Syms.variationOf(Guards[I].Diff);
    if (Taken >= Variation::LaneComputed)
      Varies = std::max(Varies, Taken);
  }
  Bases[Base].ContentsVary = std::max(Bases[Base].ContentsVary, Varies);
  // A scalar local changed through its address where the walk cannot say
  // how: what it holds now is read back from the thread's memory, as
  // loadedVariation() reads any other (per lane, data, where either value
  // differs between lanes).
  if (const VarDecl *V = Bases[Base].Variable) {
    auto It = Vars.find(V);
    Variation Old =
        It != Vars.end() ? Syms.variationOf(It->second.P) : Variation::Uniform;
    Variation Now = std::max(Old, Varies);
    if (Now >= Variation::LaneComputed)
      Now = Variation::LaneData;
    Vars[V] = SymValue{V->getType()->isPointerType(), -1,
                       Poly::atom(Syms.opaque(V->getName().str(), Now))};
  }
}

bool AddressBuilder::writtenOnlyByConstructors(const FieldDecl *F) {
  const auto *Record = dyn_cast<CXXRecordDecl>(F->getParent());
  if (!Record)
    return true;
  auto [It, New] = FieldsWrittenByMethods.try_emplace(Record);
  if (New)
    It->second = fieldsWrittenOutsideConstructors(Record);
  return !It->second.contains(F);
}

void AddressBuilder::joinFields(
    const llvm::DenseMap<FieldSlot, KeptField> &Other) {
  forgetFieldsWhere([&](const FieldSlot &Slot, const KeptField &Kept) {
    auto It = Other.find(Slot);
    return It == Other.end() || !(It->second.Value == Kept.Value);
  });
}

std::vector<sym::AtomId> AddressBuilder::enterLoopFields(
    const llvm::DenseMap<FieldSlot, KeptField> &Before) {
  std::vector<sym::AtomId> OfSomeTrip;
  llvm::DenseMap<FieldSlot, KeptField> AfterTrip = std::move(Fields);
  Fields.clear();
  for (const auto &[Slot, Kept] : Before) {
    auto It = AfterTrip.find(Slot);
    if (It == AfterTrip.end())
      continue; // changed where the walk could not follow
    if (It->second.Value == Kept.Value) {
      Fields[Slot] = Kept;
      continue;
    }
    // Changed by the body: a value of some trip, into the same object where
    // both are pointers into one.
    const SymValue &A = Kept.Value, &B = It->second.Value;
    Variation Varies = std::max(Syms.variationOf(A.P), Syms.variationOf(B.P));
    std::string Name = Kept.Field->getName().str();
    SymValue Merged;
    Merged.IsPointer = A.IsPointer;
    if (A.IsPointer && B.IsPointer && A.Base == B.Base && A.Base >= 0) {
      Merged.Base = A.Base;
      Name += " offset";
    }
    OfSomeTrip.push_back(Syms.opaque(Name, Varies));
    Merged.P = Poly::atom(OfSomeTrip.back());
    KeptField Entry = Kept;
    Entry.Value = Merged;
    Fields[Slot] = Entry;
  }
  return OfSomeTrip;
}

void AddressBuilder::forgetFieldsChangedIn(const Stmt *Body) {
  llvm::DenseSet<const FieldDecl *> Written = fieldsWrittenIn(Body);
  forgetFieldsWhere([&](const FieldSlot &Slot, const KeptField &Kept) {
    return Written.contains(Kept.Field) ||
           !writtenOnlyByConstructors(Kept.Field);
  });
}

/// The local variable \p E names, through a copy or move of it (`return r;`,
/// `*q = v;` of a struct); null where it names none.
static const VarDecl *copiedLocal(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Copy = dyn_cast<CXXConstructExpr>(E))
    if (Copy->getNumArgs() == 1 &&
        Copy->getConstructor()->isCopyOrMoveConstructor())
      E = Copy->getArg(0)->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Var && Var->hasLocalStorage() ? Var : nullptr;
}

void AddressBuilder::noteCopiedLoads(const VarDecl *V, size_t FirstSite) {
  LoadsCopiedInto.erase(V);
  if (!V->getType()->isRecordType() || !V->hasLocalStorage())
    return;
  std::vector<const Expr *> Loads;
  for (size_t I = FirstSite; I < Sites.size(); ++I) {
    if (Sites[I].Kind != AccessKind::Load)
      return; // built from more than a copy of memory
    Loads.push_back(Sites[I].Access);
  }
  if (!Loads.empty())
    LoadsCopiedInto[V] = std::move(Loads);
}

void AddressBuilder::fileCopiedLoads(const Expr *Value, const Expr *Store) {
  // `float4 v = *(const float4 *)p; *(float4 *)q = v;`: nvcc copies the
  // struct with one load and one store, both under the store's line (PTX of
  // CUDA 13's nvcc -O3: `ld.global.v4.u32` at the store's `.loc`; HeCBench
  // fma measured its vector loads there).
  const VarDecl *V = copiedLocal(Value);
  auto Copied = V ? LoadsCopiedInto.find(V) : LoadsCopiedInto.end();
  if (Copied == LoadsCopiedInto.end())
    return;
  const auto *Function =
      dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!Function || usesOf(Function->getBody(), V) != 1)
    return;
  unsigned Line = lineOf(Store);
  for (AccessSite &S : Sites)
    if (S.Kind == AccessKind::Load &&
        llvm::is_contained(Copied->second, S.Access) &&
        !llvm::is_contained(S.AlsoFiledUnder, Line))
      S.AlsoFiledUnder.push_back(Line);
}

Variation AddressBuilder::objectVariation(const Expr *E) {
  const VarDecl *Var = copiedLocal(E);
  if (!Var || !Var->getType()->isRecordType() || !hasLayout(Var->getType()))
    return Variation::Uniform;
  int Base = objectBase(Var);
  Variation Varies = Bases[Base].ContentsVary;
  for (const auto &[Slot, Kept] : Fields)
    if (Slot.first == Base)
      Varies = std::max(Varies, Syms.variationOf(Kept.Value.P));
  return Varies;
}

SymValue AddressBuilder::constructedValue(const CXXConstructExpr *C) {
  // A device_ptr (or device_reference) built from a pointer holds it.
  if (thrustConstructedFrom(C))
    return thrustPointer(C);
  // A copy of an object in memory (a struct or a float4) loads it whole.
  if (C->getNumArgs() == 1 && C->getConstructor()->isCopyOrMoveConstructor()) {
    LValue LV = lvalue(C->getArg(0));
    if (LV.Kind == LValue::Memory || LV.Kind == LValue::Value)
      return loadFrom(LV, C->getArg(0));
  }
  return visitChildren(C);
}

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
  if (LV.Kind == LValue::Variable && LV.Var->getType()->isRecordType() &&
      hasLayout(LV.Var->getType()))
    return pointerTo(objectBase(LV.Var));
  if (LV.Kind == LValue::None) {
    // A temporary built here (`Accessor(p, ld).at(i)`): its constructor
    // runs first.
    if (const CXXConstructExpr *C = constructionOf(Object)) {
      MemoryBase B;
      B.Name = "temporary";
      B.Space = model::AddressSpace::Local;
      Bases.push_back(B);
      SymValue Temporary = pointerTo(Bases.size() - 1);
      std::optional<Variation> Varies = construct(C, Temporary);
      storedInto(Temporary.Base, Varies ? *Varies : Variation::LaneComputed);
      if (Varies)
        return Temporary;
    }
    rvalue(Object);
  }
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
  if (Writes) {
    record(Object, AccessKind::Store, At);
    storedInto(LV.Address.Base, Variation::LaneComputed);
  }
  return loadedValue(At, LV.Address);
}

SymValue AddressBuilder::opaqueCall(const CallExpr *C) {
  const FunctionDecl *Callee = C->getDirectCallee();
  auto [Object, Arrow] = objectOf(C);
  // A method of an object the walk does not track may answer per lane; one
  // of an object in memory answers from what it reads.
  // So may a function whose body is in another translation unit (`-rdc`):
  // nothing shows that it answers the same in every lane. A library's
  // declarations (libdevice's __nv_sinf) are functions of their arguments.
  bool Unseen = Callee && !Callee->hasBody() &&
                !AST.getSourceManager().isInSystemHeader(Callee->getLocation());
  Variation Varies = (Object && isa<CXXMemberCallExpr>(C)) || Unseen
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
    } else if (LV.Kind == LValue::Variable && Method && !Method->isConst()) {
      forgetObject(LV.Var);
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
      if (LV.Kind == LValue::Variable &&
          !Param->getType()->getPointeeType().isConstQualified())
        forgetObject(LV.Var);
      if (LV.Kind != LValue::None) {
        Varies = std::max(Varies, Syms.variationOf(loadFrom(LV, Arg).P));
        continue;
      }
    }
    SymValue Value = rvalue(Arg);
    // A local object handed over by its address may be changed, and what
    // the call returns may be read from it (curand(&state)): per lane.
    if (Value.IsPointer && Value.Base >= 0 &&
        Bases[Value.Base].Space == model::AddressSpace::Local) {
      forgetFields(Value.Base, std::nullopt, 0);
      storedInto(Value.Base, Variation::LaneComputed);
      Varies = std::max(Varies, loadedVariation(Value));
    }
    Varies = std::max(Varies, Syms.variationOf(Value.P));
  }
  // The call writes its object after its arguments are read:
  // `x[i] = (float)x[i] + s` of a bf16 loads x[i] before storing it.
  if (StoredObject) {
    // A method of the object's own class the walk does not enter may
    // change the fields its class's methods write, and no other.
    const CXXRecordDecl *Class = StoredObject->Type->getAsCXXRecordDecl();
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
    bool OwnMethod = Class && Method &&
                     (Class == Method->getParent() ||
                      Class->isDerivedFrom(Method->getParent()));
    llvm::SaveAndRestore ByOwnMethod(StoreByOwnMethod, OwnMethod);
    record(*StoredObject, AccessKind::Store, StoredAt);
    storedInto(StoredObject->Address.Base, Variation::LaneComputed);
  }
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
  storedInto(Destination.Address.Base, Variation::LaneComputed);
  return Destination.Address;
}

} // namespace cudacoalesce
