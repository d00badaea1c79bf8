//===- Verify/Profiler.h - The program under Nsight Compute -----*- C++ -*-===//
//
// Runs the user's program under Nsight Compute with the source counters
// and the sources imported:
//   ncu --section SourceCounters --import-source yes [FILTERS] -f -o R PROG
//   ARGS
// (FILTERS: the kernel and launch filters given, else one launch per
// kernel: --kernel-id ::regex:.*:1), then exports the source page and the
// raw page (launch shapes):
//   ncu -i R.ncu-rep --page source --csv --print-source cuda,sass > R.csv
//   ncu -i R.ncu-rep --page raw --csv --metrics launch__block_size,... >
//   R.raw.csv
// and, where cuobjdump and nvdisasm are found, nvcc's line table
// (`cuobjdump -xelf all PROG`, `nvdisasm -gi -c` of each cubin, retried on
// a copy whose ELF header an older nvdisasm reads) and the PTX
// (`cuobjdump -ptx PROG`): R.sass and R.ptx, which MeasuredInputs reads
// beside R.csv.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_VERIFY_PROFILER_H
#define CUDA_COALESCE_VERIFY_PROFILER_H

#include <string>
#include <vector>

namespace cudacoalesce::verify {

struct ProfileRequest {
  std::vector<std::string> Program; // the program and its arguments
  std::string Ncu;                  // explicit; else found (findTool)
  /// Filters as ncu takes them (--kernel-name X, --launch-count N, ...);
  /// empty: one launch per kernel.
  std::vector<std::string> Filters;
  std::vector<std::string> ExtraNcuArgs;
  std::string WorkDir; // exists; R.* are written here
  bool LineTable = true;
};

enum class ProfileStatus {
  Done,
  NoProfiler,    // ncu not found
  ProgramFailed, // ncu or the program exited with an error
  NothingProfiled,
  ExportFailed,
};

struct ProfileResult {
  ProfileStatus Status = ProfileStatus::Done;
  std::string Error;      // one line, when not Done
  std::string SourcePage; // R.csv
  std::vector<std::string> Notes;
};

ProfileResult profile(const ProfileRequest &Request);

/// The named CUDA tool: \p Explicit, else on PATH, in $CUDA_PATH/bin,
/// /usr/local/cuda/bin, or (ncu) /opt/nvidia/nsight-compute/*/; empty when
/// none exists.
std::string findTool(const std::string &Name, const std::string &Explicit);

} // namespace cudacoalesce::verify

#endif
