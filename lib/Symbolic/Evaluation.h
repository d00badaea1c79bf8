//===- Symbolic/Evaluation.h - What the evaluators share --------*- C++ -*-===//
//
// Private to lib/Symbolic: the wrapping arithmetic of evaluation and one
// atom's value, shared by evaluate() (Expr.cpp) and the evaluation of a warp's
// lanes at once (PointEvaluation.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_SYMBOLIC_EVALUATION_H
#define CUDA_COALESCE_LIB_SYMBOLIC_EVALUATION_H

#include "cuda-coalesce/Symbolic/Expr.h"

#include <cstdint>
#include <optional>

namespace cudacoalesce {
namespace sym {

// Coefficients wrap modulo 2^64 like the address arithmetic they model;
// doing it in unsigned arithmetic keeps overflow defined.
inline int64_t wrapAdd(int64_t A, int64_t B) {
  return static_cast<int64_t>(static_cast<uint64_t>(A) +
                              static_cast<uint64_t>(B));
}
inline int64_t wrapMul(int64_t A, int64_t B) {
  return static_cast<int64_t>(static_cast<uint64_t>(A) *
                              static_cast<uint64_t>(B));
}

/// The value of atom \p Id under \p E (an operation's kept in \p E).
std::optional<int64_t> evaluateAtom(const Context &Ctx, AtomId Id,
                                    const Env &E);

} // namespace sym
} // namespace cudacoalesce

#endif
