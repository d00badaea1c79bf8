//===- Model/UnknownTrials.cpp - Values the unknowns are tried at ---------===//
#include "UnknownTrials.h"

#include "cuda-coalesce/Limits.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cassert>

namespace cudacoalesce {
namespace model {

using sym::AtomId;

namespace {

/// Whether \p U is the stride between the lanes: it scales the thread
/// index, and no index (thread, block, loop trip) appears in \p Address
/// unscaled by one of the \p Unknowns. An unscaled index is the contiguous
/// dimension (`x * w + blockIdx.y`, `y * w + x`), so \p U is a row's width,
/// which a value of 1 would make meaningless; where every index is scaled
/// (an accessor's `row * s0 + t * s1`), the innermost stride is often 1.
bool isLaneStride(const sym::Context &Ctx, const sym::Poly &Address, AtomId U,
                  const std::vector<AtomId> &Unknowns) {
  auto IsIndex = [&](AtomId A) {
    const sym::Atom &At = Ctx.atom(A);
    return At.ReadsThreadIdx || At.Kind == sym::AtomKind::BlockIdx ||
           At.Kind == sym::AtomKind::LoopIteration;
  };
  auto IsUnknown = [&](AtomId A) { return llvm::is_contained(Unknowns, A); };
  bool Scales = false;
  for (const sym::Term &T : Address.terms()) {
    if (llvm::none_of(T.Atoms, IsIndex))
      continue;
    if (llvm::none_of(T.Atoms, IsUnknown))
      return false;
    Scales |=
        llvm::is_contained(T.Atoms, U) && llvm::any_of(T.Atoms, [&](AtomId A) {
          return Ctx.atom(A).ReadsThreadIdx;
        });
  }
  return Scales;
}

} // namespace

/// Every value of the range for
/// one unknown; for several, random draws plus the aligned cases (all 32,
/// all 64), which random draws rarely give at once, so that a range says
/// when the access can be ideal. The first is the aligned case that counts
/// are given for. Then each unknown alone at the values below the range
/// and at limits::LargeValuesTried: a stride of 1 or 2, a guard's bound
/// below a warp, a size past the range.
std::vector<std::vector<int64_t>> trials(size_t Unknowns) {
  using limits::FirstValueTried;
  using limits::ValuesTried;
  std::vector<std::vector<int64_t>> Samples;
  if (Unknowns == 0) {
    Samples.push_back({});
  } else if (Unknowns == 1) {
    for (int64_t V = 0; V < ValuesTried; ++V)
      Samples.push_back({FirstValueTried + V});
  } else {
    Samples.push_back(std::vector<int64_t>(Unknowns, FirstValueTried));
    Samples.push_back(std::vector<int64_t>(Unknowns, 2 * FirstValueTried));
    Lcg Rng(42);
    for (int64_t S = 2; S < ValuesTried; ++S) {
      std::vector<int64_t> Assignment;
      for (size_t U = 0; U < Unknowns; ++U)
        Assignment.push_back(FirstValueTried + Rng.below(ValuesTried));
      Samples.push_back(Assignment);
    }
  }
  std::vector<int64_t> Alone;
  for (int64_t V = 0; V < FirstValueTried; ++V)
    Alone.push_back(V);
  llvm::append_range(Alone, limits::LargeValuesTried);
  for (size_t U = 0; U < Unknowns; ++U)
    for (int64_t V : Alone) {
      std::vector<int64_t> Assignment(Unknowns, FirstValueTried);
      Assignment[U] = V;
      Samples.push_back(Assignment);
    }
  return Samples;
}

UnknownTrials planTrials(const sym::Context &Ctx, const AccessShape &Access,
                         LaunchWalker &Walker, Prediction &P) {
  for (AtomId U : std::vector<AtomId>(Walker.unknowns())) {
    if (!Walker.movesWholePeriods(U))
      continue;
    Walker.settle(U, limits::FirstValueTried);
    P.Assumptions.push_back({Assumption::Kind::MovesWholeSegments, Ctx.str(U)});
  }
  UnknownTrials T;
  T.Unknowns = Walker.unknowns();
  for (AtomId U : T.Unknowns)
    T.Strides.push_back(isLaneStride(Ctx, Access.ByteOffset, U, T.Unknowns));
  T.Samples = trials(T.Unknowns.size());
  assert(!T.Samples.empty() && T.Samples[0].size() == T.Unknowns.size());
  return T;
}

std::optional<std::vector<CostTotals>>
walkTrials(const UnknownTrials &Trials, const std::vector<size_t> &FirstOfClass,
           LaunchWalker &Walker, uint64_t Budget,
           llvm::function_ref<bool(const CostTotals &)> Stop) {
  uint64_t WarpBudget = std::max<uint64_t>(limits::MinVisitsPerTrial,
                                           Budget / Trials.Samples.size());
  std::vector<CostTotals> Results;
  for (size_t S = 0; S < Trials.Samples.size(); ++S) {
    if (FirstOfClass[S] != S) {
      Results.push_back(Results[FirstOfClass[S]]);
      continue;
    }
    Trials.assign(Walker, S);
    Results.push_back(Walker.walk(WarpBudget));
    if (Stop(Results.back()))
      return std::nullopt;
  }
  return Results;
}

TrialsKept keepTrialsOfLaunches(UnknownTrials &Trials,
                                std::vector<CostTotals> &Results) {
  TrialsKept Kept;
  for (size_t S = 0; S < Results.size(); ++S) {
    // A warp whose every active lane is unaddressed counts no request.
    if (Results[S].Unaddressed) {
      ++Kept.Undefined;
      continue;
    }
    if (!Results[S].Requests)
      continue;
    Results[Kept.Launches] = Results[S];
    Trials.Samples[Kept.Launches] = Trials.Samples[S];
    ++Kept.Launches;
  }
  Results.resize(Kept.Launches);
  Trials.Samples.resize(Kept.Launches);
  return Kept;
}

} // namespace model
} // namespace cudacoalesce
