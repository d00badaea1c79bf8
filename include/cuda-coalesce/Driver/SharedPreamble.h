//===- Driver/SharedPreamble.h - CUDA headers once per run ------*- C++ -*-===//
//
// Most of a file's device-side parse is the CUDA headers: Clang's wrapper
// (__clang_cuda_runtime_wrapper.h) and our forced include (the toolkit's
// compat header, or the shim's cuda_runtime.h). Files of one run whose
// device parse commands are the same (but for the source) share a
// precompiled header of those includes, built once, in-process, from an
// empty .cu file under that very command, and loaded with -include-pch.
//
// A preamble is built only for a command that at least two files share, and
// only when the command has no forced include of its own (-include,
// -imacros, -include-pch, ...): with a PCH, ours would come before the
// user's instead of after it. When a build fails, its files are parsed as
// before. Clang checks the PCH against the command when it loads it; the
// command is the key, so they match.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_SHAREDPREAMBLE_H
#define CUDA_COALESCE_DRIVER_SHAREDPREAMBLE_H

#include "cuda-coalesce/Driver/CompileSetup.h"
#include "cuda-coalesce/Driver/Isolation.h"

#include "clang/Tooling/ArgumentsAdjusters.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
}

namespace cudacoalesce {

struct PreambleStats {
  unsigned Built = 0;  // precompiled headers written
  unsigned Failed = 0; // builds that failed (their files parse as before)
  /// Files given one (each file is parsed in a process of its own, so what
  /// its parse did is not seen here).
  unsigned FilesUsing = 0;
  /// Files left without one: their own search paths hold a header of the
  /// same name as one the preamble read.
  unsigned Shadowed = 0;
};

class SharedPreambles {
public:
  /// Builds the preambles that \p Files (paths as given to the run) share
  /// under their commands in \p DB, up to \p Jobs at once: each in a child
  /// process under \p Limits (Driver/Isolation.h), or on threads of this
  /// one when \p Limits is null. Files that do not exist, are not CUDA, or
  /// have several commands get none.
  SharedPreambles(const std::vector<std::string> &Files,
                  const clang::tooling::CompilationDatabase &DB,
                  const ToolchainSetup &Toolchain, unsigned Jobs = 1,
                  const ChildLimits *Limits = nullptr);
  /// Removes the precompiled headers.
  ~SharedPreambles();
  SharedPreambles(const SharedPreambles &) = delete;
  SharedPreambles &operator=(const SharedPreambles &) = delete;

  /// To run after the device parse adjuster, for the file \p File (as given
  /// to the run): adds -include-pch when the file's command has a preamble.
  /// Any other command (not the one the key was made from) is left as is.
  clang::tooling::ArgumentsAdjuster adjusterFor(const std::string &File);

  PreambleStats stats() const;

private:
  /// The device parse command without the source (a marker stands for it)
  /// and without the command's own search paths (checked per file against
  /// the headers the preamble read instead, see shadows()).
  using Key = std::vector<std::string>;
  struct Preamble {
    std::string Directory; // of the first file: the build runs there
    std::string PCH;       // empty: none (not shared, or the build failed)
    bool Failed = false;
    /// Header names the build looked up (#include, __has_include).
    std::vector<std::string> Includes;
  };
  struct FileEntry {
    Key K;
    std::string Directory;
    std::vector<std::string> SearchDirs; // the command's own, absolute
    const Preamble *P = nullptr;
  };

  void buildAll(const std::vector<std::pair<const Key *, Preamble *>> &ToBuild,
                unsigned Jobs, const ChildLimits *Limits);
  /// Writes pchPath(Number) for \p K: "built" and the header names it
  /// looked up, one per line; "" when it failed (text, as a child process
  /// hands it back).
  std::string build(const Key &K, const Preamble &P, size_t Number) const;
  std::string pchPath(size_t Number) const;
  /// Whether a search path of \p Entry holds a header \p P looked up.
  static bool shadows(const FileEntry &Entry, const Preamble &P);

  std::string TempDir; // empty when it could not be made
  std::map<Key, Preamble> Preambles;
  std::map<std::string, FileEntry> Files; // by the path given to the run
  unsigned Shadowed = 0;
};

/// The device parse command \p Args of the source \p Source with that
/// source replaced by a marker and the command's own search paths (-I,
/// -isystem, -iquote, -idirafter) left out, into \p SearchDirs (absolute):
/// the part that files sharing a preamble have in common. Empty when the
/// source is not exactly once in it, or when the command forces an include
/// of its own (anything besides the one deviceParseCommand adds).
std::vector<std::string>
preambleKeyArgs(const std::vector<std::string> &Args, const std::string &Source,
                const std::string &Directory,
                std::vector<std::string> *SearchDirs = nullptr);

} // namespace cudacoalesce

#endif
