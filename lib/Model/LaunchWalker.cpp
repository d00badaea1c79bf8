//===- Model/LaunchWalker.cpp - The warps of a launch at an access --------===//
#include "LaunchWalker.h"
#include "RequestCostCache.h"

#include "cuda-coalesce/Limits.h"
#include "cuda-coalesce/Support/IntegerMath.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <map>
#include <numeric>

namespace cudacoalesce {
namespace model {

using sym::AtomId;
using sym::AtomKind;

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

/// The index of \p Row among \p Seen, appending it when new. A warp has at
/// most 32 rows, so a linear search beats any map.
size_t rowSlot(std::vector<std::pair<int64_t, int64_t>> &Seen,
               const std::pair<int64_t, int64_t> &Row) {
  for (size_t I = 0; I < Seen.size(); ++I)
    if (Seen[I] == Row)
      return I;
  Seen.push_back(Row);
  return Seen.size() - 1;
}

/// The mask of lanes 0 to \p Lanes - 1 (a partial last warp has fewer).
uint32_t lanesBelow(unsigned Lanes) {
  return Lanes == WarpSize ? ~uint32_t(0) : (uint32_t(1) << Lanes) - 1;
}

/// Whether every row of the warp (lanes with the same threadIdx.y and .z)
/// reads a single address: a broadcast per row, as A[row*N + k] is in a
/// matrix product whose warp spans two rows of a 16x16 block.
bool broadcastPerRow(const std::vector<int64_t> &Addresses,
                     const std::vector<std::pair<int64_t, int64_t>> &Rows) {
  if (llvm::all_equal(Rows))
    return llvm::all_equal(Addresses);
  std::vector<std::pair<int64_t, int64_t>> Seen;
  std::vector<std::pair<int64_t, unsigned>> First; // address, lanes
  for (size_t I = 0; I < Addresses.size(); ++I) {
    size_t Slot = rowSlot(Seen, Rows[I]);
    if (Slot == First.size()) {
      First.push_back({Addresses[I], 1});
      continue;
    }
    if (First[Slot].first != Addresses[I])
      return false;
    ++First[Slot].second;
  }
  if (First.size() == 1)
    return true;
  for (const auto &Row : First)
    if (Row.second < 2)
      return false; // one lane per row: lanes differ, nothing is shared
  return true;
}

/// Whether the addresses \p Lanes (one warp row's, in lane order) step
/// evenly, or in groups of 2 to 16 lanes (the last may be short) that step
/// evenly inside and start evenly spaced (`64 * (t / 8) + 4 * (t % 8)`,
/// `h = i % 12` heads of rows `t = i / 12`): a stride of two levels, which
/// a reader still calls strided. A hash of the thread index is neither.
///
/// This is the search over group sizes and phases; evenlySpacedAtOnce()
/// answers most lanes without it.
bool evenlySpacedInGroups(const std::vector<int64_t> &Lanes) {
  // Groups of Group lanes, the first starting at lane (Group - Phase) %
  // Group: a warp may begin in the middle of a group (`i % 12`).
  auto InGroupsOf = [&](size_t Group, size_t Phase) {
    std::optional<int64_t> Inner, Outer;
    std::optional<size_t> LastStart;
    if (Phase == 0)
      LastStart = 0;
    for (size_t I = 1; I < Lanes.size(); ++I) {
      bool Starts = (I + Phase) % Group == 0;
      std::optional<int64_t> Step;
      if (!Starts)
        Step = Lanes[I] - Lanes[I - 1];
      else if (LastStart)
        Step = Lanes[I] - Lanes[*LastStart];
      if (Starts)
        LastStart = I;
      if (!Step)
        continue;
      std::optional<int64_t> &Expected = Starts ? Outer : Inner;
      if (Expected && *Expected != *Step)
        return false;
      Expected = Step;
    }
    return true;
  };
  for (size_t Group = 2; Group <= 16 && 2 * Group <= Lanes.size(); ++Group)
    for (size_t Phase = 0; Phase < Group; ++Phase)
      if (InGroupsOf(Group, Phase))
        return true;
  return false;
}

/// Whether the addresses \p Lanes step evenly (true), or step by more than
/// three amounts and so cannot step evenly in groups (false); nullopt
/// when only evenlySpacedInGroups() tells.
std::optional<bool> evenlySpacedAtOnce(const std::vector<int64_t> &Lanes) {
  // In groups, the steps between neighbours take at most three values: the
  // inner step, the step into a group after a full one, and the step into
  // the first whole group. Most irregular lanes show more at once, and the
  // search over groups is the walk's hot loop for them.
  int64_t Steps[3];
  size_t Distinct = 0;
  for (size_t I = 1; I < Lanes.size(); ++I) {
    int64_t Step = Lanes[I] - Lanes[I - 1];
    if (std::find(Steps, Steps + Distinct, Step) != Steps + Distinct)
      continue;
    if (Distinct == 3)
      return false;
    Steps[Distinct++] = Step;
  }
  if (Distinct <= 1)
    return true;
  return std::nullopt;
}

bool evenlySpaced(const std::vector<int64_t> &Lanes) {
  if (std::optional<bool> AtOnce = evenlySpacedAtOnce(Lanes))
    return *AtOnce;
  return evenlySpacedInGroups(Lanes);
}

/// Whether the lanes of each warp row are evenly spaced (in one or two
/// levels).
bool evenlySpacedPerRow(const std::vector<int64_t> &Addresses,
                        const std::vector<std::pair<int64_t, int64_t>> &Rows) {
  std::vector<std::pair<int64_t, int64_t>> Seen;
  std::vector<std::vector<int64_t>> PerRow;
  for (size_t I = 0; I < Addresses.size(); ++I) {
    size_t Slot = rowSlot(Seen, Rows[I]);
    if (Slot == PerRow.size())
      PerRow.emplace_back();
    PerRow[Slot].push_back(Addresses[I]);
  }
  return llvm::all_of(PerRow, evenlySpaced);
}

std::optional<int64_t> sum(const std::optional<int64_t> &A,
                           const std::optional<int64_t> &B) {
  if (!A || !B)
    return std::nullopt;
  return int64_t(uint64_t(*A) + uint64_t(*B)); // wraps as evaluate() does
}

/// Whether `Base + V Op 0` holds for every V in [Low, High]; nullopt when
/// the sums would wrap (then the lanes are checked one by one).
std::optional<bool> holdsOverRange(Cmp Op, int64_t Base, int64_t Low,
                                   int64_t High) {
  int64_t L, H;
  if (__builtin_add_overflow(Base, Low, &L) ||
      __builtin_add_overflow(Base, High, &H))
    return std::nullopt;
  if (Op == Cmp::EQ)
    return L == 0 && H == 0;
  // Every other comparison holds over a range iff it holds at both ends
  // (NE: the range lies wholly on one side of 0).
  if (Op == Cmp::NE)
    return L > 0 || H < 0;
  return holds(Op, L) && holds(Op, H);
}

/// Sets the thread index of lane \p Lane of warp \p Warp in \p Into; false
/// when the block has no such thread (the last warp may be partial).
bool placeLane(const sym::Context &Ctx, const Dim3 &Block, int64_t Warp,
               unsigned Lane, sym::Env &Into, Dim3 &Tid) {
  if (!laneToThread(Block, Warp, Lane, Tid))
    return false;
  for (unsigned D = 0; D < 3; ++D)
    Into.set(Ctx.threadIdx(D), Tid[D]);
  return true;
}

} // namespace

LaunchWalker::LaunchWalker(const sym::Context &Ctx, const AccessShape &Access,
                           const LaunchShape &Launch,
                           const RequestCostModel &Model)
    : Ctx(Ctx), Access(Access), Launch(Launch), Model(Model),
      Values(Ctx.size()) {
  assert(Access.ChunkBytes > 0 && Access.ChunkBytes <= 16 &&
         "an instruction moves 1 to 16 bytes per lane");
  assert(Launch.Block.volume() > 0 && "a block has threads");
  assert(Launch.ExtentParams.empty() && "a block extent still to choose");
  classifyAtoms();
  prepareSplits();
}

bool LaunchWalker::loadedOncePerWarp(const sym::Atom &Loaded) const {
  if (Loaded.LoadedFrom.empty())
    return false;
  const sym::Poly &Address = Loaded.LoadedFrom.front();
  // What the lanes of a warp share does not change the question: the block
  // index and unknowns are fixed at 0 and 32, the launch's values set.
  sym::Env Scratch(Ctx.size());
  std::vector<AtomId> Leaves;
  Ctx.collectLeafAtoms(Address, Leaves);
  for (AtomId A : Leaves) {
    const sym::Atom &At = Ctx.atom(A);
    switch (At.Kind) {
    case AtomKind::BlockDim:
      Scratch.set(A, Launch.Block[At.Dim]);
      break;
    case AtomKind::GridDim:
      Scratch.set(A, Launch.Grid ? (*Launch.Grid)[At.Dim] : 1);
      break;
    case AtomKind::Param: {
      auto It = Launch.Known.find(A);
      Scratch.set(A, It != Launch.Known.end() ? It->second
                                              : limits::FirstValueTried);
      break;
    }
    case AtomKind::BlockIdx:
    case AtomKind::LoopIteration:
      Scratch.set(A, 0);
      break;
    case AtomKind::Opaque:
      if (!At.LaneVarying)
        Scratch.set(A, limits::FirstValueTried);
      break; // a per-lane value stays unset: the address is not computable
    case AtomKind::ThreadIdx:
    case AtomKind::Op:
      break;
    }
  }
  for (int64_t Warp : {int64_t(0), warpsPerBlock() - 1}) {
    std::optional<int64_t> First;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      Dim3 Tid;
      if (!placeLane(Ctx, Launch.Block, Warp, Lane, Scratch, Tid))
        break;
      std::optional<int64_t> Here = sym::evaluate(Ctx, Address, Scratch);
      if (!Here || (First && *First != *Here))
        return false;
      First = Here;
    }
  }
  return true;
}

