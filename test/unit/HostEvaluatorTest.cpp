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
    Sites.push_back(evaluateLaunch(AST, Facts, Call, Host));
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
  ASSERT_EQ(L.size(), 1u);
  // The callers disagree on the block; n is set under a condition.
  EXPECT_FALSE(L[0].Block);
  EXPECT_EQ(*L[0].Grid, (model::Dim3{1, 1, 1}));
  EXPECT_EQ(L[0].Arguments.count(1), 0u);
}

} // namespace
