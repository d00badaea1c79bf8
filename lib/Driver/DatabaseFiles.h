//===- Driver/DatabaseFiles.h - Files of a compile database -----*- C++ -*-===//
//
// What the runner looks up among the other files of a compile database: the
// files that include a header, and the files that launch a kernel.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_DATABASEFILES_H
#define CUDA_COALESCE_DRIVER_DATABASEFILES_H

#include "clang/Tooling/CompilationDatabase.h"

#include <set>
#include <string>
#include <vector>

namespace cudacoalesce {

/// The files of the database that #include \p File (by the path the
/// directive spells, matched against the end of \p File's), first found
/// first; CUDA sources only.
std::vector<std::string>
includersOf(const clang::tooling::CompilationDatabase &DB,
            const std::string &File);

/// The CUDA files of the database other than \p Inputs whose text has a
/// launch and names one of \p Kernels: parsed for their launches only,
/// when those kernels of the inputs have none among them.
std::vector<std::string>
launchersOutside(const clang::tooling::CompilationDatabase &DB,
                 const std::vector<std::string> &Inputs,
                 const std::set<std::string> &Kernels);

} // namespace cudacoalesce

#endif
