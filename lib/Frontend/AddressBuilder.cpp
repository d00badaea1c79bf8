//===- Frontend/AddressBuilder.cpp - AST to symbolic addresses ------------===//
#include "AddressBuilder.h"
#include "ExprSemantics.h"
#include "NvccLowering.h"
#include "SharedVectorFusion.h"
#include "SourceText.h"
#include "ThrustPointers.h"

#include "cuda-coalesce/Limits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>

using namespace clang;

namespace cudacoalesce {

AddressBuilder::AddressBuilder(ASTContext &AST, sym::Context &Syms)
    : AST(AST), Syms(Syms), Folded(AST) {}

uint64_t AddressBuilder::sizeOf(QualType T) const {
  if (!hasLayout(T))
    return 1;
  return std::max<int64_t>(1, AST.getTypeSizeInChars(T).getQuantity());
}

std::string AddressBuilder::text(const Expr *E) const {
  std::string S = sourceText(E, AST, limits::MaxOpaqueNameLength);
  return S.empty() ? "value" : S;
}

/// Whether a value of type \p T is a pointer: a `T *`, or thrust's
/// device_ptr, which holds one.
static bool holdsPointer(QualType T) {
  return T->isPointerType() || isThrustDevicePtr(T);
}

SymValue AddressBuilder::opaqueFor(const Expr *E, sym::Variation Varies) {
  SymValue V;
  V.P = Poly::atom(Syms.opaque(text(E), Varies));
  V.IsPointer = holdsPointer(E->getType());
  return V;
}

Variation AddressBuilder::loadedVariation(const SymValue &Address) const {
  Variation Contents =
      Address.Base >= 0 ? Bases[Address.Base].ContentsVary : Variation::Uniform;
  if (Syms.isLaneVarying(Address.P) || Contents >= Variation::LaneComputed)
    return Variation::LaneData;
  bool PerWarp =
      Contents == Variation::PerWarp ||
      (Address.Base >= 0 && Bases[Address.Base].Varies != Variation::Uniform) ||
      Syms.containsLeaf(Address.P, [](const sym::Atom &A) {
        return A.Kind == sym::AtomKind::BlockIdx ||
               A.Kind == sym::AtomKind::LoopIteration || A.ReadsPerWarp;
      });
  return PerWarp ? Variation::PerWarp : Variation::Uniform;
}

SymValue AddressBuilder::loadedValue(const Expr *At, const SymValue &Address) {
  SymValue V;
  // Each thread has its own local memory: lanes that read one local address
  // read as many values, so the model must not take it for a broadcast.
  bool ThreadPrivate = Address.Base >= 0 &&
                       Bases[Address.Base].Space == model::AddressSpace::Local;
  Variation Varies = loadedVariation(Address);
  V.P = Poly::atom(ThreadPrivate ? Syms.opaque(text(At), Varies)
                                 : Syms.loaded(text(At), Varies, Address.P));
  V.IsPointer = holdsPointer(At->getType());
  // A pointer read back from the thread's memory points where the pointers
  // stored there did, at an offset the walk does not know.
  if (ThreadPrivate && V.IsPointer && Bases[Address.Base].PointsInto >= 0)
    V.Base = Bases[Address.Base].PointsInto;
  return V;
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
  return Syms.param(Name, P);
}

int AddressBuilder::baseFor(const VarDecl *V) {
  auto It = BaseOfVar.find(V);
  if (It != BaseOfVar.end())
    return It->second;
  MemoryBase B;
  B.Name = V->getName().str();
  if (V->hasAttr<CUDASharedAttr>())
    B.Space = model::AddressSpace::Shared;
  else if (V->hasAttr<CUDAConstantAttr>())
    B.Space = model::AddressSpace::Constant;
  else if (V->hasLocalStorage() || V->isStaticLocal())
    B.Space = model::AddressSpace::Local;
  QualType T = V->getType();
  while (const ArrayType *A = AST.getAsArrayType(T)) {
    if (const auto *C = dyn_cast<ConstantArrayType>(A))
      B.Extents.push_back(C->getZExtSize());
    T = A->getElementType();
  }
  if (B.Space == model::AddressSpace::Shared)
    B.Placement = sharedPlacement(AST, V, Kernel);
  B.GuardsWhenMade = Guards.size();
  if (T != V->getType() && hasLayout(T)) {
    B.ElementBytes = AST.getTypeSizeInChars(T).getQuantity();
    B.ElementType = T.getUnqualifiedType().getAsString(AST.getPrintingPolicy());
  }
  Bases.push_back(B);
  BaseOfVar[V] = Bases.size() - 1;
  return Bases.size() - 1;
}

unsigned AddressBuilder::lineOf(const Stmt *S) const {
  return AST.getSourceManager().getPresumedLineNumber(S->getBeginLoc());
}

bool AddressBuilder::inDeadCode() const {
  // A guard the walk decided false (a constant template argument, an
  // unrolled trip's element): the compiler removes the code it guards.
  return llvm::any_of(Guards, [](const Guard &G) {
    std::optional<int64_t> Known = G.Diff.asConstant();
    return Known && !model::holds(G.Op, *Known);
  });
}

bool AddressBuilder::mayWriteShared(int Base) const {
  // NVPTX takes a kernel's pointer parameters and __device__ variables to
  // be global memory, and a thread's own objects are local: a store to
  // them leaves shared memory alone (HeCBench moe's softmax: `float_max`
  // loaded once before a loop that stores `output[idx]`, under its `for`).
  if (Base < 0)
    return true;
  const MemoryBase &B = Bases[Base];
  return B.Space == model::AddressSpace::Shared ||
         (B.Space == model::AddressSpace::Global && B.AlignmentAssumed);
}

bool AddressBuilder::basesApart(int A, int B) const {
  // What one restrict pointer reads, no other pointer writes, and nvcc
  // relies on it: GVN keeps a value across such a store, LICM hoists a load
  // past it (nvcc 13 hoists `a[t]` out of a loop storing `out[t * T + y]`
  // where either is `__restrict__`, and keeps it in the loop where neither
  // is, even for a float load past int stores: HeCBench particlefilter's
  // kernel_likelihood), DSE keeps no store for a load of the other.
  return A >= 0 && B >= 0 && A != B && (Bases[A].Restrict || Bases[B].Restrict);
}

bool AddressBuilder::writesMissBase(int Base, size_t From) const {
  return Base >= 0 &&
         std::all_of(WrittenBases.begin() + From, WrittenBases.end(),
                     [&](int W) { return basesApart(W, Base); });
}

void AddressBuilder::record(const LValue &LV, AccessKind Kind, const Expr *At,
                            bool AlwaysIssued) {
  if (LV.Kind != LValue::Memory || LV.ThreadPrivateScalar)
    return;
  if (Kind != AccessKind::Load) {
    WrittenBases.push_back(LV.Address.Base);
    if (mayWriteShared(LV.Address.Base))
      ++SharedMemoryWrites;
    if (LV.Address.Base >= 0 &&
        Bases[LV.Address.Base].Space == model::AddressSpace::Local) {
      if (std::optional<int64_t> Offset = LV.Address.P.asConstant())
        forgetFields(LV.Address.Base, Offset, sizeOf(LV.Type), QualType(),
                     StoreByOwnMethod);
      else if (LV.ArrayMember)
        forgetFields(LV.Address.Base, LV.ArrayMember->first,
                     LV.ArrayMember->second, QualType(), StoreByOwnMethod);
      else
        forgetFields(LV.Address.Base, std::nullopt, 0, LV.Type,
                     StoreByOwnMethod);
      // Lanes that store at places of their own leave their copies
      // different whatever the value (`c[data[i] & 3]++`), as do lanes that
      // store apart under a guard (storedInto).
      Variation At = Syms.variationOf(LV.Address.P);
      storedInto(LV.Address.Base,
                 At >= Variation::LaneComputed ? At : Variation::Uniform);
    }
  }
  noteInFusibleLoop(Kind, LV.Address.Base);
  if (!Recording || inDeadCode())
    return;
  assert(LV.Address.Base < int(Bases.size()) && "a base of this walk");
  QualType T = LV.Type;
  if (T->isPointerType() && Kind == AccessKind::Atomic)
    T = T->getPointeeType();
  AccessSite S;
  S.Access = At;
  S.Kind = Kind;
  S.Base = LV.Address.Base;
  if (S.Base >= 0)
    S.Space = Bases[S.Base].Space;
  S.ByteOffset = LV.Address.P;
  S.Index = LV.Index;
  S.HasIndex = LV.HasIndex;
  S.WidthBytes = sizeOf(T);
  unsigned Align = hasLayout(T) ? AST.getTypeAlignInChars(T).getQuantity() : 1;
  if (S.Space == model::AddressSpace::Shared && Align < S.WidthBytes)
    Align = std::max(
        Align, provenSharedAlignment(S.ByteOffset, Bases[S.Base].Placement));
  S.ChunkBytes = instructionBytes(S.WidthBytes, Align);
  S.ElementType = LV.ElementType;
  if (!LV.FieldPath.empty() && hasLayout(LV.ElementType))
    S.Record = LV.ElementType->getAsRecordDecl();
  S.FieldPath = LV.FieldPath;
  S.OffsetInElement = LV.OffsetInElement;
  S.Guards = Guards;
  S.WrittenIn = Frames.empty() ? Kernel : Frames.back();
  S.CallChain = CallStack;
  S.Trips = TripStack;
  S.Hinted = AlwaysIssued;
  S.LoweringNotes = LoweringNotes;
  S.Lowerings = Lowerings;
  S.AlsoFiledUnder = UnrolledLoopLines;
  bool Volatile = T.isVolatileQualified();
  std::string Widening = indexWidening(At);
  if (Kind == AccessKind::Load && !Volatile && !AlwaysIssued &&
      holds(S, Widening))
    return;
  updateHeld(S, Volatile, std::move(Widening));
  Sites.push_back(std::move(S));
  noteFusionCandidate(Sites.size() - 1);
  if (Kind == AccessKind::Load && !Volatile && !AlwaysIssued)
    joinVectorLoad(LV);
}

std::string AddressBuilder::indexWidening(const Expr *Access) const {
  std::string Widening;
  const Expr *E = Access;
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      E = M->isArrow() ? nullptr : M->getBase();
      continue;
    }
    const auto *S = dyn_cast<ArraySubscriptExpr>(E);
    if (!S)
      break;
    const Expr *Idx = S->getIdx()->IgnoreParenImpCasts();
    QualType T = Idx->getType();
    if (!Idx->isValueDependent() && !Idx->isIntegerConstantExpr(AST)) {
      bool Int32 =
          T->isIntegerType() && hasLayout(T) && AST.getTypeSize(T) == 32;
      Widening += !Int32 ? 'w' : T->isSignedIntegerType() ? 's' : 'u';
    }
    E = S->getBase();
  }
  return Widening;
}

