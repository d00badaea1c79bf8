// What a launch fixes at compile time, followed through the launching
// function's variables and its callers.
#include "HostEvaluator.h"
#include "LaunchSites.h"
#include "ParseCuda.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;

namespace {

/// Every launch of the snippet, evaluated, in source order.
std::vector<LaunchSite> launches(const std::string &Code) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    std::vector<std::pair<const clang::CUDAKernelCallExpr *,
                          const clang::FunctionDecl *>>
        Found;
    const clang::FunctionDecl *In = nullptr;
    bool TraverseFunctionDecl(clang::FunctionDecl *F) {
      const clang::FunctionDecl *Outer = In;
      In = F;
      bool Go = RecursiveASTVisitor::TraverseFunctionDecl(F);
      In = Outer;
      return Go;
    }
    bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr *C) {
      Found.push_back({C, In});
      return true;
    }
  } F;
  std::unique_ptr<clang::ASTUnit> Unit = test::parseCuda(Code);
  EXPECT_TRUE(Unit);
  if (!Unit)
    return {};
  clang::ASTContext &AST = Unit->getASTContext();
  F.TraverseDecl(AST.getTranslationUnitDecl());
  HostFacts Facts(AST);
  std::vector<LaunchSite> Sites;
  for (auto [Call, Host] : F.Found)
    for (const clang::FunctionDecl *K : launchedKernels(Facts, Call, Host))
      for (LaunchSite &S : evaluateLaunch(AST, Facts, Call, Host, K))
        Sites.push_back(S);
  return Sites;
}

TEST(HostEvaluatorTest, AssignmentsFieldsSwitchesAndCallers) {
  std::vector<LaunchSite> L = launches(R"(
    __global__ void k(float *a, int n) {}
    void launch(float *a, int w, int sel) {
      int threads = 64;
      threads = 128;
      dim3 grid(w / threads, 2);
      grid.y = 4;
      switch (sel) {
      case 3:
        k<<<grid, threads>>>(a, w * 2);
        break;
      }
    }
    void caller(float *a) { launch(a, 1024, 3); })");
  ASSERT_EQ(L.size(), 1u);
  ASSERT_TRUE(L[0].Block);
  EXPECT_EQ(*L[0].Block, (model::Dim3{128, 1, 1}));
  ASSERT_TRUE(L[0].Grid);
  EXPECT_EQ(*L[0].Grid, (model::Dim3{8, 4, 1}));
  ASSERT_EQ(L[0].Arguments.count(1), 1u);
  EXPECT_EQ(L[0].Arguments.at(1), 2048);
}

TEST(HostEvaluatorTest, FloatShapesAreRoundedAsTheProgramRoundsThem) {
  std::vector<LaunchSite> L = launches(R"(
    __global__ void k(float *a) {}
    void launch(float *a) {
      int n = 1000;
      k<<<(int)ceilf(n / 256.0f), (int)floorf(n / 3.0f)>>>(a);
    })");
  ASSERT_EQ(L.size(), 1u);
  EXPECT_EQ(*L[0].Grid, (model::Dim3{4, 1, 1}));
  EXPECT_EQ(*L[0].Block, (model::Dim3{333, 1, 1}));
}

TEST(HostEvaluatorTest, WhatIsNotSettledStaysUnknown) {
  std::vector<LaunchSite> L = launches(R"(
    __global__ void k(float *a, int n) {}
    void launch(float *a, int threads, bool wide) {
      int n = 7;
      if (wide)
        n = 9;
      k<<<1, threads>>>(a, n);
    }
    void one(float *a) { launch(a, 64, true); }
    void two(float *a) { launch(a, 128, false); })");
  // The callers disagree on the block: a launch of each caller's.
  ASSERT_EQ(L.size(), 2u);
  for (const LaunchSite &S : L)
    EXPECT_EQ(*S.Grid, (model::Dim3{1, 1, 1}));
  ASSERT_TRUE(L[0].Block && L[1].Block);
  EXPECT_EQ(*L[0].Block, (model::Dim3{64, 1, 1}));
  EXPECT_EQ(*L[1].Block, (model::Dim3{128, 1, 1}));
  // n is set under a condition the walk does not decide.
  for (const LaunchSite &S : L)
    EXPECT_EQ(S.Arguments.count(1), 0u);
}

