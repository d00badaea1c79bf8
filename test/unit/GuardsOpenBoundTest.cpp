// The bound the walk with guards open stops at (Model/GuardsOpenBound.h):
// where it is claimed, no request of any walk moves more, whatever the
// unknowns, the launch and the guards; and walks reach it, so the bound
// ends walks that would not raise the most.
#include "GuardsOpenBound.h"
#include "LaunchWalker.h"
#include "WalkTestSupport.h"

#include "cuda-coalesce/Model/GlobalSectorModel.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;
using namespace cudacoalesce::model;
using sym::Poly;

TEST(GuardsOpenBoundTest, NoRequestMovesMoreThanTheClaimedMost) {
  Picker Pick(20261207);
  const Dim3 Blocks[] = {{32, 1, 1}, {64, 1, 1}, {16, 16, 1}, {32, 8, 1}};
  GlobalSectorModel Global;
  size_t Claimed = 0, Reached = 0;
  for (int Case = 0; Case < 200; ++Case) {
    sym::Context Ctx;
    ModelCaches Caches;
    AccessShape A = randomAccess(Ctx, Pick);
    A.Space = AddressSpace::Global;
    std::optional<double> Most = mostUnitsOfAnyRequest(A);
    // randomAccess scales every term by the width: always claimed.
    ASSERT_TRUE(Most);
    ++Claimed;
    LaunchShape L;
    L.Block = Blocks[Pick(0, 3)];
    L.Grid = Dim3{Pick(1, 9000), Pick(1, 50), 1};
    LaunchWalker Walker(Ctx, Caches, A, L, Global);
    for (int Trial = 0; Trial < 12; ++Trial) {
      for (sym::AtomId U : Walker.unknowns())
        Walker.set(U, Pick(0, 3) ? Pick(0, 300) : Pick(0, int64_t(1) << 30));
      CostTotals T = Walker.walk(256);
      if (!T.Requests)
        continue;
      EXPECT_LE(T.Max, *Most) << Ctx.str(A.ByteOffset);
      Reached += T.Max == *Most;
    }
  }
  EXPECT_EQ(Claimed, 200u);
  EXPECT_GT(Reached, 20u);
}

TEST(GuardsOpenBoundTest, NoMostClaimedOffTheChunk) {
  sym::Context Ctx;
  Poly Tx = Poly::atom(Ctx.threadIdx(0)), N = Poly::atom(Ctx.param("n"));
  AccessShape A;
  A.WidthBytes = A.ChunkBytes = 4;
  A.ByteOffset = (Tx * N).scaled(4);
  EXPECT_EQ(mostUnitsOfAnyRequest(A), 32.0);
  // Two bytes past a float's start: a chunk may straddle two sectors.
  A.ByteOffset = A.ByteOffset + Poly::constant(2);
  EXPECT_FALSE(mostUnitsOfAnyRequest(A));
  // Shared memory's wavefronts are not sectors.
  A.ByteOffset = (Tx * N).scaled(4);
  A.Space = AddressSpace::Shared;
  EXPECT_FALSE(mostUnitsOfAnyRequest(A));
}
