//===- Report/RunInfo.cpp - What a report says besides findings -----------===//
#include "cuda-coalesce/Report/RunInfo.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

namespace cudacoalesce {

std::string RunInfo::relative(llvm::StringRef Path) const {
  if (SourceRoot.empty())
    return Path.str();
  llvm::SmallString<256> P(Path);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  llvm::StringRef Rest = P;
  if (Rest.consume_front(SourceRoot) && Rest.consume_front("/"))
    return Rest.str();
  return Path.str();
}

std::string RunInfo::relativeText(llvm::StringRef Text) const {
  if (SourceRoot.empty())
    return Text.str();
  std::string Prefix = SourceRoot + "/";
  std::string Out;
  while (!Text.empty()) {
    size_t At = Text.find(Prefix);
    if (At == llvm::StringRef::npos) {
      Out += Text;
      break;
    }
    // Only a whole path: what comes before is not part of a longer one.
    bool Starts =
        At == 0 || llvm::StringRef(" ('\"`<[=").contains(Text[At - 1]);
    Out += Text.take_front(At);
    if (!Starts)
      Out += Prefix;
    Text = Text.drop_front(At + Prefix.size());
  }
  return Out;
}

} // namespace cudacoalesce