void LaunchWalker::classifyAtoms() {
  for (const LoopLowering &L : Access.Lowerings)
    LoweredTrips.push_back(L.Trip);
  TripsAtPoints = Access.Lowerings.size() <= sym::ThreadPoints::MaxOwnLeaves;
  for (size_t I = 0; I < Access.Lowerings.size() && TripsAtPoints; ++I) {
    std::vector<AtomId> Reads;
    Ctx.collectLeafAtoms(Access.Lowerings[I].TripCount, Reads);
    for (size_t J = I; J < Access.Lowerings.size(); ++J)
      TripsAtPoints &= !llvm::is_contained(Reads, Access.Lowerings[J].Trip);
  }
  std::vector<AtomId> Leaves;
  Ctx.collectLeafAtoms(Access.ByteOffset, Leaves);
  // Data the lanes of a warp share: a value per visit. Any other data read
  // per lane makes the addresses the data's (a gather).
  Scattered = false;
  for (AtomId A : Leaves) {
    const sym::Atom &At = Ctx.atom(A);
    if (At.Kind != AtomKind::Opaque)
      continue;
    if (At.Varies == sym::Variation::PerWarp ||
        (At.Varies == sym::Variation::LaneData && loadedOncePerWarp(At)))
      PerWarp.push_back(A);
    else if (At.Varies == sym::Variation::LaneData)
      LaneData.push_back(A);
  }
  Scattered = !LaneData.empty();
  // Values only guards read are not tried out: a guard on a value we do not
  // know counts its lanes as active (stated), rather than as never taken.
  size_t AddressLeaves = Leaves.size();
  for (const Guard &G : Access.Guards)
    Ctx.collectLeafAtoms(G.Diff, Leaves);
  for (const LoopLowering &L : Access.Lowerings)
    Ctx.collectLeafAtoms(L.TripCount, Leaves);

  for (size_t I = 0; I < Leaves.size(); ++I) {
    const AtomId A = Leaves[I];
    const sym::Atom &At = Ctx.atom(A);
    bool InAddress = I < AddressLeaves;
    switch (At.Kind) {
    case AtomKind::ThreadIdx:
      break; // set per lane
    case AtomKind::BlockDim:
      Values.set(A, Launch.Block[At.Dim]);
      break;
    case AtomKind::GridDim:
      if (Launch.Grid)
        Values.set(A, (*Launch.Grid)[At.Dim]);
      else if (InAddress)
        Unknowns.push_back(A);
      break;
    case AtomKind::BlockIdx:
      if (Launch.Grid) {
        Varying.push_back({A, (*Launch.Grid)[At.Dim]});
      } else {
        Varying.push_back({A, limits::AssumedGridBlocks});
        GridAssumed = true;
      }
      break;
    case AtomKind::LoopIteration:
      if (!llvm::is_contained(LoweredTrips, A))
        Varying.push_back({A, limits::LoopIterationsSimulated});
      break;
    case AtomKind::Param: {
      auto It = Launch.Known.find(A);
      if (It != Launch.Known.end())
        Values.set(A, It->second);
      else if (InAddress)
        Unknowns.push_back(A);
      break;
    }
    case AtomKind::Opaque:
      if (!InAddress && At.Varies != sym::Variation::Uniform &&
          !llvm::is_contained(GuardData, A))
        GuardData.push_back(A);
      if (llvm::is_contained(PerWarp, A)) {
        // Averaged over like the block index: each warp a value of its own,
        // every alignment as likely.
        if (InAddress)
          Varying.push_back(
              {A, limits::ValuesTried, limits::FirstValueTried, 1, false});
        break;
      }
      if (At.Varies == sym::Variation::Uniform && InAddress)
        Unknowns.push_back(A);
      if (At.Varies == sym::Variation::LaneComputed && InAddress &&
          !Scattered &&
          std::find(Unfollowed.begin(), Unfollowed.end(), A) ==
              Unfollowed.end())
        Unfollowed.push_back(A);
      break;
    case AtomKind::Op:
      llvm_unreachable("leaves are never operations");
    }
  }
  // A split loop's counter is in no polynomial: its values place the trips.
  for (const LoopLowering &L : Access.Lowerings)
    Varying.push_back({L.Counter, limits::LoopIterationsSimulated});
}

const LoopLowering *LaunchWalker::loweringCountedBy(AtomId A) const {
  for (const LoopLowering &L : Access.Lowerings)
    if (L.Counter == A)
      return &L;
  return nullptr;
}

bool LaunchWalker::placeTrips() {
  bool Runs = true;
  for (const LoopLowering &L : Access.Lowerings) {
    std::optional<int64_t> Count = sym::evaluate(Ctx, L.TripCount, Values);
    std::optional<int64_t> Counter = Values.get(L.Counter);
    std::optional<int64_t> Trip;
    if (Counter && Count)
      Trip = unrolledTrip(L, *Counter, *Count);
    else if (Counter && *Counter >= 0)
      Trip = Counter; // a trip count not known here: the lanes in step
    Runs &= Trip.has_value();
    Values.set(L.Trip, Trip.value_or(0));
  }
  return Runs;
}

const sym::ThreadPoints &LaunchWalker::pointsWithTrips(int64_t Warp,
                                                       uint32_t &Idle) {
  assert(TripsAtPoints && "a trip count reads the trips placed after it");
  llvm::SmallVector<int64_t, 8> Key{Warp};
  for (AtomId A : TripPlacementReads)
    Key.push_back(Values.get(A).value_or(INT64_MIN)); // unset: none yet
  if (Key != TripPlacementKey) {
    sym::ThreadPoints &At = TripPlacement;
    At = pointsOf(Warp);
    TripPlacementIdle = 0;
    for (size_t I = 0; I < Access.Lowerings.size(); ++I) {
      const LoopLowering &L = Access.Lowerings[I];
      std::optional<int64_t> Fresh[WarpSize];
      const std::optional<int64_t> *Count = Fresh;
      if (I < TripCounts.size()) {
        // A trip count reads no trip: the lanes' counts are kept while the
        // counter moves.
        KeptTripCounts &Kept = TripCounts[I];
        llvm::SmallVector<int64_t, 8> CountKey{Warp};
        for (AtomId A : Kept.Reads)
          CountKey.push_back(Values.get(A).value_or(INT64_MIN));
        if (CountKey != Kept.Key) {
          sym::evaluateAtPoints(Ctx, L.TripCount, Values, At, Kept.Counts);
          Kept.Key = std::move(CountKey);
        }
        Count = Kept.Counts;
      } else {
        sym::evaluateAtPoints(Ctx, L.TripCount, Values, At, Fresh);
      }
      const std::optional<int64_t> Counter = Values.get(L.Counter);
      std::array<int64_t, WarpSize> &Trips = At.OwnValue[At.OwnLeafCount];
      for (unsigned Lane = 0; Lane < At.Count; ++Lane) {
        std::optional<int64_t> Trip;
        if (Counter && Count[Lane])
          Trip = unrolledTrip(L, *Counter, *Count[Lane]);
        else if (Counter && *Counter >= 0)
          Trip = Counter; // a trip count not known here: the lanes in step
        if (!Trip)
          TripPlacementIdle |= uint32_t(1) << Lane;
        Trips[Lane] = Trip.value_or(0);
      }
      // The trip counts of the loops after it may read this trip.
      At.OwnLeaf[At.OwnLeafCount++] = L.Trip;
    }
    TripPlacementKey = std::move(Key);
  }
  Idle = TripPlacementIdle;
  return TripPlacement;
}

void LaunchWalker::settle(AtomId U, int64_t Value) {
  Values.set(U, Value);
  Unknowns.erase(std::find(Unknowns.begin(), Unknowns.end(), U));
}

LaunchWalker::SplitPoly LaunchWalker::split(const sym::Poly &P) const {
  // A split loop's trip is the lane's own.
  auto ReadsLoweredTrip = [&](AtomId A) {
    return llvm::any_of(Ctx.atom(A).Leaves, [&](AtomId L) {
      return llvm::is_contained(LoweredTrips, L);
    });
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
    return axisOf(L).has_value() || llvm::is_contained(LoweredTrips, L);
  });
  if (!S.LaneFixedPerBlock && CountingAllowed)
    if (std::optional<sym::Poly> Shift = blockShift(S.Lane)) {
      S.Uniform = S.Uniform + *Shift;
      S.LaneFixedPerBlock = S.LaneAtBlockZero = true;
    }
  return S;
}

