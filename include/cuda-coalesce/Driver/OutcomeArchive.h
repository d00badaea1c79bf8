//===- Driver/OutcomeArchive.h - A file's outcome as bytes ------*- C++ -*-===//
//
// How a child process (Driver/Isolation.h) hands a file's outcome back to
// the run. Every field of FileOutcome and of what it holds travels; the
// format is private to one build of the tool (both ends are the same
// binary), so it has no version and no compatibility to keep.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_OUTCOMEARCHIVE_H
#define CUDA_COALESCE_DRIVER_OUTCOMEARCHIVE_H

#include "cuda-coalesce/Driver/Runner.h"

#include <string>

namespace cudacoalesce {

std::string serializeOutcome(const FileOutcome &Outcome);

/// False when \p Bytes is not a whole outcome (a child that ended early).
bool deserializeOutcome(const std::string &Bytes, FileOutcome &Outcome);

} // namespace cudacoalesce

#endif
