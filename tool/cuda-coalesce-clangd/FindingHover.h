//===- FindingHover.h - The check's findings in the editor's hover -*- C++ -*-//
//
// clangd's hover describes the symbol under the cursor, and clangd 22 gives
// a linked-in module no way to add to it: a FeatureModule contributes LSP
// methods, tweaks and AST listeners, none of them hover (and Debian installs
// no clangd headers to build one against). The diagnostic carries the notes
// as related information, which some editors show when the pointer rests on
// the squiggle and others (Neovim's K, Emacs' eldoc) do not. So the proxy
// between the editor and clangd (EditorProxy) keeps the check's diagnostics
// that clangd publishes and, when the editor asks for a hover inside one,
// adds the finding with its notes (the index, the lanes, each fix and its
// predicted count) after clangd's own text.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_CLANGD_FINDINGHOVER_H
#define CUDA_COALESCE_CLANGD_FINDINGHOVER_H

#include "llvm/Support/JSON.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace cudacoalesce::clangd {

class FindingHover {
public:
  /// A message from the editor to clangd (read, never changed).
  void fromEditor(const llvm::json::Object &Message);
  /// A message from clangd to the editor; true when it was changed (a
  /// hover's answer with findings added).
  bool fromServer(llvm::json::Object &Message);
  /// Whether a hover awaits its answer: only then must clangd's replies be
  /// read.
  bool awaitingHover() const;

  /// LSP positions: 0-based line and character.
  struct Position {
    int64_t Line = 0, Character = 0;
    bool operator<=(const Position &O) const {
      return Line < O.Line || (Line == O.Line && Character <= O.Character);
    }
  };

  /// The text added to a hover for \p Diagnostics (LSP Diagnostic objects
  /// of the check) of the document \p Uri.
  static std::string
  render(llvm::ArrayRef<const llvm::json::Object *> Diagnostics,
         llvm::StringRef Uri, bool Markdown);

private:
  struct Request {
    std::string Uri;
    Position At;
  };

  mutable std::mutex Mutex;
  bool Markdown = false;
  std::map<std::string, std::vector<llvm::json::Object>> FindingsByUri;
  std::map<std::string, Request> PendingById;

  /// Adds the findings at R's place to clangd's answer \p Message; true
  /// when there were some.
  bool answer(llvm::json::Object &Message, const Request &R);
};

} // namespace cudacoalesce::clangd

#endif
