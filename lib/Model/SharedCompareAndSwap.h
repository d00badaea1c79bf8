//===- Model/SharedCompareAndSwap.h - Atomics looped on CAS -----*- C++ -*-===//
//
// Shared memory has no instruction that adds a float or a double: nvcc
// makes `atomicAdd` there a load of the old value (`LDS`, priced like any
// load) and a loop of `ATOMS.CAST.SPIN` that each lane leaves once its
// compare held, that is, once no other lane or warp changed the word since
// it read it (AccessShape::CompareAndSwapLoop). Measured on an H200
// (HeCBench atomicPerf, issue 43): a request takes 2 wavefronts for 32-bit
// words, whether the lanes' words are apart or one; 4 for 64-bit words
// apart, and 3.2 on average for one 64-bit word, as the lanes that beat the
// others leave. How many requests a launch issues is the contention's.
// No Clang types here.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_SHAREDCOMPAREANDSWAP_H
#define CUDA_COALESCE_LIB_MODEL_SHAREDCOMPAREANDSWAP_H

#include "cuda-coalesce/Model/Access.h"
#include "cuda-coalesce/Model/Prediction.h"
#include "cuda-coalesce/Model/SharedBankModel.h"

namespace cudacoalesce {
namespace model {

/// One request of the loop: a pass for the old values and one for the new,
/// each a wavefront per conflict of each phase of the warp priced alone (the
/// halves of 64-bit words never share a pass, as they do for a load of one
/// word).
class SharedCompareAndSwapModel : public RequestCostModel {
public:
  const CostModelDescription &description() const override {
    return SharedBankDescription;
  }
  RequestCost costOfRequest(const std::vector<int64_t> &LaneAddresses,
                            uint32_t Lanes, unsigned ChunkBytes) const override;
  RequestCost costOfGather(unsigned ActiveLanes,
                           unsigned ChunkBytes) const override;
  int64_t periodBytes() const override { return Words.periodBytes(); }
  Pattern classify(const CostTotals &T, bool DataDependent) const override {
    return Words.classify(T, DataDependent);
  }
  bool gathersAreScattered() const override {
    return Words.gathersAreScattered();
  }

private:
  SharedBankModel Words;
};

/// The prediction of a compare-and-swap loop, \p P, priced with every lane
/// of the first pass: later passes hold only the lanes that lost, down to
/// one, so the count per request is that of one lane at the least, and the
/// requests of a launch are not known.
void rangeOverRetries(const AccessShape &Access, Prediction &P);

} // namespace model
} // namespace cudacoalesce

#endif
