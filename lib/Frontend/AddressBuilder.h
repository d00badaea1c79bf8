//===- Frontend/AddressBuilder.h - AST to symbolic addresses ---*- C++ -*-===//
//
// Walks a kernel body in program order, keeping the symbolic value of every
// local variable, and records each memory access with its symbolic address,
// its address space, its width and the guards that decide which lanes reach
// it. Calls into __device__ functions are walked in the caller's context.
//
// One class over several files, the way clang's CodeGenFunction spreads over
// CGExpr, CGStmt and CGCall:
//   AddressBuilder.cpp      bases, recording an access, the kernel's entry
//   AddressBuilderExpr.cpp  expressions: values, lvalues, arithmetic, loads
//   AddressBuilderStmt.cpp  statements and the guards they put on lanes
//   AddressBuilderLoop.cpp  loops and their induction variables
//   AddressBuilderCall.cpp  calls: built-ins, atomics, __device__ helpers,
//                           thrust's device_ptr
// with the catalogues beside it: DeviceBuiltins, CooperativeGroups,
// ThrustPointers and NvccLowering (what nvcc makes of the source).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_ADDRESSBUILDER_H
#define CUDA_COALESCE_LIB_FRONTEND_ADDRESSBUILDER_H

#include "DeclarationOrder.h"
#include "DeviceBuiltins.h"
#include "FoldedConstants.h"
#include "JournaledMap.h"
#include "SharedVectorFusion.h"

#include "cuda-coalesce/Frontend/Finding.h"
#include "cuda-coalesce/Model/WarpModel.h"
#include "cuda-coalesce/Symbolic/Expr.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class AsmStmt;
class CXXConstructExpr;
class CXXConstructorDecl;
class CXXRecordDecl;
class CXXForRangeStmt;
class FieldDecl;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace cudacoalesce {

// The names every file of the walk uses.
using model::Guard;
using sym::Poly;
using sym::Variation;

/// A memory object a pointer points into.
struct MemoryBase {
  std::string Name;
  model::AddressSpace Space = model::AddressSpace::Global;
  /// Not a kernel's pointer parameter or a __device__ variable: its
  /// alignment is assumed, not known.
  bool AlignmentAssumed = false;
  /// A pointer loaded from memory: whether it is the same for the whole
  /// launch or differs from warp to warp (a row's pointer loaded per block).
  sym::Variation Varies = sym::Variation::Uniform;
  /// An array variable as declared (`float tile[32][33]`): its extents,
  /// outermost first (empty for `extern __shared__ float s[]`, a pointer),
  /// and its element.
  std::vector<uint64_t> Extents;
  unsigned ElementBytes = 0;
  std::string ElementType;
  /// A thread's own object (a local struct): how what it holds varies
  /// across lanes where the walk does not know it (as what it was built
  /// from, and per lane once something the walk does not keep is stored).
  sym::Variation ContentsVary = sym::Variation::Uniform;
  /// A kernel parameter declared `T *__restrict__`.
  bool Restrict = false;
  /// A scalar local whose address was taken (`lcg(&seed)`): a read or
  /// write of its whole value through a pointer is one of the variable.
  const clang::VarDecl *Variable = nullptr;
  /// A __shared__ array: what ptxas knows of where it starts
  /// (sharedPlacement).
  SharedPlacement Placement;
  /// How many of the walk's guards held where the object was made: a store
  /// under a later guard that lanes take apart leaves the lanes' copies
  /// different (storedInto).
  size_t GuardsWhenMade = 0;
  /// A thread's own memory that pointers were stored into: the one object
  /// they all point into (-1: none stored yet; -2: more than one). A
  /// pointer read back from it points into that object where the walk did
  /// not keep which element (CUB's BlockRadixRank keeps `DigitCounter
  /// *digit_counters[ITEM]` into its __shared__ storage).
  int PointsInto = -1;
};

/// The symbolic value of an expression: an integer, or a pointer (a base
/// plus a byte offset). Values we cannot see into are opaque atoms.
struct SymValue {
  bool IsPointer = false;
  int Base = -1; // index into AddressBuilder::bases(); -1 = unknown object
  sym::Poly P;   // the integer, or the pointer's byte offset
  bool operator==(const SymValue &O) const {
    return IsPointer == O.IsPointer && Base == O.Base && P == O.P;
  }
};

/// One access found in a kernel.
struct AccessSite {
  const clang::Expr *Access = nullptr; // the lvalue (or call) accessed
  AccessKind Kind = AccessKind::Load;
  int Base = -1;
  /// Global unless the base is known to be in another space.
  model::AddressSpace Space = model::AddressSpace::Global;
  sym::Poly ByteOffset;
  sym::Poly Index; // in elements of the subscripted type
  bool HasIndex = false;
  unsigned WidthBytes = 0, ChunkBytes = 0;
  /// The subscripted array's element, and where in it the access lies: a
  /// struct member (p[i].vel.y) names its record and field path.
  clang::QualType ElementType;
  const clang::RecordDecl *Record = nullptr;
  std::string FieldPath;
  unsigned OffsetInElement = 0;
  std::vector<model::Guard> Guards;
  const clang::FunctionDecl *WrittenIn = nullptr;
  std::vector<const clang::Expr *> CallChain; // outermost call first
  /// The trips of fully unrolled loops the access is in (`stride = 16`),
  /// outermost first: each trip is its own code.
  std::vector<std::string> Trips;
  /// Written through a cache-hint intrinsic (__ldcs, __stcs): inline asm
  /// that nvcc neither removes nor merges.
  bool Hinted = false;
  /// Where nvcc's code for the access differs from the source in a way the
  /// counts follow (a loop's lanes out of step after unrolling).
  std::vector<std::string> LoweringNotes;
  /// The loops around the access that nvcc splits into pieces
  /// (lowerUnrolledLoop), outermost first.
  std::vector<model::LoopLowering> Lowerings;
  /// Lines nvcc may file some of the access's instructions under, which it
  /// gives no line of their own (Finding::AlsoFiledUnder).
  std::vector<unsigned> AlsoFiledUnder;
  /// A load the CUDA library makes behind a call (AccessShape::InLibrary).
  bool InLibrary = false;
  /// An atomic nvcc makes a loop of compare-and-swap
  /// (AccessShape::CompareAndSwapLoop).
  bool CompareAndSwapLoop = false;
  /// AccessShape::SerializesOneWord and CarriesTwoValues.
  bool SerializesOneWord = false, CarriesTwoValues = false;
  /// AccessShape::RetriedWithLoop.
  bool RetriedWithLoop = false;
  /// The elements of an unrolled loop's trips, fused by ptxas into wider
  /// instructions (SharedVectorFusion.h): the loop does not repeat it.
  bool FusedAcrossTrips = false;
  /// Nonzero for the instructions one access of a loop unrolled at run time
  /// becomes (the fused copies and the leftover trips), the same number for
  /// each: the trip count sets how often each runs.
  unsigned UnrolledAtRunTime = 0;
};

/// The access as the model sees it.
model::AccessShape modelShape(const AccessSite &S);

class ConditionLeaves;

class AddressBuilder {
public:
  AddressBuilder(clang::ASTContext &AST, sym::Context &Syms);

