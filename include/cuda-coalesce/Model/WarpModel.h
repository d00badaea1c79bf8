//===- Model/WarpModel.h - One warp's view of a global access --*- C++ -*-===//
//
// Simulates the warps of a launch over a symbolic address and counts what the
// memory system moves: distinct 32-byte sectors and 128-byte segments per
// request (one warp-wide load/store instruction), and the ideal sectors for
// the bytes actually requested. Averages are taken over the warps of the
// launch, as Nsight Compute reports them. No Clang types here.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_MODEL_WARPMODEL_H
#define CUDA_COALESCE_MODEL_WARPMODEL_H

#include "cuda-coalesce/Symbolic/Expr.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cudacoalesce {
namespace model {

constexpr unsigned WarpSize = 32;
constexpr unsigned SectorBytes = 32;
constexpr unsigned SegmentBytes = 128;

struct Dim3 {
  int64_t X = 1, Y = 1, Z = 1;
  int64_t volume() const { return X * Y * Z; }
  int64_t operator[](unsigned D) const { return D == 0 ? X : D == 1 ? Y : Z; }
  bool operator==(const Dim3 &O) const {
    return X == O.X && Y == O.Y && Z == O.Z;
  }
  bool operator<(const Dim3 &O) const {
    return X != O.X ? X < O.X : Y != O.Y ? Y < O.Y : Z < O.Z;
  }
};

/// A block shape written "X[,Y[,Z]]" (a command-line or config value), with
/// every extent positive and at most 1024 threads; nullopt otherwise.
std::optional<Dim3> parseBlockShape(const std::string &Text);

enum class Cmp { LT, LE, GT, GE, EQ, NE };

/// A lane is active where `Diff Op 0` holds (an enclosing `if`, an early
/// `return`, a loop condition).
struct Guard {
  sym::Poly Diff;
  Cmp Op = Cmp::LT;
  /// The compiler predicates the guarded code instead of branching around
  /// it (a short `if` with code after it): a warp whose lanes all fail the
  /// guard still executes the instruction, as a request with no sectors.
  bool Predicated = false;
};

/// What one lane does at one access. The base is taken to be 256-byte
/// aligned, as cudaMalloc returns it; callers state where that is assumed.
struct AccessShape {
  sym::Poly ByteOffset;    // from the base pointer
  unsigned WidthBytes = 4; // bytes one lane reads or writes
  unsigned ChunkBytes = 4; // bytes per instruction (<= 16); Width/Chunk
                           // instructions make up the access
  std::vector<Guard> Guards;
};

/// The launch the access is simulated under.
struct LaunchShape {
  Dim3 Block;
  std::optional<Dim3> Grid;
  std::map<sym::AtomId, int64_t> Known; // kernel arguments known at the launch
};

/// Uniform: every lane of a warp row (same threadIdx.y and .z) reads one
/// address, a broadcast.
enum class Pattern {
  Coalesced,
  Misaligned,
  Strided,
  Scattered,
  Uniform,
  Unknown
};
const char *patternName(Pattern P);

struct Prediction {
  Pattern Kind = Pattern::Unknown;
  /// Average over the warps of the launch; unset when the count depends on
  /// values the analysis does not know (see Condition and the range).
  std::optional<double> Sectors;
  double SectorsMin = 0, SectorsMax = 0; // per request, over warps (or over
                                         // the unknown values when unset)
  double IdealSectors = 0;
  double Segments = 0;
  double efficiency() const {
    double S = Sectors ? *Sectors : SectorsMax;
    return S > 0 ? IdealSectors / S : 1.0;
  }
  std::vector<std::string> Assumptions;
  std::string Condition; // "coalesced iff W % 8 == 0"
  /// The count depends on unknown values that do not change the pattern; it
  /// is the count with every unknown a multiple of 32 (see Assumptions).
  bool AlignmentAssumed = false;
  std::string UnknownReason; // why Kind is Unknown
  /// Byte distance between lanes 0 and 1 of the first warp (threadIdx.x
  /// direction), when constant.
  std::optional<int64_t> LaneStrideBytes;
  /// Byte offset of lane 0 of the first warp within a 128-byte segment.
  std::optional<int64_t> FirstLaneOffsetInSegment;
  /// The address depends on values loaded or computed per lane (a gather),
  /// as opposed to irregular arithmetic on the thread index.
  bool DependsOnLaneData = false;
};

/// Cost of one request: the lanes' start addresses (active lanes only).
struct RequestCost {
  unsigned Sectors = 0;
  unsigned Segments = 0;
  unsigned IdealSectors = 0;
  /// Sectors the touched bytes would need if every contiguous run of them
  /// started on a sector boundary: equals IdealSectors for dense data.
  unsigned AlignedSectors = 0;
};
RequestCost costOfRequest(const std::vector<int64_t> &LaneAddresses,
                          unsigned ChunkBytes);

/// A sector count as the reports print it: 4 significant digits, no
/// trailing zeros ("4", "4.906", "12.5").
std::string formatCount(double V);

/// Predicts the access under one launch. \p Ctx must own every atom used.
Prediction predict(const sym::Context &Ctx, const AccessShape &Access,
                   const LaunchShape &Launch);

/// One lane of a warp at one access.
struct LaneAccess {
  bool Active = false; // every guard holds: the lane moves data
  /// Byte offset of the lane's first byte from the base; unset when the lane
  /// is inactive or its address is not computable (data loaded per lane, a
  /// per-lane value the analysis does not follow).
  std::optional<int64_t> ByteOffset;
};

/// One warp as the simulator sees it, for a picture a reviewer can read.
struct WarpSnapshot {
  int64_t Warp = 0; // within the block
  /// The values that place the warp: the block index and loop iterations
  /// (varied over the launch) and unknowns (the aligned case the count is
  /// for), named as the index expressions print them.
  std::vector<std::pair<std::string, int64_t>> Setting;
  unsigned WidthBytes = 4, ChunkBytes = 4;
  /// One entry per thread of the warp: fewer than 32 in a small block.
  std::vector<LaneAccess> Lanes;
  /// Instructions that make up the access (Width / Chunk).
  unsigned requests() const;
};

/// The first warp, in the order the simulator visits the launch (warps of
/// a block first, then the block index and loop iterations counting up from
/// 0), that has an active lane at the access; unknowns are set to 32, as for
/// the reported count. nullopt when no warp the simulator would visit has
/// one. Deterministic.
std::optional<WarpSnapshot> firstActiveWarp(const sym::Context &Ctx,
                                            const AccessShape &Access,
                                            const LaunchShape &Launch);

/// One 32-byte sector that a request moves.
struct SectorUse {
  int64_t Sector = 0;          // byte offset from the base / 32
  std::vector<unsigned> Lanes; // the lanes with a byte in it, ascending
  uint32_t UsedBytes = 0;      // bit I set: byte I of the sector is requested
};

/// The sectors request \p Request (0-based, below requests()) of the warp
/// moves, in address order: as many as costOfRequest counts for the same
/// lanes. Empty when an active lane's address is not known.
std::vector<SectorUse> sectorsOfRequest(const WarpSnapshot &Warp,
                                        unsigned Request);

/// Maps lane \p Lane of warp \p Warp of a block to its thread index;
/// false when the block has fewer threads than that.
bool laneToThread(const Dim3 &Block, int64_t Warp, unsigned Lane, Dim3 &Tid);

} // namespace model
} // namespace cudacoalesce

#endif
