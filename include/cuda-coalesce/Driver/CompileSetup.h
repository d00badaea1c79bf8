//===- Driver/CompileSetup.h - From a build command to a device parse -*- C++
//-*-===//
//
// Turns a compile command (from compile_commands.json, from `-- flags`, or
// the defaults) into the Clang command that parses the device side only:
// --cuda-device-only -fsyntax-only, the GPU arch, the CUDA toolkit (or the
// built-in shim), the resource directory of the Clang we link. Flags that
// would load or run code, or write files, are dropped: linting a pull
// request must never run its code.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_COMPILESETUP_H
#define CUDA_COALESCE_DRIVER_COMPILESETUP_H

#include <optional>
#include <string>
#include <vector>

namespace cudacoalesce {

struct ToolchainSetup {
  std::string Arch = "sm_90"; // from --arch, unless the command names one
  std::string CudaPath;       // empty: use the built-in shim
  std::string ResourceDir;    // Clang's, baked in at build time
};

/// Where the CUDA toolkit is: \p Explicit (--cuda-path) if given, else
/// $CUDA_PATH, nvcc on PATH, /usr/local/cuda. Returns "" when none exists;
/// sets \p Error when \p Explicit names a directory without CUDA headers.
std::string findCudaToolkit(const std::string &Explicit, std::string &Error);

/// \p Command with its response files spliced in: `@FILE` (GCC and Clang)
/// and nvcc's `--options-file FILE` / `-optf FILE` (CMake's Makefiles
/// generator puts include paths there). Relative paths start at
/// \p Directory, the command's; an unreadable file adds nothing.
std::vector<std::string>
expandResponseFiles(const std::vector<std::string> &Command,
                    const std::string &Directory, unsigned Depth = 0);

/// An nvcc command (as CMake's CUDA language writes it) as the Clang flags
/// that matter to a parse: include paths, macros, -std, forced includes,
/// -fgpu-rdc, the sources, and --cuda-gpu-arch from -arch/-gencode (the
/// first one named). Response files are expanded first (\p Directory).
std::vector<std::string>
translateNvccCommand(const std::vector<std::string> &Command,
                     const std::string &Directory = "");

/// The device-side parse command for \p Command (argv[0] first, the source
/// among the arguments); nvcc commands are translated first. Flags that
/// load code or write files are dropped, -Xclang pairs that pass one too.
std::vector<std::string>
deviceParseCommand(const std::vector<std::string> &Command,
                   const ToolchainSetup &Setup,
                   const std::string &Directory = "");

/// The command of \p File as a Clang tool (clangd, clang-tidy, any other
/// LibTooling tool) takes it, so that it parses what the analysis parses:
/// for a CUDA file or an nvcc command, Clang's driver with `-x cuda
/// --cuda-device-only --cuda-gpu-arch=`, the toolkit's (or the shim's)
/// headers, nvcc's flags translated, response files expanded, the flags
/// that load code or write files dropped. Other commands (host C++) are
/// returned as they are. No -fsyntax-only and no resource directory: the
/// tool adds its own.
std::vector<std::string>
clangToolCommand(const std::vector<std::string> &Command,
                 const std::string &File, const std::string &Directory,
                 const ToolchainSetup &Setup);

/// Whether \p File is CUDA: a .cu or .cuh, or -x cuda in its \p Command.
bool looksLikeCudaSource(const std::string &File,
                         const std::vector<std::string> &Command);

/// \p Path made absolute against \p Directory (a compile command's, when
/// it is relative and the directory is known), without . and .. parts.
std::string absolutePath(const std::string &Path, const std::string &Directory);

/// The built-in CUDA header shim's include directory: PREFIX/share/
/// cuda-coalesce/shim/include beside an installed binary, else the source
/// tree's.
const char *shimIncludeDir();

/// The header force-included with a real toolkit (what nvcc declares and
/// Clang does not), found as shimIncludeDir is.
const char *compatHeader();

/// The resource directory baked in at build time.
const char *defaultResourceDir();

} // namespace cudacoalesce

#endif
