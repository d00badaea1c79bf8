//===- Model/WarpModel.h - One warp's view of an access ---------*- C++ -*-===//
//
// The warp model's entry points: predict an access under a launch (walking
// the warps of the launch, averaged as Nsight Compute averages them), and
// the first warp that reaches it, for a picture a reviewer can read. No
// Clang types here.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_MODEL_WARPMODEL_H
#define CUDA_COALESCE_MODEL_WARPMODEL_H

#include "cuda-coalesce/Model/Access.h"
#include "cuda-coalesce/Model/CostModel.h"
#include "cuda-coalesce/Model/GlobalSectorModel.h"
#include "cuda-coalesce/Model/Launch.h"
#include "cuda-coalesce/Model/ModelCaches.h"
#include "cuda-coalesce/Model/Prediction.h"
#include "cuda-coalesce/Model/SharedBankModel.h"
#include "cuda-coalesce/Symbolic/Expr.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudacoalesce {
namespace model {

/// The cost model of an address space; null where none is built yet.
const RequestCostModel *costModelFor(AddressSpace Space);
/// The model that prices \p Access: its memory's, or the compare-and-swap
/// loop's (AccessShape::CompareAndSwapLoop).
const RequestCostModel *costModelFor(const AccessShape &Access);

/// Predicts the access under one launch with the cost model of its address
/// space, which must have one. \p Ctx must own every atom used; \p Caches
/// are \p Ctx's (ModelCaches.h): what the walks keep goes there.
Prediction predict(const sym::Context &Ctx, ModelCaches &Caches,
                   const AccessShape &Access, const LaunchShape &Launch);
/// predict() for what reads only a definite count or a known pattern (the
/// fixes' candidates): nullopt where the prediction would have neither, an
/// unknown pattern and no count, found out as soon as two values tried for
/// the unknowns disagree on both, without trying the rest. Otherwise what
/// predict() gives.
std::optional<Prediction> predictIfDecided(const sym::Context &Ctx,
                                           ModelCaches &Caches,
                                           const AccessShape &Access,
                                           const LaunchShape &Launch);
/// predict() under a launch whose block extents are kernel parameters
/// known only at run time (LaunchShape::ExtentParams): tried at each value
/// as unknowns are, each value with its own block.
Prediction predictAcrossExtents(const sym::Context &Ctx, ModelCaches &Caches,
                                const AccessShape &Access,
                                const LaunchShape &Launch);
/// The same with \p Model, whatever the access's address space.
Prediction predictWith(const sym::Context &Ctx, ModelCaches &Caches,
                       const AccessShape &Access, const LaunchShape &Launch,
                       const RequestCostModel &Model);

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
                                            ModelCaches &Caches,
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

/// One shared-memory bank at one request: the distinct 4-byte words the
/// lanes ask of it, each with its lanes.
struct BankUse {
  unsigned Bank = 0;
  std::vector<std::pair<int64_t, std::vector<unsigned>>> Words; // ascending
};

/// The 32 banks at request \p Request of the warp, bank 0 first: a bank
/// asked for N distinct words serializes the request N ways (wide accesses
/// are served a part of the warp at a time: SharedBankModel.h). Empty when
/// an active lane's address is not known.
std::vector<BankUse> banksOfRequest(const WarpSnapshot &Warp, unsigned Request);

} // namespace model
} // namespace cudacoalesce

#endif
