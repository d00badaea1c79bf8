#include "cuda-coalesce/Model/WarpModel.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

using namespace cudacoalesce;
using namespace cudacoalesce::model;
using sym::Poly;

namespace {

struct Fixture {
  sym::Context Ctx;
  ModelCaches Caches;
  Poly tx() { return Poly::atom(Ctx.threadIdx(0)); }
  Poly ty() { return Poly::atom(Ctx.threadIdx(1)); }
  Poly bx() { return Poly::atom(Ctx.blockIdx(0)); }
  Poly by() { return Poly::atom(Ctx.blockIdx(1)); }
  Poly bdx() { return Poly::atom(Ctx.blockDim(0)); }
  Poly bdy() { return Poly::atom(Ctx.blockDim(1)); }
  Poly c(int64_t V) { return Poly::constant(V); }
  /// blockIdx.x * blockDim.x + threadIdx.x
  Poly gtidX() { return bx() * bdx() + tx(); }
  Poly gtidY() { return by() * bdy() + ty(); }

  Prediction run(Poly ElementIndex, unsigned Width, Dim3 Block = {256, 1, 1},
                 unsigned Chunk = 0) {
    AccessShape A;
    A.ByteOffset = ElementIndex.scaled(Width);
    A.WidthBytes = Width;
    A.ChunkBytes = Chunk ? Chunk : Width;
    LaunchShape L;
    L.Block = Block;
    return predict(Ctx, Caches, A, L);
  }
};

/// The condition of a loop around the access (Guard::EndsLoop): it says
/// where the loop ends, where an `if` in its body would not.
Guard loopCondition(Poly Diff, Cmp Op) {
  Guard G{std::move(Diff), Op};
  G.EndsLoop = true;
  return G;
}

void expectCounts(const Prediction &P, double Sectors, double Ideal,
                  double Segments, Pattern Kind) {
  ASSERT_TRUE(P.Units.has_value()) << patternName(P.Kind);
  EXPECT_DOUBLE_EQ(*P.Units, Sectors);
  EXPECT_DOUBLE_EQ(P.IdealUnits, Ideal);
  EXPECT_DOUBLE_EQ(P.Groups, Segments);
  EXPECT_EQ(P.Kind, Kind) << patternName(P.Kind);
}

// The rows of DESIGN.md's table, measured on an H200.
TEST(WarpModelTest, MeasuredTableOneDimensional) {
  Fixture F;
  expectCounts(F.run(F.gtidX(), 4), 4, 4, 1, Pattern::Coalesced);
  expectCounts(F.run(F.gtidX() + F.c(16), 4), 4, 4, 2, Pattern::Coalesced);
  expectCounts(F.run(F.gtidX() + F.c(1), 4), 5, 4, 2, Pattern::Misaligned);
  expectCounts(F.run(F.gtidX().scaled(2), 4), 8, 4, 2, Pattern::Strided);
  expectCounts(F.run(F.gtidX().scaled(8), 4), 32, 4, 8, Pattern::Strided);
  expectCounts(F.run(F.gtidX().scaled(32), 4), 32, 4, 32, Pattern::Strided);
  expectCounts(F.run(F.gtidX().scaled(256), 4), 32, 4, 32, Pattern::Strided);
  expectCounts(F.run(F.bx(), 4), 1, 1, 1, Pattern::Uniform);
  expectCounts(F.run(F.gtidX(), 16), 16, 16, 4, Pattern::Coalesced);
  expectCounts(F.run(F.gtidX(), 8), 8, 8, 2, Pattern::Coalesced);
  expectCounts(F.run(F.gtidX(), 1), 1, 1, 1, Pattern::Coalesced);
}

TEST(WarpModelTest, StructMembers) {
  Fixture F;
  // p[t].x of a 12-byte and a 32-byte struct: offset 12*t and 32*t, 4 bytes.
  AccessShape A;
  A.WidthBytes = A.ChunkBytes = 4;
  LaunchShape L;
  L.Block = {256, 1, 1};
  A.ByteOffset = F.gtidX().scaled(12);
  expectCounts(predict(F.Ctx, F.Caches, A, L), 12, 4, 3, Pattern::Strided);
  A.ByteOffset = F.gtidX().scaled(32);
  expectCounts(predict(F.Ctx, F.Caches, A, L), 32, 4, 8, Pattern::Strided);
}

TEST(WarpModelTest, TwoDimensionalBlocks) {
  Fixture F;
  Poly W = F.c(2048);
  expectCounts(F.run(F.gtidY() * W + F.gtidX(), 4, {32, 8, 1}), 4, 4, 1,
               Pattern::Coalesced);
  expectCounts(F.run(F.gtidX() * W + F.gtidY(), 4, {32, 8, 1}), 32, 4, 32,
               Pattern::Strided);
  expectCounts(F.run(F.gtidY() * W + F.gtidX(), 4, {16, 16, 1}), 4, 4, 2,
               Pattern::Coalesced);
}

TEST(WarpModelTest, PartialLastWarpIsAveragedOverTheLaunch) {
  Fixture F;
  // n = 1000 with 256-thread blocks: 4 blocks, 32 warps, the last with 8
  // active lanes (1 sector); warps 29..31 of the last block never issue.
  AccessShape A;
  A.ByteOffset = F.gtidX().scaled(4);
  A.Guards.push_back({F.gtidX() - F.c(1000), Cmp::LT});
  LaunchShape L;
  L.Block = {256, 1, 1};
  L.Grid = Dim3{4, 1, 1};
  Prediction P = predict(F.Ctx, F.Caches, A, L);
  ASSERT_TRUE(P.Units);
  // 31 full warps (4 sectors) and one of 8 lanes (1 sector).
  EXPECT_DOUBLE_EQ(*P.Units, (31 * 4 + 1) / 32.0);
  EXPECT_DOUBLE_EQ(P.UnitsMin, 1);
  EXPECT_DOUBLE_EQ(P.UnitsMax, 4);
  EXPECT_EQ(P.Kind, Pattern::Coalesced);
}

// A triangular loop (`for (k = 0; k <= t; ++k) row_t[k]`): lane t leaves
// after trip t, so warp w runs 32w + 32 trips, the last 31 of them with
// fewer lanes each. Each lane's row is a sector of its own: a trip costs as
// many sectors as lanes are left. Averaged over all trips of all warps, not
// over the first 16 (which gave 30.125).
TEST(WarpModelTest, TriangularLoopIsAveragedOverEveryTrip) {
  Fixture F;
  Poly Trip = Poly::atom(F.Ctx.loopIteration("k"));
  AccessShape A;
  A.ByteOffset = (F.gtidX() * F.c(128) + Trip).scaled(4);
  A.WidthBytes = A.ChunkBytes = 4;
  A.Guards.push_back(loopCondition(Trip - F.gtidX(), Cmp::LE));
  LaunchShape L;
  L.Block = {32, 1, 1};
  L.Grid = Dim3{4, 1, 1};
  Prediction P = predict(F.Ctx, F.Caches, A, L);
  ASSERT_TRUE(P.Units);
  // Warp w: 32 lanes for 32w trips, then 32, 31, .., 1.
  double Sectors = 0, Trips = 0;
  for (int W = 0; W < 4; ++W) {
    Sectors += 32.0 * 32 * W + 32 * 33 / 2;
    Trips += 32 * W + 32;
  }
  EXPECT_NEAR(*P.Units, Sectors / Trips, 1e-9);
}

// A triangular loop longer than the walker visits trip by trip
// (`for (j2 = j1 + 1; j2 < M; j2++) data[j2]`, PolyBench CORR): consecutive
// lanes, so what a trip costs turns on where the warp starts in a sector and
// on how many lanes are left, trip by trip near the end. A sample of the
// trips, each standing for those around it, was 0.6% off (4.7593 against the
// H200's 4.7324); every trip is counted.
TEST(WarpModelTest, LongTriangularLoopIsCountedOverEveryTrip) {
  Fixture F;
  const int64_t M = 1024;
  Poly Trip = Poly::atom(F.Ctx.loopIteration("j2"));
  Poly Column = F.gtidX() + F.c(1) + Trip;
  AccessShape A;
  A.ByteOffset = Column.scaled(4);
  A.WidthBytes = A.ChunkBytes = 4;
  A.Guards.push_back({F.gtidX() - F.c(M - 1), Cmp::LT});
  A.Guards.push_back(loopCondition(Column - F.c(M), Cmp::LT));
  LaunchShape L;
  L.Block = {256, 1, 1};
  L.Grid = Dim3{M / 256, 1, 1};
  Prediction P = predict(F.Ctx, F.Caches, A, L);
  ASSERT_TRUE(P.Units);
  // Every (warp, trip) with a lane left: the 32-byte sectors its lanes touch.
  double Sectors = 0, Requests = 0;
  for (int64_t First = 0; First < M; First += 32) {
    for (int64_t T = 0;; ++T) {
      std::set<int64_t> Touched;
      for (int64_t J1 = First; J1 < First + 32; ++J1)
        if (J1 < M - 1 && J1 + 1 + T < M)
          Touched.insert(4 * (J1 + 1 + T) / 32);
      if (Touched.empty())
        break;
      Sectors += double(Touched.size());
      ++Requests;
    }
  }
  EXPECT_NEAR(*P.Units, Sectors / Requests, 1e-9);
}

// The same loop with the guard predicated (nvcc's if-conversion): every
// warp issues the access on all 256 trips, moving nothing past its lanes'
// bounds. 64 blocks of 256 threads are more warp visits than the walker
// makes, so it samples (block, trip) groups; the sample must still land
// within the bench's 0.5% of the full count, with room to spare (random
// draws were 0.7% off on this shape, runtime-bench 41).
TEST(WarpModelTest, SampledLoopWithPredicatedGuardKeepsItsAverage) {
  Fixture F;
  Poly Trip = Poly::atom(F.Ctx.loopIteration("c"));
  AccessShape A;
  A.ByteOffset = (F.gtidX() * F.c(256) + Trip).scaled(4);
  A.WidthBytes = A.ChunkBytes = 4;
  A.Guards.push_back({F.bx() - F.c(64), Cmp::LT}); // keeps the blocks apart
  A.Guards.push_back(loopCondition(Trip - F.c(256), Cmp::LT));
  // The bound is the row's place in its block, written as nvcc sees it
  // (`row % 256`): not affine, so the lanes are walked one by one.
  Poly Place = F.Ctx.op(sym::OpKind::Rem, F.gtidX(), F.c(256));
  Guard Bound{Trip - Place, Cmp::LE};
  Bound.Predicated = true;
  A.Guards.push_back(Bound);
  LaunchShape L;
  L.Block = {256, 1, 1};
  L.Grid = Dim3{64, 1, 1};
  Prediction P = predict(F.Ctx, F.Caches, A, L);
  ASSERT_TRUE(P.Units);
  // Warp w: lane l is on while c <= 32w + l; a sector per lane.
  double Sectors = 0, Requests = 0;
  for (int W = 0; W < 8; ++W)
    for (int C = 0; C < 256; ++C) {
      for (int Lane = 0; Lane < 32; ++Lane)
        Sectors += C <= 32 * W + Lane;
      Requests += 1;
    }
  EXPECT_NEAR(*P.Units, Sectors / Requests, 0.001 * Sectors / Requests);
}

// Rows of an unknown width W: the lanes stay contiguous for every W, only the
// rows' alignment moves. The pattern is definite, counted for W a multiple of
// 32, with the range over every W: 2 sectors where the two half rows fall on
// each other (W = 0), 6 where both half rows of a warp straddle 3 sectors
// (W odd: 7 of 8 rows do, 5.75 on average over the warps walked; the grid is
// not known, so a launch's warps may all be such warps). No condition: the
// ideal is met at W = 0 and 16 as well as at the multiples of 8, so no
// modulus says when.
TEST(WarpModelTest, UnknownRowWidthIsCoalescedWithItsRange) {
  Fixture F;
  Poly W = Poly::atom(F.Ctx.param("W"));
  Prediction P = F.run(F.gtidY() * W + F.gtidX(), 4, {16, 16, 1});
  // A warp covers two half rows of 64 bytes: 2 sectors each when aligned.
  expectCounts(P, 4, 4, 2, Pattern::Coalesced);
  EXPECT_TRUE(P.AlignmentAssumed);
  bool RangeStated = false;
  for (const Assumption &A : P.Assumptions)
    RangeStated |= A.What == Assumption::Kind::SamePatternForEveryValue &&
                   A.Names == "W" && A.Least == 2 && A.Most == 6;
  EXPECT_TRUE(RangeStated);
}

// A start misaligned for W = 32 stays the pattern reported.
TEST(WarpModelTest, UnknownRowWidthWithOffsetIsMisaligned) {
  Fixture F;
  Poly W = Poly::atom(F.Ctx.param("W"));
  Prediction P = F.run(F.by() * W + F.gtidX() + F.c(1), 4, {32, 1, 1});
  expectCounts(P, 5, 4, 2, Pattern::Misaligned);
  EXPECT_TRUE(P.AlignmentAssumed);
}

// Lanes that are contiguous for some W and spread for others have no one
// pattern: unknown, with the range over the values tried.
TEST(WarpModelTest, UnknownScaleOfTheLaneIndexIsUnknown) {
  Fixture F;
  Poly W = Poly::atom(F.Ctx.param("W"));
  Poly Index = F.Ctx.op(sym::OpKind::Div, F.tx() * W, F.c(32));
  Prediction P = F.run(Index, 4, {32, 1, 1});
  EXPECT_EQ(P.Kind, Pattern::Unknown);
  EXPECT_FALSE(P.Units.has_value());
  EXPECT_FALSE(P.AlignmentAssumed);
  // W = 0: one float, 1 sector; W = 95: about 3 floats apart, 12 sectors.
  EXPECT_DOUBLE_EQ(P.UnitsMin, 1);
  EXPECT_GE(P.UnitsMax, 11);
}

// A column of rows W floats wide: from 8 floats on, a sector a lane (32);
// at W = 1 the lanes are contiguous (4), at W = 0 they share one float (1).
// The code allows every W: no one pattern, the range, no finding.
TEST(WarpModelTest, UnknownColumnStrideIsARangeOverEveryWidth) {
  Fixture F;
  Poly W = Poly::atom(F.Ctx.param("W"));
  Prediction P = F.run(F.gtidX() * W + F.gtidY(), 4, {32, 8, 1});
  EXPECT_EQ(P.Kind, Pattern::Unknown);
  EXPECT_FALSE(P.Units.has_value());
  EXPECT_DOUBLE_EQ(P.UnitsMin, 1);
  EXPECT_DOUBLE_EQ(P.UnitsMax, 32);
}

// Every index scaled by an unknown (an accessor's `row * s0 + t * s1`): the
// innermost stride s1 may be 1, so no one pattern; the ideal needs s1 <= 1
// (at 0 every lane reads one float: 1 sector, its own ideal).
TEST(WarpModelTest, UnknownInnermostStrideIsIdealOnlyAtOne) {
  Fixture F;
  Poly S0 = Poly::atom(F.Ctx.param("s0"));
  Poly S1 = Poly::atom(F.Ctx.param("s1"));
  Prediction P = F.run(F.by() * S0 + F.gtidX() * S1, 4, {32, 1, 1});
  EXPECT_EQ(P.Kind, Pattern::Unknown);
  EXPECT_DOUBLE_EQ(P.UnitsMin, 1);
  EXPECT_DOUBLE_EQ(P.UnitsMax, 32);
  ASSERT_TRUE(P.Condition);
  EXPECT_EQ(P.Condition->Unknown, "s1");
  EXPECT_EQ(P.Condition->Modulus, 0);
  EXPECT_EQ(P.Condition->Equals, 1);
  EXPECT_TRUE(P.Condition->UpTo);
}

// A gather: scattered, with no count (the data decides), from one sector to
// one a lane (docs/model.md, the contract, point 5).
TEST(WarpModelTest, DataDependentIndexIsScattered) {
  Fixture F;
  Poly Idx = Poly::atom(F.Ctx.opaque("idx[i]", sym::Variation::LaneData));
  Prediction P = F.run(Idx, 4);
  EXPECT_EQ(P.Kind, Pattern::Scattered);
  EXPECT_FALSE(P.Units.has_value());
  EXPECT_DOUBLE_EQ(P.UnitsMin, 1);
  EXPECT_DOUBLE_EQ(P.UnitsMax, 32);
  EXPECT_DOUBLE_EQ(P.IdealUnits, 4);
}

// An independent count: every byte each lane touches, into sets.
struct BruteForce {
  double Sectors = 0, Segments = 0, Ideal = 0;
};

BruteForce bruteForce(int64_t C0, int64_t Cx, int64_t Cy, int64_t Cz,
                      int64_t Cb, unsigned Width, Dim3 Block, int64_t Blocks) {
  BruteForce R;
  uint64_t Requests = 0;
  int64_t Threads = Block.volume();
  for (int64_t B = 0; B < Blocks; ++B)
    for (int64_t W = 0; W * 32 < Threads; ++W) {
      std::set<int64_t> Bytes, Sectors, Segments;
      for (int64_t L = 0; L < 32 && W * 32 + L < Threads; ++L) {
        int64_t T = W * 32 + L;
        int64_t X = T % Block.X, Y = (T / Block.X) % Block.Y,
                Z = T / (Block.X * Block.Y);
        int64_t Addr = (C0 + Cx * X + Cy * Y + Cz * Z + Cb * B) * Width;
        for (unsigned I = 0; I < Width; ++I) {
          int64_t Byte = Addr + I;
          Bytes.insert(Byte);
          Sectors.insert(Byte >= 0 ? Byte / 32 : -((-Byte + 31) / 32));
          Segments.insert(Byte >= 0 ? Byte / 128 : -((-Byte + 127) / 128));
        }
      }
      R.Sectors += Sectors.size();
      R.Segments += Segments.size();
      R.Ideal += (Bytes.size() + 31) / 32;
      ++Requests;
    }
  R.Sectors /= Requests;
  R.Segments /= Requests;
  R.Ideal /= Requests;
  return R;
}

TEST(WarpModelTest, SectorCounterMatchesBruteForceOnRandomAffineAccesses) {
  std::mt19937_64 Rng(12345);
  const unsigned Widths[] = {1, 2, 4, 8, 16};
  for (int Case = 0; Case < 600; ++Case) {
    Fixture F;
    auto Pick = [&](int64_t Lo, int64_t Hi) {
      return std::uniform_int_distribution<int64_t>(Lo, Hi)(Rng);
    };
    Dim3 Block;
    do {
      Block = {Pick(1, 64), Pick(1, 16), Pick(1, 4)};
    } while (Block.volume() > 1024 || Block.volume() < 1);
    int64_t C0 = Pick(-40, 40), Cx = Pick(-9, 40), Cy = Pick(-5, 300),
            Cz = Pick(0, 3000), Cb = Pick(0, 5000);
    unsigned Width = Widths[Pick(0, 4)];
    AccessShape A;
    A.WidthBytes = A.ChunkBytes = Width;
    A.ByteOffset =
        (F.c(C0) + F.tx().scaled(Cx) + F.ty().scaled(Cy) +
         Poly::atom(F.Ctx.threadIdx(2)).scaled(Cz) + F.bx().scaled(Cb))
            .scaled(Width);
    LaunchShape L;
    L.Block = Block;
    L.Grid = Dim3{3, 1, 1};
    Prediction P = predict(F.Ctx, F.Caches, A, L);
    BruteForce B = bruteForce(C0, Cx, Cy, Cz, Cb, Width, Block, 3);
    ASSERT_TRUE(P.Units.has_value());
    SCOPED_TRACE("case " + std::to_string(Case));
    EXPECT_NEAR(*P.Units, B.Sectors, 1e-9);
    EXPECT_NEAR(P.Groups, B.Segments, 1e-9);
    EXPECT_NEAR(P.IdealUnits, B.Ideal, 1e-9);
  }
}

TEST(WarpModelTest, WideElementsSplitIntoInstructions) {
  Fixture F;
  // A 32-byte struct copied as two 16-byte loads: each load touches one
  // 16-byte half of 32 elements, 32 sectors per request.
  expectCounts(F.run(F.gtidX(), 32, {256, 1, 1}, 16), 32, 16, 8,
               Pattern::Strided);
}

} // namespace

