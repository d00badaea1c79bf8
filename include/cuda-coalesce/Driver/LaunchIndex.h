//===- Driver/LaunchIndex.h - A project's launches, for one file -*- C++
//-*-===//
//
// The CLI analyses a project's files together: a kernel that its own file
// does not launch takes its shapes from the launches in the other files.
// The clang-tidy check and clangd see one translation unit; this index
// gives them the same launches. It is built from the files of the compile
// database that governs the translation unit, as the CLI parses them, once
// per file: kept in memory while the index lives (the check's factory owns
// one: clangd's lifetime, or a clang-tidy run's), and on disk
// under $XDG_CACHE_HOME/cuda-coalesce/launches (else ~/.cache/...), so that
// a clang-tidy process per file (run-clang-tidy) does not parse the project
// again. An entry is used while its file's size and modification time and
// its compile command are those it was made from. Only files whose text
// has `<<<` are parsed (a launch hidden in a macro of another file is not
// seen).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_LAUNCHINDEX_H
#define CUDA_COALESCE_DRIVER_LAUNCHINDEX_H

#include "cuda-coalesce/Driver/CompileSetup.h"
#include "cuda-coalesce/Frontend/KernelAnalysis.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace cudacoalesce {

struct LaunchIndexStats {
  size_t Files = 0;  // CUDA files of the database, the main file aside
  size_t Parsed = 0; // parsed by this call
  size_t FromDisk = 0, FromMemory = 0;
};

class LaunchIndex {
public:
  LaunchIndex();
  ~LaunchIndex();
  LaunchIndex(const LaunchIndex &) = delete;
  LaunchIndex &operator=(const LaunchIndex &) = delete;

  /// The launches of \p Kernels written in the files of the compile
  /// database in \p DatabaseDir other than \p MainFile, parsed with
  /// \p Toolchain. Empty when the database cannot be read or does not list
  /// \p MainFile (its files are then not the main file's project).
  /// Thread-safe.
  LaunchMap projectLaunches(const std::string &DatabaseDir,
                            llvm::StringRef MainFile,
                            const std::vector<std::string> &Kernels,
                            const ToolchainSetup &Toolchain,
                            LaunchIndexStats *Stats = nullptr);

private:
  struct Project; // the files of one database, by absolute path
  Project &projectOf(const std::string &DatabaseDir);

  std::mutex Mutex; // guards Projects, not what they hold
  std::map<std::string, std::unique_ptr<Project>> Projects;
};

/// Where the on-disk entries go; empty when no cache directory is known.
std::string launchCacheDir();

} // namespace cudacoalesce

#endif
