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

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace cudacoalesce {
namespace model {

/// The memory an access reaches; each has its own cost model.
enum class AddressSpace { Global, Shared, Local, Constant };
/// "global", "shared", "local", "constant": as the messages and the JSON's
/// "space" name it.
const char *addressSpaceName(AddressSpace Space);

/// A comparison against zero: a guard holds where `value Op 0`.
enum class Cmp { LT, LE, GT, GE, EQ, NE };

/// Whether `V Op 0` holds: the one place that says what a comparison means.
inline bool holds(Cmp Op, int64_t V) {
  switch (Op) {
  case Cmp::LT:
    return V < 0;
  case Cmp::LE:
    return V <= 0;
  case Cmp::GT:
    return V > 0;
  case Cmp::GE:
    return V >= 0;
  case Cmp::EQ:
    return V == 0;
  case Cmp::NE:
    return V != 0;
  }
  return false;
}
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
  /// The compiler predicates some copies of the guarded code and branches
  /// around others, which the source does not tell (an unrolled loop whose
  /// test does not change from trip to trip): the count is the range
  /// between the two.
  bool MaybePredicated = false;
  /// The guarded access is a store that nvcc may sink to where the branches
  /// of its `if` join, every lane of both branches storing there, or keep
  /// in its branch, which the source does not tell (Frontend/NvccLowering's
  /// storeSinking): the count is the range between the two.
  bool MaybeSunk = false;
  /// Lanes that fail the guard leave (`if (c) return;`, `break`): a warp
  /// none of whose lanes holds it never reaches the access, predicated or
  /// not.
  bool Exits = false;
  /// A condition of a loop around the access: a lane that fails it at some
  /// trip has left the loop for good. Only such guards (and Exits ones)
  /// say where a loop ends; an `if` in its body may hold again at later
  /// trips (`if (j + 1 == iters)`, HeCBench lda: measured on the last trip
  /// of 64 where the first 16 trips had no lane).
  bool EndsLoop = false;

  /// nvcc may predicate the guarded code: a warp none of whose lanes
  /// passes still issues the request, which moves nothing.
  bool mayIssueEmpty() const { return Predicated || MaybePredicated; }
};

/// \p Guards without those another of them implies: `x - w + j < 0` for
/// j < k where `x - w + k < 0` is there too, and repeats; the rest in their
/// order. Only guards alike but for their constant term and of one
/// comparison and lowering are compared. The lanes that run are the same;
/// a nest of bounds checks (`if (x < w - j && y > j)` inside the one for
/// j - 1) keeps two guards at every level, not two a level.
std::vector<Guard> withoutImpliedGuards(const std::vector<Guard> &Guards);

/// A loop the compiler splits into pieces of code whose lanes run apart:
/// nvcc's runtime unrolling (Frontend/NvccLowering.h). LLVM unrolls the loop
/// by Factor and runs each lane's trip count modulo Factor in a loop of its
/// own, before the unrolled loop or after it (Epilog); with Pieces, ptxas
/// runs the unrolled loop 16 trips at a time, then 8 and 4 (Factor 4). A
/// warp issues each piece that one of its lanes runs, its lanes at trips of
/// their own. The address and guards read the loop's trip as `Trip`, the
/// same in every lane, as the source does; the walk visits the requests in
/// the order of `Counter`, whose values FirstIteration .. -1 are the pieces
/// of fixed length and 0 on the unrolled loop, and unrolledTrip() gives
/// each lane's trip there.
struct LoopLowering {
  sym::AtomId Trip = 0, Counter = 0;
  sym::Poly TripCount; // each lane's; reads the thread index
  unsigned Factor = 1;
  bool Pieces = false, Epilog = false;
  /// ptxas if-converts the copies of the leftover trips: a warp that runs
  /// the first copy issues every copy, its lanes with fewer leftover trips
  /// off (a request that moves nothing where none is on).
  bool LeftoverPredicated = false;
  /// It may do so or branch around each copy, which the source does not
  /// tell (short bodies): the count is the range between the two.
  bool LeftoverMaybePredicated = false;
};

/// The first value of \p L's counter: minus the requests of its pieces of
/// fixed length.
int64_t firstCounterValue(const LoopLowering &L);
/// The trip of a lane with \p TripCount trips when \p L's counter is at
/// \p Counter; nullopt where the lane runs no trip of that piece.
std::optional<int64_t> unrolledTrip(const LoopLowering &L, int64_t Counter,
                                    int64_t TripCount);
/// A lane's trips on \p L's unrolled loop (the counter at 0 or more): with
/// \p TripCount trips, it is at trip Start + Counter while Counter < End,
/// and runs no trip there from End on.
struct UnrolledRun {
  int64_t Start = 0, End = 0;
};
UnrolledRun unrolledRun(const LoopLowering &L, int64_t TripCount);
/// Whether the warp issues the copy of the leftover trips at \p Counter
/// for a lane with \p TripCount trips that runs no trip there: the copies
/// are predicated and the lane runs the first.
bool issuesEmptyCopy(const LoopLowering &L, int64_t Counter, int64_t TripCount);

/// What one lane does at one access. The base is taken to be 256-byte
/// aligned, as cudaMalloc returns it; callers state where that is assumed.
struct AccessShape {
  sym::Poly ByteOffset;    // from the base pointer
  unsigned WidthBytes = 4; // bytes one lane reads or writes
  unsigned ChunkBytes = 4; // bytes per instruction (<= 16); Width/Chunk
                           // instructions make up the access
  std::vector<Guard> Guards;
  AddressSpace Space = AddressSpace::Global;
  /// The loops around the access that the compiler splits, outermost
  /// first (an inner one's trip count may read an outer one's trip).
  std::vector<LoopLowering> Lowerings;
  /// A load the CUDA library makes behind a call (libdevice's sin/cos
  /// table): its lanes' addresses are not the user's to fix, so a gather is
  /// a range with no pattern to flag.
  bool InLibrary = false;
  /// An atomic that nvcc makes a loop of compare-and-swap (a float added
  /// in shared memory, which has no instruction for it): each request
  /// carries the old and the new value, and the lanes another lane or warp
  /// beat to the word issue it again, so a launch's requests are not known
  /// (SharedCompareAndSwap.h prices them).
  bool CompareAndSwapLoop = false;
  /// An atomic in shared memory whose lanes asking for one word are served
  /// one after another, a wavefront each (ATOMS without the warp
  /// aggregation nvcc makes of an add, min, max, and, or, xor at a
  /// warp-uniform address; the compare-and-swap loop of a 16-bit add):
  /// runtime-bench 47 measured 32 wavefronts for `atomicExch(&s[0], v)` and
  /// `atomicDec(&s[0], n)`, 1 for `atomicAdd(&s[0], v)`.
  bool SerializesOneWord = false;
  /// ATOMS.CAS carries the compare and the new value: twice the wavefronts
  /// of the plain phases (runtime-bench 47: 4 where a store takes 2, for
  /// 32-bit words two lanes a bank and for 64-bit words apart).
  bool CarriesTwoValues = false;
  /// A store to shared memory: the phases of a wide one (STS.64, STS.128)
  /// never share a wavefront, as a load's may where their lanes ask for few
  /// words (runtime-bench 49: STS.128 from every lane to one place, 4
  /// wavefronts where LDS.128 takes 2; Parboil cutcp's STS.64 of one
  /// pointer from every lane, 2).
  bool SharedStore = false;
  /// The load of the old value of a compare-and-swap loop: nvcc issues it at
  /// the top of each pass (`LDS; ATOMS.CAST.SPIN; @!P0 BRA` back to the
  /// LDS), so its later requests hold only the lanes still trying, as the
  /// loop's do (runtime-bench 47: 1.5 wavefronts a request measured where
  /// the first pass takes 2).
  bool RetriedWithLoop = false;

  /// The instructions that make up the access.
  /// Some guard lets a warp issue the request with no lane on
  /// (Guard::mayIssueEmpty): the least a request moves is nothing.
  bool mayIssueEmpty() const {
    return std::any_of(Guards.begin(), Guards.end(),
                       [](const Guard &G) { return G.mayIssueEmpty(); });
  }
  unsigned requests() const {
    return ChunkBytes && WidthBytes > ChunkBytes ? WidthBytes / ChunkBytes : 1;
  }
};

} // namespace model
} // namespace cudacoalesce

#endif
