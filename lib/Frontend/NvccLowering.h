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
// predicated guard (Guard::Predicated, set from isIfConverted below)
// executes it with no lane active: one request that moves nothing. The
// launch walker (Model/LaunchWalker.cpp, simulateWarp) counts by that rule
// and nowhere else.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_NVCCLOWERING_H
#define CUDA_COALESCE_LIB_FRONTEND_NVCCLOWERING_H

#include <cstddef>

namespace clang {
class CompoundStmt;
class IfStmt;
} // namespace clang

namespace cudacoalesce {

/// `T v = <global load>; ... if (c) { uses of v }` with no other use of v:
/// nvcc sinks the load into the branch, so only lanes where c holds issue
/// it. Returns that `if` for the declaration at \p DeclIndex of \p Block, or
/// null.
const clang::IfStmt *sinkingBranch(const clang::CompoundStmt *Block,
                                   size_t DeclIndex);

/// Whether nvcc if-converts \p If (predicates its body rather than branching
/// around it): a short `if` (one or two expression statements) without
/// `else`, outside loops, with code after it (measured: a halo load under
/// threadIdx.x < 8 is executed by every warp of the block). \p AtKernelTail:
/// nothing of the kernel follows, so lanes that fail can exit instead.
bool isIfConverted(const clang::IfStmt *If, bool AtKernelTail,
                   unsigned LoopDepth);

/// The bytes one load or store instruction moves for an element of
/// \p WidthBytes aligned to \p AlignBytes: the widest naturally aligned
/// instruction (16 bytes at most) that divides the element. A float4 is one
/// LDG.128, a 12-byte struct three LDG.32.
unsigned instructionBytes(unsigned WidthBytes, unsigned AlignBytes);

} // namespace cudacoalesce

#endif
