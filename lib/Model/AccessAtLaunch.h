//===- Model/AccessAtLaunch.h - An access under a launch --------*- C++ -*-===//
//
// What the launch walker's units share about one access under one launch:
// its atoms sorted by who gives them a value (each lane, the launch, each
// visit, the caller), the values set now, the warps of a block and the
// visits of the launch, and what the walks met on the way. The atoms are
// sorted once, when the walker is made; the values change with every visit.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_ACCESSATLAUNCH_H
#define CUDA_COALESCE_LIB_MODEL_ACCESSATLAUNCH_H

#include "cuda-coalesce/Model/Access.h"
#include "cuda-coalesce/Model/CostModel.h"
#include "cuda-coalesce/Model/Launch.h"
#include "cuda-coalesce/Symbolic/Expr.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace cudacoalesce {
namespace model {

/// An atom that takes many values over one launch (the block index, a loop
/// iteration) and is averaged over, as Nsight Compute averages over warps.
struct VaryingAxis {
  sym::AtomId Atom;
  int64_t Count; // values First, First+Stride, .. First+(Count-1)*Stride
  int64_t First = 0;
  int64_t Stride = 1;
  /// The launch runs each of Count * Stride values (a block index, the
  /// trips of a loop whose end was found); false for trial values of data
  /// and for loops whose trip count is not known.
  bool CountsRequests = true;
  /// The values the launch runs that the Count sampled ones stand for (a
  /// loop's trip count); 0: Count * Stride.
  int64_t Span = 0;
  /// A sampled loop whose end was found: where its lanes leave apart and
  /// the access can be counted, every trip, 0 .. Span - 1, is
  /// (LaunchWalker::walk()).
  bool Sampled() const { return Span > 0; }
};

/// The axis's first value past the pieces of fixed length a loop may run
/// before its own trips (sym::Atom::FirstIteration): trip 0 of the loop.
inline int64_t firstTrip(const VaryingAxis &V) {
  return std::max<int64_t>(V.First, 0);
}

/// Sets the thread index of lane \p Lane of warp \p Warp in \p Into; false
/// when the block has no such thread (the last warp may be partial).
bool placeLane(const sym::Context &Ctx, const Dim3 &Block, int64_t Warp,
               unsigned Lane, sym::Env &Into, Dim3 &Tid);

class AccessAtLaunch {
public:
  AccessAtLaunch(const sym::Context &Ctx, const AccessShape &Access,
                 const LaunchShape &Launch, const RequestCostModel &Model);

  const sym::Context &Ctx;
  const AccessShape &Access;
  const LaunchShape &Launch;
  const RequestCostModel &Model;
  /// The values set: the launch's from the start, the unknowns' by the
  /// caller, the axes' by each visit and the thread index by each lane.
  sym::Env Values;
  /// The atoms averaged over, in the order the visits enumerate them.
  std::vector<VaryingAxis> Varying;
  /// Values of the address known neither statically nor at the launch, in
  /// the order the address first mentions them.
  std::vector<sym::AtomId> Unknowns;
  /// The trips of the loops nvcc splits (AccessShape::Lowerings): a value
  /// per lane, not an axis.
  std::vector<sym::AtomId> LoweredTrips;
  /// The address is data loaded per lane (a gather).
  bool Scattered = false;
  /// A gather whose offsets lie in a range whatever the data (`t[d & 15]`):
  /// the bytes its lanes can reach, from the lowest offset to the end of
  /// the highest request.
  std::optional<ByteSpan> GatherSpan;
  /// The grid is not known: the block index is averaged over the assumed
  /// blocks.
  bool GridAssumed = false;
  /// The data loaded per lane that the address is made of.
  std::vector<sym::AtomId> LaneData;
  /// Per-lane values in the address that the frontend did not follow.
  std::vector<sym::AtomId> Unfollowed;
  /// Data the same in every lane of a warp and different from warp to warp:
  /// an axis of trial values.
  std::vector<sym::AtomId> PerWarp;
  /// Values loaded or computed per lane or per warp that a guard reads.
  std::vector<sym::AtomId> GuardData;
  /// Met by some walk: a guard read a value not known here (its lanes
  /// counted as active).
  bool GuardUnknown = false;
  /// Met by the walk under way: an active lane's address could not be
  /// evaluated (CostTotals::Unaddressed).
  bool Unaddressed = false;
  /// Met by some walk: a lane's trip count in a loop nvcc splits was not
  /// known (data decides it), and its lanes were placed in step.
  bool TripsInStepAssumed = false;

  int64_t warpsPerBlock() const;
  /// Extents of the mixed-radix enumeration of the launch: warps of a block,
  /// then each varying axis.
  std::vector<int64_t> radix() const;
  /// Visits in the whole launch: warps of a block x values of each axis.
  double launchVisits() const;
  /// How many warp visits of the launch the visits of a walk stand for,
  /// trip counts of loops included; nullopt where the grid or a trip count
  /// is not known, or a guard read a value not known here.
  std::optional<double> visitsPerLaunch() const;
  /// The same for one block, where the grid is not known: the weight of
  /// the access beside others of its kernel.
  std::optional<double> visitsPerBlock() const;
  /// The leaf atoms guard \p G of the access reads: asked per axis and per
  /// walk, and a nest of n loops has n guards of n leaves.
  const std::vector<sym::AtomId> &guardLeaves(size_t G) const {
    return GuardLeaves[G];
  }
  /// The place of \p A among the varying axes, if it is one.
  std::optional<size_t> axisOf(sym::AtomId A) const;
  bool isLoweredTrip(sym::AtomId A) const {
    return std::find(LoweredTrips.begin(), LoweredTrips.end(), A) !=
           LoweredTrips.end();
  }
  /// Appends to \p Into each atom of \p From that a lane's values read
  /// besides the thread index and the trips of split loops (those follow
  /// from the lane and what places them), once.
  void addLaneReads(const std::vector<sym::AtomId> &From,
                    std::vector<sym::AtomId> &Into) const;
  /// Sets the varying axes for visit \p Index; returns the warp in the block.
  int64_t placeVisit(uint64_t Index, const std::vector<int64_t> &Radix);
  /// The thread indices of the lanes of warp \p Warp (kept).
  const sym::ThreadPoints &pointsOf(int64_t Warp);
  /// Calls \p F with every block index at 0, restored after.
  template <class Fn> void atBlockZero(Fn F);

private:
  /// visitsPerLaunch() (\p WholeGrid) or visitsPerBlock() once their
  /// conditions hold: the blocks' axes count only over the whole grid.
  std::optional<double> visitsOver(bool WholeGrid) const;
  void classifyAtoms();
  std::vector<std::vector<sym::AtomId>> GuardLeaves;
  /// Whether every lane of a warp loads \p Loaded from one address under
  /// this launch (`ids[j0 + threadIdx.y]` with 32-wide rows).
  bool loadedOncePerWarp(const sym::Atom &Loaded) const;

  std::vector<std::optional<sym::ThreadPoints>> PointsOfWarp;
};

template <class Fn> void AccessAtLaunch::atBlockZero(Fn F) {
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

} // namespace model
} // namespace cudacoalesce

#endif
