//===- Verify/SassOpcodes.cpp - Which SASS instructions are measured ------===//
#include "cuda-coalesce/Verify/SassOpcodes.h"

#include "cuda-coalesce/Verify/SourcePage.h"

#include "llvm/ADT/StringSwitch.h"

namespace cudacoalesce::verify {

namespace {

enum class Reach { Global, Shared, Generic };

struct Opcode {
  Operation Op;
  Reach Where;
};

std::optional<Opcode> opcodeKind(llvm::StringRef Base) {
  using O = Operation;
  using R = Reach;
  return llvm::StringSwitch<std::optional<Opcode>>(Base)
      .Cases({"LDG", "LDGSTS"}, Opcode{O::Load, R::Global})
      .Case("STG", Opcode{O::Store, R::Global})
      .Cases({"ATOMG", "REDG"}, Opcode{O::Atomic, R::Global})
      .Cases({"LDS", "LDSM"}, Opcode{O::Load, R::Shared})
      .Cases({"STS", "STSM"}, Opcode{O::Store, R::Shared})
      .Cases({"ATOMS", "REDS"}, Opcode{O::Atomic, R::Shared})
      .Case("LD", Opcode{O::Load, R::Generic})
      .Case("ST", Opcode{O::Store, R::Generic})
      .Cases({"ATOM", "RED"}, Opcode{O::Atomic, R::Generic})
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
  if (K->Where == Reach::Shared)
    return MemoryAccess{K->Op, Memory::Shared};
  // What ncu saw the instruction reach: an explicitly global one keeps its
  // place (no sectors where it never ran); a generic one that moved no
  // global sectors is shared or local memory by the column, global where
  // the column has nothing ("-", "Generic").
  llvm::StringRef Space = I.AddressSpace;
  if (Space.contains("Global") || I.Sectors != 0 || I.IdealSectors != 0 ||
      Space == "-" || Space == "Generic")
    return MemoryAccess{K->Op, Memory::Global};
  if (Space.contains("Shared"))
    return MemoryAccess{K->Op, Memory::Shared};
  return std::nullopt;
}

} // namespace cudacoalesce::verify
