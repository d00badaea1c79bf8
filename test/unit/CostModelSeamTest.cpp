//===- CostModelSeamTest.cpp - A third memory through to the output -------===//
//
// A cost model is one seam from pricing to the reports: a made-up model of a
// third memory, defined here and nowhere in lib/, prices an access, and the
// reports print its words, not global or shared memory's.
//
//===----------------------------------------------------------------------===//
#include "cuda-coalesce/Driver/OutcomeArchive.h"
#include "cuda-coalesce/Model/WarpModel.h"
#include "cuda-coalesce/Report/JsonReport.h"
#include "cuda-coalesce/Report/MarkdownReport.h"
#include "cuda-coalesce/Report/PredictionText.h"
#include "cuda-coalesce/Report/RunInfo.h"
#include "cuda-coalesce/Report/TextReport.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <set>

using namespace cudacoalesce;
using namespace cudacoalesce::model;

namespace {

/// Local memory in 64-byte lines, four lines to a 256-byte set: made up for
/// the test, with words of its own.
constexpr unsigned LineBytes = 64, SetBytes = 256;

constexpr CostModelDescription LineDescription =
    CostModelDescription("line", "lines", "line-tight", "lines")
        .groups("cache sets", "sets")
        .conflict("line split")
        .deviceBytesPerUnit(LineBytes)
        .summedApartAs("local memory")
        .period("256-byte set");

class LineModel : public RequestCostModel {
public:
  const CostModelDescription &description() const override {
    return LineDescription;
  }
  RequestCost costOfRequest(const std::vector<int64_t> &LaneAddresses, uint32_t,
                            unsigned ChunkBytes) const override {
    std::set<int64_t> Lines, Sets, Bytes;
    for (int64_t A : LaneAddresses)
      for (int64_t B = A; B < A + ChunkBytes; ++B) {
        Lines.insert(B / LineBytes);
        Sets.insert(B / SetBytes);
        Bytes.insert(B);
      }
    RequestCost C;
    C.Units = Lines.size();
    C.Segments = Sets.size();
    C.IdealUnits = (Bytes.size() + LineBytes - 1) / LineBytes;
    C.AlignedUnits = C.IdealUnits;
    return C;
  }
  RequestCost costOfGather(unsigned ActiveLanes, unsigned) const override {
    return {ActiveLanes, 1, ActiveLanes, ActiveLanes};
  }
  int64_t periodBytes() const override { return SetBytes; }
  Pattern classify(const CostTotals &T, bool) const override {
    if (T.Requests == 0)
      return Pattern::Unknown;
    return T.Units <= T.IdealUnits + 1e-9 ? Pattern::Coalesced
                                          : Pattern::Strided;
  }
};

/// `a[2 * i]` of floats in local memory, i the thread's index in a grid of
/// 4 blocks of 256: each warp asks for 128 of 256 bytes, 4 lines where 2
/// would do.
Finding pricedByLines(const RequestCostModel &Model) {
  sym::Context Ctx;
  ModelCaches Caches;
  sym::Poly Thread =
      sym::Poly::atom(Ctx.blockIdx(0)) * sym::Poly::atom(Ctx.blockDim(0)) +
      sym::Poly::atom(Ctx.threadIdx(0));
  AccessShape A;
  A.ByteOffset = Thread.scaled(8);
  A.Space = AddressSpace::Local;
  LaunchShape L;
  L.Block = {256, 1, 1};
  L.Grid = Dim3{4, 1, 1};
  Finding F;
  F.Where = {"k.cu", 7, 3};
  F.Kernel = F.Function = "k";
  F.BaseName = "a";
  F.Expression = "a[2 * i]";
  F.Index = F.ByteOffset = "2*threadIdx.x";
  F.ElementBytes = 4;
  F.BlockOrigin = "block (256,1,1) from the launch at k.cu:20:3";
  F.Prediction = predictWith(Ctx, Caches, A, L, Model);
  F.Warp = WarpSnapshot(); // flagged: the front end takes one
  return F;
}

TEST(CostModelSeamTest, PredictionsCarryTheModelThatPricedThem) {
  LineModel Lines;
  Finding F = pricedByLines(Lines);
  const Prediction &P = F.Prediction;
  EXPECT_EQ(&P.model(), &LineDescription);
  EXPECT_EQ(P.Space, AddressSpace::Local);
  EXPECT_EQ(P.Kind, Pattern::Strided);
  ASSERT_TRUE(P.Units);
  EXPECT_DOUBLE_EQ(*P.Units, 4);
  EXPECT_DOUBLE_EQ(P.IdealUnits, 2);
  EXPECT_DOUBLE_EQ(P.Groups, 1);
  EXPECT_EQ(P.FirstLaneOffsetInPeriod, 0);

  // The memories' own models, as predict() picks them.
  sym::Context Ctx;
  ModelCaches Caches;
  AccessShape A;
  A.ByteOffset = sym::Poly::atom(Ctx.threadIdx(0)).scaled(4);
  LaunchShape L;
  L.Block = {64, 1, 1};
  EXPECT_EQ(&predict(Ctx, Caches, A, L).model(), &GlobalSectorDescription);
  A.Space = AddressSpace::Shared;
  EXPECT_EQ(&predict(Ctx, Caches, A, L).model(), &SharedBankDescription);
  EXPECT_EQ(&costModelFor(AddressSpace::Shared)->description(),
            &SharedBankDescription);
}

TEST(CostModelSeamTest, TextReportUsesTheModelsWords) {
  LineModel Lines;
  Finding F = pricedByLines(Lines);
  EXPECT_EQ(findingMessage(F), "strided local load from 'a': 4 lines/request "
                               "where 2 would do (2-way line split)");
  std::vector<std::string> Notes = findingNotes(F);
  ASSERT_GE(Notes.size(), 2u);
  EXPECT_EQ(Notes[1], "lanes 0 and 1 are 8 bytes apart; lane 0 starts 0 "
                      "bytes into a 256-byte set; cache sets per request: 1");

  F.Prediction.Condition = IdealCondition{"w", 8};
  EXPECT_EQ(conditionText(F.Prediction), "line-tight iff w % 8 == 0");
  Assumption Pattern{
      Assumption::Kind::SamePatternForEveryValue, "w", 0, 95, 1, 32};
  EXPECT_EQ(assumptionText(Pattern, F.Prediction.model()),
            "w unknown: the same pattern for every value in 0..95 and larger "
            "ones up to 2^30, at 1 to 32 lines/request; the count is for "
            "multiples of 32");
}

TEST(CostModelSeamTest, JsonReportUsesTheModelsKeys) {
  LineModel Lines;
  std::vector<Finding> Findings = {pricedByLines(Lines)};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeJson(OS, Findings, {});
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(Out);
  ASSERT_TRUE(bool(Doc)) << llvm::toString(Doc.takeError());
  const llvm::json::Object &Access =
      *(*Doc->getAsObject()->getArray("accesses"))[0].getAsObject();
  EXPECT_EQ(Access.getString("space"), "local");
  EXPECT_EQ(Access.getNumber("lines_per_request"), 4);
  EXPECT_EQ(Access.getNumber("ideal_lines_per_request"), 2);
  EXPECT_EQ(Access.getNumber("lines_min"), 4);
  EXPECT_EQ(Access.getNumber("sets_per_request"), 1);
  EXPECT_EQ(Access.getNumber("conflict_ways"), 2);
  // 32 warps, 4 lines each; 2 of them wasted, 64 bytes a line.
  EXPECT_EQ(Access.getNumber("lines_per_launch"), 128);
  EXPECT_EQ(Access.getNumber("wasted_lines_per_launch"), 64);
  EXPECT_EQ(Access.getNumber("wasted_bytes_per_launch"), 64 * 64);
  for (const auto &[Key, Value] : Access) {
    EXPECT_EQ(llvm::StringRef(Key).find("sector"), llvm::StringRef::npos)
        << Key.str();
    EXPECT_EQ(llvm::StringRef(Key).find("wavefront"), llvm::StringRef::npos)
        << Key.str();
  }
}

TEST(CostModelSeamTest, AuditReportSumsTheModelApart) {
  LineModel Lines;
  std::vector<Finding> Findings = {pricedByLines(Lines)};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeMarkdown(OS, Findings, /*ShowAll=*/false, RunInfo());
  EXPECT_NE(Out.find("1 access, 1 finding (1 flagged instance); local "
                     "memory: 4 lines/request where 2 would do"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("| strided | 4 lines | 2 |"), std::string::npos) << Out;
  EXPECT_NE(Out.find("No picture of a warp: the reports draw no picture of "
                     "lines."),
            std::string::npos)
      << Out;
}

TEST(CostModelSeamTest, ReadBackPredictionsTakeTheModelOfTheirMemory) {
  FileOutcome O;
  ReportedFinding R;
  R.Data.Prediction.Space = AddressSpace::Shared;
  R.Data.Prediction.Model = &SharedBankDescription;
  O.Findings.push_back(R);
  R.Data.Prediction = Prediction();
  O.Findings.push_back(R);
  FileOutcome Back;
  ASSERT_TRUE(deserializeOutcome(serializeOutcome(O), Back));
  ASSERT_EQ(Back.Findings.size(), 2u);
  EXPECT_EQ(Back.Findings[0].Data.Prediction.Model, nullptr);
  EXPECT_EQ(&Back.Findings[0].Data.Prediction.model(), &SharedBankDescription);
  EXPECT_EQ(&Back.Findings[1].Data.Prediction.model(),
            &GlobalSectorDescription);
}

} // namespace
