//===- Frontend/AddressBuilderCall.cpp - Calls ----------------------------===//
#include "AddressBuilder.h"
#include "CooperativeGroups.h"
#include "DeviceBuiltins.h"
#include "ExprSemantics.h"
#include "NvccLowering.h"
#include "SourceText.h"
#include "ThrustPointers.h"

#include "cuda-coalesce/Limits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/SaveAndRestore.h"

#include <algorithm>
#include <cassert>

using namespace clang;

namespace cudacoalesce {

void AddressBuilder::assignedObject(const LValue &LV, QualType Type,
                                    const SymValue &Value) {
  // `uint4 v; v = *(const uint4 *)(p + 4 * threadIdx.x);`: what the walk
  // kept of the object is gone, and it now varies as the value assigned.
  int Base = -1;
  std::optional<int64_t> Offset = 0;
  if (LV.Kind == LValue::Variable && Type->isRecordType() && hasLayout(Type))
    Base = objectBase(LV.Var);
  else if (LV.Kind == LValue::Memory)
    Base = LV.Address.Base, Offset = LV.Address.P.asConstant();
  if (Base < 0 || Bases[Base].Space != model::AddressSpace::Local)
    return;
  forgetFields(Base, Offset, Offset ? sizeOf(Type) : 0);
  storedInto(Base, Syms.variationOf(Value.P));
  pointerStoredInto(Base, Value);
}

SymValue AddressBuilder::call(const CallExpr *C) {
  const FunctionDecl *Callee = C->getDirectCallee();
  StringRef Name;
  if (Callee && Callee->getIdentifier())
    Name = Callee->getName();

  // thrust's device_ptr and device_reference: the operations on a pointer
  // and an element they stand for.
  if (std::optional<SymValue> Thrust = thrustCall(C))
    return *Thrust;

  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
    // Whole-object assignment of a struct in memory: a store (and a load).
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
    if (Op->getOperator() == OO_Equal && Method &&
        (Method->isCopyAssignmentOperator() ||
         Method->isMoveAssignmentOperator())) {
      SymValue RHS = readObject(C->getArg(1));
      LValue LV = lvalue(C->getArg(0));
      record(LV, AccessKind::Store, C->getArg(0));
      if (LV.Kind == LValue::Memory)
        fileCopiedLoads(C->getArg(1), C->getArg(0));
      assignedObject(LV, C->getArg(0)->getType(), RHS);
      return RHS;
    }
  }

  if (std::optional<BuiltinIndex> B = specialRegisterIndex(Name))
    return SymValue{false, -1, Poly::atom(Syms.builtin(B->Var, B->Dim))};
  if (readsLaneRegister(Name))
    return opaqueFor(C, Variation::LaneComputed);
  // A function of the program's own that takes a toolkit name (HeCBench
  // michalewicz's `float atomicMin(float *, float)`, a CAS loop) is what
  // nvcc calls: it is walked, not taken for the toolkit's.
  bool ProgramsOwn = Callee && programsDefinition(Callee);
  if (!Name.empty() && C->getNumArgs() > 0 && !ProgramsOwn) {
    if (isTextureFetchName(Name)) {
      if (Recording)
        TextureFetches.push_back(C);
      for (const Expr *Arg : C->arguments())
        rvalue(Arg);
      return opaqueFor(C, Variation::LaneData);
    }
    if (isAtomicName(Name)) {
      std::vector<SymValue> Operands;
      size_t Before = Sites.size();
      LValue LV = pointerArgument(C, AccessKind::Atomic, &Operands);
      bool InShared = LV.Address.Base >= 0 && Bases[LV.Address.Base].Space ==
                                                  model::AddressSpace::Shared;
      AtomicLowering Lowering =
          atomicLowering(Name, sizeOf(LV.Type), LV.Type->isRealFloatingType(),
                         InShared, !Syms.isLaneVarying(LV.Address.P));
      if (InShared && Sites.size() > Before) {
        Sites.back().SerializesOneWord = Lowering.SerializesOneWord;
        Sites.back().CarriesTwoValues = Lowering.CarriesTwoValues;
      }
      if (Lowering.CompareAndSwapLoop && Sites.size() > Before) {
        Sites.back().CompareAndSwapLoop = true;
        Sites.back().LoweringNotes.push_back(
            "nvcc makes this atomic a load of the old value and a loop of "
            "compare-and-swap (shared memory has no instruction for the "
            "operation): each request carries the old and the new value, and "
            "the lanes another lane or warp beat to the word issue it again");
      }
      if (Lowering.ReadsFirst) {
        size_t BeforeLoad = Sites.size();
        record(LV, AccessKind::Load, C->getArg(0)->IgnoreParenImpCasts(),
               /*AlwaysIssued=*/Lowering.CompareAndSwapLoop);
        if (Lowering.CompareAndSwapLoop && Sites.size() > BeforeLoad)
          Sites.back().RetriedWithLoop = true;
      }
      return atomicResult(C, LV, Operands);
    }
    if (auto Kind = cacheHintedAccess(Name)) {
      LValue LV = pointerArgument(C, *Kind);
      return loadedValue(C, LV.Address);
    }
    if (auto MinMax = minMaxName(Name))
      if (C->getNumArgs() == 2 && C->getType()->isIntegerType()) {
        SymValue L = rvalue(C->getArg(0)), R = rvalue(C->getArg(1));
        SymValue V;
        V.P = Syms.op(*MinMax, L.P, R.P);
        return V;
      }
    if (std::optional<WarpCollective> W = warpCollective(Name))
      return warpCollectiveCall(C, *W);
    if (readsSinCosTable(Callee))
      return sinCosCall(C);
    if (isMul24Name(Name) && C->getNumArgs() == 2) {
      SymValue V;
      V.P = rvalue(C->getArg(0)).P * rvalue(C->getArg(1)).P;
      return V;
    }
  }

