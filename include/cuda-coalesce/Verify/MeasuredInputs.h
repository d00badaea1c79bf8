//===- Verify/MeasuredInputs.h - Pages and tables into measurements -*- C++
//-*-===//
//
// Reads what --measured names: a source page (NAME.csv), with the raw page
// NAME.raw.csv (launch shapes), the line table NAME.sass (`nvdisasm -gi
// -c`) and the PTX NAME.ptx beside it when they exist, as
// runtime-bench/measure.sh and tools/real-code/*-check.sh write them; a raw
// page named with --measured pairs with the source page of its name; a
// measurements JSON of runtime-bench/parse_ncu.py is read as it is. Line
// tables and PTX named with --line-table and --ptx serve every page that
// has none beside it.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_VERIFY_MEASUREDINPUTS_H
#define CUDA_COALESCE_VERIFY_MEASUREDINPUTS_H

#include "cuda-coalesce/Verify/Measurement.h"

#include <string>
#include <vector>

namespace cudacoalesce::verify {

struct MeasuredSources {
  std::vector<std::string> Pages;
  std::vector<std::string> LineTables;
  std::vector<std::string> Ptx;
};

/// False with \p Error (one line, naming the file) when a file cannot be
/// read or is none of the kinds above.
bool loadMeasurements(const MeasuredSources &Sources, Measurements &Out,
                      std::string &Error);

} // namespace cudacoalesce::verify

#endif
