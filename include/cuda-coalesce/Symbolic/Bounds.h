//===- Symbolic/Bounds.h - The range a polynomial's value lies in -*- C++
//-*-===//
//
// Whether a value computed in 32-bit unsigned arithmetic can have wrapped:
// polynomials keep int64 coefficients, exact modulo 2^32 under sums and
// products, but a division, a remainder or a right shift of a value that
// wrapped (a hash of the thread index, `h = t * 2654435761u; h ^= h >> 13`)
// reads the bits a 32-bit register no longer holds. The front end masks such
// an operand to its width unless this says its value fits.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_SYMBOLIC_BOUNDS_H
#define CUDA_COALESCE_SYMBOLIC_BOUNDS_H

#include "cuda-coalesce/Symbolic/Expr.h"

#include <cstdint>
#include <optional>

namespace cudacoalesce {
namespace sym {

/// The closed interval [Lo, Hi].
struct ValueRange {
  int64_t Lo = 0, Hi = 0;
};

/// The range \p P's value lies in for every value of its atoms, where one
/// can be said: thread indices 0..1023, block extents 1..1024, grid extents
/// and block indices as CUDA allows them, and a block index times the block
/// extent along the same axis at most 2^32 - 1024 (a launch numbers the
/// threads along an axis in 32 bits: blockIdx*blockDim + threadIdx fits an
/// unsigned int). A parameter, a loop's trip or an opaque value has none,
/// and neither has a polynomial over one, but for operations that bound
/// their result whatever their operands (`x % 8`, `x & 255`).
std::optional<ValueRange> rangeOf(const Context &Ctx, const Poly &P);

/// Whether \p P is never negative, whatever its atoms' values: a sum of
/// positive multiples of thread and block indices and extents, of loop
/// trips counted from 0 on, and of operations whose result is. Each
/// multiple below 2^31, so that the 64-bit evaluation of a product with a
/// 32-bit index does not overflow into the sign (a hash's multiplier,
/// squared by a second round, is no such sum).
bool isNonNegative(const Context &Ctx, const Poly &P);

/// \p P as an unsigned integer of \p Bits (< 64) bits holds it: P itself
/// where its value surely fits (rangeOf), or where it is one leaf that is
/// no builtin (a parameter or a value loaded or merged: a variable of that
/// type holds it); otherwise P masked to its low \p Bits bits.
Poly asUnsigned(Context &Ctx, const Poly &P, unsigned Bits);

} // namespace sym
} // namespace cudacoalesce

#endif
