//===- test/unit/ResultCacheTest.cpp - Each file's outcome, kept on disk --===//
#include "cuda-coalesce/Driver/ResultCache.h"
#include "cuda-coalesce/Driver/OutcomeArchive.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;

namespace {

class ResultCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("result-cache", Root));
    Source = path("a.cu");
    Header = path("a.cuh");
    write(Source, "#include \"a.cuh\"\n");
    write(Header, "// one\n");
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }

  std::string path(llvm::StringRef Name) {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  static void write(const std::string &Path, llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << Text;
  }
  FileOutcome outcome() const {
    FileOutcome O;
    O.File = Source;
    O.Kernels = 3;
    O.FilesRead = {Header, Source};
    return O;
  }
  std::string keyWith(ResultCache &C, const AnalysisOptions &With,
                      const std::string &Salt = "") {
    return C.key(Opts, DB, Source, {}, With, "", Salt);
  }

  llvm::SmallString<256> Root;
  std::string Source, Header;
  RunOptions Opts;
  clang::tooling::FixedCompilationDatabase DB{".", {}};
};

TEST_F(ResultCacheTest, KeptOutcomeComesBackWhileItsFilesAreUnchanged) {
  ResultCache C(path("cache"), 1 << 20);
  std::string Key = keyWith(C, AnalysisOptions());
  EXPECT_FALSE(C.lookup(Key));
  C.store(Key, serializeOutcome(outcome()), outcome());
  std::optional<std::string> Kept = C.lookup(Key);
  ASSERT_TRUE(Kept);
  FileOutcome O;
  ASSERT_TRUE(deserializeOutcome(*Kept, O));
  EXPECT_EQ(O.Kernels, 3u);
  EXPECT_EQ(C.hits(), 1u);
  EXPECT_EQ(C.misses(), 1u);

  // A header it read changes: a new run (digests are taken once per run)
  // finds nothing.
  write(Header, "// two\n");
  ResultCache Later(path("cache"), 1 << 20);
  EXPECT_FALSE(Later.lookup(Key));
}

TEST_F(ResultCacheTest, KeyTakesLaunchesShapesAndSalt) {
  ResultCache C(path("cache"), 1 << 20);
  AnalysisOptions Plain, Shaped, Launched;
  Shaped.BlockDim = model::Dim3{64, 1, 1};
  LaunchSite L;
  L.Block = model::Dim3{128, 1, 1};
  Launched.ProjectLaunches["k"].push_back(L);
  std::string Key = keyWith(C, Plain);
  EXPECT_EQ(Key, keyWith(C, Plain));
  EXPECT_NE(Key, keyWith(C, Shaped));
  EXPECT_NE(Key, keyWith(C, Launched));
  EXPECT_NE(Key, keyWith(C, Plain, "text"));
  EXPECT_NE(Key, C.key(Opts, DB, Source, {path("b.cu")}, Plain, "", ""));
}

TEST_F(ResultCacheTest, FailedOutcomesAreNotKept) {
  ResultCache C(path("cache"), 1 << 20);
  std::string Key = keyWith(C, AnalysisOptions());
  FileOutcome Failed = outcome();
  Failed.Failed = true;
  C.store(Key, serializeOutcome(Failed), Failed);
  FileOutcome Missing = outcome();
  Missing.MissingHeaders = {"omp.h"};
  C.store(Key, serializeOutcome(Missing), Missing);
  EXPECT_FALSE(C.lookup(Key));
}

TEST_F(ResultCacheTest, EvictsTheLeastRecentlyUsedPastTheBound) {
  ResultCache C(path("cache"), 0);
  C.store(keyWith(C, AnalysisOptions(), "1"), "x", outcome());
  C.store(keyWith(C, AnalysisOptions(), "2"), "y", outcome());
  EXPECT_EQ(C.evict(), 2u);
  EXPECT_FALSE(C.lookup(keyWith(C, AnalysisOptions(), "1")));
  ResultCache Roomy(path("cache"), 1 << 20);
  Roomy.store(keyWith(Roomy, AnalysisOptions(), "1"), "x", outcome());
  EXPECT_EQ(Roomy.evict(), 0u);
}

} // namespace
