//===- Model/UnknownTrials.h - Values the unknowns are tried at -*- C++ -*-===//
//
// An access whose address or guards read values known neither statically
// nor at the launch is walked once per trial value of them (Predict.cpp).
// This unit plans the trials (an unknown that only moves every lane by
// whole periods is settled instead), walks them, and keeps those that are
// launches the kernel makes: some lane runs the access, and every active
// lane's address can be evaluated. A trial under which a lane divides by
// zero or computes past 64 bits (ggml's flash attention divides by
// `ne02 / ne12` and by tile counts of unknown extents, zero at the small
// values tried) is undefined behaviour in the kernel's own arithmetic, not a
// launch that happens: it says nothing of the count.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_LIB_MODEL_UNKNOWNTRIALS_H
#define CUDA_COALESCE_LIB_MODEL_UNKNOWNTRIALS_H

#include "LaunchWalker.h"

#include "cuda-coalesce/Model/Prediction.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace cudacoalesce {
namespace model {

/// The values tried for the unknowns of an access, the first the aligned
/// case the counts are given for.
struct UnknownTrials {
  std::vector<sym::AtomId> Unknowns;
  /// Per unknown: it is the stride between the lanes (isLaneStride).
  std::vector<bool> Strides;
  /// Per trial, a value of each unknown.
  std::vector<std::vector<int64_t>> Samples;

  void assign(LaunchWalker &Walker, size_t Sample) const {
    for (size_t U = 0; U < Unknowns.size(); ++U)
      Walker.set(Unknowns[U], Samples[Sample][U]);
  }
};

/// The assignments of the unknowns to try, for \p Unknowns of them; the
/// first is the aligned case the counts are given for.
std::vector<std::vector<int64_t>> trials(size_t Unknowns);

/// Settles each unknown that only moves every lane by whole periods of the
/// model (the count does not depend on it), noting it in \p P; then plans
/// the trials of the others.
UnknownTrials planTrials(const sym::Context &Ctx, const AccessShape &Access,
                         LaunchWalker &Walker, Prediction &P);

/// One walk per trial, sharing \p Budget; a trial that repeats an earlier
/// one's walk (TrialClasses) takes its totals. Stops, with nullopt, at the
/// first trial whose totals \p Stop says settle what the caller asked.
std::optional<std::vector<CostTotals>>
walkTrials(const UnknownTrials &Trials, const std::vector<size_t> &FirstOfClass,
           LaunchWalker &Walker, uint64_t Budget,
           llvm::function_ref<bool(const CostTotals &)> Stop);

/// What is left of the trials once those that are no launch are dropped.
struct TrialsKept {
  /// Trials under which some lane issued the access and every active
  /// lane's address was evaluated.
  size_t Launches = 0;
  /// Trials dropped because an active lane's address was not.
  size_t Undefined = 0;
};

/// Drops from \p Trials and \p Results, their walks, the trials under
/// which no lane issues the access (a guard `tid < n` at n = 0) and those
/// under which an active lane's address cannot be evaluated.
TrialsKept keepTrialsOfLaunches(UnknownTrials &Trials,
                                std::vector<CostTotals> &Results);

} // namespace model
} // namespace cudacoalesce

#endif // CUDA_COALESCE_LIB_MODEL_UNKNOWNTRIALS_H
