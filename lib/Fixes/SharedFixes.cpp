//===- Fixes/SharedFixes.cpp - Bank conflicts, and what removes them ------===//
//
// A layout change of a shared array (padding, a swizzle) moves every access
// to it, so it is judged on all of them at once: each candidate rewrites
// every access's byte offset as the changed declaration would place it, the
// bank model prices the rewritten accesses, and the candidate is offered
// where the array's total wavefronts drop. A change of thread mapping is
// judged per access.
//
//===----------------------------------------------------------------------===//
#include "FixCounts.h"
#include "KnownValues.h"
#include "cuda-coalesce/Fixes/Fixes.h"
#include "cuda-coalesce/Support/Text.h"

#include <cmath>
#include <functional>
#include <map>
#include <set>

namespace cudacoalesce {
namespace fixes {

using model::AccessShape;
using sym::AtomId;
using sym::OpKind;
using sym::Poly;

namespace {

bool hasConflict(const model::Prediction &P) {
  if (P.Kind == model::Pattern::BankConflict)
    return true;
  return P.Kind == model::Pattern::Unknown && !P.Units &&
         P.UnitsMin > P.IdealUnits + 1e-9;
}

/// `float tile[32][33]` for \p Extents with the innermost grown by \p Pad.
std::string declaration(const SharedArray &A, uint64_t Pad) {
  std::string S = "__shared__ " + A.ElementType + " " + A.Name;
  for (size_t I = 0; I < A.Extents.size(); ++I)
    S += "[" +
         std::to_string(A.Extents[I] + (I + 1 == A.Extents.size() ? Pad : 0)) +
         "]";
  return S;
}

/// A new layout of the array: where each byte offset of the old one moves.
struct Layout {
  FixKind Kind;
  std::string Message; // what to write, before the counts
  std::function<Poly(const Poly &)> Move;
};

class SharedAdvisor {
public:
  SharedAdvisor(sym::Context &Ctx, model::ModelCaches &Model,
                const SharedArray &Array,
                const std::vector<AccessShape> &Accesses,
                const std::vector<model::Prediction> &Before,
                const model::LaunchShape &Launch)
      : Ctx(Ctx), Model(Model), Array(Array), Accesses(Accesses),
        Before(Before), Launch(Launch), Out(Accesses.size()) {}

  std::vector<std::vector<Fix>> run() {
    if (std::none_of(Before.begin(), Before.end(), hasConflict))
      return Out;
    // Paddings are tried smallest first and a fix kind keeps its smallest
    // best one: once one leaves no conflict, the wider ones cannot do
    // better, and each costs a simulation of every access.
    std::set<FixKind> Resolved;
    for (const Layout &L : layouts())
      if (!Resolved.count(L.Kind) && tryLayout(L))
        Resolved.insert(L.Kind);
    tryThreadMapping();
    for (std::vector<Fix> &Fixes : Out)
      std::stable_sort(Fixes.begin(), Fixes.end(),
                       [](const Fix &A, const Fix &B) {
                         return *A.PredictedUnits < *B.PredictedUnits;
                       });
    return Out;
  }

private:
  std::vector<Layout> layouts() {
    std::vector<Layout> Out;
    unsigned E = Array.ElementBytes;
    if (E == 0)
      return Out;
    if (Array.Extents.size() >= 2) {
      int64_t Columns = Array.Extents.back();
      int64_t RowBytes = Columns * E;
      for (int64_t Pad : {1, 2, 4}) {
        Poly PadBytes = Poly::constant(Pad * E);
        Out.push_back(
            {FixKind::PadShared,
             "pad each row of '" + Array.Name + "' by " + std::to_string(Pad) +
                 (Pad == 1 ? " element" : " elements") + ": declare `" +
                 declaration(Array, Pad) +
                 "` (the indices stay as written), so that a column spreads "
                 "over the banks",
             [this, RowBytes, PadBytes](const Poly &B) {
               return B + Ctx.op(OpKind::Div, B, Poly::constant(RowBytes)) *
                              PadBytes;
             }});
      }
      if ((Columns & (Columns - 1)) == 0 && Columns > 1) {
        std::string Last = std::to_string(Columns);
        Out.push_back(
            {FixKind::SwizzleShared,
             "swizzle the columns of '" + Array.Name + "': index it as `" +
                 Array.Name + "[row][col ^ (row % " + Last +
                 ")]` in every access (no extra memory)",
             [this, RowBytes, Columns, E](const Poly &B) {
               Poly RB = Poly::constant(RowBytes);
               Poly Row = Ctx.op(OpKind::Div, B, RB);
               Poly Col = Ctx.op(OpKind::Div, Ctx.op(OpKind::Rem, B, RB),
                                 Poly::constant(E));
               Poly Swizzled =
                   Ctx.op(OpKind::Xor, Col,
                          Ctx.op(OpKind::Rem, Row, Poly::constant(Columns)));
               return Row * RB + Swizzled * Poly::constant(E);
             }});
      }
      return Out;
    }
    // A flat array: a padding word (or element) after every 32 words.
    int64_t PadBytes = std::max<unsigned>(E, model::BankBytes);
    std::string Every = std::to_string(model::WavefrontBytes / E);
    Out.push_back({FixKind::PadShared,
                   "pad '" + Array.Name + "': index it as `" + Array.Name +
                       "[i + i / " + Every +
                       "]` in every access (one padding element after every " +
                       Every + "; declare " + Every +
                       " + 1 elements for every " + Every + ")",
                   [this, PadBytes](const Poly &B) {
                     return B + Ctx.op(OpKind::Div, B,
                                       Poly::constant(model::WavefrontBytes)) *
                                    Poly::constant(PadBytes);
                   }});
    return Out;
  }

