//===- Frontend/ExprSemantics.h - Clang's operators, once -------*- C++ -*-===//
//
// What Clang's operators and value-preserving wrappers mean to the analysis,
// shared by the walk over kernels (AddressBuilder) and the evaluation of
// host values (HostEvaluator).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_EXPRSEMANTICS_H
#define CUDA_COALESCE_LIB_FRONTEND_EXPRSEMANTICS_H

#include "cuda-coalesce/Model/Access.h"
#include "cuda-coalesce/Symbolic/Expr.h"

#include "clang/AST/OperationKinds.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/APSInt.h"

#include <optional>

namespace clang {
class Expr;
class FunctionDecl;
} // namespace clang

namespace cudacoalesce {

/// The expression one wrapper that does not change a value holds:
/// parentheses, a full expression (ConstantExpr, ExprWithCleanups), a
/// materialised or bound temporary, the braces around a scalar's one
/// initialiser. Null when \p E is none of those.
const clang::Expr *transparentInner(const clang::Expr *E);

/// Whether Clang can lay \p T out: code with errors has types that are not.
bool hasLayout(clang::QualType T);

/// The non-polynomial operation of the address algebra a binary operator
/// (or its compound assignment) performs: / % << >> & | ^.
std::optional<sym::OpKind> symbolicOp(clang::BinaryOperatorKind Op);

/// The comparison `L Op R` is, as `L - R Op 0`.
std::optional<model::Cmp> comparisonOf(clang::BinaryOperatorKind Op);

/// std::forward and std::move (also libcu++'s cuda::std ones): they hand on
/// their argument, and change nothing.
bool isStdForwarding(const clang::FunctionDecl *F);

/// Library code the walk enters although it is in a system header: CUB's
/// block and warp collectives (namespace `cub`) and the special-register
/// wrappers they read the lane with (`cuda::ptx`). Inlined into a kernel,
/// they load and store its global tiles and its __shared__ TempStorage, and
/// nvcc files their instructions under the kernel's call.
bool isWalkedLibraryCode(const clang::FunctionDecl *F);

/// The function \p E names (`f`, `&f`), if any.
const clang::FunctionDecl *namedFunction(const clang::Expr *E);

/// The value of a constant the AST evaluated, when an int64_t holds it (an
/// unsigned 64-bit constant over INT64_MAX does not).
std::optional<int64_t> asInt64(const llvm::APSInt &I);

} // namespace cudacoalesce

#endif
