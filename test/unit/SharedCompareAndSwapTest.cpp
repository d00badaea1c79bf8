// The compare-and-swap loop nvcc makes of a float or double atomicAdd in
// shared memory, against HeCBench atomicPerf measured on an H200 (issue 43):
// `LDS` then `ATOMS.CAST.SPIN`, 2 wavefronts a request for 32-bit words
// apart or one, 4 for 64-bit words apart, 3.2 on average for one 64-bit
// word as lanes leave the loop.
#include "SharedCompareAndSwap.h"

#include "cuda-coalesce/Model/WarpModel.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;
using namespace cudacoalesce::model;

namespace {

/// Lane L at Address(L) for the lanes of \p Mask.
template <class F>
RequestCost request(const SharedAtomicModel &Model, F Address,
                    unsigned ChunkBytes, uint32_t Mask = ~0u) {
  std::vector<int64_t> Addresses;
  for (unsigned L = 0; L < 32; ++L)
    if (Mask >> L & 1)
      Addresses.push_back(Address(L));
  return Model.costOfRequest(Addresses, Mask, ChunkBytes);
}

template <class F>
RequestCost loopRequest(F Address, unsigned ChunkBytes, uint32_t Mask = ~0u) {
  return request(SharedAtomicModel(2, false), Address, ChunkBytes, Mask);
}

// One ATOMS, measured on an H100 (runtime-bench 47_shared_atomics): lanes
// on one word one after another, `atomicExch(&s[0], v)` 32; a word each 1;
// ATOMS.CAS twice a store's, 4 for 32-bit words two lanes a bank.
TEST(SharedCompareAndSwapTest, LanesOnOneWordAreServedInTurn) {
  SharedAtomicModel Exchange(1, true), Swap(2, true);
  EXPECT_EQ(request(
                Exchange, [](unsigned) { return 0; }, 4)
                .Units,
            32u);
  EXPECT_EQ(request(
                Exchange, [](unsigned L) { return 4 * L; }, 4)
                .Units,
            1u);
  EXPECT_EQ(request(
                Exchange, [](unsigned L) { return 8 * L; }, 4)
                .Units,
            2u);
  EXPECT_EQ(request(
                Swap, [](unsigned L) { return 8 * L; }, 4)
                .Units,
            4u);
  EXPECT_EQ(request(
                Swap, [](unsigned L) { return 8 * L; }, 8)
                .Units,
            4u);
  // A 16-bit add's loop on the 32-bit word: two lanes a word take 2 a pass.
  EXPECT_EQ(request(
                Swap, [](unsigned L) { return 2 * L; }, 2)
                .Units,
            4u);
}

TEST(SharedCompareAndSwapTest, ThirtyTwoBitWordsTakeTwoWavefronts) {
  // BlockRangeAtomicOnSharedMem<float> (a word per lane): 2.
  EXPECT_EQ(loopRequest([](unsigned L) { return 4 * L; }, 4).Units, 2u);
  // SingleRangeAtomicOnSharedMem<float> (one word, every pass): 2.
  EXPECT_EQ(loopRequest([](unsigned) { return 0; }, 4).Units, 2u);
  EXPECT_EQ(loopRequest([](unsigned) { return 0; }, 4, 1u << 31).Units, 2u);
}

TEST(SharedCompareAndSwapTest, SixtyFourBitHalvesNeverSharePasses) {
  // BlockRangeAtomicOnSharedMem<double>: 4.
  EXPECT_EQ(loopRequest([](unsigned L) { return 8 * L; }, 8).Units, 4u);
  // SingleRangeAtomicOnSharedMem<double>: 3.17 over the passes, every lane
  // at first (4), the upper half's alone at the end (2).
  EXPECT_EQ(loopRequest([](unsigned) { return 0; }, 8).Units, 4u);
  EXPECT_EQ(loopRequest([](unsigned) { return 0; }, 8, 0xffff0000u).Units, 2u);
  // A load of one double is one wavefront: the halves share it.
  EXPECT_EQ(SharedBankModel()
                .costOfRequest(std::vector<int64_t>(32, 0), ~0u, 8)
                .Units,
            1u);
}

TEST(SharedCompareAndSwapTest, ConflictsCostInBothPasses) {
  // Two lanes a bank: twice the load's 2.
  EXPECT_EQ(loopRequest([](unsigned L) { return 8 * L; }, 4).Units, 4u);
}

Prediction counted(double Units) {
  Prediction P;
  P.Kind = Pattern::ConflictFree;
  P.Space = AddressSpace::Shared;
  P.Units = Units;
  P.UnitsMin = P.UnitsMax = P.IdealUnits = Units;
  P.Walk.RequestsPerLaunch = 1024;
  P.Walk.RequestsPerBlock = 8;
  return P;
}

TEST(SharedCompareAndSwapTest, RetriesMakeARangeDownToOneLane) {
  AccessShape A;
  A.Space = AddressSpace::Shared;
  A.WidthBytes = A.ChunkBytes = 8;
  A.CompareAndSwapLoop = true;
  Prediction P = counted(4);
  rangeOverRetries(A, P);
  EXPECT_FALSE(P.Units);
  EXPECT_EQ(P.UnitsMin, 2);
  EXPECT_EQ(P.UnitsMax, 4);
  EXPECT_EQ(P.Kind, Pattern::ConflictFree);
  ASSERT_TRUE(P.Cause);
  EXPECT_EQ(P.Cause->What, UnknownCause::Kind::RetriedUntilSwapped);
  // How often lanes lose is the contention's.
  EXPECT_FALSE(P.Walk.RequestsPerLaunch);
  EXPECT_FALSE(P.Walk.RequestsPerBlock);
}

TEST(SharedCompareAndSwapTest, TheLeastPerPassStaysACount) {
  AccessShape A;
  A.Space = AddressSpace::Shared;
  A.CompareAndSwapLoop = true;
  Prediction P = counted(2);
  rangeOverRetries(A, P);
  ASSERT_TRUE(P.Units);
  EXPECT_EQ(*P.Units, 2);
  EXPECT_FALSE(P.Cause);
  EXPECT_FALSE(P.Walk.RequestsPerLaunch);
}

TEST(SharedCompareAndSwapTest, OtherAccessesAreLeftAlone) {
  AccessShape A;
  A.Space = AddressSpace::Shared;
  Prediction P = counted(4);
  rangeOverRetries(A, P);
  ASSERT_TRUE(P.Units);
  EXPECT_TRUE(P.Walk.RequestsPerLaunch);
  EXPECT_EQ(costModelFor(A), costModelFor(AddressSpace::Shared));
  A.CompareAndSwapLoop = true;
  EXPECT_NE(costModelFor(A), costModelFor(AddressSpace::Shared));
  EXPECT_EQ(&costModelFor(A)->description(), &SharedBankDescription);
}

} // namespace
