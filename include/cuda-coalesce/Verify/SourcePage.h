//===- Verify/SourcePage.h - Nsight Compute's source page, read -*- C++ -*-===//
//
// The page `ncu -i R.ncu-rep --page source --csv --print-source cuda,sass`
// prints, and the raw page (`--page raw --csv`) that gives each profiled
// launch its block and grid. The source page is a run of blocks, one per
// (profiled launch, source file that holds SASS of it):
//
//   "File Path","<source file>"
//   "Function Name","<demangled kernel signature>"
//   "Line No","Source","Address","Source",<metric columns...>   <- per block
//   "<line>","<cuda text>","-","-",<line totals>                 <- a line
//   "","","0x...","<sass text>",<metrics>                        <- its SASS
//
// Under each line every SASS row is listed twice (a first pass with "..."
// rows between runs of addresses, then again): rows are kept once per
// (launch, file, line, address). The metric columns differ from block to
// block, so every block is read through its own header. A new launch
// starts where the function changes or where a (function, file) block
// repeats (the same kernel profiled again).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_VERIFY_SOURCEPAGE_H
#define CUDA_COALESCE_VERIFY_SOURCEPAGE_H

#include "llvm/ADT/StringRef.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace cudacoalesce::verify {

/// The fields of one CSV record (RFC 4180: quoted fields, "" for a quote).
std::vector<std::string> splitCsvRecord(llvm::StringRef Record);
/// Every record of a CSV text; a quoted field may span lines.
std::vector<std::vector<std::string>> readCsv(llvm::StringRef Text);
/// A metric cell as a number: "1,048,576" -> 1048576, "32(2)" -> 32 (a
/// value with the count of distinct values), "-" or "" or "n/a" -> 0.
double cellNumber(llvm::StringRef Cell);

/// One SASS instruction of the page, with the metrics verify reads.
struct PageInstruction {
  std::string Address; // "0x7fce1b7a1b00", as printed
  std::string Sass;    // "@!P0 LDG.E.128 R4, desc[UR4][R2.64]"
  double Executed = 0; // Instructions Executed: warp-level, a warp whose
                       // lanes are all predicated off included
  double ThreadExecuted = 0, PredicatedOnThreadExecuted = 0;
  double Sectors = 0, IdealSectors = 0;       // L2 Theoretical Sectors Global
  double Wavefronts = 0, IdealWavefronts = 0; // L1 Wavefronts Shared
  std::string AddressSpace;                   // "Global", "Generic", "-"
};

struct PageLine {
  unsigned Line = 0;
  std::string Text;    // the CUDA source line
  double Executed = 0; // the line's total, for the consistency check
  std::vector<PageInstruction> Instructions; // each address once
};

/// The lines of one source file that hold SASS of one launch.
struct PageBlock {
  std::string File;
  std::vector<PageLine> Lines;
};

/// One profiled launch.
struct PageLaunch {
  std::string Signature; // "void tstride<(int)4>(float *, const float *)"
  std::vector<PageBlock> Blocks;
};

struct SourcePage {
  std::vector<PageLaunch> Launches;
  size_t RepeatedRows = 0;  // rows listed again (each SASS row is twice)
  size_t DifferingRows = 0; // repeated rows whose values differ
};

/// Reads a source page; false with \p Error when the text is not one.
bool parseSourcePage(llvm::StringRef Text, SourcePage &Page,
                     std::string &Error);

/// One launch of the raw page, in profiling order.
struct RawLaunch {
  std::string Signature;
  std::optional<std::array<unsigned, 3>> Block, Grid;
};
/// Reads a raw page (`--page raw --csv`); false with \p Error when the
/// text is not one.
bool parseRawPage(llvm::StringRef Text, std::vector<RawLaunch> &Launches,
                  std::string &Error);
/// "(256, 1, 1)" or "256" -> {256, 1, 1}; nullopt for anything else.
std::optional<std::array<unsigned, 3>> parseDim3(llvm::StringRef Text);

/// Whether a CSV text is a source page, a raw page, or neither, by its
/// first record.
enum class PageKind { Source, Raw, Other };
PageKind pageKindOf(llvm::StringRef Text);

} // namespace cudacoalesce::verify

#endif
