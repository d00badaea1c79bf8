//===- Frontend/AddressBuilder.h - AST to symbolic addresses ---*- C++ -*-===//
//
// Walks a kernel body in program order, keeping the symbolic value of every
// local variable, and records each global-memory access with its symbolic
// address, its width and the guards that decide which lanes reach it.
// Calls into __device__ functions are walked in the caller's context.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_ADDRESSBUILDER_H
#define CUDA_COALESCE_LIB_FRONTEND_ADDRESSBUILDER_H

#include "cuda-coalesce/Frontend/Finding.h"
#include "cuda-coalesce/Model/WarpModel.h"
#include "cuda-coalesce/Symbolic/Expr.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace cudacoalesce {

enum class AddressSpace { Global, Shared, Local, Constant };

/// A memory object a pointer points into.
struct MemoryBase {
  std::string Name;
  AddressSpace Space = AddressSpace::Global;
  /// Not a kernel's pointer parameter or a __device__ variable: its
  /// alignment is assumed, not known.
  bool AlignmentAssumed = false;
};

/// The symbolic value of an expression: an integer, or a pointer (a base
/// plus a byte offset). Values we cannot see into are opaque atoms.
struct SymValue {
  bool IsPointer = false;
  int Base = -1; // index into AddressBuilder::bases(); -1 = unknown object
  sym::Poly P;   // the integer, or the pointer's byte offset
};

/// One global access found in a kernel.
struct AccessSite {
  const clang::Expr *Access = nullptr; // the lvalue (or call) accessed
  AccessKind Kind = AccessKind::Load;
  int Base = -1;
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
};

class AddressBuilder {
public:
  AddressBuilder(clang::ASTContext &AST, sym::Context &Syms);

  /// Walks \p Kernel; returns its global accesses in source order.
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
  void setCompileErrors(std::vector<clang::SourceLocation> Errors) {
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
    enum { None, Variable, Memory } Kind = None;
    const clang::VarDecl *Var = nullptr;
    SymValue Address; // Memory: the pointer to the object
    clang::QualType Type;
    sym::Poly Index;
    bool HasIndex = false;
    clang::QualType ElementType; // of the subscript or pointee
    std::string FieldPath;       // members taken inside the element
    unsigned OffsetInElement = 0;
  };

  SymValue rvalue(const clang::Expr *E);
  LValue lvalue(const clang::Expr *E);
  SymValue opaqueFor(const clang::Expr *E, sym::Variation Varies);
  sym::Variation loadedVariation(const sym::Poly &Address) const;
  SymValue visitChildren(const clang::Expr *E);
  SymValue binary(const clang::BinaryOperator *B);
  SymValue unary(const clang::UnaryOperator *U);
  SymValue call(const clang::CallExpr *C);
  SymValue assign(const clang::Expr *Target, const clang::Expr *Source,
                  std::optional<clang::BinaryOperatorKind> Compound,
                  const clang::Expr *WholeExpr);
  SymValue arithmetic(clang::BinaryOperatorKind Op, const SymValue &L,
                      const SymValue &R, clang::QualType LType,
                      clang::QualType RType);
  SymValue loadFrom(const LValue &LV, const clang::Expr *At);
  void record(const LValue &LV, AccessKind Kind, const clang::Expr *At);
  std::optional<SymValue> builtinIndex(const clang::Expr *E);
  std::optional<SymValue> cooperativeGroupsQuery(const clang::CallExpr *C);
  std::optional<SymValue> inlineCall(const clang::FunctionDecl *Callee,
                                     const clang::CallExpr *C);

  void stmt(const clang::Stmt *S);
  void compound(const clang::CompoundStmt *C);
  void ifStmt(const clang::IfStmt *If);
  void loop(const clang::Stmt *Loop, const clang::Stmt *Init,
            const clang::Expr *Cond, const clang::Expr *Inc,
            const clang::Stmt *Body);
  void declStmt(const clang::DeclStmt *D);
  bool guardsFor(const clang::Expr *Cond, bool Negate,
                 std::vector<model::Guard> &Out);
  /// The guards of \p Cond (negated), evaluated without recording accesses.
  std::vector<model::Guard> conditionGuards(const clang::Expr *Cond,
                                            bool Negate);

  /// Turns recording off for a scope: for walks that only compute values.
  struct SilentScope {
    bool &Flag;
    bool Saved;
    explicit SilentScope(bool &Flag) : Flag(Flag), Saved(Flag) { Flag = false; }
    ~SilentScope() { Flag = Saved; }
  };
  std::string text(const clang::Expr *E) const;
  SymValue pointerTo(int Base) const;
  int baseFor(const clang::VarDecl *V);
  uint64_t sizeOf(clang::QualType T) const;

  clang::ASTContext &AST;
  sym::Context &Syms;
  std::vector<MemoryBase> Bases;
  llvm::DenseMap<const clang::VarDecl *, int> BaseOfVar;
  llvm::DenseMap<const clang::VarDecl *, SymValue> Vars;
  std::vector<model::Guard> Guards;
  std::vector<AccessSite> Sites;
  std::vector<const clang::FunctionDecl *> Frames;
  std::vector<const clang::Expr *> CallStack;
  /// Return values of the function being inlined (one list per frame).
  std::vector<std::vector<SymValue>> Returns;
  const clang::FunctionDecl *Kernel = nullptr;
  bool Recording = true;
  bool SawErrors = false;
  std::vector<clang::SourceLocation> CompileErrors;
  std::vector<const clang::CallExpr *> TextureFetches;
  unsigned LoopDepth = 0;
  /// rvalue() and lvalue() recurse per operand: a machine-written sum of
  /// thousands of terms would overflow the stack. Deeper than this, the
  /// subexpression is one value the analysis does not follow.
  static constexpr unsigned MaxExprDepth = 512;
  unsigned ExprDepth = 0;
  /// Whether nothing of the kernel follows the statement being walked: a
  /// guarded tail lets the compiler exit instead of predicating.
  bool AtKernelTail = false;
};

} // namespace cudacoalesce

#endif
