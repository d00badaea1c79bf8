//===- CheckMode.h - cuda-coalesce-clangd --check=FILE ----------*- C++ -*-===//
//
// Stock clangd's --check is a self-test of clangd: it prints only the
// diagnostics that are errors (never the notes), then tries every tweak
// (code action) at every token of the file and exits 3 when any of them
// fails, a failure of clangd's own tweaks that says nothing about the file.
// Here --check=FILE opens FILE as an editor does instead, in a clangd
// session of this same binary (its other flags kept), and prints what the
// editor would show: every diagnostic clangd publishes, warnings too, with
// its notes, as clang prints them. clangd's log goes to stderr as usual.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_CLANGD_CHECKMODE_H
#define CUDA_COALESCE_CLANGD_CHECKMODE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace cudacoalesce::clangd {

/// The exit status of --check=FILE: 0 when the file was checked, whatever
/// it has in it; 2 when it could not be (the file cannot be read, clangd
/// built no AST for it, or the session failed).
enum CheckStatus { CheckDone = 0, CheckFailed = 2 };

/// Checks \p File (as given) with this binary, \p Self, run as a clangd
/// server with \p ServerArgs (argv[1..] without --check). Prints the
/// diagnostics on stdout.
int runCheck(llvm::StringRef Self, llvm::StringRef File,
             llvm::ArrayRef<std::string> ServerArgs);

} // namespace cudacoalesce::clangd

#endif
