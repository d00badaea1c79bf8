//===- tool/cuda-coalesce/ScaleOptions.h - Runs past one machine -*- C++
//-*-===//
//
// The options of a run split over CI jobs or kept in a cache (docs/scale.md):
// `--shard=I/N`, whose JSON carries what `cuda-coalesce merge` needs, and
// `merge` itself, which reads the shards' JSON back into one run's outcomes,
// and `--cache-dir=DIR` (Driver/ResultCache.h).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_TOOL_SCALEOPTIONS_H
#define CUDA_COALESCE_TOOL_SCALEOPTIONS_H

#include "cuda-coalesce/Driver/Runner.h"
#include "cuda-coalesce/Report/JsonReport.h"

#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace cudacoalesce {

llvm::cl::OptionCategory &scaleCategory();

/// `cuda-coalesce merge ...`: drops the word "merge" from the arguments.
bool takeMergeCommand(int &Argc, const char **&Argv);

/// Sets the shard of \p Opts (and records its outcomes for the JSON) and
/// the result cache, whose keys take \p Rendering (what the front end's
/// consumer renders); false with \p Error (one line) on a bad --shard.
bool applyScaleOptions(RunOptions &Opts, const std::string &Rendering,
                       std::string &Error);

/// With --cache-dir: the oldest results past the bound removed, and a note
/// of how many files were analysed and how many taken from the cache.
void finishCache(const RunOptions &Opts);

/// Whether this run is a shard: its findings' text is rendered whatever the
/// format, so that `merge --format=text` prints what one run prints.
bool runIsShard();

/// --depfile: the files the part's analyses read; false with \p Error.
bool writeDepFile(std::string &Error);

/// With --shard: the JSON's "shard" key, over the inputs \p Opts.Files.
void attachShardRecord(JsonTotals &Totals, const RunOptions &Opts,
                       const std::string &Arch);

/// `merge`: the outcomes of the run the shards' JSON files \p Paths make,
/// with its --arch, and --fail-on applied; false with \p Error.
bool mergedOutcomes(const std::vector<std::string> &Paths,
                    std::vector<FileOutcome> &Outcomes, std::string &Arch,
                    std::string &Error);

} // namespace cudacoalesce

#endif
