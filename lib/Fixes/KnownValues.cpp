//===- Fixes/KnownValues.cpp - An access's polynomials at its launch ------===//
#include "KnownValues.h"

#include "cuda-coalesce/Limits.h"

#include "llvm/ADT/STLExtras.h"

#include <map>
#include <vector>

namespace cudacoalesce {
namespace fixes {

namespace {

struct KeptSubstitutions {
  uint64_t ContextId = 0;
  std::map<sym::AtomId, int64_t> Known;
  std::map<sym::AtomId, sym::Poly> With;
  std::map<sym::Poly, sym::Poly> Done;
  std::vector<sym::AtomId> Leaves; // reused
};

} // namespace

sym::Poly withKnownValues(sym::Context &Ctx, const model::LaunchShape &Launch,
                          const sym::Poly &P) {
  if (Launch.Known.empty())
    return P;
  thread_local KeptSubstitutions Kept;
  if (Kept.ContextId != Ctx.id() || Kept.Known != Launch.Known) {
    Kept.ContextId = Ctx.id();
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