  static std::optional<double> total(const std::vector<model::Prediction> &Ps) {
    double Sum = 0;
    for (const model::Prediction &P : Ps) {
      if (!P.Units)
        return std::nullopt;
      Sum += *P.Units;
    }
    return Sum;
  }

  /// Adds \p L's fixes; true when it gave them and left no access that had
  /// a conflict with one.
  bool tryLayout(const Layout &L) {
    // No fix from a layout whose total is no less than before, nor from
    // one without a total: each access's count adds to it, so the first
    // access past the old total, or without a count, settles it, and the
    // rest are not predicted (ggml's flash-attention instances tried every
    // padding on every access of their tiles).
    std::optional<double> Old = total(Before);
    std::vector<model::Prediction> After; // each with a count
    double Sum = 0;                       // theirs: the new total
    for (const AccessShape &A : Accesses) {
      AccessShape Moved = A;
      Moved.ByteOffset = L.Move(A.ByteOffset);
      std::optional<model::Prediction> P =
          model::predictIfDecided(Ctx, Model, Moved, Launch);
      if (!P || !P->Units)
        return false;
      Sum += *P->Units;
      if (Old && Sum + 1e-9 >= *Old)
        return false; // a wider layout may still give a fix
      After.push_back(std::move(*P));
    }
    bool Resolves = true;
    for (size_t I = 0; I < Accesses.size(); ++I)
      Resolves &= !hasConflict(Before[I]) ||
                  *After[I].Units <= After[I].IdealUnits + 1e-9;
    // One fix of a kind per access: the first (smallest) padding that
    // helps as much as any.
    for (size_t I = 0; I < Accesses.size(); ++I) {
      if (!hasConflict(Before[I]))
        continue;
      double Was = worstBefore(Before[I]);
      if (*After[I].Units + 1e-9 >= Was)
        continue;
      auto Same = std::find_if(Out[I].begin(), Out[I].end(),
                               [&](const Fix &F) { return F.Kind == L.Kind; });
      if (Same != Out[I].end()) {
        if (*Same->PredictedUnits <= *After[I].Units + 1e-9)
          continue;
        Out[I].erase(Same);
      }
      Fix F;
      F.Kind = L.Kind;
      F.PredictedUnits = *After[I].Units;
      F.Message =
          L.Message + "; " + afterText(Was, *After[I].Units, "wavefronts");
      if (Accesses.size() > 1 && Old)
        F.Message += " (all " + std::to_string(Accesses.size()) +
                     " accesses to '" + Array.Name + "': " + formatCount(*Old) +
                     " -> " + formatCount(Sum) +
                     " wavefronts/request in total)";
      Out[I].push_back(std::move(F));
    }
    return Resolves;
  }

  void tryThreadMapping() {
    if (Launch.Block.Y == 1)
      return; // no second thread index to hand the row to
    for (size_t I = 0; I < Accesses.size(); ++I) {
      if (!hasConflict(Before[I]))
        continue;
      std::optional<model::Prediction> Swapped = model::predictIfDecided(
          Ctx, Model, swapThreadMapping(Ctx, Accesses[I]), Launch);
      double Was = worstBefore(Before[I]);
      if (!Swapped || !Swapped->Units || *Swapped->Units + 1e-9 >= Was)
        continue;
      const model::Prediction &After = *Swapped;
      Fix F;
      F.Kind = FixKind::SharedThreadMapping;
      F.PredictedUnits = *After.Units;
      F.Message = "threadIdx.x walks a column of '" + Array.Name +
                  "': exchange threadIdx.x and threadIdx.y in this access's "
                  "index, so that the lanes of a warp read along a row (the "
                  "data each thread handles changes: adapt the other "
                  "accesses); " +
                  afterText(Was, *After.Units, "wavefronts");
      Out[I].push_back(std::move(F));
    }
  }

  sym::Context &Ctx;
  model::ModelCaches &Model;
  const SharedArray &Array;
  const std::vector<AccessShape> &Accesses;
  const std::vector<model::Prediction> &Before;
  const model::LaunchShape &Launch;
  std::vector<std::vector<Fix>> Out;
};

} // namespace

std::vector<std::vector<Fix>>
suggestSharedFixes(sym::Context &Ctx, model::ModelCaches &Model,
                   FixCaches &Kept, const SharedArray &Array,
                   const std::vector<model::AccessShape> &Accesses,
                   const std::vector<model::Prediction> &Before,
                   const model::LaunchShape &Launch) {
  KeptSubstitutions &Substituted = Kept.substitutions();
  std::vector<AccessShape> Concrete = Accesses;
  for (AccessShape &A : Concrete) {
    A.ByteOffset = withKnownValues(Ctx, Substituted, Launch, A.ByteOffset);
    for (model::Guard &G : A.Guards)
      G.Diff = withKnownValues(Ctx, Substituted, Launch, G.Diff);
  }
  return SharedAdvisor(Ctx, Model, Array, Concrete, Before, Launch).run();
}

} // namespace fixes
} // namespace cudacoalesce
