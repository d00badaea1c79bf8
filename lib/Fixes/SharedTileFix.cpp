//===- Fixes/SharedTileFix.cpp - A tile where no mapping serves both ------===//
//
// A transpose reads along rows and writes along columns (or the other way):
// swapping the thread mapping fixes one side and breaks the other. The fix
// then is to stage the data through a shared-memory tile.
//
//===----------------------------------------------------------------------===//
#include "cuda-coalesce/Fixes/KernelFixes.h"

#include <algorithm>

namespace cudacoalesce {
namespace fixes {

namespace {

/// The tile fix for \p Strided, whose thread-mapping fix is \p Swap, paired
/// with the coalesced \p Coalesced.
Fix tileFix(const KernelAccess &Strided, const KernelAccess &Coalesced,
            const Fix &Swap) {
  Fix Tile = Swap;
  Tile.Kind = FixKind::SharedTile;
  Tile.Message =
      "'" + Coalesced.BaseName.str() + "' is walked along rows and '" +
      Strided.BaseName.str() +
      "' along columns, so no thread mapping serves both: stage a tile in "
      "shared memory (__shared__ float tile[32][33]; the extra column "
      "avoids "
      "bank conflicts): read 'tile[threadIdx.y][threadIdx.x]' from the "
      "coalesced side, __syncthreads(), then write with threadIdx.x along "
      "the other side's rows from 'tile[threadIdx.x][threadIdx.y]'";
  Tile.Message += Swap.Message.substr(Swap.Message.rfind("; after the fix"));
  return Tile;
}

} // namespace

void addSharedTileFixes(sym::Context &Syms, model::ModelCaches &Model,
                        std::vector<KernelAccess> &Accesses,
                        const model::LaunchShape &Launch) {
  if (Launch.Block.Y == 1)
    return; // one-dimensional blocks: no rows and columns to exchange
  for (size_t I = 0; I < Accesses.size(); ++I) {
    KernelAccess &F = Accesses[I];
    auto Swap = std::find_if(F.Fixes.begin(), F.Fixes.end(), [](const Fix &X) {
      return X.Kind == FixKind::ThreadMapping;
    });
    if (F.Before.Kind != model::Pattern::Strided || Swap == F.Fixes.end())
      continue;
    for (size_t J = 0; J < Accesses.size(); ++J) {
      const KernelAccess &G = Accesses[J];
      if (J == I || G.Kind == F.Kind ||
          G.Before.Kind != model::Pattern::Coalesced)
        continue;
      std::optional<model::Prediction> Broken = model::predictIfDecided(
          Syms, Model, swapThreadMapping(Syms, G.Shape), Launch);
      if (Broken && Broken->Kind == model::Pattern::Coalesced)
        continue;
      F.Fixes.insert(F.Fixes.begin(), tileFix(F, G, *Swap));
      break;
    }
  }
}

} // namespace fixes
} // namespace cudacoalesce
