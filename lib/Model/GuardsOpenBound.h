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
#include <optional>
#include <vector>

namespace cudacoalesce {
namespace model {

class ModelCaches;
class RequestCostModel;
struct LaunchShape;

/// The most units any request of \p Access can move whatever the values,
/// where that is known without walking (global memory, every address a
/// multiple of the chunk: one sector a lane); nullopt elsewhere.
std::optional<double> mostUnitsOfAnyRequest(const AccessShape &Access);

/// Widens \p P, the trials' prediction of \p Access over \p Samples (values
/// of its unknowns \p Unknowns), where guards read them (the conditions of
/// loops nvcc splits excepted: they place the lanes' trips). "No lane
/// reaches" and a count of nothing become the range from the least to the
/// most with every such guard open. Where some lane ran, only the guards
/// that also read the thread index (they pick lanes) are opened: a range
/// reaches that most, a count the same for every value tried becomes the
/// range with its pattern kept (unless the range is that count alone), and
/// a range stated for aligned values reaches it.
void boundWithGuardsOpen(const sym::Context &Ctx, ModelCaches &Caches,
                         const AccessShape &Access, const LaunchShape &Launch,
                         const RequestCostModel &Model,
                         const std::vector<sym::AtomId> &Unknowns,
                         const std::vector<std::vector<int64_t>> &Samples,
                         uint64_t Budget, Prediction &P);

} // namespace model
} // namespace cudacoalesce

#endif
