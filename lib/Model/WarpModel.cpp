//===- Model/WarpModel.cpp - One warp's view of a global access ----------===//
#include "cuda-coalesce/Model/WarpModel.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <tuple>

namespace cudacoalesce {
namespace model {

using sym::AtomId;
using sym::AtomKind;

const char *patternName(Pattern P) {
  switch (P) {
  case Pattern::Coalesced:
    return "coalesced";
  case Pattern::Misaligned:
    return "misaligned";
  case Pattern::Strided:
    return "strided";
  case Pattern::Scattered:
    return "scattered";
  case Pattern::Uniform:
    return "uniform";
  case Pattern::Unknown:
    return "unknown";
  }
  return "unknown";
}

static int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  return (A % B != 0 && (A < 0) != (B < 0)) ? Q - 1 : Q;
}

static int64_t floorMod(int64_t A, int64_t B) { return A - floorDiv(A, B) * B; }

static unsigned countDistinct(std::vector<int64_t> &V) {
  std::sort(V.begin(), V.end());
  return std::unique(V.begin(), V.end()) - V.begin();
}

RequestCost costOfRequest(const std::vector<int64_t> &LaneAddresses,
                          unsigned ChunkBytes) {
  RequestCost C;
  if (LaneAddresses.empty() || ChunkBytes == 0)
    return C;
  std::vector<int64_t> Sectors, Segments;
  std::vector<std::pair<int64_t, int64_t>> Ranges;
  for (int64_t A : LaneAddresses) {
    int64_t End = A + ChunkBytes; // one past the last byte
    for (int64_t S = floorDiv(A, SectorBytes);
         S <= floorDiv(End - 1, SectorBytes); ++S)
      Sectors.push_back(S);
    for (int64_t S = floorDiv(A, SegmentBytes);
         S <= floorDiv(End - 1, SegmentBytes); ++S)
      Segments.push_back(S);
    Ranges.push_back({A, End});
  }
  C.Sectors = countDistinct(Sectors);
  C.Segments = countDistinct(Segments);

  // Merge the lanes' byte ranges into maximal contiguous runs.
  std::sort(Ranges.begin(), Ranges.end());
  int64_t UniqueBytes = 0;
  auto CloseRun = [&](int64_t Begin, int64_t End) {
    UniqueBytes += End - Begin;
    C.AlignedSectors += (End - Begin + SectorBytes - 1) / SectorBytes;
  };
  int64_t RunBegin = Ranges[0].first, RunEnd = Ranges[0].second;
  for (size_t I = 1; I < Ranges.size(); ++I) {
    if (Ranges[I].first <= RunEnd) {
      RunEnd = std::max(RunEnd, Ranges[I].second);
      continue;
    }
    CloseRun(RunBegin, RunEnd);
    RunBegin = Ranges[I].first;
    RunEnd = Ranges[I].second;
  }
  CloseRun(RunBegin, RunEnd);
  C.IdealSectors = (UniqueBytes + SectorBytes - 1) / SectorBytes;
  return C;
}

bool laneToThread(const Dim3 &Block, int64_t Warp, unsigned Lane, Dim3 &Tid) {
  int64_t Linear = Warp * WarpSize + Lane;
  if (Linear >= Block.volume())
    return false;
  Tid.X = Linear % Block.X;
  Tid.Y = (Linear / Block.X) % Block.Y;
  Tid.Z = Linear / (Block.X * Block.Y);
  return true;
}

namespace {

/// A deterministic generator, so the same input always gives the same output.
class Lcg {
public:
  explicit Lcg(uint64_t Seed) : State(Seed) {}
  uint64_t next() {
    State = State * 6364136223846793005ULL + 1442695040888963407ULL;
    return State >> 33;
  }
  int64_t below(int64_t N) {
    return N <= 1 ? 0 : int64_t(next() % uint64_t(N));
  }

private:
  uint64_t State;
};

/// An atom that takes many values over one launch (the block index, a loop
/// iteration) and is averaged over, as Nsight Compute averages over warps.
struct VaryingAxis {
  AtomId Atom;
  int64_t Count; // values 0 .. Count-1
};

/// Totals over the warps simulated for one assignment of the unknowns.
struct SampleTotals {
  double Sectors = 0, Segments = 0, Ideal = 0;
  uint64_t Requests = 0;
  double Min = 1e300, Max = 0;
  bool AllUniform = true, AllDense = true;
  uint64_t Warps = 0;
  uint64_t IrregularWarps = 0; // lanes of a row not evenly spaced

