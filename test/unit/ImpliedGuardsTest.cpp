// withoutImpliedGuards drops a guard only where another of the list implies
// it: the lanes that pass every guard are the same before and after, which
// the property test checks by evaluating random lists at every point of a
// small grid (its expectations come from evaluating the guards, not from
// the function under test).
#include "cuda-coalesce/Model/Access.h"

#include <gtest/gtest.h>

#include <random>

using namespace cudacoalesce;
using namespace cudacoalesce::model;
using sym::Poly;

namespace {

Guard guard(const Poly &Diff, Cmp Op) {
  Guard G;
  G.Diff = Diff;
  G.Op = Op;
  return G;
}

bool allHold(const sym::Context &Ctx, sym::Env &E,
             const std::vector<Guard> &Guards) {
  for (const Guard &G : Guards) {
    std::optional<int64_t> V = sym::evaluate(Ctx, G.Diff, E);
    if (!V || !holds(G.Op, *V))
      return false;
  }
  return true;
}

TEST(ImpliedGuardsTest, NestedBoundsKeepTheInnermost) {
  sym::Context Ctx;
  Poly X = Poly::atom(Ctx.threadIdx(0));
  Poly W = Poly::atom(Ctx.param("w", nullptr));
  // if (x < w - j) for j = 0..3, then x > 2 and x > 1: x - w + 3 < 0 and
  // x - 2 > 0 decide.
  std::vector<Guard> Nest;
  for (int J = 0; J < 4; ++J)
    Nest.push_back(guard(X - W + Poly::constant(J), Cmp::LT));
  Nest.push_back(guard(X - Poly::constant(2), Cmp::GT));
  Nest.push_back(guard(X - Poly::constant(1), Cmp::GT));
  std::vector<Guard> Kept = withoutImpliedGuards(Nest);
  ASSERT_EQ(Kept.size(), 2u);
  EXPECT_EQ(Kept[0].Diff, X - W + Poly::constant(3));
  EXPECT_EQ(Kept[1].Diff, X - Poly::constant(2));
}

TEST(ImpliedGuardsTest, OtherLoweringsAndComparisonsAreKept) {
  sym::Context Ctx;
  Poly X = Poly::atom(Ctx.threadIdx(0));
  Guard Branch = guard(X - Poly::constant(8), Cmp::LT);
  Guard Predicated = guard(X - Poly::constant(9), Cmp::LT);
  Predicated.Predicated = true;
  Guard AtMost = guard(X - Poly::constant(9), Cmp::LE);
  // Whether a warp with no lane issues the request is the guard's own: a
  // predicated guard implied by a branch still says so.
  EXPECT_EQ(withoutImpliedGuards({Branch, Predicated, AtMost}).size(), 3u);
  Guard Same = Branch;
  EXPECT_EQ(withoutImpliedGuards({Branch, Same}).size(), 1u);
  Guard Equal = guard(X - Poly::constant(3), Cmp::EQ);
  Guard OtherEqual = guard(X - Poly::constant(4), Cmp::EQ);
  EXPECT_EQ(withoutImpliedGuards({Equal, OtherEqual}).size(), 2u);
}

TEST(ImpliedGuardsTest, SameLanesOnRandomLists) {
  sym::Context Ctx;
  sym::AtomId Tx = Ctx.threadIdx(0), Ty = Ctx.threadIdx(1);
  sym::AtomId N = Ctx.param("n", nullptr);
  Poly X = Poly::atom(Tx), Y = Poly::atom(Ty), P = Poly::atom(N);
  const Poly Families[] = {X, X - P, X + Y, Y.scaled(2) - X, P - Y};
  const Cmp Ops[] = {Cmp::LT, Cmp::LE, Cmp::GT, Cmp::GE, Cmp::EQ, Cmp::NE};
  std::mt19937 Random(44);
  for (int Case = 0; Case < 300; ++Case) {
    std::vector<Guard> Guards;
    int Count = 1 + int(Random() % 8);
    for (int I = 0; I < Count; ++I)
      Guards.push_back(guard(Families[Random() % 5] +
                                 Poly::constant(int64_t(Random() % 13) - 6),
                             Ops[Random() % 6]));
    std::vector<Guard> Kept = withoutImpliedGuards(Guards);
    EXPECT_LE(Kept.size(), Guards.size());
    sym::Env E(Ctx);
    for (int64_t NV = 0; NV < 6; ++NV)
      for (int64_t XV = -4; XV < 12; ++XV)
        for (int64_t YV = -4; YV < 12; ++YV) {
          E.set(Tx, XV);
          E.set(Ty, YV);
          E.set(N, NV);
          ASSERT_EQ(allHold(Ctx, E, Guards), allHold(Ctx, E, Kept))
              << "case " << Case << " at x=" << XV << " y=" << YV
              << " n=" << NV;
        }
  }
}

} // namespace
