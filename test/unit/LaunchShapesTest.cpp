//===- unit/LaunchShapesTest.cpp - The launch-shape policy ----------------===//
#include "cuda-coalesce/Policy/LaunchShapes.h"
#include "cuda-coalesce/Limits.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;
using Kind = LaunchOriginKind;
using model::Dim3;

namespace {

KernelShapeFacts kernel(unsigned IndexedDimensions = 1) {
  KernelShapeFacts K;
  K.Name = "ns::transpose<float>";
  K.ParameterNames = {"out", "ncols"};
  K.IndexedDimensions = IndexedDimensions;
  return K;
}

LaunchSite launchAt(unsigned Line) {
  LaunchSite S;
  S.Where = {"k.cu", Line, 3};
  return S;
}

LaunchSite launchWithBlock(unsigned Line, Dim3 Block) {
  LaunchSite S = launchAt(Line);
  S.Block = Block;
  return S;
}

LaunchConfig only(const std::vector<LaunchConfig> &Configs) {
  EXPECT_EQ(Configs.size(), 1u);
  return Configs.empty() ? LaunchConfig() : Configs.front();
}

} // namespace

TEST(LaunchShapes, WithoutLaunchAssumes256ThreadsShapedByTheIndices) {
  for (auto [Dims, Block] :
       {std::pair(1u, Dim3{256, 1, 1}), std::pair(2u, Dim3{32, 8, 1}),
        std::pair(3u, Dim3{32, 4, 2})}) {
    LaunchConfig C = only(launchConfigs(kernel(Dims), {}, {}));
    EXPECT_EQ(C.Block, Block) << Dims;
    EXPECT_EQ(C.Origin.Kind, Kind::Assumed);
    EXPECT_EQ(C.Origin.Block, Block);
    EXPECT_FALSE(C.Origin.Launch);
    EXPECT_FALSE(C.Grid);
  }
}

TEST(LaunchShapes, LaunchBoundsGiveTheThreads) {
  KernelShapeFacts K = kernel(2);
  K.LaunchBoundsThreads = 128;
  LaunchConfig C = only(launchConfigs(K, {}, {}));
  EXPECT_EQ(C.Block, (Dim3{32, 4, 1}));
  EXPECT_EQ(C.Origin.Kind, Kind::LaunchBounds);
  EXPECT_EQ(C.Origin.LaunchBoundsThreads, 128);
  // Fewer than two warps: one row, whatever the kernel indexes by.
  K.LaunchBoundsThreads = 32;
  EXPECT_EQ(only(launchConfigs(K, {}, {})).Block, (Dim3{32, 1, 1}));
}

TEST(LaunchShapes, AssertedExtentsOverTheAssumption) {
  KernelShapeFacts K = kernel();
  K.AssertedExtents = {{0, 4}};
  LaunchConfig C = only(launchConfigs(K, {}, {}));
  // The threads kept about the same: y takes up the rest of 256.
  EXPECT_EQ(C.Block, (Dim3{4, 64, 1}));
  EXPECT_EQ(C.Origin.Kind, Kind::Assert);
  EXPECT_EQ(C.Origin.AssertedDimension, 0u);
  EXPECT_EQ(C.Origin.AssertedExtent, 4);
  // An assert the assumption already meets names nothing.
  K.AssertedExtents = {{0, 256}};
  EXPECT_EQ(only(launchConfigs(K, {}, {})).Origin.Kind, Kind::Assumed);
}

TEST(LaunchShapes, SettingsOverEverything) {
  BlockShapeSettings Settings;
  Settings.BlockDim = Dim3{16, 16, 1};
  KernelShapeFacts K = kernel();
  K.LaunchBoundsThreads = 64;
  LaunchConfig C = only(launchConfigs(K, {}, Settings));
  EXPECT_EQ(C.Block, (Dim3{16, 16, 1}));
  EXPECT_EQ(C.Origin.Kind, Kind::Setting);
  EXPECT_EQ(C.Origin.Setting, "--block-dim");
  // Over a launch too, whose grid and arguments stay.
  LaunchSite S = launchWithBlock(40, {128, 1, 1});
  S.Grid = Dim3{8, 1, 1};
  S.Arguments = {{1, 512}};
  C = only(launchConfigs(K, {S}, Settings));
  EXPECT_EQ(C.Block, (Dim3{16, 16, 1}));
  EXPECT_EQ(C.Origin.Kind, Kind::Setting);
  EXPECT_EQ(C.Grid, S.Grid);
  EXPECT_EQ(C.Arguments, S.Arguments);
  ASSERT_TRUE(C.Origin.Launch);
  EXPECT_EQ(C.Origin.Launch->Line, 40u);
}

