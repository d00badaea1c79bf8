//===- Driver/SpacedLaunchFileSystem.h - `k<< <g, b>>>` as nvcc reads it -===//
//
// nvcc reads a launch whose chevrons a formatter spaced apart (`k<< <grid,
// block>>>(...)`, as older clang-format writes CUDA) as a launch; Clang
// lexes `<<` and `<` and fails the host function, so the launch and its
// block shape were lost (a (16,16) block analysed as the assumed one: 32
// sectors predicted, 16 measured). The analysis reads the program's CUDA
// files through this file system, which closes such gaps in what it reads
// (`<<< ` for `<< <`: same length, so every line and column stays where it
// is). The files on disk are never changed.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_SPACEDLAUNCHFILESYSTEM_H
#define CUDA_COALESCE_DRIVER_SPACEDLAUNCHFILESYSTEM_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>
#include <string>

namespace cudacoalesce {

/// \p Text with every launch's spaced chevrons `<< <` (spaces or tabs
/// between, then `>>>` before the statement ends) closed to `<<< `; nullopt
/// where there is none. `operator<< <T>` is left alone.
std::optional<std::string> closeSpacedLaunches(llvm::StringRef Text);

/// \p Base, with the CUDA sources and headers it holds (.cu, .cuh) read
/// through closeSpacedLaunches.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
spacedLaunchFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base);

} // namespace cudacoalesce

#endif