  double avgSectors() const { return Requests ? Sectors / Requests : 0; }
  double avgIdeal() const { return Requests ? Ideal / Requests : 0; }
  double avgSegments() const { return Requests ? Segments / Requests : 0; }
  Pattern pattern(bool Scattered) const {
    if (Requests == 0)
      return Pattern::Unknown;
    if (Scattered)
      return Pattern::Scattered;
    if (AllUniform)
      return Pattern::Uniform;
    if (Sectors <= Ideal + 1e-9)
      return Pattern::Coalesced;
    // A hash or a permutation computed from the thread index: the count is
    // exact, but no stride describes it.
    if (IrregularWarps * 2 > Warps)
      return Pattern::Scattered;
    return AllDense ? Pattern::Misaligned : Pattern::Strided;
  }
};

/// Unknown values are tried over 32..95: every residue that matters for
/// 32-byte sectors and a realistic magnitude for sizes and strides. The
/// first, a multiple of 32, is the aligned case that counts are given for.
constexpr int64_t FirstTried = 32, ValuesTried = 64;
constexpr uint64_t TotalWarpBudget = 16384;

/// Sampled warps never number fewer than this, however steady their cost.
constexpr uint64_t MinSampledVisits = 1024;

/// The precision of a per-request average (sectors, segments, ideal
/// sectors) over sampled warps: a ratio of two sums, whose standard error is
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
  bool precise() const {
    if (N < 2 || R <= 0)
      return false;
    double Ratio = Sum / R;
    double Residuals = std::max(0.0, XX - 2 * Ratio * XR + Ratio * Ratio * RR);
    double StdError = std::sqrt(Residuals / (N * (N - 1))) / (R / N);
    return StdError <= 0.0005 * Ratio;
  }

private:
  double N = 0, Sum = 0, R = 0, XX = 0, RR = 0, XR = 0;
};

/// One lane of the warp being simulated.
struct LaneEval {
  std::pair<int64_t, int64_t> Row; // (threadIdx.y, threadIdx.z)
  bool Reaches = false, Active = false;
  std::optional<int64_t> Offset; // active lanes with a computable address
};

class Simulator {
public:
  Simulator(const sym::Context &Ctx, const AccessShape &Access,
            const LaunchShape &Launch)
      : Ctx(Ctx), Access(Access), Launch(Launch), Values(Ctx.size()) {}

  Prediction run();
  std::optional<WarpSnapshot> firstActiveWarp();

private:
  void classifyAtoms();
  bool movesWholeSegments(AtomId U) const;
  SampleTotals simulate(uint64_t WarpBudget);
  void simulateWarp(int64_t Warp, SampleTotals &T);
  /// Extents of the mixed-radix enumeration of the launch: warps of a block,
  /// then each varying axis.
  std::vector<int64_t> radix() const;
  /// Sets the varying axes for visit \p Index; returns the warp in the block.
  int64_t placeVisit(uint64_t Index, const std::vector<int64_t> &Radix);
  /// The thread-independent parts of the address and of each guard under
  /// the current values, evaluated once per warp visit.
  struct UniformParts {
    std::optional<int64_t> Base; // nullopt for a gather or an unknown value
    std::vector<std::optional<int64_t>> Guards;
  };
  UniformParts uniformParts();
  /// Guards and addresses of every thread of warp \p Warp, into LaneBuf.
  void evaluateLanes(int64_t Warp, const UniformParts &U);
  int64_t warpsPerBlock() const;
  /// Empties the per-block caches: the values they were computed under
  /// change.
  void resetCaches();
  /// Whether the lane reaches the access (non-predicated guards hold) and
  /// whether it is active there (every guard holds), from each guard's value
  /// in the lane (nullopt: unknown, counted as holding).
  std::pair<bool, bool>
  laneState(const std::vector<std::optional<int64_t>> &GuardValues);

  /// A polynomial split into the terms that do not depend on the thread
  /// index (evaluated once per warp) and those that do (once per lane).
  /// Their wrapping sum is the polynomial's value, bit for bit.
  struct SplitPoly {
    sym::Poly Uniform, Lane;
    /// The lane part reads no block index or loop iteration: within one
    /// simulate() it depends only on the lane's place in the block.
    bool LaneFixedPerBlock = true;
  };
  SplitPoly split(const sym::Poly &P) const;
  void prepareSplits();
  /// One warp of the block, as far as it does not depend on the visit.
  struct WarpLanes {
    unsigned Lanes = 0; // lanes that exist (the last warp may be partial)
    std::vector<std::pair<int64_t, int64_t>> Rows;          // (threadIdx.y, .z)
    std::vector<std::optional<int64_t>> Address;            // lane part
    std::vector<std::vector<std::optional<int64_t>>> Guard; // [guard][lane]
    /// Per guard, the range of its lane part over the lanes, when every
    /// lane's is known: enough to tell that a guard holds in every lane.
    std::vector<std::optional<std::pair<int64_t, int64_t>>> GuardRange;
    bool AllAddressesKnown = true;
  };
  const WarpLanes &lanesOf(int64_t Warp);
  /// Request costs of one warp visit, which depend only on the lanes'
  /// addresses relative to each other and on where in a 128-byte segment
  /// they start: reused across visits that agree on those.
  struct WarpCost {
    std::vector<RequestCost> Chunks;
    bool EvenlySpaced = true, Broadcast = true;
  };
  /// The common case, a warp whose lanes all pass every guard, without
  /// visiting its lanes one by one; false when it is not that case.
  bool simulateWholeWarp(int64_t Warp, const UniformParts &U, SampleTotals &T);
  /// The costs of a warp whose active lanes are at \p Addresses.
  const WarpCost &costOf(int64_t Warp, uint32_t ActiveMask,
                         std::optional<int64_t> Base, bool Cacheable,
                         const std::vector<int64_t> &Addresses,
                         const std::vector<std::pair<int64_t, int64_t>> &Rows);
  /// Adds a warp with active lanes and these costs to \p T.
  void count(const WarpCost &Cost, SampleTotals &T) const;
  static void countRequest(const RequestCost &Cost, SampleTotals &T);
  WarpCost Uncached;

