#include "cuda-coalesce/Driver/HeaderDefinitionScope.h"
#include "ParseCuda.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace clang;
using namespace cudacoalesce;

namespace {

// A project header as ggml's common.cuh: a launch wrapper that calls a
// helper of its own, and a function nothing in the file calls.
constexpr const char *Header = R"cu(
#pragma once
inline void check_launch() {}
template <class K, class... A> void launch_with(K k, dim3 g, dim3 b, A... a) {
  k<<<g, b>>>(a...);
  check_launch();
}
inline void unused() {}
)cu";

constexpr const char *Main = R"cu(
#include "launch.cuh"
__global__ void rows(float *a) { a[threadIdx.y * 64 + threadIdx.x] = 0; }
void run(float *a) { launch_with(rows, dim3(1), dim3(1, 256, 1), a); }
)cu";

std::unique_ptr<ASTUnit> parseWithHeader() {
  return test::parseCuda(Main, {{"launch.cuh", Header}});
}

/// The main file's own top-level declarations: the scope clangd gives.
std::vector<Decl *> mainFileDecls(ASTContext &AST) {
  std::vector<Decl *> Out;
  const SourceManager &SM = AST.getSourceManager();
  for (Decl *D : AST.getTranslationUnitDecl()->decls())
    if (SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      Out.push_back(D);
  return Out;
}

std::set<std::string> names(const std::vector<Decl *> &Decls) {
  std::set<std::string> Out;
  for (const Decl *D : Decls)
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      Out.insert(F->getNameAsString());
  return Out;
}

TEST(HeaderDefinitionScopeTest, ReachesHeaderCodeTheFileCallsTransitively) {
  auto Unit = parseWithHeader();
  ASSERT_TRUE(Unit);
  ASTContext &AST = Unit->getASTContext();
  std::vector<Decl *> Reached =
      headerDefinitionsReached(AST, mainFileDecls(AST));
  // The wrapper's instance, and the helper it calls; not what nothing
  // calls, nor the main file's own functions.
  EXPECT_EQ(names(Reached),
            (std::set<std::string>{"launch_with", "check_launch"}));
  for (const Decl *D : Reached)
    if (const auto *F = dyn_cast<FunctionDecl>(D);
        F && F->getName() == "launch_with")
      EXPECT_TRUE(F->isTemplateInstantiation());
}

TEST(HeaderDefinitionScopeTest, WidensALimitedScopeAndRestoresIt) {
  auto Unit = parseWithHeader();
  ASSERT_TRUE(Unit);
  ASTContext &AST = Unit->getASTContext();
  std::vector<Decl *> Limited = mainFileDecls(AST);
  AST.setTraversalScope(Limited);
  {
    HeaderDefinitionScope Widened(AST);
    EXPECT_EQ(Widened.added().size(), 2u);
    EXPECT_EQ(AST.getTraversalScope().size(), Limited.size() + 2);
  }
  EXPECT_EQ(AST.getTraversalScope().vec(), Limited);
}

TEST(HeaderDefinitionScopeTest, LeavesTheWholeUnitAlone) {
  auto Unit = parseWithHeader();
  ASSERT_TRUE(Unit);
  ASTContext &AST = Unit->getASTContext();
  HeaderDefinitionScope Widened(AST);
  EXPECT_TRUE(Widened.added().empty());
  ASSERT_EQ(AST.getTraversalScope().size(), 1u);
  EXPECT_TRUE(isa<TranslationUnitDecl>(AST.getTraversalScope().front()));
}

} // namespace
