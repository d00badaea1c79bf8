//===- Driver/ProjectLaunches.h - Launches across a project's files -*- C++
//-*-//
//
// A kernel that its own file does not launch takes its shapes from the
// launches in the project's other files: which launches those are, and
// whether a file must be analysed again for them.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_PROJECTLAUNCHES_H
#define CUDA_COALESCE_DRIVER_PROJECTLAUNCHES_H

#include "cuda-coalesce/Driver/Runner.h"

#include <string>
#include <vector>

namespace cudacoalesce {

/// Whether the text of \p File has `<<<`, or cannot be read: a file without
/// it launches nothing, but through a macro of a header.
bool mayLaunch(const std::string &File);

/// The launches of the other files for the kernels \p Outcome does not
/// launch itself.
LaunchMap launchesElsewhere(const std::vector<FileOutcome> &Outcomes,
                            size_t Self,
                            const std::vector<FileOutcome> &LaunchersOnly);

/// Every launch of the files \p From (ascending) but \p Self, for whichever
/// kernel \p Self does not launch itself (KernelAnalysis looks only those
/// up): what launchesElsewhere gives when only those files launch.
LaunchMap launchesOf(const std::vector<FileOutcome> &Outcomes,
                     const std::vector<size_t> &From, size_t Self);

/// Whether the file analysed with \p Had would be analysed the same with
/// \p Elsewhere: they agree on every kernel it does not launch itself.
bool sawTheseLaunches(const FileOutcome &O, const LaunchMap &Had,
                      const LaunchMap &Elsewhere);

} // namespace cudacoalesce

#endif
