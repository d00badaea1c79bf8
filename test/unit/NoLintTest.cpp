#include "cuda-coalesce/Policy/NoLint.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;

namespace {

constexpr llvm::StringLiteral Check = "cuda-memory-coalescing";

/// Whether a diagnostic on line \p Line (1-based) of \p Text, at its first
/// non-blank character, is silenced for \p Name.
bool silenced(llvm::StringRef Text, unsigned Line,
              llvm::StringRef Name = Check) {
  size_t Offset = 0;
  for (unsigned L = 1; L < Line; ++L)
    Offset = Text.find('\n', Offset) + 1;
  while (Offset < Text.size() && Text[Offset] == ' ')
    ++Offset;
  return NoLintIndex(Text).suppresses(Offset, Name);
}

TEST(NoLintTest, FindsEachKindWithAndWithoutChecks) {
  auto D = findNoLintDirectives(
      "a; // NOLINT\nb; // NOLINTNEXTLINE( x , y* )\n// NOLINTBEGIN(z)\n"
      "// NOLINTEND(z)\n");
  ASSERT_EQ(D.size(), 4u);
  EXPECT_EQ(D[0].Kind, NoLintKind::NoLint);
  EXPECT_FALSE(D[0].Checks.has_value());
  EXPECT_EQ(D[0].Offset, 6u);
  EXPECT_EQ(D[1].Kind, NoLintKind::NextLine);
  EXPECT_EQ(*D[1].Checks, "x,y*");
  EXPECT_EQ(D[2].Kind, NoLintKind::Begin);
  EXPECT_EQ(D[3].Kind, NoLintKind::End);
}

TEST(NoLintTest, UnknownWordsAreNotDirectives) {
  EXPECT_TRUE(findNoLintDirectives("// NOLINTFOO NOLINTNEXT nolint").empty());
  // Not followed by a letter: a directive, whatever comes before.
  EXPECT_EQ(findNoLintDirectives("x/*NOLINT*/y").size(), 1u);
  EXPECT_EQ(findNoLintDirectives("// NOLINT: why").size(), 1u);
}

TEST(NoLintTest, AnUnclosedListMakesTheDirectiveBare) {
  auto D = findNoLintDirectives("// NOLINT(cuda-memory-coalescing\n)");
  ASSERT_EQ(D.size(), 1u);
  EXPECT_FALSE(D[0].Checks.has_value());
  EXPECT_TRUE(D[0].covers("anything"));
}

TEST(NoLintTest, GlobListsFollowClangTidy) {
  EXPECT_TRUE(noLintGlobsMatch("cuda-memory-coalescing", Check));
  EXPECT_TRUE(noLintGlobsMatch("*", Check));
  EXPECT_TRUE(noLintGlobsMatch("cuda-*", Check));
  EXPECT_TRUE(noLintGlobsMatch("*-coalescing", Check));
  EXPECT_TRUE(noLintGlobsMatch("cuda*coal*", Check));
  EXPECT_TRUE(noLintGlobsMatch("google-*, cuda-memory-coalescing ", Check));
  EXPECT_FALSE(noLintGlobsMatch("cuda-memory", Check));
  EXPECT_FALSE(noLintGlobsMatch("memory-*", Check));
  EXPECT_FALSE(noLintGlobsMatch("", Check)); // NOLINT() silences nothing
  // Negative globs are dropped, not applied.
  EXPECT_FALSE(noLintGlobsMatch("-cuda-memory-coalescing", Check));
  EXPECT_TRUE(noLintGlobsMatch("-cuda-*,cuda-*", Check));
  // '?' and '.' are not wildcards in clang-tidy's globs.
  EXPECT_FALSE(noLintGlobsMatch("cuda?memory-coalescing", Check));
}

TEST(NoLintTest, NoLintSilencesItsOwnLineOnly) {
  llvm::StringRef Text = "a[2*t];\n"
                         "a[4*t]; // NOLINT(cuda-memory-coalescing)\n"
                         "a[8*t];\n";
  EXPECT_FALSE(silenced(Text, 1));
  EXPECT_TRUE(silenced(Text, 2));
  EXPECT_FALSE(silenced(Text, 3));
  EXPECT_FALSE(silenced(Text, 2, "other-check"));
}

TEST(NoLintTest, NextLineSilencesTheFollowingLineOnly) {
  llvm::StringRef Text = "// NOLINTNEXTLINE\n"
                         "a[2*t];\n"
                         "a[4*t];\n"
                         "a[8*t]; // NOLINTNEXTLINE(cuda-*)\n";
  EXPECT_FALSE(silenced(Text, 1));
  EXPECT_TRUE(silenced(Text, 2));
  EXPECT_FALSE(silenced(Text, 3));
  EXPECT_FALSE(silenced(Text, 4)); // NOLINTNEXTLINE is not NOLINT
}

TEST(NoLintTest, OtherChecksDoNotSilence) {
  llvm::StringRef Text =
      "a[2*t]; // NOLINT(google-*, readability-x)\n"
      "a[2*t]; // NOLINT()\n"
      "a[2*t]; // NOLINT(cuda-memory-coalescing) NOLINT(x)\n";
  EXPECT_FALSE(silenced(Text, 1));
  EXPECT_FALSE(silenced(Text, 2));
  EXPECT_TRUE(silenced(Text, 3));
}

TEST(NoLintTest, BlocksSilenceWhatLiesBetween) {
  llvm::StringRef Text = "a;\n"
                         "// NOLINTBEGIN(cuda-*)\n"
                         "b;\n"
                         "// NOLINTBEGIN\n"
                         "c;\n"
                         "// NOLINTEND\n"
                         "d;\n"
                         "// NOLINTEND(cuda-*)\n"
                         "e;\n";
  NoLintIndex Index(Text);
  EXPECT_TRUE(Index.unmatched().empty());
  EXPECT_FALSE(silenced(Text, 1));
  EXPECT_TRUE(silenced(Text, 3));
  EXPECT_TRUE(silenced(Text, 5));
  EXPECT_TRUE(silenced(Text, 7));
  EXPECT_FALSE(silenced(Text, 9));
}

TEST(NoLintTest, EndMustRepeatTheBeginsChecks) {
  // Spaces aside, the lists must agree; otherwise neither pairs.
  llvm::StringRef Text = "// NOLINTBEGIN( cuda-* , x )\n"
                         "b;\n"
                         "// NOLINTEND(cuda-*,x)\n"
                         "// NOLINTBEGIN(cuda-*)\n"
                         "c;\n"
                         "// NOLINTEND(cuda-memory-coalescing)\n";
  NoLintIndex Index(Text);
  EXPECT_TRUE(silenced(Text, 2));
  EXPECT_FALSE(silenced(Text, 5));
  ASSERT_EQ(Index.unmatched().size(), 2u);
  EXPECT_EQ(Index.unmatched()[0].Kind, NoLintKind::Begin);
  EXPECT_EQ(Index.unmatched()[1].Kind, NoLintKind::End);
}

TEST(NoLintTest, UnmatchedBeginSilencesNothing) {
  llvm::StringRef Text = "// NOLINTBEGIN\n"
                         "a;\n";
  EXPECT_FALSE(silenced(Text, 2));
  EXPECT_EQ(NoLintIndex(Text).unmatched().size(), 1u);
  llvm::StringRef Lone = "a;\n// NOLINTEND\n";
  EXPECT_EQ(NoLintIndex(Lone).unmatched().size(), 1u);
}

TEST(NoLintTest, FirstLineAndLastLineWithoutNewline) {
  EXPECT_TRUE(silenced("a; // NOLINT", 1));
  EXPECT_TRUE(silenced("// NOLINTNEXTLINE\na;", 2));
  EXPECT_FALSE(NoLintIndex("a;").suppresses(100, Check));
}

} // namespace

