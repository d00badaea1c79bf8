// The launch walker's strategies that count the visits instead of making
// them (HistogramWalk, RunWalk) must give, field by field, what visiting
// every warp gives; the walker asks its strategies in turn and falls back to
// the next where one declines; and its units' fast paths give what their
// plain ones do (TripPlacement: a warp's trips at once, or lane by lane).
#include "LaunchWalker.h"
#include "WalkTestSupport.h"

#include "cuda-coalesce/Model/GlobalSectorModel.h"
#include "cuda-coalesce/Model/SharedBankModel.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace cudacoalesce;
using namespace cudacoalesce::model;
using sym::Poly;

namespace {

void expectSameFlags(const LaunchWalker &Counting,
                     const LaunchWalker &Visiting) {
  EXPECT_EQ(Counting.guardUnknown(), Visiting.guardUnknown());
}

/// \p First, then every warp and the sample: the strategy under test, with
/// the plain walk where it declines.
std::vector<std::unique_ptr<WalkStrategy>>
thenVisiting(std::unique_ptr<WalkStrategy> First) {
  std::vector<std::unique_ptr<WalkStrategy>> Order;
  Order.push_back(std::move(First));
  Order.push_back(makeEveryWarpWalk());
  Order.push_back(makeSampledWalk());
  return Order;
}

const std::string EveryWarp = makeEveryWarpWalk()->name().str();

// Affine accesses with guards on one axis each, counted from a histogram per
// axis (HistogramWalk).
TEST(LaunchWalkerTest, HistogramWalkEqualsEveryWarp) {
  const std::string Histograms = makeHistogramWalk()->name().str();
  Picker Pick(20261202);
  const Dim3 Blocks[] = {{32, 1, 1},  {64, 1, 1}, {48, 1, 1},
                         {16, 16, 1}, {32, 8, 1}, {8, 4, 2}};
  RandomSpaces Spaces;
  int CountedCases = 0;
  for (int Case = 0; Case < 300; ++Case) {
    sym::Context Ctx;
    ModelCaches Caches;
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
    const RequestCostModel &Model = Spaces.place(A, Pick);
    LaunchWalker Counting(Ctx, Caches, A, L, Model),
        Visiting(Ctx, Caches, A, L, Model);
    Counting.walkWith(thenVisiting(makeHistogramWalk()));
    Visiting.allowCounting(false);
    SCOPED_TRACE(Ctx.str(A.ByteOffset));
    expectSameTotals(Counting.walk(1 << 20), Visiting.walk(1 << 20));
    ASSERT_EQ(Visiting.answeredBy(), EveryWarp);
    expectSameFlags(Counting, Visiting);
    CountedCases += Counting.answeredBy() == Histograms;
  }
  // Every one of these accesses is of the shape the histograms take.
  EXPECT_EQ(CountedCases, 300);
}

/// The accesses of one random kernel: guards of every kind, their lanes fixed
/// per block or not (an operation on the block index), nested so that each
/// access's guard list extends an earlier one's.
std::vector<AccessShape> guardedAccesses(sym::Context &Ctx, unsigned Seed) {
  Picker Pick(Seed);
  Poly Tx = Poly::atom(Ctx.threadIdx(0)), Ty = Poly::atom(Ctx.threadIdx(1));
  Poly Bx = Poly::atom(Ctx.blockIdx(0)), Bdx = Poly::atom(Ctx.blockDim(0));
  Poly Global = Bx * Bdx + Tx;
  std::vector<AccessShape> Accesses;
  std::vector<Guard> Open;
  for (int I = 0; I < 12; ++I) {
    if (!Open.empty() && Pick(0, 3) == 0)
      Open.pop_back();
    if (Pick(0, 1)) {
      Guard G;
      G.Op = Cmp(Pick(0, 5));
      G.Predicated = Pick(0, 1);
      Poly K = Poly::constant(Pick(1, 9));
      switch (Pick(0, 6)) {
      case 0:
        G.Diff = Ctx.op(sym::OpKind::Rem, Tx, K) - Poly::constant(Pick(0, 4));
        break;
      case 1:
        G.Diff =
            Ctx.op(sym::OpKind::Div, Global, K) - Poly::atom(Ctx.param("n"));
        break;
      case 5:
        G.Diff =
            Ctx.op(sym::OpKind::Div, Global, K) - Poly::constant(Pick(0, 60));
        break;
      case 6:
        G.Diff = Ctx.op(sym::OpKind::Rem, Global + Ty, K) -
                 Poly::constant(Pick(0, 4));
        break;
      case 2:
        G.Diff = Ctx.op(sym::OpKind::And, Tx + Ty, K);
        break;
      case 3:
        G.Diff = Global - Poly::constant(Pick(0, 300));
        break;
      default:
        G.Diff = Ty - Poly::constant(Pick(0, 6));
      }
      Open.push_back(G);
    }
    AccessShape A;
    A.WidthBytes = A.ChunkBytes = 4;
    A.ByteOffset =
        (Global * Poly::constant(Pick(1, 3)) + Ty * Poly::constant(Pick(0, 40)))
            .scaled(4);
    A.Guards = Open;
    Accesses.push_back(std::move(A));
  }
  return Accesses;
}

// Lanes that read the block index through a division or remainder by a
// constant (`(blockIdx.x * blockDim.x + threadIdx.x) / 32`, a warp per row)
// are counted where the block's step passes through the division whole
// (AccessSplit's blockShift) and counted by HistogramWalk; where it does not
// (a divisor the block does not divide, a negative operand), the walk
// visits. Either way the totals are visiting every warp's.
TEST(LaunchWalkerTest, BlockShiftedLanesEqualVisitingEveryWarp) {
  const std::string Histograms = makeHistogramWalk()->name().str();
  Picker Pick(20261206);
  const Dim3 Blocks[] = {{256, 1, 1}, {64, 1, 1}, {96, 1, 1}, {32, 4, 1}};
  GlobalSectorModel Global;
  int CountedCases = 0;
  const int Cases = 300;
  for (int Case = 0; Case < Cases; ++Case) {
    sym::Context Ctx;
    ModelCaches Caches;
    Poly Tx = Poly::atom(Ctx.threadIdx(0)), Ty = Poly::atom(Ctx.threadIdx(1));
    Poly Bx = Poly::atom(Ctx.blockIdx(0)), By = Poly::atom(Ctx.blockIdx(1));
    Poly Bdx = Poly::atom(Ctx.blockDim(0));
    Poly Gtid = Bx * Bdx + Tx + Poly::constant(Pick(0, 1) ? 0 : Pick(-40, 40));
    auto Divisor = [&] {
      return Poly::constant(Pick(0, 2) ? int64_t(1) << Pick(1, 6)
                                       : Pick(3, 40));
    };
    Poly Row = Ctx.op(sym::OpKind::Div, Gtid, Divisor());
    Poly Lane = Ctx.op(sym::OpKind::Rem, Pick(0, 1) ? Tx : Gtid, Divisor());
    unsigned Width = 1u << Pick(0, 3);
    AccessShape A;
    A.WidthBytes = A.ChunkBytes = Width;
    A.ByteOffset = (Row * Poly::constant(Pick(1, 300)) +
                    Lane * Poly::constant(Pick(-2, 4)) +
                    By * Poly::constant(Pick(0, 50)) + Ty)
                       .scaled(Width);
    for (int G = int(Pick(0, 2)); G > 0; --G) {
      Guard Gd;
      Gd.Op = Cmp(Pick(0, 5));
      Gd.Predicated = Pick(0, 1);
      Gd.Diff = Pick(0, 1) ? Lane - Poly::constant(Pick(0, 30))
                           : Row - Poly::constant(Pick(0, 100));
      A.Guards.push_back(Gd);
    }
    LaunchShape L;
    L.Block = Blocks[Pick(0, 3)];
    L.Grid = Dim3{Pick(1, 40), Pick(1, 3), 1};
    LaunchWalker Counting(Ctx, Caches, A, L, Global),
        Visiting(Ctx, Caches, A, L, Global);
    Counting.walkWith(thenVisiting(makeHistogramWalk()));
    Visiting.allowCounting(false);
    SCOPED_TRACE(testing::Message()
                 << "case " << Case << ": " << Ctx.str(A.ByteOffset));
    CostTotals Counted = Counting.walk(1 << 22);
    CostTotals Visited = Visiting.walk(1 << 22);
    ASSERT_EQ(Visiting.answeredBy(), EveryWarp) << "the visits were sampled";
    expectSameTotals(Counted, Visited);
    expectSameFlags(Counting, Visiting);
    CountedCases += Counting.answeredBy() == Histograms;
  }
  // About half have a divisor the block divides and no negative offset.
  EXPECT_GE(CountedCases, Cases / 4);
  EXPECT_LT(CountedCases, Cases);
}

// Loops whose lanes run apart, counted in runs (RunWalk): a
// triangular loop, its guard reading the thread index through an operation,
// and a loop nvcc splits into pieces (each lane at a trip of its own), with
// guards on the trip of every comparison. Each must give, field by field,
// what visiting every warp at every trip gives.
TEST(LaunchWalkerTest, RunWalkEqualsEveryWarp) {
  const std::string Runs = makeRunWalk()->name().str();
  Picker Pick(20261205);
  const Dim3 Blocks[] = {{32, 1, 1}, {64, 1, 1}, {48, 1, 1}, {16, 4, 1}};
  RandomSpaces Spaces;
  int CountedCases = 0;
  const int Cases = 240;
  for (int Case = 0; Case < Cases; ++Case) {
    sym::Context Ctx;
    ModelCaches Caches;
    Poly Tx = Poly::atom(Ctx.threadIdx(0)), Ty = Poly::atom(Ctx.threadIdx(1));
    Poly Bx = Poly::atom(Ctx.blockIdx(0)), Bdx = Poly::atom(Ctx.blockDim(0));
    Poly Gtid = Bx * Bdx + Tx;
    unsigned Width = 1u << Pick(0, 3);
    AccessShape A;
    A.WidthBytes = A.ChunkBytes = Width;
    // Each lane's trip count: a hash of its index, or a line through it.
    Poly Count = Pick(0, 1) ? Ctx.op(sym::OpKind::Rem, Gtid.scaled(Pick(1, 40)),
                                     Poly::constant(Pick(5, 70))) +
                                  Poly::constant(Pick(0, 3))
                            : Poly::constant(Pick(40, 90)) - Gtid;
    const bool Split = Pick(0, 1);
    Poly Trip;
    if (Split) {
      LoopLowering Loop;
      Loop.Trip = Ctx.loopIteration("j");
      Loop.TripCount = Count;
      Loop.Factor = unsigned(1) << Pick(0, 2);
      Loop.Pieces = Loop.Factor == 4 && Pick(0, 1);
      Loop.Epilog = Pick(0, 1);
      Loop.Counter = Ctx.loopIteration("j", firstCounterValue(Loop));
      A.Lowerings.push_back(Loop);
      Trip = Poly::atom(Loop.Trip);
    } else {
      Trip = Poly::atom(Ctx.loopIteration("k"));
    }
    // Lanes along the trip, or a row per lane; a start per lane or not.
    Poly Index = Trip * Poly::constant(Pick(-3, 70)) +
                 Gtid * Poly::constant(Pick(0, 1) ? Pick(1, 3) : Pick(60, 70)) +
                 Ty * Poly::constant(Pick(0, 40)) + Poly::constant(Pick(0, 9));
    A.ByteOffset = Index.scaled(Width);
    // The loop's own bound, then guards on the trip and the thread index.
    A.Guards.push_back({Trip - Count, Cmp::LT});
    // An outer loop, its trips whole periods apart or not: the runs of the
    // first kind are counted once for all its trips (RunWalk's Repeats).
    if (Pick(0, 1)) {
      Poly Outer = Poly::atom(Ctx.loopIteration("i"));
      A.ByteOffset = A.ByteOffset +
                     Outer.scaled(Pick(0, 1) ? 128 * Pick(1, 3) : Pick(1, 200));
      A.Guards.push_back({Outer - Poly::constant(Pick(1, 6)), Cmp::LT});
    }
    for (int G = int(Pick(0, 2)); G > 0; --G) {
      Guard Gd;
      Gd.Op = Cmp(Pick(0, 5));
      Gd.Predicated = Pick(0, 1);
      Gd.Diff = Pick(0, 1)
                    ? Trip.scaled(Pick(-2, 2)) - Poly::constant(Pick(0, 30))
                    : Gtid - Poly::constant(Pick(0, 200));
      A.Guards.push_back(Gd);
    }
    LaunchShape L;
    L.Block = Blocks[Pick(0, 3)];
    L.Grid = Dim3{Pick(1, 4), 1, 1};
    const RequestCostModel &Model = Spaces.place(A, Pick);
    LaunchWalker Counting(Ctx, Caches, A, L, Model),
        Visiting(Ctx, Caches, A, L, Model);
    Counting.walkWith(thenVisiting(makeRunWalk()));
    Visiting.allowCounting(false);
    SCOPED_TRACE(testing::Message()
                 << "case " << Case << ": " << Ctx.str(A.ByteOffset));
    CostTotals Counted = Counting.walk(1 << 22);
    CostTotals Visited = Visiting.walk(1 << 22);
    ASSERT_EQ(Visiting.answeredBy(), EveryWarp) << "the visits were sampled";
    expectSameTotals(Counted, Visited);
    expectSameFlags(Counting, Visiting);
    CountedCases += Counting.answeredBy() == Runs;
  }
  // Nearly all of them are of the shape runs take (a guard may read the
  // trip at a slope the walker takes in no run: it then visits).
  EXPECT_GE(CountedCases, Cases * 9 / 10);
}

// The lanes that pass a list of guards are kept across accesses and walks
// (GuardMaskCache): what an access predicts is what evaluating every guard
// at every visit gives, whatever was walked before it.
TEST(LaunchWalkerTest, KeptGuardLanesChangeNoPrediction) {
  GlobalSectorModel Model;
  const Dim3 Blocks[] = {{32, 1, 1}, {48, 1, 1}, {16, 8, 1}, {8, 4, 2}};
  for (unsigned Case = 0; Case < 60; ++Case) {
    LaunchShape L;
    L.Block = Blocks[Case % 4];
    L.Grid = Dim3{int64_t(Case % 7 + 1), 2, 1};
    sym::Context Warm;
    ModelCaches WarmCaches;
    std::vector<AccessShape> Accesses = guardedAccesses(Warm, Case);
    for (size_t I = 0; I < Accesses.size(); ++I) {
      // Twice in the warm context: the second walk meets every list kept.
      CostTotals First =
          LaunchWalker(Warm, WarmCaches, Accesses[I], L, Model).walk(1 << 16);
      CostTotals Again =
          LaunchWalker(Warm, WarmCaches, Accesses[I], L, Model).walk(1 << 16);
      sym::Context Cold;
      ModelCaches ColdCaches;
      AccessShape Alone = guardedAccesses(Cold, Case)[I];
      LaunchWalker Evaluating(Cold, ColdCaches, Alone, L, Model);
      Evaluating.allowKeptGuardLanes(false);
      SCOPED_TRACE(testing::Message() << "case " << Case << " access " << I);
      CostTotals Expected = Evaluating.walk(1 << 16);
      expectSameTotals(First, Expected);
      expectSameTotals(Again, Expected);
    }
  }
}

// Walks in one context share each guard's parts between them
// (SplitCache, AccessSplit.h), keyed by what the split reads of the walker:
// under other blocks (whether the block's step passes through `/ K`), with a
// parameter known at other values or not at all and with counting off, each
// walk must still give what a walk in a context of its own gives.
TEST(LaunchWalkerTest, SharedGuardSplitsChangeNoPrediction) {
  GlobalSectorModel Model;
  const Dim3 Blocks[] = {{32, 1, 1}, {48, 1, 1}, {16, 8, 1}, {64, 2, 1}};
  // Besides the random ones, an access whose guard moves by n * blockDim /
  // 64 per block: its parts depend on n's value where n is known.
  auto Accesses = [](sym::Context &Ctx, unsigned Case) {
    std::vector<AccessShape> All = guardedAccesses(Ctx, Case);
    Poly Global = Poly::atom(Ctx.blockIdx(0)) * Poly::atom(Ctx.blockDim(0)) +
                  Poly::atom(Ctx.threadIdx(0));
    Poly N = Poly::atom(Ctx.param("n"));
    AccessShape A;
    A.WidthBytes = A.ChunkBytes = 4;
    A.ByteOffset = (Global * N).scaled(4);
    Guard G;
    G.Diff = Ctx.op(sym::OpKind::Div, Global * N, Poly::constant(64)) -
             Poly::atom(Ctx.blockIdx(0)).scaled(21) -
             Poly::constant(int64_t(Case % 9) * 3);
    G.Op = Cmp::GE;
    A.Guards = {G};
    All.push_back(A);
    return All;
  };
  // The settings differ in what split() reads of the walker and nothing
  // else: the block, n (not known, 40 or 48) and whether counting is on.
  auto LaunchOf = [&](sym::Context &Ctx, unsigned Setting) {
    LaunchShape L;
    L.Block = Blocks[Setting % 4];
    L.Grid = Dim3{3, 2, 1};
    if (Setting / 4 % 3)
      L.Known[Ctx.param("n")] = Setting / 4 % 3 == 1 ? 40 : 48;
    return L;
  };
  const unsigned Settings = 24;
  auto Counting = [](unsigned Setting) { return Setting >= 12; };
  for (unsigned Case = 0; Case < 40; ++Case) {
    // Each walk alone first: the thread keeps one context's caches at a
    // time, so the shared walks below must not be interleaved with these.
    std::vector<std::vector<CostTotals>> Alone;
    std::vector<std::vector<bool>> AloneGuardUnknown;
    for (unsigned Setting = 0; Setting < Settings; ++Setting) {
      Alone.emplace_back();
      AloneGuardUnknown.emplace_back();
      for (size_t I = 0;; ++I) {
        sym::Context Cold;
        ModelCaches ColdCaches;
        std::vector<AccessShape> Shapes = Accesses(Cold, Case);
        if (I == Shapes.size())
          break;
        LaunchShape L = LaunchOf(Cold, Setting);
        LaunchWalker Own(Cold, ColdCaches, Shapes[I], L, Model);
        Own.allowCounting(Counting(Setting));
        Alone.back().push_back(Own.walk(1 << 16));
        AloneGuardUnknown.back().push_back(Own.guardUnknown());
      }
    }
    // Then every walk in one context, the settings in reverse, so that a
    // part split under n = 48 would be met again under 40.
    sym::Context Warm;
    ModelCaches WarmCaches;
    std::vector<AccessShape> Shapes = Accesses(Warm, Case);
    std::vector<LaunchShape> Launches;
    for (unsigned Setting = 0; Setting < Settings; ++Setting)
      Launches.push_back(LaunchOf(Warm, Setting));
    for (unsigned Setting = Settings; Setting-- > 0;)
      for (size_t I = 0; I < Shapes.size(); ++I) {
        LaunchWalker Shared(Warm, WarmCaches, Shapes[I], Launches[Setting],
                            Model);
        Shared.allowCounting(Counting(Setting));
        SCOPED_TRACE(testing::Message() << "case " << Case << " access " << I
                                        << " setting " << Setting);
        expectSameTotals(Shared.walk(1 << 16), Alone[Setting][I]);
        EXPECT_EQ(Shared.guardUnknown(), AloneGuardUnknown[Setting][I]);
      }
  }
}

// A guard is evaluated only in the lanes that reach it: under `if (t < 4)`
// the lanes from 4 on never divide by t - 8, so no value of the inner guard
// is unknown. Where the compiler predicates the outer guard instead, every
// lane runs the inner one, and lane 8's is.
TEST(LaunchWalkerTest, GuardsOfLanesTurnedAwayAreNotEvaluated) {
  GlobalSectorModel Model;
  for (bool Predicated : {false, true}) {
    sym::Context Ctx;
    ModelCaches Caches;
    Poly Tx = Poly::atom(Ctx.threadIdx(0));
    Guard Outer;
    Outer.Diff = Tx - Poly::constant(4);
    Outer.Op = Cmp::LT;
    Outer.Predicated = Predicated;
    Guard Inner;
    Inner.Diff =
        Ctx.op(sym::OpKind::Div, Poly::constant(100), Tx - Poly::constant(8));
    Inner.Op = Cmp::NE;
    AccessShape A;
    A.WidthBytes = A.ChunkBytes = 4;
    A.ByteOffset = Tx.scaled(4);
    A.Guards = {Outer, Inner};
    LaunchShape L;
    L.Block = Dim3{32, 1, 1};
    L.Grid = Dim3{1, 1, 1};
    LaunchWalker Walker(Ctx, Caches, A, L, Model);
    CostTotals T = Walker.walk(1 << 16);
    SCOPED_TRACE(Predicated ? "predicated" : "branched");
    EXPECT_EQ(Walker.guardUnknown(), Predicated);
    EXPECT_EQ(T.Requests, 1u);
    EXPECT_EQ(T.Units, 1);
  }
}

/// A strategy that declines every walk, and counts how often it was asked.
class DecliningWalk final : public WalkStrategy {
public:
  DecliningWalk(bool Counts, int &Asked)
      : WalkStrategy("declining", Counts), Asked(Asked) {}
  std::optional<CostTotals> walk(WalkUnits &, uint64_t) override {
    ++Asked;
    return std::nullopt;
  }

private:
  int &Asked;
};

/// `a[blockIdx.x * blockDim.x + threadIdx.x]` under `if (i < n)`, n = 1000,
/// over \p Blocks blocks of 128 threads.
struct GuardedRow {
  sym::Context Ctx;
  ModelCaches Caches;
  AccessShape A;
  LaunchShape L;
  explicit GuardedRow(int64_t Blocks) {
    Poly Global = Poly::atom(Ctx.blockIdx(0)) * Poly::atom(Ctx.blockDim(0)) +
                  Poly::atom(Ctx.threadIdx(0));
    A.WidthBytes = A.ChunkBytes = 4;
    A.ByteOffset = Global.scaled(4);
    A.Guards.push_back({Global - Poly::constant(1000), Cmp::LT});
    L.Block = Dim3{128, 1, 1};
    L.Grid = Dim3{Blocks, 1, 1};
  }
};

// A walker stops keeping its warps' lanes once hundreds were never met again
// (an index taken apart by an unknown extent, as ggml's cpy.cu does): the
// totals must be those of a walker that keeps them all, also where lanes do
// repeat, but only after the first hundreds of visits.
TEST(LaunchWalkerTest, LanesNotKeptChangeNoPrediction) {
  GlobalSectorModel Model;
  Picker Pick(44);
  for (unsigned Case = 0; Case < 24; ++Case) {
    sym::Context Ctx;
    ModelCaches Caches;
    Poly Global = Poly::atom(Ctx.blockIdx(0)) * Poly::atom(Ctx.blockDim(0)) +
                  Poly::atom(Ctx.threadIdx(0));
    Poly Extent = Poly::constant(Pick(1, 700));
    Poly Row = Ctx.op(sym::OpKind::Div, Global, Extent);
    AccessShape A;
    A.WidthBytes = A.ChunkBytes = 4;
    A.ByteOffset = (Global - Row * Extent).scaled(Pick(1, 9) * 4) +
                   Row.scaled(Pick(0, 5000) * 4);
    if (Case % 2)
      A.Guards.push_back({Global - Poly::constant(Pick(100, 20000)), Cmp::LT});
    LaunchShape L;
    L.Block = Dim3{Pick(1, 8) * 32, 1, 1};
    L.Grid = Dim3{Pick(600, 900), 1, 1};
    LaunchWalker Dropping(Ctx, Caches, A, L, Model);
    Dropping.allowCounting(false);
    LaunchWalker Keeping(Ctx, Caches, A, L, Model);
    Keeping.allowCounting(false);
    Keeping.keepEveryLaneSet(true);
    SCOPED_TRACE(testing::Message()
                 << "case " << Case << ": " << Ctx.str(A.ByteOffset));
    CostTotals Dropped = Dropping.walk(1 << 16);
    EXPECT_EQ(Dropping.answeredBy(), EveryWarp);
    EXPECT_GT(Dropped.Visits, 512u) << "lanes kept throughout";
    expectSameTotals(Dropped, Keeping.walk(1 << 16));
  }
}

// A strategy that declines hands the walk to the next: the totals are the
// next one's, and it answers.
TEST(LaunchWalkerTest, WalkFallsBackWhenAStrategyDeclines) {
  GlobalSectorModel Model;
  GuardedRow Row(9);
  int Asked = 0;
  LaunchWalker Walker(Row.Ctx, Row.Caches, Row.A, Row.L, Model);
  Walker.walkWith(thenVisiting(std::make_unique<DecliningWalk>(true, Asked)));
  CostTotals T = Walker.walk(1 << 16);
  EXPECT_EQ(Asked, 1);
  EXPECT_EQ(Walker.answeredBy(), EveryWarp);
  LaunchWalker Plain(Row.Ctx, Row.Caches, Row.A, Row.L, Model);
  Plain.allowCounting(false);
  expectSameTotals(T, Plain.walk(1 << 16));
  EXPECT_EQ(Plain.answeredBy(), EveryWarp);
  // 9 blocks of 4 warps; the last two blocks' warps past n issue nothing.
  EXPECT_EQ(T.Visits, 36u);
  EXPECT_EQ(T.Warps, 32u);
}

// With counting off, a strategy that counts is not asked at all.
TEST(LaunchWalkerTest, CountingOffSkipsTheStrategiesThatCount) {
  GlobalSectorModel Model;
  GuardedRow Row(9);
  int AskedCounting = 0, AskedVisiting = 0;
  LaunchWalker Walker(Row.Ctx, Row.Caches, Row.A, Row.L, Model);
  std::vector<std::unique_ptr<WalkStrategy>> Order;
  Order.push_back(std::make_unique<DecliningWalk>(true, AskedCounting));
  Order.push_back(std::make_unique<DecliningWalk>(false, AskedVisiting));
  Order.push_back(makeEveryWarpWalk());
  Walker.walkWith(std::move(Order));
  Walker.allowCounting(false);
  Walker.walk(1 << 16);
  EXPECT_EQ(AskedCounting, 0);
  EXPECT_EQ(AskedVisiting, 1);
  EXPECT_EQ(Walker.answeredBy(), EveryWarp);
}

// The usual order: the histograms count what they can; past the budget,
// visiting every warp declines and the sample answers.
TEST(LaunchWalkerTest, EveryWarpDeclinesPastTheBudget) {
  GlobalSectorModel Model;
  GuardedRow Row(4096); // 16384 visits
  LaunchWalker Counting(Row.Ctx, Row.Caches, Row.A, Row.L, Model);
  Counting.walk(1024);
  EXPECT_EQ(Counting.answeredBy(), makeHistogramWalk()->name());
  LaunchWalker Visiting(Row.Ctx, Row.Caches, Row.A, Row.L, Model);
  Visiting.allowCounting(false);
  CostTotals Whole = Visiting.walk(1 << 16);
  EXPECT_EQ(Visiting.answeredBy(), EveryWarp);
  EXPECT_EQ(Whole.Visits, 16384u);
  CostTotals Sampled = Visiting.walk(1024);
  EXPECT_EQ(Visiting.answeredBy(), makeSampledWalk()->name());
  EXPECT_LE(Sampled.Visits, 1024u);
}

// The histograms decline a loop nvcc splits (each lane at a trip of its
// own); the runs take it.
TEST(LaunchWalkerTest, HistogramsDeclineSplitLoopsForRuns) {
  GlobalSectorModel Model;
  sym::Context Ctx;
  ModelCaches Caches;
  Poly Tx = Poly::atom(Ctx.threadIdx(0));
  LoopLowering Loop;
  Loop.Trip = Ctx.loopIteration("j");
  Loop.TripCount = Poly::constant(40) - Tx;
  Loop.Factor = 4;
  Loop.Counter = Ctx.loopIteration("j", firstCounterValue(Loop));
  AccessShape A;
  A.WidthBytes = A.ChunkBytes = 4;
  A.Lowerings.push_back(Loop);
  A.ByteOffset = (Poly::atom(Loop.Trip) * Poly::constant(64) + Tx).scaled(4);
  A.Guards.push_back({Poly::atom(Loop.Trip) - Loop.TripCount, Cmp::LT});
  LaunchShape L;
  L.Block = Dim3{64, 1, 1};
  L.Grid = Dim3{2, 1, 1};
  LaunchWalker Walker(Ctx, Caches, A, L, Model);
  CostTotals Counted = Walker.walk(1 << 16);
  EXPECT_EQ(Walker.answeredBy(), makeRunWalk()->name());
  LaunchWalker Visiting(Ctx, Caches, A, L, Model);
  Visiting.allowCounting(false);
  expectSameTotals(Counted, Visiting.walk(1 << 16));
}

// TripPlacement places the lanes' trips in the loops nvcc splits a warp at
// once (pointsWithTrips) wherever no trip count reads its own loop's trip or
// a later one's; each lane's trips and whether it idles must be what
// placing the lanes one by one (placeTrips) gives, a second loop's trip
// count reading the first's trip included.
TEST(TripPlacementTest, AWarpAtOnceEqualsLaneByLane) {
  Picker Pick(20261207);
  const Dim3 Blocks[] = {{32, 1, 1}, {64, 1, 1}, {48, 1, 1}, {16, 4, 1}};
  GlobalSectorModel Model;
  int Compared = 0, IssuingSeen = 0;
  for (int Case = 0; Case < 80; ++Case) {
    sym::Context Ctx;
    ModelCaches Caches;
    Poly Tx = Poly::atom(Ctx.threadIdx(0));
    Poly Gtid = Poly::atom(Ctx.blockIdx(0)) * Poly::atom(Ctx.blockDim(0)) + Tx;
    AccessShape A;
    A.WidthBytes = A.ChunkBytes = 4;
    A.ByteOffset = Gtid.scaled(4);
    auto Lowering = [&](const char *Name, Poly Count) {
      LoopLowering Loop;
      Loop.Trip = Ctx.loopIteration(Name);
      Loop.TripCount = std::move(Count);
      Loop.Factor = unsigned(1) << Pick(0, 2);
      Loop.Pieces = Loop.Factor == 4 && Pick(0, 1);
      Loop.Epilog = Pick(0, 1);
      Loop.LeftoverPredicated = Pick(0, 1);
      Loop.Counter = Ctx.loopIteration(Name, firstCounterValue(Loop));
      A.Lowerings.push_back(Loop);
      A.ByteOffset =
          A.ByteOffset + Poly::atom(Loop.Trip).scaled(4 * Pick(1, 64));
    };
    Lowering("j", Pick(0, 1)
                      ? Ctx.op(sym::OpKind::Rem, Gtid.scaled(Pick(1, 40)),
                               Poly::constant(Pick(5, 30)))
                      : Poly::constant(Pick(20, 60)) - Gtid);
    if (Pick(0, 1))
      Lowering("i", Poly::atom(A.Lowerings[0].Trip) +
                        Poly::constant(Pick(0, 3)) - Tx.scaled(Pick(0, 1)));
    LaunchShape L;
    L.Block = Blocks[Pick(0, 3)];
    L.Grid = Dim3{2, 1, 1};
    AccessAtLaunch AL(Ctx, A, L, Model);
    TripPlacement Trips(AL);
    ASSERT_TRUE(Trips.atPoints());
    for (int64_t Block = 0; Block < 2; ++Block)
      for (int64_t Warp = 0; Warp < AL.warpsPerBlock(); ++Warp)
        for (int Visit = 0; Visit < 12; ++Visit) {
          AL.Values.set(Ctx.blockIdx(0), Block);
          for (const LoopLowering &Loop : A.Lowerings)
            AL.Values.set(Loop.Counter, Pick(-4, 24));
          uint32_t Idle, IdleIssuing;
          const sym::ThreadPoints AtOnce =
              Trips.pointsWithTrips(Warp, Idle, &IdleIssuing);
          ASSERT_EQ(AtOnce.OwnLeafCount, A.Lowerings.size());
          for (unsigned Lane = 0; Lane < AtOnce.Count; ++Lane) {
            SCOPED_TRACE(testing::Message() << "case " << Case << " warp "
                                            << Warp << " lane " << Lane);
            Dim3 Tid;
            ASSERT_TRUE(placeLane(Ctx, L.Block, Warp, Lane, AL.Values, Tid));
            const TripPlacement::LaneAtCounters At = Trips.placeTrips();
            EXPECT_EQ(At == TripPlacement::LaneAtCounters::Runs,
                      !(Idle & (uint32_t(1) << Lane)));
            EXPECT_EQ(At == TripPlacement::LaneAtCounters::IdleIssuing,
                      bool(IdleIssuing & (uint32_t(1) << Lane)));
            IssuingSeen += At == TripPlacement::LaneAtCounters::IdleIssuing;
            for (size_t K = 0; K < A.Lowerings.size(); ++K) {
              EXPECT_EQ(AtOnce.OwnLeaf[K], A.Lowerings[K].Trip);
              EXPECT_EQ(AtOnce.OwnValue[K][Lane],
                        AL.Values.get(A.Lowerings[K].Trip));
            }
            ++Compared;
          }
        }
  }
  EXPECT_GT(Compared, 10000);
  EXPECT_GT(IssuingSeen, 20);
}

} // namespace

