// The walk over a kernel's AST: which accesses it records, in which address
// space, with which symbolic offset, width and guards.
#include "AddressBuilder.h"
#include "ParseCuda.h"
#include "VariableWrites.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;

namespace {

struct Walked {
  std::unique_ptr<clang::ASTUnit> Unit;
  sym::Context Syms;
  std::unique_ptr<AddressBuilder> Builder;
  std::vector<AccessSite> Sites;

  Walked(const std::string &Code, llvm::StringRef Kernel) {
    Unit = test::parseCuda(Code);
    EXPECT_TRUE(Unit);
    if (!Unit)
      return;
    clang::ASTContext &AST = Unit->getASTContext();
    Builder = std::make_unique<AddressBuilder>(AST, Syms);
    const clang::FunctionDecl *K = test::function(AST, Kernel);
    EXPECT_TRUE(K) << Kernel.str();
    if (K)
      Sites = Builder->walkKernel(K);
  }
  std::string offset(size_t I) { return Syms.str(Sites[I].ByteOffset); }
  sym::Poly atom(sym::AtomId A) { return sym::Poly::atom(A); }
  sym::Poly gtid() {
    return atom(Syms.blockIdx(0)) * atom(Syms.blockDim(0)) +
           atom(Syms.threadIdx(0));
  }
  std::string base(size_t I) {
    return Sites[I].Base < 0 ? "" : Builder->bases()[Sites[I].Base].Name;
  }
};

TEST(AddressBuilderTest, RecordsEveryAccessWithItsSpaceInProgramOrder) {
  Walked W(R"(
    __global__ void k(const float *a, float *o, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      __shared__ float tile[64];
      if (i < n) {
        tile[threadIdx.x] = a[i + 1];
        __syncthreads();
        o[i] = tile[threadIdx.x];
      }
    })",
           "k");
  ASSERT_EQ(W.Sites.size(), 4u);
  // An assignment reads its right side before it stores.
  EXPECT_EQ(W.base(0), "a");
  EXPECT_EQ(W.Sites[0].Kind, AccessKind::Load);
  EXPECT_EQ(W.Sites[0].Space, model::AddressSpace::Global);
  EXPECT_EQ(W.offset(0), "4*blockIdx.x*blockDim.x + 4*threadIdx.x + 4");
  EXPECT_EQ(W.base(1), "tile");
  EXPECT_EQ(W.Sites[1].Kind, AccessKind::Store);
  EXPECT_EQ(W.Sites[1].Space, model::AddressSpace::Shared);
  EXPECT_EQ(W.offset(1), "4*threadIdx.x");
  EXPECT_EQ(W.Sites[2].Space, model::AddressSpace::Shared);
  EXPECT_EQ(W.base(3), "o");
  EXPECT_EQ(W.Sites[3].Kind, AccessKind::Store);
  // Every access is under `i < n`, the last statement of the kernel: lanes
  // that fail it branch to the exit, nothing is predicated.
  sym::Poly N = W.atom(
      W.Builder->paramAtom(test::function(W.Unit->getASTContext(), "k"), 2));
  for (const AccessSite &S : W.Sites) {
    ASSERT_EQ(S.Guards.size(), 1u);
    EXPECT_EQ(S.Guards[0].Op, model::Cmp::LT);
    EXPECT_EQ(S.Guards[0].Diff, W.gtid() - N);
    EXPECT_FALSE(S.Guards[0].Predicated);
  }
}