std::optional<sym::Poly> LaunchWalker::blockShift(const sym::Poly &Lane) const {
  auto IsBlockAxis = [&](AtomId A) {
    return Ctx.atom(A).Kind == AtomKind::BlockIdx && axisOf(A).has_value();
  };
  auto ReadsVisit = [&](AtomId A) {
    return llvm::any_of(Ctx.atom(A).Leaves, [&](AtomId L) {
      return axisOf(L).has_value() || llvm::is_contained(LoweredTrips, L);
    });
  };
  // A factor the same in every lane and every visit, known here.
  auto Known = [&](AtomId A) -> std::optional<int64_t> {
    const sym::Atom &At = Ctx.atom(A);
    if (At.LaneVarying || ReadsVisit(A))
      return std::nullopt;
    return At.Kind == AtomKind::Op
               ? sym::evaluate(Ctx, sym::Poly::atom(A), Values)
               : Values.get(A);
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

template <class Fn> void LaunchWalker::atBlockZero(Fn F) {
  std::optional<int64_t> Saved[3];
  for (unsigned D = 0; D < 3; ++D) {
    Saved[D] = Values.get(Ctx.blockIdx(D));
    Values.set(Ctx.blockIdx(D), 0);
  }
  F();
  for (unsigned D = 0; D < 3; ++D) {
    if (Saved[D])
      Values.set(Ctx.blockIdx(D), *Saved[D]);
    else
      Values.unset(Ctx.blockIdx(D));
  }
}

std::optional<size_t> LaunchWalker::axisOf(AtomId A) const {
  auto It =
      llvm::find_if(Varying, [&](const VaryingAxis &V) { return V.Atom == A; });
  if (It == Varying.end())
    return std::nullopt;
  return size_t(It - Varying.begin());
}

uint32_t
LaunchWalker::SplitCache::settingOf(const std::vector<int64_t> &Setting) {
  return Settings.try_emplace(Setting, uint32_t(Settings.size())).first->second;
}

template <class Map, class Fn>
const typename Map::mapped_type *
LaunchWalker::SplitCache::keptOrMade(Map &In, const typename Map::key_type &Key,
                                     Fn Make) {
  auto It = In.find(Key);
  if (It != In.end())
    return &It->second;
  if (Parts.size() + Reads.size() >= limits::GuardSplitsKept)
    return nullptr;
  return &In.emplace(Key, Make()).first->second;
}

template <class Fn>
const LaunchWalker::SplitPoly *
LaunchWalker::SplitCache::parts(GuardMaskCache::ListId List, uint32_t Setting,
                                Fn Split) {
  return keptOrMade(Parts, uint64_t(List) << 32 | Setting, Split);
}

template <class Fn>
const std::vector<AtomId> *
LaunchWalker::SplitCache::reads(GuardMaskCache::ListId List, Fn Compute) {
  return keptOrMade(Reads, List, Compute);
}

std::vector<int64_t> LaunchWalker::splitSetting() const {
  // split() reads which atoms are axes or lowered trips, whether counting
  // is allowed, and through blockShift() the values known before the walk:
  // the launch's and those of the unknowns set so far.
  std::vector<int64_t> Key = {CountingAllowed, int64_t(LoweredTrips.size())};
  Key.insert(Key.end(), LoweredTrips.begin(), LoweredTrips.end());
  Key.push_back(int64_t(Varying.size()));
  for (const VaryingAxis &V : Varying)
    Key.push_back(V.Atom);
  Key.insert(Key.end(), {Launch.Block.X, Launch.Block.Y, Launch.Block.Z});
  if (Launch.Grid)
    Key.insert(Key.end(), {1, Launch.Grid->X, Launch.Grid->Y, Launch.Grid->Z});
  else
    Key.push_back(0);
  for (const auto &[Atom, Value] : Launch.Known)
    Key.insert(Key.end(), {int64_t(Atom), Value});
  Key.push_back(int64_t(Unknowns.size()));
  for (AtomId U : Unknowns) {
    std::optional<int64_t> V = Values.get(U);
    Key.insert(Key.end(), {int64_t(U), V.has_value(), V.value_or(0)});
  }
  return Key;
}

void LaunchWalker::prepareSplits() {
  Offset = split(Access.ByteOffset);
  // What lane values read besides the thread index (and besides the trips
  // of split loops, which follow from the lane and what places them).
  auto AddReads = [&](const std::vector<AtomId> &From,
                      std::vector<AtomId> &Into) {
    for (AtomId A : From)
      if (Ctx.atom(A).Kind != AtomKind::ThreadIdx &&
          !llvm::is_contained(LoweredTrips, A) && !llvm::is_contained(Into, A))
        Into.push_back(A);
  };
  // A split loop's trips are the lane's: the lanes repeat with what places
  // them, the counter and what the trip counts read.
  std::vector<AtomId> TripReads;
  for (const LoopLowering &L : Access.Lowerings) {
    TripReads.push_back(L.Counter);
    Ctx.collectLeafAtoms(L.TripCount, TripReads);
  }
  std::vector<AtomId> Leaves;
  Ctx.collectLeafAtoms(Offset.Lane, Leaves);
  if (Offset.LaneAtBlockZero)
    llvm::erase_if(Leaves, [&](AtomId A) {
      return Ctx.atom(A).Kind == AtomKind::BlockIdx;
    });
  LaneReads.clear();
  AddReads(Leaves, LaneReads);
  AddReads(TripReads, LaneReads);
  TripPlacementReads.clear();
  AddReads(TripReads, TripPlacementReads);
  TripPlacementKey.clear();
  // The leading split loops whose trip counts read no trip.
  TripCounts.clear();
  for (const LoopLowering &L : Access.Lowerings) {
    std::vector<AtomId> CountReads;
    Ctx.collectLeafAtoms(L.TripCount, CountReads);
    if (llvm::any_of(CountReads, [&](AtomId A) {
          return llvm::is_contained(LoweredTrips, A);
        }))
      break;
    TripCounts.emplace_back();
    AddReads(CountReads, TripCounts.back().Reads);
  }

  // Without split loops no guard reads a trip, and the guards need not be
  // looked at here.
  GuardReadsTrip.assign(Access.Guards.size(), false);
  if (!LoweredTrips.empty())
    for (size_t G = 0; G < Access.Guards.size(); ++G) {
      std::vector<AtomId> GuardLeaves;
      Ctx.collectLeafAtoms(Access.Guards[G].Diff, GuardLeaves);
      GuardReadsTrip[G] = llvm::any_of(GuardLeaves, [&](AtomId A) {
        return llvm::is_contained(LoweredTrips, A);
      });
    }
  if (llvm::is_contained(GuardReadsTrip, true)) {
    Masks = std::make_shared<GuardMaskCache>();
    Splits = std::make_shared<SplitCache>();
  } else {
    Masks = cacheOfContext<GuardMaskCache>(Ctx.id());
    Splits = cacheOfContext<SplitCache>(Ctx.id());
  }
  const uint32_t Setting = Splits->settingOf(splitSetting());
  static const std::vector<AtomId> NoReads;
  GuardParts.clear();
  OwnParts.clear();
  OwnReads.clear();
  GuardLists = {Masks->root(Launch.Block)};
  GuardListReads = {&NoReads};
  GuardListKept = {false};
  for (size_t G = 0; G < Access.Guards.size(); ++G) {
    const Guard &Gd = Access.Guards[G];
    const GuardMaskCache::ListId List = Masks->extend(GuardLists.back(), Gd);
    auto Split = [&] { return split(Gd.Diff); };
    const SplitPoly *Parts = Splits->parts(List, Setting, Split);
    if (!Parts)
      Parts = &OwnParts.emplace_back(Split());
    auto ListReads = [&] {
      std::vector<AtomId> Reads = *GuardListReads.back(), GuardLeaves;
      Ctx.collectLeafAtoms(Gd.Diff, GuardLeaves);
      AddReads(GuardLeaves, Reads);
      if (GuardReadsTrip[G])
        AddReads(TripReads, Reads);
      return Reads;
    };
    const std::vector<AtomId> *Reads = Splits->reads(List, ListReads);
    if (!Reads)
      Reads = &OwnReads.emplace_back(ListReads());
    GuardParts.push_back(Parts);
    GuardLists.push_back(List);
    GuardListReads.push_back(Reads);
    GuardListKept.push_back(GuardListKept.back() || !Parts->LaneFixedPerBlock);
  }
}

int64_t LaunchWalker::warpsPerBlock() const {
  return (Launch.Block.volume() + WarpSize - 1) / WarpSize;
}

std::vector<int64_t> LaunchWalker::radix() const {
  std::vector<int64_t> Radix = {warpsPerBlock()};
  for (const VaryingAxis &V : Varying)
    Radix.push_back(std::max<int64_t>(1, V.Count));
  return Radix;
}

double LaunchWalker::launchVisits() const {
  double Total = 1;
  for (int64_t R : radix())
    Total *= double(R);
  return Total;
}

std::optional<double> LaunchWalker::visitsPerLaunch() const {
  if (!Launch.Grid || GridAssumed || GuardUnknown)
    return std::nullopt;
  // Every block runs the access, whether or not its index is in the
  // address (then the walk visited one block for all of them).
  double Total = double(warpsPerBlock()) * double(Launch.Grid->volume());
  for (const VaryingAxis &V : Varying) {
    const sym::Atom &At = Ctx.atom(V.Atom);
    if (At.Kind == AtomKind::BlockIdx) {
      Total /= double((*Launch.Grid)[At.Dim]);
      Total *= double(std::max<int64_t>(1, V.Count));
      continue;
    }
    if (At.Kind == AtomKind::LoopIteration && !V.CountsRequests)
      return std::nullopt;
    if (V.CountsRequests)
      Total *= V.Span
                   ? double(V.Span)
                   : double(std::max<int64_t>(1, V.Count)) * double(V.Stride);
  }
  return Total;
}

int64_t LaunchWalker::placeVisit(uint64_t Index,
                                 const std::vector<int64_t> &Radix) {
  int64_t Warp = Index % Radix[0];
  Index /= Radix[0];
  for (size_t I = 0; I < Varying.size(); ++I) {
    Values.set(Varying[I].Atom,
               Varying[I].First +
                   int64_t(Index % Radix[I + 1]) * Varying[I].Stride);
    Index /= Radix[I + 1];
  }
  return Warp;
}

void LaunchWalker::resetCaches() {
  ShapeOfWarp.clear();
  FixedGuardLanes.clear();
}

std::optional<int64_t> LaunchWalker::uniformBase() const {
  if (Scattered)
    return std::nullopt;
  return sym::evaluate(Ctx, Offset.Uniform, Values);
}

const LaunchWalker::WarpLanes &LaunchWalker::lanesOf(int64_t Warp) {
  assert(Warp >= 0 && Warp < warpsPerBlock() && "not a warp of the block");
  // A warp's lanes repeat with the values their parts read besides the
  // thread index: a loop trip or a block index (`threadIdx.x / 4 +
  // 8*(trip % 2)`) takes few, the unknowns one per trial.
  LaneKey.assign(1, Warp);
  for (AtomId A : LaneReads)
    LaneKey.push_back(Values.get(A).value_or(INT64_MIN)); // unset: none yet
  auto It = LanesByValues.find(LaneKey);
  if (It != LanesByValues.end())
    return It->second;
  if (LanesByValues.size() < limits::LaneSetsKept)
    return LanesByValues.emplace(LaneKey, computeLanes(Warp)).first->second;
  Overflow = computeLanes(Warp);
  return Overflow;
}

const sym::ThreadPoints &LaunchWalker::pointsOf(int64_t Warp) {
  if (PointsOfWarp.empty())
    PointsOfWarp.resize(warpsPerBlock());
  std::optional<sym::ThreadPoints> &P = PointsOfWarp[Warp];
  if (!P) {
    P.emplace();
    Dim3 Tid;
    while (P->Count < WarpSize &&
           laneToThread(Launch.Block, Warp, P->Count, Tid)) {
      for (unsigned D = 0; D < 3; ++D)
        P->Index[D][P->Count] = Tid[D];
      ++P->Count;
    }
  }
  return *P;
}

LaunchWalker::WarpLanes LaunchWalker::computeLanes(int64_t Warp) {
  WarpLanes W;
  computeLanesInto(Warp, W);
  return W;
}

void LaunchWalker::computeLanesInto(int64_t Warp, WarpLanes &W) {
  if (Offset.LaneAtBlockZero)
    atBlockZero([&] { computeLanesAt(Warp, W); });
  else
    computeLanesAt(Warp, W);
}

void LaunchWalker::computeLanesAt(int64_t Warp, WarpLanes &W) {
  W.Lanes = 0;
  W.Rows.clear();
  W.Address.clear();
  W.Idle = 0;
  W.AllAddressesKnown = true;
  if (Access.Lowerings.empty() || TripsAtPoints) {
    // Every lane at once, with the trips of the split loops if any.
    const sym::ThreadPoints &At = Access.Lowerings.empty()
                                      ? pointsOf(Warp)
                                      : pointsWithTrips(Warp, W.Idle);
    W.Lanes = At.Count;
    for (unsigned Lane = 0; Lane < At.Count; ++Lane)
      W.Rows.push_back({At.Index[1][Lane], At.Index[2][Lane]});
    W.Address.resize(At.Count);
    if (!Scattered)
      sym::evaluateAtPoints(Ctx, Offset.Lane, Values, At, W.Address.data());
    W.AllAddressesKnown =
        llvm::all_of(W.Address, [](const std::optional<int64_t> &A) {
          return A.has_value();
        });
    return;
  }
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    Dim3 Tid;
    if (!placeLane(Ctx, Launch.Block, Warp, Lane, Values, Tid))
      break;
    if (!placeTrips())
      W.Idle |= uint32_t(1) << W.Lanes;
    ++W.Lanes;
    W.Rows.push_back({Tid.Y, Tid.Z});
    W.Address.push_back(Scattered ? std::nullopt
                                  : sym::evaluate(Ctx, Offset.Lane, Values));
    W.AllAddressesKnown &= W.Address.back().has_value();
  }
}

const LaunchWalker::GuardLanes &LaunchWalker::fixedGuardLanes(size_t G,
                                                              int64_t Warp) {
  assert(GuardParts[G]->LaneFixedPerBlock && "lanes that change per visit");
  if (FixedGuardLanes.empty())
    FixedGuardLanes.resize(GuardParts.size());
  std::vector<std::optional<GuardLanes>> &OfGuard = FixedGuardLanes[G];
  if (OfGuard.empty())
    OfGuard.resize(warpsPerBlock());
  std::optional<GuardLanes> &L = OfGuard[Warp];
  if (L)
    return *L;
  L.emplace();
  const sym::ThreadPoints &At = pointsOf(Warp);
  L->Values.resize(At.Count);
  auto Evaluate = [&] {
    sym::evaluateAtPoints(Ctx, GuardParts[G]->Lane, Values, At,
                          L->Values.data());
  };
  if (GuardParts[G]->LaneAtBlockZero)
    atBlockZero(Evaluate);
  else
    Evaluate();
  bool Known = true;
  for (const std::optional<int64_t> &V : L->Values) {
    Known &= V.has_value();
    if (Known)
      L->Range = L->Range ? std::make_pair(std::min(L->Range->first, *V),
                                           std::max(L->Range->second, *V))
                          : std::make_pair(*V, *V);
  }
  if (!Known)
    L->Range.reset();
  return *L;
}

void LaunchWalker::applyGuard(size_t G, int64_t Warp, unsigned Lanes,
                              GuardMasks &M) {
  const Guard &Gd = Access.Guards[G];
  // A uniform part not known is stated whether or not a lane reaches the
  // guard, as countEveryVisit() states it.
  std::optional<int64_t> U = sym::evaluate(Ctx, GuardParts[G]->Uniform, Values);
  if (!U) {
    M.Unknown |= Lanes > 0; // every lane's value
    return;
  }
  // Only the lanes that still reach the access run the guard's lane part:
  // the guard cannot bring back a lane an earlier one turned away, a value
  // it would read there is not read (a division by zero in a lane that
  // never gets there), and under nested `if`s most lanes are turned away
  // at depth.
  const uint32_t AllLanes = lanesBelow(Lanes);
  const uint32_t Live = M.Reaching & AllLanes;
  if (!Live)
    return;
  auto Fail = [&](uint32_t Failing) {
    M.Active &= ~Failing;
    if (!Gd.Predicated)
      M.Reaching &= ~Failing;
  };
  // A value not known counts as holding (stated: GuardUnknown).
  auto Apply = [&](unsigned Lane, std::optional<int64_t> V) {
    if (!V)
      M.Unknown = true;
    else if (!holds(Gd.Op, *V))
      Fail(uint32_t(1) << Lane);
  };
  auto EachLive = [&](auto Fn) {
    for (uint32_t Rest = Live; Rest; Rest &= Rest - 1)
      Fn(unsigned(llvm::countr_zero(Rest)));
  };
  if (GuardParts[G]->LaneFixedPerBlock) {
    const GuardLanes &L = fixedGuardLanes(G, Warp);
    if (L.Range) {
      std::optional<bool> All =
          holdsOverRange(Gd.Op, *U, L.Range->first, L.Range->second);
      if (All && *All)
        return;
      std::optional<bool> None =
          holdsOverRange(negated(Gd.Op), *U, L.Range->first, L.Range->second);
      if (None && *None) {
        Fail(~uint32_t(0));
        return;
      }
    }
    EachLive([&](unsigned Lane) { Apply(Lane, sum(U, L.Values[Lane])); });
    return;
  }
  auto ApplyAtLive = [&](const sym::ThreadPoints &At) {
    std::optional<int64_t> LaneParts[WarpSize];
    if (Live == AllLanes) {
      sym::evaluateAtPoints(Ctx, GuardParts[G]->Lane, Values, At, LaneParts);
      for (unsigned Lane = 0; Lane < Lanes; ++Lane)
        Apply(Lane, sum(U, LaneParts[Lane]));
      return;
    }
    unsigned LaneOf[WarpSize];
    LivePoints.Count = 0;
    LivePoints.OwnLeafCount = At.OwnLeafCount;
    std::copy(At.OwnLeaf, At.OwnLeaf + At.OwnLeafCount, LivePoints.OwnLeaf);
    EachLive([&](unsigned Lane) {
      const unsigned I = LivePoints.Count++;
      LaneOf[I] = Lane;
      for (unsigned D = 0; D < 3; ++D)
        LivePoints.Index[D][I] = At.Index[D][Lane];
      for (unsigned L = 0; L < At.OwnLeafCount; ++L)
        LivePoints.OwnValue[L][I] = At.OwnValue[L][Lane];
    });
    sym::evaluateAtPoints(Ctx, GuardParts[G]->Lane, Values, LivePoints,
                          LaneParts);
    for (unsigned I = 0; I < LivePoints.Count; ++I)
      Apply(LaneOf[I], sum(U, LaneParts[I]));
  };
  if (!GuardReadsTrip[G]) {
    ApplyAtLive(pointsOf(Warp));
    return;
  }
  // The trips of the split loops it reads are the lane's own.
  if (TripsAtPoints) {
    uint32_t Idle;
    ApplyAtLive(pointsWithTrips(Warp, Idle));
    return;
  }
  EachLive([&](unsigned Lane) {
    Dim3 Tid;
    placeLane(Ctx, Launch.Block, Warp, Lane, Values, Tid);
    placeTrips();
    Apply(Lane, sum(U, sym::evaluate(Ctx, GuardParts[G]->Lane, Values)));
  });
}

GuardMasks LaunchWalker::masksOfGuards(size_t K, int64_t Warp, unsigned Lanes) {
  if (!KeptGuardLanesAllowed || !GuardListKept[K]) {
    const uint32_t All = lanesBelow(Lanes);
    GuardMasks M{All, All, false};
    for (size_t G = 0; G < K; ++G)
      applyGuard(G, Warp, Lanes, M);
    return M;
  }
  // The list, the warp, then what the guards read (value, or 0 and a bit
  // in the words that follow for a value not set).
  const std::vector<AtomId> &Reads = *GuardListReads[K];
  MaskKey.assign(2 + (Reads.size() + 63) / 64, 0);
  MaskKey[0] = GuardLists[K];
  MaskKey[1] = Warp;
  for (size_t I = 0; I < Reads.size(); ++I) {
    std::optional<int64_t> V = Values.get(Reads[I]);
    if (!V)
      MaskKey[2 + I / 64] |= int64_t(uint64_t(1) << (I % 64));
    MaskKey.push_back(V.value_or(0));
  }
  if (std::optional<GuardMasks> Kept = Masks->find(MaskKey))
    return *Kept;
  // The prefix's lookup reuses MaskKey.
  llvm::SmallVector<int64_t, 8> Key(MaskKey.begin(), MaskKey.end());
  GuardMasks M = masksOfGuards(K - 1, Warp, Lanes);
  applyGuard(K - 1, Warp, Lanes, M);
  Masks->keep(Key, M);
  return M;
}

void LaunchWalker::fillLanes(const WarpLanes &W, const GuardMasks &M,
                             std::optional<int64_t> Base) {
  GuardUnknown |= M.Unknown;
  LaneBuf.clear();
  for (unsigned Lane = 0; Lane < W.Lanes; ++Lane) {
    LaneEval L;
    L.Row = W.Rows[Lane];
    bool Runs = !(W.Idle & (uint32_t(1) << Lane));
    L.Reaches = Runs && (M.Reaching & (uint32_t(1) << Lane));
    L.Active = Runs && (M.Active & (uint32_t(1) << Lane));
    // A gather's addresses are the data's: nothing to evaluate.
    if (L.Active && !Scattered)
      L.Offset = sum(Base, W.Address[Lane]);
    LaneBuf.push_back(L);
  }
}

void LaunchWalker::simulateWarp(int64_t Warp, CostTotals &T) {
  std::optional<int64_t> Base = uniformBase();
  const WarpLanes &W = lanesOf(Warp);
  costVisit(Warp, W, masksOfGuards(GuardParts.size(), Warp, W.Lanes), Base, T);
}

void LaunchWalker::costVisit(int64_t Warp, const WarpLanes &W,
                             const GuardMasks &M, std::optional<int64_t> Base,
                             CostTotals &T, uint64_t Times,
                             uint64_t *ShapeMemo) {
  LastPriced.reset();
  GuardUnknown |= M.Unknown;
  const uint32_t AllLanes = lanesBelow(W.Lanes);
  // The common case, every lane active: its addresses without the lanes'
  // bookkeeping.
  if (!Scattered && Base && W.Lanes && W.AllAddressesKnown && !W.Idle &&
      M.Active == AllLanes) {
    T.Warps += Times;
    VisitAddresses.clear();
    for (const std::optional<int64_t> &L : W.Address)
      VisitAddresses.push_back(*sum(Base, L));
    LastPriced = Priced{AllLanes, true, &W.Rows};
    count(costOf(Warp, W, AllLanes, Base, true, VisitAddresses, W.Rows, 0,
                 ShapeMemo),
          T, Times);
    return;
  }
  const uint32_t Runs = AllLanes & ~W.Idle;
  const uint32_t ActiveLanes = M.Active & Runs;
  const unsigned Active = llvm::popcount(ActiveLanes);
  const unsigned Reaching = llvm::popcount(M.Reaching & Runs);
  std::vector<int64_t> &Addresses = VisitAddresses;
  std::vector<std::pair<int64_t, int64_t>> &Rows = VisitRows;
  Addresses.clear();
  Rows.clear();
  uint32_t AddressedMask = 0;
  bool AllAddressed = true;
  for (uint32_t Rest = Scattered ? 0 : ActiveLanes; Rest; Rest &= Rest - 1) {
    const unsigned Lane = llvm::countr_zero(Rest);
    if (std::optional<int64_t> Offset = sum(Base, W.Address[Lane])) {
      AddressedMask |= uint32_t(1) << Lane;
      Addresses.push_back(*Offset);
      Rows.push_back(W.Rows[Lane]);
    } else {
      AllAddressed = false;
      Unaddressed = true;
    }
  }
  unsigned Requests = Access.requests();
  if (Active == 0) {
    // A warp that branches around the access issues nothing; one whose
    // lanes are all predicated off still issues it, moving nothing.
    if (Reaching == 0)
      return;
    T.Warps += Times;
    T.Requests += Requests * Times;
    T.Min = 0;
    return;
  }
  T.Warps += Times;

  if (Scattered) {
    RequestCost Cost = Model.costOfGather(Active, Access.ChunkBytes);
    for (unsigned C = 0; C < Requests; ++C)
      T.add(Cost, Times);
    return;
  }
  if (Addresses.empty())
    return;
  LastPriced = Priced{AddressedMask, AllAddressed, &Rows};
  count(costOf(Warp, W, AddressedMask, Base, AllAddressed, Addresses, Rows, 0,
               ShapeMemo),
        T, Times);
}

bool LaunchWalker::evenlySpacedAt(
    const std::vector<int64_t> &Addresses,
    const std::vector<std::pair<int64_t, int64_t>> &Rows) {
  if (!llvm::all_equal(Rows))
    return evenlySpacedPerRow(Addresses, Rows);
  if (std::optional<bool> AtOnce = evenlySpacedAtOnce(Addresses))
    return *AtOnce;
  // The search over group sizes is the hot loop for irregular lanes; their
  // shape (addresses relative to the first lane) repeats from warp to warp.
  SpacingKey.resize(Addresses.size());
  for (size_t I = 0; I < Addresses.size(); ++I)
    SpacingKey[I] = Addresses[I] - Addresses[0];
  auto It = SpacingByShape.find(SpacingKey);
  if (It != SpacingByShape.end())
    return It->second;
  bool Even = evenlySpacedInGroups(Addresses);
  if (SpacingByShape.size() < limits::LaneSetsKept)
    SpacingByShape.emplace(SpacingKey, Even);
  return Even;
}

WarpCost LaunchWalker::computeCost(
    uint32_t ActiveMask, const std::vector<int64_t> &Addresses,
    const std::vector<std::pair<int64_t, int64_t>> &Rows) {
  WarpCost R;
  R.EvenlySpaced = evenlySpacedAt(Addresses, Rows);
  R.Broadcast = broadcastPerRow(Addresses, Rows);
  // Request C moves chunk C of each lane's bytes.
  std::vector<int64_t> Chunk;
  for (unsigned C = 0; C < Access.requests(); ++C) {
    if (C > 0) {
      Chunk.resize(Addresses.size());
      for (size_t I = 0; I < Addresses.size(); ++I)
        Chunk[I] = Addresses[I] + int64_t(C) * Access.ChunkBytes;
    }
    R.Chunks.push_back(Model.costOfRequest(C ? Chunk : Addresses, ActiveMask,
                                           Access.ChunkBytes));
  }
  return R;
}

const WarpCost &
LaunchWalker::costOf(int64_t Warp, const WarpLanes &W, uint32_t ActiveMask,
                     std::optional<int64_t> Base, bool Cacheable,
                     const std::vector<int64_t> &Addresses,
                     const std::vector<std::pair<int64_t, int64_t>> &Rows,
                     int64_t Shift, uint64_t *ShapeMemo) {
  auto Shifted = [&] {
    if (!Shift)
      return computeCost(ActiveMask, Addresses, Rows);
    std::vector<int64_t> Moved(Addresses);
    for (int64_t &A : Moved)
      A = int64_t(uint64_t(A) + uint64_t(Shift)); // wraps as evaluate() does
    return computeCost(ActiveMask, Moved, Rows);
  };
  if (!Cacheable || !Base || Addresses.empty()) {
    Uncached = Shifted();
    return Uncached;
  }
  // Shifting every lane by whole periods changes no count: the costs are a
  // function of the warp's lanes' shape, of which of them are active and of
  // where the first active one starts within a period (RequestCostCache).
  // Where the lanes' parts are fixed per block, the warp's shape is looked
  // up once a walk.
  const int64_t Residue = floorMod(
      int64_t(uint64_t(Addresses[0]) + uint64_t(Shift)), Model.periodBytes());
  const bool FixedForWalk = Offset.LaneFixedPerBlock;
  RequestCostCache &Costs = RequestCostCache::forThread();
  auto ShapeNow = [&] {
    return Costs.shapeOf(Model, Access.ChunkBytes, Access.requests(), W.Address,
                         W.Rows);
  };
  uint64_t Shape;
  if (ShapeMemo && *ShapeMemo) {
    Shape = *ShapeMemo;
  } else if (FixedForWalk) {
    uint64_t &Kept = ShapeOfWarp[Warp];
    if (!Kept)
      Kept = ShapeNow();
    Shape = Kept;
  } else {
    Shape = ShapeNow();
  }
  if (ShapeMemo)
    *ShapeMemo = Shape;
  if (const WarpCost *Kept = Costs.find(Shape, ActiveMask, Residue))
    return *Kept;
  return Costs.keep(Shape, ActiveMask, Residue, Shifted());
}

void LaunchWalker::count(const WarpCost &Cost, CostTotals &T,
                         uint64_t Times) const {
  if (!Cost.EvenlySpaced)
    T.IrregularWarps += Times;
  for (const RequestCost &C : Cost.Chunks) {
    T.AllUniform &= Cost.Broadcast;
    T.AllDense &= C.AlignedUnits == C.IdealUnits;
    T.add(C, Times);
  }
}

std::optional<LaunchWalker::AxisAffine>
LaunchWalker::axisAffine(const sym::Poly &P) const {
  AxisAffine R;
  R.PerAxis.assign(Varying.size(), 0);
  for (const sym::Term &T : P.terms()) {
    int64_t Coeff = T.Coeff;
    std::optional<size_t> Axis;
    for (AtomId A : T.Atoms) {
      if (std::optional<size_t> Of = axisOf(A)) {
        if (Axis)
          return std::nullopt; // a product of axes
        Axis = Of;
        continue;
      }
      // Any other atom must have a value that no axis changes.
      if (llvm::any_of(Ctx.atom(A).Leaves,
                       [&](AtomId Leaf) { return axisOf(Leaf).has_value(); }))
        return std::nullopt;
      std::optional<int64_t> V =
          Ctx.atom(A).Kind == AtomKind::Op
              ? sym::evaluate(Ctx, sym::Poly::atom(A), Values)
              : Values.get(A);
      if (!V || __builtin_mul_overflow(Coeff, *V, &Coeff))
        return std::nullopt;
    }
    int64_t &Into = Axis ? R.PerAxis[*Axis] : R.Constant;
    if (__builtin_add_overflow(Into, Coeff, &Into))
      return std::nullopt;
  }
  return R;
}

bool LaunchWalker::readsUnsetValue(const sym::Poly &P) const {
  std::vector<AtomId> Leaves;
  Ctx.collectLeafAtoms(P, Leaves);
  return llvm::any_of(Leaves,
                      [&](AtomId A) { return !Values.get(A) && !axisOf(A); });
}

std::optional<CostTotals>
LaunchWalker::countEveryVisit(const std::vector<int64_t> &Radix) {
  if (Scattered || !Offset.LaneFixedPerBlock || !Access.Lowerings.empty())
    return std::nullopt;
  for (const SplitPoly *G : GuardParts)
    if (!G->LaneFixedPerBlock)
      return std::nullopt;
  std::optional<AxisAffine> Base = axisAffine(Offset.Uniform);
  if (!Base)
    return std::nullopt;
  // Each guard's uniform part, and the one axis it reads (none: -1). A
  // guard that reads a value not known here holds in every lane, as when
  // visiting (GuardUnknown).
  std::vector<AxisAffine> GuardBase;
  std::vector<int> GuardAxis;
  std::vector<bool> GuardHolds;
  for (const SplitPoly *G : GuardParts) {
    std::optional<AxisAffine> A = axisAffine(G->Uniform);
    GuardHolds.push_back(!A && readsUnsetValue(G->Uniform));
    if (GuardHolds.back()) {
      GuardBase.emplace_back();
      GuardAxis.push_back(-1);
      continue;
    }
    if (!A)
      return std::nullopt;
    int Axis = -1;
    for (size_t I = 0; I < A->PerAxis.size(); ++I) {
      if (!A->PerAxis[I])
        continue;
      if (Axis >= 0)
        return std::nullopt; // reads two axes
      Axis = int(I);
    }
    GuardBase.push_back(*A);
    GuardAxis.push_back(Axis);
  }
  // The values an axis takes, and the bound on how far they move the
  // address: the histograms below hold values modulo the period, so
  // nothing may wrap on the way.
  const int64_t Period = Model.periodBytes();
  double Reach = std::fabs(double(Base->Constant));
  uint64_t Total = 1;
  for (size_t I = 0; I < Varying.size(); ++I) {
    const VaryingAxis &V = Varying[I];
    int64_t Count = std::max<int64_t>(1, V.Count);
    Reach += std::fabs(double(Base->PerAxis[I])) *
             (std::fabs(double(V.First)) + double(Count) * double(V.Stride));
    if (Count > limits::MaxAxisValuesCounted ||
        __builtin_mul_overflow(Total, uint64_t(Count), &Total))
      return std::nullopt;
  }
  if (Reach > double(int64_t(1) << 60))
    return std::nullopt;
  uint64_t WarpsPerBlock = uint64_t(Radix[0]);

  // Visits by the lanes they let through (active, reaching) and, for each
  // such pair, by where the address starts within the period.
  using Masks = std::pair<uint32_t, uint32_t>;
  using Classes = std::vector<std::pair<Masks, std::vector<uint64_t>>>;
  auto Of = [&](Classes &C, Masks M) -> std::vector<uint64_t> & {
    for (auto &[Key, Starts] : C)
      if (Key == M)
        return Starts;
    C.emplace_back(M, std::vector<uint64_t>(Period));
    return C.back().second;
  };
  auto Product = [&](const Classes &L, const Classes &R) {
    Classes P;
    for (const auto &[M1, S1] : L)
      for (const auto &[M2, S2] : R) {
        std::vector<uint64_t> &Into =
            Of(P, {M1.first & M2.first, M1.second & M2.second});
        for (int64_t A = 0; A < Period; ++A)
          if (S1[A])
            for (int64_t B = 0; B < Period; ++B)
              if (S2[B])
                Into[(A + B) % Period] += S1[A] * S2[B];
      }
    return P;
  };
  // An axis that no guard reads gives every warp the same classes.
  std::vector<std::optional<Classes>> Unguarded(Varying.size());
  CostTotals T;
  T.Visits = Total * WarpsPerBlock;
  for (uint64_t Warp = 0; Warp < WarpsPerBlock; ++Warp) {
    const WarpLanes &W = lanesOf(int64_t(Warp));
    if (W.Lanes == 0)
      continue;
    if (!W.AllAddressesKnown)
      return std::nullopt;
    std::vector<const GuardLanes *> GuardLanesOf;
    for (size_t G = 0; G < GuardParts.size(); ++G) {
      GuardLanesOf.push_back(&fixedGuardLanes(G, int64_t(Warp)));
      if (!GuardHolds[G] && !GuardLanesOf.back()->Range)
        return std::nullopt;
    }
    const uint32_t AllLanes = lanesBelow(W.Lanes);
    // The lanes that pass guard G when its uniform part is U.
    auto Passing = [&](size_t G, int64_t U) -> std::optional<uint32_t> {
      const Guard &Gd = Access.Guards[G];
      const GuardLanes &L = *GuardLanesOf[G];
      std::optional<bool> All =
          holdsOverRange(Gd.Op, U, L.Range->first, L.Range->second);
      if (All && *All)
        return AllLanes;
      std::optional<bool> None =
          holdsOverRange(negated(Gd.Op), U, L.Range->first, L.Range->second);
      if (None && *None)
        return uint32_t(0);
      uint32_t Mask = 0;
      for (unsigned Lane = 0; Lane < W.Lanes; ++Lane) {
        int64_t V;
        if (__builtin_add_overflow(U, *L.Values[Lane], &V))
          return std::nullopt;
        if (holds(Gd.Op, V))
          Mask |= uint32_t(1) << Lane;
      }
      return Mask;
    };
    // The lanes active and reaching after the guards that read axis Axis
    // (-1: none), that axis at Value.
    auto MasksAt = [&](int Axis, int64_t Value) -> std::optional<Masks> {
      Masks M{AllLanes, AllLanes};
      for (size_t G = 0; G < GuardParts.size(); ++G) {
        if (GuardAxis[G] != Axis || GuardHolds[G])
          continue;
        int64_t U = GuardBase[G].Constant;
        if (Axis >= 0)
          U += GuardBase[G].PerAxis[Axis] * Value;
        std::optional<uint32_t> Pass = Passing(G, U);
        if (!Pass)
          return std::nullopt;
        M.first &= *Pass;
        if (!Access.Guards[G].Predicated)
          M.second &= *Pass;
      }
      return M;
    };
    // The guards that read no axis, then each axis's classes, multiplied in.
    std::optional<Masks> Unaxed = MasksAt(-1, 0);
    if (!Unaxed)
      return std::nullopt;
    Classes Visits;
    ++Of(Visits, *Unaxed)[floorMod(Base->Constant, Period)];
    for (size_t I = 0; I < Varying.size(); ++I) {
      const VaryingAxis &V = Varying[I];
      bool Guarded = llvm::is_contained(GuardAxis, int(I));
      if (!Guarded && Unguarded[I]) {
        Visits = Product(Visits, *Unguarded[I]);
        continue;
      }
      // The axis's values fall into stretches over which each guard on it
      // lets every lane of the warp through or none: all but the few values
      // where its uniform part crosses the range of its lanes' parts. A
      // stretch is counted by where its visits start within the period,
      // which repeats; the values in between are taken one by one.
      const int64_t Count = std::max<int64_t>(1, V.Count);
      std::vector<std::pair<int64_t, int64_t>> Crossings; // [first, last]
      std::vector<int64_t> Cuts = {0, Count};
      for (size_t G = 0; G < GuardParts.size(); ++G) {
        if (GuardAxis[G] != int(I) || GuardHolds[G])
          continue;
        // The guard's uniform part at the K-th value: At + Step * K.
        const __int128 At = __int128(GuardBase[G].Constant) +
                            __int128(GuardBase[G].PerAxis[I]) * V.First;
        const __int128 Step = __int128(GuardBase[G].PerAxis[I]) * V.Stride;
        if (Step == 0)
          continue;
        // Some lanes pass and others not only where At + Step * K + lane
        // crosses 0 for a lane of the range: a margin of 1 either side
        // covers every comparison.
        const GuardLanes &L = *GuardLanesOf[G];
        const __int128 Low = -__int128(L.Range->second) - 1 - At;
        const __int128 High = -__int128(L.Range->first) + 1 - At;
        auto FloorDiv = [](__int128 A, __int128 B) {
          __int128 Q = A / B;
          return (A % B != 0 && (A < 0) != (B < 0)) ? Q - 1 : Q;
        };
        __int128 First =
            Step > 0 ? -FloorDiv(-Low, Step) : -FloorDiv(-High, Step);
        __int128 Last = Step > 0 ? FloorDiv(High, Step) : FloorDiv(Low, Step);
        // Cut at both ends, also where no value falls between them: the
        // guard then goes from all lanes to none from one value to the next.
        auto Clamped = [&](__int128 K) {
          return int64_t(std::clamp<__int128>(K, 0, Count));
        };
        Cuts.push_back(Clamped(First));
        Cuts.push_back(Clamped(Last + 1));
        if (Clamped(First) <= Clamped(Last + 1) - 1)
          Crossings.push_back({Clamped(First), Clamped(Last + 1) - 1});
      }
      llvm::sort(Cuts);
      Cuts.erase(std::unique(Cuts.begin(), Cuts.end()), Cuts.end());
      const int64_t StartStep = floorMod(floorMod(Base->PerAxis[I], Period) *
                                             floorMod(V.Stride, Period),
                                         Period);
      const int64_t Repeat = Period / std::gcd(StartStep, Period);
      Classes OfAxis;
      for (size_t C = 0; C + 1 < Cuts.size(); ++C) {
        const int64_t From = Cuts[C], To = Cuts[C + 1];
        bool Crosses = llvm::any_of(Crossings, [&](const auto &X) {
          return X.first <= From && From <= X.second;
        });
        // Unguarded, the masks are all lanes of a full warp; a partial warp
        // ANDs its own in.
        for (int64_t K = From; K < To;) {
          const int64_t Value = V.First + K * V.Stride;
          std::optional<Masks> M = MasksAt(int(I), Value);
          if (!M)
            return std::nullopt;
          std::vector<uint64_t> &Starts = Of(OfAxis, *M);
          const int64_t Start = floorMod(Base->PerAxis[I] * Value, Period);
          if (Crosses) {
            ++Starts[Start];
            ++K;
            continue;
          }
          const int64_t Length = To - K;
          for (int64_t J = 0; J < std::min(Length, Repeat); ++J)
            Starts[(Start + J * StartStep) % Period] +=
                uint64_t((Length - 1 - J) / Repeat + 1);
          K = To;
        }
      }
      Visits = Product(Visits, OfAxis);
      if (!Guarded && W.Lanes == WarpSize)
        Unguarded[I] = std::move(OfAxis);
    }
    for (const auto &[M, Starts] : Visits) {
      auto [ActiveLanes, ReachingLanes] = M;
      // The class's lanes from a start of 0; each start moves them all.
      std::vector<int64_t> &Addresses = VisitAddresses;
      std::vector<std::pair<int64_t, int64_t>> &Rows = VisitRows;
      Addresses.clear();
      Rows.clear();
      for (unsigned Lane = 0; Lane < W.Lanes; ++Lane)
        if (ActiveLanes & (uint32_t(1) << Lane)) {
          Addresses.push_back(*W.Address[Lane]);
          Rows.push_back(W.Rows[Lane]);
        }
      uint64_t Shape = 0;
      for (int64_t Start = 0; Start < Period; ++Start) {
        uint64_t N = Starts[Start];
        if (!N)
          continue;
        if (ActiveLanes == 0) {
          // Branched around: nothing; predicated off: a request that moves
          // nothing.
          if (ReachingLanes == 0)
            continue;
          T.Warps += N;
          T.Requests += N * Access.requests();
          T.Min = 0;
          continue;
        }
        T.Warps += N;
        count(costOf(int64_t(Warp), W, ActiveLanes, Start, true, Addresses,
                     Rows, Start, &Shape),
              T, N);
      }
    }
  }
  if (llvm::is_contained(GuardHolds, true))
    GuardUnknown = true;
  return T;
}

namespace {

/// The first step t >= 1 at which `V + B*t Op 0` holds where `V Op 0` does
/// not, or the other way round; INT64_MAX where that is not before \p Steps.
/// nullopt where V + B*t leaves the range of int64_t before \p Steps
/// (evaluate() would wrap there, and the line would not be its value).
std::optional<int64_t> firstFlip(Cmp Op, int64_t V, int64_t B, int64_t Steps) {
  constexpr int64_t Never = INT64_MAX;
  if (B == 0 || Steps <= 1)
    return Never;
  __int128 Last = __int128(V) + __int128(B) * (Steps - 1);
  if (Last > INT64_MAX || Last < INT64_MIN)
    return std::nullopt;
  int64_t Flip = Never;
  if (Op == Cmp::EQ || Op == Cmp::NE) {
    // Holds, or fails, at the one step where the line crosses 0.
    if (V == 0)
      Flip = 1;
    else if ((V < 0) == (B > 0) && V % B == 0)
      Flip = -(V / B);
  } else {
    // `x Op 0` is `x < Theta` or its negation: it changes where the line
    // crosses Theta. Both lines end within int64_t (checked above), so the
    // distance to Theta fits in an unsigned one.
    const int64_t Theta = (Op == Cmp::LT || Op == Cmp::GE) ? 0 : 1;
    uint64_t Steps0 = UINT64_MAX;
    if (B > 0 && V < Theta)
      Steps0 = (uint64_t(Theta) - uint64_t(V) + uint64_t(B) - 1) / uint64_t(B);
    else if (B < 0 && V >= Theta)
      Steps0 = (uint64_t(V) - uint64_t(Theta)) / (0 - uint64_t(B)) + 1;
    if (Steps0 < uint64_t(Steps))
      Flip = int64_t(Steps0);
  }
  return Flip < Steps ? Flip : Never;
}

} // namespace

std::optional<sym::Poly> LaunchWalker::stepIn(const sym::Poly &P,
                                              AtomId A) const {
  for (const sym::Term &T : P.terms()) {
    if (llvm::count(T.Atoms, A) > 1)
      return std::nullopt;
    for (AtomId X : T.Atoms)
      if (X != A && llvm::is_contained(Ctx.atom(X).Leaves, A))
        return std::nullopt; // an operation over A
  }
  sym::Poly Slope = P.coefficientOf(A);
  std::vector<AtomId> Leaves;
  Ctx.collectLeafAtoms(Slope, Leaves);
  for (AtomId L : Leaves) {
    const sym::Atom &At = Ctx.atom(L);
    if (L == A || At.ReadsThreadIdx || At.LaneVarying ||
        llvm::is_contained(LoweredTrips, L))
      return std::nullopt;
  }
  return Slope;
}

std::optional<LaunchWalker::RunAxis> LaunchWalker::runAxis() const {
  if (Scattered)
    return std::nullopt;
  auto Along = [&](size_t Axis, AtomId Trip,
                   const LoopLowering *Split) -> std::optional<RunAxis> {
    RunAxis R;
    R.Axis = Axis;
    R.Split = Split;
    std::optional<sym::Poly> Slope = stepIn(Access.ByteOffset, Trip);
    if (!Slope)
      return std::nullopt;
    R.AddressSlope = *Slope;
    for (const Guard &G : Access.Guards) {
      std::vector<AtomId> Leaves;
      Ctx.collectLeafAtoms(G.Diff, Leaves);
      if (!llvm::is_contained(Leaves, Trip)) {
        R.GuardSlope.emplace_back();
        continue;
      }
      std::optional<sym::Poly> GuardSlope = stepIn(G.Diff, Trip);
      if (!GuardSlope)
        return std::nullopt;
      R.GuardSlope.push_back(*GuardSlope);
    }
    return R;
  };
  if (!Access.Lowerings.empty()) {
    // Each lane's trip follows the counter of a split loop; with two, the
    // inner one's lanes are placed by the outer one's trips.
    if (Access.Lowerings.size() != 1 || !TripsAtPoints)
      return std::nullopt;
    const LoopLowering &L = Access.Lowerings.front();
    std::optional<size_t> Axis = axisOf(L.Counter);
    return Axis ? Along(*Axis, L.Trip, &L) : std::nullopt;
  }
  // The loop with the most values, of those along which the access runs.
  std::optional<RunAxis> Best;
  for (size_t I = 0; I < Varying.size(); ++I) {
    if (Ctx.atom(Varying[I].Atom).Kind != AtomKind::LoopIteration ||
        (Best && Varying[Best->Axis].Count >= Varying[I].Count))
      continue;
    if (std::optional<RunAxis> R = Along(I, Varying[I].Atom, nullptr))
      Best = std::move(R);
  }
  return Best;
}

void LaunchWalker::guardValues(size_t G, int64_t Warp,
                               std::optional<int64_t> *Out) {
  std::optional<int64_t> U = sym::evaluate(Ctx, GuardParts[G]->Uniform, Values);
  if (GuardParts[G]->LaneFixedPerBlock) {
    const GuardLanes &L = fixedGuardLanes(G, Warp);
    for (size_t Lane = 0; Lane < L.Values.size(); ++Lane)
      Out[Lane] = sum(U, L.Values[Lane]);
    return;
  }
  uint32_t Idle;
  const sym::ThreadPoints &At =
      GuardReadsTrip[G] ? pointsWithTrips(Warp, Idle) : pointsOf(Warp);
  sym::evaluateAtPoints(Ctx, GuardParts[G]->Lane, Values, At, Out);
  for (unsigned Lane = 0; Lane < At.Count; ++Lane)
    Out[Lane] = sum(U, Out[Lane]);
}

const LaunchWalker::WarpLanes &LaunchWalker::freshVisit(int64_t Warp,
                                                        GuardMasks &M) {
  // Lanes fixed per block are kept for the walk; any others are met once.
  const WarpLanes &W = Offset.LaneFixedPerBlock && Access.Lowerings.empty()
                           ? lanesOf(Warp)
                           : (computeLanesInto(Warp, RunLanes), RunLanes);
  RunGuardValues.resize(GuardParts.size());
  for (size_t G = 0; G < GuardParts.size(); ++G)
    guardValues(G, Warp, RunGuardValues[G].data());
  M = masksOf(W.Lanes, RunGuardValues);
  return W;
}

GuardMasks LaunchWalker::masksOf(unsigned Lanes,
                                 const std::vector<LaneValues> &Guards) const {
  const uint32_t All = lanesBelow(Lanes);
  GuardMasks M{All, All, false};
  for (size_t G = 0; G < Guards.size(); ++G) {
    // As applyGuard: a value not known counts as holding (GuardUnknown).
    for (unsigned Lane = 0; Lane < Lanes; ++Lane) {
      if (!Guards[G][Lane]) {
        M.Unknown = true;
      } else if (!holds(Access.Guards[G].Op, *Guards[G][Lane])) {
        M.Active &= ~(uint32_t(1) << Lane);
        if (!Access.Guards[G].Predicated)
          M.Reaching &= ~(uint32_t(1) << Lane);
      }
    }
  }
  return M;
}

std::optional<CostTotals>
LaunchWalker::countRuns(const std::vector<int64_t> &Radix,
                        uint64_t WarpBudget) {
  std::optional<RunAxis> R = runAxis();
  if (!R)
    return std::nullopt;
  const VaryingAxis &Run = Varying[R->Axis];
  const int64_t Count = std::max<int64_t>(1, Run.Count);
  // A split loop's pieces of fixed length (the counter below 0) are visited
  // one by one; its unrolled loop (0 on) and a loop's trips go in runs.
  const int64_t Pieces =
      Run.First < 0
          ? std::min(Count, (-Run.First + Run.Stride - 1) / Run.Stride)
          : 0;
  // The groups are the values of the other axes, but for those no visit
  // tells apart: each of their values repeats the visits of the first.
  std::vector<bool> Inert(Varying.size(), false);
  uint64_t Groups = 1, Repeats = 1;
  for (size_t I = 0; I < Varying.size(); ++I) {
    if (I == R->Axis)
      continue;
    Inert[I] = inertAxis(Varying[I]);
    if (__builtin_mul_overflow(Inert[I] ? Repeats : Groups,
                               uint64_t(std::max<int64_t>(1, Varying[I].Count)),
                               Inert[I] ? &Repeats : &Groups))
      return std::nullopt;
  }
  const uint64_t Warps = uint64_t(Radix[0]);
  // Each warp of each group costs its pieces and at least one run.
  uint64_t Least;
  if (__builtin_mul_overflow(Groups * Warps, uint64_t(Pieces + 1), &Least) ||
      Groups > WarpBudget || Least > WarpBudget)
    return std::nullopt;
  // Runs beyond this many cost more than the sample would: give up.
  const uint64_t MostEvaluations = 4 * WarpBudget;
  uint64_t Evaluations = 0;
  const int64_t Period = Model.periodBytes();
  const size_t NumGuards = Access.Guards.size();

  CostTotals T;
  // Per guard: its value's change per trip, and per value of the axis.
  std::vector<int64_t> GuardSlope(NumGuards);
  std::vector<std::optional<int64_t>> GuardStep(NumGuards);
  for (uint64_t Group = 0; Group < Groups; ++Group) {
    uint64_t Index = Group;
    for (size_t I = 0; I < Varying.size(); ++I) {
      if (I == R->Axis)
        continue;
      const VaryingAxis &V = Varying[I];
      if (Inert[I]) {
        Values.set(V.Atom, V.First);
        continue;
      }
      const int64_t C = std::max<int64_t>(1, V.Count);
      Values.set(V.Atom, V.First + int64_t(Index % uint64_t(C)) * V.Stride);
      Index /= uint64_t(C);
    }
    // Bytes, and guard values, per value of the axis under this group.
    std::optional<int64_t> Slope = sym::evaluate(Ctx, R->AddressSlope, Values);
    int64_t Step;
    if (!Slope || __builtin_mul_overflow(*Slope, Run.Stride, &Step) ||
        std::fabs(double(Step)) * double(Count) > double(int64_t(1) << 60))
      return std::nullopt;
    for (size_t G = 0; G < NumGuards; ++G) {
      GuardStep[G].reset();
      GuardSlope[G] = 0;
      if (!R->GuardSlope[G])
        continue;
      std::optional<int64_t> S = sym::evaluate(Ctx, *R->GuardSlope[G], Values);
      int64_t Scaled;
      if (!S || __builtin_mul_overflow(*S, Run.Stride, &Scaled))
        return std::nullopt;
      GuardSlope[G] = *S;
      if (Scaled)
        GuardStep[G] = Scaled;
    }
    // The visits of a run repeat their costs with the start's place in the
    // period.
    const int64_t Repeat = Period / std::gcd(floorMod(Step, Period), Period);
    for (uint64_t Warp = 0; Warp < Warps; ++Warp) {
      // Every visit of the warp follows from one, at a reference value of
      // the axis: since, each lane has moved by its own number of trips (a
      // split loop) or by the axis's (a loop), the address by Slope bytes a
      // trip and each guard by its own slope.
      const int64_t RefCounter = R->Split ? 0 : Run.First;
      Values.set(Run.Atom, RefCounter);
      const std::optional<int64_t> RefBase = uniformBase();
      GuardMasks RefMasks;
      RunStart = freshVisit(int64_t(Warp), RefMasks);
      RunStartGuardValues = RunGuardValues;
      WarpLanes &W = RunStart;
      const std::vector<std::optional<int64_t>> RefAddress = W.Address;
      // Each lane's trip count, its trip at the reference, and where it
      // leaves the split loop (from there on it idles).
      std::optional<int64_t> Counts[WarpSize];
      int64_t RefTrip[WarpSize] = {};
      int64_t LaneEnd[WarpSize];
      std::fill(std::begin(LaneEnd), std::end(LaneEnd), Count);
      if (R->Split) {
        sym::evaluateAtPoints(Ctx, R->Split->TripCount, Values,
                              pointsOf(int64_t(Warp)), Counts);
        for (unsigned Lane = 0; Lane < W.Lanes; ++Lane) {
          if (!Counts[Lane])
            continue; // a trip count not known here: the lanes in step
          RefTrip[Lane] =
              unrolledTrip(*R->Split, RefCounter, *Counts[Lane]).value_or(0);
          int64_t End = unrolledRun(*R->Split, *Counts[Lane]).End;
          // The first value of the axis at or past End.
          int64_t K = End <= Run.First
                          ? 0
                          : (End - Run.First + Run.Stride - 1) / Run.Stride;
          LaneEnd[Lane] = std::min(K, Count);
        }
      }
      // The lanes, the guards' values and the uniform part at the K-th
      // value of the axis, into W, RunGuardValues and Base.
      std::optional<int64_t> Base;
      auto Place = [&](int64_t K) {
        const int64_t Counter = Run.First + K * Run.Stride;
        // Wraps as evaluate() does.
        auto Moved = [](int64_t V, int64_t Trips, int64_t PerTrip) {
          return int64_t(uint64_t(V) + uint64_t(Trips) * uint64_t(PerTrip));
        };
        auto MoveGuards = [&](unsigned Lane, int64_t Trips) {
          for (size_t G = 0; G < NumGuards; ++G) {
            const std::optional<int64_t> &V = RunStartGuardValues[G][Lane];
            RunGuardValues[G][Lane] =
                V && GuardSlope[G] ? Moved(*V, Trips, GuardSlope[G]) : V;
          }
        };
        if (!R->Split) {
          Base.reset();
          if (RefBase)
            Base = Moved(*RefBase, Counter - RefCounter, *Slope);
          for (unsigned Lane = 0; Lane < W.Lanes; ++Lane)
            MoveGuards(Lane, Counter - RefCounter);
          return;
        }
        Base = RefBase;
        W.Idle = 0;
        for (unsigned Lane = 0; Lane < W.Lanes; ++Lane) {
          std::optional<int64_t> Trip;
          if (Counts[Lane])
            Trip = unrolledTrip(*R->Split, Counter, *Counts[Lane]);
          else if (Counter >= 0)
            Trip = Counter;
          if (!Trip)
            W.Idle |= uint32_t(1) << Lane;
          const int64_t Trips = Trip.value_or(0) - RefTrip[Lane];
          // An idle lane's address is never priced: unset, it leaves the
          // lanes' shape as the active lanes make it.
          W.Address[Lane].reset();
          if (RefAddress[Lane] && Trip)
            W.Address[Lane] = Moved(*RefAddress[Lane], Trips, *Slope);
          MoveGuards(Lane, Trips);
        }
      };
      // A split loop's pieces of fixed length, one by one.
      for (int64_t K = 0; K < Pieces; ++K) {
        Place(K);
        T.Visits += Repeats;
        costVisit(int64_t(Warp), W, masksOf(W.Lanes, RunGuardValues), Base, T,
                  Repeats);
      }
      uint64_t WarpShape = 0;
      uint32_t ShapeIdle = ~uint32_t(0);
      for (int64_t First = Pieces; First < Count;) {
        if (++Evaluations > MostEvaluations)
          return std::nullopt;
        Place(First);
        const GuardMasks M = masksOf(W.Lanes, RunGuardValues);
        int64_t End = Count;
        for (unsigned Lane = 0; Lane < W.Lanes; ++Lane)
          if (LaneEnd[Lane] > First)
            End = std::min(End, LaneEnd[Lane]);
        for (size_t G = 0; G < NumGuards; ++G) {
          if (!GuardStep[G])
            continue;
          const std::optional<int64_t> *Lanes = RunGuardValues[G].data();
          for (unsigned Lane = 0; Lane < W.Lanes; ++Lane) {
            // A lane's guards no longer matter once it has left; one whose
            // value is not known is counted as holding at every value.
            if (!Lanes[Lane] || LaneEnd[Lane] <= First)
              continue;
            std::optional<int64_t> Flip =
                firstFlip(Access.Guards[G].Op, *Lanes[Lane], *GuardStep[G],
                          LaneEnd[Lane] - First);
            if (!Flip)
              return std::nullopt;
            if (*Flip != INT64_MAX)
              End = std::min(End, First + *Flip);
          }
        }
        // Visit J of the run costs what visit J + Repeat does: the first
        // visit prices the lanes, the others of the first Repeat shift them.
        const int64_t Length = End - First;
        const int64_t Distinct = std::min(Length, Repeat);
        auto TimesOf = [&](int64_t J) {
          return uint64_t((Length - 1 - J) / Repeat + 1) * Repeats;
        };
        // The lanes' shape holds while none leaves (RequestCostCache).
        if (W.Idle != ShapeIdle) {
          WarpShape = 0;
          ShapeIdle = W.Idle;
        }
        T.Visits += TimesOf(0);
        costVisit(int64_t(Warp), W, M, Base, T, TimesOf(0), &WarpShape);
        if (Distinct > 1 && !LastPriced) {
          // Nothing was priced (no lane active, or none addressed): the
          // other visits do the same.
          T.Visits += uint64_t(Length) * Repeats - TimesOf(0);
          costVisit(int64_t(Warp), W, M, Base, T,
                    uint64_t(Length) * Repeats - TimesOf(0));
        }
        for (int64_t J = 1; J < Distinct && LastPriced; ++J) {
          const uint64_t Times = TimesOf(J);
          T.Visits += Times;
          T.Warps += Times;
          count(costOf(int64_t(Warp), W, LastPriced->Mask, Base,
                       LastPriced->Cacheable, VisitAddresses, *LastPriced->Rows,
                       int64_t(uint64_t(J) * uint64_t(Step)), &WarpShape),
                T, Times);
        }
        First = End;
      }
    }
  }
  return T;
}

void LaunchWalker::placeEdgeBlock(bool LastBlock) {
  for (const VaryingAxis &V : Varying)
    Values.set(V.Atom, firstTrip(V) + (LastBlock && Ctx.atom(V.Atom).Kind ==
                                                        AtomKind::BlockIdx
                                           ? (V.Count - 1) * V.Stride
                                           : 0));
}

std::optional<bool> LaunchWalker::anyLaneAtTrip(const VaryingAxis &Axis,
                                                int64_t Trip) {
  std::vector<size_t> LoopGuards;
  for (size_t G = 0; G < Access.Guards.size(); ++G) {
    std::vector<AtomId> Leaves;
    Ctx.collectLeafAtoms(Access.Guards[G].Diff, Leaves);
    if (llvm::is_contained(Leaves, Axis.Atom))
      LoopGuards.push_back(G);
  }
  for (bool LastBlock : {false, true}) {
    placeEdgeBlock(LastBlock);
    Values.set(Axis.Atom, Trip);
    const LoopLowering *Split = loweringCountedBy(Axis.Atom);
    if (Access.Lowerings.empty()) {
      // The lanes of a warp at once, in the order the loop below takes them.
      std::vector<LaneValues> Guards(LoopGuards.size());
      for (int64_t Warp = 0; Warp < warpsPerBlock(); ++Warp) {
        const sym::ThreadPoints &At = pointsOf(Warp);
        for (size_t I = 0; I < LoopGuards.size(); ++I)
          sym::evaluateAtPoints(Ctx, Access.Guards[LoopGuards[I]].Diff, Values,
                                At, Guards[I].data());
        for (unsigned Lane = 0; Lane < At.Count; ++Lane) {
          bool InLoop = true;
          for (size_t I = 0; I < LoopGuards.size(); ++I) {
            if (!Guards[I][Lane])
              return std::nullopt;
            InLoop &= holds(Access.Guards[LoopGuards[I]].Op, *Guards[I][Lane]);
          }
          if (InLoop)
            return true;
        }
      }
      continue;
    }
    for (int64_t Warp = 0; Warp < warpsPerBlock(); ++Warp)
      for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
        Dim3 Tid;
        if (!placeLane(Ctx, Launch.Block, Warp, Lane, Values, Tid))
          break;
        placeTrips();
        if (Split) {
          // The counter of a split loop: whether the lane is still in its
          // unrolled loop (the guards read the lane's trip, not the
          // counter).
          std::optional<int64_t> Count =
              sym::evaluate(Ctx, Split->TripCount, Values);
          if (!Count)
            return std::nullopt;
          if (unrolledTrip(*Split, Trip, *Count))
            return true;
          continue;
        }
        bool InLoop = true;
        for (size_t G : LoopGuards) {
          std::optional<int64_t> V =
              sym::evaluate(Ctx, Access.Guards[G].Diff, Values);
          if (!V)
            return std::nullopt;
          InLoop &= holds(Access.Guards[G].Op, *V);
        }
        if (InLoop)
          return true;
      }
  }
  return false;
}

