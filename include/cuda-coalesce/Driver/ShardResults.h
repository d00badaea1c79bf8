//===- Driver/ShardResults.h - A shard's outcomes, for merge ----*- C++ -*-===//
//
// `cuda-coalesce --shard=I/N --format=json` adds to its JSON the key
// "shard": which part it was, every input of the run (all parts), the
// build of the tool, and each of its files' outcome as the run had it
// before the steps across files (Driver/OutcomeArchive.h, base64). `merge`
// reads the N documents back into the outcomes of the whole run and takes
// those steps over them (joinAcrossFiles), so that every report it writes
// is the one a single run writes. The outcomes' format is private to one
// build: the shards and the merge must be the same build of the tool.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_SHARDRESULTS_H
#define CUDA_COALESCE_DRIVER_SHARDRESULTS_H

#include "cuda-coalesce/Driver/Runner.h"

#include <string>
#include <vector>

namespace llvm::json {
class OStream;
}

namespace cudacoalesce {

/// What a shard records beside its report.
struct ShardRecord {
  ShardSpec Shard;
  std::vector<std::string> Files; // the run's inputs, every part's
  std::string Arch;
  std::string Build; // toolBuildDigest() of the tool that ran it
  struct Entry {
    size_t Index = 0;      // in Files
    bool Analysed = false; // parsed: neither skipped nor misconfigured
    std::string Archive;   // serializeOutcome
  };
  std::vector<Entry> Outcomes;
};

/// The build of the running tool: a digest of its executable (read and
/// hashed on each call: keep it), so that a merge or a cache never reads
/// what another build wrote.
std::string toolBuildDigest();

/// Writes \p Record as the value of the JSON key "shard".
void writeShardRecord(llvm::json::OStream &J, const ShardRecord &Record);

/// The run the shards \p Paths (their JSON reports) make together.
struct MergedRun {
  std::vector<FileOutcome> Outcomes; // in the run's input order
  std::string Arch;
};

/// Reads every part of one run, in any order; false with \p Error (one
/// line) when a file is not a shard's JSON, comes from another build or
/// another run, or a part is missing or given twice.
bool mergeShards(const std::vector<std::string> &Paths, MergedRun &Run,
                 std::string &Error);

} // namespace cudacoalesce

#endif
