//===- VerifyVerdictTest.cpp - verify's verdicts, names and the join ------===//
#include "cuda-coalesce/Verify/Join.h"
#include "cuda-coalesce/Verify/Names.h"
#include "cuda-coalesce/Verify/StatementSpans.h"
#include "cuda-coalesce/Verify/Verdict.h"

#include <gtest/gtest.h>

using namespace cudacoalesce::verify;

namespace {

PredictedAccess access(std::optional<double> PerRequest, double Min = 0,
                       double Max = 0, const char *Pattern = "coalesced") {
  PredictedAccess P;
  P.File = "/src/k.cu";
  P.Kernel = "k";
  P.KernelFile = P.File;
  P.PerRequest = PerRequest;
  P.Min = PerRequest ? *PerRequest : Min;
  P.Max = PerRequest ? *PerRequest : Max;
  if (!PerRequest) {
    P.Min = Min;
    P.Max = Max;
  }
  P.Pattern = Pattern;
  return P;
}

TEST(VerifyVerdictTest, ExactWithinHalfAPercentOrAHundredth) {
  EXPECT_TRUE(isExact(4, 4.019)); // 0.5% of 4 is 0.02
  EXPECT_FALSE(isExact(4, 4.03));
  EXPECT_TRUE(isExact(0.5, 0.509)); // 0.01 below 2 units
  EXPECT_FALSE(isExact(0.5, 0.52));
  EXPECT_TRUE(isExact(100, 100.5));
  EXPECT_FALSE(isExact(100, 100.6));
}

TEST(VerifyVerdictTest, WeightsOnlyWhereRequestsDiffer) {
  PredictedAccess A = access(4), B = access(32);
  B.Column = 20; // another access of the line
  A.RequestsPerLaunch = 1000;
  B.RequestsPerLaunch = 1100; // a sample's noise: alike
  EXPECT_EQ(requestWeights({&A, &B}), (std::vector<double>{1, 1}));
  B.RequestsPerLaunch = 3000; // other code: by requests
  EXPECT_EQ(requestWeights({&A, &B}), (std::vector<double>{1000, 3000}));
  EXPECT_EQ(judgeLine({&A, &B}, 25).Predicted, 25); // (4 + 3 * 32) / 4
  B.RequestsPerLaunch.reset();
  EXPECT_EQ(judgeLine({&A, &B}, 18).Result, Verdict::Exact);
}

// Where the grid is not known, the requests of a block weigh the accesses
// of one line: HeCBench lud_internal's row of sixteen floats fused into
// four LDS.128 of 2 wavefronts beside sixteen LDS of 1 measured 1.2.
TEST(VerifyVerdictTest, WeightsByBlockWhereTheLaunchIsNotKnown) {
  PredictedAccess Fused = access(2), Column = access(1);
  Column.Column = 20;
  Fused.RequestsPerBlock = 4 * 8;
  Column.RequestsPerBlock = 16 * 8;
  EXPECT_EQ(requestWeights({&Fused, &Column}), (std::vector<double>{32, 128}));
  EXPECT_EQ(judgeLine({&Fused, &Column}, 1.2).Result, Verdict::Exact);
  // One access's launch known, the other's not: by block.
  Fused.RequestsPerLaunch = 4000;
  EXPECT_EQ(requestWeights({&Fused, &Column}), (std::vector<double>{32, 128}));
  Column.RequestsPerBlock.reset();
  EXPECT_EQ(judgeLine({&Fused, &Column}, 1.5).Result, Verdict::Exact);
}

// A loop unrolled at run time is two instructions of one access: copies of
// four trips fused (2 wavefronts) and the trips left over (1). Where the
// launch's trip count leaves none over, the analyzer finds that no lane
// reaches the second: it weighs nothing, and the line's count is the
// copies'. Where the trip count is not known, each states the range of
// the two.
TEST(VerifyVerdictTest, AnAccessNoLaneReachesWeighsNothing) {
  PredictedAccess Copies = access(2), Leftover = access(std::nullopt, 0, 0);
  Copies.RequestsPerLaunch = 4096;
  LineJudgement Line = judgeLine({&Copies, &Leftover}, 2);
  EXPECT_EQ(Line.Result, Verdict::Exact);
  EXPECT_EQ(Line.Predicted, 2);
  EXPECT_EQ(judgeLine({&Leftover}, 1).Result, Verdict::Wrong);
  PredictedAccess Left = access(1);
  Copies.RequestsPerLaunch.reset();
  Copies.Low = Left.Low = 1;
  Copies.High = Left.High = 2;
  EXPECT_EQ(judgeLine({&Copies, &Left}, 1.97).Result, Verdict::InRange);
  EXPECT_EQ(judgeLine({&Copies, &Left}, 2.5).Result, Verdict::Wrong);
}

TEST(VerifyVerdictTest, DefiniteRangeSampleAndScattered) {
  PredictedAccess Four = access(4);
  EXPECT_EQ(judgeLine({&Four}, 4).Result, Verdict::Exact);
  EXPECT_EQ(judgeLine({&Four}, 5).Result, Verdict::Wrong);
  EXPECT_EQ(judgeLine({&Four}, std::nullopt).Result, Verdict::NotExecuted);
  PredictedAccess Unknown = access(std::nullopt, 1, 4, "unknown");
  EXPECT_EQ(judgeLine({&Unknown}, 1.3336).Result, Verdict::InRange);
  EXPECT_EQ(judgeLine({&Unknown}, 4.02).Result, Verdict::Wrong);
  // A line with a definite access and an unknown one: every mean of them
  // lies between the least and the most.
  LineJudgement Both = judgeLine({&Four, &Unknown}, 1.5);
  EXPECT_EQ(Both.Result, Verdict::InRange);
  EXPECT_EQ(Both.Range, std::make_pair(1.0, 4.0));
  PredictedAccess Sampled = access(30);
  Sampled.Low = 29;
  Sampled.High = 31;
  EXPECT_EQ(judgeLine({&Sampled}, 29.64).Result, Verdict::InRange);
  EXPECT_EQ(judgeLine({&Sampled}, 31.06).Result, Verdict::Wrong);
  PredictedAccess Gather = access(32, 0, 0, "scattered");
  Gather.Min = 1;
  EXPECT_EQ(judgeLine({&Gather}, 20.4177).Result, Verdict::InRange);
  EXPECT_EQ(judgeLine({&Gather}, 20.4177).Predicted, 32);
  PredictedAccess Strided = access(32, 0, 0, "strided");
  EXPECT_EQ(judgeLine({&Strided}, 20.4177).Result, Verdict::Wrong);
}

TEST(VerifyVerdictTest, EachAccessClaimsAnInstruction) {
  PredictedAccess Four = access(4), ThirtyTwo = access(32);
  EXPECT_EQ(judgeAccesses({&Four, &ThirtyTwo}, {32, 4}),
            (std::vector<Verdict>{Verdict::Exact, Verdict::Exact}));
  // One instruction left that fits nothing: the access without one is wrong.
  EXPECT_EQ(judgeAccesses({&Four, &ThirtyTwo}, {4, 8}),
            (std::vector<Verdict>{Verdict::Exact, Verdict::Wrong}));
  // nvcc merged one away: every instruction is explained.
  EXPECT_EQ(judgeAccesses({&Four, &ThirtyTwo}, {4}),
            (std::vector<Verdict>{Verdict::Exact, Verdict::NoInstruction}));
  // An unrolled loop: more instructions than accesses, all explained.
  EXPECT_EQ(judgeAccesses({&Four}, {4, 4, 4}),
            (std::vector<Verdict>{Verdict::Exact}));
  PredictedAccess Unknown = access(std::nullopt, 1, 8, "unknown");
  EXPECT_EQ(judgeAccesses({&Unknown}, {3}),
            (std::vector<Verdict>{Verdict::InRange}));
  // A count for unknown sizes assumed aligned claims the range of every
  // size: backprop's 5.75 (3 to 6), 5 measured with rows of 17 floats.
  PredictedAccess Assumed = access(5.75, 0, 0, "misaligned");
  Assumed.Low = 3;
  Assumed.High = 6;
  EXPECT_EQ(judgeAccesses({&Assumed}, {5}),
            (std::vector<Verdict>{Verdict::InRange}));
  EXPECT_EQ(judgeAccesses({&Assumed}, {7}),
            (std::vector<Verdict>{Verdict::Wrong}));
}

TEST(VerifyNamesTest, KernelsAcrossTools) {
  EXPECT_EQ(kernelOfSignature("void tscale<float>(T1 *, const T1 *, T1)"),
            "tscale<float>");
  EXPECT_EQ(kernelOfSignature("ns::k(float *, int (*)[4])"), "ns::k");
  EXPECT_EQ(normalizeKernel("tstride<(int)4>"), normalizeKernel("tstride<4>"));
  EXPECT_EQ(normalizeKernel("k<(unsigned int)4, (bool)1>"), "k<4,true>");
  EXPECT_EQ(normalizeKernel("k<4U, -1L>"), "k<4,-1>");
  EXPECT_EQ(normalizeKernel("k<(long)-8>"), "k<-8>");
  EXPECT_EQ(normalizeKernel("(anonymous namespace)::k"),
            "(anonymousnamespace)::k");
  EXPECT_EQ(normalizeKernel("k<float4>"), "k<float4>"); // a type keeps its 4
}

TEST(VerifyNamesTest, EnumArgumentsAsCasts) {
  // ncu's (cu++filt's) spellings against the analyzer's profiler name
  // (Clang without enumerators): an enum cast stays, spaces go, and the
  // integer casts inside an enum's scope go as elsewhere.
  EXPECT_EQ(normalizeKernel("k<float, (int)4, (Phase)1, (ns::Layout)7>"),
            normalizeKernel("k<float, 4, (Phase)1, (ns::Layout)7>"));
  EXPECT_EQ(normalizeKernel("k<(Outer<(int)2, (bool)1>::E)1>"),
            normalizeKernel("k<(Outer<2, true>::E)1>"));
  EXPECT_EQ(normalizeKernel("k<((anonymous namespace)::Anon)5, (Neg)-2>"),
            "k<((anonymousnamespace)::Anon)5,(Neg)-2>");
  // An enum argument is not its bare value.
  EXPECT_NE(normalizeKernel("k<(Phase)0>"), normalizeKernel("k<0>"));
}

TEST(VerifyNamesTest, IntegerAndCharacterArguments) {
  // ncu (cu++filt) writes every integer argument as a cast, Clang writes
  // literals: one name for both.
  EXPECT_EQ(normalizeKernel("k<(unsigned int)3u>"), normalizeKernel("k<3U>"));
  EXPECT_EQ(normalizeKernel("k<(bool)1, (bool)0>"), "k<true,false>");
  // A char argument: Clang writes the character, ncu its value.
  EXPECT_EQ(normalizeKernel("k<(char)65>"), "k<65>");
  EXPECT_EQ(normalizeKernel("k<'A'>"), "k<65>");
  EXPECT_EQ(normalizeKernel("k<(unsigned char)65, (signed char)66>"),
            normalizeKernel("k<(unsigned char)'A', (signed char)'B'>"));
  EXPECT_EQ(normalizeKernel(R"(k<'\n', '\'', '\\', '\0', '\x7f'>)"),
            "k<10,39,92,0,127>");
  // Below zero, a char is the byte Clang prints.
  EXPECT_EQ(normalizeKernel("k<(char)-56>"), "k<200>");
  EXPECT_EQ(normalizeKernel("k<(signed char)-1>"), "k<255>");
  EXPECT_EQ(normalizeKernel(R"(k<'\xc8'>)"), "k<200>");
  EXPECT_EQ(normalizeKernel("k<(unsigned char)200>"), "k<200>");
  // An int below zero stays so; a character in a type's name is no argument.
  EXPECT_EQ(normalizeKernel("k<(int)-56>"), "k<-56>");
  EXPECT_EQ(normalizeKernel("k<char, float4>"), "k<char,float4>");
}

TEST(VerifyNamesTest, EnumArgumentsAnAnalyzerWritesOtherwise) {
  // HeCBench blockScan: ncu names the enum with CUB's inline namespace.
  std::string Ncu =
      normalizeKernel("BlockPrefixSumKernel<(int)1024, (int)1, "
                      "(cub::CUB_300001_SM_900::BlockScanAlgorithm)0>");
  auto Matches = [&](llvm::StringRef Analyzer) {
    return enumArgumentsMatch(Ncu, normalizeKernel(Analyzer));
  };
  // A cast of the same value, the type named without its inline namespace
  // (an analyzer before 2026-12-07).
  EXPECT_TRUE(
      Matches("BlockPrefixSumKernel<1024, 1, (cub::BlockScanAlgorithm)0>"));
  EXPECT_FALSE(
      Matches("BlockPrefixSumKernel<1024, 1, (cub::BlockScanAlgorithm)1>"));
  EXPECT_FALSE(Matches("BlockPrefixSumKernel<1024, 1, (cub::Other)0>"));
  EXPECT_FALSE(
      Matches("BlockPrefixSumKernel<1024, 1, (other::BlockScanAlgorithm)0>"));
  // An enumerator of the type's scope (its value unknown here).
  EXPECT_TRUE(Matches("BlockPrefixSumKernel<1024, 1, cub::BLOCK_SCAN_RAKING>"));
  EXPECT_TRUE(Matches("BlockPrefixSumKernel<1024, 1, cub::BlockScanAlgorithm::"
                      "BLOCK_SCAN_RAKING>"));
  EXPECT_FALSE(
      Matches("BlockPrefixSumKernel<1024, 1, other::BLOCK_SCAN_RAKING>"));
  // Every other argument and the name as they are.
  EXPECT_FALSE(Matches("BlockPrefixSumKernel<512, 1, cub::BLOCK_SCAN_RAKING>"));
  EXPECT_FALSE(Matches("OtherKernel<1024, 1, cub::BLOCK_SCAN_RAKING>"));
  EXPECT_FALSE(Matches("BlockPrefixSumKernel<1024, cub::BLOCK_SCAN_RAKING>"));
  // Not a number, a bool, a cast of another type's value: no enumerator.
  EXPECT_FALSE(enumArgumentsMatch("k<(Phase)0>", "k<0>"));
  EXPECT_FALSE(enumArgumentsMatch("k<(Phase)0>", "k<true>"));
  // The same name is the names' equality, not this weaker match.
  EXPECT_FALSE(enumArgumentsMatch("k<(Phase)0>", "k<(Phase)0>"));
}

TEST(VerifyNamesTest, LibraryFiles) {
  EXPECT_TRUE(isLibraryFile(
      "/usr/local/cuda/targets/x86_64-linux/include/cuda_fp16.hpp"));
  EXPECT_TRUE(
      isLibraryFile("/usr/local/cuda-12.4/include/sm_32_intrinsics.hpp"));
  EXPECT_TRUE(isLibraryFile("/opt/cccl/cub/cub/block/block_load.cuh"));
  EXPECT_TRUE(isLibraryFile("/home/u/p/third_party/thrust/thrust/copy.h"));
  EXPECT_TRUE(isLibraryFile("/usr/include/c++/12/bits/stl_algo.h"));
  EXPECT_FALSE(isLibraryFile("/home/u/cuda-samples/Samples/x/kernel.cu"));
  EXPECT_FALSE(isLibraryFile("/work/p/cuda/kernels/a.cu"));
  EXPECT_FALSE(isLibraryFile("/src/k.cu"));
}

TEST(VerifyStatementSpansTest, Statements) {
  auto Spans = statementSpans(R"(#define X(a) \
  a[0]
__global__ void k(float *o, const float *a, int n) {
  int i = threadIdx.x;
  o[i] = a[i] +
         a[i + 1];
  for (int j = 0;
       j < n; ++j)
    o[j] = 0;
  float t[2] = {a[0],
                a[1]};
  if (i < n) o[i] = 1;
}
)");
  std::vector<std::pair<unsigned, unsigned>> Want = {
      {3, 3}, {4, 4}, {5, 6}, {7, 8}, {9, 9}, {10, 11}, {12, 12}, {12, 12}};
  EXPECT_EQ(Spans, Want);
}

MeasuredLine line(unsigned Line, double Executed, double Units,
                  Operation Op = Operation::Load) {
  MeasuredLine L;
  L.File = "/build/src/k.cu";
  L.Line = Line;
  L.Op = Op;
  L.Executed = Executed;
  L.Units = Units;
  L.Instructions.push_back({"0x0", "LDG.E", Executed, Units, 0});
  return L;
}

Measurements oneLaunch(std::vector<MeasuredLine> Lines,
                       std::optional<Dim3> Block = std::nullopt) {
  Measurements M;
  M.Spaces = {Memory::Global, Memory::Shared};
  ProfiledLaunch L;
  L.Kernel = "k";
  L.File = "/build/src/k.cu";
  L.Block = Block;
  M.Launches.push_back(L);
  M.Lines = std::move(Lines);
  return M;
}

std::vector<std::string> verdicts(const JoinResult &R) {
  std::vector<std::string> Out;
  for (const JudgedRow &Row : R.Rows)
    Out.push_back(std::to_string(Row.Line) + " " +
                  verdictName(Row.Judgement.Result) +
                  (Row.MatchedBy.empty() ? "" : " by " + Row.MatchedBy));
  return Out;
}

TEST(VerifyJoinTest, AStatementOverSeveralLines) {
  // `o[i] = a[i] +\n a[i + 1];`: both loads at line 5 of the page, the
  // second access written at line 6.
  PredictedAccess A = access(4), B = access(5);
  A.Line = A.EndLine = 5;
  B.Line = B.EndLine = 6;
  auto Span = [](const std::string &, unsigned) {
    return std::pair<unsigned, unsigned>{5, 6};
  };
  std::vector<PredictedAccess> P = {A, B};
  Measurements M = oneLaunch({line(5, 20, 90)});
  EXPECT_EQ(verdicts(join(M, P, Span)),
            (std::vector<std::string>{"5 exact by line"}));
  // Without the span the second access finds no instruction and the line
  // is compared with the first alone.
  EXPECT_EQ(verdicts(join(M, P, nullptr)),
            (std::vector<std::string>{"5 wrong by line", "6 no instruction"}));
}

TEST(VerifyJoinTest, CallSitesAndFiledUnder) {
  PredictedAccess Helper = access(4);
  Helper.File = "/src/h.cuh";
  Helper.Line = Helper.EndLine = 3;
  Helper.CallChain = {{"/src/k.cu", 20}};
  Helper.KernelFile = "/src/k.cu";
  PredictedAccess Merged = access(32);
  Merged.Op = Operation::Store;
  Merged.Line = Merged.EndLine = 30;
  Merged.AlsoFiledUnder = {28};
  std::vector<PredictedAccess> P = {Helper, Merged};
  Measurements M =
      oneLaunch({line(20, 10, 40), line(28, 10, 320, Operation::Store),
                 line(30, 30, 960, Operation::Store)});
  EXPECT_EQ(verdicts(join(M, P, nullptr)),
            (std::vector<std::string>{"20 exact by call site",
                                      "28 exact by filed under",
                                      "30 exact by line"}));
}

TEST(VerifyJoinTest, LaunchShapes) {
  PredictedAccess At128 = access(4), At256 = access(8);
  At128.Line = At256.Line = At128.EndLine = At256.EndLine = 5;
  At128.Block = Dim3{128, 1, 1};
  At256.Block = Dim3{256, 1, 1};
  std::vector<PredictedAccess> P = {At128, At256};
  EXPECT_EQ(
      verdicts(join(oneLaunch({line(5, 1, 8)}, Dim3{256, 1, 1}), P, nullptr)),
      (std::vector<std::string>{"5 exact by line"}));
  EXPECT_EQ(
      verdicts(join(oneLaunch({line(5, 1, 8)}, Dim3{512, 1, 1}), P, nullptr)),
      (std::vector<std::string>{"5 other launch"}));
  // No launch shape measured: the launch profiled is one of the two, so
  // the line's count is one of theirs, not their mean.
  EXPECT_EQ(verdicts(join(oneLaunch({line(5, 1, 6)}), P, nullptr)),
            (std::vector<std::string>{"5 in range by line"}));
  EXPECT_EQ(verdicts(join(oneLaunch({line(5, 1, 8)}), P, nullptr)),
            (std::vector<std::string>{"5 in range by line"}));
  EXPECT_EQ(verdicts(join(oneLaunch({line(5, 1, 9)}), P, nullptr)),
            (std::vector<std::string>{"5 wrong by line"}));
}

// A host loop over problem sizes launches the kernel once per size with the
// same block: each launch's count is a claim of its own, and the profiled
// launch is one of them (HeCBench moe-align: 1 sector measured on the first
// launch, where the mean of its 15 launches was 3.9955). Two accesses of
// the line (another column) still make a mean.
TEST(VerifyVerdictTest, LaunchesOfOneSiteAreAlternatives) {
  PredictedAccess Few = access(1), Many = access(4), Other = access(4);
  Few.LaunchValues = "numel = 2";
  Many.LaunchValues = "numel = 8192";
  Other.Column = 20;
  EXPECT_EQ(judgeLine({&Few, &Many}, 1).Result, Verdict::InRange);
  EXPECT_EQ(judgeLine({&Few, &Many}, 4).Result, Verdict::InRange);
  EXPECT_EQ(judgeLine({&Few, &Many}, 4.5).Result, Verdict::Wrong);
  EXPECT_FALSE(judgeLine({&Few, &Many}, 1).Predicted);
  PredictedAccess Again = access(1);
  Again.LaunchValues = "numel = 3";
  EXPECT_EQ(judgeLine({&Few, &Again}, 1).Result, Verdict::Exact);
  // One count, the ranges its launches state for it together.
  Again.Low = 1;
  Again.High = 2;
  EXPECT_EQ(judgeLine({&Few, &Again}, 1).Result, Verdict::Exact);
  EXPECT_EQ(judgeLine({&Few, &Again}, 1.5).Result, Verdict::InRange);
  EXPECT_EQ(judgeLine({&Again, &Few}, 1.5).Result, Verdict::InRange);
  // Pieces of one launch (an unrolled loop's trips): their mean.
  Many.LaunchValues = Few.LaunchValues;
  EXPECT_EQ(judgeLine({&Few, &Many}, 2.5).Result, Verdict::Exact);
  Many.LaunchValues = "numel = 8192";
  EXPECT_EQ(judgeLine({&Few, &Other}, 2.5).Result, Verdict::Exact);
  EXPECT_EQ(judgeLine({&Few, &Many, &Other}, 4).Result, Verdict::InRange);
  EXPECT_EQ(judgeLine({&Few, &Many, &Other}, 0.5).Result, Verdict::Wrong);
}

TEST(VerifyJoinTest, OnlyTheMemoriesMeasured) {
  // A measurement of global memory only (tools/real-code's): the shared
  // access is not "no instruction".
  PredictedAccess Global = access(4), Shared = access(1, 0, 0, "conflict-free");
  Global.Line = Global.EndLine = 5;
  Shared.Line = Shared.EndLine = 6;
  Shared.Space = Memory::Shared;
  std::vector<PredictedAccess> P = {Global, Shared};
  Measurements M = oneLaunch({line(5, 1, 4)});
  M.Spaces = {Memory::Global};
  EXPECT_EQ(verdicts(join(M, P, nullptr)),
            (std::vector<std::string>{"5 exact by line"}));
  M.Spaces.insert(Memory::Shared);
  EXPECT_EQ(verdicts(join(M, P, nullptr)),
            (std::vector<std::string>{"5 exact by line", "6 no instruction"}));
}

TEST(VerifyJoinTest, KernelsOfOneNameInSeveralFiles) {
  PredictedAccess Here = access(4), Elsewhere = access(32);
  Here.Line = Elsewhere.Line = Here.EndLine = Elsewhere.EndLine = 5;
  Elsewhere.File = Elsewhere.KernelFile = "/src/other.cu";
  std::vector<PredictedAccess> P = {Here, Elsewhere};
  JoinResult R = join(oneLaunch({line(5, 1, 4)}), P, nullptr);
  EXPECT_EQ(verdicts(R), (std::vector<std::string>{"5 exact by line"}));
  EXPECT_EQ(R.AccessesNotProfiled, 0u);
}

TEST(VerifyJoinTest, EnumInstancesJoinOnTheProfilerName) {
  PredictedAccess A = access(4), B = access(16);
  A.Line = A.EndLine = B.Line = B.EndLine = 5;
  A.Kernel = "k<Phase::Prefill>";
  B.Kernel = "k<Phase::Decode>";
  Measurements M = oneLaunch({line(5, 1, 4)});
  M.Launches[0].Kernel = "k<(Phase)0>";
  // By their enumerators, either instance could be the profiled one.
  std::vector<PredictedAccess> P = {A, B};
  EXPECT_EQ(verdicts(join(M, P, nullptr)),
            (std::vector<std::string>{"5 not predicted"}));
  P[0].ProfilerKernel = "k<(Phase)0>";
  P[1].ProfilerKernel = "k<(Phase)1>";
  JoinResult R = join(M, P, nullptr);
  EXPECT_EQ(verdicts(R), (std::vector<std::string>{"5 exact by line"}));
  // Rows keep the name users read.
  ASSERT_EQ(R.Rows.size(), 1u);
  EXPECT_EQ(R.Rows[0].Kernel, "k<Phase::Prefill>");
  EXPECT_EQ(R.AccessesNotProfiled, 1u); // Decode's
}

// An analyzer's JSON without the profiler's name as ncu writes it (one
// from before the inline namespaces were printed, or with enumerators
// only): a profiled instance meets the analyzer's where that is the only
// answer both ways.
TEST(VerifyJoinTest, EnumArgumentsWrittenOtherwiseJoinWhereUnique) {
  auto Instance = [](const char *Kernel, double PerRequest) {
    PredictedAccess A = access(PerRequest);
    A.Line = A.EndLine = 5;
    A.Kernel = Kernel;
    return A;
  };
  auto Profiled = [](std::vector<std::string> Kernels) {
    Measurements M;
    M.Spaces = {Memory::Global};
    for (size_t I = 0; I < Kernels.size(); ++I) {
      ProfiledLaunch L;
      L.Kernel = Kernels[I];
      M.Launches.push_back(L);
      MeasuredLine Line = line(5, 1, I ? 16 : 4);
      Line.Launch = I;
      M.Lines.push_back(Line);
    }
    return M;
  };
  Measurements One = Profiled({"k<(int)4, (ns::V1::E)0>"});
  // The enum's cast without the inline namespace: the value tells.
  std::vector<PredictedAccess> P = {Instance("k<4, ns::A>", 4),
                                    Instance("k<4, ns::B>", 16)};
  P[0].ProfilerKernel = "k<4, (ns::E)0>";
  P[1].ProfilerKernel = "k<4, (ns::E)1>";
  JoinResult R = join(One, P, nullptr);
  EXPECT_EQ(verdicts(R), (std::vector<std::string>{"5 exact by line"}));
  ASSERT_EQ(R.Rows.size(), 1u);
  EXPECT_EQ(R.Rows[0].Kernel, "k<4, ns::A>");
  // Enumerators only: one instance is the one answer.
  std::vector<PredictedAccess> Bare = {Instance("k<4, ns::A>", 4)};
  EXPECT_EQ(verdicts(join(One, Bare, nullptr)),
            (std::vector<std::string>{"5 exact by line"}));
  // Two instances that differ only in that argument: either could be the
  // profiled one, and neither is taken.
  Bare.push_back(Instance("k<4, ns::B>", 16));
  EXPECT_EQ(verdicts(join(One, Bare, nullptr)),
            (std::vector<std::string>{"5 not predicted"}));
  // Two profiled instances and one of the analyzer's: neither is taken.
  Measurements Two =
      Profiled({"k<(int)4, (ns::V1::E)0>", "k<(int)4, (ns::V1::E)1>"});
  Bare.pop_back();
  EXPECT_EQ(verdicts(join(Two, Bare, nullptr)),
            (std::vector<std::string>{"5 not predicted", "5 not predicted"}));
  // Where the values are known both are joined, each to its own.
  EXPECT_EQ(verdicts(join(Two, P, nullptr)),
            (std::vector<std::string>{"5 exact by line", "5 exact by line"}));
}

TEST(VerifyPredictionTest, ReadsTheProfilerName) {
  llvm::Expected<llvm::json::Value> Document = llvm::json::parse(R"({
    "accesses": [
      {"file": "k.cu", "line": 5, "kind": "load", "kernel": "k<Phase::Prefill>",
       "kernel_profiler_name": "k<(Phase)0>"},
      {"file": "k.cu", "line": 6, "kind": "load", "kernel": "k<(int)4>"}]})");
  ASSERT_TRUE(bool(Document));
  std::vector<PredictedAccess> Out;
  llvm::json::Array Raw;
  std::string Error;
  ASSERT_TRUE(readPredictions(*Document, Out, Raw, Error)) << Error;
  ASSERT_EQ(Out.size(), 2u);
  EXPECT_EQ(Out[0].Kernel, "k<Phase::Prefill>");
  EXPECT_EQ(joinedKernelName(Out[0]), "k<(Phase)0>");
  EXPECT_EQ(Out[1].ProfilerKernel, "");
  EXPECT_EQ(joinedKernelName(Out[1]), "k<4>");
}

} // namespace
