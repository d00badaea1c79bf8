// What the launch walker's differential tests share: random cases drawn from
// a fixed seed, random accesses, and totals compared field by field.
#ifndef CUDA_COALESCE_TEST_UNIT_WALKTESTSUPPORT_H
#define CUDA_COALESCE_TEST_UNIT_WALKTESTSUPPORT_H

#include "LaunchWalker.h"

#include "cuda-coalesce/Model/Access.h"
#include "cuda-coalesce/Model/CostModel.h"
#include "cuda-coalesce/Model/GlobalSectorModel.h"
#include "cuda-coalesce/Model/SharedBankModel.h"
#include "cuda-coalesce/Symbolic/Expr.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

namespace cudacoalesce {
namespace model {

/// Integers drawn in [Low, High] from a fixed seed: the random cases are the
/// same at every run.
class Picker {
public:
  explicit Picker(unsigned Seed) : Rng(Seed) {}
  int64_t operator()(int64_t Low, int64_t High) {
    return std::uniform_int_distribution<int64_t>(Low, High)(Rng);
  }

private:
  std::mt19937 Rng;
};

/// The memories of the random cases: global three times in four, shared
/// else, each with the model that prices it.
struct RandomSpaces {
  GlobalSectorModel Global;
  SharedBankModel Shared;
  /// Puts \p A in a memory drawn from \p Pick; the model of that memory.
  const RequestCostModel &place(AccessShape &A, Picker &Pick) const {
    bool SharedSpace = Pick(0, 3) == 0;
    A.Space = SharedSpace ? AddressSpace::Shared : AddressSpace::Global;
    return SharedSpace ? static_cast<const RequestCostModel &>(Shared) : Global;
  }
};

/// Every count of two walks that must agree (the precision of a sample is
/// left out: a count made in place of a sample has none).
inline void expectSameTotals(const CostTotals &Counted,
                             const CostTotals &Visited) {
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
  EXPECT_EQ(Counted.Unaddressed, Visited.Unaddressed);
}

/// Walks \p Walker at each trial of \p Samples (a value of each of its
/// \p Unknowns) and checks that each gives, field by field, what the first
/// of its class in \p First gives; counts the trials walked and repeated.
inline void expectClassesRepeatWalks(
    LaunchWalker &Walker, const std::vector<sym::AtomId> &Unknowns,
    const std::vector<std::vector<int64_t>> &Samples,
    const std::vector<size_t> &First, size_t &Walked, size_t &Repeated) {
  ASSERT_EQ(First.size(), Samples.size());
  std::vector<CostTotals> Totals;
  for (const std::vector<int64_t> &Values : Samples) {
    for (size_t U = 0; U < Unknowns.size(); ++U)
      Walker.set(Unknowns[U], Values[U]);
    Totals.push_back(Walker.walk(256));
  }
  for (size_t S = 0; S < Samples.size(); ++S) {
    ASSERT_LE(First[S], S);
    ASSERT_EQ(First[First[S]], First[S]);
    expectSameTotals(Totals[First[S]], Totals[S]);
    EXPECT_EQ(Totals[First[S]].RelativeError, Totals[S].RelativeError);
    (First[S] == S ? Walked : Repeated) += 1;
  }
}

/// An access in two loops, i around j, whose conditions bound i by m or a
/// constant and j by m, a constant, i or m - i; its address steps by each
/// trip (j's step m or a constant), the row and the block.
inline AccessShape twoLoopAccess(sym::Context &Ctx, Picker &Pick) {
  using sym::Poly;
  Poly Tx = Poly::atom(Ctx.threadIdx(0)), Ty = Poly::atom(Ctx.threadIdx(1));
  Poly Bx = Poly::atom(Ctx.blockIdx(0)), Bdx = Poly::atom(Ctx.blockDim(0));
  Poly M = Poly::atom(Ctx.param("m"));
  Poly Outer = Poly::atom(Ctx.loopIteration("i"));
  Poly Inner = Poly::atom(Ctx.loopIteration("j"));
  AccessShape A;
  A.WidthBytes = A.ChunkBytes = 4;
  A.ByteOffset = (Outer * Poly::constant(Pick(0, 300)) +
                  Inner * (Pick(0, 1) ? M : Poly::constant(Pick(1, 64))) +
                  Ty * Poly::constant(Pick(0, 70)) + Bx * Bdx + Tx)
                     .scaled(4);
  Poly Bounds[] = {M, Poly::constant(Pick(1, 700)), Outer, M - Outer};
  for (const Poly &Trip : {Outer, Inner}) {
    Guard G;
    G.Op = Cmp::LT;
    G.EndsLoop = true;
    G.Diff = Trip - Bounds[Pick(0, Trip == Outer ? 1 : 3)];
    A.Guards.push_back(G);
  }
  return A;
}

/// Walks \p Fast and \p Plain, two walkers of one twoLoopAccess, with m
/// where its loops end early, late and never: each walk must give what the
/// other does. The walks compared.
inline int expectSameWalksOverM(LaunchWalker &Fast, LaunchWalker &Plain) {
  int Compared = 0;
  for (int64_t V : {32, 0, 3, 100, 1000, 5000}) {
    for (sym::AtomId U : Fast.unknowns()) {
      Fast.set(U, V);
      Plain.set(U, V);
    }
    SCOPED_TRACE(testing::Message() << "m = " << V);
    expectSameTotals(Fast.walk(1 << 16), Plain.walk(1 << 16));
    EXPECT_EQ(Fast.guardUnknown(), Plain.guardUnknown());
    ++Compared;
  }
  return Compared;
}

/// An access whose unknowns p0..p3 reach it every way: as a factor of a
/// lane-free term (the block index, a loop trip, another unknown, an
/// operation over unknowns alone), of the lane's stride, inside a division of
/// the lane's index, in a guard.
inline AccessShape randomAccess(sym::Context &Ctx, Picker &Pick) {
  sym::Poly Tx = sym::Poly::atom(Ctx.threadIdx(0)),
            Ty = sym::Poly::atom(Ctx.threadIdx(1));
  sym::Poly Bx = sym::Poly::atom(Ctx.blockIdx(0)),
            By = sym::Poly::atom(Ctx.blockIdx(1));
  sym::Poly Trip = sym::Poly::atom(Ctx.loopIteration("k"));
  sym::Poly P[4];
  for (int U = 0; U < 4; ++U)
    P[U] = sym::Poly::atom(Ctx.param("p" + std::to_string(U)));
  auto C = [&](int64_t Low, int64_t High) {
    return sym::Poly::constant(Pick(Low, High));
  };
  sym::Poly Uniform[] = {
      Bx * P[Pick(0, 3)], By * P[Pick(0, 3)] * C(1, 3), Trip * P[Pick(0, 3)],
      P[Pick(0, 3)] * P[Pick(0, 3)], P[Pick(0, 3)] * C(-5, 5), Bx * C(0, 40),
      // an operation over the unknowns alone (a fastdiv)
      By * Ctx.op(sym::OpKind::Div, P[Pick(0, 3)] * C(1, 9),
                  P[Pick(0, 3)] + C(0, 2)),
      Ctx.op(sym::OpKind::Shr, P[Pick(0, 3)] + C(0, 5),
             Ctx.op(sym::OpKind::And, P[Pick(0, 3)], C(0, 7))) *
          C(1, 12)};
  sym::Poly Lane = Tx * C(-1, 3) + Ty * C(0, 70);
  sym::Poly Index = Lane + C(0, 9);
  for (const sym::Poly &Term : Uniform)
    if (Pick(0, 2))
      Index = Index + Term;
  switch (Pick(0, 4)) {
  case 0: // an unknown stride between the lanes
    Index = Index + Tx * P[Pick(0, 3)];
    break;
  case 1: // the lane's index divided by an unknown extent
    Index = Index + Ctx.op(sym::OpKind::Div, Bx * C(32, 64) + Tx,
                           P[Pick(0, 3)] + C(1, 4));
    break;
  default:
    break;
  }
  AccessShape A;
  unsigned Width = 1u << Pick(0, 3);
  A.WidthBytes = A.ChunkBytes = Width;
  A.ByteOffset = Index.scaled(Width);
  if (Pick(0, 2) == 0) {
    Guard G;
    G.Op = Cmp(Pick(0, 5));
    G.Diff = Tx + Bx * C(1, 64) - (Pick(0, 1) ? P[Pick(0, 3)] : C(0, 300));
    A.Guards.push_back(G);
  }
  return A;
}

} // namespace model
} // namespace cudacoalesce

#endif