// A walker keeps the lanes of guards whose lane part reads only the thread
// and block index and the launch's values from one walk to the next
// (LaneEvaluator::startWalk); those that read an unknown are evaluated anew.
// Walking the trials of the unknowns one after another in one walker must
// give what a walker of each trial's own gives.
TEST(LaunchWalkerTest, GuardLanesKeptAcrossWalksChangeNoTrial) {
  GlobalSectorModel Model;
  Picker Pick(20261207);
  const Dim3 Blocks[] = {{32, 1, 1}, {64, 1, 1}, {16, 8, 1}, {32, 8, 1}};
  for (unsigned Case = 0; Case < 60; ++Case) {
    sym::Context Ctx;
    ModelCaches Caches;
    Poly Tx = Poly::atom(Ctx.threadIdx(0)), Ty = Poly::atom(Ctx.threadIdx(1));
    Poly Bx = Poly::atom(Ctx.blockIdx(0)), Bdx = Poly::atom(Ctx.blockDim(0));
    Poly W = Poly::atom(Ctx.param("w"));
    AccessShape A;
    A.ByteOffset = (Ty * W + Bx * Bdx + Tx).scaled(4);
    for (int G = 0, Guards = int(Pick(1, 4)); G < Guards; ++G) {
      Guard Gd;
      Gd.Op = Cmp(Pick(0, 5));
      Poly K = Poly::constant(Pick(1, 9));
      switch (Pick(0, 3)) {
      case 0: // the lane part reads the unknown
        Gd.Diff = Ctx.op(sym::OpKind::Div, Tx + W, K) - Poly::constant(3);
        break;
      case 1:
        Gd.Diff = Tx * W - Poly::constant(Pick(0, 900));
        break;
      default: // `x < w - j`: only the uniform part reads it
        Gd.Diff = Bx * Bdx + Tx - W + Poly::constant(Pick(0, 40));
      }
      A.Guards.push_back(Gd);
    }
    LaunchShape L;
    L.Block = Blocks[Pick(0, 3)];
    L.Grid = Dim3{Pick(1, 9), 1, 1};
    LaunchWalker Reused(Ctx, Caches, A, L, Model);
    ASSERT_EQ(Reused.unknowns().size(), 1u);
    sym::AtomId U = Reused.unknowns()[0];
    SCOPED_TRACE(Ctx.str(A.ByteOffset));
    for (int64_t V : {32, 3, 64, 0, 33, 1000, 7, 32}) {
      Reused.set(U, V);
      ModelCaches ColdCaches;
      LaunchWalker Fresh(Ctx, ColdCaches, A, L, Model);
      Fresh.set(U, V);
      SCOPED_TRACE(testing::Message() << "w = " << V);
      expectSameTotals(Reused.walk(1 << 16), Fresh.walk(1 << 16));
    }
  }
}

