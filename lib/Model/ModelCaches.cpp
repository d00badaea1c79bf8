//===- Model/ModelCaches.cpp - What the model keeps for one file ----------===//
#include "cuda-coalesce/Model/ModelCaches.h"

#include "AccessSplit.h"
#include "GuardMaskCache.h"
#include "RequestCostCache.h"

namespace cudacoalesce {
namespace model {

ModelCaches::ModelCaches()
    : Costs(std::make_unique<RequestCostCache>()),
      Masks(std::make_unique<GuardMaskCache>()),
      Splits(std::make_unique<SplitCache>()) {}

ModelCaches::~ModelCaches() = default;

size_t ModelCaches::entries() const {
  return Costs->entries() + Masks->entries() + Splits->entries() +
         Predictions.size() + Undecided.size();
}

} // namespace model
} // namespace cudacoalesce
