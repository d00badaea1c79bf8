//===- ReportTest.cpp - What the reports share ----------------------------===//
#include "cuda-coalesce/Report/AuditReport.h"
#include "cuda-coalesce/Report/FindingGroups.h"
#include "cuda-coalesce/Report/JsonReport.h"
#include "cuda-coalesce/Report/RunInfo.h"
#include "cuda-coalesce/Report/TextReport.h"
#include "cuda-coalesce/Support/Text.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace cudacoalesce;

namespace {

TEST(RunInfoTest, PathsUnderTheRootAreRelative) {
  RunInfo Info;
  Info.SourceRoot = "/runner/work/proj";
  EXPECT_EQ(Info.relative("/runner/work/proj/src/a.cu"), "src/a.cu");
  EXPECT_EQ(Info.relative("/runner/work/proj/./src/../b.cu"), "b.cu");
  EXPECT_EQ(Info.relative("/runner/work/project2/a.cu"),
            "/runner/work/project2/a.cu");
  EXPECT_EQ(Info.relative("/usr/include/x.h"), "/usr/include/x.h");
  EXPECT_EQ(Info.relativeText("block (4,64,1) from the launch at "
                              "/runner/work/proj/src/main.cu:16:3"),
            "block (4,64,1) from the launch at src/main.cu:16:3");
  // Only whole paths: a longer one that starts alike is left alone.
  EXPECT_EQ(Info.relativeText("at /x/runner/work/proj/a.cu"),
            "at /x/runner/work/proj/a.cu");
  RunInfo NoRoot;
  EXPECT_EQ(NoRoot.relative("/a/b.cu"), "/a/b.cu");
}

Finding flagged(std::string Base, unsigned Line, model::Pattern P,
                double Sectors) {
  Finding F;
  F.Where = {"k.cu", Line, 3};
  F.Kernel = F.Function = "k";
  F.BaseName = std::move(Base);
  F.BlockOrigin = "block (256,1,1) from the launch at k.cu:30:3";
  F.Prediction.Kind = P;
  F.Prediction.Units = Sectors;
  F.Prediction.UnitsMin = F.Prediction.UnitsMax = Sectors;
  F.Prediction.IdealUnits = 4;
  F.Fixes.push_back({fixes::FixKind::AosToSoa, "split it", 4.0, {}});
  return F;
}

TEST(RootCauseTest, OneBaseOnePatternOneFixIsOneCause) {
  std::vector<Finding> Findings = {
      flagged("p", 12, model::Pattern::Strided, 24),
      flagged("p", 13, model::Pattern::Strided, 24),
      flagged("q", 14, model::Pattern::Strided, 8),
      flagged("p", 15, model::Pattern::Misaligned, 5)};
  Finding Fine = flagged("r", 16, model::Pattern::Coalesced, 4);
  Findings.push_back(Fine);
  std::vector<audit::RootCause> Causes = audit::rootCauses(Findings);
  ASSERT_EQ(Causes.size(), 3u);
  EXPECT_EQ(Causes[0].Accesses.size(), 2u); // p, strided: 40 wasted
  EXPECT_DOUBLE_EQ(Causes[0].Wasted, 40);
  EXPECT_EQ(Causes[0].first().Where.Line, 12u);
  EXPECT_EQ(Causes[1].first().BaseName, "q"); // 4 wasted
  EXPECT_EQ(Causes[2].first().Prediction.Kind, model::Pattern::Misaligned);
  EXPECT_EQ(audit::causeText(Causes[0]),
            "2 strided accesses to 'p' in kernel 'k' (fix: aos-to-soa: 4 "
            "sectors/request)");
}

TEST(FindingGroupsTest, OneGroupPerAccessWorstShown) {
  // One line under three instantiations and reached through a helper
  // call, and a second line: two accesses as written.
  Finding A = flagged("p", 12, model::Pattern::Strided, 8);
  A.Kernel = "k<2>";
  Finding B = flagged("p", 12, model::Pattern::Strided, 16);
  B.Kernel = "k<4>";
  Finding C = flagged("p", 12, model::Pattern::Coalesced, 4);
  C.Kernel = "k<1>";
  Finding Other = flagged("q", 13, model::Pattern::Strided, 8);
  Finding ViaHelper = flagged("p", 12, model::Pattern::Strided, 32);
  ViaHelper.CallChain.push_back({"k.cu", 40, 5});
  std::vector<const Finding *> All = {&A, &B, &C, &Other, &ViaHelper};
  std::vector<FindingGroup> Groups = groupBySourceAccess(All);
  ASSERT_EQ(Groups.size(), 2u);
  EXPECT_EQ(Groups[0].Worst, &ViaHelper);
  ASSERT_EQ(Groups[0].Others.size(), 3u);
  EXPECT_EQ(Groups[0].Others[0], &B); // a replaced worst comes first
  EXPECT_EQ(Groups[0].Others[1], &A);
  EXPECT_EQ(Groups[0].Others[2], &C);
  EXPECT_EQ(Groups[1].Worst, &Other);
  EXPECT_TRUE(Groups[1].Others.empty());
  EXPECT_EQ(otherInstancesNote(Groups[1]), "");
  EXPECT_EQ(
      otherInstancesNote(Groups[0], 1),
      "the same access in 3 other kernel instances, launches or calls: 'k<4>' "
      "(block (256,1,1) from the launch at k.cu:30:3): 16 "
      "sectors/request; and 2 more");
  // Shown through a call; an instance reached directly names no call, one
  // reached through another call names it.
  Finding ViaOtherCall = flagged("p", 12, model::Pattern::Strided, 4);
  ViaOtherCall.CallChain.push_back({"k.cu", 41, 5});
  FindingGroup Pair = groupBySourceAccess({&ViaHelper, &ViaOtherCall})[0];
  EXPECT_EQ(
      otherInstancesNote(Pair),
      "the same access in 1 other kernel instance, launch or call: 'k' (block "
      "(256,1,1) from the launch at k.cu:30:3, through the call at "
      "k.cu:41:5): 4 sectors/request");
}

TEST(FindingGroupsTest, InstancesSummarisedByCount) {
  // Ten instances of one line: six at 32, four at 16; the summary counts
  // every one, the shown worst included, worst count first.
  std::vector<Finding> Instances;
  for (int I = 0; I < 10; ++I) {
    Instances.push_back(
        flagged("p", 12, model::Pattern::Strided, I % 5 < 2 ? 16 : 32));
    Instances.back().Kernel = "k<" + std::to_string(I) + ">";
  }
  std::vector<const Finding *> All;
  for (const Finding &F : Instances)
    All.push_back(&F);
  std::vector<FindingGroup> Groups = groupBySourceAccess(All);
  ASSERT_EQ(Groups.size(), 1u);
  EXPECT_EQ(instanceSummaryNote(Groups[0]),
            "in 10 instances: 32 sectors/request in 6, 16 in 4");
  EXPECT_EQ(siteKey(Instances[0]), siteKey(Instances[9]));
  FindingGroup Alone{&Instances[0], {}};
  EXPECT_EQ(instanceSummaryNote(Alone), "");
  FindingGroup Same{&Instances[2], {&Instances[3]}};
  EXPECT_EQ(instanceSummaryNote(Same),
            "in 2 instances: 32 sectors/request in every one");
}

TEST(AuditReportTest, FixFirstRanksSitesNotInstances) {
  // One line in three kernel instances and another line: two causes, the
  // first standing for its three instances under the worst.
  std::vector<Finding> Findings;
  for (double Sectors : {8.0, 32.0, 16.0}) {
    Findings.push_back(flagged("p", 12, model::Pattern::Strided, Sectors));
    Findings.back().Kernel = "k<" + formatCount(Sectors) + ">";
  }
  Findings.push_back(flagged("q", 20, model::Pattern::Strided, 8));
  std::vector<audit::RootCause> Causes = audit::rootCauses(Findings);
  ASSERT_EQ(Causes.size(), 2u);
  EXPECT_EQ(Causes[0].Instances, 3u);
  EXPECT_EQ(Causes[0].first().Kernel, "k<32>");
  EXPECT_DOUBLE_EQ(Causes[0].Wasted, 28);
  EXPECT_EQ(Causes[1].Instances, 1u);
  EXPECT_EQ(audit::causeText(Causes[0]).substr(0, 59),
            "1 strided access to 'p' in kernel 'k<32>' and 2 other insta");
}

TEST(FindingGroupsTest, UnrolledTripsNamed) {
  // Two trips of `for (int stride : {1, 4})`: the note says which trip is
  // shown and names the other's element.
  Finding Wide = flagged("p", 12, model::Pattern::Strided, 16);
  Wide.Trips = {"stride = 4"};
  Finding Narrow = flagged("p", 12, model::Pattern::Coalesced, 4);
  Narrow.Trips = {"stride = 1"};
  FindingGroup G = groupBySourceAccess({&Narrow, &Wide})[0];
  EXPECT_EQ(G.Worst, &Wide);
  EXPECT_EQ(otherInstancesNote(G),
            "the same access in 1 other kernel instance, launch, call or "
            "unrolled trip (the one shown: stride = 4): 'k' (block "
            "(256,1,1) from the launch at k.cu:30:3, stride = 1): 4 "
            "sectors/request");
}

TEST(FindingGroupsTest, ClearlyWorseIgnoresRounding) {
  Finding Shown = flagged("p", 12, model::Pattern::Strided, 1.625);
  Shown.Prediction.IdealUnits = 1;
  Finding Same = Shown, Worse = Shown;
  Same.Prediction.Units = 1.626;
  Worse.Prediction.Units = 2;
  EXPECT_FALSE(clearlyWorse(severity(Same), severity(Shown)));
  EXPECT_TRUE(clearlyWorse(severity(Worse), severity(Shown)));
  Finding Unflagged = flagged("p", 12, model::Pattern::Coalesced, 4);
  Unflagged.Prediction.IdealUnits = 4;
  ASSERT_FALSE(Unflagged.isFlagged());
  EXPECT_TRUE(clearlyWorse(severity(Shown), severity(Unflagged)));
}

TEST(FindingGroupsTest, FlaggedOutranksAnyUnflagged) {
  Finding Wasteful = flagged("p", 12, model::Pattern::Strided, 5);
  Finding Ranged = flagged("p", 12, model::Pattern::Unknown, 0);
  Ranged.Prediction.Units.reset();
  Ranged.Prediction.UnitsMin = 4;
  Ranged.Prediction.UnitsMax = 32;
  ASSERT_FALSE(Ranged.isFlagged());
  EXPECT_GT(severity(Wasteful), severity(Ranged));
  std::vector<FindingGroup> Groups = groupBySourceAccess({&Ranged, &Wasteful});
  ASSERT_EQ(Groups.size(), 1u);
  EXPECT_EQ(Groups[0].Worst, &Wasteful);
  EXPECT_EQ(
      otherInstancesNote(Groups[0]),
      "the same access in 1 other kernel instance, launch or call: 'k' (block "
      "(256,1,1) from the launch at k.cu:30:3): 4 to 32 sectors/request");
}

} // namespace

