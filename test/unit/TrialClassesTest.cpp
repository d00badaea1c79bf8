// Trials of the unknowns that only shift a warp's lanes together repeat an
// earlier trial's walk (Model/TrialClasses.h): every trial of random
// accesses is walked, and each must give, field by field, what the first of
// its class gives.
#include "LaunchWalker.h"
#include "WalkTestSupport.h"

#include "cuda-coalesce/Model/GlobalSectorModel.h"
#include "cuda-coalesce/Model/SharedBankModel.h"

#include <gtest/gtest.h>

#include <iterator>
#include <string>

using namespace cudacoalesce;
using namespace cudacoalesce::model;
using sym::Poly;

namespace {

/// Values of each unknown among those Predict.cpp's trials give (small
/// ones, the range of sizes, powers of two and their neighbours) and one
/// past the magnitude a residue is trusted at, few enough that trials meet
/// in a class often, wrongly too if the classes were wrong.
std::vector<std::vector<int64_t>> randomSamples(size_t Unknowns, Picker &Pick) {
  const int64_t Palette[] = {0,   1,   2,   3,    4,    31,
                             32,  33,  63,  64,   96,   127,
                             128, 255, 256, 1000, 4096, int64_t(1) << 30};
  std::vector<std::vector<int64_t>> Samples;
  for (int S = 0; S < 48; ++S) {
    std::vector<int64_t> Values;
    for (size_t U = 0; U < Unknowns; ++U)
      Values.push_back(Palette[Pick(0, std::size(Palette) - 1)]);
    Samples.push_back(Values);
  }
  return Samples;
}

} // namespace

TEST(TrialClassesTest, ARepeatedTrialGivesItsClassWalk) {
  Picker Pick(20261206);
  const Dim3 Blocks[] = {{32, 1, 1}, {64, 1, 1}, {16, 16, 1}, {32, 8, 1}};
  RandomSpaces Spaces;
  size_t Repeated = 0, Walked = 0;
  for (int Case = 0; Case < 120; ++Case) {
    sym::Context Ctx;
    ModelCaches Caches;
    AccessShape A = randomAccess(Ctx, Pick);
    const RequestCostModel &Model = Spaces.place(A, Pick);
    LaunchShape L;
    L.Block = Blocks[Pick(0, 3)];
    // Small grids are counted or visited whole; large ones sampled.
    L.Grid = Pick(0, 1) ? Dim3{Pick(1, 9), Pick(1, 5), 1}
                        : Dim3{Pick(2000, 9000), Pick(1, 50), 1};
    LaunchWalker Walker(Ctx, Caches, A, L, Model);
    std::vector<sym::AtomId> Unknowns = Walker.unknowns();
    std::vector<std::vector<int64_t>> Samples =
        randomSamples(Unknowns.size(), Pick);
    SCOPED_TRACE(Ctx.str(A.ByteOffset));
    expectClassesRepeatWalks(Walker, Unknowns, Samples,
                             Walker.trialClasses(Unknowns, Samples), Walked,
                             Repeated);
  }
  // The classes must save walks, and not by merging everything.
  EXPECT_GT(Repeated, 200u);
  EXPECT_GT(Walked, Repeated / 4);
}

TEST(TrialClassesTest, OnlyLaneFreeFactorsShift) {
  sym::Context Ctx;
  Poly Tx = Poly::atom(Ctx.threadIdx(0)), Bx = Poly::atom(Ctx.blockIdx(0));
  sym::AtomId Row = Ctx.param("row"), Stride = Ctx.param("stride"),
              Rows = Ctx.param("rows"), Bound = Ctx.param("n");
  AccessShape A;
  A.ByteOffset = (Bx * Poly::atom(Row) + Tx * Poly::atom(Stride) +
                  Ctx.op(sym::OpKind::Div, Tx, Poly::atom(Rows)))
                     .scaled(4);
  Guard G;
  G.Diff = Tx - Poly::atom(Bound);
  A.Guards.push_back(G);
  // A channel's stride times a division of unknowns alone shifts too; the
  // divisor, which also divides the block index, decides the walk.
  sym::AtomId Ratio = Ctx.param("ratio"), Channel = Ctx.param("channel");
  Poly Quotient =
      Ctx.op(sym::OpKind::Div, Poly::atom(Channel), Poly::atom(Ratio));
  A.ByteOffset = A.ByteOffset + Quotient.scaled(64) +
                 Ctx.op(sym::OpKind::Div, Bx, Poly::atom(Ratio)).scaled(4);
  EXPECT_TRUE(TrialClasses::isTrialValue(Ctx, Quotient.terms()[0].Atoms[0],
                                         {Channel, Ratio}));
  EXPECT_FALSE(
      TrialClasses::isTrialValue(Ctx, Quotient.terms()[0].Atoms[0], {Channel}));
  TrialClasses Classes(Ctx, A, {Row, Stride, Rows, Bound, Ratio, Channel}, 128);
  EXPECT_EQ(Classes.shiftsOnly(),
            (std::vector<bool>{true, false, false, false, false, true}));
  // row = 32 and row = 64 move each block by whole periods (4 * 32 bytes):
  // one class; 33 does not; a value past the magnitude is walked alone.
  // channel / ratio moves the base by 64 bytes a unit: 5 / 4 and 6 / 4 are
  // one class, 8 / 4 and 16 / 4 (whole periods) another.
  std::vector<size_t> First =
      Classes.firstOfClass({{32, 1, 2, 3, 4, 5},
                            {64, 1, 2, 3, 4, 6},
                            {32, 1, 2, 3, 4, 8},
                            {32, 1, 2, 3, 4, 16},
                            {33, 1, 2, 3, 4, 5},
                            {64, 2, 2, 3, 4, 5},
                            {int64_t(1) << 30, 1, 2, 3, 4, 5}});
  EXPECT_EQ(First, (std::vector<size_t>{0, 0, 2, 2, 4, 5, 6}));
}
