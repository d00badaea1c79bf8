#include "cuda-coalesce/Symbolic/Expr.h"

#include <gtest/gtest.h>

#include <random>

using namespace cudacoalesce::sym;

namespace {

TEST(PolyTest, CanonicalFormMakesEqualExpressionsEqual) {
  Context Ctx;
  Poly X = Poly::atom(Ctx.threadIdx(0));
  Poly B = Poly::atom(Ctx.blockIdx(0));
  Poly L = (X + B) * Poly::constant(4);
  Poly R = B.scaled(2) + X.scaled(4) + B.scaled(2);
  EXPECT_EQ(L, R);
  EXPECT_TRUE((L - R).isZero());
  EXPECT_EQ(*(X - X + Poly::constant(7)).asConstant(), 7);
}

TEST(PolyTest, ProductsExpandAndCommute) {
  Context Ctx;
  Poly X = Poly::atom(Ctx.threadIdx(0)), Y = Poly::atom(Ctx.threadIdx(1));
  Poly W = Poly::atom(Ctx.param("W"));
  EXPECT_EQ((Y * W + X) * Poly::constant(4), W * Y.scaled(4) + X.scaled(4));
  EXPECT_EQ(((X + Y) * (X - Y)), X * X - Y * Y);
}

TEST(PolyTest, CoefficientOfAndExactDivision) {
  Context Ctx;
  AtomId Tx = Ctx.threadIdx(0);
  Poly W = Poly::atom(Ctx.param("W"));
  Poly P = Poly::atom(Tx) * W.scaled(8) + Poly::constant(12);
  EXPECT_EQ(P.coefficientOf(Tx), W.scaled(8));
  EXPECT_EQ(P.constantTerm(), 12);
  ASSERT_TRUE(P.dividedExactly(4).has_value());
  EXPECT_EQ(*P.dividedExactly(4),
            Poly::atom(Tx) * W.scaled(2) + Poly::constant(3));
  EXPECT_FALSE(P.dividedExactly(8).has_value());
}

TEST(ContextTest, OperationsFoldConstantsAndIdentities) {
  Context Ctx;
  Poly X = Poly::atom(Ctx.threadIdx(0));
  EXPECT_EQ(
      *Ctx.op(OpKind::Div, Poly::constant(17), Poly::constant(5)).asConstant(),
      3);
  EXPECT_EQ(
      *Ctx.op(OpKind::Rem, Poly::constant(-7), Poly::constant(3)).asConstant(),
      -1);
  EXPECT_EQ(Ctx.op(OpKind::Shl, X, Poly::constant(3)), X.scaled(8));
  EXPECT_EQ(Ctx.op(OpKind::Div, X.scaled(6), Poly::constant(3)), X.scaled(2));
  EXPECT_TRUE(Ctx.op(OpKind::Rem, X.scaled(4), Poly::constant(4)).isZero());
  // Not folded: x / 32 is an atom of its own, uniqued.
  Poly Q1 = Ctx.op(OpKind::Div, X, Poly::constant(32));
  Poly Q2 = Ctx.op(OpKind::Div, X, Poly::constant(32));
  EXPECT_EQ(Q1, Q2);
  EXPECT_FALSE(Q1.asConstant());
}

TEST(ContextTest, LaneVaryingFollowsOperands) {
  Context Ctx;
  Poly X = Poly::atom(Ctx.threadIdx(0));
  Poly B = Poly::atom(Ctx.blockIdx(0));
  EXPECT_TRUE(Ctx.isLaneVarying(X + B));
  EXPECT_FALSE(Ctx.isLaneVarying(B.scaled(3)));
  EXPECT_TRUE(Ctx.isLaneVarying(Ctx.op(OpKind::Rem, X, Poly::constant(7))));
  EXPECT_TRUE(
      Ctx.isLaneVarying(Poly::atom(Ctx.opaque("idx[i]", Variation::LaneData))));
  EXPECT_FALSE(
      Ctx.isLaneVarying(Poly::atom(Ctx.opaque("n[0]", Variation::Uniform))));
}

TEST(ContextTest, VariationOfDerivedValues) {
  Context Ctx;
  Poly X = Poly::atom(Ctx.threadIdx(0));
  Poly B = Poly::atom(Ctx.blockIdx(0));
  Poly Gathered = Poly::atom(Ctx.opaque("idx[i]", Variation::LaneData));
  Poly Carried = Poly::atom(Ctx.opaque("k", Variation::LaneComputed));
  EXPECT_EQ(Ctx.variationOf(B.scaled(2)), Variation::Uniform);
  EXPECT_EQ(Ctx.variationOf(X + B), Variation::LaneComputed);
  EXPECT_EQ(Ctx.variationOf(Carried + Gathered), Variation::LaneData);
  EXPECT_TRUE(Ctx.dependsOnUnfollowedLaneValue(Carried * X));
  EXPECT_FALSE(Ctx.dependsOnUnfollowedLaneValue(Gathered + X));
  EXPECT_FALSE(Ctx.dependsOnLaneData(Carried));
}

TEST(EvaluateTest, EvaluatesThroughOperations) {
  Context Ctx;
  AtomId Tx = Ctx.threadIdx(0), W = Ctx.param("W");
  Poly X = Poly::atom(Tx);
  Poly P = Ctx.op(OpKind::Rem, X, Poly::atom(W)) +
           Ctx.op(OpKind::Div, X, Poly::atom(W)).scaled(100);
  Env E(Ctx);
  E.set(Tx, 23);
  EXPECT_FALSE(evaluate(Ctx, P, E).has_value()) << "W is unknown";
  E.set(W, 10);
  EXPECT_EQ(*evaluate(Ctx, P, E), 3 + 200);
  E.set(W, 0);
  EXPECT_FALSE(evaluate(Ctx, P, E).has_value()) << "division by zero";
}

TEST(EvaluateTest, AnEnvStartsEmptyOnReusedStorage) {
  Context Ctx;
  AtomId Tx = Ctx.threadIdx(0), W = Ctx.param("W");
  Poly Quotient = Ctx.op(OpKind::Div, Poly::atom(Tx), Poly::atom(W));
  {
    Env Earlier(Ctx);
    Earlier.set(Tx, 40);
    Earlier.set(W, 4);
    ASSERT_EQ(*evaluate(Ctx, Quotient, Earlier), 10);
  }
  {
    Env Nested(Ctx); // in use beside the next: storage of its own
    Nested.set(W, 8);
    Env E(Ctx);
    EXPECT_FALSE(E.get(Tx).has_value()) << "a value of an earlier Env";
    EXPECT_FALSE(evaluate(Ctx, Quotient, E).has_value())
        << "an operation kept by an earlier Env";
    E.set(Tx, 40);
    E.set(W, 5);
    EXPECT_EQ(*evaluate(Ctx, Quotient, E), 8);
    EXPECT_EQ(*Nested.get(W), 8);
    E.unset(W);
    EXPECT_FALSE(evaluate(Ctx, Quotient, E).has_value());
  }
  // An atom made after the Env: no value until set.
  Env E(Ctx);
  AtomId Later = Ctx.param("later");
  EXPECT_FALSE(E.get(Later).has_value());
  E.set(Later, 3);
  EXPECT_EQ(*E.get(Later), 3);
}

// An operation's kept value lasts while the leaves it reads keep theirs:
// random sets and unsets of some leaves, each followed by evaluations in the
// long-lived Env, against a fresh Env given the same values.
TEST(EvaluateTest, KeptOperationsSameAsAFreshEnv) {
  Context Ctx;
  std::vector<AtomId> Leaves = {Ctx.threadIdx(0), Ctx.blockIdx(0),
                                Ctx.param("W"), Ctx.param("H")};
  std::mt19937 Rng(44);
  auto Leaf = [&] { return Poly::atom(Leaves[Rng() % Leaves.size()]); };
  const OpKind Kinds[] = {OpKind::Div, OpKind::Rem, OpKind::Min, OpKind::Shr};
  std::vector<Poly> Made;
  for (int I = 0; I < 40; ++I) {
    Poly L = I % 3 == 0 || Made.empty() ? Leaf() : Made[Rng() % Made.size()];
    Poly R = Leaf() + Poly::constant(Rng() % 3);
    Made.push_back(Ctx.op(Kinds[Rng() % 4], L, R) + Leaf().scaled(Rng() % 5));
  }
  std::vector<std::optional<int64_t>> Now(Leaves.size());
  Env Long(Ctx);
  for (int Step = 0; Step < 3000; ++Step) {
    size_t Which = Rng() % Leaves.size();
    if (Rng() % 6 == 0) {
      Long.unset(Leaves[Which]);
      Now[Which].reset();
    } else {
      Now[Which] = int64_t(Rng() % 7);
      Long.set(Leaves[Which], *Now[Which]);
    }
    Env Fresh(Ctx);
    for (size_t I = 0; I < Leaves.size(); ++I)
      if (Now[I])
        Fresh.set(Leaves[I], *Now[I]);
    for (size_t I = Rng() % 4; I < Made.size(); I += 1 + Rng() % 4)
      ASSERT_EQ(evaluate(Ctx, Made[I], Long), evaluate(Ctx, Made[I], Fresh))
          << "step " << Step << ": " << Ctx.str(Made[I]);
  }
}

// The storage an Env borrows is its context's: it goes back to that
// context's pool, never to another's, and a new context starts with none.
TEST(EvaluateTest, EnvStorageIsItsContextsOwn) {
  Context First;
  {
    Env A(First), B(First);
    EXPECT_EQ(First.idleEnvStorage(), 0u) << "both in use";
  }
  EXPECT_EQ(First.idleEnvStorage(), 2u);
  Context Second;
  EXPECT_EQ(Second.idleEnvStorage(), 0u) << "another context's pool";
  {
    Env C(Second);
    EXPECT_EQ(First.idleEnvStorage(), 2u);
  }
  EXPECT_EQ(Second.idleEnvStorage(), 1u);
  {
    Env D(First);
    EXPECT_EQ(First.idleEnvStorage(), 1u) << "reused, not made";
  }
  EXPECT_EQ(First.idleEnvStorage(), 2u);
}

TEST(PrintTest, ReadsLikeSource) {
  Context Ctx;
  Poly X = Poly::atom(Ctx.threadIdx(0));
  Poly B = Poly::atom(Ctx.blockIdx(0)) * Poly::atom(Ctx.blockDim(0));
  EXPECT_EQ(Ctx.str(B + X + Poly::constant(1)),
            "blockIdx.x*blockDim.x + threadIdx.x + 1");
  EXPECT_EQ(Ctx.str(X.scaled(-4) + Poly::constant(-2)), "-4*threadIdx.x - 2");
  EXPECT_EQ(Ctx.str(Ctx.op(OpKind::Rem, X, Poly::constant(7))),
            "(threadIdx.x % 7)");
  EXPECT_EQ(Ctx.str(Poly()), "0");
}

} // namespace