namespace {

// A count that the unknowns do not move is one count, not "1 to 1".
TEST(FindingMessageTest, OneCountOverEveryValueTriedIsOneCount) {
  Finding F = flagged("s", 10, model::Pattern::Unknown, 1);
  F.Prediction.Space = model::AddressSpace::Shared;
  F.Prediction.Units.reset();
  F.Prediction.IdealUnits = 1;
  std::string Message = findingMessage(F);
  EXPECT_NE(Message.find("depends on values not known here: 1 "
                         "wavefronts/request for every value tried (ideal 1)"),
            std::string::npos)
      << Message;
  F.Prediction.UnitsMax = 32;
  Message = findingMessage(F);
  EXPECT_NE(Message.find("1 to 32 wavefronts/request where 1 would do"),
            std::string::npos)
      << Message;
}

} // namespace

namespace {

/// The report's numbers as formatv wrote them before writeJsonNumber.
std::string formatvNumber(double V) {
  std::string S = llvm::formatv("{0:F4}", std::round(V * 1e4) / 1e4).str();
  while (S.find('.') != std::string::npos &&
         (S.back() == '0' || S.back() == '.'))
    S.pop_back();
  return S == "-0" ? "0" : S;
}

std::string jsonNumber(double V) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeJsonNumber(OS, V);
  return S;
}

} // namespace

TEST(JsonNumberTest, WritesWhatFormatvWrote) {
  EXPECT_EQ(jsonNumber(3.90625), "3.9063");
  EXPECT_EQ(jsonNumber(4), "4");
  EXPECT_EQ(jsonNumber(-0.00001), "0");
  EXPECT_EQ(jsonNumber(0.5), "0.5");
  std::mt19937_64 Rng(20261205);
  std::vector<double> Values = {0,     -0.0,    1e-5,
                                -1e-5, 0.00005, 0.00015,
                                1e10,  -1e10,   99999999999.99995,
                                1e11,  -1e11,   1.5e14,
                                1e300, -1e300};
  for (int I = 0; I < 200000; ++I) {
    double Magnitude = std::pow(10.0, double(Rng() % 2400) / 100.0 - 8);
    double V = Magnitude * (double(Rng() >> 11) / double(1ULL << 53));
    Values.push_back(Rng() % 2 ? V : -V);
    // Halves of the fourth decimal, where rounding is decided.
    Values.push_back(double(int64_t(Rng() % 2000000000)) / 1e4 + 0.00005);
  }
  for (double V : Values)
    ASSERT_EQ(jsonNumber(V), formatvNumber(V)) << V;
}
