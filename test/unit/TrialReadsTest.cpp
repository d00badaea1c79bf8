// Trials that give every value a walk reads the same values repeat an
// earlier trial's walk (Model/TrialReads.h): every trial of random accesses
// whose unknowns reach them through operations that many values share is
// walked, and each must give, field by field, what the first of its class
// gives.
#include "TrialReads.h"
#include "LaunchWalker.h"
#include "WalkTestSupport.h"

#include "cuda-coalesce/Model/GlobalSectorModel.h"
#include "cuda-coalesce/Model/SharedBankModel.h"

#include <gtest/gtest.h>

#include <string>

using namespace cudacoalesce;
using namespace cudacoalesce::model;
using sym::OpKind;
using sym::Poly;

namespace {

/// An access whose unknowns p0..p2 reach it through operations over them
/// alone that many values share (a tile count `(p + 127) / 128`, a quotient,
/// a mask), as lane-free terms, as the lanes' stride and in guards; and,
/// now and then, bare in a guard, in the address or in an operation that
/// also reads the lanes, which must keep the values apart.
AccessShape sharedValueAccess(sym::Context &Ctx, Picker &Pick) {
  Poly Tx = Poly::atom(Ctx.threadIdx(0)), Bx = Poly::atom(Ctx.blockIdx(0));
  Poly P[3];
  for (int U = 0; U < 3; ++U)
    P[U] = Poly::atom(Ctx.param("p" + std::to_string(U)));
  auto C = [&](int64_t Low, int64_t High) {
    return Poly::constant(Pick(Low, High));
  };
  auto SharedValue = [&]() {
    switch (Pick(0, 3)) {
    case 0:
      return Ctx.op(OpKind::Div, P[Pick(0, 2)] + C(0, 127), C(2, 128));
    case 1:
      return Ctx.op(OpKind::Div, P[Pick(0, 2)], P[Pick(0, 2)] + C(0, 1));
    case 2:
      return Ctx.op(OpKind::And, P[Pick(0, 2)], C(0, 7));
    default:
      return Ctx.op(OpKind::Rem, P[Pick(0, 2)] * C(1, 5), C(1, 9));
    }
  };
  Poly Index = Tx * C(0, 3) + C(0, 9);
  for (int T = 0, N = Pick(1, 3); T < N; ++T)
    Index = Index + SharedValue() * (Pick(0, 1) ? Bx : C(1, 40));
  if (Pick(0, 2) == 0)
    Index = Index + Tx * SharedValue();
  if (Pick(0, 3) == 0)
    Index = Index + P[Pick(0, 2)];
  if (Pick(0, 2) == 0) // an operation over lanes and unknowns
    Index =
        Index + Ctx.op(OpKind::Div, Bx * C(32, 64) + Tx,
                       (Pick(0, 1) ? P[Pick(0, 2)] : SharedValue()) + C(1, 4));
  AccessShape A;
  unsigned Width = 1u << Pick(0, 3);
  A.WidthBytes = A.ChunkBytes = Width;
  A.ByteOffset = Index.scaled(Width);
  for (int G = 0, N = Pick(0, 2); G < N; ++G) {
    Guard Bound;
    Bound.Op = Cmp(Pick(0, 5));
    Bound.Diff = Tx + Bx * C(0, 64) -
                 (Pick(0, 1) ? P[Pick(0, 2)] : SharedValue() * C(1, 40));
    A.Guards.push_back(Bound);
  }
  return A;
}

} // namespace

TEST(TrialReadsTest, ATrialReadingTheSameValuesGivesItsClassWalk) {
  Picker Pick(20261207);
  const Dim3 Blocks[] = {{32, 1, 1}, {64, 1, 1}, {16, 16, 1}, {128, 1, 1}};
  RandomSpaces Spaces;
  size_t Repeated = 0, Walked = 0;
  for (int Case = 0; Case < 150; ++Case) {
    sym::Context Ctx;
    ModelCaches Caches;
    AccessShape A = sharedValueAccess(Ctx, Pick);
    const RequestCostModel &Model = Spaces.place(A, Pick);
    LaunchShape L;
    L.Block = Blocks[Pick(0, 3)];
    L.Grid = Pick(0, 1) ? Dim3{Pick(1, 9), 1, 1} : Dim3{Pick(2000, 9000), 1, 1};
    LaunchWalker Walker(Ctx, Caches, A, L, Model);
    std::vector<sym::AtomId> Unknowns = Walker.unknowns();
    // The values Predict.cpp tries: small ones, the range, large ones.
    std::vector<std::vector<int64_t>> Samples;
    for (int S = 0; S < 40; ++S) {
      std::vector<int64_t> Values;
      for (size_t U = 0; U < Unknowns.size(); ++U)
        Values.push_back(Pick(0, 4) ? Pick(0, 70) : Pick(100, 5000));
      Samples.push_back(Values);
    }
    SCOPED_TRACE(Ctx.str(A.ByteOffset));
    expectClassesRepeatWalks(Walker, Unknowns, Samples,
                             TrialReads(Ctx, A, Unknowns).firstOfClass(Samples),
                             Walked, Repeated);
  }
  // The classes must save walks, and not by merging everything.
  EXPECT_GT(Repeated, 500u);
  EXPECT_GT(Walked, Repeated / 4);
}

TEST(TrialReadsTest, AValueReadBareKeepsTrialsApart) {
  sym::Context Ctx;
  Poly Tx = Poly::atom(Ctx.threadIdx(0)), Bx = Poly::atom(Ctx.blockIdx(0));
  sym::AtomId N = Ctx.param("n"), M = Ctx.param("m");
  Poly Tiles = Ctx.op(OpKind::Div, Poly::atom(N) + Poly::constant(127),
                      Poly::constant(128));
  AccessShape A;
  A.ByteOffset = (Bx * Tiles + Tx + Poly::atom(M)).scaled(4);
  // n only as its tile count: 1 to 128 are one class, 0 and 129 others.
  // m bare: each value its own.
  EXPECT_EQ(TrialReads(Ctx, A, {N, M})
                .firstOfClass(
                    {{1, 5}, {100, 5}, {0, 5}, {129, 5}, {128, 6}, {128, 5}}),
            (std::vector<size_t>{0, 0, 2, 3, 4, 0}));
  // A guard that reads n itself makes every value of n count.
  Guard G;
  G.Diff = Tx - Poly::atom(N);
  A.Guards.push_back(G);
  EXPECT_EQ(TrialReads(Ctx, A, {N, M}).firstOfClass({{1, 5}, {100, 5}, {1, 5}}),
            (std::vector<size_t>{0, 1, 0}));
}
