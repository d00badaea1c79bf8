//===- Driver/ResultCache.h - Each file's outcome, kept on disk -*- C++ -*-===//
//
// `--cache-dir=DIR` keeps the outcome of every analysis of a file, so that a
// rerun on unchanged inputs parses nothing (docs/scale.md). An entry is found
// by the request: the build of the tool, the file and the files it is
// analysed through, their compile commands (the whole database's digest
// where a command is inferred from a neighbour), the toolchain and the extra
// flags, the analysis options (block shapes, the launches from other files
// that reach the file), the nearest .cuda-coalesce.yaml and what the front
// end renders. It is used while every file the translation unit read still
// has the content it had (a digest of each; a header changed re-analyses
// exactly the files that read it). Entries are written to a temporary file
// and renamed (several runs may share the directory), and the oldest are
// removed past a size bound. Failed outcomes and those with headers not
// found are not kept.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_RESULTCACHE_H
#define CUDA_COALESCE_DRIVER_RESULTCACHE_H

#include "cuda-coalesce/Driver/Runner.h"

#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
}

namespace cudacoalesce {

/// The default bound of --cache-max-size.
constexpr uint64_t DefaultResultCacheMiB = 2048;

class ResultCache {
public:
  ResultCache(std::string Dir, uint64_t MaxBytes);

  /// The request's key (see above); \p Salt: the front end's and the pass's.
  std::string key(const RunOptions &Opts,
                  const clang::tooling::CompilationDatabase &DB,
                  const std::string &File,
                  const std::vector<std::string> &Through,
                  const AnalysisOptions &With, const std::string &ConfigFile,
                  const std::string &Salt);

  /// The outcome kept for \p Key (an archive, Driver/OutcomeArchive.h) if
  /// every file it read is unchanged.
  std::optional<std::string> lookup(const std::string &Key);

  /// Keeps \p Archive, the outcome \p Outcome, under \p Key.
  void store(const std::string &Key, const std::string &Archive,
             const FileOutcome &Outcome);

  /// Removes the least recently used entries past the bound; how many.
  size_t evict();

  size_t hits() const { return Hits; }
  size_t misses() const { return Misses; }
  const std::string &directory() const { return Dir; }

private:
  /// A digest of \p Path's content, once per run; empty where unreadable.
  std::string contentDigest(const std::string &Path);
  std::string entryPath(const std::string &Key) const;

  std::string Dir;
  uint64_t MaxBytes;
  std::string Build; // toolBuildDigest(), once
  std::mutex Mutex;
  std::map<std::string, std::string> Digests;
  std::atomic<size_t> Hits{0}, Misses{0};
};

} // namespace cudacoalesce

#endif
