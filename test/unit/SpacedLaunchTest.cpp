//===- SpacedLaunchTest.cpp - launches with spaced chevrons ---------------===//
#include "cuda-coalesce/Driver/SpacedLaunchFileSystem.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;

TEST(SpacedLaunchTest, ClosesTheChevronsOfALaunchInPlace) {
  EXPECT_EQ(closeSpacedLaunches("k<< <grid, block>>>(a);"),
            std::optional<std::string>("k<<< grid, block>>>(a);"));
  EXPECT_EQ(closeSpacedLaunches("k<T><<  <g, b, 0, s>>>(a);"),
            std::optional<std::string>("k<T><<<  g, b, 0, s>>>(a);"));
  EXPECT_EQ(closeSpacedLaunches("k<<\t<g, b>>>(a);"),
            std::optional<std::string>("k<<< g, b>>>(a);"));
}

TEST(SpacedLaunchTest, LeavesWhatIsNotASpacedLaunch) {
  EXPECT_FALSE(closeSpacedLaunches("k<<<grid, block>>>(a);"));
  EXPECT_FALSE(closeSpacedLaunches("os << x << y;"));
  // An instance of a template operator<<, not a launch.
  EXPECT_FALSE(closeSpacedLaunches(
      "friend std::ostream &operator<< <>(std::ostream &, const V<T> &);"));
  // No `>>>` before the statement ends.
  EXPECT_FALSE(closeSpacedLaunches("a << <b; c >>> d;"));
}