std::optional<int64_t> LaunchWalker::splitLoopEnd(const LoopLowering &L) {
  int64_t End = 0;
  for (bool LastBlock : {false, true}) {
    placeEdgeBlock(LastBlock);
    for (int64_t Warp = 0; Warp < warpsPerBlock(); ++Warp) {
      const sym::ThreadPoints &At = pointsOf(Warp);
      std::optional<int64_t> Trips[WarpSize];
      sym::evaluateAtPoints(Ctx, L.TripCount, Values, At, Trips);
      for (unsigned Lane = 0; Lane < At.Count; ++Lane) {
        if (!Trips[Lane])
          return std::nullopt;
        End = std::max(End, unrolledRun(L, *Trips[Lane]).End);
      }
    }
  }
  return End;
}

void LaunchWalker::stretchLoopAxes() {
  for (VaryingAxis &Axis : Varying) {
    const sym::Atom &At = Ctx.atom(Axis.Atom);
    if (At.Kind != AtomKind::LoopIteration)
      continue;
    // Pieces of fixed length before the loop's own trips (nvcc's unrolled
    // loops) are iterations First .. -1: each is visited, and the end is
    // looked for from trip 0 on, where lanes leave one by one.
    const int64_t Pieces = -At.FirstIteration;
    Axis.First = At.FirstIteration;
    Axis.Count = Pieces + limits::LoopIterationsSimulated;
    Axis.Stride = 1;
    Axis.Span = 0;
    // A split loop's counter ends where its last lane leaves the unrolled
    // loop: read off each lane's trip count instead of searched for (the
    // search below gives the same).
    if (const LoopLowering *Split = loweringCountedBy(Axis.Atom);
        Split && Pieces) {
      if (std::optional<int64_t> End = splitLoopEnd(*Split)) {
        Axis.CountsRequests = *End <= limits::MaxLoopTripsAveraged;
        Axis.Count =
            Pieces + std::clamp<int64_t>(*End, 1, limits::MaxLoopTripsAveraged);
      }
      continue;
    }
    // The first trip at which no lane is left, to within a factor of two.
    int64_t Trips = limits::LoopIterationsSimulated;
    std::optional<bool> Left;
    while ((Left = anyLaneAtTrip(Axis, Trips)) && *Left &&
           Trips < limits::MaxLoopTripsAveraged)
      Trips *= 2;
    // Trips past the end have no lane and issue nothing: the visits stand
    // for every trip where the end was found.
    Axis.CountsRequests = Left && !*Left;
    if (Axis.CountsRequests) {
      // The end itself, so that no visit is spent past it (and a sample of
      // the visits does not blur the count per launch).
      int64_t Low = Trips == limits::LoopIterationsSimulated ? 0 : Trips / 2;
      while (Trips - Low > 1) {
        int64_t Mid = Low + (Trips - Low) / 2;
        std::optional<bool> Any = anyLaneAtTrip(Axis, Mid);
        if (!Any)
          break;
        (*Any ? Low : Trips) = Mid;
      }
      if (Trips <= limits::LoopIterationsSimulated) {
        Axis.Count = Pieces + std::max<int64_t>(Pieces ? 0 : 1, Trips);
        continue;
      }
    }
    if (!Left || Trips == limits::LoopIterationsSimulated)
      continue;
    // With pieces, every trip is a value of the axis: the warp sample
    // weighs each the same, as it must (a sample of trips would stand for
    // many trips each and leave the pieces out).
    if (Trips <= limits::LoopTripsVisited || Pieces) {
      Axis.Count = Pieces + Trips;
      continue;
    }
    // A sample of the trips, 1 apart modulo 32 so that the alignments the
    // first LoopIterationsSimulated trips take are taken again.
    Axis.Stride = 32 * ((Trips + 32 * limits::LoopTripsVisited - 1) /
                        (32 * limits::LoopTripsVisited)) +
                  1;
    // Each sample stands for the Stride trips around it, not the ones after
    // it: the first trips may differ from the rest.
    Axis.First = Axis.Stride / 2;
    Axis.Count = (Trips - Axis.First + Axis.Stride - 1) / Axis.Stride;
    if (Axis.CountsRequests)
      Axis.Span = Trips;
  }
}

