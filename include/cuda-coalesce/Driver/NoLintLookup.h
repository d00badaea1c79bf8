//===- Driver/NoLintLookup.h - NOLINT comments at Clang locations -*- C++
//-*-===//
//
// Whether a finding at a source location is silenced by a NOLINT comment
// that names it by any of its names (Policy/CheckNames.def), as clang-tidy
// looks: at the spelling location, then up each macro expansion. Each
// file's comments are read once.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_NOLINTLOOKUP_H
#define CUDA_COALESCE_DRIVER_NOLINTLOOKUP_H

#include "cuda-coalesce/Policy/NoLint.h"

#include "clang/Basic/SourceManager.h"

#include <map>
#include <optional>

namespace cudacoalesce {

class NoLintLookup {
public:
  explicit NoLintLookup(const clang::SourceManager &SM) : SM(SM) {}

  bool silenced(clang::SourceLocation Loc) {
    for (; Loc.isValid(); Loc = SM.getImmediateExpansionRange(Loc).getBegin()) {
      auto [File, Offset] = SM.getDecomposedSpellingLoc(Loc);
      auto It = Indexes.find(File);
      if (It == Indexes.end()) {
        std::optional<llvm::StringRef> Buffer = SM.getBufferDataOrNone(File);
        It = Indexes
                 .emplace(File, Buffer ? std::optional<NoLintIndex>(*Buffer)
                                       : std::nullopt)
                 .first;
      }
      if (It->second && It->second->suppressesFinding(Offset))
        return true;
      if (!Loc.isMacroID())
        break;
    }
    return false;
  }

private:
  const clang::SourceManager &SM;
  std::map<clang::FileID, std::optional<NoLintIndex>> Indexes;
};

} // namespace cudacoalesce

#endif
