//===- Driver/SpacedLaunchFileSystem.cpp - `k<< <g, b>>>` as nvcc reads it ===//
#include "cuda-coalesce/Driver/SpacedLaunchFileSystem.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace cudacoalesce {

namespace {

bool isBlank(char C) { return C == ' ' || C == '\t'; }

/// Whether the text before \p At (its blanks skipped) ends with the word
/// `operator`: `operator<< <T>(...)` names a template's instance.
bool afterOperatorKeyword(llvm::StringRef Text, size_t At) {
  llvm::StringRef Before = Text.take_front(At).rtrim(" \t");
  return Before.ends_with("operator");
}

/// A file whose text is given (read, maybe rewritten), standing for the
/// one it was read from.
class RewrittenFile : public llvm::vfs::File {
public:
  RewrittenFile(llvm::vfs::Status S, std::string Text)
      : S(std::move(S)), Text(std::move(Text)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return S; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t, bool, bool) override {
    return llvm::MemoryBuffer::getMemBufferCopy(Text, Name.str());
  }
  std::error_code close() override { return {}; }

private:
  llvm::vfs::Status S;
  std::string Text;
};

class SpacedLaunchFS : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto Opened = ProxyFileSystem::openFileForRead(Path);
    llvm::SmallString<256> Name;
    Path.toVector(Name);
    llvm::StringRef Ext = llvm::sys::path::extension(Name);
    if (!Opened || (Ext != ".cu" && Ext != ".cuh"))
      return Opened;
    llvm::ErrorOr<llvm::vfs::Status> S = (*Opened)->status();
    auto Buffer = (*Opened)->getBuffer(Name);
    if (!S || !Buffer)
      return ProxyFileSystem::openFileForRead(Path);
    // The text read stands for the file either way: read once.
    std::optional<std::string> Closed =
        closeSpacedLaunches((*Buffer)->getBuffer());
    return std::unique_ptr<llvm::vfs::File>(new RewrittenFile(
        *S, Closed ? std::move(*Closed) : (*Buffer)->getBuffer().str()));
  }
};

} // namespace

std::optional<std::string> closeSpacedLaunches(llvm::StringRef Text) {
  std::optional<std::string> Out;
  for (size_t At = Text.find("<<"); At != llvm::StringRef::npos;
       At = Text.find("<<", At + 2)) {
    size_t Open = At + 2;
    while (Open < Text.size() && isBlank(Text[Open]))
      ++Open;
    if (Open == At + 2 || Open >= Text.size() || Text[Open] != '<' ||
        (Open + 1 < Text.size() && Text[Open + 1] == '<') ||
        afterOperatorKeyword(Text, At))
      continue;
    size_t Close = Text.find(">>>", Open);
    size_t End = Text.find(';', Open);
    if (Close == llvm::StringRef::npos || Close > End)
      continue;
    if (!Out)
      Out = Text.str();
    // `<<` + blanks + `<` becomes `<<<` + spaces: nothing moves.
    (*Out)[At + 2] = '<';
    for (size_t I = At + 3; I <= Open; ++I)
      (*Out)[I] = ' ';
  }
  return Out;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
spacedLaunchFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base) {
  return llvm::makeIntrusiveRefCnt<SpacedLaunchFS>(std::move(Base));
}

} // namespace cudacoalesce
