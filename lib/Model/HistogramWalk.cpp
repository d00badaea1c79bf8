//===- Model/HistogramWalk.cpp - Counted from a histogram per axis --------===//
//
// The totals of visiting every warp of the launch, obtained by counting
// instead of visiting: where the lanes' parts are fixed per block, the
// address is affine in the axes and each guard reads at most one axis, a
// visit's cost depends only on which lanes each axis's guards let through
// and on the address's start within the model's period, so each axis
// contributes a histogram of those and the launch is their product. Equal
// to the visit-by-visit walk (LaunchWalkerTest.HistogramWalkEqualsEveryWarp);
// it declines where the access is not of that shape.
//
//===----------------------------------------------------------------------===//
#include "WalkStrategy.h"

#include "cuda-coalesce/Limits.h"
#include "cuda-coalesce/Support/IntegerMath.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace cudacoalesce {
namespace model {

using sym::AtomId;
using sym::AtomKind;

namespace {

/// An affine polynomial in the varying axes: Constant + sum of PerAxis[A] *
/// (value of axis A).
struct AxisAffine {
  int64_t Constant = 0;
  std::vector<int64_t> PerAxis;
};

/// \p P as an affine function of the varying axes under the values set;
/// nullopt where it is not one (a product of axes, an operation over one,
/// an atom with no value, an overflow).
std::optional<AxisAffine> axisAffine(const AccessAtLaunch &AL,
                                     const sym::Poly &P) {
  const sym::Context &Ctx = AL.Ctx;
  AxisAffine R;
  R.PerAxis.assign(AL.Varying.size(), 0);
  for (const sym::Term &T : P.terms()) {
    int64_t Coeff = T.Coeff;
    std::optional<size_t> Axis;
    for (AtomId A : T.Atoms) {
      if (std::optional<size_t> Of = AL.axisOf(A)) {
        if (Axis)
          return std::nullopt; // a product of axes
        Axis = Of;
        continue;
      }
      // Any other atom must have a value that no axis changes.
      if (llvm::any_of(Ctx.atom(A).Leaves, [&](AtomId Leaf) {
            return AL.axisOf(Leaf).has_value();
          }))
        return std::nullopt;
      std::optional<int64_t> V =
          Ctx.atom(A).Kind == AtomKind::Op
              ? sym::evaluate(Ctx, sym::Poly::atom(A), AL.Values)
              : AL.Values.get(A);
      if (!V || __builtin_mul_overflow(Coeff, *V, &Coeff))
        return std::nullopt;
    }
    int64_t &Into = Axis ? R.PerAxis[*Axis] : R.Constant;
    if (__builtin_add_overflow(Into, Coeff, &Into))
      return std::nullopt;
  }
  return R;
}

/// Whether \p P reads a value that neither the launch nor the caller set
/// (an axis is set by each visit).
bool readsUnsetValue(const AccessAtLaunch &AL, const sym::Poly &P) {
  std::vector<AtomId> Leaves;
  AL.Ctx.collectLeafAtoms(P, Leaves);
  return llvm::any_of(
      Leaves, [&](AtomId A) { return !AL.Values.get(A) && !AL.axisOf(A); });
}

/// The lanes a class of visits lets through: (active, reaching).
using LaneMasks = std::pair<uint32_t, uint32_t>;
/// Visits by the lanes they let through and, for each such pair, by where
/// the address starts within the period.
using Classes = std::vector<std::pair<LaneMasks, std::vector<uint64_t>>>;

std::vector<uint64_t> &startsOf(Classes &C, LaneMasks M, int64_t Period) {
  for (auto &[Key, Starts] : C)
    if (Key == M)
      return Starts;
  C.emplace_back(M, std::vector<uint64_t>(Period));
  return C.back().second;
}

/// The classes of the visits of two independent sets of axes together.
/// The starts that some visit of \p Starts has, in order.
std::vector<int64_t> startsTaken(const std::vector<uint64_t> &Starts) {
  std::vector<int64_t> Taken;
  for (int64_t A = 0; A < int64_t(Starts.size()); ++A)
    if (Starts[A])
      Taken.push_back(A);
  return Taken;
}

Classes product(const Classes &L, const Classes &R, int64_t Period) {
  // Over the starts taken only, each side's found once: most are not
  // (elements of 4 bytes or more start at a quarter of a period's bytes at
  // most), and scanning every pair was 44% of ggml's getrows.cu (perf).
  std::vector<std::vector<int64_t>> TakenR;
  for (const auto &Class : R)
    TakenR.push_back(startsTaken(Class.second));
  Classes P;
  for (const auto &[M1, S1] : L) {
    const std::vector<int64_t> TakenL = startsTaken(S1);
    for (size_t J = 0; J < R.size(); ++J) {
      const auto &[M2, S2] = R[J];
      std::vector<uint64_t> &Into =
          startsOf(P, {M1.first & M2.first, M1.second & M2.second}, Period);
      for (int64_t A : TakenL)
        for (int64_t B : TakenR[J])
          Into[(A + B) % Period] += S1[A] * S2[B];
    }
  }
  return P;
}

/// A guard as the axes see it: its uniform part, and the one axis it reads
/// (none: -1). One that reads a value not known here holds in every lane,
/// as when visiting (AccessAtLaunch::GuardUnknown).
struct GuardOnAxes {
  AxisAffine Base;
  int Axis = -1;
  bool Holds = false;
};

/// The guards of one warp: which of its lanes pass them at each value of
/// an axis.
class WarpGuards {
public:
  WarpGuards(const AccessShape &Access, const std::vector<GuardOnAxes> &Guards,
             const WarpLanes &W, std::vector<const GuardLanes *> GuardLanesOf)
      : Access(Access), Guards(Guards), W(W),
        GuardLanesOf(std::move(GuardLanesOf)), AllLanes(lanesBelow(W.Lanes)) {}

