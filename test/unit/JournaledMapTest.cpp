// The journaled map against the copies it replaces: nested marks, each
// undone or kept, must leave the values a copy taken at the mark would.
#include "JournaledMap.h"

#include "llvm/ADT/STLExtras.h"

#include <gtest/gtest.h>

#include <map>
#include <random>

using namespace cudacoalesce;

namespace {

using Plain = std::map<int, int>;

Plain contents(const JournaledMap<int, int> &M) {
  return Plain(M.begin(), M.end());
}

TEST(JournaledMapTest, UndoReturnsToTheMark) {
  JournaledMap<int, int> M;
  M[1] = 10;
  M.mark();
  M[1] = 11;
  M[2] = 20;
  M[1] = 12;
  auto Changed = M.changedSinceMark();
  ASSERT_EQ(Changed.size(), 2u);
  EXPECT_EQ(Changed[0].first, 1);
  EXPECT_EQ(Changed[0].second, std::optional<int>(10));
  EXPECT_EQ(Changed[1].first, 2);
  EXPECT_EQ(Changed[1].second, std::nullopt);
  M.undo();
  EXPECT_EQ(contents(M), (Plain{{1, 10}}));
}

TEST(JournaledMapTest, AKeptInnerMarkIsUndoneWithTheOuter) {
  JournaledMap<int, int> M;
  M[1] = 1;
  M.mark();
  M.mark();
  M[1] = 2;
  M[3] = 3;
  M.keep();
  EXPECT_EQ(contents(M), (Plain{{1, 2}, {3, 3}}));
  M[1] = 4;
  M.undo();
  EXPECT_EQ(contents(M), (Plain{{1, 1}}));
}

// Random writes under random nested marks, each closed by undo or keep,
// against a stack of copies; changedSinceMark against the copy at the mark.
TEST(JournaledMapTest, SameAsCopiesOnRandomHistories) {
  std::mt19937 Rng(44);
  for (int Round = 0; Round < 300; ++Round) {
    JournaledMap<int, int> M;
    Plain Now;
    std::vector<Plain> AtMarks;
    for (int Step = 0; Step < 200; ++Step) {
      unsigned Choice = Rng() % 10;
      if (Choice < 6) {
        int Key = Rng() % 12, Value = Rng() % 5;
        M[Key] = Value;
        Now[Key] = Value;
      } else if (Choice < 8 || AtMarks.empty()) {
        M.mark();
        AtMarks.push_back(Now);
      } else {
        const Plain &Before = AtMarks.back();
        for (const auto &[Key, Old] : M.changedSinceMark()) {
          auto It = Before.find(Key);
          ASSERT_EQ(Old.has_value(), It != Before.end());
          if (Old)
            ASSERT_EQ(*Old, It->second);
        }
        for (const auto &[Key, Value] : Now) {
          auto It = Before.find(Key);
          bool Noted = llvm::any_of(M.changedSinceMark(), [&](const auto &C) {
            return C.first == Key;
          });
          if (It == Before.end() || It->second != Value)
            ASSERT_TRUE(Noted) << "a change not noted";
        }
        if (Choice == 8) {
          M.undo();
          Now = Before;
        } else {
          M.keep();
        }
        AtMarks.pop_back();
      }
      ASSERT_EQ(contents(M), Now) << "round " << Round << " step " << Step;
    }
  }
}

} // namespace
