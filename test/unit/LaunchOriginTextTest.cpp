//===- unit/LaunchOriginTextTest.cpp - A launch shape's origin in words ---===//
#include "cuda-coalesce/Report/LaunchOriginText.h"
#include "cuda-coalesce/Limits.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;
using Kind = LaunchOriginKind;

namespace {

LaunchOrigin origin(Kind K, model::Dim3 Block) {
  LaunchOrigin O;
  O.Kind = K;
  O.Block = Block;
  return O;
}

} // namespace

TEST(LaunchOriginText, ShapesWithoutLaunch) {
  EXPECT_EQ(launchOriginText(origin(Kind::Assumed, {32, 8, 1})),
            "assumed block (32,8,1): no launch site, --block-dim or "
            "__launch_bounds__ gives one");
  LaunchOrigin O = origin(Kind::LaunchBounds, {128, 1, 1});
  O.LaunchBoundsThreads = 128;
  EXPECT_EQ(launchOriginText(O), "block (128,1,1) from __launch_bounds__(128)");
  O = origin(Kind::Assert, {4, 64, 1});
  O.AssertedDimension = 0;
  O.AssertedExtent = 4;
  EXPECT_EQ(launchOriginText(O),
            "block (4,64,1) from the kernel's assert(blockDim.x == 4)");
  O = origin(Kind::Setting, {16, 16, 1});
  O.Setting = "--block-dim";
  EXPECT_EQ(launchOriginText(O), "block (16,16,1) from --block-dim");
}

TEST(LaunchOriginText, ShapesFromALaunch) {
  LaunchOrigin O = origin(Kind::Launch, {256, 1, 1});
  O.Launch = SourcePoint{"k.cu", 30, 3};
  EXPECT_EQ(launchOriginText(O),
            "block (256,1,1) from the launch at k.cu:30:3");
  // A setting names itself, not the launch.
  O.Kind = Kind::Setting;
  O.Setting = "the BlockDim option";
  EXPECT_EQ(launchOriginText(O), "block (256,1,1) from the BlockDim option");
  O.Kind = Kind::Assumed;
  EXPECT_EQ(launchOriginText(O),
            "assumed block (256,1,1): no launch site, --block-dim or "
            "__launch_bounds__ gives one (the launch at k.cu:30:3 has a block "
            "shape only known at run time)");
}

TEST(LaunchOriginText, ExtentsTriedAndAssumed) {
  LaunchOrigin O = origin(Kind::LaunchExtentParameters, {32, 32, 1});
  O.Launch = SourcePoint{"k.cu", 9, 3};
  O.ExtentParameters = {{0, 1, "n"}, {1, 1, "n"}};
  EXPECT_EQ(
      launchOriginText(O),
      "block (n,n,1) from the launch at k.cu:9:3, which passes n to the "
      "kernel too: known only at run time, tried at " +
          std::to_string(limits::ExtentValuesTried) + " values in " +
          std::to_string(limits::FirstValueTried) + ".." +
          std::to_string(limits::FirstValueTried + limits::ValuesTried - 1));
  O = origin(Kind::LaunchPartial, {1, 256, 1});
  O.Launch = SourcePoint{"k.cu", 12, 5};
  O.AssumedDimensions = {1};
  EXPECT_EQ(launchOriginText(O),
            "block (1,256,1) from the launch at k.cu:12:5, whose extents not "
            "known there are assumed (blockDim.y = 256, for 256 threads)");
}
