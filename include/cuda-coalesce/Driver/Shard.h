//===- Driver/Shard.h - One of N parts of a run's files ---------*- C++ -*-===//
//
// A CI matrix runs a project's files in N jobs (`--shard=I/N`), and
// `cuda-coalesce merge` joins their JSON into what one run gives. The parts
// are decided by the files alone (each file's size, the cost the analysis
// roughly scales with), so every job computes the same partition without
// talking to the others. A shard still takes the launches of the other
// parts' files: Runner parses those of them that name a kernel its own
// files leave unlaunched, for their launches only.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_SHARD_H
#define CUDA_COALESCE_DRIVER_SHARD_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace cudacoalesce {

/// `--shard=Index/Count`, 1-based, or `--shard-files`: the part named by
/// its files (a build system's step per file); neither: no sharding.
struct ShardSpec {
  unsigned Index = 0, Count = 0;
  std::vector<std::string> Named;
  bool active() const { return Count > 0 || !Named.empty(); }
};

/// More parts than this is a typo, not a CI matrix.
constexpr unsigned MaxShards = 4096;

/// Parses "I/N" (1 <= I <= N <= MaxShards); false with \p Error (one line).
bool parseShard(llvm::StringRef Text, ShardSpec &Shard, std::string &Error);

/// The 0-based part of each of \p Costs' files among \p Count parts: the
/// largest first, each to the part with the least cost so far (ties: the
/// lower part; equal costs in \p Names' order), so the parts are balanced
/// and the same for the same files in any order.
std::vector<unsigned> shardParts(const std::vector<std::string> &Names,
                                 const std::vector<uint64_t> &Costs,
                                 unsigned Count);

/// shardParts over \p Files with their sizes on disk as costs (0 where a
/// file cannot be read).
std::vector<unsigned> shardFiles(const std::vector<std::string> &Files,
                                 unsigned Count);

/// Whether each of \p Files is of \p Shard's part (every file where it is
/// not active); a named file matches by its absolute path.
std::vector<bool> filesOfPart(const ShardSpec &Shard,
                              const std::vector<std::string> &Files);

/// The name a launch of \p Kernel spells in source: "ns::f<int>" -> "f".
std::string spelledKernelName(llvm::StringRef Kernel);

/// Whether the text of \p File has one of \p Names as a whole identifier,
/// or cannot be read: a file that launches a kernel names it (through a
/// macro too), so one that names none launches none of them.
bool mayName(const std::string &File, const std::set<std::string> &Names);

} // namespace cudacoalesce

#endif
