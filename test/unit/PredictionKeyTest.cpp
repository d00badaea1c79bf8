// The predictions of a translation unit are kept by what each is a function
// of (Model/WarpModel.cpp's PredictionKey): the instances of a template, each
// with atoms of its own, share one; atoms the model reads differently never
// do.
#include "cuda-coalesce/Model/WarpModel.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>

using namespace cudacoalesce;
using namespace cudacoalesce::model;
using sym::Poly;

namespace {

/// What one instance of a kernel declares: its own parameters, loop and
/// loaded row start, as Clang's template instances give each.
struct Instance {
  sym::AtomId Width, Trip, Row;
};

struct Variant {
  std::string RowName = "row[blockIdx.x]";
  sym::Variation RowVaries = sym::Variation::PerWarp;
  int64_t FirstTrip = 0;
  int64_t RowAddressScale = 4;
};

Instance declare(sym::Context &Ctx, const void *Key, const Variant &V) {
  Instance I;
  I.Width = Ctx.param("w", Key);
  I.Trip = Ctx.loopIteration("k", V.FirstTrip);
  I.Row = Ctx.loaded(V.RowName, V.RowVaries,
                     Poly::atom(Ctx.blockIdx(0)).scaled(V.RowAddressScale));
  return I;
}

/// `x[row + k * w + tid / w]` under `tid < w`.
AccessShape access(sym::Context &Ctx, const Instance &I) {
  Poly Tx = Poly::atom(Ctx.threadIdx(0));
  Poly W = Poly::atom(I.Width);
  AccessShape A;
  A.ByteOffset = (Poly::atom(I.Row) + Poly::atom(I.Trip) * W +
                  Ctx.op(sym::OpKind::Div, Tx, W))
                     .scaled(4);
  Guard G;
  G.Diff = Tx - W;
  A.Guards.push_back(G);
  return A;
}

void expectSamePrediction(const Prediction &P, const Prediction &Q) {
  EXPECT_EQ(P.Kind, Q.Kind);
  EXPECT_EQ(P.Units, Q.Units);
  EXPECT_EQ(P.UnitsMin, Q.UnitsMin);
  EXPECT_EQ(P.UnitsMax, Q.UnitsMax);
  EXPECT_EQ(P.IdealUnits, Q.IdealUnits);
  ASSERT_EQ(P.Cause.has_value(), Q.Cause.has_value());
  if (P.Cause)
    EXPECT_EQ(P.Cause->Names, Q.Cause->Names);
}

} // namespace

TEST(PredictionKeyTest, InstancesOfATemplateShareOnePrediction) {
  sym::Context Ctx;
  ModelCaches Caches;
  int First, Second;
  LaunchShape L;
  L.Block = {64, 1, 1};
  Prediction P = predict(Ctx, Caches, access(Ctx, declare(Ctx, &First, {})), L);
  Prediction Q =
      predict(Ctx, Caches, access(Ctx, declare(Ctx, &Second, {})), L);
  EXPECT_EQ(Caches.predictions().size(), 1u);
  expectSamePrediction(P, Q);
}

TEST(PredictionKeyTest, WhatTheModelReadsKeepsPredictionsApart) {
  LaunchShape L;
  L.Block = {64, 1, 1};
  std::function<void(Variant &)> Changes[] = {
      [](Variant &V) { V.RowName = "start[blockIdx.x]"; },
      [](Variant &V) { V.RowVaries = sym::Variation::LaneData; },
      [](Variant &V) { V.FirstTrip = -4; },
      [](Variant &V) { V.RowAddressScale = 8; },
  };
  for (const auto &Change : Changes) {
    sym::Context Ctx;
    ModelCaches Shared, Fresh;
    int First, Second;
    Variant Other;
    Change(Other);
    predict(Ctx, Shared, access(Ctx, declare(Ctx, &First, {})), L);
    AccessShape B = access(Ctx, declare(Ctx, &Second, Other));
    Prediction Kept = predict(Ctx, Shared, B, L);
    EXPECT_EQ(Shared.predictions().size(), 2u);
    expectSamePrediction(Kept, predict(Ctx, Fresh, B, L));
  }
  // One instance's two loops are two atoms of one description: an access
  // reading both is not one reading a loop twice.
  sym::Context Ctx;
  ModelCaches Caches;
  int Key;
  Poly Tx = Poly::atom(Ctx.threadIdx(0));
  Poly K1 = Poly::atom(Ctx.loopIteration("k")),
       K2 = Poly::atom(Ctx.loopIteration("k"));
  Poly W = Poly::atom(Ctx.param("w", &Key));
  AccessShape Twice, Both;
  Twice.ByteOffset = (Tx + K1 * W + K1.scaled(32)).scaled(4);
  Both.ByteOffset = (Tx + K1 * W + K2.scaled(32)).scaled(4);
  predict(Ctx, Caches, Twice, L);
  predict(Ctx, Caches, Both, L);
  EXPECT_EQ(Caches.predictions().size(), 2u);
}
