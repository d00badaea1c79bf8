//===- Model/SharedBankModel.h - Banks of shared memory ---------*- C++ -*-===//
//
// Shared memory as Nsight Compute counts it: 32 banks of 4 bytes; a request
// takes as many wavefronts as the bank asked for the most distinct 4-byte
// words needs (lanes that read one word are served together: a broadcast).
// Wide accesses are served a part of the warp at a time. No Clang types
// here.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_MODEL_SHAREDBANKMODEL_H
#define CUDA_COALESCE_MODEL_SHAREDBANKMODEL_H

#include "cuda-coalesce/Model/CostModel.h"

namespace cudacoalesce {
namespace model {

constexpr unsigned SharedBanks = 32;
constexpr unsigned BankBytes = 4;
/// Bytes one wavefront serves: a word from every bank.
constexpr unsigned WavefrontBytes = SharedBanks * BankBytes;

/// Lanes of a warp served together for accesses of \p ChunkBytes: the
/// whole warp up to 4 bytes a lane, a half warp for 8, a quarter warp for
/// 16 (measured on an H200: SharedBankModel.cpp).
unsigned lanesPerPhase(unsigned ChunkBytes);

/// Shared memory's words: wavefronts, phases, bank conflicts.
extern const CostModelDescription SharedBankDescription;

class SharedBankModel : public RequestCostModel {
public:
  /// \p PhasesShareAPass: two phases of a pair whose lanes ask for few
  /// words share a wavefront (loads; stores never do, AccessShape::
  /// SharedStore).
  explicit SharedBankModel(bool PhasesShareAPass = true)
      : PhasesShareAPass(PhasesShareAPass) {}
  const CostModelDescription &description() const override {
    return SharedBankDescription;
  }
  /// Units are wavefronts; Segments the phases priced.
  RequestCost costOfRequest(const std::vector<int64_t> &LaneAddresses,
                            uint32_t Lanes, unsigned ChunkBytes) const override;
  RequestCost costOfGather(unsigned ActiveLanes,
                           unsigned ChunkBytes) const override;
  int64_t periodBytes() const override { return WavefrontBytes; }
  Pattern classify(const CostTotals &T, bool DataDependent) const override;
  bool gathersAreScattered() const override { return false; }

private:
  bool PhasesShareAPass;
};

} // namespace model
} // namespace cudacoalesce

#endif