// llm.c's dev/cuda programs: main checks a kernel at each block size of an
// array, then times it through a template that forwards its arguments to
// the launcher it is handed; the row width is a local of main, the grid a
// helper's ceil_div. Every size of the array is a launch of its own.
TEST(HostEvaluatorTest, BlockSizesLoopedOverAndArgumentsForwarded) {
  std::vector<LaunchSite> L = launches(R"(
    #include <utility>
    template <class Kernel, class... Args>
    float bench(int repeats, Kernel kernel, Args &&...args) {
      for (int i = 0; i < repeats; i++)
        kernel(std::forward<Args>(args)...);
      return 0.f;
    }
    template <class T> T ceil_div(T a, T b) { return (a + b - 1) / b; }
    __global__ void k(float *out, int N, int C) {}
    void launcher(float *out, int N, int C, int block_size) {
      k<<<ceil_div(N, block_size), block_size>>>(out, N, C);
    }
    void launcher2(float *out, int N, int C, int block_size) {
      int grid_size = N;
      size_t shared = block_size * sizeof(float);
      k<<<grid_size, block_size, shared>>>(out, N, C);
    }
    void dispatch(int which, float *out, int N, int C, int block_size) {
      switch (which) {
      case 1:
        launcher(out, N, C, block_size);
        break;
      case 2:
        launcher2(out, N, C, block_size);
        break;
      }
    }
    int main(int argc, char **argv) {
      int B = 8, T = 1024, V = 50257;
      float *out;
      int which = 1;
      if (argc > 1)
        which = argc;
      int block_sizes[] = {32, 64, 128};
      for (int j = 0; j < 3; j++) {
        int block_size = block_sizes[j];
        dispatch(which, out, B * T, V, block_size);
      }
      for (int j = 0; j < 3; j++) {
        int block_size = block_sizes[j];
        bench(100, dispatch, which, out, B * T, V, block_size);
      }
    })");
  // Both launchers, each at every size (the second reads the sizes after
  // its grid did: what depended on a choice not made is not kept).
  ASSERT_EQ(L.size(), 6u);
  const int64_t Sizes[] = {32, 64, 128};
  for (size_t I = 0; I < 6; ++I) {
    int64_t Size = Sizes[I % 3];
    ASSERT_TRUE(L[I].Block);
    EXPECT_EQ(*L[I].Block, (model::Dim3{Size, 1, 1}));
    ASSERT_TRUE(L[I].Grid);
    EXPECT_EQ(L[I].Grid->X, I < 3 ? (8 * 1024 + Size - 1) / Size : 8 * 1024);
    EXPECT_EQ(L[I].Arguments.at(1), 8 * 1024);
    EXPECT_EQ(L[I].Arguments.at(2), 50257);
  }
}

// cuda-samples' transpose launches through a function pointer chosen in a
// switch: the launch shapes every kernel assigned to it.
TEST(HostEvaluatorTest, LaunchThroughAFunctionPointer) {
  std::vector<LaunchSite> L = launches(R"(
    __global__ void copy(float *o, const float *i) {}
    __global__ void naive(float *o, const float *i) {}
    void run(float *o, const float *i) {
      void (*kernel)(float *, const float *);
      dim3 grid(64, 64), threads(16, 16);
      for (int k = 0; k < 2; k++) {
        switch (k) {
        case 0:
          kernel = &copy;
          break;
        case 1:
          kernel = &naive;
          break;
        }
        kernel<<<grid, threads>>>(o, i);
      }
    })");
  ASSERT_EQ(L.size(), 2u);
  for (const LaunchSite &S : L) {
    ASSERT_TRUE(S.Block);
    EXPECT_EQ(*S.Block, (model::Dim3{16, 16, 1}));
  }
}

} // namespace

// Helpers that compute a launch's shape with locals, loops and early
// returns are run; one that writes memory, loops without end or takes a
// reference gives nothing.
TEST(HostEvaluatorTest, HelpersWithLoopsAreRun) {
  std::vector<LaunchSite> L = launches(R"(
    __global__ void k(float *a, int n) {}
    int lp2(int n) {
      if (n < 1)
        return 0;
      while ((n & (n - 1)) > 0)
        n &= n - 1;
      return n;
    }
    int roundUp(int n, int m) {
      int r = 0;
      for (int i = 0;; i += m) {
        if (i >= n)
          break;
        r += m;
      }
      return r;
    }
    int counter;
    int counted(int n) { counter = n; return n; }
    int forever(int n) { while (n > 0) n += 0; return n; }
    int byReference(int &n) { return n; }
    void launch(float *a, int size) {
      size = lp2(size);
      k<<<roundUp(1000, 256), size>>>(a, lp2(0));
      k<<<counted(2), forever(3)>>>(a, byReference(size));
    }
    void caller(float *a) { launch(a, 700); }
  )");
  ASSERT_EQ(L.size(), 2u);
  ASSERT_TRUE(L[0].Block);
  EXPECT_EQ(*L[0].Block, (model::Dim3{512, 1, 1}));
  ASSERT_TRUE(L[0].Grid);
  EXPECT_EQ(L[0].Grid->X, 1024);
  EXPECT_EQ(L[0].Arguments.at(1), 0);
  EXPECT_FALSE(L[1].Grid);
  EXPECT_FALSE(L[1].Block);
  EXPECT_EQ(L[1].Arguments.count(1), 0u);
}
