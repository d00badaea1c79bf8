//===- Verify/SassOpcodes.h - Which SASS instructions are measured -*- C++
//-*-=//
//
// The catalogue of the SASS memory instructions verify counts (sm_70 to
// sm_90), and which memory each reaches:
//   global: LDG, LDGSTS (load), STG (store), ATOMG, REDG (atomic)
//   shared: LDS, LDSM (load), STS, STSM (store), ATOMS, REDS (atomic)
//   generic: LD, ST, ATOM, RED: global unless Nsight Compute's "Address
//   Space" column says the instruction reached shared memory (then shared)
//   or local memory (not counted); an instruction that never executed has
//   "-" there and stays global.
// Everything else (LDC constant loads, LDL/STL local memory, texture and
// bulk-copy instructions) is not counted.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_VERIFY_SASSOPCODES_H
#define CUDA_COALESCE_VERIFY_SASSOPCODES_H

#include "cuda-coalesce/Verify/Measurement.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace cudacoalesce::verify {

struct PageInstruction;

/// "@!P0 LDG.E.128 R4, desc[UR4][R2.64]" -> "LDG.E.128".
llvm::StringRef opcodeOf(llvm::StringRef Sass);

struct MemoryAccess {
  Operation Op;
  Memory Space;
};
/// The memory instruction \p I is, or nullopt when verify does not count
/// it.
std::optional<MemoryAccess> memoryAccessOf(const PageInstruction &I);

} // namespace cudacoalesce::verify

#endif