TEST(AddressBuilderTest, ElementWidthsAndInstructionWidths) {
  Walked W(R"(
    struct S3 { float x, y, z; };
    __global__ void w(const float4 *v, const S3 *s, float *o) {
      float4 q = v[threadIdx.x];
      S3 t = s[threadIdx.x];
      o[threadIdx.x] = q.x + t.y;
    })",
           "w");
  ASSERT_EQ(W.Sites.size(), 3u);
  // A float4 is one 16-byte instruction; a 12-byte struct three of 4 bytes.
  EXPECT_EQ(W.Sites[0].WidthBytes, 16u);
  EXPECT_EQ(W.Sites[0].ChunkBytes, 16u);
  EXPECT_EQ(W.offset(0), "16*threadIdx.x");
  EXPECT_EQ(W.Sites[1].WidthBytes, 12u);
  EXPECT_EQ(W.Sites[1].ChunkBytes, 4u);
  EXPECT_EQ(W.offset(1), "12*threadIdx.x");
}

// Outside loops nvcc predicated this halo load on an H200 and branched around
// the same shape in public code: either way (NvccLowering.h, ifLowering).
TEST(AddressBuilderTest, ShortGuardOutsideLoopsIsEitherWay) {
  Walked W(R"(
    __global__ void halo(const float *in, float *out) {
      __shared__ float s[264];
      if (threadIdx.x < 8)
        s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
      __syncthreads();
      out[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x];
    })",
           "halo");
  ASSERT_GE(W.Sites.size(), 1u);
  EXPECT_EQ(W.base(0), "in");
  ASSERT_EQ(W.Sites[0].Guards.size(), 1u);
  EXPECT_FALSE(W.Sites[0].Guards[0].Predicated);
  EXPECT_TRUE(W.Sites[0].Guards[0].MaybePredicated);
  EXPECT_EQ(W.Syms.str(W.Sites[0].Guards[0].Diff), "threadIdx.x - 8");
}

// In a loop whose test changes from trip to trip a short body is predicated
// (runtime-bench 26_reduction1d, cuda-samples' MC_EstimatePi).
TEST(AddressBuilderTest, ShortGuardChangingEveryTripIsPredicated) {
  Walked W(R"(
    __global__ void reduce(float *out) {
      __shared__ float s[256];
      for (unsigned k = 128; k > 0; k >>= 1) {
        if (threadIdx.x < k)
          s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
      }
      out[blockIdx.x] = s[0];
    })",
           "reduce");
  ASSERT_GE(W.Sites.size(), 1u);
  ASSERT_FALSE(W.Sites[0].Guards.empty());
  // The loop's own test, then the `if`'s.
  EXPECT_TRUE(W.Sites[0].Guards.back().Predicated);
  EXPECT_FALSE(W.Sites[0].Guards.back().MaybePredicated);
}

TEST(AddressBuilderTest, LoopCounterIsAnInductionVariable) {
  Walked W(R"(
    __global__ void fill(float *o, int n) {
      for (int k = 0; k < n; k += 4)
        o[threadIdx.x + k] = 0;
    })",
           "fill");
  ASSERT_EQ(W.Sites.size(), 1u);
  // k = 4 * iter(k): the same in every lane, 16 bytes a trip.
  const sym::Poly &Offset = W.Sites[0].ByteOffset;
  sym::Poly Trips = Offset - W.atom(W.Syms.threadIdx(0)).scaled(4);
  ASSERT_EQ(Trips.terms().size(), 1u);
  ASSERT_EQ(Trips.terms()[0].Atoms.size(), 1u);
  sym::AtomId Iter = Trips.terms()[0].Atoms[0];
  EXPECT_EQ(W.Syms.atom(Iter).Kind, sym::AtomKind::LoopIteration);
  EXPECT_EQ(W.Syms.atom(Iter).Name, "k");
  EXPECT_EQ(Trips.terms()[0].Coeff, 16);
  ASSERT_EQ(W.Sites[0].Guards.size(), 1u);
  sym::Poly N = W.atom(
      W.Builder->paramAtom(test::function(W.Unit->getASTContext(), "fill"), 1));
  EXPECT_EQ(W.Sites[0].Guards[0].Diff, W.atom(Iter).scaled(4) - N);
}

