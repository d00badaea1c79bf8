//===- Model/GuardsHeldOverWalk.h - Guards no visit fails -------*- C++ -*-===//
//
// Each visit of a walk evaluates the guards of the access in the lanes of a
// warp. A loop's condition on a trip count the walk knows (`k < n` with n
// set) holds at every trip the walk visits, for the walk stretched the
// loop's axis to its end: under n nested loops every visit evaluated n such
// guards (stress_inputs.py nested-loops). A guard that reads one axis of
// the walk, linearly, and otherwise only values set, holds at every value
// between two that it holds at: checked at the axis's first and last value
// once per walk, it is left out of the visits.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_MODEL_GUARDSHELDOVERWALK_H
#define CUDA_COALESCE_LIB_MODEL_GUARDSHELDOVERWALK_H

#include "AccessAtLaunch.h"
#include "TripPlacement.h"

#include <vector>

namespace cudacoalesce {
namespace model {

/// Per guard of the access, whether it holds in every lane at every value
/// the walk about to start gives the axes (AccessAtLaunch::Varying as it is
/// now, values set as they are): an ordered comparison that reads one loop
/// trip or block index of the walk, linearly (TripPlacement::stepIn), no
/// lane's own value, and only values set besides, and that holds at both
/// ends of the values the axis takes.
std::vector<bool> guardsHeldOverWalk(AccessAtLaunch &AL,
                                     const TripPlacement &Trips);

} // namespace model
} // namespace cudacoalesce

#endif // CUDA_COALESCE_LIB_MODEL_GUARDSHELDOVERWALK_H
