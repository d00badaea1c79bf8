//===- Frontend/AddressBuilderVectorLoads.cpp - Adjacent loads widened ----===//
//
// Loads of adjacent bytes, one after another in straight-line code, that
// nvcc makes one wide instruction (ld.v2/ld.v4, LDS.64/LDS.128). Two
// compilers decide, each by what it knows of the alignment:
//
// - LLVM's load-store vectoriser knows a struct's alignment: members of one
//   object read in a row become one vector where the power of two that
//   spans them starts aligned and more than half of it is read (`x, y, z`
//   of a float4: one ld.v4, its last four bytes unused; nvcc 13 marks them
//   `.pragma "used_bytes_mask"`).
// - ptxas knows where each __shared__ array is placed
//   (sharedPlacement) and the terms of the address: it widens the
//   loads of any shared bytes, members or not, to the aligned vector that
//   covers them where more than half of it is read, unread bytes before
//   them too (`s.len, s.prev, s.bits` 4 bytes into a 16-byte block: one
//   LDS.128; `s[4], s[5], s[6]`: one LDS.128). Where half or less is read
//   it keeps each load, and it splits the vectors LLVM made across a gap
//   (`c.k` and `c.bits` of a 16-byte struct: two LDS).
//
// Read from nvcc 13's PTX and SASS for sm_90 (runtime-bench
// 49_vectorised_runs, measured on an H100; the lit tests
// objects/members-merged-into-vector-load.cu and
// shared/adjacent-shared-loads-widened.cu).
//
//===----------------------------------------------------------------------===//

#include "AddressBuilder.h"

#include "cuda-coalesce/Support/IntegerMath.h"

#include "llvm/Support/MathExtras.h"

namespace cudacoalesce {

using sym::Poly;

namespace {

bool sameGuards(const std::vector<model::Guard> &A,
                const std::vector<model::Guard> &B) {
  return A.size() == B.size() &&
         std::equal(A.begin(), A.end(), B.begin(),
                    [](const model::Guard &X, const model::Guard &Y) {
                      return X.Op == Y.Op && X.Predicated == Y.Predicated &&
                             X.MaybePredicated == Y.MaybePredicated &&
                             X.MaybeSunk == Y.MaybeSunk && X.Diff == Y.Diff;
                    });
}

/// The vector instruction that reads bytes [Lo, Hi) after a start aligned
/// to \p Block: its first byte and width, where one is made.
std::optional<std::pair<int64_t, int64_t>>
coveringVector(int64_t Lo, int64_t Hi, unsigned Block, bool CoversUnread) {
  const int64_t Span = Hi - Lo;
  int64_t Width = int64_t(llvm::PowerOf2Ceil(uint64_t(Span)));
  if (CoversUnread)
    while (floorDiv(Lo, Width) != floorDiv(Hi - 1, Width))
      Width *= 2;
  else if (Lo % Width != 0)
    return std::nullopt;
  if (Width > int64_t(Block) || 2 * Span <= Width)
    return std::nullopt;
  return std::make_pair(floorDiv(Lo, Width) * Width, Width);
}

} // namespace

void AddressBuilder::joinVectorLoad(const LValue &LV) {
  // A store to global memory leaves a run of shared loads open: NVPTX
  // knows the two do not alias.
  auto WritesTo = [&](model::AddressSpace Space) {
    return Space == model::AddressSpace::Shared ? SharedMemoryWrites
                                                : memoryWrites();
  };
  llvm::erase_if(OpenVectorLoads, [&](const OpenVectorLoad &G) {
    return G.Writes != WritesTo(Sites[G.Members.front()].Space);
  });
  const AccessSite &S = Sites.back();
  if (S.Base < 0)
    return;
  OpenVectorLoad Place;
  Place.Writes = WritesTo(S.Space);
  if (S.Space == model::AddressSpace::Shared) {
    // Counted from the aligned address at or below the array's start, so
    // that a block of the run is a block of shared memory.
    const SharedPlacement At = Bases[S.Base].Placement.usedFor(S.ByteOffset);
    Place.Lo = S.ByteOffset.constantTerm() + At.Residue;
    Place.Start = S.ByteOffset - Poly::constant(Place.Lo);
    Place.Block = provenSharedAlignment(Place.Start, At);
    Place.CoversUnread = true;
  } else if (LV.MemberOf >= 8) {
    Place.Lo = LV.MemberOffset;
    Place.Start = S.ByteOffset - Poly::constant(Place.Lo);
    Place.Block = std::min(LV.MemberOf, 16u);
    Place.CoversUnread = false;
  } else {
    return;
  }
  Place.Hi = Place.FirstLo = Place.Lo;
  Place.Hi += S.WidthBytes;
  const int64_t Block = Place.Block;
  if (Block < 2 * int64_t(S.WidthBytes) ||
      floorDiv(Place.Lo, Block) != floorDiv(Place.Hi - 1, Block))
    return;
  for (OpenVectorLoad &G : llvm::reverse(OpenVectorLoads)) {
    AccessSite &First = Sites[G.Members.front()];
    if (First.Base != S.Base || First.Space != S.Space ||
        G.Block != Place.Block || !(G.Start == Place.Start) ||
        floorDiv(G.Lo, Block) != floorDiv(Place.Lo, Block) ||
        !sameGuards(First.Guards, S.Guards) ||
        // ptxas sees the calls inlined (CUB's warp aggregates, read one
        // template recursion level at a time: one LDS.128); LLVM's
        // vectoriser runs before the inliner has finished.
        (First.CallChain != S.CallChain &&
         S.Space != model::AddressSpace::Shared))
      continue;
    if (Place.Lo > G.Hi || Place.Hi < G.Lo)
      return; // a gap: ptxas keeps the loads apart
    int64_t RunLo = std::min(G.Lo, Place.Lo), RunHi = std::max(G.Hi, Place.Hi);
    G.Members.push_back(Sites.size() - 1);
    G.Lo = RunLo;
    G.Hi = RunHi;
    // Until one instruction covers the run, its loads stay as they are.
    auto Vector = coveringVector(RunLo, RunHi, G.Block, G.CoversUnread);
    if (!Vector)
      return;
    auto [At, Width] = *Vector;
    if (S.Space != model::AddressSpace::Shared)
      First.OffsetInElement += At - G.FirstLo;
    G.FirstLo = At;
    First.ByteOffset = G.Start + Poly::constant(At);
    First.WidthBytes = First.ChunkBytes = unsigned(Width);
    // All of a struct that is the array's element: a read of the element.
    if (First.Record && !First.ElementType.isNull() &&
        uint64_t(Width) == sizeOf(First.ElementType)) {
      First.Record = nullptr;
      First.FieldPath.clear();
    }
    // nvcc may give the wide load any member's line (ptxas: the last one's;
    // runtime-bench 37's `sd[2 * tid + 1]`).
    for (size_t Member : llvm::drop_begin(G.Members)) {
      unsigned Line = lineOf(Sites[Member].Access);
      if (!llvm::is_contained(First.AlsoFiledUnder, Line))
        First.AlsoFiledUnder.push_back(Line);
    }
    FoldedSites.insert(FoldedSites.end(), G.Members.begin() + 1,
                       G.Members.end());
    G.Members.resize(1);
    return;
  }
  Place.Members = {Sites.size() - 1};
  OpenVectorLoads.push_back(std::move(Place));
}

} // namespace cudacoalesce
