//===- Report/PredictionText.h - A prediction in words ----------*- C++ -*-===//
//
// The warp model keeps what it assumed, its condition for the ideal and why
// a pattern is unknown as data; these put them in the words every report
// prints, the unit and the ideal in the words of the cost model that priced
// the prediction (Model/CostModelDescription.h).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_REPORT_PREDICTIONTEXT_H
#define CUDA_COALESCE_REPORT_PREDICTIONTEXT_H

#include "cuda-coalesce/Frontend/Finding.h"

#include <string>
#include <vector>

namespace cudacoalesce {

/// \p A in words, counts in the unit of \p Model.
std::string assumptionText(const model::Assumption &A,
                           const model::CostModelDescription &Model);
/// "coalesced iff W % 8 == 0"; empty when the prediction has no condition.
std::string conditionText(const model::Prediction &P);
/// Why the pattern is unknown; empty when it is known.
std::string unknownReasonText(const model::Prediction &P);
/// Every assumption behind a finding: the analysis's (launch shape,
/// alignment of the base), then the model's.
std::vector<std::string> assumptionTexts(const Finding &F);

} // namespace cudacoalesce

#endif
