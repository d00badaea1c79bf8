//===- Report/PredictionText.h - A prediction in words ----------*- C++ -*-===//
//
// The warp model keeps what it assumed, its condition for the ideal and why
// a pattern is unknown as data; these put them in the words every report
// prints.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_REPORT_PREDICTIONTEXT_H
#define CUDA_COALESCE_REPORT_PREDICTIONTEXT_H

#include "cuda-coalesce/Frontend/Finding.h"

#include <string>
#include <vector>

namespace cudacoalesce {

/// "sectors" (global memory) or "wavefronts" (shared memory): the unit of
/// a prediction's counts.
const char *unitsName(model::AddressSpace Space);
/// "global", "shared": as the JSON's "space" and the messages name it.
const char *spaceName(model::AddressSpace Space);
std::string
assumptionText(const model::Assumption &A,
               model::AddressSpace Space = model::AddressSpace::Global);
/// "coalesced iff W % 8 == 0"; empty when the prediction has no condition.
std::string conditionText(const model::Prediction &P);
/// Why the pattern is unknown; empty when it is known.
std::string unknownReasonText(const model::Prediction &P);
/// Every assumption behind a finding: the analysis's (launch shape,
/// alignment of the base), then the model's.
std::vector<std::string> assumptionTexts(const Finding &F);

} // namespace cudacoalesce

#endif