  const sym::Context &Ctx;
  const AccessShape &Access;
  const LaunchShape &Launch;
  sym::Env Values;
  SplitPoly Offset;
  std::vector<SplitPoly> GuardParts;
  std::vector<std::optional<WarpLanes>> LaneCache; // by warp of the block
  std::map<std::tuple<int64_t, uint32_t, int64_t>, WarpCost> CostCache;
  std::vector<LaneEval> LaneBuf; // reused: simulateWarp is the hot loop
  bool Scattered = false;
  bool GuardUnknown = false;
  /// Per-lane values in the address that the frontend did not follow.
  std::vector<AtomId> Unfollowed;
  std::vector<VaryingAxis> Varying;
  std::vector<AtomId> Unknowns;
  std::vector<std::string> Notes;
};

void Simulator::classifyAtoms() {
  Scattered = Ctx.dependsOnLaneData(Access.ByteOffset);
  std::vector<AtomId> Leaves;
  Ctx.collectLeafAtoms(Access.ByteOffset, Leaves);
  // Values only guards read are not tried out: a guard on a value we do not
  // know counts its lanes as active (stated), rather than as never taken.
  size_t AddressLeaves = Leaves.size();
  for (const Guard &G : Access.Guards)
    Ctx.collectLeafAtoms(G.Diff, Leaves);

  bool GridAssumed = false;
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
        Varying.push_back({A, 64});
        GridAssumed = true;
      }
      break;
    case AtomKind::LoopIteration:
      Varying.push_back({A, 16});
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
      if (At.Varies == sym::Variation::Uniform && InAddress)
        Unknowns.push_back(A);
      if (At.Varies == sym::Variation::LaneComputed && InAddress &&
          !Scattered &&
          std::find(Unfollowed.begin(), Unfollowed.end(), A) ==
              Unfollowed.end())
        Unfollowed.push_back(A);
      break;
    case AtomKind::Op:
      break; // leaves only
    }
  }
  if (GridAssumed)
    Notes.push_back("grid size unknown: averaged over blockIdx 0..63");
}

std::pair<bool, bool>
Simulator::laneState(const std::vector<std::optional<int64_t>> &GuardValues) {
  bool Reaches = true, Active = true;
  for (size_t I = 0; I < Access.Guards.size(); ++I) {
    const Guard &G = Access.Guards[I];
    const std::optional<int64_t> &V = GuardValues[I];
    if (!V) {
      GuardUnknown = true;
      continue;
    }
    bool Holds = false;
    switch (G.Op) {
    case Cmp::LT:
      Holds = *V < 0;
      break;
    case Cmp::LE:
      Holds = *V <= 0;
      break;
    case Cmp::GT:
      Holds = *V > 0;
      break;
    case Cmp::GE:
      Holds = *V >= 0;
      break;
    case Cmp::EQ:
      Holds = *V == 0;
      break;
    case Cmp::NE:
      Holds = *V != 0;
      break;
    }
    if (!Holds) {
      Active = false;
      if (!G.Predicated)
        Reaches = false;
    }
  }
  return {Reaches, Active};
}

/// The index of \p Row among \p Seen, appending it when new. A warp has at
/// most 32 rows, so a linear search beats any map.
static size_t rowSlot(std::vector<std::pair<int64_t, int64_t>> &Seen,
                      const std::pair<int64_t, int64_t> &Row) {
  for (size_t I = 0; I < Seen.size(); ++I)
    if (Seen[I] == Row)
      return I;
  Seen.push_back(Row);
  return Seen.size() - 1;
}