  /// Walks \p Kernel; returns its accesses in source order.
  std::vector<AccessSite> walkKernel(const clang::FunctionDecl *Kernel);
  const std::vector<MemoryBase> &bases() const { return Bases; }

  /// Locals of the last kernel walked that hold a thread index along x and
  /// along y ("col", "row"); null when there is none.
  std::pair<const clang::VarDecl *, const clang::VarDecl *>
  threadIndexVariables() const;

  /// The value a local of the last kernel walked holds at its end.
  std::optional<sym::Poly> valueOf(const clang::VarDecl *V) const;

  /// Whether the last kernel walked (or a helper it calls) contains code that
  /// did not compile: what was derived from it cannot be trusted.
  bool sawCompileErrors() const { return SawErrors; }
  /// Where the parse reported errors: a helper whose body holds one taints
  /// the kernels that call it.
  /// \p NvccAccepted: see CompileErrors::NvccAccepted (KernelAnalysis.h).
  void setCompileErrors(std::vector<clang::SourceLocation> Errors,
                        bool NvccAccepted) {
    ErrorsOnlyInvalidateDeclarations = Errors.empty() && NvccAccepted;
    CompileErrors = std::move(Errors);
  }

  /// The texture and surface fetches of the last kernel walked: reads through
  /// the texture path, not global-memory accesses, so not analysed.
  const std::vector<const clang::CallExpr *> &textureFetches() const {
    return TextureFetches;
  }

  /// The atom standing for the kernel parameter \p Index of \p Kernel.
  sym::AtomId paramAtom(const clang::FunctionDecl *Kernel, unsigned Index);

private:
  struct LValue {
    /// Value: a call returning a reference that the walk could not see
    /// into; it was evaluated once, and reading it gives Computed.
    enum { None, Variable, Memory, Value } Kind = None;
    const clang::VarDecl *Var = nullptr;
    SymValue Address;  // Memory: the pointer to the object
    SymValue Computed; // Value
    clang::QualType Type;
    sym::Poly Index;
    bool HasIndex = false;
    clang::QualType ElementType; // of the subscript or pointee
    std::string FieldPath;       // members taken inside the element
    unsigned OffsetInElement = 0;
    /// An element of an array member at a constant place in its object:
    /// the array's first byte and size (an index cannot leave it).
    std::optional<std::pair<int64_t, uint64_t>> ArrayMember;
    /// A member: its offset in the struct it belongs to, and that struct's
    /// alignment (loads of the members of one float4 may become one).
    int64_t MemberOffset = 0;
    unsigned MemberOf = 0;
    /// A scalar member of a thread's own object the walk has not kept: a
    /// place its values are read from and kept in, never an access.
    bool ThreadPrivateScalar = false;
  };

