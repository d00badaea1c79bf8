//===- Model/Predict.cpp - An access under a launch, unknowns tried -------===//
//
// Where the address depends on values known neither statically nor at the
// launch, the launch is walked once per trial value of them; the verdict is
// definite when every trial agrees, or when the lanes keep one shape and
// only the count moves (then the count is given for the aligned trial, with
// the range and the condition for the ideal).
//
//===----------------------------------------------------------------------===//
#include "Predict.h"
#include "AssumedGridRange.h"
#include "GuardsOpenBound.h"
#include "LaunchWalker.h"
#include "TrialOutcomes.h"
#include "UnknownTrials.h"

#include "cuda-coalesce/Limits.h"
#include "cuda-coalesce/Support/IntegerMath.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace cudacoalesce {
namespace model {

using sym::AtomId;

namespace {

/// The smallest power-of-two modulus m for which "ideal iff V % m == 0"
/// holds over every sample, or 0.
int64_t divisibilityCondition(const std::vector<int64_t> &Values,
                              const std::vector<bool> &Ideal) {
  for (int64_t M = 2; M <= 64; M *= 2) {
    bool Holds = true;
    for (size_t I = 0; I < Values.size() && Holds; ++I)
      Holds = (Values[I] % M == 0) == Ideal[I];
    if (Holds)
      return M;
  }
  return 0;
}

/// The requests of \p T's walk over the visits it stands for (a launch's or
/// a block's), where that is known.
std::optional<double> requestsOver(const CostTotals &T,
                                   std::optional<double> Visits) {
  if (!Visits || !T.Visits)
    return std::nullopt;
  return *Visits * double(T.Requests) / double(T.Visits);
}

/// A launch's and a block's requests into \p W.
void takeRequests(WalkCounts &W, const CostTotals &T,
                  const LaunchWalker &Walker) {
  W.RequestsPerLaunch = requestsOver(T, Walker.visitsPerLaunch());
  W.RequestsPerBlock = requestsOver(T, Walker.visitsPerBlock());
}

/// The counts of \p T, the last walk of \p Walker, as the prediction's.
void takeCounts(Prediction &P, const CostTotals &T,
                const LaunchWalker &Walker) {
  P.Units = T.avgUnits();
  P.UnitsMin = T.Min;
  P.UnitsMax = T.Max;
  P.IdealUnits = T.avgIdeal();
  P.Groups = T.avgSegments();
  P.Walk = {Walker.launchVisits(), T.Visits, T.Warps, T.Requests};
  takeRequests(P.Walk, T, Walker);
  P.Walk.RelativeError = T.RelativeError;
}

} // namespace

namespace {

/// The warp visits a prediction may make. Each visit evaluates every lane's
/// address and guards: bound the evaluations (kernels with dozens of nested
/// guards), not just the warps.
uint64_t visitBudget(const AccessShape &Access) {
  uint64_t Evaluations = WarpSize * (1 + Access.Guards.size());
  return std::min<uint64_t>(limits::WarpVisitBudget,
                            limits::LaneEvaluationBudget / Evaluations);
}

/// The lanes' addresses are not known at all: the range that holds for any
/// addresses (docs/model.md, the contract, point 2), from one unit (every
/// lane at one address) to every lane apart, and the ideal of a full warp.
/// Under a guard nvcc may predicate, a warp none of whose lanes passes it
/// issues a request that moves nothing (HeCBench is: `(i == start) ? 0 :
/// destiny[i - 1]`, bitpermute: a load under a test on a lane's reversed
/// bits, 0 sectors measured).
void takeAnyAddressRange(Prediction &P, const AccessShape &Access,
                         const RequestCostModel &Model) {
  RequestCost Apart = Model.costOfGather(WarpSize, Access.ChunkBytes);
  P.UnitsMin = Access.mayIssueEmpty() ? 0 : 1;
  P.UnitsMax = Apart.Units;
  P.IdealUnits = Apart.IdealUnits;
  P.Cause->Least = P.UnitsMin;
  P.Cause->Most = P.UnitsMax;
}

/// Appends to \p Into, once each, the values loaded or computed per lane
/// or per warp that \p P reads.
void addDataReadBy(const sym::Context &Ctx, const sym::Poly &P,
                   std::vector<AtomId> &Into) {
  std::vector<AtomId> Leaves;
  Ctx.collectLeafAtoms(P, Leaves);
  for (AtomId A : Leaves) {
    const sym::Atom &At = Ctx.atom(A);
    if (At.Kind == sym::AtomKind::Opaque &&
        At.Varies != sym::Variation::Uniform && !llvm::is_contained(Into, A))
      Into.push_back(A);
  }
}

/// The per-lane values \p Access's guards read, in the address or not.
std::vector<AtomId> dataReadByGuards(const sym::Context &Ctx,
                                     const AccessShape &Access) {
  std::vector<AtomId> Data;
  for (const Guard &G : Access.Guards)
    addDataReadBy(Ctx, G.Diff, Data);
  return Data;
}

/// The lane geometry of the first warp at the aligned trial, for the notes,
/// and what the walks assumed.
void noteFirstWarpAndWalk(const sym::Context &Ctx, const UnknownTrials &Trials,
                          const RequestCostModel &Model, LaunchWalker &Walker,
                          Prediction &P) {
  using limits::FirstValueTried;
  Trials.assign(Walker, 0);
  auto [Lane0, Lane1] = Walker.firstTwoLanes();
  if (Lane0 && Lane1)
    P.LaneStrideBytes = *Lane1 - *Lane0;
  if (Lane0 && Trials.Unknowns.empty())
    P.FirstLaneOffsetInPeriod = floorMod(*Lane0, Model.periodBytes());

  if (Walker.gridAssumed())
    P.Assumptions.push_back(
        {Assumption::Kind::GridAveraged, "", 0, limits::AssumedGridBlocks - 1});
  if (Walker.guardUnknown())
    P.Assumptions.push_back({Assumption::Kind::GuardUnknown});
  if (!Walker.perWarpData().empty())
    P.Assumptions.push_back({Assumption::Kind::DataPerWarp,
                             Ctx.str(Walker.perWarpData()), FirstValueTried,
                             FirstValueTried + limits::ValuesTried - 1});
}

/// When the count is ideal, over the trials that did not agree: a
/// divisibility of the one unknown, or, for a stride between lanes, ideal
/// up to some value (1 element; a byte stride such as ggml's nb0 up to the
/// element's width) and nowhere past.
std::optional<IdealCondition> idealCondition(const sym::Context &Ctx,
                                             const UnknownTrials &Trials,
                                             const std::vector<bool> &Ideal) {
  const auto &Samples = Trials.Samples;
  if (Trials.Unknowns.size() == 1) {
    std::vector<int64_t> Tried;
    for (const std::vector<int64_t> &S : Samples)
      Tried.push_back(S[0]);
    if (int64_t M = divisibilityCondition(Tried, Ideal))
      return IdealCondition{Ctx.str(Trials.Unknowns), M};
  }
  if (llvm::count(Trials.Strides, true) != 1)
    return std::nullopt;
  size_t U = llvm::find(Trials.Strides, true) - Trials.Strides.begin();
  int64_t MostIdeal = 0;
  for (size_t S = 0; S < Samples.size(); ++S)
    if (Ideal[S])
      MostIdeal = std::max(MostIdeal, Samples[S][U]);
  bool IdealUpTo = MostIdeal > 0;
  bool IdealOnlyAt = MostIdeal > 0;
  for (size_t S = 0; S < Samples.size(); ++S) {
    IdealUpTo &= Ideal[S] == (Samples[S][U] <= MostIdeal);
    IdealOnlyAt &= Ideal[S] == (Samples[S][U] == MostIdeal);
  }
  if (!IdealOnlyAt && !IdealUpTo)
    return std::nullopt;
  return IdealCondition{Ctx.str(Trials.Unknowns[U]), 0, MostIdeal,
                        /*UpTo=*/!IdealOnlyAt};
}

/// Every trial gave one result: its counts, with what was assumed.
void takeSameResult(const UnknownTrials &Trials, const CostTotals &First,
                    const LaunchWalker &Walker, std::string UnknownNames,
                    Prediction &P) {
  using limits::FirstValueTried;
  takeCounts(P, First, Walker);
  if (!Trials.Unknowns.empty())
    P.Assumptions.push_back({Assumption::Kind::SameResultForEveryValue,
                             std::move(UnknownNames), 0,
                             FirstValueTried + limits::ValuesTried - 1});
}

/// The count depends on values not known: the range over the trials, and
/// how often the access runs where every trial agrees on it.
void takeRange(const std::vector<CostTotals> &Results,
               const TrialsTogether &Together, const LaunchWalker &Walker,
               std::string UnknownNames, Prediction &P) {
  const CostTotals &First = Results[0];
  P.Kind = Pattern::Unknown;
  P.UnitsMin = Together.Lowest;
  P.UnitsMax = Together.Highest;
  bool SameRequests = llvm::all_of(Results, [&](const CostTotals &T) {
    return T.Requests == First.Requests && T.Visits == First.Visits;
  });
  if (SameRequests)
    takeRequests(P.Walk, First, Walker);
  for (const CostTotals &T : Results) {
    P.IdealUnits = std::max(P.IdealUnits, T.avgIdeal());
    P.Groups = std::max(P.Groups, T.avgSegments());
  }
  P.Cause =
      UnknownCause{UnknownCause::Kind::DependsOnUnknowns,
                   std::move(UnknownNames), Together.Lowest, Together.Highest};
}

/// Only a range of \p P's count is known, from \p Least to its most units
/// per request, for \p Why (naming \p Names); the pattern stays. What the
/// assumption \p Replaced said, where given, the cause says now.
void keepOnlyRange(Prediction &P, double Least, UnknownCause::Kind Why,
                   std::string Names,
                   std::optional<Assumption::Kind> Replaced = std::nullopt) {
  P.UnitsMin = Least;
  P.Units.reset();
  P.Cause = UnknownCause{Why, std::move(Names), P.UnitsMin, P.UnitsMax};
  llvm::erase_if(P.Assumptions,
                 [&](const Assumption &A) { return A.What == Replaced; });
}

/// \p T's outcome as combineTrials compares it.
Trial outcomeOf(const CostTotals &T, const RequestCostModel &Model,
                bool Scattered) {
  return {Model.classify(T, Scattered), true, T.avgUnits(), T.avgUnits(),
          T.avgIdeal()};
}

/// The counts of \p Access, its unknowns tried. With \p IfDecided, nullopt
/// as soon as two trials in which some lane runs disagree on the result and
/// on the pattern: the prediction would have neither a count nor a pattern
/// (combineTrials), and no step after this one gives either back.
std::optional<Prediction> predictCounts(const sym::Context &Ctx,
                                        const AccessShape &Access,
                                        const RequestCostModel &Model,
                                        LaunchWalker &Walker, bool IfDecided) {
  using limits::FirstValueTried;
  Prediction P;
  bool Scattered = Walker.dataDependent();
  P.DependsOnLaneData = Scattered;
  if (!Walker.unfollowed().empty()) {
    // Each lane has its own value and we do not know it: no lane's address
    // can be computed, and unlike a gather nothing says they are random.
    P.Kind = Pattern::Unknown;
    P.Cause = UnknownCause{UnknownCause::Kind::UnfollowedLaneValue,
                           Ctx.str(Walker.unfollowed())};
    takeAnyAddressRange(P, Access, Model);
    return P;
  }

  UnknownTrials Trials = planTrials(Ctx, Access, Walker, P);
  uint64_t Budget = visitBudget(Access);
  std::optional<Trial> FirstRan;
  auto Undecided = [&](const CostTotals &T) {
    if (!IfDecided || !T.Requests || T.Unaddressed)
      return false;
    Trial R = outcomeOf(T, Model, Scattered);
    if (!FirstRan)
      FirstRan = R;
    return !sameResult(*FirstRan, R) && !samePattern(*FirstRan, R);
  };
  std::optional<std::vector<CostTotals>> Walked =
      walkTrials(Trials, Walker.trialClasses(Trials.Unknowns, Trials.Samples),
                 Walker, Budget, Undecided);
  if (!Walked)
    return std::nullopt;
  std::vector<CostTotals> &Results = *Walked;
  const TrialsKept Kept = keepTrialsOfLaunches(Trials, Results);
  if (!Kept.Launches && Kept.Undefined) {
    // Counts of the other lanes would pass for the warp's.
    P.Kind = Pattern::Unknown;
    P.Cause = UnknownCause{UnknownCause::Kind::UnevaluableAddress};
    takeAnyAddressRange(P, Access, Model);
    return P;
  }
  if (!Kept.Launches) {
    P.Kind = Pattern::Unknown;
    // No lane ran under the values tried for what a guard reads; other
    // data may let some run (contract point 3: "no lane reaches" only where
    // proven). HeCBench asmooth's else branch of a test on `Box[gtid]`:
    // 4.91 sectors measured where 0 to 0 was given.
    std::vector<AtomId> Data = dataReadByGuards(Ctx, Access);
    if (!Data.empty()) {
      P.Cause = UnknownCause{UnknownCause::Kind::GuardOnData, Ctx.str(Data)};
      takeAnyAddressRange(P, Access, Model);
      return P;
    }
    P.Cause = UnknownCause{UnknownCause::Kind::NoLaneReaches};
    return P;
  }
  noteFirstWarpAndWalk(Ctx, Trials, Model, Walker, P);
  if (Kept.Undefined)
    P.Assumptions.push_back(
        {Assumption::Kind::UndefinedValuesLeftOut, Ctx.str(Trials.Unknowns)});

  const CostTotals &First = Results[0];
  std::vector<Trial> Outcomes;
  for (const CostTotals &T : Results)
    Outcomes.push_back(outcomeOf(T, Model, Scattered));
  TrialsTogether Together = combineTrials(Outcomes);
  // Over a grid assumed, not given, an average over the warps walked bounds
  // nothing: the launch's own warps may be the costliest or the cheapest of
  // them (HeCBench epistasis: 8.98 measured, 1 to 8.96 given for the
  // average over blockIdx 0..63 of a triangle's warps).
  if (Walker.gridAssumed() &&
      Together.What != TrialsTogether::Outcome::SameResult)
    for (const CostTotals &T : Results) {
      Together.Lowest = std::min(Together.Lowest, T.Min);
      Together.Highest = std::max(Together.Highest, T.Max);
    }
  std::string UnknownNames = Ctx.str(Trials.Unknowns);
  if (Together.What == TrialsTogether::Outcome::SameResult) {
    P.Kind = Outcomes[0].Kind;
    takeSameResult(Trials, First, Walker, std::move(UnknownNames), P);
    return P;
  }

  // The count depends on values we do not know. When the lanes keep one
  // shape for every value tried (all strided, or contiguous with only the
  // start's alignment moving), the pattern is still definite: report it with
  // the count of the aligned case (every unknown a multiple of 32, as sizes
  // in practice are), the range, and the condition for the ideal.
  P.Condition = idealCondition(Ctx, Trials, Together.Ideal);
  if (Together.What == TrialsTogether::Outcome::SamePattern) {
    // The trials shared the warp budget; the count reported gets all of it.
    Trials.assign(Walker, 0);
    CostTotals Aligned = Walker.walk(Budget);
    P.Kind = Model.classify(Aligned, Scattered);
    takeCounts(P, Aligned, Walker);
    P.AlignmentAssumed = true;
    P.Assumptions.push_back({Assumption::Kind::SamePatternForEveryValue,
                             UnknownNames, 0,
                             FirstValueTried + limits::ValuesTried - 1,
                             Together.Lowest, Together.Highest});
    return P;
  }
  takeRange(Results, Together, Walker, std::move(UnknownNames), P);
  return P;
}

/// Whether a guard of \p Access on values not known here decides how many
/// lanes of a request run: one that compares a lane's index with them (`i >
/// x4 - 1`, i from threadIdx), or a predicated one (`if (k < nz - 1)` in a
/// loop: a warp issues the request with no lane on in the last trip). A
/// branched guard that reads no lane index (a loop's `z < nz`) lets every
/// lane of a warp run or none, and leaves the count alone. A grid not known
/// is such a value: `if (blockIdx.x == gridDim.x - 1)` predicated issues
/// the request with no lane on in every other block (HeCBench metropolis,
/// H100: 0.5 wavefronts a request measured, 1 given).
bool guardLeavesLanesUnknown(const sym::Context &Ctx,
                             const AccessShape &Access) {
  auto Is = [&](const Guard &G, sym::AtomKind Kind) {
    return Ctx.containsLeaf(G.Diff,
                            [&](const sym::Atom &A) { return A.Kind == Kind; });
  };
  return llvm::any_of(Access.Guards, [&](const Guard &G) {
    return (G.Predicated || Is(G, sym::AtomKind::ThreadIdx)) &&
           (Is(G, sym::AtomKind::Param) || Is(G, sym::AtomKind::Opaque) ||
            Is(G, sym::AtomKind::GridDim));
  });
}

/// A choice of nvcc's that the source does not decide: the access as each
/// way lowers it, First the one whose walk the prediction keeps.
struct UndecidedLowering {
  AccessShape First, Second;
  UnknownCause::Kind Why;
};

/// The first undecided choice of \p Access, if any: predicated or branched
/// around (Guard::MaybePredicated, LoopLowering::LeftoverMaybePredicated),
/// then a store kept in its branch or sunk to the join without the branch's
/// test (Guard::MaybeSunk).
std::optional<UndecidedLowering> undecidedLowering(const AccessShape &Access) {
  if (llvm::any_of(Access.Guards,
                   [](const Guard &G) { return G.MaybePredicated; }) ||
      llvm::any_of(Access.Lowerings, [](const LoopLowering &L) {
        return L.LeftoverMaybePredicated;
      })) {
    UndecidedLowering L{Access, Access,
                        UnknownCause::Kind::PredicatedOrBranched};
    for (size_t G = 0; G < Access.Guards.size(); ++G) {
      L.First.Guards[G].MaybePredicated = false;
      L.Second.Guards[G].MaybePredicated = false;
      L.Second.Guards[G].Predicated |= Access.Guards[G].MaybePredicated;
    }
    for (size_t I = 0; I < Access.Lowerings.size(); ++I) {
      L.First.Lowerings[I].LeftoverMaybePredicated = false;
      L.Second.Lowerings[I].LeftoverMaybePredicated = false;
      L.Second.Lowerings[I].LeftoverPredicated |=
          Access.Lowerings[I].LeftoverMaybePredicated;
    }
    return L;
  }
  if (llvm::any_of(Access.Guards, [](const Guard &G) { return G.MaybeSunk; })) {
    UndecidedLowering L{Access, Access, UnknownCause::Kind::SunkOrKept};
    for (Guard &G : L.First.Guards)
      G.MaybeSunk = false;
    llvm::erase_if(L.Second.Guards, [](const Guard &G) { return G.MaybeSunk; });
    return L;
  }
  return std::nullopt;
}

/// The prediction of an access that nvcc may lower two ways, from \p B
/// (UndecidedLowering::First) and \p P (Second): the same count, or the
/// range over both.
Prediction overBothLowerings(Prediction B, const Prediction &P,
                             UnknownCause::Kind Choice) {
  if (B.Units && P.Units && std::fabs(*B.Units - *P.Units) < 1e-9) {
    // The same count a request, from different warps: the requests of the
    // launch are not decided.
    if (B.Walk.RequestsPerLaunch != P.Walk.RequestsPerLaunch)
      B.Walk.RequestsPerLaunch.reset();
    if (B.Walk.RequestsPerBlock != P.Walk.RequestsPerBlock)
      B.Walk.RequestsPerBlock.reset();
    return B;
  }
  auto Least = [](const Prediction &X) {
    return X.Units ? *X.Units : X.UnitsMin;
  };
  auto Most = [](const Prediction &X) {
    return X.Units ? *X.Units : X.UnitsMax;
  };
  bool BothCounted = B.Units && P.Units;
  double Lowest = std::min(Least(B), Least(P));
  double Highest = std::max(Most(B), Most(P));
  // The lanes that run take the same addresses either way: a pattern both
  // agree on stays, so that a wasteful one is still flagged.
  if (B.Kind != P.Kind)
    B.Kind = Pattern::Unknown;
  B.Units.reset();
  B.UnitsMin = Lowest;
  B.UnitsMax = Highest;
  B.AlignmentAssumed = false;
  B.Walk.RequestsPerLaunch.reset();
  B.Walk.RequestsPerBlock.reset();
  if (BothCounted)
    B.Cause = UnknownCause{Choice, "", Lowest, Highest};
  else {
    // The unknowns' own cause, over both lowerings.
    if (!B.Cause)
      B.Cause = P.Cause;
    if (B.Cause)
      B.Cause->Least = Lowest, B.Cause->Most = Highest;
  }
  return B;
}

/// Whether a warp may issue the access with no lane on, moving nothing: a
/// predicated guard on data or unknowns, or any test on data that lanes do
/// not leave by (ptxas predicates such code where PTX branches around it,
/// for shapes the source does not tell apart: Chai's BFS, HeCBench
/// radixsort and hungarian, all on an H100).
bool mayRunEmpty(const sym::Context &Ctx, const AccessShape &Access,
                 LaunchWalker &Walker) {
  bool OnDataOrUnknowns = !Walker.guardData().empty() || Walker.guardUnknown();
  return llvm::any_of(Access.Guards, [&](const Guard &G) {
    return (G.Predicated && OnDataOrUnknowns) ||
           (!G.Exits && Ctx.readsAny(G.Diff, Walker.guardData()));
  });
}

/// A base the data gives each warp (a shuffle of a loaded offset, a row
/// start loaded once per warp, a slot an atomic hands out) has the data's
/// alignment: the lanes keep their shape, the count is the range over the
/// alignments, and only the shape is evidence of waste. runtime-bench 43
/// (shuffled_base): 4 measured where the average over alignments said
/// 4.875, misaligned.
bool rangeOverWarpBases(const sym::Context &Ctx, LaunchWalker &Walker,
                        Prediction &P) {
  if (Walker.perWarpData().empty() || !P.Units || P.UnitsMin >= P.UnitsMax)
    return false;
  keepOnlyRange(P, P.UnitsMin, UnknownCause::Kind::DataAddresses,
                Ctx.str(Walker.perWarpData()), Assumption::Kind::DataPerWarp);
  if (P.Kind == Pattern::Misaligned)
    P.Kind = Pattern::Coalesced;
  return true;
}

/// A guard on data decides which lanes take part: the count is that of
/// every lane taking part at the most, none at the least (a warp with no
/// lane past the test may issue it predicated). A gather already gives
/// that range; a broadcast moves one sector where a lane runs and none
/// where none does (Chai's BFS: `*overflow = 1` under a test on a queue
/// index ran in every warp and moved nothing).
/// So does a guard whose values are not known here and could not be tried
/// (the walk counted its lanes as active): Hecbench's minimod, 1.67
/// wavefronts measured where 2 was given. \p WarpBaseRange: the count is
/// already the range over the alignments of warp bases.
void rangeUnderDataGuards(const sym::Context &Ctx, const AccessShape &Access,
                          LaunchWalker &Walker, bool WarpBaseRange,
                          Prediction &P) {
  bool OnData = !Walker.guardData().empty();
  bool OnUnknowns =
      Walker.guardUnknown() && guardLeavesLanesUnknown(Ctx, Access);
  if ((!OnData && !OnUnknowns) || P.DependsOnLaneData)
    return;
  bool MayRunEmpty = mayRunEmpty(Ctx, Access, Walker);
  // One lane at the least, none where a warp may issue it empty.
  const double Least = MayRunEmpty ? 0 : std::min(1.0, P.UnitsMin);
  if (!P.Units && !WarpBaseRange) {
    // A range over other unknowns already: the guard still lets fewer
    // lanes run (HeCBench d3q19-bgk: 0.13 sectors a request under `if
    // (where & (1 << k))`, given 1 to 10 over the unknown sizes).
    if (P.UnitsMax > 0) {
      P.UnitsMin = Least;
      if (P.Cause)
        P.Cause->Least = Least;
    }
    return;
  }
  // Which lanes run changes neither a uniform count nor one a single lane
  // costs already (fewer never cost more: moe-align's `cumsum[tid + 1]`).
  if (!MayRunEmpty && (P.Kind == Pattern::Uniform || P.UnitsMax <= Least))
    return;
  // The lanes' shape is known (contract point 4): the pattern stays, so
  // that a wasteful one is flagged, with the all-lanes count as the most:
  // over every value of the unknowns where the count was given for aligned
  // ones (HeCBench's minimod: 7 and 8 measured where 4 was the aligned most).
  for (const Assumption &A : P.Assumptions)
    if (A.What == Assumption::Kind::SamePatternForEveryValue)
      P.UnitsMax = std::max(P.UnitsMax, A.Most);
  P.AlignmentAssumed = false;
  keepOnlyRange(P, Least,
                OnData ? UnknownCause::Kind::GuardOnData
                       : UnknownCause::Kind::GuardOnUnknowns,
                OnData ? Ctx.str(Walker.guardData()) : "",
                Assumption::Kind::GuardUnknown);
}

/// Where data decides a lane's trip count in a loop nvcc splits, the walk
/// put the lanes at the same trip (TripPlacement): in the trips the unrolled
/// loop leaves over they are up to its factor apart (any distance with
/// ptxas's pieces), and an address that reads the trip is up to as many
/// addresses as trips. Not "uniform", then, and the most is that many times
/// the in-step most (HeCBench chemv's `X[c1 + c3]`, c3 bounded per lane by
/// ppcg_min on the thread index: 1.10 sectors measured, "uniform" given).
void rangeOverTripsApart(const sym::Context &Ctx, const AccessShape &Access,
                         const LaunchWalker &Walker,
                         const RequestCostModel &Model, Prediction &P) {
  if (!Walker.tripsInStepAssumed() || P.DependsOnLaneData)
    return;
  // Trip counts that read a value only guards read (the same in every lane)
  // were put in step too; the lanes' own data is what sets them apart.
  double Apart = 1;
  std::vector<AtomId> Data;
  for (const LoopLowering &L : Access.Lowerings) {
    std::vector<AtomId> Reads;
    addDataReadBy(Ctx, L.TripCount, Reads);
    if (Reads.empty() || !Ctx.dependsOn(Access.ByteOffset, L.Trip))
      continue;
    Apart *= L.Pieces ? double(WarpSize) : double(std::max(1u, L.Factor));
    llvm::append_range(Data, Reads);
  }
  if (Apart <= 1)
    return;
  const double Most = Model.costOfGather(WarpSize, Access.ChunkBytes).Units;
  P.UnitsMax =
      std::min(Most, Apart * std::max(P.UnitsMax, P.Units.value_or(0)));
  if (P.Kind == Pattern::Uniform || P.Kind == Pattern::Broadcast)
    P.Kind = Pattern::Unknown;
  keepOnlyRange(P, P.Units ? std::min(P.UnitsMin, *P.Units) : P.UnitsMin,
                UnknownCause::Kind::DataAddresses, Ctx.str(Data));
}

} // namespace

Prediction predictWith(const sym::Context &Ctx, ModelCaches &Caches,
                       const AccessShape &Access, const LaunchShape &Launch,
                       const RequestCostModel &Model) {
  return *predictWith(Ctx, Caches, Access, Launch, Model, /*IfDecided=*/false);
}

std::optional<Prediction>
predictWith(const sym::Context &Ctx, ModelCaches &Caches,
            const AccessShape &Access, const LaunchShape &Launch,
            const RequestCostModel &Model, bool IfDecided) {
  if (std::optional<UndecidedLowering> Choice = undecidedLowering(Access)) {
    // Predicted both ways: the same count, or the range between the two.
    // Either way undecided leaves both undecided (overBothLowerings).
    std::optional<Prediction> First =
        predictWith(Ctx, Caches, Choice->First, Launch, Model, IfDecided);
    if (!First)
      return std::nullopt;
    std::optional<Prediction> Second =
        predictWith(Ctx, Caches, Choice->Second, Launch, Model, IfDecided);
    if (!Second)
      return std::nullopt;
    return overBothLowerings(std::move(*First), *Second, Choice->Why);
  }
  LaunchWalker Walker(Ctx, Caches, Access, Launch, Model);
  std::optional<Prediction> Counted =
      predictCounts(Ctx, Access, Model, Walker, IfDecided);
  if (!Counted)
    return std::nullopt;
  Prediction &P = *Counted;
  P.Space = Access.Space;
  P.Model = &Model.description();
  if (!P.DependsOnLaneData)
    boundWithGuardsOpen(Ctx, Caches, Access, Launch, Model, Walker.unknowns(),
                        trials(Walker.unknowns().size()), visitBudget(Access),
                        P);
  if (P.DependsOnLaneData && P.Units) {
    // The count is the data's (docs/model.md, the contract): one unit where
    // the lanes share one (a small table, indices sorted within a warp),
    // every lane its own at the most. Measured on gathers of public code:
    // 1.5 to 21 sectors a request, where a definite 32 was given.
    // None in a warp that issues it with no lane on (HeCBench radixsort:
    // `if (s[t] != s[t - 1]) starts[s[t]] = t;` measured 0.85 wavefronts a
    // request).
    bool MayRunEmpty = mayRunEmpty(Ctx, Access, Walker);
    keepOnlyRange(P, MayRunEmpty ? 0 : std::min(1.0, P.UnitsMin),
                  UnknownCause::Kind::DataAddresses,
                  Ctx.str(Walker.dataAtoms()));
    if (!Model.gathersAreScattered() || Access.InLibrary)
      P.Kind = Pattern::Unknown;
    return Counted;
  }
  bool WarpBaseRange = rangeOverWarpBases(Ctx, Walker, P);
  rangeUnderDataGuards(Ctx, Access, Walker, WarpBaseRange, P);
  rangeOverAssumedGrid(Ctx, Access, Walker.gridAssumed(), P);
  rangeOverTripsApart(Ctx, Access, Walker, Model, P);
  return Counted;
}

Prediction predictAcrossExtents(const sym::Context &Ctx, ModelCaches &Caches,
                                const AccessShape &Access,
                                const LaunchShape &Launch) {
  using limits::FirstValueTried;
  assert(!Launch.ExtentParams.empty() && "no extent to try");
  std::vector<AtomId> Params;
  for (const auto &[Dim, Param] : Launch.ExtentParams)
    if (!llvm::is_contained(Params, Param))
      Params.push_back(Param);
  std::string Names = Ctx.str(Params);

  // Each value makes its own block: predicted like any launch, from the
  // aligned value, which the count is given for, on. Each is a whole
  // prediction, other unknowns tried inside it: a chosen few values.
  std::vector<int64_t> Tried;
  std::vector<Prediction> Results;
  for (int64_t V : limits::ExtentValues) {
    LaunchShape At = Launch.at(V);
    if (At.Block.volume() > MaxThreadsPerBlock)
      continue;
    Tried.push_back(V);
    Results.push_back(predict(Ctx, Caches, Access, At));
  }
  assert(!Results.empty() && "the first value makes a block");
  Prediction P = Results[0];
  const int64_t LastTried = *llvm::max_element(Tried);
  std::vector<Trial> Trials;
  for (const Prediction &R : Results)
    Trials.push_back({R.Kind, R.Units.has_value(),
                      R.Units ? *R.Units : R.UnitsMin,
                      R.Units ? *R.Units : R.UnitsMax, R.IdealUnits});
  TrialsTogether Together = combineTrials(Trials);
  const double Lowest = Together.Lowest, Highest = Together.Highest;
  if (Together.What == TrialsTogether::Outcome::SameResult) {
    if (P.Kind != Pattern::Unknown)
      P.Assumptions.push_back({Assumption::Kind::SameResultForEveryValue, Names,
                               FirstValueTried, LastTried, 0, 0,
                               int64_t(Tried.size())});
    return P;
  }
  if (Together.What == TrialsTogether::Outcome::SamePattern) {
    // The count of the aligned value, as for any unknown size.
    P.AlignmentAssumed = true;
    P.Assumptions.push_back({Assumption::Kind::SamePatternForEveryValue, Names,
                             FirstValueTried, LastTried, Lowest, Highest,
                             int64_t(Tried.size())});
    if (!P.Condition)
      if (int64_t M = divisibilityCondition(Tried, Together.Ideal))
        P.Condition = IdealCondition{Names, M};
    return P;
  }
  Prediction Unknown;
  Unknown.Space = P.Space;
  Unknown.Model = P.Model;
  Unknown.UnitsMin = Lowest;
  Unknown.UnitsMax = Highest;
  for (const Prediction &R : Results) {
    Unknown.IdealUnits = std::max(Unknown.IdealUnits, R.IdealUnits);
    Unknown.Groups = std::max(Unknown.Groups, R.Groups);
  }
  Unknown.Cause = UnknownCause{UnknownCause::Kind::DependsOnUnknowns, Names,
                               Lowest, Highest};
  return Unknown;
}

} // namespace model
} // namespace cudacoalesce
