//===- Driver/ResultCache.cpp - Each file's outcome, kept on disk ---------===//
#include "cuda-coalesce/Driver/ResultCache.h"
#include "cuda-coalesce/Driver/CompileSetup.h"
#include "cuda-coalesce/Driver/OutcomeArchive.h"
#include "cuda-coalesce/Driver/ShardResults.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

#include <utime.h>

namespace cudacoalesce {

namespace {

/// The entries' format: a new one leaves the old entries unread.
constexpr llvm::StringLiteral EntryMagic = "cuda-coalesce result 1\n";

/// Appends fields to a digest, each closed so that ("ab","c") != ("a","bc").
class KeyDigest {
public:
  KeyDigest &add(llvm::StringRef Field) {
    Hash.update(llvm::Twine(Field.size()).str());
    Hash.update(":");
    Hash.update(Field);
    return *this;
  }
  std::string hex() { return llvm::toHex(Hash.final(), /*LowerCase=*/true); }

private:
  llvm::SHA1 Hash;
};

std::string fileText(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  return Buffer ? (*Buffer)->getBuffer().str() : std::string("(unreadable)");
}

/// The analysis options as bytes: the launches travel in an outcome's
/// archive, the block shapes as text.
std::string optionsText(const AnalysisOptions &With) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  if (With.BlockDim)
    OS << "block " << With.BlockDim->X << "," << With.BlockDim->Y << ","
       << With.BlockDim->Z << " " << With.BlockDimOrigin << "\n";
  for (const auto &K : With.KernelBlockDims)
    OS << "kernel " << K.Kernel << " " << K.Block.X << "," << K.Block.Y << ","
       << K.Block.Z << " " << K.Origin << "\n";
  FileOutcome Launches;
  Launches.Launches = With.ProjectLaunches;
  OS << serializeOutcome(Launches);
  return Text;
}

} // namespace

ResultCache::ResultCache(std::string Dir, uint64_t MaxBytes)
    : Dir(std::move(Dir)), MaxBytes(MaxBytes), Build(toolBuildDigest()) {}

std::string ResultCache::key(const RunOptions &Opts,
                             const clang::tooling::CompilationDatabase &DB,
                             const std::string &File,
                             const std::vector<std::string> &Through,
                             const AnalysisOptions &With,
                             const std::string &ConfigFile,
                             const std::string &Salt) {
  KeyDigest D;
  D.add(Build).add(Salt);
  const ToolchainSetup &T = Opts.Toolchain;
  D.add(T.Arch).add(T.CudaPath).add(T.ResourceDir);
  if (!T.CudaPath.empty())
    D.add(contentDigest(T.CudaPath + "/include/cuda.h"));
  D.add(Opts.ParseOnly ? "parse only" : "analysis");
  if (Opts.ExtraFlags)
    for (const std::string &F : *Opts.ExtraFlags)
      D.add(F);
  D.add(Opts.BuildDir);
  std::vector<std::string> Named = {File};
  Named.insert(Named.end(), Through.begin(), Through.end());
  for (const std::string &N : Named) {
    D.add(N);
    std::vector<clang::tooling::CompileCommand> Commands =
        DB.getCompileCommands(absolutePath(N, ""));
    // A file the database does not list takes a neighbour's command.
    if (Commands.empty() && !Opts.BuildDir.empty())
      D.add(contentDigest(Opts.BuildDir + "/compile_commands.json"));
    for (const clang::tooling::CompileCommand &C : Commands) {
      D.add(C.Directory);
      for (const std::string &A : C.CommandLine)
        D.add(A);
    }
  }
  D.add(optionsText(With));
  D.add(ConfigFile).add(ConfigFile.empty() ? "" : fileText(ConfigFile));
  return D.hex();
}

std::string ResultCache::contentDigest(const std::string &Path) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Digests.find(Path);
    if (It != Digests.end())
      return It->second;
  }
  std::string Digest;
  if (auto Buffer = llvm::MemoryBuffer::getFile(Path)) {
    llvm::SHA1 Hash;
    Hash.update((*Buffer)->getBuffer());
    Digest = llvm::toHex(Hash.final(), /*LowerCase=*/true);
  }
  std::lock_guard<std::mutex> Lock(Mutex);
  Digests[Path] = Digest;
  return Digest;
}

std::string ResultCache::entryPath(const std::string &Key) const {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, "v1", Key.substr(0, 2), Key + ".entry");
  return std::string(P);
}

std::optional<std::string> ResultCache::lookup(const std::string &Key) {
  std::string Path = entryPath(Key);
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  llvm::StringRef Data = Buffer ? (*Buffer)->getBuffer() : "";
  bool Valid = Data.consume_front(EntryMagic);
  // "DIGEST PATH" per file read, then an empty line, then the outcome.
  while (Valid && !Data.consume_front("\n")) {
    auto [Line, Rest] = Data.split('\n');
    auto [Digest, File] = Line.split(' ');
    Valid = !Digest.empty() && contentDigest(File.str()) == Digest;
    Data = Rest;
  }
  if (!Valid) {
    ++Misses;
    return std::nullopt;
  }
  ++Hits;
  // Used now: the last to go when the directory is over its bound.
  ::utime(Path.c_str(), nullptr);
  return Data.str();
}

void ResultCache::store(const std::string &Key, const std::string &Archive,
                        const FileOutcome &Outcome) {
  if (Outcome.Failed || !Outcome.MissingHeaders.empty() ||
      Outcome.FilesRead.empty())
    return;
  std::string Entry(EntryMagic);
  for (const std::string &F : Outcome.FilesRead) {
    std::string Digest = contentDigest(F);
    if (Digest.empty() || F.find('\n') != std::string::npos)
      return;
    Entry += Digest + " " + F + "\n";
  }
  Entry += "\n" + Archive;
  std::string Path = entryPath(Key);
  if (llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path)))
    return;
  // Written beside, renamed over: a reader sees a whole entry or none.
  llvm::SmallString<256> Temp;
  int FD;
  if (llvm::sys::fs::createUniqueFile(Path + ".tmp%%%%%%", FD, Temp))
    return;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Entry;
  }
  if (llvm::sys::fs::rename(Temp, Path))
    llvm::sys::fs::remove(Temp);
}

size_t ResultCache::evict() {
  struct Kept {
    std::string Path;
    uint64_t Size;
    llvm::sys::TimePoint<> Used;
  };
  std::vector<Kept> Entries;
  uint64_t Total = 0;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Dir + "/v1", EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::sys::fs::file_status S;
    if (!llvm::sys::fs::status(It->path(), S) &&
        llvm::sys::fs::is_regular_file(S)) {
      Entries.push_back({It->path(), S.getSize(), S.getLastModificationTime()});
      Total += S.getSize();
    }
  }
  if (Total <= MaxBytes)
    return 0;
  std::sort(Entries.begin(), Entries.end(),
            [](const Kept &A, const Kept &B) { return A.Used < B.Used; });
  size_t Removed = 0;
  for (const Kept &E : Entries) {
    if (Total <= MaxBytes)
      break;
    if (!llvm::sys::fs::remove(E.Path)) {
      Total -= E.Size;
      ++Removed;
    }
  }
  return Removed;
}

} // namespace cudacoalesce