/// Whether every row of the warp (lanes with the same threadIdx.y and .z)
/// reads a single address: a broadcast per row, as A[row*N + k] is in a
/// matrix product whose warp spans two rows of a 16x16 block.
static bool
broadcastPerRow(const std::vector<int64_t> &Addresses,
                const std::vector<std::pair<int64_t, int64_t>> &Rows) {
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

/// Whether consecutive lanes of each warp row are evenly spaced.
static bool
evenlySpacedPerRow(const std::vector<int64_t> &Addresses,
                   const std::vector<std::pair<int64_t, int64_t>> &Rows) {
  std::vector<std::pair<int64_t, int64_t>> Seen;
  std::vector<std::pair<int64_t, std::optional<int64_t>>> Last; // addr, step
  for (size_t I = 0; I < Addresses.size(); ++I) {
    size_t Slot = rowSlot(Seen, Rows[I]);
    if (Slot == Last.size()) {
      Last.push_back({Addresses[I], std::nullopt});
      continue;
    }
    int64_t Step = Addresses[I] - Last[Slot].first;
    if (Last[Slot].second && *Last[Slot].second != Step)
      return false;
    Last[Slot] = {Addresses[I], Step};
  }
  return true;
}

/// Whether a leaf of atom \p A is a thread index.
static bool readsThreadIdx(const sym::Context &Ctx, AtomId A) {
  std::vector<AtomId> Leaves;
  Ctx.collectLeafAtoms(sym::Poly::atom(A), Leaves);
  for (AtomId L : Leaves)
    if (Ctx.atom(L).Kind == AtomKind::ThreadIdx)
      return true;
  return false;
}

Simulator::SplitPoly Simulator::split(const sym::Poly &P) const {
  auto IsLaneTerm = [&](const sym::Term &T) {
    for (AtomId A : T.Atoms)
      if (readsThreadIdx(Ctx, A))
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
  for (AtomId L : Leaves)
    for (const VaryingAxis &V : Varying)
      S.LaneFixedPerBlock &= L != V.Atom;
  return S;
}

void Simulator::prepareSplits() {
  Offset = split(Access.ByteOffset);
  GuardParts.clear();
  for (const Guard &G : Access.Guards)
    GuardParts.push_back(split(G.Diff));
}

static std::optional<int64_t> sum(const std::optional<int64_t> &A,
                                  const std::optional<int64_t> &B) {
  if (!A || !B)
    return std::nullopt;
  return int64_t(uint64_t(*A) + uint64_t(*B)); // wraps as evaluate() does
}

const Simulator::WarpLanes &Simulator::lanesOf(int64_t Warp) {
  std::optional<WarpLanes> &Cached = LaneCache[Warp];
  bool Fixed = Offset.LaneFixedPerBlock;
  for (const SplitPoly &G : GuardParts)
    Fixed &= G.LaneFixedPerBlock;
  if (Cached && Fixed)
    return *Cached;
  WarpLanes W;
  W.Guard.resize(GuardParts.size());
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    Dim3 Tid;
    if (!laneToThread(Launch.Block, Warp, Lane, Tid))
      break;
    ++W.Lanes;
    for (unsigned D = 0; D < 3; ++D)
      Values.set(Ctx.threadIdx(D), Tid[D]);
    W.Rows.push_back({Tid.Y, Tid.Z});
    W.Address.push_back(Scattered ? std::nullopt
                                  : sym::evaluate(Ctx, Offset.Lane, Values));
    for (size_t G = 0; G < GuardParts.size(); ++G)
      W.Guard[G].push_back(sym::evaluate(Ctx, GuardParts[G].Lane, Values));
    W.AllAddressesKnown &= W.Address.back().has_value();
  }
  for (const std::vector<std::optional<int64_t>> &Lanes : W.Guard) {
    std::optional<std::pair<int64_t, int64_t>> Range;
    bool Known = true;
    for (const std::optional<int64_t> &V : Lanes) {
      Known &= V.has_value();
      if (!Known)
        break;
      Range = Range ? std::make_pair(std::min(Range->first, *V),
                                     std::max(Range->second, *V))
                    : std::make_pair(*V, *V);
    }
    W.GuardRange.push_back(Known ? Range : std::nullopt);
  }
  Cached = std::move(W);
  return *Cached;
}

Simulator::UniformParts Simulator::uniformParts() {
  UniformParts U;
  if (!Scattered)
    U.Base = sym::evaluate(Ctx, Offset.Uniform, Values);
  for (const SplitPoly &G : GuardParts)
    U.Guards.push_back(sym::evaluate(Ctx, G.Uniform, Values));
  return U;
}

void Simulator::evaluateLanes(int64_t Warp, const UniformParts &U) {
  const WarpLanes &W = lanesOf(Warp);
  std::vector<std::optional<int64_t>> GuardValues(GuardParts.size());
  LaneBuf.clear();
  for (unsigned Lane = 0; Lane < W.Lanes; ++Lane) {
    LaneEval L;
    L.Row = W.Rows[Lane];
    for (size_t G = 0; G < GuardParts.size(); ++G)
      GuardValues[G] = sum(U.Guards[G], W.Guard[G][Lane]);
    std::tie(L.Reaches, L.Active) = laneState(GuardValues);
    // A gather's addresses are the data's: nothing to evaluate.
    if (L.Active && !Scattered)
      L.Offset = sum(U.Base, W.Address[Lane]);
    LaneBuf.push_back(L);
  }
}

void Simulator::simulateWarp(int64_t Warp, SampleTotals &T) {
  UniformParts U = uniformParts();
  if (simulateWholeWarp(Warp, U, T))
    return;
  evaluateLanes(Warp, U);
  std::vector<int64_t> Addresses;
  std::vector<std::pair<int64_t, int64_t>> Rows;
  unsigned Active = 0, Reaching = 0;
  uint32_t ActiveMask = 0;
  bool AllAddressed = true;
  for (unsigned Lane = 0; Lane < LaneBuf.size(); ++Lane) {
    const LaneEval &L = LaneBuf[Lane];
    Reaching += L.Reaches;
    if (!L.Active)
      continue;
    ++Active;
    ActiveMask |= 1u << Lane;
    if (Scattered)
      continue;
    if (L.Offset) {
      Addresses.push_back(*L.Offset);
      Rows.push_back(L.Row);
    } else {
      AllAddressed = false;
    }
  }
  unsigned Chunks = std::max(1u, Access.WidthBytes / Access.ChunkBytes);
  if (Active == 0) {
    if (Reaching == 0)
      return; // the warp branches around the access: no request
    // Predicated off in every lane: executed, but moves nothing.
    ++T.Warps;
    T.Requests += Chunks;
    T.Min = 0;
    return;
  }
  ++T.Warps;

  if (Scattered) {
    // Data-dependent addresses: each lane in a sector and line of its own.
    RequestCost Cost;
    Cost.Sectors =
        Active * ((Access.ChunkBytes + SectorBytes - 1) / SectorBytes);
    Cost.Segments = Active;
    Cost.IdealSectors =
        (Active * Access.ChunkBytes + SectorBytes - 1) / SectorBytes;
    Cost.AlignedSectors = Cost.Sectors;
    for (unsigned C = 0; C < Chunks; ++C)
      countRequest(Cost, T);
    return;
  }
  if (Addresses.empty())
    return;
  count(costOf(Warp, ActiveMask, U.Base, AllAddressed, Addresses, Rows), T);
}

const Simulator::WarpCost &
Simulator::costOf(int64_t Warp, uint32_t ActiveMask,
                  std::optional<int64_t> Base, bool Cacheable,
                  const std::vector<int64_t> &Addresses,
                  const std::vector<std::pair<int64_t, int64_t>> &Rows) {
  auto Compute = [&] {
    WarpCost R;
    R.EvenlySpaced = evenlySpacedPerRow(Addresses, Rows);
    R.Broadcast = broadcastPerRow(Addresses, Rows);
    unsigned Chunks = std::max(1u, Access.WidthBytes / Access.ChunkBytes);
    std::vector<int64_t> Chunk(Addresses.size());
    for (unsigned C = 0; C < Chunks; ++C) {
      for (size_t I = 0; I < Addresses.size(); ++I)
        Chunk[I] = Addresses[I] + int64_t(C) * Access.ChunkBytes;
      R.Chunks.push_back(costOfRequest(Chunk, Access.ChunkBytes));
    }
    return R;
  };
  // Shifting every lane by whole 128-byte segments changes no count: with
  // the lanes' relative addresses fixed by their place in the block, the
  // costs are a function of (warp, active lanes, start within a segment).
  if (!Offset.LaneFixedPerBlock || !Cacheable || !Base) {
    Uncached = Compute();
    return Uncached;
  }
  auto Key = std::make_tuple(Warp, ActiveMask, floorMod(*Base, SegmentBytes));
  auto It = CostCache.find(Key);
  if (It == CostCache.end())
    It = CostCache.emplace(Key, Compute()).first;
  return It->second;
}

void Simulator::count(const WarpCost &Cost, SampleTotals &T) const {
  if (!Cost.EvenlySpaced)
    ++T.IrregularWarps;
  for (const RequestCost &C : Cost.Chunks) {
    T.AllUniform &= Cost.Broadcast;
    T.AllDense &= C.AlignedSectors == C.IdealSectors;
    countRequest(C, T);
  }
}

void Simulator::countRequest(const RequestCost &Cost, SampleTotals &T) {
  T.Sectors += Cost.Sectors;
  T.Segments += Cost.Segments;
  T.Ideal += Cost.IdealSectors;
  ++T.Requests;
  T.Min = std::min<double>(T.Min, Cost.Sectors);
  T.Max = std::max<double>(T.Max, Cost.Sectors);
}

/// Whether `Base + V Op 0` holds for every V in [Low, High]; nullopt when
/// the sums would wrap (then the lanes are checked one by one).
static std::optional<bool> holdsOverRange(Cmp Op, int64_t Base, int64_t Low,
                                          int64_t High) {
  int64_t L, H;
  if (__builtin_add_overflow(Base, Low, &L) ||
      __builtin_add_overflow(Base, High, &H))
    return std::nullopt;
  switch (Op) {
  case Cmp::LT:
    return H < 0;
  case Cmp::LE:
    return H <= 0;
  case Cmp::GT:
    return L > 0;
  case Cmp::GE:
    return L >= 0;
  case Cmp::EQ:
    return L == 0 && H == 0;
  case Cmp::NE:
    return L > 0 || H < 0;
  }
  return std::nullopt;
}

bool Simulator::simulateWholeWarp(int64_t Warp, const UniformParts &U,
                                  SampleTotals &T) {
  if (Scattered || !Offset.LaneFixedPerBlock || !U.Base)
    return false;
  const WarpLanes &W = lanesOf(Warp);
  if (W.Lanes == 0 || !W.AllAddressesKnown)
    return false;
  bool Unknown = false;
  for (size_t G = 0; G < GuardParts.size(); ++G) {
    if (!U.Guards[G]) {
      Unknown = true; // every lane's value is unknown: counted as holding
      continue;
    }
    if (!W.GuardRange[G])
      return false;
    std::optional<bool> All =
        holdsOverRange(Access.Guards[G].Op, *U.Guards[G],
                       W.GuardRange[G]->first, W.GuardRange[G]->second);
    if (!All || !*All)
      return false;
  }
  GuardUnknown |= Unknown;
  ++T.Warps;
  uint32_t ActiveMask =
      W.Lanes == WarpSize ? ~uint32_t(0) : (uint32_t(1) << W.Lanes) - 1;
  std::vector<int64_t> Addresses;
  for (const std::optional<int64_t> &L : W.Address)
    Addresses.push_back(*sum(U.Base, L));
  count(costOf(Warp, ActiveMask, U.Base, true, Addresses, W.Rows), T);
  return true;
}

int64_t Simulator::warpsPerBlock() const {
  return (Launch.Block.volume() + WarpSize - 1) / WarpSize;
}

std::vector<int64_t> Simulator::radix() const {
  std::vector<int64_t> Radix = {warpsPerBlock()};
  for (const VaryingAxis &V : Varying)
    Radix.push_back(std::max<int64_t>(1, V.Count));
  return Radix;
}

int64_t Simulator::placeVisit(uint64_t Index,
                              const std::vector<int64_t> &Radix) {
  int64_t Warp = Index % Radix[0];
  Index /= Radix[0];
  for (size_t I = 0; I < Varying.size(); ++I) {
    Values.set(Varying[I].Atom, int64_t(Index % Radix[I + 1]));
    Index /= Radix[I + 1];
  }
  return Warp;
}

void Simulator::resetCaches() {
  LaneCache.assign(warpsPerBlock(), std::nullopt);
  CostCache.clear();
}

SampleTotals Simulator::simulate(uint64_t WarpBudget) {
  SampleTotals T;
  // The lane parts may read the unknowns, which change between calls.
  resetCaches();
  std::vector<int64_t> Radix = radix();
  double Total = 1;
  for (int64_t R : Radix)
    Total *= double(R);

  auto Visit = [&](uint64_t Index) {
    simulateWarp(placeVisit(Index, Radix), T);
  };

  if (Total <= double(WarpBudget)) {
    for (uint64_t I = 0; I < uint64_t(Total); ++I)
      Visit(I);
    return T;
  }
  // Too many warps to visit all: a deterministic uniform sample, always with
  // the first and the last (a partial last block is where guards bite). It
  // stops early once the average is known far more precisely than the
  // runtime bench can tell apart (0.5%): most accesses cost the same in
  // every warp, and visiting 16384 of them was most of the analysis time.
  Lcg Rng(0x9e3779b97f4a7c15ULL);
  uint64_t N = uint64_t(Total);
  Visit(0);
  Visit(N - 1);
  RatioPrecision Sectors, Segments, Ideal;
  for (uint64_t I = 2; I < WarpBudget; ++I) {
    uint64_t Index = 0, Scale = 1;
    for (int64_t R : Radix) {
      Index += uint64_t(Rng.below(R)) * Scale;
      Scale *= uint64_t(R);
    }
    SampleTotals Before = T;
    Visit(Index);
    double Requests = double(T.Requests - Before.Requests);
    Sectors.add(T.Sectors - Before.Sectors, Requests);
    Segments.add(T.Segments - Before.Segments, Requests);
    Ideal.add(T.Ideal - Before.Ideal, Requests);
    if (I >= MinSampledVisits && I % 256 == 0 && Sectors.precise() &&
        Segments.precise() && Ideal.precise())
      break;
  }
  return T;
}

/// Lanes at consecutive elements, whether or not the first is aligned.
static bool isContiguous(Pattern Kind) {
  return Kind == Pattern::Coalesced || Kind == Pattern::Misaligned;
}

/// The smallest power-of-two modulus m for which "ideal iff V % m == 0"
/// holds over every sample, or 0.
static int64_t divisibilityCondition(const std::vector<int64_t> &Values,
                                     const std::vector<bool> &Ideal) {
  for (int64_t M = 2; M <= 64; M *= 2) {
    bool Holds = true;
    for (size_t I = 0; I < Values.size() && Holds; ++I)
      Holds = (Values[I] % M == 0) == Ideal[I];
    if (Holds)
      return M;
  }
  return 0;
}

} // namespace

