//===- Model/GuardsHeldOverWalk.cpp - Guards no visit of a walk fails -----===//
#include "GuardsHeldOverWalk.h"

#include <algorithm>

namespace cudacoalesce {
namespace model {

namespace {

/// The one axis of the walk that guard \p G reads, where the rest of what
/// it reads is set and the same in every lane; nullptr otherwise.
const VaryingAxis *soleAxis(const AccessAtLaunch &AL, size_t G) {
  const VaryingAxis *Axis = nullptr;
  for (sym::AtomId L : AL.guardLeaves(G)) {
    const sym::Atom &At = AL.Ctx.atom(L);
    if (At.ReadsThreadIdx || At.LaneVarying || AL.isLoweredTrip(L))
      return nullptr;
    if (std::optional<size_t> V = AL.axisOf(L)) {
      if (Axis || (At.Kind != sym::AtomKind::LoopIteration &&
                   At.Kind != sym::AtomKind::BlockIdx))
        return nullptr;
      Axis = &AL.Varying[*V];
      continue;
    }
    if (!AL.Values.get(L))
      return nullptr;
  }
  return Axis;
}

/// Whether guard \p G holds with \p Axis at \p Value.
bool holdsAt(AccessAtLaunch &AL, size_t G, const VaryingAxis &Axis,
             int64_t Value) {
  AL.Values.set(Axis.Atom, Value);
  std::optional<int64_t> D =
      sym::evaluate(AL.Ctx, AL.Access.Guards[G].Diff, AL.Values);
  return D && holds(AL.Access.Guards[G].Op, *D);
}

} // namespace

std::vector<bool> guardsHeldOverWalk(AccessAtLaunch &AL,
                                     const TripPlacement &Trips) {
  std::vector<bool> Held(AL.Access.Guards.size(), false);
  for (size_t G = 0; G < Held.size(); ++G) {
    const Guard &Gd = AL.Access.Guards[G];
    // `!=` may fail between two values it holds at.
    if (Gd.Op == Cmp::EQ || Gd.Op == Cmp::NE)
      continue;
    const VaryingAxis *Axis = soleAxis(AL, G);
    if (!Axis || !Trips.stepIn(Gd.Diff, Axis->Atom))
      continue;
    // The values visited, and those a sampled axis's values stand for
    // (the trips up to the loop's end, which the counting walks reach).
    int64_t Low = Axis->First;
    int64_t High =
        Axis->First + (std::max<int64_t>(1, Axis->Count) - 1) * Axis->Stride;
    if (Axis->Sampled()) {
      Low = std::min<int64_t>(Low, 0);
      High = std::max(High, Axis->Span - 1);
    }
    Held[G] = holdsAt(AL, G, *Axis, Low) && holdsAt(AL, G, *Axis, High);
  }
  return Held;
}

} // namespace model
} // namespace cudacoalesce
