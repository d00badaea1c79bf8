// The shared-memory bank model against counts measured on an H200
// (runtime-bench 37_shared_banks, 38_shared_banks2) and an H100
// (46_wide_phases), request by request and
// over a launch, and the bank-conflict fixes re-predicted after the change.
#include "cuda-coalesce/Model/SharedBankModel.h"
#include "cuda-coalesce/Fixes/Fixes.h"
#include "cuda-coalesce/Model/WarpModel.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;
using namespace cudacoalesce::model;
using sym::Poly;

namespace {

/// Lane L at Address(L), every lane active.
template <class F>
RequestCost warpCost(F Address, unsigned ChunkBytes, unsigned Lanes = 32) {
  std::vector<int64_t> Addresses;
  for (unsigned L = 0; L < Lanes; ++L)
    Addresses.push_back(Address(L));
  uint32_t Mask = Lanes == 32 ? ~0u : (1u << Lanes) - 1;
  return SharedBankModel().costOfRequest(Addresses, Mask, ChunkBytes);
}

TEST(SharedBankModelTest, FourByteStrides) {
  // sh_stride<S>: S words apart.
  const std::pair<int64_t, unsigned> Measured[] = {
      {1, 1}, {2, 2}, {3, 1}, {4, 4}, {8, 8}, {16, 16}, {32, 32}, {33, 1}};
  for (auto [Stride, Wavefronts] : Measured) {
    RequestCost C = warpCost([&](unsigned L) { return 4 * Stride * L; }, 4);
    EXPECT_EQ(C.Units, Wavefronts) << "stride " << Stride;
    EXPECT_EQ(C.IdealUnits, 1u);
  }
}

// Every lane at one place: a load's phases share passes (runtime-bench 38's
// `f[0]`: LDS.128 2), a store's do not (49_vectorised_runs runtime_stores:
// STS.128 4; Parboil cutcp's STS.64 2). One lane's store: one phase.
TEST(SharedBankModelTest, WideStoresNeverSharePasses) {
  std::vector<int64_t> OnePlace(32, 0);
  SharedBankModel Loads, Stores(/*PhasesShareAPass=*/false);
  EXPECT_EQ(Loads.costOfRequest(OnePlace, ~0u, 16).Units, 2u);
  EXPECT_EQ(Stores.costOfRequest(OnePlace, ~0u, 16).Units, 4u);
  EXPECT_EQ(Loads.costOfRequest(OnePlace, ~0u, 8).Units, 1u);
  EXPECT_EQ(Stores.costOfRequest(OnePlace, ~0u, 8).Units, 2u);
  EXPECT_EQ(Stores.costOfRequest({0}, 1u, 16).Units, 1u);
  // Lanes apart, no pass to share: the same either way.
  std::vector<int64_t> Apart;
  for (int64_t L = 0; L < 32; ++L)
    Apart.push_back(8 * L);
  EXPECT_EQ(Stores.costOfRequest(Apart, ~0u, 8).Units,
            Loads.costOfRequest(Apart, ~0u, 8).Units);
}

TEST(SharedBankModelTest, LanesReadingOneWordAreServedTogether) {
  EXPECT_EQ(warpCost([](unsigned) { return 0; }, 4).Units, 1u);
  EXPECT_EQ(warpCost([](unsigned L) { return 4 * (L / 2); }, 4).Units, 1u);
  // (t / 16 % 2) * 32: two words of bank 0.
  EXPECT_EQ(warpCost([](unsigned L) { return 128 * (L / 16 % 2); }, 4).Units,
            2u);
}

TEST(SharedBankModelTest, SubWordLanesShareWords) {
  EXPECT_EQ(warpCost([](unsigned L) { return 4 * L; }, 1).Units, 1u); // c[4t]
  EXPECT_EQ(warpCost([](unsigned L) { return 4 * L; }, 2).Units, 1u); // s[2t]
  EXPECT_EQ(warpCost([](unsigned L) { return 8 * L; }, 2).Units, 2u); // s[4t]
}

TEST(SharedBankModelTest, EightByteLanesGoByHalfWarps) {
  auto D = [](auto Element) {
    return [=](unsigned L) { return 8 * Element(L); };
  };
  EXPECT_EQ(warpCost(D([](unsigned L) { return L; }), 8).Units, 2u);
  EXPECT_EQ(warpCost(D([](unsigned L) { return 2 * L; }), 8).Units, 4u);
  EXPECT_EQ(warpCost(D([](unsigned L) { return 4 * L; }), 8).Units, 8u);
  EXPECT_EQ(warpCost(D([](unsigned L) { return L % 16; }), 8).Units, 2u);
  EXPECT_EQ(warpCost(D([](unsigned L) { return (L % 2) * 16; }), 8).Units, 4u);
  // Each half warp one address: they share a pass.
  EXPECT_EQ(warpCost(D([](unsigned L) { return L / 16; }), 8).Units, 1u);
  EXPECT_EQ(warpCost(D([](unsigned) { return 0; }), 8).Units, 1u);
}

TEST(SharedBankModelTest, SixteenByteLanesGoByQuarterWarps) {
  auto F = [](auto Element) {
    return [=](unsigned L) { return 16 * Element(L); };
  };
  EXPECT_EQ(warpCost(F([](unsigned L) { return L; }), 16).Units, 4u);
  EXPECT_EQ(warpCost(F([](unsigned L) { return 2 * L; }), 16).Units, 8u);
  EXPECT_EQ(warpCost(F([](unsigned L) { return 4 * L; }), 16).Units, 16u);
  EXPECT_EQ(warpCost(F([](unsigned L) { return L % 8; }), 16).Units, 4u);
  EXPECT_EQ(warpCost(F([](unsigned L) { return L % 16; }), 16).Units, 4u);
  EXPECT_EQ(warpCost(F([](unsigned L) { return (L % 2) * 8; }), 16).Units, 8u);
  // Quarters of one address each share a pass in pairs.
  RequestCost Quarters = warpCost(F([](unsigned L) { return L / 8; }), 16);
  EXPECT_EQ(Quarters.Units, 2u);
  EXPECT_EQ(Quarters.IdealUnits, 2u);
  EXPECT_EQ(warpCost(F([](unsigned) { return 0; }), 16).Units, 2u);
}

// Which pairs of phases share a pass, measured on an H100 (runtime-bench
// 46_wide_phases, 2026-12-06): those whose every four lanes in a row ask for
// two addresses at most, when the pair's words fall in different banks.
TEST(SharedBankModelTest, PhasesOfFewAddressesPerFourLanesSharePasses) {
  auto F = [](auto Element) {
    return [=](unsigned L) { return 16 * Element(L); };
  };
  EXPECT_EQ(warpCost(F([](unsigned L) { return L % 4; }), 16).Units, 4u);
  EXPECT_EQ(warpCost(F([](unsigned L) { return (L % 4) * 2; }), 16).Units, 4u);
  EXPECT_EQ(warpCost(F([](unsigned L) { return (L / 4) * 2; }), 16).Units, 2u);
  EXPECT_EQ(warpCost(F([](unsigned L) { return L / 4; }), 16).Units, 2u);
  EXPECT_EQ(warpCost(F([](unsigned L) { return L % 2; }), 16).Units, 2u);
  EXPECT_EQ(warpCost(F([](unsigned L) { return (L / 2) % 4; }), 16).Units, 2u);
  EXPECT_EQ(
      warpCost(F([](unsigned L) { return L % 4 + (L / 8) * 4; }), 16).Units,
      4u);
  EXPECT_EQ(
      warpCost(F([](unsigned L) { return L % 2 + (L / 8) * 2; }), 16).Units,
      2u);
  // Two addresses a quarter in the same banks: no pass shared.
  EXPECT_EQ(
      warpCost(F([](unsigned L) { return (L % 2) * 8 + (L / 8) % 2; }), 16)
          .Units,
      8u);
  EXPECT_EQ(warpCost(F([](unsigned L) { return (L / 8) * 8; }), 16).Units, 4u);
  auto D = [](auto Element) {
    return [=](unsigned L) { return 8 * Element(L); };
  };
  EXPECT_EQ(warpCost(D([](unsigned L) { return L % 8; }), 8).Units, 2u);
  EXPECT_EQ(warpCost(D([](unsigned L) { return (L % 4) * 4; }), 8).Units, 2u);
  EXPECT_EQ(warpCost(D([](unsigned L) { return (L / 8) * 4; }), 8).Units, 1u);
  EXPECT_EQ(warpCost(D([](unsigned L) { return L % 2; }), 8).Units, 1u);
}

struct Tile {
  sym::Context Ctx;
  ModelCaches Caches;
  fixes::FixCaches Kept;
  Poly tx() { return Poly::atom(Ctx.threadIdx(0)); }
  Poly ty() { return Poly::atom(Ctx.threadIdx(1)); }
  /// tile[Row][Col] of a tile with Columns floats a row.
  AccessShape at(Poly Row, Poly Col, int64_t Columns) {
    AccessShape A;
    A.Space = AddressSpace::Shared;
    A.ByteOffset = (Row.scaled(Columns) + Col).scaled(4);
    return A;
  }
  Prediction predictIn(const AccessShape &A, Dim3 Block) {
    LaunchShape L;
    L.Block = Block;
    L.Grid = Dim3{64, 64, 1};
    return predict(Ctx, Caches, A, L);
  }
};

// The tile the shared-tile fix for a transpose proposes, 32x33 floats, is
// conflict-free both ways (measured: 1 wavefront a request).
TEST(SharedBankModelTest, TheSharedTileFixIsConflictFree) {
  Tile T;
  Prediction Store = T.predictIn(T.at(T.ty(), T.tx(), 33), {32, 8, 1});
  Prediction Load = T.predictIn(T.at(T.tx(), T.ty(), 33), {32, 8, 1});
  ASSERT_TRUE(Store.Units && Load.Units);
  EXPECT_DOUBLE_EQ(*Store.Units, 1);
  EXPECT_DOUBLE_EQ(*Load.Units, 1);
  EXPECT_EQ(Load.Kind, Pattern::ConflictFree);
  Prediction Unpadded = T.predictIn(T.at(T.tx(), T.ty(), 32), {32, 8, 1});
  EXPECT_DOUBLE_EQ(*Unpadded.Units, 32);
  EXPECT_EQ(Unpadded.Kind, Pattern::BankConflict);
}

TEST(SharedBankModelTest, PaddingIsJudgedOnEveryAccessOfTheArray) {
  Tile T;
  std::vector<AccessShape> Accesses = {T.at(T.ty(), T.tx(), 32),
                                       T.at(T.tx(), T.ty(), 32)};
  LaunchShape L;
  L.Block = {32, 8, 1};
  L.Grid = Dim3{64, 64, 1};
  std::vector<Prediction> Before;
  for (const AccessShape &A : Accesses)
    Before.push_back(predict(T.Ctx, T.Caches, A, L));
  fixes::SharedArray Array{"tile", "float", {32, 32}, 4};
  auto Fixes = fixes::suggestSharedFixes(T.Ctx, T.Caches, T.Kept, Array,
                                         Accesses, Before, L);
  ASSERT_EQ(Fixes.size(), 2u);
  EXPECT_TRUE(Fixes[0].empty()); // the row store has no conflict
  ASSERT_GE(Fixes[1].size(), 2u);
  EXPECT_EQ(Fixes[1][0].Kind, fixes::FixKind::PadShared);
  EXPECT_NE(Fixes[1][0].Message.find("tile[32][33]"), std::string::npos);
  EXPECT_DOUBLE_EQ(*Fixes[1][0].PredictedUnits, 1);
  EXPECT_EQ(Fixes[1][1].Kind, fixes::FixKind::SwizzleShared);
  EXPECT_DOUBLE_EQ(*Fixes[1][1].PredictedUnits, 1);
}

} // namespace
