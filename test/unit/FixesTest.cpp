// The fixes for accesses written by hand, with the sectors after each fix
// worked out from the rewritten index (256-thread blocks unless noted).
#include "cuda-coalesce/Fixes/Fixes.h"
#include "KnownValues.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;
using namespace cudacoalesce::fixes;
using sym::Poly;

namespace {

struct Fixture {
  sym::Context Ctx;
  model::ModelCaches Caches;
  FixCaches Kept;
  Poly atom(sym::AtomId A) { return Poly::atom(A); }
  /// blockIdx.x * blockDim.x + threadIdx.x
  Poly gtid() {
    return atom(Ctx.blockIdx(0)) * atom(Ctx.blockDim(0)) +
           atom(Ctx.threadIdx(0));
  }
  std::vector<Fix> fixesFor(Poly ByteOffset, unsigned Width = 4,
                            model::Dim3 Block = {256, 1, 1},
                            std::optional<MemberAccess> Member = {},
                            model::Dim3 Grid = {64, 1, 1}) {
    FixInput In;
    In.Access.ByteOffset = ByteOffset;
    In.Access.WidthBytes = In.Access.ChunkBytes = Width;
    In.Launch.Block = Block;
    In.Launch.Grid = Grid;
    In.Before = model::predict(Ctx, Caches, In.Access, In.Launch);
    In.BaseName = "a";
    In.Member = Member;
    return suggestFixes(Ctx, Caches, Kept, In);
  }
};

const Fix *find(const std::vector<Fix> &Fixes, FixKind K) {
  for (const Fix &F : Fixes)
    if (F.Kind == K)
      return &F;
  return nullptr;
}

// a[2*t]: the contiguous mapping a[t] is coalesced.
TEST(FixesTest, StrideGetsAContiguousMapping) {
  Fixture F;
  std::vector<Fix> Fixes = F.fixesFor(F.gtid().scaled(8));
  const Fix *Map = find(Fixes, FixKind::ThreadMapping);
  ASSERT_TRUE(Map);
  ASSERT_TRUE(Map->PredictedUnits);
  EXPECT_DOUBLE_EQ(*Map->PredictedUnits, 4);
  EXPECT_NE(Map->Message.find("8 bytes apart"), std::string::npos)
      << Map->Message;
  EXPECT_TRUE(Map->Replacements.empty());
}

// A 2-D index walked along columns: swapping x and y makes it row-major.
TEST(FixesTest, ColumnWalkSwapsTheMapping) {
  Fixture F;
  Poly X = F.gtid();
  Poly Y = F.atom(F.Ctx.blockIdx(1)) * F.atom(F.Ctx.blockDim(1)) +
           F.atom(F.Ctx.threadIdx(1));
  // a[x * 2048 + y] with 32x8 blocks: 32 sectors; swapped, a[y * 2048 + x]:
  // one row of 32 floats per warp, 4 sectors.
  std::vector<Fix> Fixes =
      F.fixesFor((X.scaled(2048) + Y).scaled(4), 4, {32, 8, 1});
  ASSERT_FALSE(Fixes.empty());
  EXPECT_EQ(Fixes[0].Kind, FixKind::ThreadMapping);
  EXPECT_DOUBLE_EQ(*Fixes[0].PredictedUnits, 4);
  EXPECT_NE(Fixes[0].Message.find("swap the roles"), std::string::npos);
}

// p[t].vx of a 32-byte struct whose kernel uses two of eight fields: SoA
// gives 4 contiguous bytes per lane, 4 sectors.
TEST(FixesTest, MemberOfALargeStructGoesToStructOfArrays) {
  Fixture F;
  MemberAccess M;
  M.Record = "Particle";
  M.RecordBytes = 32;
  M.Field = "vx";
  M.FieldOffset = 12;
  M.FieldBytes = 4;
  M.AllFields = {"x", "y", "z", "vx", "vy", "vz", "mass", "charge"};
  M.UsedFields = {"x", "vx"};
  std::vector<Fix> Fixes =
      F.fixesFor(F.gtid().scaled(32) + Poly::constant(12), 4, {256, 1, 1}, M);
  ASSERT_FALSE(Fixes.empty());
  EXPECT_EQ(Fixes[0].Kind, FixKind::AosToSoa);
  EXPECT_DOUBLE_EQ(*Fixes[0].PredictedUnits, 4);
  // No index rewrite for a member: the layout is the fix.
  EXPECT_FALSE(find(Fixes, FixKind::ThreadMapping));
}

// Every field of a 16-byte struct used: one 16-byte load per lane, 16
// sectors per request, as the ideal for 512 bytes.
TEST(FixesTest, EveryFieldOfASixteenByteStructIsLoadedWhole) {
  Fixture F;
  MemberAccess M;
  M.Record = "Quad";
  M.RecordBytes = 16;
  M.Field = "b";
  M.FieldOffset = 4;
  M.FieldBytes = 4;
  M.AllFields = M.UsedFields = {"a", "b", "c", "d"};
  std::vector<Fix> Fixes =
      F.fixesFor(F.gtid().scaled(16) + Poly::constant(4), 4, {256, 1, 1}, M);
  const Fix *Whole = find(Fixes, FixKind::WholeStructLoad);
  ASSERT_TRUE(Whole);
  EXPECT_DOUBLE_EQ(*Whole->PredictedUnits, 16);
}

// a[t + 1]: 5 sectors; shifting the start by 4 bytes gives 4.
TEST(FixesTest, MisalignedStartIsShifted) {
  Fixture F;
  std::vector<Fix> Fixes = F.fixesFor(F.gtid().scaled(4) + Poly::constant(4));
  const Fix *Shift = find(Fixes, FixKind::MisalignedStart);
  ASSERT_TRUE(Shift);
  EXPECT_DOUBLE_EQ(*Shift->PredictedUnits, 4);
  EXPECT_NE(Shift->Message.find("4 bytes past a 128-byte boundary"),
            std::string::npos);
}

// A gather gets advice whose cost is the sorted best case (the ideal), and
// a broadcast is left alone; a coalesced access gets nothing.
TEST(FixesTest, GatherBroadcastAndCoalesced) {
  Fixture F;
  Poly Index = Poly::atom(F.Ctx.opaque("idx[t]", sym::Variation::LaneData));
  std::vector<Fix> Gather = F.fixesFor(Index.scaled(4));
  ASSERT_EQ(Gather.size(), 1u);
  EXPECT_EQ(Gather[0].Kind, FixKind::Scattered);
  EXPECT_DOUBLE_EQ(*Gather[0].PredictedUnits, 4);

  std::vector<Fix> Broadcast = F.fixesFor(F.atom(F.Ctx.blockIdx(0)).scaled(4));
  ASSERT_EQ(Broadcast.size(), 1u);
  EXPECT_EQ(Broadcast[0].Kind, FixKind::UniformIsFine);
  EXPECT_FALSE(Broadcast[0].PredictedUnits);

  EXPECT_TRUE(F.fixesFor(F.gtid().scaled(4)).empty());
}

// Rows of 1001 floats: padded to 1024 floats (4096 bytes) each row starts
// aligned; a 32-lane warp of 32 consecutive floats then needs 4 sectors.
TEST(FixesTest, OddRowsArePitched) {
  Fixture F;
  Poly Row = F.atom(F.Ctx.blockIdx(1));
  std::vector<Fix> Fixes = F.fixesFor((Row.scaled(1001) + F.gtid()).scaled(4),
                                      4, {32, 1, 1}, {}, {32, 100, 1});
  const Fix *Pitch = find(Fixes, FixKind::PitchedRows);
  ASSERT_TRUE(Pitch);
  EXPECT_DOUBLE_EQ(*Pitch->PredictedUnits, 4);
  EXPECT_NE(Pitch->Message.find("rows are 4004 bytes"), std::string::npos);
  EXPECT_NE(Pitch->Message.find("4096 bytes"), std::string::npos);
}

// Swapping the thread mapping exchanges x and y everywhere, guards too.
TEST(FixesTest, SwapThreadMappingExchangesEveryAxis) {
  Fixture F;
  model::AccessShape A;
  A.ByteOffset = F.atom(F.Ctx.threadIdx(0)) * F.atom(F.Ctx.blockDim(1)) +
                 F.atom(F.Ctx.gridDim(0));
  A.Guards.push_back({F.atom(F.Ctx.blockIdx(1)), model::Cmp::LT});
  model::AccessShape S = swapThreadMapping(F.Ctx, A);
  EXPECT_EQ(S.ByteOffset,
            F.atom(F.Ctx.threadIdx(1)) * F.atom(F.Ctx.blockDim(0)) +
                F.atom(F.Ctx.gridDim(1)));
  EXPECT_EQ(S.Guards[0].Diff, F.atom(F.Ctx.blockIdx(0)));
  EXPECT_EQ(swapThreadMapping(F.Ctx, S).ByteOffset, A.ByteOffset);
}

} // namespace

// The fix candidates see the launch's known values as constants, also where
// an operation reads them (`t % n`); a polynomial that reads none of them is
// given back as it is.
TEST(KnownValuesTest, SubstitutesTheLaunchValuesAnOperationReads) {
  sym::Context Ctx;
  KeptSubstitutions Kept;
  Poly Tx = Poly::atom(Ctx.threadIdx(0));
  Poly N = Poly::atom(Ctx.param("n")), M = Poly::atom(Ctx.param("m"));
  model::LaunchShape L;
  L.Block = {256, 1, 1};
  L.Known[Ctx.param("n")] = 8;
  Poly ThroughOp = Ctx.op(sym::OpKind::Rem, Tx, N) * Poly::constant(4);
  EXPECT_EQ(withKnownValues(Ctx, Kept, L, ThroughOp),
            Ctx.op(sym::OpKind::Rem, Tx, Poly::constant(8)) *
                Poly::constant(4));
  EXPECT_EQ(withKnownValues(Ctx, Kept, L, N * Tx), Tx * Poly::constant(8));
  Poly Unread = Ctx.op(sym::OpKind::Div, Tx, M) + Tx;
  EXPECT_EQ(withKnownValues(Ctx, Kept, L, Unread), Unread);
}