namespace {

TEST(ContextTest, SubstituteSwapsAtomsEverywhere) {
  Context Ctx;
  AtomId Tx = Ctx.threadIdx(0), Ty = Ctx.threadIdx(1);
  Poly X = Poly::atom(Tx), Y = Poly::atom(Ty);
  Poly P =
      X * Poly::constant(2048) + Y + Ctx.op(OpKind::Rem, X, Poly::constant(7));
  std::map<AtomId, Poly> Swap = {{Tx, Y}, {Ty, X}};
  Poly Q = Ctx.substitute(P, Swap);
  EXPECT_EQ(Q, Y * Poly::constant(2048) + X +
                   Ctx.op(OpKind::Rem, Y, Poly::constant(7)));
  EXPECT_EQ(Ctx.substitute(Q, Swap), P);
}

} // namespace

namespace {

/// Random expressions over the thread index, a block index and a parameter
/// (known or not), with every operation and divisors that are zero in some
/// lanes; chains nest deeper than the batched evaluator's depth limit.
class RandomExprs {
public:
  explicit RandomExprs(Context &Ctx) : Ctx(Ctx), Rng(20261204) {
    Leaves = {Poly::atom(Ctx.threadIdx(0)), Poly::atom(Ctx.threadIdx(1)),
              Poly::atom(Ctx.blockIdx(0)), Poly::atom(Ctx.param("W")),
              Poly::atom(Ctx.param("Unset"))};
  }
  Poly make(unsigned Depth) {
    if (Depth == 0 || pick(4) == 0)
      return pick(3) == 0 ? Poly::constant(int64_t(pick(9)) - 4)
                          : Leaves[pick(Leaves.size())];
    Poly L = make(Depth - 1), R = make(Depth - 1);
    switch (pick(4)) {
    case 0:
      return L + R;
    case 1:
      return L.scaled(int64_t(pick(7)) - 3) + R;
    case 2:
      return L * R;
    default:
      return Ctx.op(OpKind(pick(9)), L, R);
    }
  }

