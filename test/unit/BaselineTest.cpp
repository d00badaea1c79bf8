#include "cuda-coalesce/Policy/Baseline.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;

namespace {

Finding finding(unsigned Line, unsigned Column, const std::string &Expression,
                model::Pattern P = model::Pattern::Strided) {
  Finding F;
  F.Where = {"/p/src/a.cu", Line, Column};
  F.Kernel = "k<float>";
  F.Function = "load2";
  F.Kind = AccessKind::Load;
  F.Expression = Expression;
  F.Prediction.Kind = P;
  return F;
}

TEST(BaselineTest, ExpressionSpacingIsNormalised) {
  EXPECT_EQ(normalizeExpression("a[2 * t]"), "a[2*t]");
  EXPECT_EQ(normalizeExpression("a[ 2*t ]"), "a[2*t]");
  EXPECT_EQ(normalizeExpression("p[t].x"), "p[t].x");
  EXPECT_EQ(normalizeExpression("in[(y + j) *\n      width + x]"),
            "in[(y+j)*width+x]");
  // Words stay apart.
  EXPECT_EQ(normalizeExpression("reinterpret_cast<const  float4 *>(a)[t]"),
            "reinterpret_cast<const float4*>(a)[t]");
  EXPECT_EQ(normalizeExpression("  a[t]  "), "a[t]");
}

TEST(BaselineTest, PathsAreRelativeToTheBaselinesDirectory) {
  EXPECT_EQ(baselinePath("/p/src/a.cu", "/p"), "src/a.cu");
  EXPECT_EQ(baselinePath("/p/src/../src/a.cu", "/p/"), "src/a.cu");
  EXPECT_EQ(baselinePath("/q/a.cu", "/p"), "/q/a.cu");
  EXPECT_EQ(baselinePath("/pp/a.cu", "/p"), "/pp/a.cu"); // not a prefix dir
}

TEST(BaselineTest, EntriesDoNotDependOnLinesOrColumns) {
  Finding A = finding(10, 3, "a[2 * t]"), B = finding(42, 7, "a[2*t]");
  auto EA = baselineEntries({{"/p/src/a.cu", &A}}, "/p");
  auto EB = baselineEntries({{"/p/src/a.cu", &B}}, "/p");
  ASSERT_EQ(EA.size(), 1u);
  EXPECT_EQ(EA[0], EB[0]);
  EXPECT_EQ(EA[0].File, "src/a.cu");
  EXPECT_EQ(EA[0].Kernel, "k<float>");
  EXPECT_EQ(EA[0].Function, "load2");
  EXPECT_EQ(EA[0].Kind, "load");
  EXPECT_EQ(EA[0].Expression, "a[2*t]");
  EXPECT_EQ(EA[0].Pattern, "strided");
  EXPECT_EQ(EA[0].Occurrence, 0u);
}

TEST(BaselineTest, EachFieldTellsFindingsApart) {
  Finding Base = finding(5, 3, "a[2*t]");
  auto Key = [&](const Finding &F, const std::string &File = "/p/src/a.cu") {
    return baselineEntries({{File, &F}}, "/p")[0];
  };
  Finding Other = Base;
  Other.Kernel = "k<double>";
  EXPECT_NE(Key(Base), Key(Other));
  Other = Base;
  Other.Function = "k";
  EXPECT_NE(Key(Base), Key(Other));
  Other = Base;
  Other.Kind = AccessKind::Store;
  EXPECT_NE(Key(Base), Key(Other));
  Other = Base;
  Other.Expression = "a[4*t]";
  EXPECT_NE(Key(Base), Key(Other));
  Other = Base;
  Other.Prediction.Kind = model::Pattern::Misaligned;
  EXPECT_NE(Key(Base), Key(Other));
  EXPECT_NE(Key(Base), Key(Base, "/p/src/b.cu"));
}

TEST(BaselineTest, IdenticalKeysAreNumberedInSourceOrder) {
  // Given out of order: the numbering follows lines, then columns.
  Finding Late = finding(30, 5, "a[2*t]"), Early = finding(12, 9, "a[2*t]"),
          Same = finding(12, 20, "a[2*t]"), Other = finding(20, 1, "b[2*t]");
  auto E = baselineEntries({{"/p/src/a.cu", &Late},
                            {"/p/src/a.cu", &Early},
                            {"/p/src/a.cu", &Other},
                            {"/p/src/a.cu", &Same}},
                           "/p");
  EXPECT_EQ(E[0].Occurrence, 2u);
  EXPECT_EQ(E[1].Occurrence, 0u);
  EXPECT_EQ(E[2].Occurrence, 0u);
  EXPECT_EQ(E[3].Occurrence, 1u);
  // Lines added above all of them shift nothing.
  Late.Where.Line += 7;
  Early.Where.Line += 7;
  Same.Where.Line += 7;
  Other.Where.Line += 7;
  auto Shifted = baselineEntries({{"/p/src/a.cu", &Late},
                                  {"/p/src/a.cu", &Early},
                                  {"/p/src/a.cu", &Other},
                                  {"/p/src/a.cu", &Same}},
                                 "/p");
  EXPECT_EQ(E, Shifted);
}

TEST(BaselineTest, WritesAndReadsBack) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cc-baseline", Dir));
  llvm::SmallString<128> Path(Dir);
  llvm::sys::path::append(Path, "baseline.json");
  Finding A = finding(10, 3, "a[2 * t]"), B = finding(11, 3, "a[2*t]");
  auto Entries =
      baselineEntries({{"/p/src/a.cu", &A}, {"/p/src/a.cu", &B}}, "/p");
  std::string Error;
  ASSERT_TRUE(writeBaseline(Path, Entries, Error)) << Error;
  std::vector<BaselineEntry> Read;
  ASSERT_TRUE(readBaseline(Path, Read, Error)) << Error;
  EXPECT_EQ(Read, Entries); // already sorted: occurrence 0, then 1
  llvm::sys::fs::remove_directories(Dir);
}

TEST(BaselineTest, BadFilesGiveOneLineOfReason) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cc-baseline", Dir));
  auto Try = [&](const std::string &Text) {
    llvm::SmallString<128> Path(Dir);
    llvm::sys::path::append(Path, "b.json");
    {
      std::error_code EC;
      llvm::raw_fd_ostream OS(Path, EC);
      OS << Text;
    }
    std::vector<BaselineEntry> Read;
    std::string Error;
    EXPECT_FALSE(readBaseline(Path, Read, Error));
    EXPECT_EQ(Error.find('\n'), std::string::npos) << Error;
    EXPECT_EQ(Error.rfind(std::string(Path) + ": ", 0), 0u) << Error;
    return Error;
  };
  EXPECT_NE(Try("{").find("not a cuda-coalesce baseline"), std::string::npos);
  EXPECT_NE(Try("{\"findings\": []}").find("not a cuda-coalesce baseline"),
            std::string::npos);
  EXPECT_NE(Try("{\"cuda-coalesce-baseline\": 1, \"findings\": [{}]}")
                .find("finding 1 lacks"),
            std::string::npos);
  std::vector<BaselineEntry> Read;
  std::string Error;
  EXPECT_FALSE(readBaseline(std::string(Dir) + "/missing.json", Read, Error));
  llvm::sys::fs::remove_directories(Dir);
}

} // namespace