namespace {

TEST(WarpModelTest, BroadcastPerWarpRowIsUniform) {
  Fixture F;
  // A[row*N + k] with a 16x16 block: two rows per warp, one address each.
  Poly Row = F.gtidY();
  Prediction P = F.run(Row * F.c(1024), 4, {16, 16, 1});
  expectCounts(P, 2, 1, 2, Pattern::Uniform);
  // One lane per row (a 1x256 block) is not a broadcast.
  Prediction Q = F.run(F.gtidY() * F.c(1024), 4, {1, 256, 1});
  EXPECT_EQ(Q.Kind, Pattern::Strided);
}

} // namespace

namespace {

TEST(WarpModelTest, HashedThreadIndexIsScattered) {
  Fixture F;
  // (t * 2654435761) & 1023: computed from the thread index, so counted
  // exactly, but with no stride between lanes.
  Poly T = F.gtidX();
  Poly Hashed = F.Ctx.op(sym::OpKind::And, T.scaled(2654435761LL), F.c(1023));
  Prediction P = F.run(Hashed, 4);
  EXPECT_EQ(P.Kind, Pattern::Scattered);
  ASSERT_TRUE(P.Units.has_value());
  EXPECT_GT(*P.Units, 16);
}

} // namespace

namespace {

// predict() keeps what it predicted in the caches of its context's session:
// the same atom number means another value in another context, and a second
// prediction of one access is the first.
TEST(WarpModelTest, KeptPredictionsBelongToTheirContext) {
  LaunchShape L;
  L.Block = {256, 1, 1};
  auto Scaled = [](sym::Context &Ctx, sym::AtomId A) {
    AccessShape Access;
    Access.ByteOffset =
        (Poly::atom(Ctx.threadIdx(0)) * Poly::atom(A)).scaled(4);
    return Access;
  };
  sym::Context First;
  ModelCaches FirstCaches;
  sym::AtomId N = First.param("n");
  Prediction ByParam = predict(First, FirstCaches, Scaled(First, N), L);
  EXPECT_EQ(ByParam.Kind, Pattern::Unknown); // a stride known by name only
  Prediction Again = predict(First, FirstCaches, Scaled(First, N), L);
  EXPECT_EQ(Again.Kind, ByParam.Kind);
  EXPECT_EQ(Again.Units, ByParam.Units);
  EXPECT_EQ(Again.UnitsMin, ByParam.UnitsMin);
  EXPECT_EQ(Again.UnitsMax, ByParam.UnitsMax);

  sym::Context Second;
  ModelCaches SecondCaches;
  sym::AtomId Loaded = Second.opaque("idx", sym::Variation::LaneData);
  ASSERT_EQ(Loaded, N); // the same number, another value
  Prediction ByData = predict(Second, SecondCaches, Scaled(Second, Loaded), L);
  EXPECT_TRUE(ByData.DependsOnLaneData);
  EXPECT_FALSE(ByParam.DependsOnLaneData);
}

// Kernels written from one pattern share their predictions: two parameters
// of one name are one key, another name is another key (the name is in the
// output).
TEST(WarpModelTest, KeptPredictionsNameTheirParameters) {
  LaunchShape L;
  L.Block = {256, 1, 1};
  sym::Context Ctx;
  ModelCaches Caches;
  int First, Second, Third;
  auto StrideOf = [&](sym::AtomId Stride) {
    AccessShape A;
    A.ByteOffset =
        (Poly::atom(Ctx.threadIdx(0)) * Poly::atom(Stride)).scaled(4);
    return predict(Ctx, Caches, A, L);
  };
  Prediction W1 = StrideOf(Ctx.param("w", &First));
  Prediction W2 = StrideOf(Ctx.param("w", &Second));
  Prediction H = StrideOf(Ctx.param("h", &Third));
  ASSERT_TRUE(W1.Condition && W2.Condition && H.Condition);
  EXPECT_EQ(W1.Condition->Unknown, "w");
  EXPECT_EQ(W2.Condition->Unknown, "w");
  EXPECT_EQ(H.Condition->Unknown, "h");
}

// (q - 1) * N_GP + tid with N_GP = blockDim.x * gridDim.x and the grid
// unknown: gridDim.x moves the whole warp by multiples of 128 bytes, so the
// count is definite; tid + 3 * gridDim.x moves it by 12-byte steps, so not.
TEST(WarpModelTest, UnknownMovingWholeSegmentsIsFixed) {
  Fixture F;
  Poly Gdx = Poly::atom(F.Ctx.gridDim(0));
  Poly Index = F.gtidX() + (F.bdx() * Gdx).scaled(3);
  Prediction P = F.run(Index, 4);
  expectCounts(P, 4, 4, 1, Pattern::Coalesced);
  bool Stated = false;
  for (const Assumption &A : P.Assumptions)
    Stated |= A.What == Assumption::Kind::MovesWholeSegments &&
              A.Names == "gridDim.x";
  EXPECT_TRUE(Stated);

  Prediction Shifted = F.run(F.tx() + Gdx.scaled(3), 4);
  EXPECT_TRUE(Shifted.AlignmentAssumed);
  ASSERT_TRUE(Shifted.Condition);
  EXPECT_EQ(Shifted.Condition->Unknown, "gridDim.x");
  EXPECT_EQ(Shifted.Condition->Modulus, 8);
}

} // namespace