namespace {
/// Whether two accesses at the same offset build it apart: one subscript
/// sign-extends the index the other zero-extends. A constant offset is
/// folded whatever the indices' types.
bool widenedApart(const std::string &A, const std::string &B,
                  const sym::Poly &Offset) {
  if (A.size() != B.size() || Offset.asConstant())
    return false;
  for (size_t K = 0; K < A.size(); ++K)
    if (A[K] != B[K] && A[K] != 'w' && B[K] != 'w')
      return true;
  return false;
}
} // namespace

bool AddressBuilder::holds(const AccessSite &S,
                           const std::string &Widening) const {
  if (S.Base < 0)
    return false;
  return llvm::any_of(Held, [&](const HeldValue &H) {
    return H.Base == S.Base && H.ByteOffset == S.ByteOffset &&
           H.WidthBytes >= S.WidthBytes &&
           !widenedApart(H.Widening, Widening, S.ByteOffset);
  });
}

void AddressBuilder::updateHeld(const AccessSite &S, bool Volatile,
                                std::string Widening) {
  if (S.Kind != AccessKind::Load) {
    // Another pointer may alias this one; the same pointer at a constant
    // distance of a whole access or more cannot, nor one of two objects
    // where either is a kernel's __restrict__ parameter (what one restrict
    // pointer reads, no other pointer writes: nvcc relies on it too).
    llvm::erase_if(Held, [&](const HeldValue &H) {
      if (H.Space != S.Space && S.Base >= 0)
        return false;
      if (basesApart(H.Base, S.Base))
        return false;
      std::optional<int64_t> Apart =
          H.Base == S.Base ? (H.ByteOffset - S.ByteOffset).asConstant()
                           : std::nullopt;
      return !Apart || (*Apart < int64_t(S.WidthBytes) &&
                        -*Apart < int64_t(H.WidthBytes));
    });
  }
  if (S.Kind != AccessKind::Atomic && S.Base >= 0 && !Volatile)
    Held.push_back(
        {S.Base, S.Space, S.ByteOffset, S.WidthBytes, std::move(Widening)});
}

