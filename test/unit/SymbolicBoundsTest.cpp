#include "cuda-coalesce/Symbolic/Bounds.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

using namespace cudacoalesce::sym;

namespace {

TEST(BoundsTest, GlobalThreadIndexFitsThirtyTwoBits) {
  Context Ctx;
  Poly Global = Poly::atom(Ctx.blockIdx(0)) * Poly::atom(Ctx.blockDim(0)) +
                Poly::atom(Ctx.threadIdx(0));
  std::optional<ValueRange> R = rangeOf(Ctx, Global);
  ASSERT_TRUE(R.has_value());
  EXPECT_EQ(R->Lo, 0);
  EXPECT_EQ(R->Hi, (int64_t(1) << 32) - 1);
  EXPECT_EQ(asUnsigned(Ctx, Global, 32), Global);
  // Twice the index may not fit: masked.
  EXPECT_NE(asUnsigned(Ctx, Global.scaled(2), 32), Global.scaled(2));
}

TEST(BoundsTest, OperationsBoundWhatTheyReturn) {
  Context Ctx;
  Poly N = Poly::atom(Ctx.param("n"));
  std::optional<ValueRange> Rem =
      rangeOf(Ctx, Ctx.op(OpKind::Rem, N, Poly::constant(8)));
  ASSERT_TRUE(Rem.has_value());
  EXPECT_EQ(Rem->Lo, -7); // n may be negative
  EXPECT_EQ(Rem->Hi, 7);
  std::optional<ValueRange> Masked =
      rangeOf(Ctx, Ctx.op(OpKind::And, N * N, Poly::constant(255)));
  ASSERT_TRUE(Masked.has_value());
  EXPECT_EQ(Masked->Lo, 0);
  EXPECT_EQ(Masked->Hi, 255);
  Poly Tx = Poly::atom(Ctx.threadIdx(0));
  std::optional<ValueRange> Shifted =
      rangeOf(Ctx, Ctx.op(OpKind::Shr, Tx, Poly::constant(5)));
  ASSERT_TRUE(Shifted.has_value());
  EXPECT_EQ(Shifted->Hi, 31);
  // A parameter's product has no range; a parameter alone is the value a
  // variable of its type holds, left as it is.
  EXPECT_FALSE(rangeOf(Ctx, N * Tx).has_value());
  EXPECT_EQ(asUnsigned(Ctx, N, 32), N);
  EXPECT_NE(asUnsigned(Ctx, N * Tx, 32), N * Tx);
}

TEST(BoundsTest, NonNegativeSumsOfIndicesAndTrips) {
  Context Ctx;
  Poly Tx = Poly::atom(Ctx.threadIdx(0));
  Poly Trip = Poly::atom(Ctx.loopIteration("k"));
  Poly Split = Poly::atom(Ctx.loopIteration("j", -2));
  Poly N = Poly::atom(Ctx.param("n"));
  EXPECT_TRUE(isNonNegative(Ctx, Trip.scaled(8) + Tx));
  EXPECT_TRUE(isNonNegative(Ctx, Ctx.op(OpKind::Rem, Trip + Tx, N)));
  EXPECT_FALSE(isNonNegative(Ctx, Tx - Poly::constant(1)));
  EXPECT_FALSE(isNonNegative(Ctx, Split + Tx)); // trips -2 and -1 first
  EXPECT_FALSE(isNonNegative(Ctx, N + Tx));
  EXPECT_TRUE(isNonNegative(Ctx, Ctx.op(OpKind::And, N, Poly::constant(15))));
}

// The masked hash evaluates to what 32-bit unsigned arithmetic computes, for
// every thread of a large launch: the multiplicative hash and its xor-shift.
TEST(BoundsTest, MaskedHashEqualsThirtyTwoBitArithmetic) {
  Context Ctx;
  Poly T = Poly::atom(Ctx.blockIdx(0)) * Poly::atom(Ctx.blockDim(0)) +
           Poly::atom(Ctx.threadIdx(0));
  Poly H = T.scaled(2654435761);
  Poly Shifted =
      Ctx.op(OpKind::Shr, asUnsigned(Ctx, H, 32), Poly::constant(13));
  Poly Mixed = Ctx.op(OpKind::Xor, H, Shifted);
  Poly Index =
      Ctx.op(OpKind::Rem, asUnsigned(Ctx, Mixed, 32), Poly::constant(1000));
  std::mt19937_64 Rng(43);
  for (int I = 0; I < 2000; ++I) {
    uint32_t Block = Rng() % 4000000, Dim = 1 + Rng() % 1024,
             Thread = Rng() % Dim;
    Env E(Ctx);
    E.set(Ctx.blockIdx(0), Block);
    E.set(Ctx.blockDim(0), Dim);
    E.set(Ctx.threadIdx(0), Thread);
    uint32_t Want = (Block * Dim + Thread) * 2654435761u;
    Want ^= Want >> 13;
    std::optional<int64_t> Got = evaluate(Ctx, Index, E);
    ASSERT_TRUE(Got.has_value());
    EXPECT_EQ(*Got, int64_t(Want % 1000u))
        << Block << " " << Dim << " " << Thread;
  }
}

// Every value a polynomial over the builtins takes lies in its range: random
// affine and quadratic polynomials, random launches within CUDA's limits.
TEST(BoundsTest, RangesHoldForRandomValues) {
  Context Ctx;
  std::mt19937_64 Rng(7);
  AtomId Leaves[] = {Ctx.threadIdx(0), Ctx.threadIdx(1), Ctx.blockDim(0),
                     Ctx.blockIdx(1), Ctx.gridDim(2)};
  for (int Round = 0; Round < 300; ++Round) {
    Poly P = Poly::constant(int64_t(Rng() % 200) - 100);
    for (int T = 0; T < 3; ++T) {
      Poly Term = Poly::constant(int64_t(Rng() % 64) - 32);
      for (int F = 0, Fs = Rng() % 3; F < Fs; ++F)
        Term = Term * Poly::atom(Leaves[Rng() % 5]);
      P = P + Term;
    }
    if (Round % 3 == 0)
      P = Ctx.op(OpKind::Rem, P, Poly::constant(1 + Rng() % 100));
    std::optional<ValueRange> R = rangeOf(Ctx, P);
    ASSERT_TRUE(R.has_value()) << Ctx.str(P);
    for (int Draw = 0; Draw < 50; ++Draw) {
      Env E(Ctx);
      E.set(Ctx.threadIdx(0), Rng() % 1024);
      E.set(Ctx.threadIdx(1), Rng() % 1024);
      E.set(Ctx.blockDim(0), 1 + Rng() % 1024);
      E.set(Ctx.blockIdx(1), Rng() % 65535);
      E.set(Ctx.gridDim(2), 1 + Rng() % 65535);
      std::optional<int64_t> V = evaluate(Ctx, P, E);
      ASSERT_TRUE(V.has_value());
      EXPECT_LE(R->Lo, *V) << Ctx.str(P);
      EXPECT_GE(R->Hi, *V) << Ctx.str(P);
    }
  }
}

} // namespace