  if (std::optional<Poly> Group = cooperativeGroupsQuery(C, Syms))
    return SymValue{false, -1, *Group};
  if (std::optional<WarpCollective> W = cooperativeGroupsCollective(C))
    return warpCollectiveCall(C, *W);
  if (std::optional<SymValue> Copy = memoryCopy(C))
    return *Copy;
  if (Callee)
    if (auto V = inlineCall(Callee, C))
      return *V;
  return opaqueCall(C);
}

SymValue AddressBuilder::thrustPointer(const Expr *E) {
  const Expr *Inner = thrustOperand(E);
  SymValue V;
  if (isThrustDeviceReference(Inner->getType())) {
    LValue Element = thrustElement(Inner);
    if (Element.Kind == LValue::Memory)
      return Element.Address;
    V = opaqueFor(Inner, Variation::LaneComputed);
  } else if (const auto *C = dyn_cast<CXXConstructExpr>(Inner)) {
    // A copy, or a device_ptr made from a `T *`; a default-constructed one
    // is null.
    const Expr *From = thrustConstructedFrom(C);
    V = From ? thrustPointer(From) : visitChildren(C);
  } else {
    // A variable or a member read, a call (`p + i`), a `T *`.
    V = Inner->isGLValue() ? readValue(Inner) : rvalue(Inner);
  }
  V.IsPointer = true;
  return V;
}

AddressBuilder::LValue AddressBuilder::thrustElement(const Expr *E) {
  const Expr *Inner = thrustOperand(E);
  LValue LV;
  QualType Element = thrustElementType(Inner->getType());
  if (Element.isNull() || !isThrustDeviceReference(Inner->getType()))
    return LV;
  LV.Type = Element;
  const auto *Call = dyn_cast<CallExpr>(Inner);
  ThrustOperation Op = Call ? thrustOperation(Call) : ThrustOperation();
  if (Op.K == ThrustOperation::Element) {
    // `p[n]` is the element n past p, `*p` the one at p, as for a `T *`.
    LV.Kind = LValue::Memory;
    LV.Address = thrustPointer(Op.Pointer);
    if (Op.Count) {
      SymValue Index = rvalue(Op.Count);
      LV.Address.P = LV.Address.P + Index.P.scaled(sizeOf(Element));
      LV.Index = Index.P;
      LV.HasIndex = true;
      LV.ElementType = Element;
    }
    return LV;
  }
  SymValue Address;
  if (const auto *C = dyn_cast<CXXConstructExpr>(Inner)) {
    // A copy of a device_reference, or one made from a device_ptr.
    const Expr *From = thrustConstructedFrom(C);
    if (!From) {
      visitChildren(C);
      return LV;
    }
    Address = thrustPointer(From);
  } else if (const auto *Ref = dyn_cast<DeclRefExpr>(Inner)) {
    // A device_reference variable holds its element's address.
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    auto It = V ? Vars.find(V) : Vars.end();
    if (It == Vars.end() || !It->second.IsPointer)
      return LV;
    Address = It->second;
  } else if (Call) {
    // `(p[i] = v)`, a helper returning a device_reference: its value is the
    // element's address.
    Address = rvalue(Call);
    if (!Address.IsPointer)
      return LV;
  } else {
    return LV;
  }
  LV.Kind = LValue::Memory;
  LV.Address = Address;
  return LV;
}