void AddressBuilder::joinHeld(const std::vector<HeldValue> &Other) {
  llvm::erase_if(
      Held, [&](const HeldValue &H) { return !llvm::is_contained(Other, H); });
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
  assert(K->hasBody() && "a kernel without a body has nothing to walk");
  Kernel = K;
  SawErrors = false;
  Sites.clear();
  TextureFetches.clear();
  Vars.clear();
  Fields.clear();
  OpenVectorLoads.clear();
  FoldedSites.clear();
  Guards.clear();
  WrittenBases.clear();
  for (unsigned I = 0; I < K->getNumParams(); ++I) {
    const ParmVarDecl *P = K->getParamDecl(I);
    QualType T = P->getType();
    // thrust's device_ptr<T> is a `T *` in a class (ThrustPointers.h).
    if (holdsPointer(T)) {
      MemoryBase B;
      B.Name = P->getName().str();
      B.Restrict = T.isRestrictQualified();
      Bases.push_back(B);
      Vars[P] = pointerTo(Bases.size() - 1);
    } else if (T->isIntegralOrEnumerationType()) {
      Vars[P] = SymValue{false, -1, Poly::atom(paramAtom(K, I))};
    }
  }
  AtKernelTail = true;
  stmt(K->getBody());
  AtKernelTail = false;
  llvm::sort(FoldedSites);
  for (size_t I : llvm::reverse(FoldedSites))
    Sites.erase(Sites.begin() + I);
  return std::move(Sites);
}

} // namespace cudacoalesce
