//===- Model/AssumedGridRange.h - Counts over a grid not known --*- C++ -*-===//
//
// Where the launch's grid is not known, the walk averages over an assumed
// one (limits::AssumedGridBlocks). That stands for the launch only where
// every block runs what the others run. A guard on the block index makes
// blocks differ (a stencil's halo that the first block's warps skip), and
// the launch's mean then turns on how many blocks there are: HeCBench
// convolutionSeparable's left halo was 3.94 to 4 sectors a request over 64
// assumed blocks, and its launch of 8 blocks moved 3.5.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_ASSUMEDGRIDRANGE_H
#define CUDA_COALESCE_LIB_MODEL_ASSUMEDGRIDRANGE_H

#include "cuda-coalesce/Model/Access.h"
#include "cuda-coalesce/Model/Prediction.h"
#include "cuda-coalesce/Symbolic/Expr.h"

namespace cudacoalesce {
namespace model {

/// Where the grid is assumed (\p GridAssumed) and a guard of \p Access reads
/// the block index or the grid's size, and the thread index too or nvcc
/// predicates it, \p P's count becomes the range of its warps' counts, from
/// the least to the most, its pattern kept.
void rangeOverAssumedGrid(const sym::Context &Ctx, const AccessShape &Access,
                          bool GridAssumed, Prediction &P);

} // namespace model
} // namespace cudacoalesce

#endif
