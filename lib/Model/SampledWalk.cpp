//===- Model/SampledWalk.cpp - A low-discrepancy sample of the warps ------===//
//
// Where the launch has more warp visits than the budget and no count
// applies, the walk visits a deterministic sample of them, whole groups of
// warps at a time, and stops once the averages are far more precise than
// the runtime bench can tell apart. It never declines.
//
//===----------------------------------------------------------------------===//
#include "RobertsSequence.h"
#include "WalkStrategy.h"

#include "cuda-coalesce/Limits.h"

#include <algorithm>
#include <cmath>

namespace cudacoalesce {
namespace model {

namespace {

/// The precision of a per-request average (units, segments, ideal units)
/// over sampled warps: a ratio of two sums, whose standard error is
/// estimated from the residuals X_i - r R_i (the delta method).
class RatioPrecision {
public:
  void add(double X, double Requests) {
    ++N;
    Sum += X;
    R += Requests;
    XX += X * X;
    RR += Requests * Requests;
    XR += X * Requests;
  }
  /// Whether the standard error is below 0.05% of the average: a tenth of
  /// what the runtime bench calls exact, at three standard errors.
  bool precise() const { return relativeError() <= 0.0005; }
  /// The standard error relative to the average.
  double relativeError() const {
    if (N < 2 || R <= 0 || Sum <= 0)
      return N < 2 ? 1 : 0;
    double Ratio = Sum / R;
    double Residuals = std::max(0.0, XX - 2 * Ratio * XR + Ratio * Ratio * RR);
    double StdError = std::sqrt(Residuals / (N * (N - 1))) / (R / N);
    return StdError / Ratio;
  }

private:
  double N = 0, Sum = 0, R = 0, XX = 0, RR = 0, XR = 0;
};

class SampledWalk final : public WalkStrategy {
public:
  SampledWalk() : WalkStrategy("sample", /*Counts=*/false) {}
  std::optional<CostTotals> walk(WalkUnits &U, uint64_t WarpBudget) override;

private:
  RobertsSequence Groups;
};

} // namespace

std::unique_ptr<WalkStrategy> makeSampledWalk() {
  return std::make_unique<SampledWalk>();
}

std::optional<CostTotals> SampledWalk::walk(WalkUnits &U, uint64_t WarpBudget) {
  const std::vector<int64_t> &Radix = U.Radix;
  const double Total = U.AL.launchVisits();
  CostTotals T;
  // Too many warps to visit all: a deterministic uniform sample, always with
  // the first and the last block (a partial last block is where guards
  // bite). Each group (a block, a loop trip, a value of each unknown) is
  // visited with all its warps in turn, so that the share of them a guard on
  // the thread index lets through, which the requests per launch are made
  // from, is exact. It stops early once the average is known far more
  // precisely than the runtime bench can tell apart (0.5%): most accesses
  // cost the same in every warp, and visiting 16384 of them was most of the
  // analysis time. The groups follow Roberts' R_d sequence
  // (J * phi_d^-k mod 1 on axis k, phi_d the root of x^(d+1) = x + 1): even
  // along every axis and over every pair of them from the first visits on,
  // where random draws leave clumps. A loop whose lanes leave trip by trip
  // was 0.7% off with random draws (runtime-bench 41, llm.c's causal
  // softmax; the bench calls 0.5% exact). Drawing the group anew for each
  // warp instead tied the warp to the sequence and missed the few warps an
  // index splits (llm.c's attention_query_key_kernel1).
  Groups.reset(Radix);
  uint64_t Warps = uint64_t(Radix[0]);
  uint64_t LastGroup = uint64_t(Total) / Warps - 1;
  for (uint64_t W = 0; W < Warps; ++W) {
    U.visit(W, T);
    U.visit(LastGroup * Warps + W, T);
  }
  // The requests a visit issues too: they make the requests per launch,
  // which weigh the accesses of one line and rank findings by traffic (a
  // warp sample that had settled the cost of a broadcast after 1024 visits
  // was 16% off the share of warps that issue it: llm.c's
  // attention_query_key_kernel1).
  RatioPrecision Units, Segments, Ideal, Issued;
  for (uint64_t I = 0; I + 2 * Warps < WarpBudget; ++I) {
    uint64_t Group = 0, Scale = 1;
    for (size_t R = 1; R < Radix.size(); ++R) {
      Group += Groups.coordinate(I / Warps, R) * Scale;
      Scale *= uint64_t(Radix[R]);
    }
    CostTotals Before = T;
    U.visit(Group * Warps + I % Warps, T);
    double Requests = double(T.Requests - Before.Requests);
    Units.add(T.Units - Before.Units, Requests);
    Segments.add(T.Segments - Before.Segments, Requests);
    Ideal.add(T.IdealUnits - Before.IdealUnits, Requests);
    Issued.add(Requests, 1);
    if (I >= limits::MinSampledVisits && I % 256 == 0 && Units.precise() &&
        Segments.precise() && Ideal.precise() && Issued.precise())
      return T;
  }
  // The budget ran out first: how far the average may be off.
  T.RelativeError = 3 * Units.relativeError();
  return T;
}

} // namespace model
} // namespace cudacoalesce