bool LaunchWalker::inertAxis(const VaryingAxis &V) {
  // A loop's trip that moves the address by whole periods (a row of a
  // matrix whose rows are multiples of 128 bytes), placing no lane, under
  // guards that hold at each of its values whatever the lane: every value
  // of it costs what the first does.
  const AtomId A = V.Atom;
  if (Ctx.atom(A).Kind != AtomKind::LoopIteration ||
      llvm::is_contained(LoweredTrips, A))
    return false;
  for (const LoopLowering &L : Access.Lowerings) {
    std::vector<AtomId> Reads;
    Ctx.collectLeafAtoms(L.TripCount, Reads);
    if (llvm::is_contained(Reads, A))
      return false;
  }
  std::optional<sym::Poly> Step = stepIn(Access.ByteOffset, A);
  std::optional<int64_t> Bytes = Step ? Step->asConstant() : std::nullopt;
  if (!Bytes || floorMod(*Bytes, Model.periodBytes()) != 0)
    return false;
  for (const Guard &G : Access.Guards) {
    std::vector<AtomId> Leaves;
    Ctx.collectLeafAtoms(G.Diff, Leaves);
    if (!llvm::is_contained(Leaves, A))
      continue;
    if (!stepIn(G.Diff, A))
      return false;
    // Linear in the trip alone: it holds at every value where it holds at
    // both ends.
    for (AtomId L : Leaves) {
      const sym::Atom &At = Ctx.atom(L);
      if (L != A && (At.ReadsThreadIdx || At.LaneVarying ||
                     axisOf(L).has_value() || !Values.get(L)))
        return false;
    }
    // (countRuns sets the trip again for each group.)
    for (int64_t K : {int64_t(0), std::max<int64_t>(1, V.Count) - 1}) {
      Values.set(A, V.First + K * V.Stride);
      std::optional<int64_t> D = sym::evaluate(Ctx, G.Diff, Values);
      if (!D || !holds(G.Op, *D))
        return false;
    }
  }
  return true;
}