std::optional<Dim3> parseBlockShape(const std::string &Text) {
  int64_t V[3] = {1, 1, 1};
  size_t Start = 0;
  for (unsigned D = 0;; ++D) {
    if (D == 3)
      return std::nullopt;
    size_t End = Text.find(',', Start);
    std::string Part = Text.substr(
        Start, End == std::string::npos ? std::string::npos : End - Start);
    size_t First = Part.find_first_not_of(" \t");
    size_t Last = Part.find_last_not_of(" \t");
    if (First == std::string::npos)
      return std::nullopt;
    Part = Part.substr(First, Last - First + 1);
    if (Part.size() > 4 ||
        Part.find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    V[D] = std::stoll(Part);
    if (V[D] <= 0 || V[D] > 1024)
      return std::nullopt;
    if (End == std::string::npos)
      break;
    Start = End + 1;
  }
  Dim3 Shape{V[0], V[1], V[2]};
  if (Shape.volume() > 1024)
    return std::nullopt;
  return Shape;
}

std::string formatCount(double V) {
  std::ostringstream OS;
  OS.precision(4);
  OS << V;
  return OS.str();
}

namespace {

/// Whether the unknown \p U only shifts every lane of a warp by the same
/// multiple of 128 bytes, whatever its value: N_GP = blockDim.x * gridDim.x
/// in (q - 1) * N_GP + tid. The count of sectors and segments cannot depend
/// on it then, so one value stands for all.
bool Simulator::movesWholeSegments(AtomId U) const {
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
        Leaves.clear();
        Ctx.collectLeafAtoms(sym::Poly::atom(A), Leaves);
        if (std::find(Leaves.begin(), Leaves.end(), U) != Leaves.end())
          return false;
      }
      HasU |= A == U;
      LaneVarying |= Ctx.isLaneVarying(A);
      if (auto V = Values.get(A))
        Factor *= *V;
    }
    // Atoms without a value here (blockIdx, loop trips, other unknowns) are
    // integers, so the term moves by multiples of Factor.
    if (HasU && (LaneVarying || Factor % SegmentBytes != 0))
      return false;
  }
  return true;
}

