//===- Model/Launch.cpp - The threads of a launch -------------------------===//
#include "cuda-coalesce/Model/Launch.h"

namespace cudacoalesce {
namespace model {

bool laneToThread(const Dim3 &Block, int64_t Warp, unsigned Lane, Dim3 &Tid) {
  int64_t Linear = Warp * WarpSize + Lane;
  if (Linear >= Block.volume())
    return false;
  Tid.X = Linear % Block.X;
  Tid.Y = (Linear / Block.X) % Block.Y;
  Tid.Z = Linear / (Block.X * Block.Y);
  return true;
}

} // namespace model
} // namespace cudacoalesce
