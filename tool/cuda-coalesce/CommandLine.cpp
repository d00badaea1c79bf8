//===- tool/cuda-coalesce/CommandLine.cpp - What both commands parse alike ===//
#include "CommandLine.h"

#include "cuda-coalesce/Driver/CompileSetup.h"
#include "cuda-coalesce/Policy/ProjectConfig.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

namespace cudacoalesce {

bool parseOptions(int Argc, const char **Argv, const char *Overview,
                  std::string &Error) {
  std::string Errors;
  llvm::raw_string_ostream Stream(Errors);
  if (llvm::cl::ParseCommandLineOptions(Argc, Argv, Overview, &Stream))
    return true;
  // An invalid value ("--timeout=soon") is reported by the option itself,
  // straight to stderr, in one line; the stream only gets the others.
  llvm::StringRef First = llvm::StringRef(Errors).split('\n').first;
  First.consume_front("cuda-coalesce: ");
  Error = First.str();
  return false;
}

bool applyAnalysisFlags(const AnalysisFlags &Flags, RunOptions &Opts,
                        std::string &Error) {
  Opts.Files = Flags.Files;
  Opts.BuildDir = Flags.BuildDir;
  Opts.Jobs = Flags.Jobs ? Flags.Jobs
                         : llvm::hardware_concurrency().compute_thread_count();
  Opts.Toolchain.Arch = Flags.Arch;
  Opts.Toolchain.ResourceDir = defaultResourceDir();
  if (!Flags.BlockDim.empty()) {
    Opts.Analysis.BlockDim = parseBlockShape(Flags.BlockDim);
    if (!Opts.Analysis.BlockDim) {
      Error = "--block-dim expects X[,Y[,Z]] with at most 1024 threads, got '" +
              Flags.BlockDim + "'";
      return false;
    }
  }
  if (!Flags.NoCudaToolkit) {
    Opts.Toolchain.CudaPath = findCudaToolkit(Flags.CudaPath, Error);
    if (!Error.empty())
      return false;
  }
  return true;
}

} // namespace cudacoalesce
