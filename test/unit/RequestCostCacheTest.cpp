// RequestCostCache keeps a warp's request costs by (shape, active lanes,
// start residue) in an open-addressed table that empties at its cap.
#include "RequestCostCache.h"

#include "cuda-coalesce/Limits.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;
using namespace cudacoalesce::model;

namespace {

WarpCost costOf(unsigned Units) {
  WarpCost C;
  RequestCost R;
  R.Units = Units;
  C.Chunks.push_back(R);
  return C;
}

TEST(RequestCostCacheTest, FindsWhatItKeptUnderTheWholeKey) {
  RequestCostCache Cache;
  EXPECT_EQ(Cache.find(1, 0xffu, 0), nullptr);
  EXPECT_EQ(Cache.keep(1, 0xffu, 0, costOf(3)).Chunks[0].Units, 3u);
  ASSERT_NE(Cache.find(1, 0xffu, 0), nullptr);
  EXPECT_EQ(Cache.find(1, 0xffu, 0)->Chunks[0].Units, 3u);
  EXPECT_EQ(Cache.find(2, 0xffu, 0), nullptr) << "another shape";
  EXPECT_EQ(Cache.find(1, 0xfeu, 0), nullptr) << "other lanes active";
  EXPECT_EQ(Cache.find(1, 0xffu, 4), nullptr) << "another start";
  // Keeping the key again replaces the cost.
  Cache.keep(1, 0xffu, 0, costOf(5));
  EXPECT_EQ(Cache.find(1, 0xffu, 0)->Chunks[0].Units, 5u);
}

TEST(RequestCostCacheTest, KeepsUpToItsCapThenStartsEmpty) {
  RequestCostCache Cache;
  const uint64_t Kept = limits::RequestCostsKept;
  // Keys that collide in the low bits of the hash's input, as a walk's do.
  for (uint64_t I = 0; I < Kept; ++I)
    Cache.keep(7, uint32_t(I), int64_t(I % 4) * 32, costOf(unsigned(I)));
  for (uint64_t I = 0; I < Kept; ++I) {
    const WarpCost *C = Cache.find(7, uint32_t(I), int64_t(I % 4) * 32);
    ASSERT_NE(C, nullptr) << I;
    ASSERT_EQ(C->Chunks[0].Units, unsigned(I));
  }
  Cache.keep(8, 1, 0, costOf(42));
  EXPECT_EQ(Cache.find(7, 0, 0), nullptr) << "emptied past the cap";
  EXPECT_EQ(Cache.find(8, 1, 0)->Chunks[0].Units, 42u);
}

} // namespace
