// A sampled walk's groups follow Roberts' R_d sequence, whose root the
// walker finds once for every walk over as many axes (RobertsSequence.h).
// Over radices of other sizes and values in turn, each point must be what
// finding the root anew for it gives.
#include "RobertsSequence.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace cudacoalesce::model;

namespace {

/// The sequence's point \p J on axis \p Axis, the root found anew.
uint64_t pointFoundAnew(const std::vector<int64_t> &Radix, uint64_t J,
                        size_t Axis) {
  const size_t Axes = Radix.size() - 1;
  double Phi = 2;
  for (int Step = 0; Axes && Step < 32; ++Step)
    Phi -= (std::pow(Phi, double(Axes + 1)) - Phi - 1) /
           (double(Axes + 1) * std::pow(Phi, double(Axes)) - 1);
  double At = 0.5 + double(J + 1) * std::pow(1 / Phi, double(Axis));
  return std::min(uint64_t((At - std::floor(At)) * double(Radix[Axis])),
                  uint64_t(Radix[Axis] - 1));
}

} // namespace

TEST(RobertsSequenceTest, KeptRootGivesEveryPointFoundAnew) {
  const std::vector<std::vector<int64_t>> Radices = {
      {4, 64},          {4, 64, 16}, {8, 7, 16},     {4, 64},
      {2, 3, 5, 7, 11}, {1, 1000},   {4, 64, 16, 3}, {4, 9, 16}};
  RobertsSequence Kept;
  int Compared = 0;
  for (int Round = 0; Round < 2; ++Round)
    for (const std::vector<int64_t> &Radix : Radices) {
      Kept.reset(Radix);
      for (uint64_t J = 0; J < 3000; J += 7)
        for (size_t Axis = 1; Axis < Radix.size(); ++Axis, ++Compared)
          ASSERT_EQ(Kept.coordinate(J, Axis), pointFoundAnew(Radix, J, Axis))
              << "radix of " << Radix.size() << ", J = " << J;
    }
  EXPECT_GT(Compared, 10000);
}
