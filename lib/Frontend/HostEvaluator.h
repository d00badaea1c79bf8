//===- Frontend/HostEvaluator.h - Host values at a point --------*- C++ -*-===//
//
// Evaluates host expressions as they stand when control reaches a point of
// a function (a launch, or a call of a function that launches): integers,
// floats rounded as the program rounds them, dim3 shapes. Values are
// followed through the variables of the function (ReachingWrites), fields of
// dim3 values, float arithmetic with ceil/floor, and through the parameters
// of the function to the value every call of it in the translation unit
// passes (HostCallGraph).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_HOSTEVALUATOR_H
#define CUDA_COALESCE_LIB_FRONTEND_HOSTEVALUATOR_H

#include "HostCallGraph.h"
#include "ReachingWrites.h"

#include "cuda-coalesce/Model/Launch.h"

#include "clang/AST/OperationKinds.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <tuple>

namespace clang {
class ASTContext;
class ArraySubscriptExpr;
class BinaryOperator;
class CallExpr;
class CastExpr;
class Expr;
class FieldDecl;
class FunctionDecl;
class ParmVarDecl;
class QualType;
class Stmt;
class VarDecl;
} // namespace clang

namespace cudacoalesce {

/// A host value: an integer, or a floating-point value, kept rounded to
/// single precision when the program computes it as a `float`.
struct HostNumber {
  bool IsFloat = false;
  int64_t Int = 0;
  double Float = 0;
  static HostNumber integer(int64_t V) { return {false, V, 0}; }
  static HostNumber floating(double V) { return {true, 0, V}; }
  bool operator==(const HostNumber &O) const {
    return IsFloat == O.IsFloat && (IsFloat ? Float == O.Float : Int == O.Int);
  }
};

/// What the evaluation of one translation unit's host code learns once and
/// keeps for all of its launches: the shape of each function body, the call
/// graph, and the values parameters were found to receive. Owned by the
/// analysis of that translation unit.
class HostFacts {
public:
  explicit HostFacts(clang::ASTContext &AST);
  ~HostFacts();

  /// The body of \p F, indexed; null without one.
  const FunctionBody *body(const clang::FunctionDecl *F);
  HostCallGraph &calls() { return Calls; }

  /// A value read from a local array of constants at an index that is not
  /// settled (`block_size = block_sizes[j]` in a loop over block sizes) is
  /// one of its elements, and a parameter whose callers pass different
  /// values (the check call with 256, the benchmark loop with each size)
  /// takes the value of one of them: while a launch is evaluated, Chosen
  /// says which element each such array gives and which call each such
  /// function's parameters come from, and Met collects the choices met
  /// that Chosen does not make, with how many options each has. Reads of
  /// one array at unsettled indices are taken to give the same element (the
  /// loops that check a kernel and then time it walk the same sizes).
  using Choices = std::map<const void *, size_t>; // array or function
  Choices Chosen;
  struct Choice {
    const void *Of;
    size_t Options;
  };
  std::vector<Choice> Met;
  /// Records the choice \p Of of \p Options options as needed and not made.
  void meet(const void *Of, size_t Options);
  /// Reads that needed a choice Chosen does not make, met again or not:
  /// what was computed while it grew depends on them and is not kept.
  unsigned UnmadeChoices = 0;