SymValue AddressBuilder::thrustRead(const Expr *Reference) {
  LValue LV = thrustElement(Reference);
  if (LV.Kind != LValue::Memory)
    return opaqueFor(Reference, Variation::LaneComputed);
  return loadFrom(LV, thrustOperand(Reference));
}

std::optional<SymValue> AddressBuilder::thrustCall(const CallExpr *C) {
  ThrustOperation Op = thrustOperation(C);
  auto ElementBytes = [&](const Expr *Pointer) {
    return sizeOf(thrustElementType(thrustOperand(Pointer)->getType()));
  };
  const SymValue One{false, -1, Poly::constant(1)};
  switch (Op.K) {
  case ThrustOperation::None:
    return std::nullopt;
  case ThrustOperation::Element: {
    // A device_reference as a value is its element's address: the element
    // is read where it is converted, written where it is assigned.
    LValue LV = thrustElement(C);
    if (LV.Kind != LValue::Memory)
      return opaqueFor(C, Variation::LaneComputed);
    return LV.Address;
  }
  case ThrustOperation::Offset: {
    SymValue P = thrustPointer(Op.Pointer);
    Poly Step = rvalue(Op.Count).P.scaled(ElementBytes(Op.Pointer));
    P.P = Op.Sign > 0 ? P.P + Step : P.P - Step;
    return P;
  }
  case ThrustOperation::Difference: {
    SymValue P = thrustPointer(Op.Pointer), Q = thrustPointer(Op.Other);
    SymValue V;
    V.P = Syms.op(sym::OpKind::Div, P.P - Q.P,
                  Poly::constant(ElementBytes(Op.Pointer)));
    return V;
  }
  case ThrustOperation::Advance:
  case ThrustOperation::Assign: {
    // The right side first, as for `q = p` and `q += n` of a `T *`.
    SymValue Right = Op.K == ThrustOperation::Assign ? thrustPointer(Op.Other)
                     : Op.Count                      ? rvalue(Op.Count)
                                                     : One;
    const Expr *Object = thrustOperand(Op.Pointer);
    LValue Target = lvalue(Object);
    SymValue Old, New = Right;
    if (Op.K == ThrustOperation::Advance) {
      Old = Target.Kind == LValue::None ? thrustPointer(Object)
                                        : loadFrom(Target, Object);
      Old.IsPointer = true;
      Poly Step = Right.P.scaled(ElementBytes(Op.Pointer));
      New = Old;
      New.P = Op.Sign > 0 ? Old.P + Step : Old.P - Step;
    }
    if (Target.Kind == LValue::Variable)
      Vars[Target.Var] = New;
    else if (Target.Kind == LValue::Memory)
      record(Target, AccessKind::Store, Object);
    return Op.Postfix ? Old : New;
  }
  case ThrustOperation::SamePointer:
    return thrustPointer(Op.Pointer);
  case ThrustOperation::NonNull:
    // As `if (p)` of a `T *`: the same in every lane the pointer is.
    return opaqueFor(C, Syms.variationOf(thrustPointer(Op.Pointer).P));
  case ThrustOperation::Read:
    return thrustRead(Op.Reference);
  case ThrustOperation::Write:
  case ThrustOperation::Update: {
    // The value first, then the element: `p[i] = q[i]` loads q[i] before it
    // stores p[i]; `p[i] += v` loads p[i] and stores it (AddressBuilder::
    // assign for `a[i] = v`).
    SymValue Value = One;
    if (Op.Value)
      Value = isThrustDeviceReference(thrustOperand(Op.Value)->getType())
                  ? thrustRead(Op.Value)
                  : readValue(Op.Value);
    LValue LV = thrustElement(Op.Reference);
    const Expr *At = thrustOperand(Op.Reference);
    Variation Stored = Syms.variationOf(Value.P);
    if (Op.K == ThrustOperation::Update) {
      record(LV, AccessKind::Load, At);
      if (LV.Kind == LValue::Memory)
        Stored = std::max(Stored, loadedVariation(LV.Address));
    }
    record(LV, AccessKind::Store, At);
    if (LV.Kind != LValue::Memory)
      return opaqueFor(C, Variation::LaneComputed);
    storedInto(LV.Address.Base, Stored);
    // operator= and += return the reference; `r++` the element's old value.
    if (isThrustDeviceReference(C->getType()))
      return LV.Address;
    return Op.K == ThrustOperation::Update ? loadedValue(At, LV.Address)
                                           : Value;
  }
  }
  llvm_unreachable("every operation is answered above");
}