// The warp picture of the audit report: one warp's lanes and the sectors
// they touch. Expected values are worked out from the index expression.
namespace {

AccessShape floatAccess(Poly ElementIndex) {
  AccessShape A;
  A.ByteOffset = ElementIndex.scaled(4);
  return A;
}

LaunchShape launch(Dim3 Block, std::optional<Dim3> Grid = std::nullopt) {
  LaunchShape L;
  L.Block = Block;
  L.Grid = Grid;
  return L;
}

TEST(WarpSnapshotTest, StrideTwoFloatsPutsFourLanesInEachOfEightSectors) {
  Fixture F;
  // a[2*t], t = blockIdx.x*256 + threadIdx.x: lane k of block 0 reads bytes
  // 8k..8k+3, so sector s holds lanes 4s..4s+3 at bytes 0, 8, 16 and 24.
  auto W = firstActiveWarp(F.Ctx, F.Caches, floatAccess(F.gtidX().scaled(2)),
                           launch({256, 1, 1}, Dim3{4, 1, 1}));
  ASSERT_TRUE(W);
  EXPECT_EQ(W->Warp, 0);
  ASSERT_EQ(W->Setting.size(), 1u);
  EXPECT_EQ(W->Setting[0].first, "blockIdx.x");
  EXPECT_EQ(W->Setting[0].second, 0);
  EXPECT_EQ(W->requests(), 1u);
  ASSERT_EQ(W->Lanes.size(), 32u);
  std::vector<int64_t> Addresses;
  for (unsigned K = 0; K < 32; ++K) {
    EXPECT_TRUE(W->Lanes[K].Active);
    ASSERT_TRUE(W->Lanes[K].ByteOffset);
    EXPECT_EQ(*W->Lanes[K].ByteOffset, 8 * int64_t(K));
    Addresses.push_back(*W->Lanes[K].ByteOffset);
  }
  std::vector<SectorUse> Sectors = sectorsOfRequest(*W, 0);
  ASSERT_EQ(Sectors.size(), 8u);
  for (unsigned S = 0; S < 8; ++S) {
    EXPECT_EQ(Sectors[S].Sector, int64_t(S));
    EXPECT_EQ(Sectors[S].Lanes,
              (std::vector<unsigned>{4 * S, 4 * S + 1, 4 * S + 2, 4 * S + 3}));
    EXPECT_EQ(Sectors[S].UsedBytes, 0x0F0F0F0Fu);
  }
  EXPECT_EQ(Sectors.size(), costOfRequest(Addresses, 4).Units);
}

TEST(WarpSnapshotTest, OneElementOffsetSpillsLaneThirtyOneIntoAFifthSector) {
  Fixture F;
  // a[t+1]: lane k at byte 4k+4. Sector 0 holds bytes 4..31 (lanes 0..6),
  // sector 4 only byte 128..131 (lane 31).
  auto W = firstActiveWarp(F.Ctx, F.Caches, floatAccess(F.gtidX() + F.c(1)),
                           launch({256, 1, 1}, Dim3{4, 1, 1}));
  ASSERT_TRUE(W);
  std::vector<SectorUse> Sectors = sectorsOfRequest(*W, 0);
  ASSERT_EQ(Sectors.size(), 5u);
  EXPECT_EQ(Sectors[0].Lanes, (std::vector<unsigned>{0, 1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(Sectors[0].UsedBytes, 0xFFFFFFF0u);
  EXPECT_EQ(Sectors[1].UsedBytes, 0xFFFFFFFFu);
  EXPECT_EQ(Sectors[4].Sector, 4);
  EXPECT_EQ(Sectors[4].Lanes, (std::vector<unsigned>{31}));
  EXPECT_EQ(Sectors[4].UsedBytes, 0x0000000Fu);
}

TEST(WarpSnapshotTest, GuardedOffLanesAreInactiveWithoutAddress) {
  Fixture F;
  // if (threadIdx.x < 20) a[threadIdx.x]: lanes 0..19 read bytes 0..79, so
  // sector 2 holds bytes 64..79 of lanes 16..19.
  AccessShape A = floatAccess(F.tx());
  A.Guards.push_back({F.tx() - F.c(20), Cmp::LT});
  auto W = firstActiveWarp(F.Ctx, F.Caches, A, launch({256, 1, 1}));
  ASSERT_TRUE(W);
  ASSERT_EQ(W->Lanes.size(), 32u);
  for (unsigned K = 0; K < 32; ++K) {
    EXPECT_EQ(W->Lanes[K].Active, K < 20) << K;
    EXPECT_EQ(W->Lanes[K].ByteOffset.has_value(), K < 20) << K;
  }
  std::vector<SectorUse> Sectors = sectorsOfRequest(*W, 0);
  ASSERT_EQ(Sectors.size(), 3u);
  EXPECT_EQ(Sectors[2].Lanes, (std::vector<unsigned>{16, 17, 18, 19}));
  EXPECT_EQ(Sectors[2].UsedBytes, 0x0000FFFFu);
}

TEST(WarpSnapshotTest, SkipsWarpsThatNoLaneReachesWithinTheBlock) {
  Fixture F;
  // if (threadIdx.x >= 64): warps 0 and 1 never reach the access; lane k of
  // warp 2 is thread 64+k, at byte 256+4k.
  AccessShape A = floatAccess(F.tx());
  A.Guards.push_back({F.tx() - F.c(64), Cmp::GE});
  auto W = firstActiveWarp(F.Ctx, F.Caches, A, launch({256, 1, 1}));
  ASSERT_TRUE(W);
  EXPECT_EQ(W->Warp, 2);
  EXPECT_TRUE(W->Setting.empty());
  ASSERT_EQ(W->Lanes.size(), 32u);
  for (unsigned K = 0; K < 32; ++K)
    EXPECT_EQ(W->Lanes[K].ByteOffset, std::optional<int64_t>(256 + 4 * K));
}

TEST(WarpSnapshotTest, SkipsBlocksThatNoLaneReaches) {
  Fixture F;
  // if (blockIdx.x >= 2): the first active warp is warp 0 of block 2, lane k
  // at element 2*256 + k, byte 2048 + 4k.
  AccessShape A = floatAccess(F.gtidX());
  A.Guards.push_back({F.bx() - F.c(2), Cmp::GE});
  auto W =
      firstActiveWarp(F.Ctx, F.Caches, A, launch({256, 1, 1}, Dim3{4, 1, 1}));
  ASSERT_TRUE(W);
  EXPECT_EQ(W->Warp, 0);
  ASSERT_EQ(W->Setting.size(), 1u);
  EXPECT_EQ(W->Setting[0].second, 2);
  EXPECT_EQ(W->Lanes[0].ByteOffset, std::optional<int64_t>(2048));
  EXPECT_EQ(W->Lanes[31].ByteOffset, std::optional<int64_t>(2048 + 124));
}

TEST(WarpSnapshotTest, NoWarpReachesTheAccess) {
  Fixture F;
  AccessShape A = floatAccess(F.tx());
  A.Guards.push_back({F.tx() - F.c(1000), Cmp::GE});
  EXPECT_FALSE(firstActiveWarp(F.Ctx, F.Caches, A, launch({256, 1, 1})));
}

TEST(WarpSnapshotTest, SmallBlockHasFewerLanes) {
  Fixture F;
  auto W =
      firstActiveWarp(F.Ctx, F.Caches, floatAccess(F.tx()), launch({16, 1, 1}));
  ASSERT_TRUE(W);
  EXPECT_EQ(W->Lanes.size(), 16u);
}

TEST(WarpSnapshotTest, UnknownStrideIsPictured32) {
  Fixture F;
  // a[threadIdx.x * W] with W unknown: pictured at W = 32, the case the count
  // is for, so lane k is at byte 128k: one sector per lane.
  Poly W = Poly::atom(F.Ctx.param("W"));
  auto Warp = firstActiveWarp(F.Ctx, F.Caches, floatAccess(F.tx() * W),
                              launch({256, 1, 1}));
  ASSERT_TRUE(Warp);
  ASSERT_EQ(Warp->Setting.size(), 1u);
  EXPECT_EQ(Warp->Setting[0].first, "W");
  EXPECT_EQ(Warp->Setting[0].second, 32);
  EXPECT_EQ(Warp->Lanes[3].ByteOffset, std::optional<int64_t>(384));
  std::vector<SectorUse> Sectors = sectorsOfRequest(*Warp, 0);
  ASSERT_EQ(Sectors.size(), 32u);
  EXPECT_EQ(Sectors[3].Sector, 12);
  EXPECT_EQ(Sectors[3].UsedBytes, 0x0000000Fu);
}

TEST(WarpSnapshotTest, DataDependentAddressesAreNotPictured) {
  Fixture F;
  Poly Idx = Poly::atom(F.Ctx.opaque("idx[i]", sym::Variation::LaneData));
  auto W =
      firstActiveWarp(F.Ctx, F.Caches, floatAccess(Idx), launch({256, 1, 1}));
  ASSERT_TRUE(W);
  EXPECT_TRUE(W->Lanes[0].Active);
  EXPECT_FALSE(W->Lanes[0].ByteOffset);
  EXPECT_TRUE(sectorsOfRequest(*W, 0).empty());
}

TEST(WarpSnapshotTest, WideElementRequestsCoverTheirHalf) {
  Fixture F;
  // A 32-byte struct read as two 16-byte loads: lane k's element is sector k;
  // the first load uses its bytes 0..15, the second bytes 16..31.
  AccessShape A;
  A.ByteOffset = F.tx().scaled(32);
  A.WidthBytes = 32;
  A.ChunkBytes = 16;
  auto W = firstActiveWarp(F.Ctx, F.Caches, A, launch({256, 1, 1}));
  ASSERT_TRUE(W);
  EXPECT_EQ(W->requests(), 2u);
  std::vector<SectorUse> First = sectorsOfRequest(*W, 0);
  std::vector<SectorUse> Second = sectorsOfRequest(*W, 1);
  ASSERT_EQ(First.size(), 32u);
  ASSERT_EQ(Second.size(), 32u);
  EXPECT_EQ(First[5].Sector, 5);
  EXPECT_EQ(First[5].Lanes, (std::vector<unsigned>{5}));
  EXPECT_EQ(First[5].UsedBytes, 0x0000FFFFu);
  EXPECT_EQ(Second[5].UsedBytes, 0xFFFF0000u);
}

} // namespace

// `k<<<4, n>>>(x, n)` reading x[blockIdx.x * n + threadIdx.x]: the block has
// n threads in every trial. The count of each n is that of its own blocks:
// whole warps, then one of n % 32 lanes, each row starting n floats on.
TEST(WarpModelTest, BlockExtentParameterTakesEachValueWithTheBlock) {
  Fixture F;
  sym::AtomId N = F.Ctx.param("n");
  AccessShape A;
  A.ByteOffset = (F.bx() * Poly::atom(N) + F.tx()).scaled(4);
  A.WidthBytes = A.ChunkBytes = 4;
  LaunchShape L;
  L.Block = {32, 1, 1};
  L.Grid = Dim3{4, 1, 1};
  L.ExtentParams[0] = N;
  auto SectorsAt = [](int64_t Threads) {
    double Sectors = 0, Requests = 0;
    for (int64_t Block = 0; Block < 4; ++Block)
      for (int64_t First = 0; First < Threads; First += 32) {
        std::set<int64_t> Touched;
        for (int64_t T = First; T < std::min(First + 32, Threads); ++T)
          Touched.insert((Block * Threads + T) * 4 / 32);
        Sectors += Touched.size();
        Requests += 1;
      }
    return Sectors / Requests;
  };
  // The values tried: 16 of 32..95 (limits::ExtentValues).
  double Least = 1e9, Most = 0;
  for (int64_t V :
       {32, 33, 34, 36, 40, 48, 64, 80, 42, 47, 53, 58, 69, 74, 85, 95}) {
    Least = std::min(Least, SectorsAt(V));
    Most = std::max(Most, SectorsAt(V));
  }
  ASSERT_LT(Least, Most);

  Prediction P = predict(F.Ctx, F.Caches, A, L);
  ASSERT_TRUE(P.Units);
  EXPECT_DOUBLE_EQ(*P.Units, SectorsAt(32));
  EXPECT_TRUE(P.AlignmentAssumed);
  auto Range = std::find_if(
      P.Assumptions.begin(), P.Assumptions.end(), [](const Assumption &M) {
        return M.What == Assumption::Kind::SamePatternForEveryValue;
      });
  ASSERT_NE(Range, P.Assumptions.end());
  EXPECT_EQ(Range->Names, "n");
  EXPECT_EQ(Range->Low, 32);
  EXPECT_EQ(Range->High, 95);
  EXPECT_EQ(Range->ValuesTried, 16);
  EXPECT_NEAR(Range->Least, Least, 1e-9);
  EXPECT_NEAR(Range->Most, Most, 1e-9);

  // Sixteen rows of n threads, each block its own 16 rows of x: n stops at
  // 64, the largest block CUDA launches.
  A.ByteOffset =
      ((F.bx() * F.c(16) + F.ty()) * Poly::atom(N) + F.tx()).scaled(4);
  L.Block = {32, 16, 1};
  P = predict(F.Ctx, F.Caches, A, L);
  Range = std::find_if(
      P.Assumptions.begin(), P.Assumptions.end(), [](const Assumption &M) {
        return M.What == Assumption::Kind::SamePatternForEveryValue ||
               M.What == Assumption::Kind::SameResultForEveryValue;
      });
  ASSERT_NE(Range, P.Assumptions.end());
  EXPECT_EQ(Range->High, 64);
}

namespace {

/// The requests a warp issues at an access in a loop that nvcc unrolls
/// (model::LoopLowering), found by running each lane through the loops of
/// the SASS, as a machine would: the leftover loop (trips modulo the
/// factor), then the unrolled loop, in pieces of 16, 8 and 4 trips where
/// ptxas makes them; each piece a request of the lanes it runs, each lane at
/// its own trip. With \p LeftoverPredicated, the leftover loop is its
/// Factor - 1 copies, if-converted: every copy issued once a lane runs the
/// first. Returns, per request, the trips of its lanes (-1: idle).
std::vector<std::vector<int64_t>>
machineRequests(const std::vector<int64_t> &Trips, unsigned Factor, bool Pieces,
                bool Epilog, bool LeftoverPredicated) {
  const size_t Lanes = Trips.size();
  std::vector<int64_t> Next(Lanes, 0), Unrolled(Lanes), Left(Lanes);
  for (size_t L = 0; L < Lanes; ++L) {
    int64_t N = std::max<int64_t>(Trips[L], 0);
    Left[L] = N % Factor;
    Unrolled[L] = N - Left[L];
  }
  std::vector<std::vector<int64_t>> Requests;
  // Runs `Copies` copies of the body for the lanes `Runs` picks, each lane
  // from its own next trip.
  auto Piece = [&](int Copies, auto Runs) {
    std::vector<bool> On(Lanes);
    bool Any = false;
    for (size_t L = 0; L < Lanes; ++L)
      Any |= On[L] = Runs(L);
    if (!Any)
      return false;
    for (int C = 0; C < Copies; ++C) {
      std::vector<int64_t> R(Lanes, -1);
      for (size_t L = 0; L < Lanes; ++L)
        if (On[L])
          R[L] = Next[L] + C;
      Requests.push_back(R);
    }
    for (size_t L = 0; L < Lanes; ++L)
      if (On[L])
        Next[L] += Copies;
    return true;
  };
  auto Leftover = [&] {
    if (LeftoverPredicated) {
      if (std::none_of(Left.begin(), Left.end(),
                       [](int64_t N) { return N > 0; }))
        return;
      for (unsigned C = 0; C + 1 < Factor; ++C) {
        std::vector<int64_t> R(Lanes, -1);
        for (size_t L = 0; L < Lanes; ++L)
          if (Left[L] > int64_t(C))
            R[L] = Next[L] + C;
        Requests.push_back(R);
      }
      for (size_t L = 0; L < Lanes; ++L)
        Next[L] += Left[L];
      return;
    }
    while (Piece(1, [&](size_t L) { return Left[L]-- > 0; }))
      ;
  };
  if (!Epilog)
    Leftover();
  std::vector<int64_t> Rem = Unrolled;
  auto Run = [&](int Copies, auto Test) {
    return Piece(Copies, [&](size_t L) {
      bool On = Test(Rem[L]);
      if (On)
        Rem[L] -= Copies;
      return On;
    });
  };
  if (Pieces) {
    while (Run(16, [](int64_t R) { return R > 12; }))
      ;
    Run(8, [](int64_t R) { return R > 4; });
    while (Run(4, [](int64_t R) { return R != 0; }))
      ;
  } else {
    while (Run(int(Factor), [](int64_t R) { return R > 0; }))
      ;
  }
  if (Epilog) {
    for (size_t L = 0; L < Lanes; ++L)
      Next[L] = Unrolled[L];
    Leftover();
  }
  return Requests;
}

} // namespace

// A loop whose trip count differs between the lanes (`for (j = i; j < n;
// j++)` with n per lane), lowered as nvcc lowers it: the walker's count must
// be the count of the requests a machine running the SASS's loops issues,
// for every factor, side of the leftover trips and with or without ptxas's
// pieces, with the leftover copies branched around or if-converted, at two
// layouts (a row per trip, coalesced; a row per lane) and two kinds of trip
// counts (leftover trips of every count in a warp; one leftover trip in
// every lane, so that if-converted copies run with no lane on).
TEST(WarpModelTest, UnrolledLoopRunsItsPiecesWithTheLanesApart) {
  for (unsigned Factor : {2u, 4u})
    for (bool Pieces : {false, true})
      for (bool Epilog : {false, true})
        for (bool RowPerLane : {false, true})
          for (bool Predicated : {false, true})
            for (bool OneLeftover : {false, true}) {
              if (Pieces && Factor != 4)
                continue;
              Fixture F;
              // Trips 3 .. 43, in no order a warp shares: (7 i) % 41 + 3; or
              // Factor * ((7 i) % 10) + 1.
              Poly Count =
                  OneLeftover
                      ? F.Ctx.op(sym::OpKind::Rem, F.gtidX().scaled(7), F.c(10))
                                .scaled(Factor) +
                            F.c(1)
                      : F.Ctx.op(sym::OpKind::Rem, F.gtidX().scaled(7),
                                 F.c(41)) +
                            F.c(3);
              LoopLowering Loop;
              Loop.Trip = F.Ctx.loopIteration("j");
              Loop.TripCount = Count;
              Loop.Factor = Factor;
              Loop.Pieces = Pieces;
              Loop.Epilog = Epilog;
              Loop.LeftoverPredicated = Predicated;
              Loop.Counter = F.Ctx.loopIteration("j", firstCounterValue(Loop));
              Poly Trip = Poly::atom(Loop.Trip);
              AccessShape A;
              A.ByteOffset = (RowPerLane ? F.gtidX() * F.c(64) + Trip
                                         : Trip * F.c(128) + F.gtidX())
                                 .scaled(4);
              A.WidthBytes = A.ChunkBytes = 4;
              A.Guards.push_back({Trip - Count, Cmp::LT});
              A.Lowerings.push_back(Loop);
              LaunchShape L;
              L.Block = {64, 1, 1};
              L.Grid = Dim3{2, 1, 1};
              Prediction P = predict(F.Ctx, F.Caches, A, L);
              ASSERT_TRUE(P.Units);

              double Sectors = 0, Requests = 0;
              for (int64_t Warp = 0; Warp < 4; ++Warp) {
                std::vector<int64_t> Trips;
                for (int64_t Lane = 0; Lane < 32; ++Lane)
                  Trips.push_back(
                      OneLeftover ? Factor * ((7 * (32 * Warp + Lane)) % 10) + 1
                                  : (7 * (32 * Warp + Lane)) % 41 + 3);
                for (const std::vector<int64_t> &R : machineRequests(
                         Trips, Factor, Pieces, Epilog, Predicated)) {
                  std::set<int64_t> Touched;
                  for (int64_t Lane = 0; Lane < 32; ++Lane)
                    if (R[Lane] >= 0) {
                      int64_t I = 32 * Warp + Lane;
                      int64_t Element =
                          RowPerLane ? I * 64 + R[Lane] : R[Lane] * 128 + I;
                      Touched.insert(Element * 4 / 32);
                    }
                  Sectors += double(Touched.size());
                  Requests += 1;
                }
              }
              EXPECT_NEAR(*P.Units, Sectors / Requests, 1e-9)
                  << "factor " << Factor << (Pieces ? ", pieces" : "")
                  << (Epilog ? ", epilog" : ", prolog")
                  << (RowPerLane ? ", a row per lane" : ", a row per trip")
                  << (Predicated ? ", copies predicated" : "")
                  << (OneLeftover ? ", one leftover trip" : "");
              ASSERT_TRUE(P.Walk.RequestsPerLaunch);
              EXPECT_NEAR(*P.Walk.RequestsPerLaunch, Requests, 1e-9);
            }
}

// A launch far larger than the visit budget, whose cost per request the
// sample cannot pin down to the walk's precision (lanes leave a triangular
// loop one by one, every lane's row a sector of its own): the prediction
// states how far off its average may be, and the full count, by brute
// force, lies within that range. The loop's bound reads the trip through an
// operation (`k % 8192`, which is k at every trip it runs), so the walk
// cannot take the trips in runs (RunWalk) and samples.
TEST(WarpModelTest, SampleOutOfBudgetStatesItsRange) {
  Fixture F;
  Poly Trip = Poly::atom(F.Ctx.loopIteration("k"));
  AccessShape A;
  A.ByteOffset = (F.gtidX() * F.c(4096) + Trip).scaled(4);
  A.WidthBytes = A.ChunkBytes = 4;
  // Lane t runs trips 0 .. t % 4096, rows scattered over the launch.
  A.Guards.push_back(loopCondition(
      F.Ctx.op(sym::OpKind::Rem, Trip, F.c(8192)) -
          F.Ctx.op(sym::OpKind::Rem, F.gtidX().scaled(37), F.c(4096)),
      Cmp::LE));
  LaunchShape L;
  L.Block = {256, 1, 1};
  L.Grid = Dim3{64, 1, 1};
  Prediction P = predict(F.Ctx, F.Caches, A, L);
  ASSERT_TRUE(P.Units);
  double Sectors = 0, Requests = 0;
  for (int64_t W = 0; W < 512; ++W) {
    int64_t Most = -1;
    std::vector<int64_t> Last;
    for (int64_t Lane = 0; Lane < 32; ++Lane) {
      Last.push_back((37 * (32 * W + Lane)) % 4096);
      Most = std::max(Most, Last.back());
    }
    for (int64_t K = 0; K <= Most; ++K) {
      for (int64_t End : Last)
        Sectors += K <= End;
      Requests += 1;
    }
  }
  double Full = Sectors / Requests;
  ASSERT_GT(P.Walk.RelativeError, 0);
  EXPECT_LE(*P.Units * (1 - P.Walk.RelativeError), Full);
  EXPECT_GE(*P.Units * (1 + P.Walk.RelativeError), Full);
}
