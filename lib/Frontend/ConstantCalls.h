//===- Frontend/ConstantCalls.h - Calls Clang folds -------------*- C++ -*-===//
//
// A call to a constexpr function whose arguments are constants is a constant
// nvcc folds: no instruction reads memory for it. Walking it instead inlines
// its body, and a configuration table written as hundreds of `if`s
// (ggml's `ggml_cuda_mmq_get_config(type, J, fallback).type`, tested at the
// top of every mul_mat_q instance) is then walked at every test, and its
// struct result is a value of unknown fields, so the test guards the rest
// of the kernel with an unknown condition. Clang's evaluator gives the value.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_CONSTANTCALLS_H
#define CUDA_COALESCE_LIB_FRONTEND_CONSTANTCALLS_H

#include <cstdint>
#include <optional>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace cudacoalesce {

/// The value of \p E when it is an integer read from a call to a constexpr
/// function (the call's result, or a member of the struct it returns) and
/// Clang evaluates it as a constant; nullopt otherwise, without evaluating
/// anything that is not such a call.
std::optional<int64_t> foldedConstexprCall(const clang::Expr *E,
                                           clang::ASTContext &AST);

} // namespace cudacoalesce

#endif
