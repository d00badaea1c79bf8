// ptxas's fusion of adjacent shared-memory elements (SharedVectorFusion.h):
// the pieces of a run, the copies of an unrolled body, a constant trip
// count, and an array's placement. The expected widths are those nvcc 13's
// SASS shows for the same shapes (runtime-bench/kernels/45_fusion.cu).
#include "SharedVectorFusion.h"
#include "ParseCuda.h"

#include "clang/AST/Decl.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;

namespace {

std::string pieces(int64_t Residue, unsigned Modulus, unsigned Bytes,
                   int64_t Elements, bool Loads = true) {
  std::string S;
  for (const VectorPiece &P :
       vectorPieces(Residue, Modulus, Bytes, Elements, Loads))
    S += (S.empty() ? "" : " ") + std::to_string(P.Count) + "x" +
         std::to_string(P.Bytes) + "@" + std::to_string(P.Offset);
  return S;
}

TEST(SharedVectorFusion, PiecesFollowTheKnownAlignment) {
  // tile_rows: eight floats 16-byte aligned, two LDS.128.
  EXPECT_EQ(pieces(0, 16, 4, 8), "2x16@0");
  // odd_start: 8 bytes past alignment, LDS.64, LDS.128, LDS.64.
  EXPECT_EQ(pieces(8, 16, 4, 8), "1x8@0 1x16@8 1x8@24");
  // after_pair: the array at 8, pairs only; after_three: at 12, none.
  EXPECT_EQ(pieces(0, 8, 4, 8), "4x8@0");
  EXPECT_EQ(pieces(0, 4, 4, 8), "8x4@0");
  // halves: LDS.64 at most; doubles: LDS.128.
  EXPECT_EQ(pieces(0, 16, 2, 16), "4x8@0");
  EXPECT_EQ(pieces(0, 16, 8, 4), "2x16@0");
  // Bytes are never fused; a short tail takes a narrower piece.
  EXPECT_EQ(pieces(0, 16, 1, 8), "8x1@0");
  EXPECT_EQ(pieces(0, 16, 4, 6), "1x16@0 1x8@16");
  // More than half of an aligned block read: one load of all of it, the
  // rest unread (r2.cu's `a[j + 1]`, 4 trips: LDS.128 from a[j], then LDS);
  // half of it: apart. Stores write only their own bytes.
  EXPECT_EQ(pieces(4, 16, 4, 4), "1x16@-4 1x4@12");
  EXPECT_EQ(pieces(4, 16, 4, 2), "2x4@0");
  EXPECT_EQ(pieces(4, 16, 4, 4, /*Loads=*/false), "1x4@0 1x8@4 1x4@12");
}

TEST(SharedVectorFusion, CopiesOfTheUnrolledBody) {
  FusibleLoop L;
  L.Trips = 8;
  L.PragmaFull = true;
  EXPECT_EQ(unrolledGroup(L), 8);
  // No pragma: small bodies with a constant count are unrolled fully up to
  // 64 trips (rows_apart, 16), in copies past it (long_rows, 128).
  L = FusibleLoop();
  L.RuntimeFactor = 4;
  L.Trips = 16;
  EXPECT_EQ(unrolledGroup(L), 16);
  L.Trips = 128;
  EXPECT_EQ(unrolledGroup(L), 4);
  L.Trips = 130;
  EXPECT_EQ(unrolledGroup(L), 0);
  // A body too large to unroll, and `#pragma unroll 1`.
  L.RuntimeFactor = 1;
  L.Trips = 8;
  EXPECT_EQ(unrolledGroup(L), 0);
  L.RuntimeFactor = 4;
  L.PragmaCount = 1;
  EXPECT_EQ(unrolledGroup(L), 0);
  L.PragmaCount = 4;
  L.Trips = 32;
  EXPECT_EQ(unrolledGroup(L), 4);
}

// A trip count not known at compile time (nvcc 13's PTX, runtime-bench
// 49_vectorised_runs): copies of LLVM's factor or of the pragma's count,
// fused only where the leftover trips run after them.
TEST(SharedVectorFusion, CopiesOfALoopUnrolledAtRunTime) {
  FusibleLoop L;
  L.RuntimeFactor = 4;
  EXPECT_EQ(unrolledGroup(L), 0); // neither a constant nor a bound
  L.RuntimeTrips = true;
  EXPECT_EQ(unrolledGroup(L), 0); // the leftover trips first
  L.LeftoverLast = true;
  EXPECT_EQ(unrolledGroup(L), 4);
  L.RuntimeFactor = 2; // a larger body
  EXPECT_EQ(unrolledGroup(L), 2);
  L.RuntimeFactor = 1;
  EXPECT_EQ(unrolledGroup(L), 0);
  L.PragmaCount = 8;
  EXPECT_EQ(unrolledGroup(L), 8);
  L.PragmaCount = 1;
  EXPECT_EQ(unrolledGroup(L), 0);
  L.PragmaCount = 0;
  L.PragmaFull = true; // cannot be unrolled fully: left as it is
  EXPECT_EQ(unrolledGroup(L), 0);
}

// `s[j]` for j < n: a copy of four trips runs where its last trip is in the
// loop, and each trip left over where its copy does not run. Checked
// against the trips the loop runs for every n up to 40.
TEST(SharedVectorFusion, LeftoverTripsRunWhereNoCopyDoes) {
  sym::Context Syms;
  sym::AtomId J = Syms.loopIteration("j");
  sym::AtomId N = Syms.param("n");
  FusibleLoop L;
  L.Iteration = J;
  L.RuntimeTrips = L.LeftoverLast = true;
  L.RuntimeFactor = 4;
  L.Group = unrolledGroup(L);
  model::Guard Cond; // j - n < 0
  Cond.Diff = sym::Poly::atom(J) - sym::Poly::atom(N);
  Cond.Op = model::Cmp::LT;
  Cond.EndsLoop = true;
  L.FirstCondGuard = 0;
  L.GuardsInBody = 1;
  sym::Poly At = sym::Poly::atom(J).scaled(4);
  std::vector<FusedAccess> Fused =
      fuseUnrolledElements(Syms, L, At, sym::Poly::atom(J), {Cond}, 4,
                           SharedPlacement{16, 0}, /*Loads=*/true);
  ASSERT_EQ(Fused.size(), 2u);
  const FusedAccess &Copy = Fused[0], &Left = Fused[1];
  EXPECT_EQ(Copy.ChunkBytes, 16u);
  EXPECT_FALSE(Copy.Leftover);
  EXPECT_EQ(Left.ChunkBytes, 4u);
  EXPECT_TRUE(Left.Leftover);
  auto Holds = [&](const std::vector<model::Guard> &Guards, int64_t Trip,
                   int64_t Count) {
    for (const model::Guard &G : Guards) {
      sym::Poly V = Syms.substitute(G.Diff, {{J, sym::Poly::constant(Trip)},
                                             {N, sym::Poly::constant(Count)}});
      if (!model::holds(G.Op, *V.asConstant()))
        return false;
    }
    return true;
  };
  for (int64_t Count = 0; Count <= 40; ++Count) {
    std::vector<int> Reads(Count + 8, 0);
    for (int64_t C = 0; C < 12; ++C)
      if (Holds(Copy.Guards, C, Count))
        for (int64_t T = 4 * C; T < 4 * C + 4; ++T)
          ++Reads[T];
    for (int64_t T = 0; T < Count + 8; ++T)
      if (Holds(Left.Guards, T, Count))
        ++Reads[T];
    for (int64_t T = 0; T < Count + 8; ++T)
      EXPECT_EQ(Reads[T], T < Count ? 1 : 0) << "n " << Count << " trip " << T;
  }
  // The element a copy starts at is four trips on per copy.
  EXPECT_EQ(Syms.str(Copy.ByteOffset), "16*iter(j)");
}

TEST(SharedVectorFusion, ConstantTripCounts) {
  sym::Context Syms;
  sym::AtomId I = Syms.loopIteration("i");
  auto Count = [&](int64_t A, int64_t B, model::Cmp Op) {
    model::Guard G;
    G.Diff = sym::Poly::atom(I).scaled(A) + sym::Poly::constant(B);
    G.Op = Op;
    return constantTripCount(G, I).value_or(-1);
  };
  EXPECT_EQ(Count(1, -8, model::Cmp::LT), 8);  // i < 8
  EXPECT_EQ(Count(1, -7, model::Cmp::LE), 8);  // i <= 7
  EXPECT_EQ(Count(-1, 7, model::Cmp::GE), 8);  // i = 7; i >= 0; i--
  EXPECT_EQ(Count(2, -16, model::Cmp::LT), 8); // i += 2 while i < 16
  EXPECT_EQ(Count(1, -8, model::Cmp::NE), 8);  // i != 8
  EXPECT_EQ(Count(2, -7, model::Cmp::NE), -1); // steps over 7
  EXPECT_EQ(Count(1, 1, model::Cmp::LT), 0);
  model::Guard Unknown;
  Unknown.Diff = sym::Poly::atom(I) - sym::Poly::atom(Syms.param("n"));
  EXPECT_FALSE(constantTripCount(Unknown, I));
}

TEST(SharedVectorFusion, PlacementInDeclarationOrder) {
  auto Unit = test::parseCuda(R"(
    __shared__ float G[3];
    __global__ void k(float *out) {
      __shared__ float x[2];
      __shared__ float unused[3];
      __shared__ float y[64];
      __shared__ float z[3];
      __shared__ __align__(16) float w[4];
      extern __shared__ float dyn[];
      int t = threadIdx.x;
      x[t % 2] = 1; y[t] = 2; z[t % 3] = 3; w[t % 4] = 4; dyn[t] = 5;
      out[0] = x[1] + y[1] + z[1] + w[1] + dyn[1];
    }
    struct D3 { double x, y, z; };
    __global__ void split(float *out) {
      __shared__ D3 head;
      __shared__ double after[4];
      __shared__ D3 taken;
      __shared__ double last[4];
      head.x = out[0];
      taken.y = out[1];
      after[threadIdx.x % 4] = head.x;
      atomicAdd(&taken.y, 1.0);
      last[threadIdx.x % 4] = taken.y;
      out[0] = after[1] + last[1];
    }
    __global__ void f(float *out) {
      __shared__ float first[5];
      first[0] = G[0];
      out[0] = first[1];
    })");
  ASSERT_TRUE(Unit);
  clang::ASTContext &AST = Unit->getASTContext();
  const clang::FunctionDecl *K = test::function(AST, "k");
  const clang::FunctionDecl *F = test::function(AST, "f");
  const clang::FunctionDecl *Split = test::function(AST, "split");
  ASSERT_TRUE(K && F && Split);
  auto Placed = [&](const clang::FunctionDecl *Fn, llvm::StringRef Name) {
    const clang::VarDecl *Found = nullptr;
    for (const clang::Stmt *S :
         clang::cast<clang::CompoundStmt>(Fn->getBody())->body())
      if (const auto *DS = clang::dyn_cast<clang::DeclStmt>(S))
        for (const clang::Decl *D : DS->decls())
          if (const auto *V = clang::dyn_cast<clang::VarDecl>(D))
            if (V->getName() == Name)
              Found = V;
    EXPECT_TRUE(Found) << Name.str();
    return Found ? sharedPlacement(AST, Found, Fn) : SharedPlacement{0, 0};
  };
  // x at 0; `unused` is left out; y at 8; z at 264 (8 modulo 16); w asks
  // for 16, after z's 12 bytes at 288.
  EXPECT_EQ(Placed(K, "x"), (SharedPlacement{16, 0}));
  EXPECT_EQ(Placed(K, "y"), (SharedPlacement{16, 8}));
  EXPECT_EQ(Placed(K, "z"), (SharedPlacement{16, 8}));
  EXPECT_EQ(Placed(K, "w"), (SharedPlacement{16, 0}));
  EXPECT_EQ(Placed(K, "dyn"), (SharedPlacement{16, 0}));
  // A file-scope array the kernel names may come first: its type's only.
  EXPECT_EQ(Placed(F, "first"), (SharedPlacement{4, 0}));
  // A struct read and written only member by member may be split into
  // scalars: what follows it is placed where they leave it. One whose
  // address is taken stays whole (after at 24, last at 24 + 32 + 24).
  EXPECT_EQ(Placed(Split, "head"), (SharedPlacement{16, 0}));
  EXPECT_EQ(Placed(Split, "after"), (SharedPlacement{8, 0}));
  EXPECT_EQ(Placed(Split, "last"), (SharedPlacement{8, 0}));
}

// A constant address into an array placed 8 bytes past a 16-byte boundary
// is 16-byte aligned at its odd 8-byte elements, whatever the array's type;
// an address with a register in it only at what divides the start.
TEST(SharedVectorFusion, AlignmentCountsThePlacementsResidue) {
  sym::Context Syms;
  sym::AtomId T = Syms.threadIdx(0);
  const SharedPlacement AfterDouble3{16, 8};
  EXPECT_EQ(provenSharedAlignment(sym::Poly::constant(8), AfterDouble3), 16u);
  EXPECT_EQ(provenSharedAlignment(sym::Poly::constant(0), AfterDouble3), 8u);
  EXPECT_EQ(provenSharedAlignment(sym::Poly::constant(24), AfterDouble3), 16u);
  sym::Poly PerLane = sym::Poly::atom(T).scaled(16) + sym::Poly::constant(8);
  EXPECT_EQ(provenSharedAlignment(PerLane, AfterDouble3), 8u);
  EXPECT_EQ(provenSharedAlignment(PerLane, SharedPlacement{16, 0}), 8u);
}

} // namespace
