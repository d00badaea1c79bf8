//===- Model/AccessSplit.cpp - An access split into lane and uniform parts ===//
#include "AccessSplit.h"
#include "TripPlacement.h"

#include "cuda-coalesce/Limits.h"

#include "llvm/ADT/STLExtras.h"

namespace cudacoalesce {
namespace model {

using sym::AtomId;
using sym::AtomKind;

AccessSplit::AccessSplit(AccessAtLaunch &AL, const TripPlacement &Trips)
    : AL(AL), Ctx(AL.Ctx), Access(AL.Access), Trips(Trips) {
  // Without split loops no guard reads a trip, and the guards need not be
  // looked at here.
  GuardReadsTrip.assign(Access.Guards.size(), false);
  if (!AL.LoweredTrips.empty())
    for (size_t G = 0; G < Access.Guards.size(); ++G) {
      std::vector<AtomId> GuardLeaves;
      Ctx.collectLeafAtoms(Access.Guards[G].Diff, GuardLeaves);
      GuardReadsTrip[G] = llvm::any_of(
          GuardLeaves, [&](AtomId A) { return AL.isLoweredTrip(A); });
    }
  AnyGuardReadsTrip = llvm::is_contained(GuardReadsTrip, true);
}

void AccessSplit::prepare(bool BlockShifts, GuardMaskCache &Masks,
                          SplitCache &Splits) {
  this->BlockShifts = BlockShifts;
  Offset = split(Access.ByteOffset);
  // A split loop's trips are the lane's: the lanes repeat with what places
  // them, the counter and what the trip counts read.
  std::vector<AtomId> Leaves;
  Ctx.collectLeafAtoms(Offset.Lane, Leaves);
  if (Offset.LaneAtBlockZero)
    llvm::erase_if(Leaves, [&](AtomId A) {
      return Ctx.atom(A).Kind == AtomKind::BlockIdx;
    });
  LaneReads.clear();
  AL.addLaneReads(Leaves, LaneReads);
  AL.addLaneReads(Trips.reads(), LaneReads);

  const uint32_t Setting = Splits.settingOf(splitSetting());
  static const std::vector<AtomId> NoReads;
  GuardParts.clear();
  OwnParts.clear();
  OwnReads.clear();
  GuardLists = {Masks.root(AL.Launch.Block)};
  GuardListReads = {&NoReads};
  GuardListKept = {false};
  for (size_t G = 0; G < Access.Guards.size(); ++G) {
    const Guard &Gd = Access.Guards[G];
    const GuardMaskCache::ListId List = Masks.extend(GuardLists.back(), Gd);
    auto Split = [&] { return split(Gd.Diff); };
    const SplitPoly *Parts = Splits.parts(List, Setting, Split);
    if (!Parts)
      Parts = &OwnParts.emplace_back(Split());
    auto ListReads = [&] {
      std::vector<AtomId> Reads = *GuardListReads.back(), GuardLeaves;
      Ctx.collectLeafAtoms(Gd.Diff, GuardLeaves);
      AL.addLaneReads(GuardLeaves, Reads);
      if (GuardReadsTrip[G])
        AL.addLaneReads(Trips.reads(), Reads);
      return Reads;
    };
    const std::vector<AtomId> *Reads = Splits.reads(List, ListReads);
    if (!Reads)
      Reads = &OwnReads.emplace_back(ListReads());
    GuardParts.push_back(Parts);
    GuardLists.push_back(List);
    GuardListReads.push_back(Reads);
    GuardListKept.push_back(GuardListKept.back() || !Parts->LaneFixedPerBlock);
  }
}

SplitPoly AccessSplit::split(const sym::Poly &P) const {
  // A split loop's trip is the lane's own.
  auto ReadsLoweredTrip = [&](AtomId A) {
    return llvm::any_of(Ctx.atom(A).Leaves,
                        [&](AtomId L) { return AL.isLoweredTrip(L); });
  };
  auto IsLaneTerm = [&](const sym::Term &T) {
    for (AtomId A : T.Atoms)
      if (Ctx.atom(A).ReadsThreadIdx || ReadsLoweredTrip(A))
        return true;
    return false;
  };
  SplitPoly S;
  S.Uniform = P.mapCoefficients([&](const sym::Term &T) {
    return IsLaneTerm(T) ? std::nullopt : std::optional<int64_t>(T.Coeff);
  });
  S.Lane = P.mapCoefficients([&](const sym::Term &T) {
    return IsLaneTerm(T) ? std::optional<int64_t>(T.Coeff) : std::nullopt;
  });
  std::vector<AtomId> Leaves;
  Ctx.collectLeafAtoms(S.Lane, Leaves);
  S.LaneFixedPerBlock = llvm::none_of(Leaves, [&](AtomId L) {
    return AL.axisOf(L).has_value() || AL.isLoweredTrip(L);
  });
  if (!S.LaneFixedPerBlock && BlockShifts)
    if (std::optional<sym::Poly> Shift = blockShift(S.Lane)) {
      S.Uniform = S.Uniform + *Shift;
      S.LaneFixedPerBlock = S.LaneAtBlockZero = true;
    }
  return S;
}

std::optional<sym::Poly> AccessSplit::blockShift(const sym::Poly &Lane) const {
  auto IsBlockAxis = [&](AtomId A) {
    return Ctx.atom(A).Kind == AtomKind::BlockIdx && AL.axisOf(A).has_value();
  };
  auto ReadsVisit = [&](AtomId A) {
    return llvm::any_of(Ctx.atom(A).Leaves, [&](AtomId L) {
      return AL.axisOf(L).has_value() || AL.isLoweredTrip(L);
    });
  };
  // A factor the same in every lane and every visit, known here.
  auto Known = [&](AtomId A) -> std::optional<int64_t> {
    const sym::Atom &At = Ctx.atom(A);
    if (At.LaneVarying || ReadsVisit(A))
      return std::nullopt;
    return At.Kind == AtomKind::Op
               ? sym::evaluate(Ctx, sym::Poly::atom(A), AL.Values)
               : AL.Values.get(A);
  };
  auto Product = [&](const sym::Term &T, std::optional<AtomId> Skip,
                     int64_t &Into) {
    Into = T.Coeff;
    for (AtomId A : T.Atoms) {
      if (Skip && A == *Skip)
        continue;
      std::optional<int64_t> V = Known(A);
      if (!V || __builtin_mul_overflow(Into, *V, &Into))
        return false;
    }
    return true;
  };
  std::map<AtomId, int64_t> Step; // block index -> bytes per block
  for (const sym::Term &T : Lane.terms()) {
    std::optional<AtomId> Stepping;
    for (AtomId A : T.Atoms)
      if (ReadsVisit(A)) {
        if (Stepping)
          return std::nullopt; // two factors read it
        Stepping = A;
      }
    if (!Stepping)
      continue;
    const sym::Atom &Op = Ctx.atom(*Stepping);
    if (Op.Kind != AtomKind::Op ||
        (Op.Op != sym::OpKind::Div && Op.Op != sym::OpKind::Rem))
      return std::nullopt;
    std::optional<int64_t> Divisor = Op.Operands[1].asConstant();
    int64_t Factor;
    if (!Divisor || *Divisor <= 0 || !Product(T, Stepping, Factor))
      return std::nullopt;
    // The dividend: block indices at steps the divisor divides, plus lanes'
    // values that are never negative (truncation is then floor, and the
    // steps pass through the division whole).
    std::map<AtomId, int64_t> PerBlock;
    for (const sym::Term &U : Op.Operands[0].terms()) {
      auto Axis = llvm::find_if(U.Atoms, IsBlockAxis);
      if (Axis != U.Atoms.end()) {
        int64_t Alpha;
        if (!Product(U, *Axis, Alpha) || llvm::count(U.Atoms, *Axis) != 1 ||
            __builtin_add_overflow(PerBlock[*Axis], Alpha, &PerBlock[*Axis]))
          return std::nullopt;
        continue;
      }
      if (U.Coeff < 0)
        return std::nullopt;
      for (AtomId A : U.Atoms) {
        if (Ctx.atom(A).Kind == AtomKind::ThreadIdx)
          continue;
        std::optional<int64_t> V = Known(A);
        if (!V || *V < 0)
          return std::nullopt;
      }
    }
    for (const auto &[Axis, Alpha] : PerBlock) {
      if (Alpha < 0 || Alpha % *Divisor != 0)
        return std::nullopt;
      int64_t Moved;
      if (Op.Op == sym::OpKind::Div &&
          (__builtin_mul_overflow(Factor, Alpha / *Divisor, &Moved) ||
           __builtin_add_overflow(Step[Axis], Moved, &Step[Axis])))
        return std::nullopt;
    }
  }
  sym::Poly Shift;
  for (const auto &[Axis, Bytes] : Step)
    Shift = Shift + sym::Poly::atom(Axis).scaled(Bytes);
  return Shift;
}

uint32_t SplitCache::settingOf(const std::vector<int64_t> &Setting) {
  return Settings.try_emplace(Setting, uint32_t(Settings.size())).first->second;
}

template <class Map, class Fn>
const typename Map::mapped_type *
SplitCache::keptOrMade(Map &In, const typename Map::key_type &Key, Fn Make) {
  auto It = In.find(Key);
  if (It != In.end())
    return &It->second;
  if (Parts.size() + Reads.size() >= limits::GuardSplitsKept)
    return nullptr;
  return &In.emplace(Key, Make()).first->second;
}

template <class Fn>
const SplitPoly *SplitCache::parts(GuardMaskCache::ListId List,
                                   uint32_t Setting, Fn Split) {
  return keptOrMade(Parts, uint64_t(List) << 32 | Setting, Split);
}

template <class Fn>
const std::vector<AtomId> *SplitCache::reads(GuardMaskCache::ListId List,
                                             Fn Compute) {
  return keptOrMade(Reads, List, Compute);
}

std::vector<int64_t> AccessSplit::splitSetting() const {
  // split() reads which atoms are axes or lowered trips, whether block
  // shifts are taken, and through blockShift() the values known before the
  // walk: the launch's and those of the unknowns set so far.
  std::vector<int64_t> Key = {BlockShifts, int64_t(AL.LoweredTrips.size())};
  Key.insert(Key.end(), AL.LoweredTrips.begin(), AL.LoweredTrips.end());
  Key.push_back(int64_t(AL.Varying.size()));
  for (const VaryingAxis &V : AL.Varying)
    Key.push_back(V.Atom);
  Key.insert(Key.end(),
             {AL.Launch.Block.X, AL.Launch.Block.Y, AL.Launch.Block.Z});
  if (AL.Launch.Grid)
    Key.insert(Key.end(),
               {1, AL.Launch.Grid->X, AL.Launch.Grid->Y, AL.Launch.Grid->Z});
  else
    Key.push_back(0);
  for (const auto &[Atom, Value] : AL.Launch.Known)
    Key.insert(Key.end(), {int64_t(Atom), Value});
  Key.push_back(int64_t(AL.Unknowns.size()));
  for (AtomId U : AL.Unknowns) {
    std::optional<int64_t> V = AL.Values.get(U);
    Key.insert(Key.end(), {int64_t(U), V.has_value(), V.value_or(0)});
  }
  return Key;
}

} // namespace model
} // namespace cudacoalesce
