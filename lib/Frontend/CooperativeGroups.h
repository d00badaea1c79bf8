//===- Frontend/CooperativeGroups.h - Groups' ranks and sizes ---*- C++ -*-===//
//
// What the queries of cooperative_groups' thread_block, statically sized
// thread_block_tile and grid_group return, in terms of the index builtins
// (CUDA Programming Guide, "Cooperative Groups"). Tiles are laid out along
// the linear thread index, so a tile of 32 is a warp.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_COOPERATIVEGROUPS_H
#define CUDA_COALESCE_LIB_FRONTEND_COOPERATIVEGROUPS_H

#include "DeviceBuiltins.h"

#include "cuda-coalesce/Symbolic/Expr.h"

#include <optional>

namespace clang {
class CallExpr;
}

namespace cudacoalesce {

/// The value of \p C when it is such a query (thread_rank(), size(),
/// meta_group_rank(), block_rank(), ...), else nullopt.
std::optional<sym::Poly> cooperativeGroupsQuery(const clang::CallExpr *C,
                                                sym::Context &Syms);

/// A collective of a group: tile.shfl(v, src), tile.shfl_down(v, d) and
/// kin, tile.any/all/ballot(p), cooperative_groups::reduce(tile, v, op).
/// Named as the warp intrinsic it acts like when the group spans whole
/// warps (a thread_block_tile of 32 or more, a block); on a smaller tile
/// the result differs within a warp, an Exchange.
std::optional<WarpCollective>
cooperativeGroupsCollective(const clang::CallExpr *C);

} // namespace cudacoalesce

#endif