Prediction Simulator::run() {
  Prediction P;
  classifyAtoms();
  prepareSplits();
  P.DependsOnLaneData = Scattered;
  if (!Unfollowed.empty()) {
    // Each lane has its own value and we do not know it: no lane's address
    // can be computed, and unlike a gather nothing says they are random.
    std::string Names;
    for (AtomId U : Unfollowed)
      Names += (Names.empty() ? "" : ", ") + Ctx.str(U);
    P.Kind = Pattern::Unknown;
    P.UnknownReason = "depends on " + Names +
                      ", a per-lane value computed in a way the analysis does "
                      "not follow";
    return P;
  }

  for (auto It = Unknowns.begin(); It != Unknowns.end();) {
    if (!movesWholeSegments(*It)) {
      ++It;
      continue;
    }
    Values.set(*It, FirstTried);
    P.Assumptions.push_back(Ctx.str(*It) +
                            " unknown: it moves every lane by the same whole "
                            "128-byte segments, so the count does not depend "
                            "on it");
    It = Unknowns.erase(It);
  }
  std::vector<std::vector<int64_t>> Samples;
  if (Unknowns.empty()) {
    Samples.push_back({});
  } else if (Unknowns.size() == 1) {
    for (int64_t V = 0; V < ValuesTried; ++V)
      Samples.push_back({FirstTried + V});
  } else {
    // Random draws rarely make every unknown a multiple of 32 at once: try
    // the aligned cases (all 32, all 64) explicitly, so that a range says
    // when the access can be ideal.
    Samples.push_back(std::vector<int64_t>(Unknowns.size(), FirstTried));
    Samples.push_back(std::vector<int64_t>(Unknowns.size(), 2 * FirstTried));
    Lcg Rng(42);
    for (int64_t S = 2; S < ValuesTried; ++S) {
      std::vector<int64_t> Assignment;
      for (size_t U = 0; U < Unknowns.size(); ++U)
        Assignment.push_back(FirstTried + Rng.below(ValuesTried));
      Samples.push_back(Assignment);
    }
  }
  // Each warp visit evaluates every lane's address and guards: bound the
  // evaluations (kernels with dozens of nested guards), not just the warps.
  constexpr uint64_t TotalEvaluationBudget = 1 << 21;
  uint64_t Evaluations = WarpSize * (1 + Access.Guards.size());
  uint64_t Budget =
      std::min<uint64_t>(TotalWarpBudget, TotalEvaluationBudget / Evaluations);
  uint64_t WarpBudget = std::max<uint64_t>(64, Budget / Samples.size());

  std::vector<SampleTotals> Results;
  for (const auto &Assignment : Samples) {
    for (size_t U = 0; U < Unknowns.size(); ++U)
      Values.set(Unknowns[U], Assignment[U]);
    Results.push_back(simulate(WarpBudget));
  }

  // Lane geometry of the first warp, for the notes.
  {
    for (const VaryingAxis &V : Varying)
      Values.set(V.Atom, 0);
    for (size_t U = 0; U < Unknowns.size(); ++U)
      Values.set(Unknowns[U], Samples[0][U]);
    std::vector<std::optional<int64_t>> Lane(2);
    for (unsigned L = 0; L < 2; ++L) {
      Dim3 Tid;
      if (!laneToThread(Launch.Block, 0, L, Tid))
        continue;
      for (unsigned D = 0; D < 3; ++D)
        Values.set(Ctx.threadIdx(D), Tid[D]);
      if (!Scattered)
        Lane[L] = sym::evaluate(Ctx, Access.ByteOffset, Values);
    }
    if (Lane[0] && Lane[1])
      P.LaneStrideBytes = *Lane[1] - *Lane[0];
    if (Lane[0] && Unknowns.empty())
      P.FirstLaneOffsetInSegment = floorMod(*Lane[0], SegmentBytes);
  }

  for (const std::string &N : Notes)
    P.Assumptions.push_back(N);
  if (GuardUnknown)
    P.Assumptions.push_back("a guard depends on values not known here: its "
                            "lanes counted as active");

  std::vector<Pattern> Patterns;
  for (const SampleTotals &T : Results)
    Patterns.push_back(T.pattern(Scattered));

  const SampleTotals &First = Results[0];
  if (First.Requests == 0) {
    P.Kind = Pattern::Unknown;
    P.UnknownReason = "no lane of any simulated warp reaches the access";
    return P;
  }
  bool AllSame = true;
  for (size_t I = 1; I < Results.size(); ++I)
    AllSame &= Patterns[I] == Patterns[0] &&
               std::fabs(Results[I].avgSectors() - First.avgSectors()) < 1e-9 &&
               std::fabs(Results[I].avgIdeal() - First.avgIdeal()) < 1e-9;

  std::string UnknownNames;
  for (AtomId U : Unknowns)
    UnknownNames += (UnknownNames.empty() ? "" : ", ") + Ctx.str(U);

  if (AllSame) {
    P.Kind = Patterns[0];
    P.Sectors = First.avgSectors();
    P.SectorsMin = First.Min;
    P.SectorsMax = First.Max;
    P.IdealSectors = First.avgIdeal();
    P.Segments = First.avgSegments();
    if (!Unknowns.empty())
      P.Assumptions.push_back(UnknownNames +
                              " unknown: the same result for every value in " +
                              std::to_string(FirstTried) + ".." +
                              std::to_string(FirstTried + ValuesTried - 1));
    if (Scattered) {
      // The count is the data's: lanes that share a sector (a histogram's
      // few bins, indices sorted within a warp) need fewer.
      P.SectorsMin = 1;
      P.Assumptions.push_back(
          "data-dependent addresses: " + formatCount(First.avgSectors()) +
          " sectors/request if every lane hits a sector of its own (random "
          "indices); as few as 1 when lanes share sectors");
    }
    return P;
  }

  // The count depends on values we do not know. When the lanes keep one
  // shape for every value tried (all strided, or contiguous with only the
  // start's alignment moving), the pattern is still definite: report it with
  // the count of the aligned case (every unknown a multiple of 32, as sizes
  // in practice are), the range, and the condition for the ideal.
  bool OneShape = true;
  for (Pattern Kind : Patterns)
    OneShape &= Kind == Patterns[0] ||
                (isContiguous(Kind) && isContiguous(Patterns[0]));
  std::vector<bool> Ideal;
  double Lowest = 1e300, Highest = 0;
  for (const SampleTotals &T : Results) {
    Lowest = std::min(Lowest, T.avgSectors());
    Highest = std::max(Highest, T.avgSectors());
    Ideal.push_back(T.avgSectors() <= T.avgIdeal() + 1e-9);
  }
  std::string Range =
      formatCount(Lowest) + " to " + formatCount(Highest) + " sectors/request";
  std::string Condition;
  if (Unknowns.size() == 1) {
    std::vector<int64_t> Tried;
    for (const auto &S : Samples)
      Tried.push_back(S[0]);
    if (int64_t M = divisibilityCondition(Tried, Ideal))
      Condition =
          "coalesced iff " + UnknownNames + " % " + std::to_string(M) + " == 0";
  }

  if (OneShape && Patterns[0] != Pattern::Unknown) {
    // The samples shared the warp budget; the count reported gets all of it.
    for (size_t U = 0; U < Unknowns.size(); ++U)
      Values.set(Unknowns[U], Samples[0][U]);
    SampleTotals Aligned = simulate(Budget);
    P.Kind = Aligned.pattern(Scattered);
    P.Sectors = Aligned.avgSectors();
    P.SectorsMin = Aligned.Min;
    P.SectorsMax = Aligned.Max;
    P.IdealSectors = Aligned.avgIdeal();
    P.Segments = Aligned.avgSegments();
    P.Condition = Condition;
    P.AlignmentAssumed = true;
    P.Assumptions.push_back(
        UnknownNames + " unknown: the same pattern for every value in " +
        std::to_string(FirstTried) + ".." +
        std::to_string(FirstTried + ValuesTried - 1) + ", at " + Range +
        "; the count is for multiples of 32");
    return P;
  }

  P.Kind = Pattern::Unknown;
  P.SectorsMin = Lowest;
  P.SectorsMax = Highest;
  for (const SampleTotals &T : Results) {
    P.IdealSectors = std::max(P.IdealSectors, T.avgIdeal());
    P.Segments = std::max(P.Segments, T.avgSegments());
  }
  P.UnknownReason = "depends on " + UnknownNames + ": " + Range;
  P.Condition = Condition;
  return P;
}