TEST(AddressBuilderTest, HelperIsWalkedInTheCallersContext) {
  Walked W(R"(
    __device__ float get(const float *p, int i) { return p[2 * i]; }
    __global__ void k(const float *a, float *o) {
      o[threadIdx.x] = get(a, threadIdx.x + 1);
    })",
           "k");
  ASSERT_EQ(W.Sites.size(), 2u);
  EXPECT_EQ(W.base(0), "a");
  EXPECT_EQ(W.offset(0), "8*threadIdx.x + 8");
  ASSERT_EQ(W.Sites[0].CallChain.size(), 1u);
  EXPECT_EQ(W.Sites[0].WrittenIn->getName(), "get");
}

TEST(AddressBuilderTest, ConstructorRunsAndItsFieldsKeepTheirValues) {
  Walked W(R"(
    struct View {
      __device__ View(float *s, int ld) : base(s), ld(ld) { row = base + ld; }
      __device__ void bump() { ++count; }
      float *base, *row;
      int ld, count = 0;
    };
    __global__ void k(float *o) {
      __shared__ float tile[256];
      View v(tile, 32);
      v.bump();
      v.row[threadIdx.x] = 1.f;
      o[v.count + threadIdx.x] = v.base[v.ld * threadIdx.x];
    })",
           "k");
  // The local object's own stores (in the constructor and in bump) are
  // thread-private; the tile's and o's are the ones to count.
  std::vector<size_t> Seen;
  for (size_t I = 0; I < W.Sites.size(); ++I)
    if (W.Sites[I].Space != model::AddressSpace::Local)
      Seen.push_back(I);
  ASSERT_EQ(Seen.size(), 3u);
  EXPECT_EQ(W.base(Seen[0]), "tile");
  EXPECT_EQ(W.Sites[Seen[0]].Space, model::AddressSpace::Shared);
  EXPECT_EQ(W.offset(Seen[0]), "4*threadIdx.x + 128");
  EXPECT_EQ(W.base(Seen[1]), "tile");
  EXPECT_EQ(W.offset(Seen[1]), "128*threadIdx.x");
  // count follows bump(): 0 from the constructor, then 1.
  EXPECT_EQ(W.base(Seen[2]), "o");
  EXPECT_EQ(W.offset(Seen[2]), "4*threadIdx.x + 4");
}

TEST(AddressBuilderTest, FieldsWrittenOutsideConstructorsAreFoundInMethods) {
  auto Unit = test::parseCuda(R"(
    struct Q {
      __device__ Q(int *p) : p(p), n(0), k(1) {}
      __device__ void push() { n += 1; }
      __device__ void alias() { int &r = k; r = 2; }
      template <int N> __device__ void take() { swapIn(m); }
      __device__ static void swapIn(int &x) { x = 3; }
      __device__ int peek() const { return p[n]; }
      int *p;
      int n, k, m;
    };
    __global__ void use(int *p) { Q q(p); q.push(); q.alias(); q.take<2>(); }
  )");
  ASSERT_TRUE(Unit);
  const clang::FunctionDecl *Use = test::function(Unit->getASTContext(), "use");
  ASSERT_TRUE(Use);
  const clang::CXXRecordDecl *Q = nullptr;
  for (const clang::Decl *D : Use->getDeclContext()->decls())
    if (const auto *R = llvm::dyn_cast<clang::CXXRecordDecl>(D))
      if (R->getName() == "Q")
        Q = R;
  ASSERT_TRUE(Q);
  llvm::DenseSet<const clang::FieldDecl *> Written =
      fieldsWrittenOutsideConstructors(Q);
  std::vector<std::string> Names;
  for (const clang::FieldDecl *F : Q->fields())
    if (Written.contains(F))
      Names.push_back(F->getName().str());
  // p is only read (`p[n]` reads through it); n, k (through a reference)
  // and m (passed to a non-const reference) are written.
  EXPECT_EQ(Names, (std::vector<std::string>{"n", "k", "m"}));
}

} // namespace
