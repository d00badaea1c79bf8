// What the launch walker's differential tests share: random cases drawn from
// a fixed seed, and totals compared field by field.
#ifndef CUDA_COALESCE_TEST_UNIT_WALKTESTSUPPORT_H
#define CUDA_COALESCE_TEST_UNIT_WALKTESTSUPPORT_H

#include "cuda-coalesce/Model/CostModel.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

namespace cudacoalesce {
namespace model {

/// Integers drawn in [Low, High] from a fixed seed: the random cases are the
/// same at every run.
class Picker {
public:
  explicit Picker(unsigned Seed) : Rng(Seed) {}
  int64_t operator()(int64_t Low, int64_t High) {
    return std::uniform_int_distribution<int64_t>(Low, High)(Rng);
  }

private:
  std::mt19937 Rng;
};

/// Every count of two walks that must agree (the precision of a sample is
/// left out: a count made in place of a sample has none).
inline void expectSameTotals(const CostTotals &Counted,
                             const CostTotals &Visited) {
  EXPECT_EQ(Counted.Units, Visited.Units);
  EXPECT_EQ(Counted.Segments, Visited.Segments);
  EXPECT_EQ(Counted.IdealUnits, Visited.IdealUnits);
  EXPECT_EQ(Counted.Requests, Visited.Requests);
  EXPECT_EQ(Counted.Min, Visited.Min);
  EXPECT_EQ(Counted.Max, Visited.Max);
  EXPECT_EQ(Counted.AllUniform, Visited.AllUniform);
  EXPECT_EQ(Counted.AllDense, Visited.AllDense);
  EXPECT_EQ(Counted.Visits, Visited.Visits);
  EXPECT_EQ(Counted.Warps, Visited.Warps);
  EXPECT_EQ(Counted.IrregularWarps, Visited.IrregularWarps);
}

} // namespace model
} // namespace cudacoalesce

#endif
