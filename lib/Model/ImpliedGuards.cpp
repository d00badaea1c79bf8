//===- Model/ImpliedGuards.cpp - Guards another guard implies ------------===//
//
// An access inside nested bounds checks carries every level's guard, though
// the innermost implies the rest: the walks evaluate each guard's lanes per
// warp, so a nest of n levels cost n^2 / 2 guard evaluations (issue 44: 100
// levels of `if (x < w - j && y > j)`, 5.5 s of analysis against 0.45 s of
// parse). Guards that differ only in their constant term are ordered by it.
//
//===----------------------------------------------------------------------===//
#include "cuda-coalesce/Model/Access.h"

#include <map>
#include <tuple>

namespace cudacoalesce {
namespace model {

namespace {

/// What two guards must share for one to imply the other by its constant
/// term alone: the rest of the difference, the comparison, the lowering.
struct GuardFamily {
  sym::Poly Variable;
  Cmp Op;
  unsigned Lowering;

  bool operator<(const GuardFamily &O) const {
    return std::tie(Op, Lowering, Variable) <
           std::tie(O.Op, O.Lowering, O.Variable);
  }
};

unsigned loweringBits(const Guard &G) {
  return unsigned(G.Predicated) | unsigned(G.MaybePredicated) << 1 |
         unsigned(G.MaybeSunk) << 2 | unsigned(G.Exits) << 3 |
         unsigned(G.EndsLoop) << 4;
}

/// Whether `V + A Op 0` for every V where `V + B Op 0` holds: B's constant
/// term is the stronger one.
bool strongerTerm(Cmp Op, int64_t B, int64_t A) {
  switch (Op) {
  case Cmp::LT:
  case Cmp::LE:
    return B >= A;
  case Cmp::GT:
  case Cmp::GE:
    return B <= A;
  case Cmp::EQ:
  case Cmp::NE:
    return B == A;
  }
  return false;
}

} // namespace

std::vector<Guard> withoutImpliedGuards(const std::vector<Guard> &Guards) {
  if (Guards.size() < 2)
    return Guards;
  // The strongest of each family, by the index of the guard kept.
  std::map<GuardFamily, size_t> Strongest;
  std::vector<bool> Kept(Guards.size(), true);
  for (size_t I = 0; I < Guards.size(); ++I) {
    const Guard &G = Guards[I];
    int64_t Term = G.Diff.constantTerm();
    GuardFamily F{G.Diff - sym::Poly::constant(Term), G.Op, loweringBits(G)};
    auto [It, New] = Strongest.try_emplace(std::move(F), I);
    if (New)
      continue;
    const Guard &Held = Guards[It->second];
    int64_t HeldTerm = Held.Diff.constantTerm();
    if (strongerTerm(G.Op, HeldTerm, Term)) {
      Kept[I] = false;
    } else if (strongerTerm(G.Op, Term, HeldTerm)) {
      Kept[It->second] = false;
      It->second = I;
    }
  }
  std::vector<Guard> Out;
  for (size_t I = 0; I < Guards.size(); ++I)
    if (Kept[I])
      Out.push_back(Guards[I]);
  return Out;
}

} // namespace model
} // namespace cudacoalesce
