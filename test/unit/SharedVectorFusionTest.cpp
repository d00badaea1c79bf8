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
                   int64_t Elements) {
  std::string S;
  for (const VectorPiece &P : vectorPieces(Residue, Modulus, Bytes, Elements))
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
      x[0] = 1; y[0] = 2; z[0] = 3; w[0] = 4; dyn[0] = 5;
      out[0] = x[1] + y[1] + z[1] + w[1] + dyn[1];
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
  ASSERT_TRUE(K && F);
  auto Align = [&](const clang::FunctionDecl *Fn, llvm::StringRef Name) {
    const clang::VarDecl *Found = nullptr;
    for (const clang::Stmt *S :
         clang::cast<clang::CompoundStmt>(Fn->getBody())->body())
      if (const auto *DS = clang::dyn_cast<clang::DeclStmt>(S))
        for (const clang::Decl *D : DS->decls())
          if (const auto *V = clang::dyn_cast<clang::VarDecl>(D))
            if (V->getName() == Name)
              Found = V;
    EXPECT_TRUE(Found) << Name.str();
    return Found ? sharedPlacementAlignment(AST, Found, Fn) : 0u;
  };
  // x at 0; `unused` is left out; y at 8; z at 264; w asks for 16.
  EXPECT_EQ(Align(K, "x"), 16u);
  EXPECT_EQ(Align(K, "y"), 8u);
  EXPECT_EQ(Align(K, "z"), 8u);
  EXPECT_EQ(Align(K, "w"), 16u);
  EXPECT_EQ(Align(K, "dyn"), 16u);
  // A file-scope array the kernel names may come first: its type's only.
  EXPECT_EQ(Align(F, "first"), 4u);
}

} // namespace
