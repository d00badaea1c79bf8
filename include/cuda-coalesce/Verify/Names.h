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
/// integer template arguments, (bool)1 as true, a character argument as its
/// byte ('A', (char)65 and (unsigned char)65 as 65; (char)-56 and '\\xc8' as
/// 200). An enum argument stays a cast, (Phase)0.
std::string normalizeKernel(llvm::StringRef Name);
/// Whether \p Measured (ncu's name, normalised) may be the instance
/// \p Predicted (the analyzer's, normalised) names: every argument the
/// same but for some enum casts, `(ns::I::E)0`, that the analyzer writes
/// as the same cast with the type named without some of its namespaces
/// (`(ns::E)0`: a name written without its inline namespaces) or as an
/// enumerator whose scope fits the type (`ns::RED`, `ns::E::Red`: its value
/// unknown). A weaker join than the names' equality: Join takes it only
/// where it is the one answer both ways.
bool enumArgumentsMatch(llvm::StringRef Measured, llvm::StringRef Predicted);
/// Whether \p Path is a library's header (the CUDA toolkit's, CUB,
/// thrust, libcu++, the compiler's and the system's), not the user's code.
bool isLibraryFile(llvm::StringRef Path);

} // namespace cudacoalesce::verify

#endif
