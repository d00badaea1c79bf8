#include "cuda-coalesce/Policy/ProjectConfig.h"
#include "cuda-coalesce/Frontend/KernelAnalysis.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;

namespace {

std::optional<ProjectConfig> parse(llvm::StringRef Text, std::string &Error) {
  return parseProjectConfig(Text, "/p/.cuda-coalesce.yaml", Error);
}

std::string errorOf(llvm::StringRef Text) {
  std::string Error;
  EXPECT_FALSE(parse(Text, Error).has_value()) << Text.str();
  EXPECT_EQ(Error.find('\n'), std::string::npos) << Error;
  return Error;
}

TEST(ProjectConfigTest, EmptyFileMeansDefaults) {
  std::string Error;
  auto C = parse("# nothing yet\n", Error);
  ASSERT_TRUE(C) << Error;
  EXPECT_TRUE(C->BlockDims.empty());
  EXPECT_TRUE(C->Skip.empty());
  EXPECT_FALSE(C->FailOn.has_value());
  EXPECT_EQ(C->Directory, "/p");
}

TEST(ProjectConfigTest, ReadsEveryKey) {
  std::string Error;
  auto C = parse("block-dim:\n"
                 "  transpose: 32,8\n"
                 "  \"reduce*\": [128, 2]\n"
                 "  scale: 64\n"
                 "skip:\n"
                 "  - third_party/\n"
                 "  - \"*_generated.cu\"\n"
                 "fail-on: [strided, scattered]\n",
                 Error);
  ASSERT_TRUE(C) << Error;
  ASSERT_EQ(C->BlockDims.size(), 3u);
  EXPECT_EQ(C->BlockDims[0].Kernel, "transpose");
  EXPECT_EQ(C->BlockDims[0].Block, (model::Dim3{32, 8, 1}));
  EXPECT_EQ(C->BlockDims[1].Kernel, "reduce*");
  EXPECT_EQ(C->BlockDims[1].Block, (model::Dim3{128, 2, 1}));
  EXPECT_EQ(C->BlockDims[2].Block, (model::Dim3{64, 1, 1}));
  EXPECT_EQ(C->Skip,
            (std::vector<std::string>{"third_party", "*_generated.cu"}));
  ASSERT_TRUE(C->FailOn.has_value());
  EXPECT_EQ(*C->FailOn, (std::set<model::Pattern>{model::Pattern::Strided,
                                                  model::Pattern::Scattered}));
}

TEST(ProjectConfigTest, FailOnDecidesWhichFlaggedFindingsFail) {
  std::string Error;
  Finding Strided, Misaligned, Coalesced;
  Strided.Prediction.Kind = model::Pattern::Strided;
  Misaligned.Prediction.Kind = model::Pattern::Misaligned;
  Coalesced.Prediction.Kind = model::Pattern::Coalesced;
  auto Default = parse("skip: x.cu\n", Error);
  ASSERT_TRUE(Default) << Error;
  EXPECT_TRUE(Default->failsOn(Strided));
  EXPECT_TRUE(Default->failsOn(Misaligned));
  EXPECT_FALSE(Default->failsOn(Coalesced));
  auto OnlyStrided = parse("fail-on: strided\n", Error);
  ASSERT_TRUE(OnlyStrided) << Error;
  EXPECT_TRUE(OnlyStrided->failsOn(Strided));
  EXPECT_FALSE(OnlyStrided->failsOn(Misaligned));
  auto Never = parse("fail-on: []\n", Error);
  ASSERT_TRUE(Never) << Error;
  EXPECT_FALSE(Never->failsOn(Strided));
}

TEST(ProjectConfigTest, SkipGlobsAreRelativeToTheConfigsDirectory) {
  std::string Error;
  auto C = parse("skip: [third_party, \"*_generated.cu\", \"src/old?.cu\"]\n",
                 Error);
  ASSERT_TRUE(C) << Error;
  EXPECT_TRUE(C->skips("/p/third_party/lib/k.cu")); // under a directory
  EXPECT_TRUE(C->skips("/p/x_generated.cu"));
  EXPECT_TRUE(C->skips("/p/deep/dir/x_generated.cu")); // `*` crosses `/`
  EXPECT_TRUE(C->skips("/p/src/old1.cu"));
  EXPECT_TRUE(C->skips("/p/src/../third_party/k.cu"));
  EXPECT_FALSE(C->skips("/p/src/old12.cu"));
  EXPECT_FALSE(C->skips("/p/src/k.cu"));
  EXPECT_FALSE(C->skips("/p/third_party_not/k.cu"));
  EXPECT_FALSE(C->skips("/q/third_party/k.cu")); // outside the directory
  EXPECT_FALSE(C->skips("/pthird_party/k.cu"));
}

TEST(ProjectConfigTest, ErrorsNameTheFileLineAndProblem) {
  EXPECT_EQ(errorOf("fail_on: [strided]\n"),
            "/p/.cuda-coalesce.yaml:1:1: unknown key 'fail_on' (expected "
            "block-dim, skip, fail-on or fail-on-wasted)");
  EXPECT_EQ(
      errorOf("skip: a\nfail-on: [strided, coalesced]\n"),
      "/p/.cuda-coalesce.yaml:2:20: 'coalesced' cannot fail the run "
      "(expected misaligned, strided, scattered, unknown or bank-conflict)");
  EXPECT_EQ(errorOf("block-dim:\n  k: 64,64,64\n"),
            "/p/.cuda-coalesce.yaml:2:6: invalid block shape '64,64,64' for "
            "'k': expected X[,Y[,Z]] with at most 1024 threads");
  EXPECT_EQ(errorOf("block-dim: 32\n"),
            "/p/.cuda-coalesce.yaml:1:12: block-dim expects a mapping from "
            "kernel names or globs to X[,Y[,Z]]");
  EXPECT_EQ(errorOf("skip: a\nskip: b\n"),
            "/p/.cuda-coalesce.yaml:2:1: 'skip' is given twice");
  EXPECT_EQ(errorOf("- strided\n"),
            "/p/.cuda-coalesce.yaml:1:1: expected a mapping with the keys "
            "block-dim, skip and fail-on");
  EXPECT_EQ(errorOf("skip: \"[a\"\n"),
            "/p/.cuda-coalesce.yaml:1:7: invalid glob '[a' in skip");
  // The YAML parser's own complaints come through with their place.
  EXPECT_EQ(errorOf("skip: [a, b\n").rfind("/p/.cuda-coalesce.yaml:", 0), 0u);
  EXPECT_EQ(errorOf("fail-on:\n"),
            "/p/.cuda-coalesce.yaml:1:1: no value for 'fail-on'");
  EXPECT_EQ(errorOf("block-dim:\n  k:\n"),
            "/p/.cuda-coalesce.yaml:2:3: no block shape for 'k'");
}

TEST(ProjectConfigTest, KernelGlobsMatchEveryFormOfTheName) {
  EXPECT_TRUE(kernelGlobMatches("transpose", "transpose"));
  EXPECT_TRUE(kernelGlobMatches("transpose", "ns::transpose<float, 32>"));
  EXPECT_TRUE(kernelGlobMatches("ns::transpose", "ns::transpose<float, 32>"));
  EXPECT_TRUE(kernelGlobMatches("ns::transpose<float, 32>",
                                "ns::transpose<float, 32>"));
  EXPECT_TRUE(kernelGlobMatches("trans*", "ns::transpose<float, 32>"));
  EXPECT_TRUE(kernelGlobMatches("*<float*", "ns::transpose<float, 32>"));
  EXPECT_FALSE(kernelGlobMatches("transpose", "transpose_naive"));
  EXPECT_FALSE(kernelGlobMatches("other::transpose", "ns::transpose"));
  EXPECT_FALSE(kernelGlobMatches("[", "k")); // an invalid glob: no match
}

TEST(ProjectConfigTest, BlockShapeText) {
  auto Shape = parseBlockShape("32, 8");
  ASSERT_TRUE(Shape);
  EXPECT_EQ(*Shape, (model::Dim3{32, 8, 1}));
  EXPECT_EQ(*parseBlockShape("1024"), (model::Dim3{1024, 1, 1}));
  EXPECT_EQ(*parseBlockShape("4,4,4"), (model::Dim3{4, 4, 4}));
  for (const char *Bad :
       {"", "0", "2000", "32,64", "1,2,3,4", "8,,8", "x", "-1", "32,8,"})
    EXPECT_FALSE(parseBlockShape(Bad)) << Bad;
}

} // namespace

TEST(ProjectConfigTest, WasteAmountsAreBytesOrShares) {
  bool Share = false;
  EXPECT_EQ(parseWasteAmount("64MiB", Share), 64.0 * 1024 * 1024);
  EXPECT_FALSE(Share);
  EXPECT_EQ(parseWasteAmount("1GB", Share), 1e9);
  EXPECT_EQ(parseWasteAmount("4096", Share), 4096.0);
  EXPECT_EQ(parseWasteAmount("2 KiB", Share), 2048.0);
  EXPECT_EQ(parseWasteAmount("10%", Share), 0.1);
  EXPECT_TRUE(Share);
  EXPECT_FALSE(parseWasteAmount("150%", Share));
  EXPECT_FALSE(parseWasteAmount("lots", Share));
  EXPECT_FALSE(parseWasteAmount("-1", Share));
  EXPECT_FALSE(parseWasteAmount("3 parsecs", Share));
}
