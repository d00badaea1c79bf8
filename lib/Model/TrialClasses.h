//===- Model/TrialClasses.h - Trials that repeat a walk ---------*- C++ -*-===//
//
// The unknowns of an access are tried at hundreds of values (Predict.cpp's
// trials()), each trial a walk of the launch. An unknown that reaches the
// address only through terms the same in every lane of a warp (a stride
// times the block index, a kernel parameter times a channel) shifts each
// warp's lanes together; the cost model prices a request by the lanes'
// shape and its start within the model's period (RequestCostCache), so such
// an unknown moves the counts only through those terms' values modulo the
// period. Two trials whose values agree on every other unknown and give each
// such term the same residue walk the same warps at the same costs: the
// second repeats the first's walk.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_TRIALCLASSES_H
#define CUDA_COALESCE_LIB_MODEL_TRIALCLASSES_H

#include "cuda-coalesce/Model/Access.h"
#include "cuda-coalesce/Symbolic/Expr.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cudacoalesce {
namespace model {

/// Which of an access's unknowns only shift the warp's lanes together, and
/// the trials of their values whose walks repeat an earlier one's.
class TrialClasses {
public:
  /// \p Unknowns in the order of the trials' values; \p PeriodBytes the cost
  /// model's period.
  TrialClasses(const sym::Context &Ctx, const AccessShape &Access,
               const std::vector<sym::AtomId> &Unknowns, int64_t PeriodBytes);

  /// Per unknown: it reaches the access only through lane-free terms of the
  /// address (no guard, operation, split loop or lane-varying term reads it).
  const std::vector<bool> &shiftsOnly() const { return ShiftOnly; }

  /// Per trial of \p Samples (a value of each unknown), the first trial
  /// whose walk gives what its own would: itself where none before does.
  std::vector<size_t>
  firstOfClass(const std::vector<std::vector<int64_t>> &Samples) const;

  /// Whether \p A is an operation whose value each trial decides: lane-free
  /// and over \p Unknowns alone; it is a factor like an unknown.
  static bool isTrialValue(const sym::Context &Ctx, sym::AtomId A,
                           const std::vector<sym::AtomId> &Unknowns);

private:
  /// A lane-free term of the address that reads a shifting unknown: its
  /// coefficient, the unknowns it multiplies (by position, repeated for
  /// powers), the operations over unknowns alone it multiplies, and the
  /// class of the rest of its atoms.
  struct ShiftTerm {
    int64_t Coeff;
    std::vector<size_t> Unknowns;
    std::vector<sym::AtomId> Operations;
    size_t Monomial;
  };

  /// What a trial's walk depends on: the values of the unknowns that do
  /// not only shift, then each monomial's residue; empty where a term's
  /// magnitude leaves the residue unsafe (the trial is a class alone).
  std::vector<int64_t> keyOf(const std::vector<int64_t> &Values) const;

  const sym::Context &Ctx;
  std::vector<sym::AtomId> Unknowns;
  std::vector<bool> ShiftOnly;
  std::vector<ShiftTerm> Terms;
  size_t Monomials = 0;
  int64_t Period;
};

} // namespace model
} // namespace cudacoalesce

#endif