std::pair<const Expr *, bool> AddressBuilder::objectOf(const CallExpr *C) {
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(C)) {
    const auto *Callee =
        dyn_cast<MemberExpr>(M->getCallee()->IgnoreParenImpCasts());
    return {M->getImplicitObjectArgument(), Callee && Callee->isArrow()};
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C))
    if (isa_and_nonnull<CXXMethodDecl>(Op->getDirectCallee()) &&
        Op->getNumArgs() > 0)
      return {Op->getArg(0), false};
  return {nullptr, false};
}

SymValue AddressBuilder::atomicResult(const CallExpr *C, const LValue &LV,
                                      const std::vector<SymValue> &Operands) {
  // Lanes that update one address get its values one after another: what an
  // atomic returns differs per lane even where a load at its address would
  // be the same in every lane. `atomicAdd(tail, n)` with one address and one
  // n in the warp hands the lanes the slots tail, tail + n, ... (nvcc
  // aggregates the warp's adds, ranking the lanes): which lane takes which
  // slot does not change the sectors or banks the slots touch, only that
  // they are these, so the lanes are taken in order.
  StringRef Name = C->getDirectCallee()->getName();
  bool Add = Name == "atomicAdd" || Name == "atomicAdd_block";
  if (!Add || Operands.size() != 1 || !C->getType()->isIntegerType() ||
      Syms.isLaneVarying(LV.Address.P) || Syms.isLaneVarying(Operands[0].P))
    return opaqueFor(C, Variation::LaneData);
  SymValue V = opaqueFor(C, Variation::PerWarp);
  V.P = V.P + Operands[0].P * laneInWarp();
  return V;
}

Poly AddressBuilder::laneInWarp() {
  return Syms.op(sym::OpKind::Rem, linearThreadIndex(Syms),
                 Poly::constant(model::WarpSize));
}

AddressBuilder::LValue
AddressBuilder::pointerArgument(const CallExpr *C, AccessKind Kind,
                                std::vector<SymValue> *Operands) {
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
  for (unsigned I = 1; I < C->getNumArgs(); ++I) {
    SymValue V = rvalue(C->getArg(I));
    if (Operands)
      Operands->push_back(V);
  }
  record(LV, Kind, At, /*AlwaysIssued=*/true);
  return LV;
}

const FunctionDecl *
AddressBuilder::programsDefinition(const FunctionDecl *Callee) const {
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def) || !Def)
    return nullptr;
  // Library code (CUDA and C++ headers) is not the program's: its accesses
  // are not the user's to fix, and it is large. CUB's collectives are: the
  // user chose the algorithm, and their accesses are filed under the user's
  // call (HeCBench blockScan: 140 measured lines no access was predicted
  // for).
  if (AST.getSourceManager().isInSystemHeader(Def->getLocation()) &&
      !isWalkedLibraryCode(Def))
    return nullptr;
  return Def;
}

