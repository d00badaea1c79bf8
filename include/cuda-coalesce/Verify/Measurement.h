//===- Verify/Measurement.h - What the GPU measured, per line ---*- C++ -*-===//
//
// The measurement verify judges the predictions by: per profiled launch,
// per source line, operation and memory, the line's memory instructions
// with their warp-level executions and their sectors (global memory) or
// wavefronts (shared memory). Made from a source page (Verify/Attribution.h)
// or read from the measurements JSON of runtime-bench/parse_ncu.py
// (Verify/MeasurementsJson.h).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_VERIFY_MEASUREMENT_H
#define CUDA_COALESCE_VERIFY_MEASUREMENT_H

#include <array>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cudacoalesce::verify {

/// A load, store or atomic: the analyzer's access kinds.
enum class Operation {
#define ACCESS_KIND(Name, Spelling) Name,
#include "cuda-coalesce/Frontend/AccessKinds.def"
};
enum class Memory { Global, Shared };
const char *operationName(Operation Op);
const char *memoryName(Memory M);
/// "sectors" for global memory, "wavefronts" for shared memory.
const char *unitName(Memory M);

using Dim3 = std::array<unsigned, 3>;

/// One profiled launch of a kernel.
struct ProfiledLaunch {
  std::string Kernel;    // as ncu names it, without the parameters
  std::string Signature; // ncu's whole signature
  std::string File;      // the kernel's source file
  std::string Page;      // the page or program it came from
  int Index = 0;         // its place among that page's launches
  std::optional<Dim3> Block, Grid;
};

struct MeasuredInstruction {
  std::string Address, Sass;
  double Executed = 0;         // warp-level executions (requests)
  double Units = 0, Ideal = 0; // sectors or wavefronts
};

/// The memory instructions of one operation on one source line, in one
/// launch.
struct MeasuredLine {
  size_t Launch = 0; // index into Measurements::Launches
  std::string File;
  unsigned Line = 0;
  Operation Op = Operation::Load;
  Memory Space = Memory::Global;
  double Executed = 0, Units = 0, Ideal = 0; // sums over Instructions
  std::vector<MeasuredInstruction> Instructions;
  /// How the instructions came to this line: "ncu" (listed under it),
  /// "line-table", "ptx-inlined-at" or "nearest-sass" (listed only under a
  /// CUDA or library header; Verify/Attribution.h), joined with '+'.
  std::string Attribution;
  std::vector<std::string> AlsoListedAt; // "file:line" ncu lists them under
  std::string Source;                    // the line's text, where known

  /// Units per request (executed instruction), rounded to 4 decimals as
  /// the measurements JSON has it; nullopt when nothing executed.
  std::optional<double> perRequest() const;
  std::optional<double> idealPerRequest() const;
};

struct Measurements {
  /// The memories measured: a source page has both; a measurements JSON
  /// written without shared-memory records only global memory.
  std::set<Memory> Spaces;
  std::vector<ProfiledLaunch> Launches;
  std::vector<MeasuredLine> Lines;
  /// What could not be checked, and what the user should know (a program
  /// built without -lineinfo, a line table of another build): Warnings are
  /// said on stderr too.
  std::vector<std::string> Notes, Warnings;
};

/// X rounded to 4 decimals (what every JSON of the project prints).
double round4(double X);

} // namespace cudacoalesce::verify

#endif