  /// The lanes that pass guard \p G when its uniform part is \p U.
  std::optional<uint32_t> passing(size_t G, int64_t U) const {
    const Guard &Gd = Access.Guards[G];
    const GuardLanes &L = *GuardLanesOf[G];
    std::optional<bool> All =
        holdsOverRange(Gd.Op, U, L.Range->first, L.Range->second);
    if (All && *All)
      return AllLanes;
    std::optional<bool> None =
        holdsOverRange(negated(Gd.Op), U, L.Range->first, L.Range->second);
    if (None && *None)
      return uint32_t(0);
    uint32_t Mask = 0;
    for (unsigned Lane = 0; Lane < W.Lanes; ++Lane) {
      int64_t V;
      if (__builtin_add_overflow(U, *L.Values[Lane], &V))
        return std::nullopt;
      if (holds(Gd.Op, V))
        Mask |= uint32_t(1) << Lane;
    }
    return Mask;
  }

  /// The lanes active and reaching after the guards that read axis \p Axis
  /// (-1: none), that axis at \p Value.
  std::optional<LaneMasks> masksAt(int Axis, int64_t Value) const {
    LaneMasks M{AllLanes, AllLanes};
    for (size_t G = 0; G < Guards.size(); ++G) {
      if (Guards[G].Axis != Axis || Guards[G].Holds)
        continue;
      int64_t U = Guards[G].Base.Constant;
      if (Axis >= 0)
        U += Guards[G].Base.PerAxis[Axis] * Value;
      std::optional<uint32_t> Pass = passing(G, U);
      if (!Pass)
        return std::nullopt;
      M.first &= *Pass;
      if (!Access.Guards[G].Predicated)
        M.second &= *Pass;
    }
    return M;
  }