// A loop's end is searched with the guards that end it; where none reads the
// thread index, every lane holds them alike and the first lane answers for
// the block (TripPlacement::anyLaneInPlacement). Every walk must give what
// the search in every lane gives, with loop bounds known, unknown and
// bounded by an outer loop's trip, and at values of the unknown where the
// loops end early, late and never.
TEST(TripPlacementTest, LoopEndsReadInOneLaneEqualEveryLane) {
  GlobalSectorModel Model;
  Picker Pick(20261208);
  const Dim3 Blocks[] = {{32, 1, 1}, {64, 1, 1}, {16, 8, 1}, {256, 1, 1}};
  int Compared = 0;
  for (unsigned Case = 0; Case < 60; ++Case) {
    sym::Context Ctx;
    AccessShape A = twoLoopAccess(Ctx, Pick);
    LaunchShape L;
    L.Block = Blocks[Pick(0, 3)];
    L.Grid = Dim3{Pick(1, 9), 1, 1};
    ModelCaches FastCaches, PlainCaches;
    LaunchWalker Fast(Ctx, FastCaches, A, L, Model);
    LaunchWalker Plain(Ctx, PlainCaches, A, L, Model);
    Plain.allowOneLaneLoopEnds(false);
    SCOPED_TRACE(Ctx.str(A.ByteOffset));
    Compared += expectSameWalksOverM(Fast, Plain);
  }
  EXPECT_EQ(Compared, 360);
}
