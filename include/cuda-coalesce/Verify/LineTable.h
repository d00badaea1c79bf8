//===- Verify/LineTable.h - nvcc's line table of the SASS -------*- C++ -*-===//
//
// Where nvcc says each SASS instruction comes from, for the instructions
// Nsight Compute lists only under a CUDA or library header (an inlined
// bf16 store, __ldg, an atomicAdd): `nvdisasm -gi -c` prints before an
// instruction the chain of inlined frames
//   //## File "cuda_bf16.hpp", line 113 inlined at "k.cu", line 108
//   //## File "k.cu", line 108
// (innermost first); an instruction without such comments keeps the
// frames of the one before it. The line table is matched to the profiled
// kernel by its instructions: one function whose opcodes agree at every
// address ncu measured, at one load address (matchFunction).
//
// Without a line table, the PTX (`nvcc -lineinfo -ptx`, or `cuobjdump
// -ptx` of the program) says where a header line was inlined: its memory
// instructions' `.loc ... inlined_at FILE LINE` (PtxInlining).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_VERIFY_LINETABLE_H
#define CUDA_COALESCE_VERIFY_LINETABLE_H

#include "cuda-coalesce/Verify/Measurement.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace cudacoalesce::verify {

/// A source position: (file as nvcc wrote it, line).
using Frame = std::pair<std::string, unsigned>;

struct TableInstruction {
  uint64_t Offset = 0;
  std::string Text, Opcode;
  std::vector<Frame> Chain; // innermost first
};

class LineTable {
public:
  /// Adds the functions of one `nvdisasm -gi -c` output. A function of a
  /// name already read (the same kernel in another cubin of the program)
  /// is kept apart, under its name and "#N".
  void read(llvm::StringRef Text);
  bool empty() const { return Functions.empty(); }
  size_t functions() const { return Functions.size(); }

  /// The function whose instructions agree, at one load address, with
  /// every instruction ncu measured (address -> SASS text) of the kernel
  /// named \p Kernel (verify's normalised name): those whose demangled name
  /// is the kernel's are tried first, and the first of them that fits is
  /// the answer; otherwise the one function that fits.
  std::optional<std::pair<std::string, uint64_t>>
  matchFunction(const std::map<uint64_t, std::string> &Measured,
                llvm::StringRef Kernel) const;
  /// The chain of the instruction at \p Offset of \p Function.
  const std::vector<Frame> *chainAt(const std::string &Function,
                                    uint64_t Offset) const;

private:
  struct Function {
    std::vector<TableInstruction> Code;
    std::map<uint64_t, size_t> AtOffset; // into Code
  };
  std::optional<uint64_t>
  loadAddress(const Function &F,
              const std::vector<std::pair<uint64_t, std::string>> &Want) const;

  std::map<std::string, Function> Functions;
  std::multimap<std::string, std::string> ByKernel; // demangled -> key
};

/// Where the PTX says header lines were inlined, per PTX function.
class PtxInlining {
public:
  void read(llvm::StringRef Text);
  bool empty() const { return Functions.empty(); }
  /// (file name, line, operation) of a header line -> the call sites
  /// (file name, line) it was inlined at, for memory instructions of
  /// \p Space, merged over the functions whose mangled name holds the
  /// kernel's (all functions when none does). File names without their
  /// folders.
  using Sites =
      std::map<std::tuple<std::string, unsigned, Operation>, std::set<Frame>>;
  Sites sitesFor(llvm::StringRef Kernel, Memory Space) const;

private:
  std::map<std::string, std::map<Memory, Sites>> Functions;
};

/// The file name of a path, without its folders.
llvm::StringRef fileNameOf(llvm::StringRef Path);

} // namespace cudacoalesce::verify

#endif