  const GuardLanes &lanesOfGuard(size_t G) const { return *GuardLanesOf[G]; }

private:
  const AccessShape &Access;
  const std::vector<GuardOnAxes> &Guards;
  const WarpLanes &W;
  std::vector<const GuardLanes *> GuardLanesOf;
  const uint32_t AllLanes;
};

class HistogramWalk final : public WalkStrategy {
public:
  HistogramWalk() : WalkStrategy("axis histograms", /*Counts=*/true) {}
  std::optional<CostTotals> walk(WalkUnits &U, uint64_t WarpBudget) override;

private:
  /// Each guard as the axes see it; nullopt where one reads two axes or is
  /// not affine in them.
  static std::optional<std::vector<GuardOnAxes>>
  guardsOnAxes(const AccessAtLaunch &AL, const AccessSplit &Split);
  /// The visits of the launch's axes, where counting them by their start
  /// within the period cannot wrap on the way.
  static std::optional<uint64_t> axisVisits(const AccessAtLaunch &AL,
                                            const AxisAffine &Base);
  /// The classes of the visits of warp \p Warp (lanes \p W) over every
  /// axis; \p Unguarded keeps those of the axes no guard reads, the same
  /// for every full warp.
  std::optional<Classes>
  warpClasses(WalkUnits &U, int64_t Warp, const WarpLanes &W,
              const AxisAffine &Base, const std::vector<GuardOnAxes> &Guards,
              std::vector<std::optional<Classes>> &Unguarded);
  /// The classes of the values of axis \p I alone, for the warp of \p WG.
  static std::optional<Classes>
  axisClasses(const AccessAtLaunch &AL, size_t I, const AxisAffine &Base,
              const std::vector<GuardOnAxes> &Guards, const WarpGuards &WG);
  /// Adds the visits of \p Visits, classes of warp \p Warp, to \p T.
  void priceClasses(WalkUnits &U, int64_t Warp, const WarpLanes &W,
                    const Classes &Visits, CostTotals &T);

