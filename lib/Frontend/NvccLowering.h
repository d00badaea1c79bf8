//===- Frontend/NvccLowering.h - What nvcc makes of the source --*- C++ -*-===//
//
// The few places where the instructions nvcc emits differ from a literal
// reading of the source in a way that changes the counts, each measured on
// an H200 (runtime-bench): loads sunk into the branch that uses them, short
// `if`s turned into predicated code, and the width of the load or store
// instruction an element gets.
//
// When a guarded warp still issues a request: a guard is either branched
// around or predicated. A warp whose lanes all fail a branched-around guard
// skips the instruction and issues nothing; a warp whose lanes all fail a
// predicated guard (Guard::Predicated, set from ifLowering below)
// executes it with no lane active: one request that moves nothing. The
// launch walker (Model/LaunchWalker.cpp, simulateWarp) counts by that rule
// and nowhere else.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_NVCCLOWERING_H
#define CUDA_COALESCE_LIB_FRONTEND_NVCCLOWERING_H

#include <cstddef>
#include <vector>

#include "llvm/ADT/StringRef.h"

namespace clang {
class ASTContext;
class CompoundStmt;
class IfStmt;
class Stmt;
class VarDecl;
} // namespace clang

namespace cudacoalesce {

/// `T v = <loads and arithmetic>; ... if (c) { uses of v }` with no other
/// use of v: nvcc sinks the loads into the branch, so only lanes where c
/// holds issue them (measured: `float v = in[i] * 2.0f; if (threadIdx.x ==
/// 0) out[b] = v;` reads 1 sector in one warp of eight, in a loop too).
/// Returns that `if` for the declaration at \p DeclIndex of \p Block, or
/// null.
const clang::IfStmt *sinkingBranch(const clang::ASTContext &AST,
                                   const clang::CompoundStmt *Block,
                                   size_t DeclIndex);

enum class ThenLowering { Branched, Predicated, EitherWay };

/// How nvcc lowers \p If: predicates its body (every warp issues it, lanes
/// that fail the test off) or branches around it (a warp whose lanes all
/// fail skips it).
/// Predicated: in a loop whose test changes from trip to trip (\p
/// VariesPerTrip), a short body without `else` (one or two expression
/// statements that store to memory or read shared memory into a local):
/// `if (tid < off) s[tid] += s[tid + off];` in a reduction's loop that
/// halves off, measured on an H200 (runtime-bench 26_reduction1d) and on an
/// H100 (cuda-samples' MC_EstimatePi: every warp issued it on every trip).
/// Branched: `v = in[i];`, a value for later from global memory
/// (36_guards); a body with a loop (but one LLVM unrolls whole) or a jump,
/// or a nested branch around one; an `if` with a longer `else`; guards at the
/// kernel's end (\p AtKernelTail: nothing follows, lanes that fail exit). An
/// `if` whose two branches are short stores: either way, for both branches
/// (Chai's BFS and SSSP: ptxas if-converted what PTX branches). Either way
/// (Guard::MaybePredicated) otherwise: public code and runtime-bench disagree
/// on every other shape (ifLowering's comment).
ThenLowering ifLowering(const clang::ASTContext &AST, const clang::IfStmt *If,
                        bool AtKernelTail, unsigned LoopDepth,
                        bool VariesPerTrip);

/// The statement that ends \p S: its last one, through braces; null for an
/// empty block.
const clang::Stmt *lastStatement(const clang::Stmt *S);

/// The `if` that ends \p Branch (its last statement, through braces), or
/// null: its join is the join of the `if` around it.
const clang::IfStmt *ifEndingBranch(const clang::Stmt *Branch);

/// What nvcc does with the store both branches of an `if` end with (the
/// PTX of CUDA 13.0's nvcc -O3 for each shape of
/// test/lit/analysis/store-sinking-paths.cu and merged-branch-store.cu).
enum class StoreSinking {
  /// One store at the join, issued by the lanes of both branches.
  Sunk,
  /// Each branch keeps its store.
  Kept,
  /// Either, which the source does not tell (Guard::MaybeSunk).
  EitherWay,
};

/// Sunk where both branches are short and load nothing but the stored
/// element (\p LoadsOnlyTheStore): the `if` becomes a select
/// (runtime-bench 41_merged_branches). Kept where the join has more than
/// these two branches as predecessors: an `else if` chain, a branch that
/// ends with an `if`, an `if` that ends an enclosing branch (\p
/// JoinShared); HeCBench eigenvalue on an H100: the else branch's store ran
/// 64 times under its own line where one merged store had been predicted
/// under the then branch's. Otherwise either way: a branch with a loop
/// sank its store under a test on loaded data and kept it under a test on
/// the thread index or a size; a short branch that loads another array
/// kept it.
StoreSinking storeSinking(const clang::IfStmt *If, bool JoinShared,
                          bool LoadsOnlyTheStore);

/// Whether what is left of the then branch of \p If is if-converted once
/// nvcc has sunk the store both branches end with to the join (`if (c)
/// a[i] *= s; else a[i] = 0;` becomes a load under c, a select and one
/// store): in a loop whose test changes from trip to trip, a short rest
/// (loads and arithmetic) is predicated, so every warp issues the load on
/// every trip. Measured on an H200: runtime-bench 41_merged_branches
/// (scale_or_clear_rows, 16.06 sectors/request, the trips past a warp's
/// bound moving nothing) and llm.c's attention_softmax_kernel1 at five
/// block sizes; outside loops the load is branched around (41:
/// scale_or_clear, blend_or_clear, clear_or_scale); with a test that does
/// not change in the loop nvcc predicates some unrolled copies and branches
/// around others (41: scale_or_clear_fixed_test, two of four copies, 0.89),
/// which the source does not tell: either way (Guard::MaybePredicated).
ThenLowering thenAfterMerge(const clang::IfStmt *If, bool AtKernelTail,
                            unsigned LoopDepth, bool VariesPerTrip);

/// How nvcc lowers a loop whose trip count it does not know (one that varies
/// by lane, or comes from a parameter).
struct RuntimeUnrolling {
  /// LLVM's unroll factor: 4, 2 for larger bodies, 1 for bodies too large
  /// and for loops that contain a loop (but for one of a few constant trips,
  /// which is unrolled fully first) or leave early (break, return, goto).
  /// Read from nvcc 13's PTX (test/lit/Inputs/unroll-oracle.py checks it
  /// against nvcc): bodies of 1 to 8 loads of `a[j*M + i + K]` are unrolled
  /// by 4, 10 to 16 loads by 2, 20 and more not at all; __syncthreads,
  /// __syncwarp and shuffles do not stop it. The trips left over (the trip
  /// count modulo the factor) run in a loop of their own.
  unsigned Factor = 1;
  /// ptxas unrolls LLVM's loop by 4 once more, when the factor is 4 and the
  /// body is a few instructions (TripInstructions in the .cpp): the unrolled
  /// loop runs 16 trips at a time while at least 16 are left, then 8 if 8 are,
  /// then 4. Read from the SASS of nvcc 13 (test/lit/Inputs/
  /// unroll-oracle.py with nvdisasm); measured on an H200 (runtime-bench 39,
  /// llm.c's causal softmax).
  bool Pieces = false;
  /// ptxas may if-convert the copies of the leftover trips of a short body
  /// (stores and shared loads into locals, no control flow, as an `if` it
  /// if-converts): a warp then issues every copy once a lane runs the
  /// first, lanes with fewer leftover trips off. HeCBench match on an H100:
  /// the third copy of a loop of two trips unrolled by 4 (`@P0 LDG.E.128`,
  /// `@P0 STS.128`) ran in every warp with no lane on, 10.67 sectors a
  /// request measured where the copies that move data read 16. Whether it
  /// does, the source does not tell (LoopLowering::LeftoverMaybePredicated).
  bool LeftoverMaybePredicated = false;
};

/// The unrolling of a loop with body \p Body that changes the variables
/// \p Changed. \p PragmaCount: from `#pragma unroll N` (1 forbids it; 0:
/// none).
RuntimeUnrolling
runtimeUnrolling(const clang::ASTContext &AST, const clang::Stmt *Body,
                 unsigned PragmaCount,
                 const std::vector<const clang::VarDecl *> &Changed);

/// Whether \p S waits for other threads: a barrier (__syncthreads,
/// __syncwarp) or a warp-synchronous exchange (__shfl_sync, __ballot_sync),
/// which ptxas keeps out of the loops it unrolls and LLVM hoists no load
/// across.
bool waitsForOtherThreads(const clang::Stmt *S);

/// What nvcc makes of an atomic: one instruction, or a load of the old
/// value and a loop of compare-and-swap where the memory has no
/// instruction for the operation.
struct AtomicLowering {
  /// A load of the old value comes first, an access of its own.
  bool ReadsFirst = false;
  /// The atomic is a compare-and-swap repeated until no other lane or warp
  /// changed the value in between (Model/SharedCompareAndSwap.h).
  bool CompareAndSwapLoop = false;
  /// Lanes asking for one word of shared memory are served one after
  /// another (AccessShape::SerializesOneWord).
  bool SerializesOneWord = false;
  /// ATOMS.CAS: the compare and the new value (AccessShape::CarriesTwoValues).
  bool CarriesTwoValues = false;
};

/// How the atomic \p Name on an element of \p Bytes (\p Floating: a
/// floating-point type) lowers in shared memory (\p InShared) or global
/// memory. Read from nvcc 13's SASS for sm_90 (runtime-bench
/// 47_shared_atomics): in shared memory, 32-bit integer operations, float
/// exchange and 64-bit exchange and compare-and-swap are one ATOMS; float and
/// double additions and every other 64-bit integer operation are `LDS` and
/// `ATOMS.CAST.SPIN` in a loop (HeCBench atomicPerf on an H200: 2 wavefronts
/// a request for float, 3.2 to 4 for double). Additions of __half and
/// __nv_bfloat16 are a load and a loop of compare-and-swap in either memory
/// (through a generic address in shared memory, ATOM.E.CAS on the 32-bit
/// word). An ATOMS serves lanes on one word one after another, except the
/// add, sub, min, max, and, or and xor of 32-bit integers at an address the
/// same in every lane (\p UniformAddress), whose operands nvcc combines
/// across the warp before one lane issues it (`@P0 ATOMS.ADD [UR4]`).
AtomicLowering atomicLowering(llvm::StringRef Name, unsigned Bytes,
                              bool Floating, bool InShared,
                              bool UniformAddress);

/// The bytes one load or store instruction moves for an element of
/// \p WidthBytes aligned to \p AlignBytes: the widest naturally aligned
/// instruction (16 bytes at most) that divides the element. A float4 is one
/// LDG.128, a 12-byte struct three LDG.32.
unsigned instructionBytes(unsigned WidthBytes, unsigned AlignBytes);

} // namespace cudacoalesce

#endif