  /// Operations nested \p Depth deep, each on a small expression.
  Poly chain(unsigned Depth) {
    Poly P = make(2);
    for (unsigned I = 0; I < Depth; ++I)
      P = Ctx.op(OpKind(pick(9)), P, make(1)) + make(1);
    return P;
  }

private:
  unsigned pick(unsigned N) { return unsigned(Rng() % N); }
  Context &Ctx;
  std::mt19937_64 Rng;
  std::vector<Poly> Leaves;
};

TEST(EvaluateTest, BatchedEvaluationIsEvaluationPerPoint) {
  Context Ctx;
  RandomExprs Gen(Ctx);
  std::vector<Poly> Exprs;
  for (unsigned I = 0; I < 400; ++I)
    Exprs.push_back(I % 2 ? Gen.make(4) : Gen.chain(I % 40));
  ThreadPoints At;
  At.Count = 32;
  for (unsigned L = 0; L < 32; ++L) {
    At.Index[0][L] = L % 8 + 3;
    At.Index[1][L] = L / 8;
    At.Index[2][L] = 0;
  }
  unsigned Known = 0, Unknown = 0;
  for (const Poly &P : Exprs) {
    Env Batch(Ctx);
    Batch.set(Ctx.blockIdx(0), 5);
    Batch.set(Ctx.param("W"), 3);
    std::optional<int64_t> Out[32];
    evaluateAtPoints(Ctx, P, Batch, At, Out);
    for (unsigned L = 0; L < 32; ++L) {
      Env One(Ctx);
      One.set(Ctx.blockIdx(0), 5);
      One.set(Ctx.param("W"), 3);
      for (unsigned D = 0; D < 3; ++D)
        One.set(Ctx.threadIdx(D), At.Index[D][L]);
      std::optional<int64_t> Expected = evaluate(Ctx, P, One);
      ASSERT_EQ(Out[L], Expected) << Ctx.str(P) << " at lane " << L;
      ++(Expected ? Known : Unknown);
    }
  }
  // Both outcomes are exercised: known values and division by zero or an
  // unset parameter.
  EXPECT_GT(Known, 1000u);
  EXPECT_GT(Unknown, 1000u);
}

TEST(EvaluateTest, BatchedEvaluationWithLeavesOfEachPoint) {
  Context Ctx;
  RandomExprs Gen(Ctx);
  // Expressions over a trip of each lane's own, besides the thread index.
  const AtomId Trip = Ctx.loopIteration("k");
  const Poly K = Poly::atom(Trip);
  std::vector<Poly> Exprs;
  for (unsigned I = 0; I < 400; ++I) {
    Poly P = I % 2 ? Gen.make(3) : Gen.chain(I % 40);
    switch (I % 3) {
    case 0:
      Exprs.push_back(Ctx.op(OpKind(I % 9), P, K) + K.scaled(4));
      break;
    case 1:
      Exprs.push_back(Ctx.op(OpKind::Div, K, P) * K + P);
      break;
    default:
      Exprs.push_back(P * Ctx.op(OpKind::Rem, K + Poly::constant(1), P));
    }
  }
  ThreadPoints At;
  At.Count = 29;
  At.OwnLeafCount = 1;
  At.OwnLeaf[0] = Trip;
  for (unsigned L = 0; L < 32; ++L) {
    At.Index[0][L] = L % 8 + 3;
    At.Index[1][L] = L / 8;
    At.Index[2][L] = 0;
    At.OwnValue[0][L] = (L * 7) % 5 - 1;
  }
  unsigned Known = 0, Unknown = 0;
  for (const Poly &P : Exprs) {
    Env Batch(Ctx);
    Batch.set(Ctx.blockIdx(0), 5);
    Batch.set(Ctx.param("W"), 3);
    Batch.set(Trip, 1000); // not the points' values: theirs are their own
    std::optional<int64_t> Out[32];
    evaluateAtPoints(Ctx, P, Batch, At, Out);
    for (unsigned L = 0; L < At.Count; ++L) {
      Env One(Ctx);
      One.set(Ctx.blockIdx(0), 5);
      One.set(Ctx.param("W"), 3);
      for (unsigned D = 0; D < 3; ++D)
        One.set(Ctx.threadIdx(D), At.Index[D][L]);
      One.set(Trip, At.OwnValue[0][L]);
      std::optional<int64_t> Expected = evaluate(Ctx, P, One);
      ASSERT_EQ(Out[L], Expected) << Ctx.str(P) << " at lane " << L;
      ++(Expected ? Known : Unknown);
    }
  }
  EXPECT_GT(Known, 1000u);
  EXPECT_GT(Unknown, 1000u);
}

/// Each lane's \p P through evaluateAtPoints against evaluate() lane by lane,
/// under \p Values; how many lanes had a value.
unsigned
expectBatchIsPerPoint(Context &Ctx, const Poly &P,
                      const std::vector<std::pair<AtomId, int64_t>> &Values,
                      const ThreadPoints &At) {
  Env Batch(Ctx);
  for (auto [A, V] : Values)
    Batch.set(A, V);
  std::optional<int64_t> Out[32];
  evaluateAtPoints(Ctx, P, Batch, At, Out);
  unsigned Known = 0;
  for (unsigned L = 0; L < At.Count; ++L) {
    Env One(Ctx);
    for (auto [A, V] : Values)
      One.set(A, V);
    for (unsigned D = 0; D < 3; ++D)
      One.set(Ctx.threadIdx(D), At.Index[D][L]);
    std::optional<int64_t> Expected = evaluate(Ctx, P, One);
    EXPECT_EQ(Out[L], Expected) << Ctx.str(P) << " at lane " << L;
    Known += Expected.has_value();
  }
  return Known;
}

ThreadPoints lanesOfOneWarp() {
  ThreadPoints At;
  At.Count = 32;
  for (unsigned L = 0; L < 32; ++L) {
    At.Index[0][L] = L;
    At.Index[1][L] = 0;
    At.Index[2][L] = 0;
  }
  return At;
}

// An index taken apart dimension by dimension, as ggml's cpy.cu does: each
// quotient recurs in the next dimension's, so the batch evaluates each
// operation once; the values must stay those of evaluate(), also where a
// dimension of 0 leaves a quotient undefined.
TEST(EvaluateTest, BatchedEvaluationOfRecurringOperations) {
  Context Ctx;
  Poly I =
      Poly::atom(Ctx.blockIdx(0)).scaled(256) + Poly::atom(Ctx.threadIdx(0));
  AtomId Ne[3] = {Ctx.param("ne00"), Ctx.param("ne01"), Ctx.param("ne02")};
  AtomId Nb[4] = {Ctx.param("nb00"), Ctx.param("nb01"), Ctx.param("nb02"),
                  Ctx.param("nb03")};
  Poly Extent[4] = {Poly::constant(1), Poly::atom(Ne[0]), Poly(), Poly()};
  Extent[2] = Extent[1] * Poly::atom(Ne[1]);
  Extent[3] = Extent[2] * Poly::atom(Ne[2]);
  Poly Rest = I, Offset;
  for (int D = 3; D >= 0; --D) {
    Poly Index = D ? Ctx.op(OpKind::Div, Rest, Extent[D]) : Rest;
    Rest = Rest + (Index * Extent[D]).scaled(-1);
    Offset = Offset + Index * Poly::atom(Nb[D]);
  }
  ThreadPoints At = lanesOfOneWarp();
  std::mt19937_64 Rng(7);
  unsigned Known = 0, Lanes = 0;
  for (unsigned Trial = 0; Trial < 300; ++Trial) {
    std::vector<std::pair<AtomId, int64_t>> Values = {
        {Ctx.blockIdx(0), int64_t(Rng() % 9)}};
    for (AtomId A : Ne)
      Values.push_back({A, int64_t(Rng() % 7) - 1}); // 0 and -1 too
    for (AtomId A : Nb)
      Values.push_back({A, int64_t(Rng() % 64)});
    Known += expectBatchIsPerPoint(Ctx, Offset, Values, At);
    Lanes += At.Count;
  }
  EXPECT_GT(Known, Lanes / 2);
  EXPECT_LT(Known, Lanes) << "no dimension of 0 drawn";
}

// An operation met first near the top and again nested past the depth the
// batch takes: the whole is evaluated point by point, as without the kept
// operations, with the same values.
TEST(EvaluateTest, RecurringOperationPastTheBatchedDepth) {
  Context Ctx;
  Poly X = Poly::atom(Ctx.threadIdx(0));
  Poly W = Poly::atom(Ctx.param("W"));
  Poly Shared = Ctx.op(OpKind::Div, X + W, W);
  ThreadPoints At = lanesOfOneWarp();
  for (unsigned Depth = 0; Depth < 40; ++Depth) {
    Poly Nested = Shared;
    for (unsigned L = 0; L < Depth; ++L)
      Nested = Ctx.op(L % 2 ? OpKind::Rem : OpKind::Xor, Nested + X,
                      Poly::constant(97 + L));
    for (const Poly &P : {Shared * X + Nested, Nested + Shared.scaled(3)})
      for (int64_t Width : {0, 3, 32})
        expectBatchIsPerPoint(Ctx, P, {{Ctx.param("W"), Width}}, At);
  }
}

// More recurring operations than the batch keeps: those past it are
// evaluated at each occurrence, their values never overwriting another's.
TEST(EvaluateTest, MoreRecurringOperationsThanKept) {
  Context Ctx;
  Poly X = Poly::atom(Ctx.threadIdx(0));
  Poly W = Poly::atom(Ctx.param("W"));
  std::vector<Poly> Quotients;
  for (int64_t K = 0; K < 80; ++K)
    Quotients.push_back(Ctx.op(OpKind::Div, X + Poly::constant(K), W));
  Poly P;
  for (size_t K = 0; K < Quotients.size(); ++K)
    P = P + Quotients[K] * Quotients[(K * 7 + 3) % Quotients.size()] *
                Quotients[K / 2];
  ThreadPoints At = lanesOfOneWarp();
  for (int64_t Width : {0, 1, 5, 32})
    expectBatchIsPerPoint(Ctx, P, {{Ctx.param("W"), Width}}, At);
}

TEST(EvaluateTest, BatchedEvaluationOfFewerPoints) {
  Context Ctx;
  Poly X = Poly::atom(Ctx.threadIdx(0));
  Poly P = Ctx.op(OpKind::Div, Poly::constant(60), X) + X.scaled(2);
  ThreadPoints At;
  At.Count = 3;
  At.Index[0] = {};
  At.Index[1] = {};
  At.Index[2] = {};
  At.Index[0][0] = 0;
  At.Index[0][1] = 4;
  At.Index[0][2] = 7;
  Env E(Ctx);
  std::optional<int64_t> Out[32];
  evaluateAtPoints(Ctx, P, E, At, Out);
  EXPECT_FALSE(Out[0].has_value()) << "60 / 0";
  EXPECT_EQ(Out[1], 15 + 8);
  EXPECT_EQ(Out[2], 8 + 14);
}

} // namespace