TEST(LaunchShapes, FirstKernelGlobThatMatches) {
  BlockShapeSettings Settings;
  Settings.KernelBlockDims = {{"other", {8, 8, 1}, "a"},
                              {"trans*", {64, 2, 1}, "b"},
                              {"transpose", {32, 32, 1}, "c"}};
  LaunchConfig C = only(launchConfigs(kernel(), {}, Settings));
  EXPECT_EQ(C.Block, (Dim3{64, 2, 1}));
  EXPECT_EQ(C.Origin.Setting, "b");
  // --block-dim is over the kernel globs.
  Settings.BlockDim = Dim3{128, 1, 1};
  EXPECT_EQ(only(launchConfigs(kernel(), {}, Settings)).Origin.Setting,
            "--block-dim");
}

TEST(LaunchShapes, OneShapePerDistinctLaunch) {
  std::vector<LaunchSite> Sites = {launchWithBlock(10, {128, 1, 1}),
                                   launchWithBlock(20, {128, 1, 1}),
                                   launchWithBlock(30, {32, 8, 1})};
  std::vector<LaunchConfig> Configs = launchConfigs(kernel(), Sites, {});
  ASSERT_EQ(Configs.size(), 2u);
  EXPECT_EQ(Configs[0].Block, (Dim3{128, 1, 1}));
  EXPECT_EQ(Configs[0].Origin.Kind, Kind::Launch);
  EXPECT_EQ(Configs[0].Origin.Launch->Line, 10u); // the first of the two
  EXPECT_EQ(Configs[1].Block, (Dim3{32, 8, 1}));
  EXPECT_EQ(Configs[1].Origin.Launch->Line, 30u);
  // Another grid is another shape.
  Sites[1].Grid = Dim3{4, 1, 1};
  EXPECT_EQ(launchConfigs(kernel(), Sites, {}).size(), 3u);
}

TEST(LaunchShapes, ExtentPassedToAParameterIsTried) {
  LaunchSite S = launchAt(9);
  S.ExtentArguments = {{0, 1}}; // k<<<rows, ncols>>>(out, ncols)
  LaunchConfig C = only(launchConfigs(kernel(), {S}, {}));
  EXPECT_EQ(C.Block, (Dim3{limits::FirstValueTried, 1, 1}));
  EXPECT_EQ(C.ExtentArguments, S.ExtentArguments);
  EXPECT_EQ(C.Origin.Kind, Kind::LaunchExtentParameters);
  ASSERT_EQ(C.Origin.ExtentParameters.size(), 1u);
  EXPECT_EQ(C.Origin.ExtentParameters[0].Dimension, 0u);
  EXPECT_EQ(C.Origin.ExtentParameters[0].Index, 1u);
  EXPECT_EQ(C.Origin.ExtentParameters[0].Name, "ncols");
}

TEST(LaunchShapes, AssertedExtentIsNotTried) {
  LaunchSite S = launchAt(9);
  S.ExtentArguments = {{0, 1}};
  KernelShapeFacts K = kernel();
  K.AssertedExtents = {{0, 64}};
  LaunchConfig C = only(launchConfigs(K, {S}, {}));
  EXPECT_TRUE(C.ExtentArguments.empty());
  EXPECT_EQ(C.Block, (Dim3{64, 1, 1})); // two warps: the rest stays 1
  EXPECT_EQ(C.Origin.Kind, Kind::Assert);
  ASSERT_TRUE(C.Origin.Launch); // whose block is known only at run time
  EXPECT_EQ(C.Origin.Launch->Line, 9u);
}

TEST(LaunchShapes, PartialBlockKeepsWhatTheLaunchSays) {
  LaunchSite S = launchAt(12);
  S.PartialBlock = Dim3{1, 0, 1}; // dim3(1, n)
  LaunchConfig C = only(launchConfigs(kernel(), {S}, {}));
  EXPECT_EQ(C.Block, (Dim3{1, 256, 1}));
  EXPECT_EQ(C.Origin.Kind, Kind::LaunchPartial);
  EXPECT_EQ(C.Origin.AssumedDimensions, std::vector<unsigned>{1});
}

TEST(LaunchShapes, RuntimeBlockFallsBackAndNamesTheLaunch) {
  KernelShapeFacts K = kernel(2);
  LaunchConfig C = only(launchConfigs(K, {launchAt(15)}, {}));
  EXPECT_EQ(C.Block, (Dim3{32, 8, 1}));
  EXPECT_EQ(C.Origin.Kind, Kind::Assumed);
  ASSERT_TRUE(C.Origin.Launch);
  EXPECT_EQ(C.Origin.Launch->Line, 15u);
  K.LaunchBoundsThreads = 512;
  C = only(launchConfigs(K, {launchAt(15)}, {}));
  EXPECT_EQ(C.Block, (Dim3{32, 16, 1}));
  EXPECT_EQ(C.Origin.Kind, Kind::LaunchBounds);
}