  /// \p E's value; a leaf of the condition being evaluated
  /// (ConditionValues) is evaluated once.
  SymValue rvalue(const clang::Expr *E);
  SymValue evaluateRvalue(const clang::Expr *E);
  LValue lvalue(const clang::Expr *E);
  /// The lvalues of lvalue()'s kinds of expression, each filling in \p LV
  /// (its type set): a variable, `a[i]`, `c ? a : b`, `s.f` and `p->f`, and
  /// a call that returns a reference.
  LValue variableLValue(const clang::DeclRefExpr *Ref, LValue LV);
  LValue subscriptLValue(const clang::ArraySubscriptExpr *S, LValue LV);
  LValue chosenLValue(const clang::ConditionalOperator *C, LValue LV);
  /// The value of \p C, each side's from \p Side under the test (a load on
  /// one side is not speculated: nvcc branches around it or predicates it).
  SymValue chosenValue(const clang::ConditionalOperator *C,
                       llvm::function_ref<SymValue(const clang::Expr *)> Side);
  /// The value \p LValueExpr holds, loaded where it is memory.
  SymValue loaded(const clang::Expr *LValueExpr);
  LValue memberLValue(const clang::MemberExpr *M, LValue LV);
  LValue returnedLValue(const clang::CallExpr *Call, LValue LV);
  SymValue opaqueFor(const clang::Expr *E, sym::Variation Varies);
  /// The value of a static constant data member named through an object.
  std::optional<int64_t> staticConstantMember(const clang::MemberExpr *M) const;
  /// `cond ? T : F` where both sides point into memory; Selector is the
  /// condition's value (0 or 1).
  SymValue pointerChoice(const clang::ConditionalOperator *C,
                         const sym::Poly &Selector, const SymValue &T,
                         const SymValue &F);
  /// How a value read at \p Address varies: per lane where the lanes'
  /// addresses differ, per warp where the address depends on the block, a
  /// loop's trip or data that differs per warp, else not at all.
  sym::Variation loadedVariation(const SymValue &Address) const;
  /// The value read at \p Address by \p At: an opaque value that knows
  /// where it came from.
  SymValue loadedValue(const clang::Expr *At, const SymValue &Address);
  SymValue visitChildren(const clang::Expr *E);
  SymValue binary(const clang::BinaryOperator *B);
  SymValue unary(const clang::UnaryOperator *U);
  SymValue call(const clang::CallExpr *C);
  SymValue assign(const clang::Expr *Target, const clang::Expr *Source,
                  std::optional<clang::BinaryOperatorKind> Compound,
                  const clang::Expr *WholeExpr);
  /// The width of \p T where arithmetic in it wraps below 64 bits (an
  /// unsigned type narrower than the 64-bit polynomials), else 0.
  unsigned wrappingWidth(clang::QualType T) const;
  /// The operation \p K (of OpKinds.def) in the integer type \p Type, on
  /// the values a register of that type holds.
  sym::Poly operationAsComputed(sym::OpKind K, const sym::Poly &L,
                                const sym::Poly &R, clang::QualType Type);
  SymValue arithmetic(clang::BinaryOperatorKind Op, const SymValue &L,
                      const SymValue &R, clang::QualType LType,
                      clang::QualType RType);
  SymValue loadFrom(const LValue &LV, const clang::Expr *At);
  /// Adds the access at At, unless it is a load of a value the thread
  /// holds. Cache-hinted loads (__ldcs, __ldg) are asm that nvcc keeps:
  /// they pass AlwaysIssued.
  void record(const LValue &LV, AccessKind Kind, const clang::Expr *At,
              bool AlwaysIssued = false);
  std::optional<SymValue> builtinIndex(const clang::Expr *E);
  /// Atomics and cache-hinted loads and stores: an access through the
  /// pointer in argument 0.
  LValue pointerArgument(const clang::CallExpr *C, AccessKind Kind,
                         std::vector<SymValue> *Operands = nullptr);
  /// The lane's place in its warp: the linear thread index modulo 32.
  sym::Poly laneInWarp();
  /// What the atomic \p C at \p LV returns to each lane (\p Operands: its
  /// arguments after the pointer).
  SymValue atomicResult(const clang::CallExpr *C, const LValue &LV,
                        const std::vector<SymValue> &Operands);
  std::optional<SymValue> inlineCall(const clang::FunctionDecl *Callee,
                                     const clang::CallExpr *C);
  /// \p Callee's definition where the program has one (a body outside the
  /// CUDA and C++ headers), else null.
  const clang::FunctionDecl *
  programsDefinition(const clang::FunctionDecl *Callee) const;
  /// The definition of \p Callee the walk may enter at this depth, or null
  /// (no body, library code, recursion).
  const clang::FunctionDecl *
  walkableDefinition(const clang::FunctionDecl *Callee) const;
  /// Walks \p Def called at \p Site with \p Args bound to its parameters
  /// and \p ThisValue as `this`; its value (the return, or an opaque one).
  /// \p ArgsVary, where given, receives how the arguments vary.
  std::optional<SymValue> walkInlined(const clang::FunctionDecl *Def,
                                      const clang::Expr *Site,
                                      llvm::ArrayRef<const clang::Expr *> Args,
                                      std::optional<SymValue> ThisValue,
                                      sym::Variation *ArgsVary = nullptr);
  /// The object a method is called on, and whether the call reaches it
  /// through a pointer (`p->f()`); null for other calls.
  static std::pair<const clang::Expr *, bool>
  objectOf(const clang::CallExpr *C);

