//===- Model/TrialReads.h - What a trial reads of the unknowns -*- C++ -*-===//
//
// A walk reads the unknowns of an access only through the polynomials of
// the access (its address, its guards, the trip counts of the loops nvcc
// splits), and so only through the values of the unknowns those read bare
// and of the operations over the unknowns alone they read: ggml's flash
// attention reads `ne11` only as `(ne11 + 127) / 128`, one value for every
// size tried below 128, and its 8-unknown accesses were walked 352 times
// each. Two trials that give those the same values walk alike, exactly;
// the second takes the first's walk (UnknownTrials.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_TRIALREADS_H
#define CUDA_COALESCE_LIB_MODEL_TRIALREADS_H

#include "cuda-coalesce/Model/Access.h"
#include "cuda-coalesce/Symbolic/Expr.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cudacoalesce {
namespace model {

/// The values of the unknowns of an access that its walks read.
class TrialReads {
public:
  /// \p Unknowns in the order of the trials' values.
  TrialReads(const sym::Context &Ctx, const AccessShape &Access,
             const std::vector<sym::AtomId> &Unknowns);

  /// Per trial of \p Samples (a value of each unknown), the first trial
  /// that reads the same values: itself where none before does.
  std::vector<size_t>
  firstOfClass(const std::vector<std::vector<int64_t>> &Samples) const;

private:
  /// What a trial with \p Values gives each value read: the bare unknowns'
  /// values, then each operation's (a flag and the value: an operation may
  /// be undefined, a division by zero).
  std::vector<int64_t> keyOf(const std::vector<int64_t> &Values) const;
  void collect(const sym::Poly &P, std::vector<sym::AtomId> &OpsSeen);

  const sym::Context &Ctx;
  std::vector<sym::AtomId> Unknowns;
  /// Per unknown: some polynomial reads it outside the operations below.
  std::vector<bool> ReadBare;
  /// The operations over the unknowns alone that the polynomials read,
  /// outermost only.
  std::vector<sym::AtomId> Operations;
};

} // namespace model
} // namespace cudacoalesce

#endif
