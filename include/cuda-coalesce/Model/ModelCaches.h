//===- Model/ModelCaches.h - What the model keeps for one file --*- C++ -*-===//
//
// What the warp model keeps from one prediction to the next within one
// translation unit: the request costs by the lanes' shape
// (RequestCostCache), the lanes that pass lists of guards (GuardMaskCache),
// the guards' lane and uniform parts (SplitCache), and the predictions
// themselves. Every entry but the request costs names atoms of one
// sym::Context, so the caches serve one context only: the analysis session
// of a file owns both and passes them down together, and what they keep dies
// with the file. No Clang types here.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_MODEL_MODELCACHES_H
#define CUDA_COALESCE_MODEL_MODELCACHES_H

#include "cuda-coalesce/Model/Prediction.h"

#include <cstddef>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace cudacoalesce {
namespace model {

// The caches are private to the model (lib/Model); their owners see them
// only through here.
class RequestCostCache;
class GuardMaskCache;
class SplitCache;

class ModelCaches {
public:
  ModelCaches();
  ~ModelCaches();
  ModelCaches(const ModelCaches &) = delete;
  ModelCaches &operator=(const ModelCaches &) = delete;

  RequestCostCache &requestCosts() { return *Costs; }
  GuardMaskCache &guardMasks() { return *Masks; }
  SplitCache &guardSplits() { return *Splits; }
  /// Predictions by the bytes of what each is a function of (WarpModel.cpp).
  std::unordered_map<std::string, Prediction> &predictions() {
    return Predictions;
  }
  /// The keys of predictions found to have neither a count nor a known
  /// pattern before every value was tried (predictIfDecided): not kept in
  /// predictions(), which holds whole ones only.
  std::unordered_set<std::string> &undecided() { return Undecided; }

  /// Entries kept in all of them: 0 for caches that nothing has used.
  size_t entries() const;

private:
  std::unique_ptr<RequestCostCache> Costs;
  std::unique_ptr<GuardMaskCache> Masks;
  std::unique_ptr<SplitCache> Splits;
  std::unordered_map<std::string, Prediction> Predictions;
  std::unordered_set<std::string> Undecided;
};

} // namespace model
} // namespace cudacoalesce

#endif
