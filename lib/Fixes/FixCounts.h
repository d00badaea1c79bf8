//===- Fixes/FixCounts.h - The counts every fix states ----------*- C++ -*-===//
//
// What the global and the shared-memory advisors both say about a fix: the
// count it starts from and the count after it, in the unit of the memory.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FIXES_FIXCOUNTS_H
#define CUDA_COALESCE_LIB_FIXES_FIXCOUNTS_H

#include "cuda-coalesce/Model/Prediction.h"

#include <string>

namespace cudacoalesce {
namespace fixes {

/// "after the fix: 4 sectors/request, 8x fewer" (\p Unit: "sectors",
/// "wavefronts").
std::string afterText(double Before, double After, const char *Unit);

/// The count a fix is measured against: the prediction's, or the most of
/// its range.
double worstBefore(const model::Prediction &P);

} // namespace fixes
} // namespace cudacoalesce

#endif
