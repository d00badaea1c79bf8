//===- Model/Access.h - What one lane does at one access ---------*- C++
//-*-===//
//
// An access as the cost models see it: a symbolic byte offset from a base,
// the bytes each lane moves, the memory it lives in, and the guards that
// decide which lanes reach it. No Clang types here.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_MODEL_ACCESS_H
#define CUDA_COALESCE_MODEL_ACCESS_H

#include "cuda-coalesce/Symbolic/Expr.h"

#include <cstdint>
#include <vector>

namespace cudacoalesce {
namespace model {

/// The memory an access reaches; each has its own cost model.
enum class AddressSpace { Global, Shared, Local, Constant };

/// A comparison against zero: a guard holds where `value Op 0`.
enum class Cmp { LT, LE, GT, GE, EQ, NE };

/// Whether `V Op 0` holds: the one place that says what a comparison means.
bool holds(Cmp Op, int64_t V);
/// The comparison that holds exactly where \p Op does not.
Cmp negated(Cmp Op);

/// A lane is active where `Diff Op 0` holds (an enclosing `if`, an early
/// `return`, a loop condition).
struct Guard {
  sym::Poly Diff;
  Cmp Op = Cmp::LT;
  /// The compiler predicates the guarded code instead of branching around
  /// it (NvccLowering decides): a warp whose lanes all fail the guard still
  /// executes the instruction, as a request that moves nothing.
  bool Predicated = false;
};

/// What one lane does at one access. The base is taken to be 256-byte
/// aligned, as cudaMalloc returns it; callers state where that is assumed.
struct AccessShape {
  sym::Poly ByteOffset;    // from the base pointer
  unsigned WidthBytes = 4; // bytes one lane reads or writes
  unsigned ChunkBytes = 4; // bytes per instruction (<= 16); Width/Chunk
                           // instructions make up the access
  std::vector<Guard> Guards;
  AddressSpace Space = AddressSpace::Global;

  /// The instructions that make up the access.
  unsigned requests() const {
    return ChunkBytes && WidthBytes > ChunkBytes ? WidthBytes / ChunkBytes : 1;
  }
};

} // namespace model
} // namespace cudacoalesce

#endif
