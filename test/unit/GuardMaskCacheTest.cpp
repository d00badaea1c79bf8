// GuardMaskCache interns guard lists as chains of prefixes and keeps the
// lanes of each (list, warp, values read) until its cap.
#include "GuardMaskCache.h"

#include "cuda-coalesce/Limits.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;
using namespace cudacoalesce::model;
using sym::Poly;

namespace {

Guard lessThan(const Poly &Diff, bool Predicated = false) {
  Guard G;
  G.Diff = Diff;
  G.Op = Cmp::LT;
  G.Predicated = Predicated;
  return G;
}

TEST(GuardMaskCacheTest, ListsAreInternedByBlockAndPrefix) {
  sym::Context Ctx;
  Poly Tx = Poly::atom(Ctx.threadIdx(0));
  GuardMaskCache Cache;
  GuardMaskCache::ListId Root = Cache.root(Dim3{128, 1, 1});
  EXPECT_EQ(Cache.root(Dim3{128, 1, 1}), Root);
  EXPECT_NE(Cache.root(Dim3{64, 2, 1}), Root);

  Guard A = lessThan(Tx - Poly::constant(5));
  Guard B = lessThan(Tx - Poly::constant(9));
  GuardMaskCache::ListId RootA = Cache.extend(Root, A);
  EXPECT_EQ(Cache.extend(Root, A), RootA);
  EXPECT_NE(Cache.extend(Root, B), RootA);
  // Order matters: [A, B] and [B, A] are other lists (the lanes are the
  // same, but their reaching masks need not be).
  EXPECT_NE(Cache.extend(RootA, B), Cache.extend(Cache.extend(Root, B), A));
  // So do the comparison and whether the compiler predicates.
  Guard AtMost = A;
  AtMost.Op = Cmp::LE;
  EXPECT_NE(Cache.extend(Root, AtMost), RootA);
  EXPECT_NE(Cache.extend(Root, lessThan(A.Diff, /*Predicated=*/true)), RootA);
  // The same guard under another block is another list.
  EXPECT_NE(Cache.extend(Cache.root(Dim3{64, 2, 1}), A), RootA);
}

TEST(GuardMaskCacheTest, KeepsMasksUnderTheirKey) {
  GuardMaskCache Cache;
  GuardMasks M;
  M.Active = 0x0000ffffu;
  M.Reaching = 0xffffffffu;
  M.Unknown = true;
  EXPECT_FALSE(Cache.find({1, 0, 7}).has_value());
  Cache.keep({1, 0, 7}, M);
  std::optional<GuardMasks> Found = Cache.find({1, 0, 7});
  ASSERT_TRUE(Found.has_value());
  EXPECT_EQ(Found->Active, M.Active);
  EXPECT_EQ(Found->Reaching, M.Reaching);
  EXPECT_TRUE(Found->Unknown);
  EXPECT_FALSE(Cache.find({1, 0}).has_value()) << "a prefix is another key";
  EXPECT_FALSE(Cache.find({1, 0, 7, 0}).has_value());
  EXPECT_FALSE(Cache.find({1, 1, 7}).has_value());
  // Keeping a key again keeps the first masks: a key determines its masks.
  GuardMasks Other;
  Cache.keep({1, 0, 7}, Other);
  EXPECT_EQ(Cache.find({1, 0, 7})->Active, M.Active);
}

TEST(GuardMaskCacheTest, GrowsAndEmptiesAtItsCap) {
  GuardMaskCache Cache;
  GuardMasks M;
  for (int64_t I = 0; I < int64_t(limits::GuardMaskSetsKept); ++I) {
    M.Active = uint32_t(I);
    Cache.keep({7, I}, M);
  }
  // Every key survives the table's growth.
  for (int64_t I = 0; I < int64_t(limits::GuardMaskSetsKept); I += 4099)
    ASSERT_EQ(Cache.find({7, I})->Active, uint32_t(I));
  M.Active = 42;
  Cache.keep({8, 0}, M);
  EXPECT_FALSE(Cache.find({7, 0}).has_value()) << "emptied past the cap";
  EXPECT_EQ(Cache.find({8, 0})->Active, 42u);
}

} // namespace
