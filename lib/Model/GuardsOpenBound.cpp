//===- Model/GuardsOpenBound.cpp - Counts past the values tried -----------===//
#include "GuardsOpenBound.h"
#include "LaunchWalker.h"

#include "cuda-coalesce/Limits.h"
#include "cuda-coalesce/Model/GlobalSectorModel.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace cudacoalesce {
namespace model {

namespace {

/// Whether \p G splits the lanes of a warp alike whatever \p Unknowns are:
/// its lanes differ by `a * threadIdx.x` alone, warps are rows of x, and
/// every term that reads an unknown is, with the block's extents put in, a
/// multiple of 32 * a. The unknowns then move the guard's threshold by whole
/// warps, and the values tried met every split there is (a grid-stride
/// loop's `i < n` over a grid not known: llm.c's global_norm, 2 sectors
/// measured at every launch).
bool splitsWarpsAlike(const sym::Context &Ctx, const Guard &G,
                      const std::vector<sym::AtomId> &Unknowns,
                      const LaunchShape &Launch) {
  if (Launch.Block.X % 32 != 0)
    return false;
  std::optional<int64_t> LaneStep;
  std::vector<int64_t> UnknownSteps;
  for (const sym::Term &T : G.Diff.terms()) {
    if (T.Atoms.size() == 1 && T.Atoms[0] == Ctx.threadIdx(0)) {
      LaneStep = T.Coeff;
      continue;
    }
    if (llvm::any_of(T.Atoms,
                     [&](sym::AtomId A) { return Ctx.atom(A).ReadsThreadIdx; }))
      return false;
    if (llvm::none_of(T.Atoms, [&](sym::AtomId A) {
          return Ctx.readsAny(sym::Poly::atom(A), Unknowns);
        }))
      continue;
    int64_t Step = T.Coeff;
    const int64_t Extents[3] = {Launch.Block.X, Launch.Block.Y, Launch.Block.Z};
    for (sym::AtomId A : T.Atoms)
      if (Ctx.atom(A).Kind == sym::AtomKind::BlockDim &&
          __builtin_mul_overflow(Step, Extents[Ctx.atom(A).Dim], &Step))
        return false;
    UnknownSteps.push_back(Step);
  }
  return LaneStep && *LaneStep != 0 && !UnknownSteps.empty() &&
         llvm::all_of(UnknownSteps, [&](int64_t Step) {
           return Step % (32 * *LaneStep) == 0;
         });
}

/// Whether \p G, a guard of \p Access, reads one of \p Unknowns, and with
/// \p Lanes the thread index too (it picks lanes of a warp, and the values
/// tried may not have met every way it does). The condition of a loop nvcc
/// splits (AccessShape::Lowerings) does not count: it sets the trips the
/// lanes are placed at, and open, the lanes would stand where no value puts
/// them.
bool opensOnUnknowns(const sym::Context &Ctx, const AccessShape &Access,
                     const Guard &G, const std::vector<sym::AtomId> &Unknowns,
                     const LaunchShape &Launch, bool Lanes) {
  if (G.EndsLoop && !Access.Lowerings.empty())
    return false;
  return Ctx.readsAny(G.Diff, Unknowns) &&
         (!Lanes || (Ctx.containsLeaf(G.Diff, [](const sym::Atom &A) {
           return A.Kind == sym::AtomKind::ThreadIdx;
         }) && !splitsWarpsAlike(Ctx, G, Unknowns, Launch)));
}

/// The most units a request moves, at any of \p Samples, with the guards
/// that read \p Unknowns open (with \p Lanes, only those that pick lanes);
/// nullopt where no request issues even so.
std::optional<double>
mostWithGuardsOpen(const sym::Context &Ctx, ModelCaches &Caches,
                   const AccessShape &Access, const LaunchShape &Launch,
                   const RequestCostModel &Model,
                   const std::vector<sym::AtomId> &Unknowns,
                   const std::vector<std::vector<int64_t>> &Samples,
                   uint64_t Budget, bool Lanes) {
  AccessShape Opened = Access;
  llvm::erase_if(Opened.Guards, [&](const Guard &G) {
    return opensOnUnknowns(Ctx, Access, G, Unknowns, Launch, Lanes);
  });
  LaunchWalker Walker(Ctx, Caches, Opened, Launch, Model);
  // The open access may read fewer unknowns than the guarded one (those
  // only its guards read); one it reads that the trials did not try was
  // settled before them (it moves whole periods) and keeps that value.
  const std::vector<sym::AtomId> Own = Walker.unknowns();
  std::vector<std::vector<int64_t>> OwnSamples;
  for (const std::vector<int64_t> &Values : Samples) {
    std::vector<int64_t> &OwnValues = OwnSamples.emplace_back();
    for (sym::AtomId U : Own) {
      auto At = llvm::find(Unknowns, U);
      OwnValues.push_back(At == Unknowns.end() ? limits::FirstValueTried
                                               : Values[At - Unknowns.begin()]);
    }
  }
  // Only the most counts: a trial that repeats another's walk adds nothing.
  const std::vector<size_t> First = Walker.trialClasses(Own, OwnSamples);
  uint64_t PerTrial =
      std::max<uint64_t>(limits::MinVisitsPerTrial, Budget / Samples.size());
  const std::optional<double> Ceiling = mostUnitsOfAnyRequest(Access);
  std::optional<double> Most;
  for (size_t S = 0; S < OwnSamples.size(); ++S) {
    if (First[S] != S)
      continue;
    for (size_t U = 0; U < Own.size(); ++U)
      Walker.set(Own[U], OwnSamples[S][U]);
    CostTotals T = Walker.walk(PerTrial);
    if (T.Requests && !T.Unaddressed)
      Most = std::max(Most.value_or(0), T.Max);
    // No later trial can raise it (llm.c's permute kernels: 32 sectors
    // from the first trial, then 186 walks more).
    if (Most && Ceiling && *Most >= *Ceiling)
      break;
  }
  return Most;
}

} // namespace

std::optional<double> mostUnitsOfAnyRequest(const AccessShape &Access) {
  // A chunk at a multiple of its size, which divides a sector, lies in one
  // sector: a request moves at most one a lane.
  const unsigned Chunk = Access.ChunkBytes;
  if (Access.Space != AddressSpace::Global || !Chunk || SectorBytes % Chunk ||
      !Access.ByteOffset.dividedExactly(Chunk))
    return std::nullopt;
  return WarpSize;
}

void boundWithGuardsOpen(const sym::Context &Ctx, ModelCaches &Caches,
                         const AccessShape &Access, const LaunchShape &Launch,
                         const RequestCostModel &Model,
                         const std::vector<sym::AtomId> &Unknowns,
                         const std::vector<std::vector<int64_t>> &Samples,
                         uint64_t Budget, Prediction &P) {
  using Why = UnknownCause::Kind;
  bool NoneMoved =
      P.Cause ? P.Cause->What == Why::NoLaneReaches : P.Units && *P.Units == 0;
  bool Range = P.Cause && P.Cause->What == Why::DependsOnUnknowns;
  auto Assumed = llvm::find_if(P.Assumptions, [](const Assumption &A) {
    return A.What == Assumption::Kind::SameResultForEveryValue ||
           A.What == Assumption::Kind::SamePatternForEveryValue;
  });
  bool Tried = Assumed != P.Assumptions.end();
  if (Samples.empty() || (!NoneMoved && !Range && !Tried))
    return;
  // Where some lane ran, a guard the warp passes or fails as one
  // (`img_size % blockDim.x == 0`) picks no lanes: opened, it would only
  // admit values it excludes (HeCBench groupnorm: rows it keeps aligned).
  // Where none ran, it may be what no value tried let through.
  bool Lanes = !NoneMoved;
  if (llvm::none_of(Access.Guards, [&](const Guard &G) {
        return opensOnUnknowns(Ctx, Access, G, Unknowns, Launch, Lanes);
      }))
    return;
  std::optional<double> Most = mostWithGuardsOpen(
      Ctx, Caches, Access, Launch, Model, Unknowns, Samples, Budget, Lanes);
  if (!Most)
    return;
  // One lane on moves a unit; a warp may issue a predicated request with
  // none.
  double Least = Access.mayIssueEmpty() ? 0 : 1;
  if (NoneMoved) {
    P.Kind = Pattern::Unknown;
    P.Units.reset();
    P.UnitsMin = Least;
    P.UnitsMax = *Most;
    P.Cause =
        UnknownCause{Why::DependsOnUnknowns, Ctx.str(Unknowns), Least, *Most};
    P.Assumptions.clear();
    return;
  }
  if (Range) {
    P.UnitsMax = P.Cause->Most = std::max(P.UnitsMax, *Most);
    return;
  }
  if (Assumed->What == Assumption::Kind::SamePatternForEveryValue) {
    Assumed->Least = std::min(Assumed->Least, Least);
    Assumed->Most = std::max(Assumed->Most, *Most);
    return;
  }
  // A count the values tried agreed on, where values that decide which
  // lanes run were drawn: the pattern stays, the count is the range, unless
  // every lane count gives that count (one address for the warp: one
  // sector whichever lanes run).
  double Low = std::min(P.UnitsMin, Least), High = std::max(P.UnitsMax, *Most);
  if (std::fabs(Low - *P.Units) < 1e-9 && std::fabs(High - *P.Units) < 1e-9)
    return;
  std::string Names = Assumed->Names;
  P.Assumptions.erase(Assumed);
  P.Units.reset();
  P.UnitsMin = Low;
  P.UnitsMax = High;
  P.Cause = UnknownCause{Why::GuardOnUnknowns, std::move(Names), Low, High};
}

} // namespace model
} // namespace cudacoalesce