const FunctionDecl *
AddressBuilder::walkableDefinition(const FunctionDecl *Callee) const {
  const FunctionDecl *Def = programsDefinition(Callee);
  if (!Def)
    return nullptr;
  // An explicit object parameter (C++23) is not followed.
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Def);
      Method && Method->isExplicitObjectMemberFunction())
    return nullptr;
  if (Frames.size() >= limits::MaxInlineDepth ||
      std::find(Frames.begin(), Frames.end(), Def) != Frames.end() ||
      Def == Kernel)
    return nullptr;
  return Def;
}

std::optional<SymValue> AddressBuilder::inlineCall(const FunctionDecl *Callee,
                                                   const CallExpr *C) {
  // A kernel launched from device code runs as a grid of its own, not in
  // the caller's threads: it is analysed on its own.
  if (isa<CUDAKernelCallExpr>(C))
    return std::nullopt;
  const FunctionDecl *Def = walkableDefinition(Callee);
  if (!Def)
    return std::nullopt;
  // A method is walked with `this` the address of the object it is called
  // on.
  const auto *Method = dyn_cast<CXXMethodDecl>(Def);
  bool Instance = Method && Method->isInstance();
  auto [Object, Arrow] = objectOf(C);
  if (Instance && !Object)
    return std::nullopt;
  unsigned First = Instance && isa<CXXOperatorCallExpr>(C) ? 1 : 0;
  if (C->getNumArgs() != Def->getNumParams() + First)
    return std::nullopt;

  std::optional<SymValue> ThisValue;
  if (Instance)
    ThisValue = objectAddress(Object, Arrow);
  std::vector<const Expr *> Args(C->arg_begin() + First, C->arg_end());
  return walkInlined(Def, C, Args, ThisValue);
}

std::optional<SymValue>
AddressBuilder::walkInlined(const FunctionDecl *Def, const Expr *Site,
                            llvm::ArrayRef<const Expr *> ArgExprs,
                            std::optional<SymValue> ThisValue,
                            Variation *ArgsVary) {
  if (anyWithin(AST.getSourceManager(), Def->getBody()->getSourceRange(),
                CompileErrors))
    SawErrors = true;
  std::vector<SymValue> Args;
  std::vector<std::optional<LValue>> BoundTo;
  for (unsigned I = 0; I < ArgExprs.size(); ++I) {
    const Expr *Arg = ArgExprs[I];
    const ParmVarDecl *Param = Def->getParamDecl(I);
    // A reference parameter binds to the argument's object; a parameter by
    // value of class type copies it (a load when it is in memory).
    if (Param->getType()->isReferenceType() && Arg->isGLValue()) {
      LValue LV = lvalue(Arg);
      if (LV.Kind == LValue::Memory)
        Args.push_back(LV.Address);
      else if (LV.Kind == LValue::None)
        Args.push_back(rvalue(Arg));
      else
        Args.push_back(loadFrom(LV, Arg));
      BoundTo.push_back(LV);
      continue;
    }
    Args.push_back(initialiseObject(Param, Arg));
    BoundTo.push_back(std::nullopt);
  }
  assert(Args.size() == Def->getNumParams() && "one value per parameter");
  if (ArgsVary)
    for (const SymValue &Arg : Args)
      *ArgsVary = std::max(*ArgsVary, Syms.variationOf(Arg.P));
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *Param = Def->getParamDecl(I);
    Vars[Param] = Args[I];
    ReferenceTo.erase(Param);
    if (BoundTo[I] && BoundTo[I]->Kind == LValue::Variable)
      ReferenceTo[Param] = BoundTo[I]->Var;
  }

  Frames.push_back(Def);
  This.push_back(ThisValue);
  CallStack.push_back(Site);
  Returns.emplace_back();
  {
    llvm::SaveAndRestore NotAtTail(AtKernelTail, false);
    GuardScope Body(Guards);
    // A constructor initialises its bases and members before its body runs.
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def); Ctor && ThisValue)
      initialiseMembers(Ctor, *ThisValue);
    stmt(Def->getBody());
  }
  std::vector<SymValue> Results = std::move(Returns.back());
  Returns.pop_back();
  CallStack.pop_back();
  This.pop_back();
  Frames.pop_back();

  if (Results.empty())
    return opaqueFor(Site, Variation::Uniform);
  bool Same = true;
  Variation Varies = Variation::Uniform;
  for (const SymValue &R : Results) {
    Same &= R == Results[0];
    Varies = std::max(Varies, Syms.variationOf(R.P));
  }
  return Same ? Results[0] : opaqueFor(Site, Varies);
}