namespace {

/// Whether a finding at the start of line \p Line is silenced under any of
/// its names.
bool findingSilenced(llvm::StringRef Text, unsigned Line) {
  size_t Offset = 0;
  for (unsigned L = 1; L < Line; ++L)
    Offset = Text.find('\n', Offset) + 1;
  return NoLintIndex(Text).suppressesFinding(Offset);
}

TEST(NoLintTest, EveryNameOfTheCheckNamesTheFinding) {
  EXPECT_TRUE(findingSilenced("a; // NOLINT(cuda-coalesce)\n", 1));
  EXPECT_TRUE(findingSilenced("a; // NOLINT(cuda-memory-coalescing)\n", 1));
  EXPECT_TRUE(findingSilenced("// NOLINTNEXTLINE(cuda-coalesce)\na;\n", 2));
  EXPECT_TRUE(findingSilenced("// NOLINTBEGIN(cuda-coalesce)\na;\n"
                              "// NOLINTEND(cuda-coalesce)\n",
                              2));
  EXPECT_TRUE(findingSilenced("a; // NOLINT(cuda-*)\n", 1));
  EXPECT_FALSE(findingSilenced("a; // NOLINT(cuda-coalescing)\n", 1));
  EXPECT_FALSE(findingSilenced("a; // NOLINT(-cuda-coalesce)\n", 1));
}

} // namespace