std::optional<WarpSnapshot> Simulator::firstActiveWarp() {
  classifyAtoms();
  prepareSplits();
  // Samples[0] of run(): every unknown at the aligned value.
  for (AtomId U : Unknowns)
    Values.set(U, FirstTried);
  resetCaches();
  std::vector<int64_t> Radix = radix();
  double Total = 1;
  for (int64_t R : Radix)
    Total *= double(R);
  uint64_t Visits = uint64_t(std::min(Total, double(TotalWarpBudget)));
  for (uint64_t I = 0; I < Visits; ++I) {
    int64_t Warp = placeVisit(I, Radix);
    evaluateLanes(Warp, uniformParts());
    if (std::none_of(LaneBuf.begin(), LaneBuf.end(),
                     [](const LaneEval &L) { return L.Active; }))
      continue;
    WarpSnapshot W;
    W.Warp = Warp;
    for (const VaryingAxis &V : Varying)
      W.Setting.push_back({Ctx.str(V.Atom), *Values.get(V.Atom)});
    for (AtomId U : Unknowns)
      W.Setting.push_back({Ctx.str(U), FirstTried});
    W.WidthBytes = Access.WidthBytes;
    W.ChunkBytes = Access.ChunkBytes;
    for (const LaneEval &L : LaneBuf)
      W.Lanes.push_back({L.Active, L.Offset});
    return W;
  }
  return std::nullopt;
}

} // namespace

