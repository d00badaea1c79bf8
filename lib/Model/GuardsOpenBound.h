//===- Model/GuardsOpenBound.h - Counts past the values tried ---*- C++ -*-===//
//
// The trials of an access's unknowns (Predict.cpp) give its count over the
// values tried. Where a guard reads those unknowns, the values no trial
// draws may let lanes through that no trial did: `pos >= 0 && pos < size`
// with `pos = size - 1 - (s * 16 * blockDim.x + threadIdx.x)` passes lanes
// only where s is small and size large together, which no trial draws
// (Chai's PAD: "no lane reaches" and "uniform, 0 sectors" where the GPU
// measured 8 sectors a request; one trial with lanes gave a definite 4
// where other values give 1 to 5). A request moves no more sectors than it
// would with every lane on, so the access walked with those guards open in
// every lane bounds every value's count from above (docs/model.md, the
// contract, point 2), and one lane, or none under a predicated guard, from
// below.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_GUARDSOPENBOUND_H
#define CUDA_COALESCE_LIB_MODEL_GUARDSOPENBOUND_H

#include "cuda-coalesce/Model/Access.h"
#include "cuda-coalesce/Model/Prediction.h"
#include "cuda-coalesce/Symbolic/Expr.h"

#include <cstdint>
#include <vector>

namespace cudacoalesce {
namespace model {

class ModelCaches;
class RequestCostModel;
struct LaunchShape;

/// Widens \p P, the trials' prediction of \p Access over \p Samples (values
/// of its unknowns \p Unknowns), where a guard other than a loop's
/// condition reads them: "no lane reaches" and a count of nothing become
/// the range from the least to the most with the guards open, a range
/// reaches that most, and a count the same for every value tried, where
/// such a guard also reads the thread index, becomes that range with its
/// pattern kept.
void boundWithGuardsOpen(const sym::Context &Ctx, ModelCaches &Caches,
                         const AccessShape &Access, const LaunchShape &Launch,
                         const RequestCostModel &Model,
                         const std::vector<sym::AtomId> &Unknowns,
                         const std::vector<std::vector<int64_t>> &Samples,
                         uint64_t Budget, Prediction &P);

} // namespace model
} // namespace cudacoalesce

#endif
