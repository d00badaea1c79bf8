//===- test/unit/ShardTest.cpp - The parts of a sharded run ---------------===//
#include "cuda-coalesce/Driver/Shard.h"
#include "cuda-coalesce/Driver/OutcomeArchive.h"
#include "cuda-coalesce/Driver/ShardResults.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace cudacoalesce;

namespace {

TEST(ShardTest, ParsesOneBasedPartOfCount) {
  ShardSpec S;
  std::string Error;
  ASSERT_TRUE(parseShard("2/3", S, Error));
  EXPECT_EQ(S.Index, 2u);
  EXPECT_EQ(S.Count, 3u);
  EXPECT_TRUE(S.active());
  for (const char *Bad : {"0/3", "4/3", "1/0", "1", "/3", "a/b", "+1/2", "1/ 2",
                          "1/4097", "1/2/3", ""}) {
    Error.clear();
    EXPECT_FALSE(parseShard(Bad, S, Error)) << Bad;
    EXPECT_NE(Error.find(std::string("got '") + Bad + "'"), std::string::npos)
        << Error;
  }
}

TEST(ShardTest, EveryFileInOnePartAndPartsBalanced) {
  std::mt19937 Random(45);
  std::vector<std::string> Names;
  std::vector<uint64_t> Costs;
  for (int I = 0; I < 141; ++I) {
    Names.push_back("f" + std::to_string(I) + ".cu");
    Costs.push_back(1000 + Random() % 100000);
  }
  for (unsigned Count : {1u, 2u, 3u, 8u}) {
    std::vector<unsigned> Part = shardParts(Names, Costs, Count);
    std::vector<uint64_t> Load(Count, 0);
    for (size_t I = 0; I < Part.size(); ++I) {
      ASSERT_LT(Part[I], Count);
      Load[Part[I]] += Costs[I];
    }
    // The largest first to the least loaded: no part exceeds another by
    // more than the largest file.
    uint64_t Largest = *std::max_element(Costs.begin(), Costs.end());
    EXPECT_LE(*std::max_element(Load.begin(), Load.end()) -
                  *std::min_element(Load.begin(), Load.end()),
              Largest)
        << Count;
  }
}

TEST(ShardTest, PartsDoNotDependOnInputOrder) {
  std::vector<std::string> Names = {"a.cu", "b.cu", "c.cu", "d.cu", "e.cu"};
  std::vector<uint64_t> Costs = {10, 10, 30, 5, 10};
  std::vector<unsigned> Part = shardParts(Names, Costs, 2);
  std::vector<size_t> Order = {4, 2, 0, 3, 1};
  std::vector<std::string> ShuffledNames;
  std::vector<uint64_t> ShuffledCosts;
  for (size_t I : Order) {
    ShuffledNames.push_back(Names[I]);
    ShuffledCosts.push_back(Costs[I]);
  }
  std::vector<unsigned> Shuffled = shardParts(ShuffledNames, ShuffledCosts, 2);
  for (size_t K = 0; K < Order.size(); ++K)
    EXPECT_EQ(Shuffled[K], Part[Order[K]]) << Names[Order[K]];
  // c (30) first, then a, b and e (10 each, by name) to the other part,
  // then d (5) to the tie's lower part, c's: {c, d} and {a, b, e}.
  EXPECT_EQ(Part[2], 0u);
  EXPECT_EQ(Part[3], 0u);
  EXPECT_EQ(Part[0], 1u);
  EXPECT_EQ(Part[1], 1u);
  EXPECT_EQ(Part[4], 1u);
}

TEST(ShardTest, EmptyFilesSpreadToo) {
  std::vector<unsigned> Part =
      shardParts({"a", "b", "c", "d"}, {0, 0, 0, 0}, 2);
  EXPECT_EQ(std::count(Part.begin(), Part.end(), 0u), 2);
}

TEST(ShardTest, SpelledKernelNameDropsScopeAndArguments) {
  EXPECT_EQ(spelledKernelName("scale"), "scale");
  EXPECT_EQ(spelledKernelName("ns::inner::scale"), "scale");
  EXPECT_EQ(spelledKernelName("mul_mat<float, 4>"), "mul_mat");
  EXPECT_EQ(spelledKernelName("ns::k<ns::T>(int)"), "k");
}

TEST(ShardTest, MayNameMatchesWholeIdentifiers) {
  llvm::SmallString<128> Path;
  int FD;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("shard", "cu", FD, Path));
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << "void run(float *v) { LAUNCH(scale_rows, 128, 64, v); }\n";
  }
  EXPECT_TRUE(mayName(std::string(Path), {"scale_rows"}));
  EXPECT_TRUE(mayName(std::string(Path), {"other", "LAUNCH"}));
  EXPECT_FALSE(mayName(std::string(Path), {"scale"}));
  EXPECT_FALSE(mayName(std::string(Path), {"rows"}));
  EXPECT_FALSE(mayName(std::string(Path), {}));
  llvm::sys::fs::remove(Path);
  // A file that cannot be read may launch anything.
  EXPECT_TRUE(mayName(std::string(Path), {"scale"}));
}

} // namespace

namespace {

/// Writes \p R as a shard's JSON report (only the key merge reads).
std::string writeShard(const ShardRecord &R, llvm::StringRef Name) {
  llvm::SmallString<128> Path;
  int FD;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile(Name, "json", FD, Path));
  llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
  llvm::json::OStream J(OS);
  J.object([&] {
    J.attributeBegin("shard");
    writeShardRecord(J, R);
    J.attributeEnd();
  });
  return std::string(Path);
}

ShardRecord part(unsigned Index, const std::vector<size_t> &Files) {
  ShardRecord R;
  R.Shard = {Index, 2, {}};
  R.Files = {"/p/a.cu", "/p/b.cu", "/p/c.cu"};
  R.Arch = "sm_90";
  R.Build = toolBuildDigest();
  for (size_t I : Files) {
    FileOutcome O;
    O.File = R.Files[I];
    O.Kernels = unsigned(I) + 1;
    R.Outcomes.push_back({I, true, serializeOutcome(O)});
  }
  return R;
}

TEST(ShardResultsTest, PartsReadBackInTheRunsOrder) {
  std::string One = writeShard(part(1, {1}), "one");
  std::string Two = writeShard(part(2, {0, 2}), "two");
  MergedRun Run;
  std::string Error;
  ASSERT_TRUE(mergeShards({Two, One}, Run, Error)) << Error;
  ASSERT_EQ(Run.Outcomes.size(), 3u);
  for (unsigned I = 0; I < 3; ++I)
    EXPECT_EQ(Run.Outcomes[I].Kernels, I + 1);
  EXPECT_EQ(Run.Arch, "sm_90");

  EXPECT_FALSE(mergeShards({One}, Run, Error));
  EXPECT_EQ(Error, "part 2 of 2 is missing");
  std::string Overlap = writeShard(part(2, {1, 2}), "overlap");
  EXPECT_FALSE(mergeShards({One, Overlap}, Run, Error));
  EXPECT_NE(Error.find("given twice"), std::string::npos) << Error;
  for (const std::string &P : {One, Two, Overlap})
    llvm::sys::fs::remove(P);
}

} // namespace