Prediction predict(const sym::Context &Ctx, const AccessShape &Access,
                   const LaunchShape &Launch) {
  return Simulator(Ctx, Access, Launch).run();
}

unsigned WarpSnapshot::requests() const {
  return ChunkBytes ? std::max(1u, WidthBytes / ChunkBytes) : 1;
}

std::optional<WarpSnapshot> firstActiveWarp(const sym::Context &Ctx,
                                            const AccessShape &Access,
                                            const LaunchShape &Launch) {
  return Simulator(Ctx, Access, Launch).firstActiveWarp();
}

std::vector<SectorUse> sectorsOfRequest(const WarpSnapshot &W,
                                        unsigned Request) {
  // Byte ranges as simulateWarp gives them to costOfRequest: chunk Request
  // of each active lane.
  std::map<int64_t, SectorUse> BySector;
  for (unsigned Lane = 0; Lane < W.Lanes.size(); ++Lane) {
    const LaneAccess &L = W.Lanes[Lane];
    if (!L.Active)
      continue;
    if (!L.ByteOffset)
      return {};
    int64_t Begin = *L.ByteOffset + int64_t(Request) * W.ChunkBytes;
    for (int64_t B = Begin; B < Begin + W.ChunkBytes; ++B) {
      SectorUse &S = BySector[floorDiv(B, SectorBytes)];
      S.Sector = floorDiv(B, SectorBytes);
      S.UsedBytes |= uint32_t(1) << floorMod(B, SectorBytes);
      if (S.Lanes.empty() || S.Lanes.back() != Lane)
        S.Lanes.push_back(Lane);
    }
  }
  std::vector<SectorUse> Out;
  for (auto &Entry : BySector)
    Out.push_back(std::move(Entry.second));
  return Out;
}

} // namespace model
} // namespace cudacoalesce
