//===- Verify/Attribution.h - Instructions to source lines ------*- C++ -*-===//
//
// Files each measured memory instruction of a source page under one line of
// the user's code, and sums each line's instructions per operation and
// memory. Nsight Compute lists an instruction under every line of its
// inline chain that it shows; where one of them is in the user's code (not
// a library header, Verify/Names.h), that line (the kernel's own file
// first, the last listed). An instruction listed only under library
// headers (an inlined atomicAdd, __ldg, a bf16 conversion, a CUB or thrust
// helper) is filed, in this order, at
//   1. the innermost frame in the user's code that nvcc's line table gives
//      it ("line-table"; Verify/LineTable.h), where the table's function
//      matches the launch's instructions;
//   2. the call site the PTX's `.loc ... inlined_at` gives that header
//      line, among the lines of the user's files this launch lists
//      ("ptx-inlined-at"; the one nearest the instruction when several);
//   3. the line of the nearest preceding instruction listed in the user's
//      code, else the nearest following one ("nearest-sass").
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_VERIFY_ATTRIBUTION_H
#define CUDA_COALESCE_VERIFY_ATTRIBUTION_H

#include "cuda-coalesce/Verify/LineTable.h"
#include "cuda-coalesce/Verify/Measurement.h"
#include "cuda-coalesce/Verify/SourcePage.h"

namespace cudacoalesce::verify {

/// What one program's profile gives.
struct ProfileInputs {
  std::string Name; // the page's name, for notes
  const SourcePage *Page = nullptr;
  /// The raw page's launches, in the same order (launch shapes); empty
  /// when there is none.
  std::vector<RawLaunch> Raw;
  const LineTable *Table = nullptr; // may be null or empty
  const PtxInlining *Ptx = nullptr; // may be null or empty
};

/// Adds the launches and measured lines of \p In to \p Out, with notes on
/// what could not be checked.
void measureLines(const ProfileInputs &In, Measurements &Out);

} // namespace cudacoalesce::verify

#endif
