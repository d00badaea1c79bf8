//===- Model/TrialReads.cpp - What a trial's walk reads of the unknowns ---===//
#include "TrialReads.h"
#include "TrialClasses.h"

#include "llvm/ADT/STLExtras.h"

#include <map>
#include <optional>

namespace cudacoalesce {
namespace model {

using sym::AtomId;

TrialReads::TrialReads(const sym::Context &Ctx, const AccessShape &Access,
                       const std::vector<AtomId> &Unknowns)
    : Ctx(Ctx), Unknowns(Unknowns), ReadBare(Unknowns.size(), false) {
  // A grid extent not given is read by the walk's placement of blocks as
  // well as by polynomials: keyed by its own value.
  for (size_t U = 0; U < Unknowns.size(); ++U)
    ReadBare[U] = Ctx.atom(Unknowns[U]).Kind == sym::AtomKind::GridDim;
  std::vector<AtomId> OpsSeen;
  collect(Access.ByteOffset, OpsSeen);
  for (const Guard &G : Access.Guards)
    collect(G.Diff, OpsSeen);
  for (const LoopLowering &L : Access.Lowerings)
    collect(L.TripCount, OpsSeen);
}

void TrialReads::collect(const sym::Poly &P, std::vector<AtomId> &OpsSeen) {
  for (const sym::Term &T : P.terms())
    for (AtomId A : T.Atoms) {
      auto At = llvm::find(Unknowns, A);
      if (At != Unknowns.end()) {
        ReadBare[At - Unknowns.begin()] = true;
        continue;
      }
      const sym::Atom &Of = Ctx.atom(A);
      if (Of.Kind != sym::AtomKind::Op || llvm::is_contained(OpsSeen, A))
        continue;
      OpsSeen.push_back(A);
      if (TrialClasses::isTrialValue(Ctx, A, Unknowns)) {
        Operations.push_back(A);
        continue;
      }
      // An operation that also reads lanes, visits or known values: its
      // value follows from those and from what its operands read.
      for (const sym::Poly &Operand : Of.Operands)
        collect(Operand, OpsSeen);
    }
}

std::vector<int64_t>
TrialReads::keyOf(const std::vector<int64_t> &Values) const {
  std::vector<int64_t> Key;
  sym::Env Trial(Ctx);
  for (size_t U = 0; U < Values.size(); ++U) {
    Trial.set(Unknowns[U], Values[U]);
    if (ReadBare[U])
      Key.push_back(Values[U]);
  }
  for (AtomId Op : Operations) {
    std::optional<int64_t> V = sym::evaluate(Ctx, sym::Poly::atom(Op), Trial);
    Key.push_back(V.has_value());
    Key.push_back(V.value_or(0));
  }
  return Key;
}

std::vector<size_t> TrialReads::firstOfClass(
    const std::vector<std::vector<int64_t>> &Samples) const {
  std::vector<size_t> First(Samples.size());
  std::map<std::vector<int64_t>, size_t> Seen;
  for (size_t S = 0; S < Samples.size(); ++S)
    First[S] = Seen.try_emplace(keyOf(Samples[S]), S).first->second;
  return First;
}

} // namespace model
} // namespace cudacoalesce
