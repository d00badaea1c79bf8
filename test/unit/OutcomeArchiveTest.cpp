//===- OutcomeArchiveTest.cpp - A file's outcome as bytes and back --------===//
#include "cuda-coalesce/Driver/OutcomeArchive.h"

#include "gtest/gtest.h"

using namespace cudacoalesce;

namespace {

/// A finding with every field away from its default.
Finding sampleFinding(const std::string &Kernel) {
  Finding F;
  F.Where = {"k.cu", 12, 7};
  F.End = {"k.cu", 12, 19};
  F.Kernel = Kernel;
  F.ProfilerKernel = Kernel + "<(Phase)0>";
  F.Function = "helper";
  F.Kind = AccessKind::Atomic;
  F.Expression = "a[i * 2]";
  F.Index = "2*threadIdx.x";
  F.ByteOffset = "8*threadIdx.x";
  F.BaseName = "a";
  F.ElementBytes = 4;
  F.Block = {32, 8, 2};
  F.BlockOrigin = "the launch at k.cu:40:3";
  F.Prediction.Kind = model::Pattern::Strided;
  F.Prediction.Units = 8.5;
  F.Prediction.UnitsMin = 8;
  F.Prediction.UnitsMax = 9;
  F.Prediction.IdealUnits = 4;
  F.Prediction.Groups = 2.25;
  F.Prediction.Assumptions = {
      {model::Assumption::Kind::SamePatternForEveryValue, "n", 32, 95, 4, 5.5},
      {model::Assumption::Kind::GuardUnknown}};
  F.Prediction.Condition = model::IdealCondition{"W", 8, 3, true};
  F.Prediction.AlignmentAssumed = true;
  F.Prediction.Cause = model::UnknownCause{
      model::UnknownCause::Kind::DependsOnUnknowns, "s", 4, 32};
  F.Prediction.Walk = {1e6, 1024, 1000, 4000};
  F.Prediction.LaneStrideBytes = -8;
  F.Prediction.FirstLaneOffsetInPeriod = 4;
  F.Prediction.DependsOnLaneData = true;
  F.Assumptions = {"assumed block"};
  F.CallChain = {{"h.cuh", 3, 1}, {"h.cuh", 9, 2}};
  F.Fixes.push_back({fixes::FixKind::VectorLoad,
                     "use float4",
                     4.0,
                     {{"k.cu", 100, 5, "float4"}, {"k.cu", 200, 0, ""}}});
  F.Fixes.push_back({fixes::FixKind::Scattered, "no fix", std::nullopt, {}});
  model::WarpSnapshot W;
  W.Warp = 3;
  W.Setting = {{"blockIdx.x", 1}, {"iter(i)", -2}};
  W.WidthBytes = 16;
  W.ChunkBytes = 8;
  W.Lanes = {{true, 64}, {false, std::nullopt}, {true, std::nullopt}};
  F.Warp = W;
  return F;
}

FileOutcome sampleOutcome() {
  FileOutcome O;
  O.File = "dir/k.cu";
  O.Failed = true;
  O.Error = "does not compile: k.cu:1:1: error";
  O.Kernels = 5;
  O.KernelsWithErrors = 2;
  O.HostErrors = 3;
  O.FirstHostError = "host.cu:2:2: bad";
  O.AnalysedThrough = "main.cu";
  O.CommandInferredFrom = "inferred from neighbour.cu";
  O.Findings.push_back(
      {sampleFinding("k1"), "k.cu:12:7: warning: ...\n", true});
  O.Findings.push_back({Finding(), "", false});
  O.Remarks = "note: kernel without accesses\n";
  O.ConfigFile = "/p/.cuda-coalesce.yaml";
  O.Skipped = true;
  O.Suppressed = {sampleFinding("k2")};
  O.InBaseline = 7;
  O.CommandDirectory = "/p/build";
  O.IncludedInputs = {"/p/a.cuh", "/p/b.cuh"};
  LaunchSite L;
  L.Where = {"main.cu", 40, 3};
  L.Block = model::Dim3{32, 8, 1};
  L.Arguments = {{0, 1024}, {2, -1}};
  O.Launches["k1"] = {L, LaunchSite()};
  O.Launches["k2<float>"] = {};
  O.KernelsWithoutLaunch = {"k3"};
  return O;
}

TEST(OutcomeArchiveTest, EveryFieldComesBack) {
  FileOutcome In = sampleOutcome();
  std::string Bytes = serializeOutcome(In);
  FileOutcome Out;
  ASSERT_TRUE(deserializeOutcome(Bytes, Out));
  EXPECT_EQ(serializeOutcome(Out), Bytes);

  EXPECT_EQ(Out.File, "dir/k.cu");
  EXPECT_TRUE(Out.Failed);
  EXPECT_EQ(Out.Error, In.Error);
  EXPECT_EQ(Out.Kernels, 5u);
  EXPECT_EQ(Out.KernelsWithErrors, 2u);
  EXPECT_EQ(Out.HostErrors, 3u);
  EXPECT_EQ(Out.FirstHostError, In.FirstHostError);
  EXPECT_EQ(Out.AnalysedThrough, "main.cu");
  EXPECT_EQ(Out.CommandInferredFrom, "inferred from neighbour.cu");
  EXPECT_EQ(Out.Remarks, In.Remarks);
  EXPECT_EQ(Out.ConfigFile, In.ConfigFile);
  EXPECT_TRUE(Out.Skipped);
  EXPECT_EQ(Out.InBaseline, 7u);
  EXPECT_EQ(Out.CommandDirectory, "/p/build");
  EXPECT_EQ(Out.IncludedInputs, In.IncludedInputs);
  EXPECT_EQ(Out.KernelsWithoutLaunch, In.KernelsWithoutLaunch);

  ASSERT_EQ(Out.Findings.size(), 2u);
  EXPECT_EQ(Out.Findings[0].Text, In.Findings[0].Text);
  EXPECT_TRUE(Out.Findings[0].FailsRun);
  EXPECT_FALSE(Out.Findings[1].FailsRun);
  const Finding &F = Out.Findings[0].Data;
  EXPECT_EQ(F.Where.File, "k.cu");
  EXPECT_EQ(F.Where.Line, 12u);
  EXPECT_EQ(F.Where.Column, 7u);
  EXPECT_EQ(F.End.Column, 19u);
  EXPECT_EQ(F.ProfilerKernel, In.Findings[0].Data.ProfilerKernel);
  EXPECT_EQ(F.Kind, AccessKind::Atomic);
  EXPECT_EQ(F.Expression, "a[i * 2]");
  EXPECT_EQ(F.Block.Z, 2);
  EXPECT_EQ(F.Prediction.Kind, model::Pattern::Strided);
  EXPECT_EQ(F.Prediction.Units, 8.5);
  EXPECT_EQ(F.Prediction.Groups, 2.25);
  ASSERT_EQ(F.Prediction.Assumptions.size(), 2u);
  const model::Assumption &A = F.Prediction.Assumptions[0];
  EXPECT_EQ(A.What, model::Assumption::Kind::SamePatternForEveryValue);
  EXPECT_EQ(A.Names, "n");
  EXPECT_EQ(A.High, 95);
  EXPECT_EQ(A.Most, 5.5);
  EXPECT_EQ(F.Prediction.Assumptions[1].What,
            model::Assumption::Kind::GuardUnknown);
  ASSERT_TRUE(F.Prediction.Condition);
  EXPECT_EQ(F.Prediction.Condition->Unknown, "W");
  EXPECT_EQ(F.Prediction.Condition->Modulus, 8);
  EXPECT_EQ(F.Prediction.Condition->Equals, 3);
  EXPECT_TRUE(F.Prediction.Condition->UpTo);
  ASSERT_TRUE(F.Prediction.Cause);
  EXPECT_EQ(F.Prediction.Cause->Names, "s");
  EXPECT_EQ(F.Prediction.Cause->Most, 32);
  EXPECT_EQ(F.Prediction.Walk.LaunchVisits, 1e6);
  EXPECT_EQ(F.Prediction.Walk.Requests, 4000u);
  EXPECT_TRUE(F.Prediction.AlignmentAssumed);
  EXPECT_EQ(F.Prediction.LaneStrideBytes, -8);
  EXPECT_TRUE(F.Prediction.DependsOnLaneData);
  ASSERT_EQ(F.CallChain.size(), 2u);
  EXPECT_EQ(F.CallChain[1].Line, 9u);
  ASSERT_EQ(F.Fixes.size(), 2u);
  EXPECT_EQ(F.Fixes[0].Kind, fixes::FixKind::VectorLoad);
  EXPECT_EQ(F.Fixes[0].PredictedUnits, 4.0);
  EXPECT_EQ(F.Fixes[0].Replacements, In.Findings[0].Data.Fixes[0].Replacements);
  EXPECT_FALSE(F.Fixes[1].PredictedUnits);
  ASSERT_TRUE(F.Warp);
  EXPECT_EQ(F.Warp->Setting, In.Findings[0].Data.Warp->Setting);
  EXPECT_EQ(F.Warp->ChunkBytes, 8u);
  ASSERT_EQ(F.Warp->Lanes.size(), 3u);
  EXPECT_EQ(F.Warp->Lanes[0].ByteOffset, 64);
  EXPECT_FALSE(F.Warp->Lanes[1].Active);
  EXPECT_FALSE(F.Warp->Lanes[2].ByteOffset);
  EXPECT_FALSE(Out.Findings[1].Data.Warp);

  ASSERT_EQ(Out.Suppressed.size(), 1u);
  EXPECT_EQ(Out.Suppressed[0].Kernel, "k2");
  ASSERT_EQ(Out.Launches.size(), 2u);
  const std::vector<LaunchSite> &Sites = Out.Launches["k1"];
  ASSERT_EQ(Sites.size(), 2u);
  EXPECT_EQ(Sites[0].Block->Y, 8);
  EXPECT_FALSE(Sites[0].Grid);
  EXPECT_EQ(Sites[0].Arguments, In.Launches["k1"][0].Arguments);
  EXPECT_TRUE(Out.Launches["k2<float>"].empty());
}

TEST(OutcomeArchiveTest, CutOrPaddedBytesAreRejected) {
  std::string Bytes = serializeOutcome(sampleOutcome());
  FileOutcome Out;
  for (size_t Cut : {size_t(0), size_t(1), Bytes.size() / 2, Bytes.size() - 1})
    EXPECT_FALSE(deserializeOutcome(Bytes.substr(0, Cut), Out)) << Cut;
  EXPECT_FALSE(deserializeOutcome(Bytes + "x", Out));
  // A length that claims more than there is.
  std::string Huge(8, '\xff');
  EXPECT_FALSE(deserializeOutcome(Huge + Bytes, Out));
}

} // namespace