  // Objects (AddressBuilderObjects.cpp): copies, conversions and operators
  // of class-typed values in memory (float4, __half, user structs).
  /// The value of the object \p C builds: a copy of an object in memory
  /// loads it, a thrust device_ptr made from a pointer holds it.
  SymValue constructedValue(const clang::CXXConstructExpr *C);
  /// The value of \p E, loading the object when E names one in memory.
  SymValue readObject(const clang::Expr *E);
  /// The value of \p E, reading it when E is an lvalue (an argument bound
  /// to a reference parameter is read by the callee).
  SymValue readValue(const clang::Expr *E);
  /// The address of the object \p Object names (\p Arrow: a pointer to
  /// it): what `this` is in a method called on it.
  SymValue objectAddress(const clang::Expr *Object, bool Arrow);
  /// A call the walk does not enter (library code: cuda_fp16's operators,
  /// conversion operators): objects in memory it takes by reference, or is
  /// called on, are read (and written where the call may change them).
  SymValue opaqueCall(const clang::CallExpr *C);
  // thrust's device_ptr<T> and device_reference<T> (ThrustPointers.h), as
  // the `T *` and the element of it they stand for (AddressBuilderCall.cpp).
  /// The pointer \p E holds: a device_ptr's, a raw pointer's, or the address
  /// of the element a device_reference names.
  SymValue thrustPointer(const clang::Expr *E);
  /// The element the device_reference \p E names (None where the walk
  /// cannot place it).
  LValue thrustElement(const clang::Expr *E);
  /// The element \p Reference names, read.
  SymValue thrustRead(const clang::Expr *Reference);
  /// A call on either class, as the operation on a pointer or an element it
  /// stands for; nothing where \p C is none (ThrustOperation::None).
  std::optional<SymValue> thrustCall(const clang::CallExpr *C);
  /// memcpy(dst, src, n) with a constant n: a load and a store of n bytes.
  std::optional<SymValue> memoryCopy(const clang::CallExpr *C);
  /// The loads of libdevice's sin/cos coefficient table that call \p C
  /// makes (readsSinCosTable); its value.
  SymValue sinCosCall(const clang::CallExpr *C);
  /// A warp shuffle, reduction or vote: what its result shares across the
  /// warp (a broadcast of lane 0 is one value per warp).
  SymValue warpCollectiveCall(const clang::CallExpr *C,
                              const WarpCollective &W);
  /// Loads (and stores) the object \p LV, of the type \p At has, as a call
  /// reads or writes it; returns the value read.
  SymValue touchObject(const LValue &LV, const clang::Expr *At, bool Reads,
                       bool Writes);

