//===- Report/LaunchOriginText.h - Where a launch shape came from -*- C++ -*-//
//
// The words every report prints for the origin of a kernel's launch shape
// (Policy/LaunchShapes.h keeps it as data): "block (256,1,1) from the
// launch at k.cu:40:3", "assumed block (32,8,1): ...".
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_REPORT_LAUNCHORIGINTEXT_H
#define CUDA_COALESCE_REPORT_LAUNCHORIGINTEXT_H

#include "cuda-coalesce/Policy/LaunchShapes.h"

#include <string>

namespace cudacoalesce {

std::string launchOriginText(const LaunchOrigin &O);

} // namespace cudacoalesce

#endif
