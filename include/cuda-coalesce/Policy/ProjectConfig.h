//===- Policy/ProjectConfig.h - .cuda-coalesce.yaml -------------*- C++ -*-===//
//
// A project's settings, in a `.cuda-coalesce.yaml` found by walking up from
// each source file's directory. The nearest file wins, whole: files in
// parent directories are not merged into it (as with a .clang-tidy without
// InheritParentConfig). Every key is optional:
//
//   block-dim:                # kernel name or glob -> X[,Y[,Z]]
//     transpose: 32,8         #   (or [32, 8]); the first match in file
//     "reduce*": 256          #   order wins
//   skip:                     # globs relative to this file's directory
//     - third_party           #   (a directory skips everything under it)
//     - "*_generated.cu"
//   fail-on: [strided, scattered]  # flagged patterns that fail the run
//
// Globs are llvm::GlobPattern's: `*` (any characters, `/` included), `?`,
// `[abc]`, `{a,b}`. A kernel glob is tried as kernelGlobMatches (in
// Policy/LaunchShapes.h) says. `fail-on` takes misaligned, strided,
// scattered and unknown; without it every flagged pattern fails the run.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_POLICY_PROJECTCONFIG_H
#define CUDA_COALESCE_POLICY_PROJECTCONFIG_H

#include "cuda-coalesce/Frontend/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cudacoalesce {

inline constexpr llvm::StringLiteral ProjectConfigName = ".cuda-coalesce.yaml";

struct ProjectConfig {
  std::string Path;      // the file read
  std::string Directory; // where its relative globs start
  struct KernelShape {
    std::string Kernel; // a name or glob
    model::Dim3 Block;
  };
  std::vector<KernelShape> BlockDims; // in file order
  std::vector<std::string> Skip;
  /// Flagged patterns that fail the run; none: every flagged pattern.
  std::optional<std::set<model::Pattern>> FailOn;
  /// `fail-on-wasted`: a flagged finding fails the run only if it wastes at
  /// least this many global bytes per launch, or bytes amounting to this
  /// share of all its kernel launch moves; one whose count per launch is
  /// not known fails.
  std::optional<double> FailOnWastedBytes, FailOnWastedShare;

  /// Whether \p File (absolute) is, or lies under, a path a skip glob
  /// matches.
  bool skips(llvm::StringRef File) const;
  /// Whether \p F is flagged with a pattern that fails the run, above the
  /// waste threshold; \p KernelBytes: the global bytes per launch of its
  /// kernel launch, where known.
  bool failsOn(const Finding &F,
               std::optional<double> KernelBytes = std::nullopt) const;
};

/// "64MiB", "1GB", "4096" (bytes) or "10%" (a share, returned as 0.1 with
/// \p IsShare set); nullopt when \p Text is neither.
std::optional<double> parseWasteAmount(llvm::StringRef Text, bool &IsShare);

/// Parses \p Text read from \p Path (used for messages and the directory).
/// A block shape written "X[,Y[,Z]]" (a command-line or configuration
/// value), with every extent positive and at most 1024 threads; nullopt
/// otherwise.
std::optional<model::Dim3> parseBlockShape(const std::string &Text);

/// On failure, sets \p Error to "PATH:LINE:COLUMN: what is wrong".
std::optional<ProjectConfig> parseProjectConfig(llvm::StringRef Text,
                                                llvm::StringRef Path,
                                                std::string &Error);

/// Finds and caches the configuration of each source file.
class ProjectConfigs {
public:
  /// The configuration nearest to \p SourceFile, or null when no directory
  /// above it has one. When the nearest cannot be read or parsed, returns
  /// null and sets \p Error.
  const ProjectConfig *forFile(llvm::StringRef SourceFile, std::string &Error);

private:
  struct Loaded {
    std::optional<ProjectConfig> Config;
    std::string Error;
  };
  /// Per directory visited: the file that governs it (null: none).
  std::map<std::string, std::shared_ptr<Loaded>> ByDirectory;
};

} // namespace cudacoalesce

#endif
