//===- Verify/SassOpcodes.cpp - Which SASS instructions are measured ------===//
#include "cuda-coalesce/Verify/SassOpcodes.h"

#include "cuda-coalesce/Verify/SourcePage.h"

#include "llvm/ADT/StringSwitch.h"

namespace cudacoalesce::verify {

namespace {

struct Opcode {
  Operation Op;
  bool Shared; // LDS, STS, ATOMS...: shared memory whatever ncu's column
};

std::optional<Opcode> opcodeKind(llvm::StringRef Base) {
  using O = Operation;
  return llvm::StringSwitch<std::optional<Opcode>>(Base)
      .Cases({"LDG", "LDGSTS", "LD"}, Opcode{O::Load, false})
      .Cases({"STG", "ST"}, Opcode{O::Store, false})
      .Cases({"ATOMG", "REDG", "ATOM", "RED"}, Opcode{O::Atomic, false})
      .Cases({"LDS", "LDSM"}, Opcode{O::Load, true})
      .Cases({"STS", "STSM"}, Opcode{O::Store, true})
      .Cases({"ATOMS", "REDS"}, Opcode{O::Atomic, true})
      .Default(std::nullopt);
}

} // namespace

llvm::StringRef opcodeOf(llvm::StringRef Sass) {
  Sass = Sass.ltrim(" \t{");
  if (Sass.starts_with("@"))
    Sass = Sass.split(' ').second.ltrim();
  return Sass.take_until(
      [](char C) { return C == ' ' || C == '\t' || C == ';'; });
}

std::optional<MemoryAccess> memoryAccessOf(const PageInstruction &I) {
  std::optional<Opcode> K = opcodeKind(opcodeOf(I.Sass).split('.').first);
  if (!K)
    return std::nullopt;
  if (K->Shared)
    return MemoryAccess{K->Op, Memory::Shared};
  // What ncu saw the instruction reach: global where it moved global
  // sectors or the column says so, and where the column says nothing ("-":
  // it never ran; "Generic"); else shared or local memory by the column (a
  // generic LD that reached them).
  llvm::StringRef Space = I.AddressSpace;
  if (Space.contains("Global") || I.Sectors != 0 || I.IdealSectors != 0 ||
      Space == "-" || Space == "Generic")
    return MemoryAccess{K->Op, Memory::Global};
  if (Space.contains("Shared"))
    return MemoryAccess{K->Op, Memory::Shared};
  return std::nullopt;
}

} // namespace cudacoalesce::verify