  // Reused: a class's active lanes from a start of 0.
  std::vector<int64_t> Addresses;
  std::vector<std::pair<int64_t, int64_t>> Rows;
};

} // namespace

std::unique_ptr<WalkStrategy> makeHistogramWalk() {
  return std::make_unique<HistogramWalk>();
}

std::optional<std::vector<GuardOnAxes>>
HistogramWalk::guardsOnAxes(const AccessAtLaunch &AL,
                            const AccessSplit &Split) {
  std::vector<GuardOnAxes> Guards;
  for (size_t G = 0; G < Split.guards(); ++G) {
    const sym::Poly &Uniform = Split.guard(G).Uniform;
    std::optional<AxisAffine> A = axisAffine(AL, Uniform);
    GuardOnAxes &On = Guards.emplace_back();
    On.Holds = !A && readsUnsetValue(AL, Uniform);
    if (On.Holds)
      continue;
    if (!A)
      return std::nullopt;
    for (size_t I = 0; I < A->PerAxis.size(); ++I) {
      if (!A->PerAxis[I])
        continue;
      if (On.Axis >= 0)
        return std::nullopt; // reads two axes
      On.Axis = int(I);
    }
    On.Base = std::move(*A);
  }
  return Guards;
}

std::optional<uint64_t> HistogramWalk::axisVisits(const AccessAtLaunch &AL,
                                                  const AxisAffine &Base) {
  // The values an axis takes, and the bound on how far they move the
  // address: the histograms hold values modulo the period, so nothing may
  // wrap on the way.
  double Reach = std::fabs(double(Base.Constant));
  uint64_t Total = 1;
  for (size_t I = 0; I < AL.Varying.size(); ++I) {
    const VaryingAxis &V = AL.Varying[I];
    int64_t Count = std::max<int64_t>(1, V.Count);
    Reach += std::fabs(double(Base.PerAxis[I])) *
             (std::fabs(double(V.First)) + double(Count) * double(V.Stride));
    if (Count > limits::MaxAxisValuesCounted ||
        __builtin_mul_overflow(Total, uint64_t(Count), &Total))
      return std::nullopt;
  }
  if (Reach > double(int64_t(1) << 60))
    return std::nullopt;
  return Total;
}

std::optional<CostTotals> HistogramWalk::walk(WalkUnits &U,
                                              uint64_t /*WarpBudget*/) {
  const AccessAtLaunch &AL = U.AL;
  const AccessSplit &Split = U.Split;
  if (AL.Scattered || !Split.offset().LaneFixedPerBlock ||
      !AL.Access.Lowerings.empty())
    return std::nullopt;
  for (size_t G = 0; G < Split.guards(); ++G)
    if (!Split.guard(G).LaneFixedPerBlock)
      return std::nullopt;
  std::optional<AxisAffine> Base = axisAffine(AL, Split.offset().Uniform);
  if (!Base)
    return std::nullopt;
  std::optional<std::vector<GuardOnAxes>> Guards = guardsOnAxes(AL, Split);
  if (!Guards)
    return std::nullopt;
  std::optional<uint64_t> Total = axisVisits(AL, *Base);
  if (!Total)
    return std::nullopt;
  const uint64_t WarpsPerBlock = uint64_t(U.Radix[0]);
  // An axis that no guard reads gives every warp the same classes.
  std::vector<std::optional<Classes>> Unguarded(AL.Varying.size());
  CostTotals T;
  T.Visits = *Total * WarpsPerBlock;
  for (uint64_t Warp = 0; Warp < WarpsPerBlock; ++Warp) {
    const WarpLanes &W = U.Lanes.lanesOf(int64_t(Warp));
    if (W.Lanes == 0)
      continue;
    if (!W.AllAddressesKnown)
      return std::nullopt;
    std::optional<Classes> Visits =
        warpClasses(U, int64_t(Warp), W, *Base, *Guards, Unguarded);
    if (!Visits)
      return std::nullopt;
    priceClasses(U, int64_t(Warp), W, *Visits, T);
  }
  if (llvm::any_of(*Guards, [](const GuardOnAxes &G) { return G.Holds; }))
    U.AL.GuardUnknown = true;
  return T;
}

std::optional<Classes>
HistogramWalk::warpClasses(WalkUnits &U, int64_t Warp, const WarpLanes &W,
                           const AxisAffine &Base,
                           const std::vector<GuardOnAxes> &Guards,
                           std::vector<std::optional<Classes>> &Unguarded) {
  const AccessAtLaunch &AL = U.AL;
  const int64_t Period = AL.Model.periodBytes();
  std::vector<const GuardLanes *> GuardLanesOf;
  for (size_t G = 0; G < Guards.size(); ++G) {
    GuardLanesOf.push_back(&U.Lanes.fixedGuardLanes(G, Warp));
    if (!Guards[G].Holds && !GuardLanesOf.back()->Range)
      return std::nullopt;
  }
  const WarpGuards WG(AL.Access, Guards, W, std::move(GuardLanesOf));
  // The guards that read no axis, then each axis's classes, multiplied in.
  std::optional<LaneMasks> Unaxed = WG.masksAt(-1, 0);
  if (!Unaxed)
    return std::nullopt;
  Classes Visits;
  ++startsOf(Visits, *Unaxed, Period)[floorMod(Base.Constant, Period)];
  for (size_t I = 0; I < AL.Varying.size(); ++I) {
    const bool Guarded = llvm::any_of(
        Guards, [&](const GuardOnAxes &G) { return G.Axis == int(I); });
    if (!Guarded && Unguarded[I]) {
      Visits = product(Visits, *Unguarded[I], Period);
      continue;
    }
    std::optional<Classes> OfAxis = axisClasses(AL, I, Base, Guards, WG);
    if (!OfAxis)
      return std::nullopt;
    Visits = product(Visits, *OfAxis, Period);
    if (!Guarded && W.Lanes == WarpSize)
      Unguarded[I] = std::move(*OfAxis);
  }
  return Visits;
}

std::optional<Classes> HistogramWalk::axisClasses(
    const AccessAtLaunch &AL, size_t I, const AxisAffine &Base,
    const std::vector<GuardOnAxes> &Guards, const WarpGuards &WG) {
  const VaryingAxis &V = AL.Varying[I];
  const int64_t Period = AL.Model.periodBytes();
  // The axis's values fall into stretches over which each guard on it lets
  // every lane of the warp through or none: all but the few values where
  // its uniform part crosses the range of its lanes' parts. A stretch is
  // counted by where its visits start within the period, which repeats;
  // the values in between are taken one by one.
  const int64_t Count = std::max<int64_t>(1, V.Count);
  std::vector<std::pair<int64_t, int64_t>> Crossings; // [first, last]
  std::vector<int64_t> Cuts = {0, Count};
  for (size_t G = 0; G < Guards.size(); ++G) {
    if (Guards[G].Axis != int(I) || Guards[G].Holds)
      continue;
    // The guard's uniform part at the K-th value: At + Step * K.
    const __int128 At = __int128(Guards[G].Base.Constant) +
                        __int128(Guards[G].Base.PerAxis[I]) * V.First;
    const __int128 Step = __int128(Guards[G].Base.PerAxis[I]) * V.Stride;
    if (Step == 0)
      continue;
    // Some lanes pass and others not only where At + Step * K + lane
    // crosses 0 for a lane of the range: a margin of 1 either side covers
    // every comparison.
    const GuardLanes &L = WG.lanesOfGuard(G);
    const __int128 Low = -__int128(L.Range->second) - 1 - At;
    const __int128 High = -__int128(L.Range->first) + 1 - At;
    auto FloorDiv = [](__int128 A, __int128 B) {
      __int128 Q = A / B;
      return (A % B != 0 && (A < 0) != (B < 0)) ? Q - 1 : Q;
    };
    __int128 First = Step > 0 ? -FloorDiv(-Low, Step) : -FloorDiv(-High, Step);
    __int128 Last = Step > 0 ? FloorDiv(High, Step) : FloorDiv(Low, Step);
    // Cut at both ends, also where no value falls between them: the guard
    // then goes from all lanes to none from one value to the next.
    auto Clamped = [&](__int128 K) {
      return int64_t(std::clamp<__int128>(K, 0, Count));
    };
    Cuts.push_back(Clamped(First));
    Cuts.push_back(Clamped(Last + 1));
    if (Clamped(First) <= Clamped(Last + 1) - 1)
      Crossings.push_back({Clamped(First), Clamped(Last + 1) - 1});
  }
  llvm::sort(Cuts);
  Cuts.erase(std::unique(Cuts.begin(), Cuts.end()), Cuts.end());
  const int64_t StartStep = floorMod(
      floorMod(Base.PerAxis[I], Period) * floorMod(V.Stride, Period), Period);
  const int64_t Repeat = Period / std::gcd(StartStep, Period);
  Classes OfAxis;
  for (size_t C = 0; C + 1 < Cuts.size(); ++C) {
    const int64_t From = Cuts[C], To = Cuts[C + 1];
    bool Crosses = llvm::any_of(Crossings, [&](const auto &X) {
      return X.first <= From && From <= X.second;
    });
    // Unguarded, the masks are all lanes of a full warp; a partial warp
    // ANDs its own in.
    for (int64_t K = From; K < To;) {
      const int64_t Value = V.First + K * V.Stride;
      std::optional<LaneMasks> M = WG.masksAt(int(I), Value);
      if (!M)
        return std::nullopt;
      std::vector<uint64_t> &Starts = startsOf(OfAxis, *M, Period);
      const int64_t Start = floorMod(Base.PerAxis[I] * Value, Period);
      if (Crosses) {
        ++Starts[Start];
        ++K;
        continue;
      }
      const int64_t Length = To - K;
      for (int64_t J = 0; J < std::min(Length, Repeat); ++J)
        Starts[(Start + J * StartStep) % Period] +=
            uint64_t((Length - 1 - J) / Repeat + 1);
      K = To;
    }
  }
  return OfAxis;
}

void HistogramWalk::priceClasses(WalkUnits &U, int64_t Warp, const WarpLanes &W,
                                 const Classes &Visits, CostTotals &T) {
  const int64_t Period = U.AL.Model.periodBytes();
  for (const auto &[M, Starts] : Visits) {
    auto [ActiveLanes, ReachingLanes] = M;
    // The class's lanes from a start of 0; each start moves them all.
    Addresses.clear();
    Rows.clear();
    for (unsigned Lane = 0; Lane < W.Lanes; ++Lane)
      if (ActiveLanes & (uint32_t(1) << Lane)) {
        Addresses.push_back(*W.Address[Lane]);
        Rows.push_back(W.Rows[Lane]);
      }
    uint64_t Shape = 0;
    for (int64_t Start = 0; Start < Period; ++Start) {
      uint64_t N = Starts[Start];
      if (!N)
        continue;
      if (ActiveLanes == 0) {
        // Branched around: nothing.
        if (ReachingLanes != 0)
          U.Pricer.countPredicatedOff(T, N);
        continue;
      }
      T.Warps += N;
      U.Pricer.count(U.Pricer.costOf(Warp, W, ActiveLanes, Start, true,
                                     Addresses, Rows, Start, &Shape),
                     T, N);
    }
  }
}

} // namespace model
} // namespace cudacoalesce