  /// The value every caller passes for a parameter (keyed by the parameter,
  /// the calls followed back, whether a dim3 is asked for, and the choices
  /// in force).
  using ParameterKey =
      std::tuple<const clang::ParmVarDecl *, unsigned, bool, Choices>;
  std::map<ParameterKey, std::optional<HostNumber>> Numbers;
  std::map<ParameterKey, std::optional<model::Dim3>> Shapes;

private:
  std::map<const clang::FunctionDecl *, std::unique_ptr<FunctionBody>> Bodies;
  HostCallGraph Calls;
};

class HostEvaluator {
public:
  /// \p At is a statement of \p Host's body; \p Hops counts the calls
  /// already followed back to reach \p Host.
  HostEvaluator(clang::ASTContext &AST, HostFacts &Facts,
                const clang::FunctionDecl *Host, const clang::Stmt *At,
                unsigned Hops = 0);
  /// Evaluates as reached through one call of \p Host (a launch wrapper
  /// called with a different kernel and shape at each call): \p Host's
  /// parameters take \p Via's arguments, not the value all calls agree on.
  HostEvaluator(clang::ASTContext &AST, HostFacts &Facts,
                const clang::FunctionDecl *Host, const clang::Stmt *At,
                const CallSite &Via);
  std::optional<int64_t> integer(const clang::Expr *E);
  std::optional<HostNumber> number(const clang::Expr *E);
  std::optional<model::Dim3> dim3(const clang::Expr *E);
  /// The extents of a dim3 built from parts some of which are not known
  /// here (`dim3 block(1, lCols)`): those are 0.
  std::optional<model::Dim3> partialDim3(const clang::Expr *E);
  /// Whether extent \p Dim of the dim3 \p Shape is the value of \p Value
  /// (the same variable, unwritten between them, or the same arithmetic on
  /// such): a block extent that a launch also passes to the kernel.
  bool holdsExtent(const clang::Expr *Shape, unsigned Dim,
                   const clang::Expr *Value);

private:
  // Each takes the statement the expression is evaluated at (\p Here: its
  // variables hold the values they have there) and the nesting depth.
  std::optional<HostNumber> number(const clang::Expr *E,
                                   const clang::Stmt *Here, unsigned Depth);
  std::optional<model::Dim3> dim3(const clang::Expr *E, const clang::Stmt *Here,
                                  unsigned Depth);
  /// The expression extent \p Dim of the dim3 \p E is made of, and the
  /// statement it is evaluated at; null where not written out.
  std::pair<const clang::Expr *, const clang::Stmt *>
  extentExpr(const clang::Expr *E, unsigned Dim, const clang::Stmt *Here,
             unsigned Depth);
  bool sameValue(const clang::Expr *A, const clang::Stmt *AtA,
                 const clang::Expr *B, const clang::Stmt *AtB, unsigned Depth);
  std::optional<HostNumber> cast(const clang::CastExpr *C,
                                 const clang::Stmt *Here, unsigned Depth);
  std::optional<HostNumber> binary(const clang::BinaryOperator *B,
                                   const clang::Stmt *Here, unsigned Depth);
  std::optional<HostNumber> call(const clang::CallExpr *C,
                                 const clang::Stmt *Here, unsigned Depth);
  /// A call of a function of the program, run statement by statement with
  /// its parameters bound to the arguments: `return e;` (ceil_div(N,
  /// block_size)), or locals, loops and branches over integers
  /// (largestPowerOfTwoLessOrEqual(n)). Defined in HostFunctionRun.cpp.
  std::optional<HostNumber> run(const clang::CallExpr *C,
                                const clang::Stmt *Here, unsigned Depth);
  enum class Flow { Next, Break, Continue, Return, Unknown };
  Flow execute(const clang::Stmt *S, unsigned Depth);
  Flow assign(const clang::Expr *E, unsigned Depth);
  /// \p Op applied to two values of the operands' common type, as \p T.
  std::optional<HostNumber> arithmetic(clang::BinaryOperatorKind Op,
                                       const HostNumber &L, const HostNumber &R,
                                       clang::QualType T) const;
  /// `a[i]` of a local (or const global) array of constants.
  std::optional<HostNumber> element(const clang::ArraySubscriptExpr *S,
                                    const clang::Stmt *Here, unsigned Depth);
  std::optional<bool> truth(const clang::Expr *E, const clang::Stmt *Here,
                            unsigned Depth);
  std::optional<HostNumber> variable(const clang::VarDecl *V,
                                     const clang::Stmt *Here, unsigned Depth);
  std::optional<model::Dim3> dim3Variable(const clang::VarDecl *V,
                                          const clang::Stmt *Here,
                                          unsigned Depth);
  /// The dim3 member \p Field of the struct \p Object (`params.block_dims`
  /// of `params(grid, block, 0, stream)`): a constructor's member
  /// initialiser from its parameter, or an aggregate's initialiser.
  std::optional<model::Dim3> dim3Member(const clang::Expr *Object,
                                        const clang::FieldDecl *Field,
                                        const clang::Stmt *Here,
                                        unsigned Depth);
  std::optional<HostNumber> numberFromCallers(const clang::ParmVarDecl *P);
  std::optional<model::Dim3> dim3FromCallers(const clang::ParmVarDecl *P);
  /// Evaluates \p Eval on the argument each call of the host function
  /// passes for \p P, in the caller at the call; the result when all agree,
  /// remembered in \p Known.
  template <class T, class Memo, class Evaluate>
  std::optional<T> agreedArgument(const clang::ParmVarDecl *P, Memo &Known,
                                  Evaluate Eval);
  std::optional<HostNumber> fitInteger(int64_t V, clang::QualType T) const;
  std::optional<HostNumber> fitFloating(double V, clang::QualType T) const;

  clang::ASTContext &AST;
  HostFacts &Facts;
  const clang::FunctionDecl *Host;
  ReachingWrites Writes;
  unsigned Hops;
  std::optional<CallSite> Via;
  /// The functions `run` is running, innermost last: the host statement
  /// the outermost was called at (globals are read there), the parameters'
  /// and locals' values (none where not known), the value returned, and
  /// the statements left to execute before giving up.
  struct Frame {
    const clang::FunctionDecl *Function;
    const clang::Stmt *CalledAt;
    std::map<const clang::VarDecl *, std::optional<HostNumber>> Values;
    std::optional<HostNumber> Returned;
    unsigned StepsLeft;
  };
  std::vector<Frame> Frames;
  /// partialDim3: an extent not known becomes 0 instead of failing.
  bool UnknownExtentsAllowed = false;
};

} // namespace cudacoalesce

#endif
