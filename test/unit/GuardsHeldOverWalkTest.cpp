// Guards that no visit of a walk fails are left out of the visits
// (GuardsHeldOverWalk.h): which guards those are, and that leaving them out
// changes no walk's totals.
#include "GuardsHeldOverWalk.h"
#include "LaunchWalker.h"
#include "WalkTestSupport.h"

#include "cuda-coalesce/Model/GlobalSectorModel.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;
using namespace cudacoalesce::model;
using sym::Poly;

namespace {

Guard loopEnd(Cmp Op, const Poly &Diff) {
  Guard G;
  G.Op = Op;
  G.EndsLoop = true;
  G.Diff = Diff;
  return G;
}

} // namespace

TEST(GuardsHeldOverWalkTest, OnlyOrderedTestsOfOneAxisAndValuesSet) {
  GlobalSectorModel Model;
  sym::Context Ctx;
  Poly Tx = Poly::atom(Ctx.threadIdx(0));
  Poly M = Poly::atom(Ctx.param("m"));
  Poly I = Poly::atom(Ctx.loopIteration("i"));
  Poly J = Poly::atom(Ctx.loopIteration("j"));
  AccessShape A;
  A.WidthBytes = A.ChunkBytes = 4;
  A.ByteOffset =
      (I * Poly::constant(1024) + J * Poly::constant(64) + Tx).scaled(4);
  // The loops' own ends, then tests in the body.
  A.Guards = {loopEnd(Cmp::LT, I - M),
              loopEnd(Cmp::LT, J - Poly::constant(60))};
  const Cmp Tests[] = {Cmp::LT, Cmp::LT, Cmp::LT, Cmp::LT, Cmp::NE};
  const Poly Diffs[] = {J - Poly::constant(100), // held
                        J - Poly::constant(40),  // fails at the loop's end
                        J - I,                   // reads two axes
                        Tx - M,                  // a lane's own value
                        J - Poly::constant(7)};  // fails between two ends
  for (size_t K = 0; K < 5; ++K) {
    Guard G;
    G.Op = Tests[K];
    G.Diff = Diffs[K];
    A.Guards.push_back(G);
  }
  LaunchShape L;
  L.Block = Dim3{64, 1, 1};
  L.Grid = Dim3{2, 1, 1};
  AccessAtLaunch AL(Ctx, A, L, Model);
  TripPlacement Trips(AL);
  // m is read by guards alone: no unknown of the address, set here.
  AL.Values.set(Ctx.param("m"), 20);
  Trips.stretchLoopAxes();
  EXPECT_EQ(guardsHeldOverWalk(AL, Trips),
            (std::vector<bool>{true, true, true, false, false, false, false}));
}

TEST(GuardsHeldOverWalkTest, HeldGuardsLeftOutChangeNoWalk) {
  GlobalSectorModel Model;
  Picker Pick(20261207);
  const Dim3 Blocks[] = {{32, 1, 1}, {64, 1, 1}, {16, 8, 1}, {256, 1, 1}};
  const Cmp Ops[] = {Cmp::LT, Cmp::LE, Cmp::GT, Cmp::GE, Cmp::NE};
  int Compared = 0;
  for (unsigned Case = 0; Case < 60; ++Case) {
    sym::Context Ctx;
    AccessShape A = twoLoopAccess(Ctx, Pick);
    Poly Tx = Poly::atom(Ctx.threadIdx(0)), Bx = Poly::atom(Ctx.blockIdx(0));
    Poly M = Poly::atom(Ctx.param("m"));
    Poly Outer = Poly::atom(Ctx.loopIteration("i"));
    Poly Inner = Poly::atom(Ctx.loopIteration("j"));
    // Tests in the body: on a trip, the block index or the thread index,
    // against the unknown or a constant.
    Poly Reads[] = {Outer, Inner, Bx, Tx};
    for (int K = Pick(0, 3); K > 0; --K) {
      Guard G;
      G.Op = Ops[Pick(0, 4)];
      G.Diff = Reads[Pick(0, 3)] * Poly::constant(Pick(1, 3)) -
               (Pick(0, 1) ? M : Poly::constant(Pick(-5, 200)));
      A.Guards.push_back(G);
    }
    LaunchShape L;
    L.Block = Blocks[Pick(0, 3)];
    L.Grid = Dim3{Pick(1, 9), 1, 1};
    ModelCaches HeldCaches, PlainCaches;
    LaunchWalker Held(Ctx, HeldCaches, A, L, Model);
    LaunchWalker Plain(Ctx, PlainCaches, A, L, Model);
    Plain.allowHeldGuards(false);
    const bool Counting = Pick(0, 1);
    Held.allowCounting(Counting);
    Plain.allowCounting(Counting);
    SCOPED_TRACE(Ctx.str(A.ByteOffset));
    Compared += expectSameWalksOverM(Held, Plain);
  }
  EXPECT_EQ(Compared, 360);
}