bool LaunchWalker::lanesLeaveApart(AtomId Trip) const {
  return llvm::any_of(Access.Guards, [&](const Guard &G) {
    std::vector<AtomId> Leaves;
    Ctx.collectLeafAtoms(G.Diff, Leaves);
    return llvm::is_contained(Leaves, Trip) &&
           llvm::any_of(Leaves, [&](AtomId L) {
             return Ctx.atom(L).ReadsThreadIdx || Ctx.atom(L).LaneVarying;
           });
  });
}

CostTotals LaunchWalker::walk(uint64_t WarpBudget) {
  CostTotals T;
  // The lanes' relative addresses may read the unknowns, which change
  // between calls.
  resetCaches();
  stretchLoopAxes();
  std::vector<int64_t> Radix = radix();
  double Total = launchVisits();

  auto Visit = [&](uint64_t Index) {
    ++T.Visits;
    simulateWarp(placeVisit(Index, Radix), T);
  };

  Counted = false;
  if (CountingAllowed) {
    auto Count = [&](const std::vector<int64_t> &Radix) {
      std::optional<CostTotals> ByCounting = countEveryVisit(Radix);
      if (!ByCounting)
        ByCounting = countRuns(Radix, WarpBudget);
      return ByCounting;
    };
    // Counting costs what the runs cost, not what the trips do: a loop whose
    // lanes leave at trips of their own (a guard reads its trip and the
    // thread index) is counted over every trip rather than the sample of
    // stretchLoopAxes, whose trips each stand for those around them and
    // blur the last ones, where lanes leave one by one (PolyBench CORR's
    // `data[i*M + j2]`: 4.7593 sampled, 4.7324 counted and measured on an
    // H200). The other loops keep their sample: their lanes are in step.
    const std::vector<VaryingAxis> Sampled = Varying;
    bool Whole = false;
    for (VaryingAxis &V : Varying)
      if (V.Sampled() && lanesLeaveApart(V.Atom)) {
        V = VaryingAxis{V.Atom, V.Span};
        Whole = true;
      }
    if (Whole) {
      if (std::optional<CostTotals> ByCounting = Count(radix())) {
        Counted = true;
        return *ByCounting;
      }
      Varying = Sampled;
    }
    if (std::optional<CostTotals> ByCounting = Count(Radix)) {
      Counted = true;
      return *ByCounting;
    }
  }
  if (Total <= double(WarpBudget)) {
    for (uint64_t I = 0; I < uint64_t(Total); ++I)
      Visit(I);
    return T;
  }
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
  const size_t Axes = Radix.size() - 1;
  double Phi = 2;
  for (int Step = 0; Axes && Step < 32; ++Step)
    Phi -= (std::pow(Phi, double(Axes + 1)) - Phi - 1) /
           (double(Axes + 1) * std::pow(Phi, double(Axes)) - 1);
  std::vector<double> Alpha(Radix.size(), 0);
  for (size_t R = 1; R < Radix.size(); ++R)
    Alpha[R] = std::pow(1 / Phi, double(R));
  auto Coordinate = [&](uint64_t J, size_t Axis) {
    double At = 0.5 + double(J + 1) * Alpha[Axis];
    return std::min(uint64_t((At - std::floor(At)) * double(Radix[Axis])),
                    uint64_t(Radix[Axis] - 1));
  };
  uint64_t Warps = uint64_t(Radix[0]);
  uint64_t Groups = uint64_t(Total) / Warps;
  for (uint64_t W = 0; W < Warps; ++W) {
    Visit(W);
    Visit((Groups - 1) * Warps + W);
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
      Group += Coordinate(I / Warps, R) * Scale;
      Scale *= uint64_t(Radix[R]);
    }
    CostTotals Before = T;
    Visit(Group * Warps + I % Warps);
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

bool LaunchWalker::movesWholePeriods(AtomId U) const {
  std::vector<AtomId> Leaves;
  for (const Guard &G : Access.Guards)
    Ctx.collectLeafAtoms(G.Diff, Leaves);
  if (std::find(Leaves.begin(), Leaves.end(), U) != Leaves.end())
    return false;
  for (const sym::Term &T : Access.ByteOffset.terms()) {
    bool HasU = false, LaneVarying = false;
    int64_t Factor = T.Coeff;
    for (AtomId A : T.Atoms) {
      if (Ctx.atom(A).Kind == AtomKind::Op) {
        const std::vector<AtomId> &OpLeaves = Ctx.atom(A).Leaves;
        if (std::find(OpLeaves.begin(), OpLeaves.end(), U) != OpLeaves.end())
          return false;
      }
      HasU |= A == U;
      LaneVarying |= Ctx.isLaneVarying(A);
      if (auto V = Values.get(A))
        Factor *= *V;
    }
    // Atoms without a value here (blockIdx, loop trips, other unknowns) are
    // integers, so the term moves by multiples of Factor.
    if (HasU && (LaneVarying || Factor % Model.periodBytes() != 0))
      return false;
  }
  return true;
}

std::pair<std::optional<int64_t>, std::optional<int64_t>>
LaunchWalker::firstTwoLanes() {
  for (const VaryingAxis &V : Varying)
    Values.set(V.Atom, firstTrip(V));
  // Where the lanes start, as the source has them: at the same trip.
  for (AtomId Trip : LoweredTrips)
    Values.set(Trip, 0);
  std::optional<int64_t> Lane[2];
  for (unsigned L = 0; L < 2; ++L) {
    Dim3 Tid;
    if (!placeLane(Ctx, Launch.Block, 0, L, Values, Tid))
      continue;
    if (!Scattered)
      Lane[L] = sym::evaluate(Ctx, Access.ByteOffset, Values);
  }
  return {Lane[0], Lane[1]};
}

std::optional<WarpSnapshot> LaunchWalker::firstActiveWarp() {
  resetCaches();
  stretchLoopAxes();
  std::vector<int64_t> Radix = radix();
  uint64_t Budget =
      uint64_t(std::min(launchVisits(), double(limits::WarpVisitBudget)));
  for (uint64_t I = 0; I < Budget; ++I) {
    int64_t Warp = placeVisit(I, Radix);
    const WarpLanes &Lanes = lanesOf(Warp);
    fillLanes(Lanes, masksOfGuards(GuardParts.size(), Warp, Lanes.Lanes),
              uniformBase());
    if (std::none_of(LaneBuf.begin(), LaneBuf.end(),
                     [](const LaneEval &L) { return L.Active; }))
      continue;
    WarpSnapshot W;
    W.Warp = Warp;
    for (const VaryingAxis &V : Varying)
      W.Setting.push_back({Ctx.str(V.Atom), *Values.get(V.Atom)});
    for (AtomId U : Unknowns)
      W.Setting.push_back({Ctx.str(U), *Values.get(U)});
    W.WidthBytes = Access.WidthBytes;
    W.ChunkBytes = Access.ChunkBytes;
    for (const LaneEval &L : LaneBuf)
      W.Lanes.push_back({L.Active, L.Offset});
    return W;
  }
  return std::nullopt;
}

} // namespace model
} // namespace cudacoalesce
