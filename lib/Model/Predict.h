//===- Model/Predict.h - Predictions that may stop early --------*- C++ -*-===//
//
// Private to lib/Model: predictWith() for the readers of a definite count or
// a known pattern only (predictIfDecided, WarpModel.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_PREDICT_H
#define CUDA_COALESCE_LIB_MODEL_PREDICT_H

#include "cuda-coalesce/Model/WarpModel.h"

#include <optional>

namespace cudacoalesce {
namespace model {

/// predictWith(); with \p IfDecided, nullopt as soon as two values tried
/// for the unknowns show that the prediction would have neither a count
/// nor a known pattern (TrialOutcomes.h), the other values not tried.
std::optional<Prediction> predictWith(const sym::Context &Ctx,
                                      ModelCaches &Caches,
                                      const AccessShape &Access,
                                      const LaunchShape &Launch,
                                      const RequestCostModel &Model,
                                      bool IfDecided);

} // namespace model
} // namespace cudacoalesce

#endif
