//===- IsolationTest.cpp - Tasks in child processes -----------------------===//
#include "cuda-coalesce/Driver/Isolation.h"

#include "gtest/gtest.h"

#include <csignal>
#include <map>
#include <thread>
#include <unistd.h>

#ifndef __has_feature
#define __has_feature(X) 0
#endif

using namespace cudacoalesce;

namespace {

std::map<size_t, ChildResult> runAll(const std::vector<size_t> &Indices,
                                     unsigned Jobs, const ChildLimits &Limits,
                                     std::function<std::string(size_t)> Task) {
  std::map<size_t, ChildResult> Results;
  runInChildren(Indices, Jobs, Limits, Task, [&](size_t I, ChildResult R) {
    EXPECT_FALSE(Results.count(I)) << "task " << I << " reported twice";
    Results[I] = std::move(R);
  });
  return Results;
}

TEST(IsolationTest, EachTaskRunsInAChildOfItsOwn) {
  pid_t Parent = ::getpid();
  auto Results = runAll({0, 1, 2, 3, 4}, 2, {}, [&](size_t I) {
    return std::to_string(I) + (::getpid() == Parent ? " parent" : " child");
  });
  ASSERT_EQ(Results.size(), 5u);
  for (auto &[I, R] : Results) {
    EXPECT_EQ(R.Kind, ChildResult::Finished);
    EXPECT_EQ(R.Payload, std::to_string(I) + " child");
    EXPECT_EQ(R.describe({}), "");
  }
}

// A result far larger than a pipe's buffer must be read while the child
// writes it, or both wait for each other.
TEST(IsolationTest, LargeResultsComeBackWhole) {
  auto Results = runAll({0, 1, 2}, 3, {}, [](size_t I) {
    std::string S(8 << 20, char('a' + I));
    S.back() = '!';
    return S;
  });
  for (auto &[I, R] : Results) {
    ASSERT_EQ(R.Kind, ChildResult::Finished);
    ASSERT_EQ(R.Payload.size(), size_t(8 << 20));
    EXPECT_EQ(R.Payload.front(), char('a' + I));
    EXPECT_EQ(R.Payload.back(), '!');
  }
}

TEST(IsolationTest, TaskPastTheTimeLimitIsKilledAndTheOthersFinish) {
  ChildLimits Limits;
  Limits.TimeoutSeconds = 1;
  auto Start = std::chrono::steady_clock::now();
  auto Results = runAll({0, 1, 2}, 2, Limits, [](size_t I) -> std::string {
    if (I == 1)
      for (;;)
        ::pause();
    return "done";
  });
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  EXPECT_LT(Seconds, 10.0);
  EXPECT_EQ(Results[0].Kind, ChildResult::Finished);
  EXPECT_EQ(Results[2].Kind, ChildResult::Finished);
  EXPECT_EQ(Results[1].Kind, ChildResult::TimedOut);
  EXPECT_EQ(Results[1].describe(Limits), "timed out after 1 s (--timeout)");
}

TEST(IsolationTest, CrashIsOneLineAndTheOthersFinish) {
  auto Results = runAll({0, 1}, 1, {}, [](size_t I) -> std::string {
    if (I == 0)
      std::raise(SIGSEGV);
    return "done";
  });
  EXPECT_EQ(Results[0].Kind, ChildResult::Crashed);
  EXPECT_EQ(Results[0].describe({}),
            "the analysis crashed (Segmentation fault)");
  EXPECT_EQ(Results[1].Kind, ChildResult::Finished);
}

#if !defined(__SANITIZE_ADDRESS__) && !__has_feature(address_sanitizer)
TEST(IsolationTest, AllocationPastTheMemoryLimitIsOutOfMemory) {
  ChildLimits Limits;
  Limits.MemoryMiB = 256;
  auto Results = runAll({0, 1}, 2, Limits, [](size_t I) -> std::string {
    if (I == 1) {
      std::vector<std::string> Hog;
      for (;;)
        Hog.emplace_back(size_t(16) << 20, 'x');
    }
    std::string Fits(size_t(64) << 20, 'y');
    return std::to_string(Fits.size());
  });
  EXPECT_EQ(Results[0].Kind, ChildResult::Finished);
  EXPECT_EQ(Results[1].Kind, ChildResult::OutOfMemory);
  EXPECT_EQ(Results[1].describe(Limits),
            "ran out of memory (over the 256 MiB of --max-memory)");
}
#endif

} // namespace
