// The launch walker counts the visits of an affine access in closed form
// (LaunchWalker::countEveryVisit); here it must give, field by field, what
// visiting every warp gives, on random affine accesses with guards.
#include "LaunchWalker.h"

#include "cuda-coalesce/Model/GlobalSectorModel.h"
#include "cuda-coalesce/Model/SharedBankModel.h"

#include <gtest/gtest.h>

#include <random>

using namespace cudacoalesce;
using namespace cudacoalesce::model;
using sym::Poly;

namespace {

void expectSameTotals(const CostTotals &Counted, const CostTotals &Visited) {
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

void expectSameFlags(const LaunchWalker &Counting,
                     const LaunchWalker &Visiting) {
  EXPECT_EQ(Counting.guardUnknown(), Visiting.guardUnknown());
  EXPECT_EQ(Counting.unaddressedLanes(), Visiting.unaddressedLanes());
}

TEST(LaunchWalkerTest, CountingEqualsVisitingEveryWarp) {
  std::mt19937 Rng(20261202);
  auto Pick = [&](int64_t Low, int64_t High) {
    return std::uniform_int_distribution<int64_t>(Low, High)(Rng);
  };
  const Dim3 Blocks[] = {{32, 1, 1},  {64, 1, 1}, {48, 1, 1},
                         {16, 16, 1}, {32, 8, 1}, {8, 4, 2}};
  GlobalSectorModel Global;
  int CountedCases = 0;
  SharedBankModel Shared;
  for (int Case = 0; Case < 300; ++Case) {
    sym::Context Ctx;
    Poly Tx = Poly::atom(Ctx.threadIdx(0)), Ty = Poly::atom(Ctx.threadIdx(1));
    Poly Bx = Poly::atom(Ctx.blockIdx(0)), By = Poly::atom(Ctx.blockIdx(1));
    Poly Bdx = Poly::atom(Ctx.blockDim(0));
    unsigned Width = 1u << Pick(0, 3);
    AccessShape A;
    A.WidthBytes = A.ChunkBytes = Width;
    Poly Index =
        Tx * Poly::constant(Pick(-2, 5)) + Ty * Poly::constant(Pick(0, 70)) +
        Bx * Poly::constant(Pick(0, 300)) + By * Poly::constant(Pick(-40, 40)) +
        Poly::constant(Pick(0, 9));
    A.ByteOffset = Index.scaled(Width);
    // Bounds on the global index (one axis each) and on the thread index.
    int Guards = int(Pick(0, 3));
    for (int G = 0; G < Guards; ++G) {
      Guard Gd;
      Gd.Op = Cmp(Pick(0, 5));
      Gd.Predicated = Pick(0, 1);
      switch (Pick(0, 3)) {
      case 3: // a bound known neither statically nor at the launch
        Gd.Diff = Bx * Bdx + Tx - Poly::atom(Ctx.param("n"));
        break;
      case 0:
        Gd.Diff = Bx * Bdx + Tx - Poly::constant(Pick(0, 400));
        break;
      case 1:
        Gd.Diff = By + Ty - Poly::constant(Pick(0, 12));
        break;
      default:
        Gd.Diff = Tx - Poly::constant(Pick(0, 40));
      }
      A.Guards.push_back(Gd);
    }
    LaunchShape L;
    L.Block = Blocks[Pick(0, 5)];
    L.Grid = Dim3{Pick(1, 9), Pick(1, 5), 1};
    bool SharedSpace = Pick(0, 3) == 0;
    A.Space = SharedSpace ? AddressSpace::Shared : AddressSpace::Global;
    const RequestCostModel &Model =
        SharedSpace ? static_cast<const RequestCostModel &>(Shared) : Global;
    LaunchWalker Counting(Ctx, A, L, Model), Visiting(Ctx, A, L, Model);
    Visiting.allowCounting(false);
    SCOPED_TRACE(Ctx.str(A.ByteOffset));
    expectSameTotals(Counting.walk(1 << 20), Visiting.walk(1 << 20));
    expectSameFlags(Counting, Visiting);
    CountedCases += Counting.counted();
  }
  // Every one of these accesses is of the shape counting takes.
  EXPECT_EQ(CountedCases, 300);
}

} // namespace
