// A fix candidate reads a prediction only where it has a count or a known
// pattern (model::predictIfDecided): stopped after the trials that show it
// has neither, it must agree with the whole prediction on every access,
// and a stopped one must not stand in for a whole one later.
#include "WalkTestSupport.h"

#include "TrialOutcomes.h"

#include "cuda-coalesce/Model/WarpModel.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;
using namespace cudacoalesce::model;

namespace {

LaunchShape randomLaunch(Picker &Pick) {
  const Dim3 Blocks[] = {{32, 1, 1}, {64, 1, 1}, {16, 16, 1}, {32, 8, 1}};
  LaunchShape L;
  L.Block = Blocks[Pick(0, 3)];
  if (Pick(0, 2))
    L.Grid = Pick(0, 1) ? Dim3{Pick(1, 9), Pick(1, 5), 1}
                        : Dim3{Pick(2000, 9000), Pick(1, 50), 1};
  return L;
}

/// Some guards may be predicated or not, or a store sunk or not: the
/// prediction is made both ways (Predict.cpp's undecided lowerings).
void lowerSomeWaysUndecided(AccessShape &A, Picker &Pick) {
  for (Guard &G : A.Guards) {
    G.MaybePredicated = Pick(0, 3) == 0;
    G.Predicated = !G.MaybePredicated && Pick(0, 3) == 0;
  }
}

} // namespace

TEST(PredictIfDecidedTest, AgreesWithTheWholePrediction) {
  Picker Pick(20261207);
  size_t Undecided = 0, Decided = 0;
  for (int Case = 0; Case < 160; ++Case) {
    sym::Context Ctx;
    AccessShape A = randomAccess(Ctx, Pick);
    A.Space = Pick(0, 3) == 0 ? AddressSpace::Shared : AddressSpace::Global;
    lowerSomeWaysUndecided(A, Pick);
    LaunchShape L = randomLaunch(Pick);
    SCOPED_TRACE(Ctx.str(A.ByteOffset));
    ModelCaches Whole, Early;
    Prediction P = predict(Ctx, Whole, A, L);
    std::optional<Prediction> Q = predictIfDecided(Ctx, Early, A, L);
    if (!Q) {
      ++Undecided;
      EXPECT_FALSE(P.Units.has_value());
      EXPECT_EQ(P.Kind, Pattern::Unknown);
      continue;
    }
    ++Decided;
    EXPECT_EQ(Q->Kind, P.Kind);
    EXPECT_EQ(Q->Units, P.Units);
    EXPECT_EQ(Q->UnitsMin, P.UnitsMin);
    EXPECT_EQ(Q->UnitsMax, P.UnitsMax);
    EXPECT_EQ(Q->IdealUnits, P.IdealUnits);
  }
  // Both ways must be met, the early stop often.
  EXPECT_GT(Undecided, 20u);
  EXPECT_GT(Decided, 20u);
}

TEST(PredictIfDecidedTest, AStoppedPredictionIsNotKeptAsAWholeOne) {
  sym::Context Ctx;
  sym::Poly Tx = sym::Poly::atom(Ctx.threadIdx(0));
  sym::Poly Stride = sym::Poly::atom(Ctx.param("stride"));
  sym::Poly Rows = sym::Poly::atom(Ctx.param("rows"));
  AccessShape A;
  // The lanes' spacing and where rows break depend on the unknowns.
  A.ByteOffset = (Tx * Stride + Ctx.op(sym::OpKind::Div, Tx, Rows)).scaled(4);
  LaunchShape L;
  L.Block = {64, 1, 1};
  ModelCaches Caches, Fresh;
  EXPECT_FALSE(predictIfDecided(Ctx, Caches, A, L).has_value());
  // Asked again, the same answer from the cache.
  EXPECT_FALSE(predictIfDecided(Ctx, Caches, A, L).has_value());
  Prediction Kept = predict(Ctx, Caches, A, L);
  Prediction Made = predict(Ctx, Fresh, A, L);
  EXPECT_EQ(Kept.Kind, Pattern::Unknown);
  EXPECT_EQ(Kept.UnitsMin, Made.UnitsMin);
  EXPECT_EQ(Kept.UnitsMax, Made.UnitsMax);
  ASSERT_TRUE(Kept.Cause.has_value());
  EXPECT_EQ(Kept.Cause->Names, Made.Cause->Names);
  EXPECT_GT(Kept.UnitsMax, Kept.UnitsMin);
}

TEST(PredictIfDecidedTest, TrialsThatLeaveNoOutcomeToShare) {
  Trial Four{Pattern::Coalesced, true, 4, 4, 4};
  Trial Five{Pattern::Misaligned, true, 5, 5, 4};
  Trial Strided{Pattern::Strided, true, 32, 32, 4};
  Trial Unknown{Pattern::Unknown, true, 7, 7, 4};
  EXPECT_TRUE(sameResult(Four, Four));
  EXPECT_FALSE(sameResult(Four, Five));
  // Contiguous lanes keep one pattern whether the start is aligned or not.
  EXPECT_TRUE(samePattern(Four, Five));
  EXPECT_FALSE(samePattern(Four, Strided));
  // An unknown pattern is no pattern to keep.
  EXPECT_FALSE(samePattern(Unknown, Unknown));
  EXPECT_TRUE(sameResult(Unknown, Unknown));
  EXPECT_EQ(combineTrials({Four, Five}).What,
            TrialsTogether::Outcome::SamePattern);
  EXPECT_EQ(combineTrials({Four, Strided, Four}).What,
            TrialsTogether::Outcome::DependsOnValues);
  EXPECT_EQ(combineTrials({Unknown, Unknown}).What,
            TrialsTogether::Outcome::SameResult);
}