  // Fields of local objects (AddressBuilderObjects.cpp). A scalar member
  // keeps what its constructor or a later store gave it (faiss's
  // BlockSelect is handed its shared-memory queues in its constructor,
  // faiss's Codec in initKernel); the walk follows it as it follows a local
  // variable, through branches and loops, until a store it cannot place
  // may change it.
  /// A local object's field: its object's base and its byte offset.
  using FieldSlot = std::pair<int, int64_t>;
  struct KeptField {
    SymValue Value;
    uint64_t Bytes = 0;
    clang::QualType Type; // canonical, unqualified
    const clang::FieldDecl *Field = nullptr;
  };
  void keep(FieldSlot Slot, const clang::FieldDecl *F, const SymValue &Value);
  /// The base of the local object variable \p V, the same at every use.
  int objectBase(const clang::VarDecl *V);
  /// How the local object \p E names varies: as the most varying of the
  /// fields the walk keeps of it and of what was stored into it where it
  /// does not keep them; Uniform where \p E names no local object.
  sym::Variation objectVariation(const clang::Expr *E);
  /// `T v = *p;` of a struct whose only use is a whole store `*q = v;`: the
  /// loads that read v's initialiser (LoadsCopiedInto), and filing them
  /// under the store's line, where nvcc puts the copy it makes of the two.
  /// A path that breaks out of the innermost loop with \p Values, under
  /// \p Cond: after the loop, each variable it changed varies at least as
  /// its value there and the condition do (a search that breaks where the
  /// data says leaves each lane at an index of its own).
  void
  leftLoopWith(const llvm::DenseMap<const clang::VarDecl *, SymValue> &Values,
               const SymValue &Cond);
  /// Per loop being walked, innermost last: how the variables that paths
  /// breaking out of it changed vary.
  std::vector<llvm::DenseMap<const clang::VarDecl *, sym::Variation>>
      BreakVariations;
  void noteCopiedLoads(const clang::VarDecl *V, size_t FirstSite);
  void fileCopiedLoads(const clang::Expr *Value, const clang::Expr *Store);
  llvm::DenseMap<const clang::VarDecl *, std::vector<const clang::Expr *>>
      LoadsCopiedInto;
  /// The base of the scalar local \p V whose address is taken, the same at
  /// every use.
  int variableBase(const clang::VarDecl *V);
  /// The scalar local whose whole value \p LV names through a pointer.
  const clang::VarDecl *addressedVariable(const LValue &LV) const;
  /// Initialises the local object \p V from \p Init (a constructor walked,
  /// an aggregate's fields kept); its value as a whole.
  SymValue initialiseObject(const clang::VarDecl *V, const clang::Expr *Init);
  /// Walks the constructor \p C builds \p Object with; how its arguments
  /// vary, or nothing where it cannot (library code, a copy: the caller
  /// reads the source instead).
  std::optional<sym::Variation> construct(const clang::CXXConstructExpr *C,
                                          const SymValue &Object);
  /// A constructor's base and member initialisers, before its body.
  void initialiseMembers(const clang::CXXConstructorDecl *Ctor,
                         const SymValue &Object);
  /// The address the reference \p E binds to, where it is an object the
  /// walk places: what a reference member holds.
  std::optional<SymValue> boundAddress(const clang::Expr *E);
  /// The object the reference member at \p Slot refers to, where the walk
  /// kept what it was bound to.
  LValue referredLValue(LValue Slot, const clang::FieldDecl *Field,
                        clang::QualType Referred) const;
  /// A derived object seen as one of its bases: the base's bytes in it.
  LValue baseSubobjectLValue(const clang::CastExpr *Cast);
  /// The field slot \p LV names, where it is a local object's.
  std::optional<FieldSlot> fieldSlot(const LValue &LV) const;
  /// The value a field slot holds, where the walk kept one.
  std::optional<SymValue> keptField(const LValue &LV) const;
  /// Keeps \p Value in the field \p Target names (a scalar member of a
  /// local object).
  bool keepField(const LValue &LV, const clang::Expr *Target,
                 const SymValue &Value);
  /// Forgets what the walk kept in the bytes [From, From + Bytes) of the
  /// object at \p Base; where From is unknown, the fields of the type
  /// \p Written (all of them for a char, a struct or no type).
  /// \p OnlyMethodWritten: only the fields some method of their class
  /// writes (the store is such a method's).
  void forgetFields(int Base, std::optional<int64_t> From, uint64_t Bytes,
                    clang::QualType Written = clang::QualType(),
                    bool OnlyMethodWritten = false);
  void forgetFieldsWhere(
      llvm::function_ref<bool(const FieldSlot &, const KeptField &)> Gone);
  /// Forgets what the walk kept of the local object or scalar \p V (a call
  /// the walk does not enter may change it).
  void forgetObject(const clang::VarDecl *V);
  /// A value varying as \p Varies was stored in the thread's own memory at
  /// \p Base where the walk does not keep it.
  void storedInto(int Base, sym::Variation Varies);
  /// \p Value was stored in the thread's memory at \p Base: where it is a
  /// pointer, into which object (MemoryBase::PointsInto).
  void pointerStoredInto(int Base, const SymValue &Value);
  /// A whole object assigned: forgets what was kept of it and raises how it
  /// varies to \p Value's variation.
  void assignedObject(const LValue &LV, clang::QualType Type,
                      const SymValue &Value);
  bool writtenOnlyByConstructors(const clang::FieldDecl *F);
  /// Where two paths join: what both kept.
  void joinFields(const llvm::DenseMap<FieldSlot, KeptField> &Other);
  /// A loop's entry: the fields its body changed (from \p Before to what
  /// Fields holds after a trip) hold a value of some trip, an opaque value
  /// it returns.
  std::vector<sym::AtomId>
  enterLoopFields(const llvm::DenseMap<FieldSlot, KeptField> &Before);
  /// A loop walked once: forgets the fields its body may change.
  void forgetFieldsChangedIn(const clang::Stmt *Body);

  void stmt(const clang::Stmt *S);
  /// What inline asm leaves in its outputs: the lane index where it reads
  /// %laneid, else a per-lane value the walk does not follow.
  void asmOutputs(const clang::AsmStmt *A);
  void compound(const clang::CompoundStmt *C);
  /// A GNU statement expression `({ ...; value; })`: its statements are
  /// walked and its value is its last expression's (ppcg's min and max).
  SymValue statementExpr(const clang::StmtExpr *E);
  /// Files under \p Loop's line the loads that set what its condition
  /// reads: those of \p Before (the statement before it, its sites from
  /// \p BeforeFrom to \p LoopFrom) and of the body's last statement.
  void fileConditionLoads(const clang::Stmt *Loop, const clang::Stmt *Before,
                          size_t BeforeFrom, size_t LoopFrom);
  void ifStmt(const clang::IfStmt *If);
  /// Walks a range-for over a short braced list once per element; false
  /// (nothing walked) for any other range-for.
  bool walkUnrolledListLoop(const clang::CXXForRangeStmt *R);
  /// Whether a guard the walk has decided false holds the code walked.
  bool inDeadCode() const;
  void loop(const clang::Stmt *Loop, const clang::Stmt *Init,
            const clang::Expr *Cond, const clang::Expr *Inc,
            const clang::Stmt *Body);
  /// The steps of loop() (AddressBuilderLoop.cpp), over the loop's state.
  struct LoopState;
  /// The step of \p E where it is an induction update (`v += step`, ++v,
  /// `v = v + step`) of \p V by a step the loop does not change, in the
  /// units of V's value: bytes where V is a pointer.
  std::optional<sym::Poly> inductionStep(const LoopState &L,
                                         const clang::Expr *E,
                                         const clang::VarDecl *&V);
  /// inductionStep of `q += n` and `++q` on a thrust::device_ptr q.
  std::optional<sym::Poly> thrustInductionStep(const LoopState &L,
                                               const clang::CallExpr *C,
                                               const clang::VarDecl *&V);
  /// The bits \p E shifts \p V by, positive to the left, where it multiplies
  /// or divides it by a constant power of two (`s *= 2`, `s >>= 1`).
  std::optional<int> inductionShift(const clang::Expr *E,
                                    const clang::VarDecl *&V) const;
  /// The bytes one unit of a step moves a value of type \p Stepped: a
  /// pointer's pointee size.
  uint64_t stepUnit(clang::QualType Stepped) const;
  void findInductions(LoopState &L);
  /// The variables the loop changes at the top of trip L.Iteration: each
  /// induction variable at its value there, any other an opaque value that
  /// varies as \p Varying says.
  /// Returns the opaque values it gave the others.
  std::vector<sym::AtomId> enterLoop(
      const LoopState &L,
      const llvm::DenseMap<const clang::VarDecl *, sym::Variation> &Varying);
  void walkLoopBody(LoopState &L);
  void declStmt(const clang::DeclStmt *D);
  bool guardsFor(const clang::Expr *Cond, bool Negate,
                 std::vector<model::Guard> &Out);
  /// The guards of \p Cond (negated), evaluated without recording accesses.
  std::vector<model::Guard> conditionGuards(const clang::Expr *Cond,
                                            bool Negate);
  /// Where two paths (an if's branches) disagree on a variable, it becomes
  /// an opaque value; \p Cond decides which path ran.
  void mergePaths(const llvm::DenseMap<const clang::VarDecl *, SymValue> &Other,
                  const SymValue &Cond);

