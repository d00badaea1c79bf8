//===- Model/TrialClasses.cpp - Trials that repeat a walk -----------------===//
//
// The equivalence is exact: a walk reads a shifting unknown only through the
// uniform part of each visit's address, whose residue modulo the period is
// all that a request's cost reads; test/unit/TrialClassesTest.cpp walks every
// trial of random accesses and checks that each gives, field by field, what
// the first of its class gives.
//
//===----------------------------------------------------------------------===//
#include "TrialClasses.h"

#include "cuda-coalesce/Limits.h"
#include "cuda-coalesce/Support/IntegerMath.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>

namespace cudacoalesce {
namespace model {

using sym::AtomId;

bool TrialClasses::isTrialValue(const sym::Context &Ctx, AtomId A,
                                const std::vector<AtomId> &Unknowns) {
  const sym::Atom &At = Ctx.atom(A);
  return At.Kind == sym::AtomKind::Op && !At.LaneVarying &&
         At.LoadedFrom.empty() && llvm::all_of(At.Leaves, [&](AtomId Leaf) {
           return llvm::is_contained(Unknowns, Leaf);
         });
}

namespace {

/// Whether \p U reaches \p Access only through lane-free terms of its
/// address, as a factor of its own or in an operation over the unknowns
/// alone (ggml's fastdiv of a channel: `(c + __umulhi(c, m)) >> s`).
bool onlyShifts(const sym::Context &Ctx, const AccessShape &Access,
                const std::vector<AtomId> &Unknowns, AtomId U) {
  auto LaneVarying = [&](AtomId A) {
    return Ctx.isLaneVarying(A) ||
           llvm::any_of(Access.Lowerings, [&](const LoopLowering &L) {
             return A == L.Trip || A == L.Counter;
           });
  };
  if (llvm::any_of(Access.Guards,
                   [&](const Guard &G) { return Ctx.dependsOn(G.Diff, U); }) ||
      llvm::any_of(Access.Lowerings, [&](const LoopLowering &L) {
        return Ctx.dependsOn(L.TripCount, U);
      }))
    return false;
  for (const sym::Term &T : Access.ByteOffset.terms()) {
    bool Reads = false;
    for (AtomId A : T.Atoms) {
      if (A == U)
        Reads = true;
      else if (Ctx.dependsOn(sym::Poly::atom(A), U)) {
        if (!TrialClasses::isTrialValue(Ctx, A, Unknowns))
          return false;
        Reads = true;
      }
    }
    if (Reads && llvm::any_of(T.Atoms, LaneVarying))
      return false;
  }
  return true;
}

} // namespace

TrialClasses::TrialClasses(const sym::Context &Ctx, const AccessShape &Access,
                           const std::vector<AtomId> &Unknowns,
                           int64_t PeriodBytes)
    : Ctx(Ctx), Unknowns(Unknowns), Period(PeriodBytes) {
  for (AtomId U : Unknowns)
    ShiftOnly.push_back(onlyShifts(Ctx, Access, Unknowns, U));
  if (llvm::none_of(ShiftOnly, [](bool S) { return S; }))
    return;
  std::map<std::vector<AtomId>, size_t> MonomialIds;
  for (const sym::Term &T : Access.ByteOffset.terms()) {
    ShiftTerm Shift{T.Coeff, {}, {}, 0};
    std::vector<AtomId> Rest;
    bool Shifts = false;
    for (AtomId A : T.Atoms) {
      auto At = llvm::find(Unknowns, A);
      if (At == Unknowns.end() && isTrialValue(Ctx, A, Unknowns)) {
        Shift.Operations.push_back(A);
        for (AtomId Leaf : Ctx.atom(A).Leaves)
          Shifts |= ShiftOnly[llvm::find(Unknowns, Leaf) - Unknowns.begin()];
        continue;
      }
      if (At == Unknowns.end()) {
        Rest.push_back(A);
        continue;
      }
      size_t U = At - Unknowns.begin();
      Shift.Unknowns.push_back(U);
      Shifts |= ShiftOnly[U];
    }
    if (!Shifts)
      continue;
    llvm::sort(Rest);
    Shift.Monomial =
        MonomialIds.try_emplace(Rest, MonomialIds.size()).first->second;
    Terms.push_back(std::move(Shift));
  }
  Monomials = MonomialIds.size();
}

std::vector<int64_t>
TrialClasses::keyOf(const std::vector<int64_t> &Values) const {
  std::vector<int64_t> Key;
  for (size_t U = 0; U < Values.size(); ++U)
    if (!ShiftOnly[U])
      Key.push_back(Values[U]);
  std::vector<int64_t> Residues(Monomials, 0);
  sym::Env Trial(Ctx);
  for (size_t U = 0; U < Values.size(); ++U)
    Trial.set(Unknowns[U], Values[U]);
  for (const ShiftTerm &T : Terms) {
    std::vector<int64_t> Factors;
    for (size_t U : T.Unknowns)
      Factors.push_back(Values[U]);
    for (AtomId Operation : T.Operations) {
      std::optional<int64_t> V =
          sym::evaluate(Ctx, sym::Poly::atom(Operation), Trial);
      if (!V)
        return {};
      Factors.push_back(*V);
    }
    // A term this large could overflow where the other trial's does not,
    // and a walk that meets an overflow takes another way.
    int64_t Value = T.Coeff;
    for (int64_t Factor : Factors)
      if (__builtin_mul_overflow(Value, Factor, &Value) ||
          std::abs(Value) > limits::ShiftedTermMagnitude)
        return {};
    Residues[T.Monomial] =
        floorMod(Residues[T.Monomial] + floorMod(Value, Period), Period);
  }
  llvm::append_range(Key, Residues);
  // Never empty where a value decides: an empty key stands for "alone".
  Key.push_back(1);
  return Key;
}

std::vector<size_t> TrialClasses::firstOfClass(
    const std::vector<std::vector<int64_t>> &Samples) const {
  std::vector<size_t> First(Samples.size());
  for (size_t S = 0; S < Samples.size(); ++S)
    First[S] = S;
  if (Terms.empty())
    return First;
  std::map<std::vector<int64_t>, size_t> Seen;
  for (size_t S = 0; S < Samples.size(); ++S) {
    std::vector<int64_t> Key = keyOf(Samples[S]);
    if (!Key.empty())
      First[S] = Seen.try_emplace(std::move(Key), S).first->second;
  }
  return First;
}

} // namespace model
} // namespace cudacoalesce