SymValue AddressBuilder::sinCosCall(const CallExpr *C) {
  SymValue Argument = rvalue(C->getArg(0));
  // CUDA 13.0's libdevice: three 16-byte loads (LDG.E.128.CONSTANT) from
  // __cudart_sin_cos_coeffs, a table of 16 doubles, the half chosen by the
  // argument's quadrant: one sector where a warp's arguments share the
  // quadrant's parity, two where they do not. HeCBench fft and gabor on an
  // H100: 1 to 2 sectors a request on the line of the call.
  MemoryBase Table;
  Table.Name = "__cudart_sin_cos_coeffs";
  Table.Extents = {16};
  Table.ElementBytes = 8;
  Table.ElementType = "double";
  Bases.push_back(Table);
  Variation Varies = Syms.variationOf(Argument.P);
  // A quadrant per lane is as unknown as data.
  Variation QuadrantVaries =
      Varies == Variation::LaneComputed ? Variation::LaneData : Varies;
  Poly Quadrant = Poly::atom(
      Syms.opaque("quadrant of " + text(C->getArg(0)), QuadrantVaries));
  Poly Half = Syms.op(sym::OpKind::And, Quadrant, Poly::constant(1)) *
              Poly::constant(64);
  // One access of three 16-byte instructions.
  LValue LV;
  LV.Kind = LValue::Memory;
  LV.Address = pointerTo(Bases.size() - 1);
  LV.Address.P = Half;
  LV.Type = AST.getVectorType(AST.DoubleTy, 2, VectorKind::Generic);
  LV.ElementType = AST.DoubleTy;
  size_t Before = Sites.size();
  LoweringNotes.push_back(
      "a load inside CUDA's double-precision sine and cosine: the table of "
      "their polynomials' coefficients, whose half the argument's quadrant "
      "picks; nothing in the indexing to fix");
  record(LV, AccessKind::Load, C);
  LoweringNotes.pop_back();
  if (Sites.size() > Before) {
    Sites.back().WidthBytes = 48;
    Sites.back().InLibrary = true;
  }
  return opaqueFor(C, Varies);
}

SymValue AddressBuilder::warpCollectiveCall(const CallExpr *C,
                                            const WarpCollective &W) {
  std::vector<SymValue> Args;
  for (const Expr *Arg : C->arguments())
    Args.push_back(readValue(Arg));
  if (W.What == WarpCollective::Vote)
    return opaqueFor(C, Variation::PerWarp);
  if (W.ValueArg >= Args.size())
    return opaqueFor(C, Variation::LaneComputed);
  const SymValue &Value = Args[W.ValueArg];
  Variation Varies = Syms.variationOf(Value.P);
  // What every lane holds the same, any lane hands on unchanged.
  if (!Syms.isLaneVarying(Value.P) && W.What != WarpCollective::Reduce)
    return Value;
  switch (W.What) {
  case WarpCollective::Broadcast: {
    // One source lane for the whole warp (a width below 32 splits it).
    unsigned Source = W.ValueArg + 1, Width = W.ValueArg + 2;
    bool WholeWarp = Width >= Args.size() ||
                     isa<CXXDefaultArgExpr>(C->getArg(Width)) ||
                     Args[Width].P.asConstant().value_or(0) >= model::WarpSize;
    bool OneSource = Source < Args.size() &&
                     !Syms.isLaneVarying(Args[Source].P) && WholeWarp;
    if (OneSource)
      return opaqueFor(C, Variation::PerWarp);
    return opaqueFor(C, std::max(Varies, Variation::LaneComputed));
  }
  case WarpCollective::Exchange:
    return opaqueFor(C, std::max(Varies, Variation::LaneComputed));
  case WarpCollective::Reduce:
    return opaqueFor(C,
                     Syms.isLaneVarying(Value.P) ? Variation::PerWarp : Varies);
  case WarpCollective::Vote:
    break;
  }
  llvm_unreachable("votes are answered above");
}

} // namespace cudacoalesce
