//===- Model/RobertsSequence.h - A sample's groups, evenly ------*- C++ -*-===//
//
// The groups of warps a sampled walk visits follow Roberts' R_d sequence
// (SampledWalk.cpp says why): J * phi_d^-k mod 1 on axis k, phi_d the root
// of x^(d+1) = x + 1. The root and its powers depend on the number of axes
// alone, which is the same at every walk of a walker: found once (Newton's
// method took 64 calls of pow at each of a walker's hundreds of trials).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_ROBERTSSEQUENCE_H
#define CUDA_COALESCE_LIB_MODEL_ROBERTSSEQUENCE_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace cudacoalesce {
namespace model {

class RobertsSequence {
public:
  /// Over the mixed radix \p Radix: axis 0, the warps of a block, takes no
  /// coordinate; each other axis R one of Radix[R] values.
  void reset(const std::vector<int64_t> &Radix) {
    this->Radix = &Radix;
    if (Radix.size() == Alpha.size())
      return;
    const size_t Axes = Radix.size() - 1;
    double Phi = 2;
    for (int Step = 0; Axes && Step < 32; ++Step)
      Phi -= (std::pow(Phi, double(Axes + 1)) - Phi - 1) /
             (double(Axes + 1) * std::pow(Phi, double(Axes)) - 1);
    Alpha.assign(Radix.size(), 0);
    for (size_t R = 1; R < Radix.size(); ++R)
      Alpha[R] = std::pow(1 / Phi, double(R));
  }
  /// The value of axis \p Axis at the \p J-th point of the sequence.
  uint64_t coordinate(uint64_t J, size_t Axis) const {
    double At = 0.5 + double(J + 1) * Alpha[Axis];
    return std::min(uint64_t((At - std::floor(At)) * double((*Radix)[Axis])),
                    uint64_t((*Radix)[Axis] - 1));
  }

private:
  const std::vector<int64_t> *Radix = nullptr;
  std::vector<double> Alpha; // per axis; its size, the radix's
};

} // namespace model
} // namespace cudacoalesce

#endif
