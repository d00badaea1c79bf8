//===- Verify/Names.h - Kernel and file names across tools ------*- C++ -*-===//
//
// Nsight Compute, nvdisasm (through the demangler) and the analyzer spell a
// template instance differently: ncu writes `tstride<(int)4>` and
// `k<(bool)1>`, the analyzer (Clang) `tstride<4>`, `k<true>` and `k<4U>`.
// The normalised name is what they are joined on. And a source file is the
// user's or a library's (the CUDA toolkit, CUB, thrust, libcu++, the
// system's headers): instructions ncu lists only under a library file are
// filed at a line of the user's code (Verify/Attribution.h).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_VERIFY_NAMES_H
#define CUDA_COALESCE_VERIFY_NAMES_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace cudacoalesce::verify {

/// "void tscale<float>(T1 *, const T1 *, T1)" -> "tscale<float>": the name
/// without the return type and the parameter list.
std::string kernelOfSignature(llvm::StringRef Signature);
/// The name kernels are joined on: no spaces, no casts or suffixes on
/// integer template arguments, (bool)1 as true.
std::string normalizeKernel(llvm::StringRef Name);
/// Whether \p Path is a library's header (the CUDA toolkit's, CUB,
/// thrust, libcu++, the compiler's and the system's), not the user's code.
bool isLibraryFile(llvm::StringRef Path);

} // namespace cudacoalesce::verify

#endif
