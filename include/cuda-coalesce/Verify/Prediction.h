//===- Verify/Prediction.h - The analyzer's accesses, as verify reads them -*-
// C++ -*-===//
//
// The predictions verify judges, read from the analyzer's JSON output
// (`cuda-coalesce --format=json`, its "accesses" array) whether the
// analysis ran in this process or earlier: one reader, the documented
// keys. Global accesses carry sectors, shared ones wavefronts; both are
// "units" here.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_VERIFY_PREDICTION_H
#define CUDA_COALESCE_VERIFY_PREDICTION_H

#include "cuda-coalesce/Verify/LineTable.h"
#include "cuda-coalesce/Verify/Measurement.h"

#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace cudacoalesce::verify {

struct PredictedAccess {
  size_t Index = 0; // in the "accesses" array
  std::string File;
  unsigned Line = 0, Column = 0, EndLine = 0;
  std::string Kernel; // as the analyzer names it
  /// As Nsight Compute names it (enum template arguments as casts,
  /// `k<(Phase)0>`), where that differs from Kernel; else empty.
  std::string ProfilerKernel;
  std::string Expression;
  Operation Op = Operation::Load;
  Memory Space = Memory::Global;
  std::optional<Dim3> Block;
  std::optional<Dim3> Grid; // its launch's, where the analyzer knew it
  std::string Pattern;
  std::optional<double> PerRequest; // null: only the range is known
  double Min = 0, Max = 0;          // over warps and unknown values
  /// The range a count that is not exact stands for: a sample's, or every
  /// size's where the count assumed sizes aligned.
  std::optional<double> Low, High;
  std::optional<double> Ideal;
  std::optional<double> RequestsPerLaunch, UnitsPerLaunch;
  /// Where the launch's are not known: a block's (the weight beside the
  /// other accesses of the line).
  std::optional<double> RequestsPerBlock;
  std::vector<Frame> CallChain; // the calls it is reached through, the
                                // kernel's own first
  /// The file of the kernel's body: where its outermost call is, else
  /// where the access is.
  std::string KernelFile;
  std::vector<unsigned> AlsoFiledUnder; // lines nvcc may file it under
  std::string LaunchValues; // its launch's grid and arguments, where known
  std::string Launch; // the launch it was analysed under (its first
                      // assumption: "block (256,1,1) from the launch at ...")
};

/// The name \p P joins measured launches by: ncu's, normalised.
std::string joinedKernelName(const PredictedAccess &P);

/// Reads the "accesses" of one analyzer JSON document; false with
/// \p Error when it is not one.
bool readPredictions(const llvm::json::Value &Document,
                     std::vector<PredictedAccess> &Out, llvm::json::Array &Raw,
                     std::string &Error);

} // namespace cudacoalesce::verify

#endif
