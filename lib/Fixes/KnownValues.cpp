//===- Fixes/KnownValues.cpp - An access's polynomials at its launch ------===//
#include "KnownValues.h"
#include "cuda-coalesce/Fixes/Fixes.h"

#include "cuda-coalesce/Limits.h"

#include "llvm/ADT/STLExtras.h"

#include <map>
#include <vector>

namespace cudacoalesce {
namespace fixes {

FixCaches::FixCaches() : Substitutions(std::make_unique<KeptSubstitutions>()) {}

FixCaches::~FixCaches() = default;

size_t FixCaches::entries() const { return Substitutions->entries(); }

sym::Poly withKnownValues(sym::Context &Ctx, KeptSubstitutions &Kept,
                          const model::LaunchShape &Launch,
                          const sym::Poly &P) {
  if (Launch.Known.empty())
    return P;
  if (Kept.Known != Launch.Known) {
    Kept.Known = Launch.Known;
    Kept.With.clear();
    for (const auto &[Atom, Value] : Launch.Known)
      Kept.With[Atom] = sym::Poly::constant(Value);
    Kept.Done.clear();
  }
  // Most polynomials read none of the launch's values (a kernel written
  // with its sizes as literals): nothing to substitute, nothing to keep.
  Kept.Leaves.clear();
  Ctx.collectLeafAtoms(P, Kept.Leaves);
  if (llvm::none_of(Kept.Leaves,
                    [&](sym::AtomId A) { return Kept.Known.count(A); }))
    return P;
  auto It = Kept.Done.find(P);
  if (It != Kept.Done.end())
    return It->second;
  sym::Poly Substituted = Ctx.substitute(P, Kept.With);
  if (Kept.Done.size() >= limits::KnownSubstitutionsKept)
    Kept.Done.clear();
  Kept.Done.emplace(P, Substituted);
  return Substituted;
}

} // namespace fixes
} // namespace cudacoalesce
