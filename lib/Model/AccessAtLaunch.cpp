//===- Model/AccessAtLaunch.cpp - One access's atoms under one launch -----===//
#include "AccessAtLaunch.h"

#include "cuda-coalesce/Limits.h"
#include "cuda-coalesce/Symbolic/Bounds.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <cassert>

namespace cudacoalesce {
namespace model {

using sym::AtomId;
using sym::AtomKind;

bool placeLane(const sym::Context &Ctx, const Dim3 &Block, int64_t Warp,
               unsigned Lane, sym::Env &Into, Dim3 &Tid) {
  if (!laneToThread(Block, Warp, Lane, Tid))
    return false;
  for (unsigned D = 0; D < 3; ++D)
    Into.set(Ctx.threadIdx(D), Tid[D]);
  return true;
}

AccessAtLaunch::AccessAtLaunch(const sym::Context &Ctx,
                               const AccessShape &Access,
                               const LaunchShape &Launch,
                               const RequestCostModel &Model)
    : Ctx(Ctx), Access(Access), Launch(Launch), Model(Model), Values(Ctx) {
  assert(Access.ChunkBytes > 0 && Access.ChunkBytes <= 16 &&
         "an instruction moves 1 to 16 bytes per lane");
  assert(Launch.Block.volume() > 0 && "a block has threads");
  assert(Launch.ExtentParams.empty() && "a block extent still to choose");
  for (const Guard &G : Access.Guards)
    Ctx.collectLeafAtoms(G.Diff, GuardLeaves.emplace_back());
  classifyAtoms();
}

bool AccessAtLaunch::loadedOncePerWarp(const sym::Atom &Loaded) const {
  if (Loaded.LoadedFrom.empty())
    return false;
  const sym::Poly &Address = Loaded.LoadedFrom.front();
  // What the lanes of a warp share does not change the question: the block
  // index and unknowns are fixed at 0 and 32, the launch's values set.
  sym::Env Scratch(Ctx);
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

void AccessAtLaunch::classifyAtoms() {
  for (const LoopLowering &L : Access.Lowerings)
    LoweredTrips.push_back(L.Trip);
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
  if (Scattered)
    if (std::optional<sym::ValueRange> R = sym::rangeOf(Ctx, Access.ByteOffset))
      GatherSpan = ByteSpan{R->Lo, R->Hi + int64_t(Access.ChunkBytes)};
  // Values only guards read are not tried out: a guard on a value we do not
  // know counts its lanes as active (stated), rather than as never taken.
  size_t AddressLeaves = Leaves.size();
  for (const std::vector<AtomId> &Read : GuardLeaves)
    for (AtomId L : Read)
      if (!llvm::is_contained(Leaves, L))
        Leaves.push_back(L);
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

std::optional<size_t> AccessAtLaunch::axisOf(AtomId A) const {
  auto It =
      llvm::find_if(Varying, [&](const VaryingAxis &V) { return V.Atom == A; });
  if (It == Varying.end())
    return std::nullopt;
  return size_t(It - Varying.begin());
}

void AccessAtLaunch::addLaneReads(const std::vector<AtomId> &From,
                                  std::vector<AtomId> &Into) const {
  for (AtomId A : From)
    if (Ctx.atom(A).Kind != AtomKind::ThreadIdx && !isLoweredTrip(A) &&
        !llvm::is_contained(Into, A))
      Into.push_back(A);
}

int64_t AccessAtLaunch::warpsPerBlock() const {
  return (Launch.Block.volume() + WarpSize - 1) / WarpSize;
}

std::vector<int64_t> AccessAtLaunch::radix() const {
  std::vector<int64_t> Radix = {warpsPerBlock()};
  for (const VaryingAxis &V : Varying)
    Radix.push_back(std::max<int64_t>(1, V.Count));
  return Radix;
}

double AccessAtLaunch::launchVisits() const {
  double Total = 1;
  for (int64_t R : radix())
    Total *= double(R);
  return Total;
}

std::optional<double> AccessAtLaunch::visitsPerLaunch() const {
  if (!Launch.Grid || GridAssumed || GuardUnknown)
    return std::nullopt;
  return visitsOver(/*WholeGrid=*/true);
}

std::optional<double> AccessAtLaunch::visitsPerBlock() const {
  if (GuardUnknown)
    return std::nullopt;
  return visitsOver(/*WholeGrid=*/false);
}

std::optional<double> AccessAtLaunch::visitsOver(bool WholeGrid) const {
  // Every block runs the access, whether or not its index is in the
  // address (then the walk visited one block for all of them).
  double Total = double(warpsPerBlock());
  if (WholeGrid)
    Total *= double(Launch.Grid->volume());
  for (const VaryingAxis &V : Varying) {
    const sym::Atom &At = Ctx.atom(V.Atom);
    if (At.Kind == AtomKind::BlockIdx) {
      if (WholeGrid) {
        Total /= double((*Launch.Grid)[At.Dim]);
        Total *= double(std::max<int64_t>(1, V.Count));
      }
      continue;
    }
    if (At.Kind == AtomKind::GridDim && !WholeGrid)
      continue;
    if (At.Kind == AtomKind::LoopIteration && !V.CountsRequests)
      return std::nullopt;
    if (V.CountsRequests)
      Total *= V.Span
                   ? double(V.Span)
                   : double(std::max<int64_t>(1, V.Count)) * double(V.Stride);
  }
  return Total;
}

int64_t AccessAtLaunch::placeVisit(uint64_t Index,
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

const sym::ThreadPoints &AccessAtLaunch::pointsOf(int64_t Warp) {
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

} // namespace model
} // namespace cudacoalesce
