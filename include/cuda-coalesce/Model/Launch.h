//===- Model/Launch.h - The threads of a launch ------------------*- C++
//-*-===//
//
// Block and grid shapes, and how the lanes of a warp map to thread indices.
// No Clang types here.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_MODEL_LAUNCH_H
#define CUDA_COALESCE_MODEL_LAUNCH_H

#include "cuda-coalesce/Symbolic/Expr.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace cudacoalesce {
namespace model {

constexpr unsigned WarpSize = 32;
constexpr int64_t MaxThreadsPerBlock = 1024;

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
  /// "(256,1,1)", as the notes write a shape.
  std::string str() const {
    return "(" + std::to_string(X) + "," + std::to_string(Y) + "," +
           std::to_string(Z) + ")";
  }
};

/// The launch an access is simulated under.
struct LaunchShape {
  Dim3 Block;
  std::optional<Dim3> Grid;
  std::map<sym::AtomId, int64_t> Known; // kernel arguments known at the launch
  /// Block extents known only at run time that the launch also passes as a
  /// kernel parameter (`k<<<rows, ncols>>>(x, ncols)`): dimension -> the
  /// parameter. The two take each value together; Block holds a stand-in
  /// for those extents until one is chosen (at()).
  std::map<unsigned, sym::AtomId> ExtentParams;

  /// This launch with every parameter of ExtentParams at \p Value and the
  /// block's extents with it.
  LaunchShape at(int64_t Value) const {
    LaunchShape L = *this;
    int64_t *Extents[3] = {&L.Block.X, &L.Block.Y, &L.Block.Z};
    for (const auto &[Dim, Param] : ExtentParams) {
      *Extents[Dim] = Value;
      L.Known[Param] = Value;
    }
    L.ExtentParams.clear();
    return L;
  }
};

/// Maps lane \p Lane of warp \p Warp of a block to its thread index;
/// false when the block has fewer threads than that.
bool laneToThread(const Dim3 &Block, int64_t Warp, unsigned Lane, Dim3 &Tid);

} // namespace model
} // namespace cudacoalesce

#endif