  /// Guards that hold for a scope: pushed on entry, popped on exit.
  class GuardScope {
  public:
    GuardScope(std::vector<model::Guard> &Stack,
               const std::vector<model::Guard> &Entered = {})
        : Stack(Stack), Depth(Stack.size()) {
      add(Entered);
    }
    /// More guards until the end of the scope (`if (...) return;`).
    void add(const std::vector<model::Guard> &More) {
      Stack.insert(Stack.end(), More.begin(), More.end());
    }
    ~GuardScope() { Stack.resize(Depth); }

  private:
    std::vector<model::Guard> &Stack;
    size_t Depth;
  };

  std::string text(const clang::Expr *E) const;
  SymValue pointerTo(int Base) const;
  int baseFor(const clang::VarDecl *V);
  uint64_t sizeOf(clang::QualType T) const;

  clang::ASTContext &AST;
  sym::Context &Syms;
  FoldedConstants Folded;
  std::vector<MemoryBase> Bases;
  llvm::DenseMap<const clang::VarDecl *, int> BaseOfVar;
  JournaledMap<const clang::VarDecl *, SymValue> Vars;
  /// The order mergePaths takes the variables in.
  DeclarationOrder DeclOrder;
  /// References bound to a local the walk tracks as a value (`const float4
  /// &vec` of a helper called with a register float4): they name that local,
  /// so `&vec` is local memory and writes through them change it.
  llvm::DenseMap<const clang::VarDecl *, const clang::VarDecl *> ReferenceTo;
  llvm::DenseMap<FieldSlot, KeptField> Fields;
  /// Set while recording the store of a method of the object's class that
  /// the walk does not enter: it may change only what such methods write.
  bool StoreByOwnMethod = false;
  llvm::DenseMap<const clang::CXXRecordDecl *,
                 llvm::DenseSet<const clang::FieldDecl *>>
      FieldsWrittenByMethods;
  std::vector<model::Guard> Guards;
  std::vector<AccessSite> Sites;
  std::vector<const clang::FunctionDecl *> Frames;
  /// `this` in each frame (unset in functions that are not methods).
  std::vector<std::optional<SymValue>> This;
  std::vector<const clang::Expr *> CallStack;
  /// The unrolled trips being walked, outermost first (AccessSite::Trips).
  std::vector<std::string> TripStack;
  /// Return values of the function being inlined (one list per frame).
  std::vector<std::vector<SymValue>> Returns;
  const clang::FunctionDecl *Kernel = nullptr;
  /// Memory whose value the thread already holds: loaded or stored on every
  /// path here, with nothing since that may have changed it. nvcc (GVN)
  /// reuses the value, so a load of it issues no request; `a[i] = x; ...
  /// a[i]` forwards the stored value the same way.
  struct HeldValue {
    int Base;
    model::AddressSpace Space;
    sym::Poly ByteOffset;
    unsigned WidthBytes;
    /// indexWidening of the access that left it held.
    std::string Widening;
    bool operator==(const HeldValue &O) const {
      return Base == O.Base && Space == O.Space && ByteOffset == O.ByteOffset &&
             WidthBytes == O.WidthBytes && Widening == O.Widening;
    }
  };
  /// How each subscript of \p Access widens its variable 32-bit index to a
  /// 64-bit offset, innermost first: 's' sign-extends an int, 'u'
  /// zero-extends an unsigned, 'w' any other index. GVN cannot prove
  /// `sext(x)` and `zext(x)` equal, so an element read through an unsigned
  /// index and again through an int one (a helper's `int` parameter given
  /// an `unsigned`) is loaded twice (HeCBench ace: IMAD.WIDE beside
  /// IMAD.WIDE.U32, two LDG.E.64 of one element).
  std::string indexWidening(const clang::Expr *Access) const;
  std::vector<HeldValue> Held;
  /// The base of each store, atomic and call that may write memory walked
  /// so far, silent walks included (-1: it may write any memory): a loop
  /// whose body has none keeps what is held.
  std::vector<int> WrittenBases;
  unsigned memoryWrites() const { return unsigned(WrittenBases.size()); }
  /// Whether nothing written through base \p A may be read through base
  /// \p B: two bases, one of them a kernel's __restrict__ parameter.
  bool basesApart(int A, int B) const;
  /// Whether no write from the \p From-th on may write what a load through
  /// \p Base reads (basesApart).
  bool writesMissBase(int Base, size_t From) const;
  /// Those of them that may write shared memory (mayWriteShared).
  unsigned SharedMemoryWrites = 0;
  bool mayWriteShared(int Base) const;
  /// Whether the thread holds what \p S reads, \p Widening its
  /// indexWidening.
  bool holds(const AccessSite &S, const std::string &Widening) const;
  /// Loads in a row, with no store between them that may write their
  /// memory, of adjacent bytes one wide instruction can read
  /// (AddressBuilderVectorLoads.cpp): the members of one aligned struct
  /// (LLVM's load-store vectoriser: `a.x + a.y + a.z + a.w` of a float4 is
  /// one ld.global.v4.f32), and in shared memory any bytes whose alignment
  /// ptxas knows.
  struct OpenVectorLoad {
    std::vector<size_t> Members; // sites, the first one widened
    unsigned Writes;
    sym::Poly Start;   // what the run's addresses share
    int64_t Lo, Hi;    // the bytes after Start read so far
    int64_t FirstLo;   // where the first member's load starts
    unsigned Block;    // Start's known alignment, at most 16
    bool CoversUnread; // ptxas may read bytes before the run too
  };
  std::vector<OpenVectorLoad> OpenVectorLoads;
  /// Records that the load just added as the last site is \p LV; where it
  /// completes a run one wide load covers, the first load of the run becomes
  /// that load and the others fold into it.
  void joinVectorLoad(const LValue &LV);
  /// Sites folded into a wider load: dropped when the walk ends.
  std::vector<size_t> FoldedSites;
  /// Whether a condition reads the trip of an enclosing loop.
  bool variesPerTrip(const std::vector<Guard> &Condition) const;
  /// A call or asm that may write any memory ends every holding.
  void clobberMemory() {
    WrittenBases.push_back(-1);
    Held.clear();
  }
  /// What an access leaves held: a load or store holds its value, and a
  /// store or atomic ends the holding of what it may overwrite.
  void updateHeld(const AccessSite &S, bool Volatile, std::string Widening);
  /// Merges the stores that both branches of \p If end with, the sites
  /// from ThenBegin and from ElseBegin, into one store of every lane where
  /// nvcc sinks them (storeSinking; \p JoinShared: the join is an enclosing
  /// `if`'s), or marks both Guard::MaybeSunk where it may; the loads left
  /// alone in the then branch (guarded by \p Then) may become predicated
  /// (thenAfterMerge).
  void mergeFinalStores(const clang::IfStmt *If,
                        const std::vector<model::Guard> &Then,
                        const std::vector<model::Guard> &Else, size_t ThenBegin,
                        size_t ElseBegin, bool JoinShared);
  /// `p[i] = v; if (c) p[i] = w;`, \p Prev the first statement: the two
  /// stores as nvcc makes them, one of every lane filed under the `if`
  /// (AddressBuilderSpeculatedStore.cpp). \p PrevSites and \p IfSites: where
  /// each statement's sites start; \p IfWrites: the writes before the `if`.
  void speculateStoreUnderIf(const clang::IfStmt *If, const clang::Stmt *Prev,
                             size_t PrevSites, size_t IfSites, size_t IfWrites);
  /// What is held after two paths join: what both hold.
  void joinHeld(const std::vector<HeldValue> &Other);
  /// How nvcc's unrolling moves a loop's lanes apart (AddressBuilderLoop);
  /// no Lowering where the lanes stay in step.
  struct UnrolledLoop {
    std::optional<model::LoopLowering> Lowering;
    std::string Note;
  };
  UnrolledLoop lowerUnrolledLoop(
      const clang::Stmt *Loop, const clang::Expr *Cond, const clang::Stmt *Body,
      unsigned Pragma, const std::string &CounterName,
      const std::vector<const clang::VarDecl *> &Changed,
      const llvm::DenseMap<const clang::VarDecl *, sym::Poly> &Steps,
      const llvm::DenseSet<const clang::VarDecl *> &NotInduction,
      sym::AtomId Iteration);
  bool sameInEveryWarp(const sym::Poly &Trips, unsigned Modulus) const;
  /// Puts the loads of \p L's condition, the sites from \p From on, under
  /// the lanes still in the loop where the condition (\p CondGuards) reads
  /// per-lane data.
  void keepLoadsOfLanesStillIn(const LoopState &L, size_t From,
                               const std::vector<Guard> &CondGuards);
  /// A guard the lanes still in \p Loop hold, which per-lane data decides:
  /// a lane failing it has left.
  Guard lanesStillIn(const clang::Stmt *Loop);
  /// Whether nvcc runs the trips an unrolled loop leaves over after it (an
  /// epilog), not before: where an integer the loop changes starts at a
  /// constant (LLVM's unroller then finds an epilog more profitable).
  bool leftoverTripsRunLast(
      const std::vector<const clang::VarDecl *> &Changed) const;
  /// Moves the loads recorded since site \p From that nvcc hoists out of
  /// \p Loop to before it (AddressBuilderLoop.cpp).
  /// \p PerTrip: the values that may change from trip to trip.
  /// \p LoopWrites: where the loop's writes start in WrittenBases, where it
  /// writes memory (none of it shared).
  void hoistInvariantLoads(const clang::Stmt *Loop, size_t From,
                           size_t BodyGuards, sym::AtomId Iteration,
                           llvm::ArrayRef<sym::AtomId> PerTrip,
                           const std::string &LoweringNote,
                           std::optional<size_t> LoopWrites);
  bool boundKeepsStepFromWrapping(const clang::Expr *Cond,
                                  const clang::VarDecl *V);
  /// `#pragma unroll N` on the loop about to be walked (0: none), and a
  /// `#pragma unroll` without a count (unrolled fully).
  unsigned PendingUnrollCount = 0;
  bool PendingFullUnroll = false;
  /// The lines of the loops being walked, outermost first, and of those
  /// among them that nvcc unrolls fully: it gives some copies of their
  /// bodies' instructions the loop's line (AccessSite::AlsoFiledUnder).
  std::vector<unsigned> LoopLines, UnrolledLoopLines;
  /// The loops being walked whose unrolled trips ptxas may fuse into wide
  /// shared-memory instructions, innermost last (SharedVectorFusion.h).
  std::vector<FusibleLoop> FusibleLoops;
  /// The last AccessSite::UnrolledAtRunTime given.
  unsigned RunTimeUnrolledAccesses = 0;
  /// Notes that the body of the innermost fusible loop reads (or writes)
  /// the base \p Base (-1: a pointer the walk does not place).
  void noteInFusibleLoop(AccessKind Kind, int Base);
  /// Keeps the site \p Site for the fusion of the innermost fusible loop,
  /// decided once its body is walked whole (fuseCandidates).
  void noteFusionCandidate(size_t Site);
  /// Replaces the candidates of the loop whose body was just walked by the
  /// instructions ptxas makes of them.
  void fuseCandidates();
  std::vector<AccessSite>
  fusedPieces(const AccessSite &S, const FusibleLoop &L,
              const std::vector<FusedAccess> &Fused) const;
  /// Pushes a fusible loop for a loop with \p Body (AddressBuilderFusion.cpp)
  /// where its trips may be fused; whether it did.
  bool enterFusibleLoop(const clang::Stmt *Body,
                        const std::vector<const clang::VarDecl *> &Changed,
                        unsigned UnrollPragma, bool FullUnroll,
                        sym::AtomId Iteration);
  /// Sets the trips of the fusible loop whose body is walked next from its
  /// condition's guards, the walk's guards from \p FirstCondGuard on.
  void placeFusibleLoop(size_t FirstCondGuard);
  bool boundedByTrip(const Guard &Cond, sym::AtomId Iteration) const;
  unsigned lineOf(const clang::Stmt *S) const;
  /// What the compiler does differently from the source at the accesses
  /// being walked; each access records them (AccessSite::LoweringNotes).
  std::vector<std::string> LoweringNotes;
  /// The loops being walked that nvcc splits into pieces, outermost first
  /// (AccessSite::Lowerings).
  std::vector<model::LoopLowering> Lowerings;
  /// The leaves of the condition of the `if` or `?:` being evaluated, with
  /// the values they took (ConditionLeaves.h); null elsewhere.
  ConditionLeaves *ConditionValues = nullptr;
  bool Recording = true;
  bool SawErrors = false;
  std::vector<clang::SourceLocation> CompileErrors;
  /// CompileErrors::NvccAccepted with no other error: an expression that
  /// holds errors uses a declaration that nvcc accepts and Clang rejected.
  bool ErrorsOnlyInvalidateDeclarations = false;
  /// Such an expression: walked as a call that may write any memory, its
  /// value computed per lane; nothing inside it is read (its types may be
  /// dependent).
  SymValue invalidatedUse(const clang::Expr *E);
  std::vector<const clang::CallExpr *> TextureFetches;
  unsigned LoopDepth = 0;
  /// Nesting of rvalue() and lvalue(); beyond limits::MaxExprDepth the
  /// subexpression is one value the analysis does not follow.
  unsigned ExprDepth = 0;
  /// Whether nothing of the kernel follows the statement being walked: a
  /// guarded tail lets the compiler exit instead of predicating.
  bool AtKernelTail = false;
  /// `if`s that end a branch of an enclosing `if`: their join is its join.
  std::vector<const clang::IfStmt *> IfsJoiningOuterPaths;
};

} // namespace cudacoalesce

#endif
