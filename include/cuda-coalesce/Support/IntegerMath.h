//===- Support/IntegerMath.h - Rounding toward minus infinity ---*- C++ -*-===//
#ifndef CUDA_COALESCE_SUPPORT_INTEGERMATH_H
#define CUDA_COALESCE_SUPPORT_INTEGERMATH_H

#include <cstdint>

namespace cudacoalesce {

/// A / B rounded toward minus infinity (C++ rounds toward zero): the sector
/// of a negative byte offset is the one below it.
inline int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  return (A % B != 0 && (A < 0) != (B < 0)) ? Q - 1 : Q;
}

/// A mod B in [0, B) for B > 0.
inline int64_t floorMod(int64_t A, int64_t B) { return A - floorDiv(A, B) * B; }

} // namespace cudacoalesce

#endif
