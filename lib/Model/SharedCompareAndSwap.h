//===- Model/SharedCompareAndSwap.h - Atomics looped on CAS -----*- C++ -*-===//
//
// Atomics in shared memory, as nvcc lowers them and the H100 and H200 serve
// them (runtime-bench 47_shared_atomics, HeCBench atomicPerf).
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
// A 16-bit add is the same loop on the 32-bit word around the element,
// through a generic address (ATOM.E.CAS), whose lanes on one word are
// served one after another: 2, 3 and 56.6 wavefronts a request measured for
// a word each, two lanes a word and every lane one word.
// One ATOMS serves the lanes asking for one word one after another (32
// wavefronts for `atomicExch(&s[0], v)`), unless nvcc aggregated the warp's
// operands first (an add, min, max, and, or, xor at a warp-uniform address:
// one lane issues it); ATOMS.CAS takes twice a store's wavefronts.
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

/// One request of an atomic in shared memory that is not one plain pass of
/// the bank phases: \p Passes passes (2 for a compare-and-swap, looped or
/// not: the compare and the new value), each a wavefront per conflict of
/// each phase of the warp priced alone (the halves of 64-bit words never
/// share a pass, as they do for a load of one word); with \p Serialized,
/// lanes asking for one word conflict as lanes asking for different words
/// of a bank do (AccessShape::SerializesOneWord).
class SharedAtomicModel : public RequestCostModel {
public:
  SharedAtomicModel(unsigned Passes, bool Serialized)
      : Passes(Passes), Serialized(Serialized) {}
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
  unsigned Passes;
  bool Serialized;
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
