//===- Driver/LaunchIndex.cpp - A project's launches, for one file --------===//
#include "cuda-coalesce/Driver/LaunchIndex.h"
#include "cuda-coalesce/Driver/CompileDatabase.h"
#include "cuda-coalesce/Driver/OutcomeArchive.h"
#include "cuda-coalesce/Driver/SpacedLaunchFileSystem.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <mutex>
#include <set>

using namespace clang;
using namespace clang::tooling;

namespace cudacoalesce {

namespace {

/// What an entry was made from: when any of it changes, the file is parsed
/// again. The build stamp keeps entries of another build of the tool out
/// (the archive's format is private to a build).
struct Stamp {
  uint64_t Size = 0;
  int64_t ModifiedNs = 0;
  std::string Command; // a digest of the parse command
  bool operator==(const Stamp &O) const {
    return Size == O.Size && ModifiedNs == O.ModifiedNs && Command == O.Command;
  }
};

constexpr llvm::StringLiteral BuildStamp =
    "cuda-coalesce-launches 1 " __DATE__ " " __TIME__;

struct Entry {
  Stamp S;
  LaunchMap Launches;
};

std::optional<Stamp> stampOf(const std::string &File,
                             const std::vector<std::string> &Command) {
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(File, Status) ||
      !llvm::sys::fs::is_regular_file(Status))
    return std::nullopt;
  Stamp S;
  S.Size = Status.getSize();
  S.ModifiedNs = std::chrono::duration_cast<std::chrono::nanoseconds>(
                     Status.getLastModificationTime().time_since_epoch())
                     .count();
  llvm::SHA1 Hash;
  for (const std::string &A : Command) {
    Hash.update(A);
    Hash.update(llvm::StringRef("\0", 1));
  }
  S.Command = llvm::toHex(Hash.final(), /*LowerCase=*/true);
  return S;
}

std::string cachePath(const std::string &File) {
  std::string Dir = launchCacheDir();
  if (Dir.empty())
    return "";
  llvm::SHA1 Hash;
  Hash.update(File);
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, llvm::toHex(Hash.final(), true) + ".bin");
  return std::string(P);
}

std::string header(const std::string &File, const Stamp &S) {
  return (BuildStamp + "\n" + File + "\n" + llvm::Twine(S.Size) + " " +
          llvm::Twine(S.ModifiedNs) + " " + S.Command + "\n")
      .str();
}

std::optional<LaunchMap> readCache(const std::string &File, const Stamp &S) {
  std::string Path = cachePath(File);
  if (Path.empty())
    return std::nullopt;
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  llvm::StringRef Data = (*Buffer)->getBuffer();
  std::string Head = header(File, S);
  if (!Data.consume_front(Head))
    return std::nullopt;
  FileOutcome O;
  if (!deserializeOutcome(Data.str(), O))
    return std::nullopt;
  return O.Launches;
}

void writeCache(const std::string &File, const Stamp &S,
                const LaunchMap &Launches) {
  std::string Path = cachePath(File);
  if (Path.empty() ||
      llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path)))
    return;
  FileOutcome O;
  O.Launches = Launches;
  // Written beside, renamed over: parallel clang-tidy processes may write
  // the same entry; each reader sees a whole one.
  llvm::SmallString<256> Temp;
  int FD;
  if (llvm::sys::fs::createUniqueFile(Path + ".%%%%%%", FD, Temp))
    return;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << header(File, S) << serializeOutcome(O);
  }
  if (llvm::sys::fs::rename(Temp, Path))
    llvm::sys::fs::remove(Temp);
}

/// The launches written in one translation unit (the analysis finds them).
class LaunchesAction : public ASTFrontendAction {
public:
  explicit LaunchesAction(LaunchMap &Out) : Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    struct Consumer : ASTConsumer {
      LaunchMap &Out;
      explicit Consumer(LaunchMap &Out) : Out(Out) {}
      void HandleTranslationUnit(ASTContext &AST) override {
        Out = analyzeTranslationUnit(AST, AnalysisOptions()).Launches;
      }
    };
    return std::make_unique<Consumer>(Out);
  }

private:
  LaunchMap &Out;
};

class LaunchesFactory : public FrontendActionFactory {
public:
  explicit LaunchesFactory(LaunchMap &Out) : Out(Out) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<LaunchesAction>(Out);
  }

private:
  LaunchMap &Out;
};

class Quiet : public DiagnosticConsumer {};

} // namespace

struct LaunchIndex::Project {
  std::mutex Mutex;
  std::map<std::string, Entry> Files; // by absolute path
};

LaunchIndex::LaunchIndex() = default;
LaunchIndex::~LaunchIndex() = default;

LaunchIndex::Project &LaunchIndex::projectOf(const std::string &DatabaseDir) {
  std::lock_guard<std::mutex> Lock(Mutex);
  std::unique_ptr<Project> &P = Projects[DatabaseDir];
  if (!P)
    P = std::make_unique<Project>();
  return *P;
}

std::string launchCacheDir() {
  llvm::SmallString<256> Dir;
  if (auto Xdg = llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
      Xdg && !Xdg->empty())
    Dir = *Xdg;
  else if (auto Home = llvm::sys::Process::GetEnv("HOME");
           Home && !Home->empty())
    llvm::sys::path::append(Dir, *Home, ".cache");
  else
    return "";
  llvm::sys::path::append(Dir, "cuda-coalesce", "launches");
  return std::string(Dir);
}

LaunchMap LaunchIndex::projectLaunches(const std::string &DatabaseDir,
                                       llvm::StringRef MainFile,
                                       const std::vector<std::string> &Kernels,
                                       const ToolchainSetup &Toolchain,
                                       LaunchIndexStats *Stats) {
  LaunchIndexStats Local;
  LaunchIndexStats &St = Stats ? *Stats : Local;
  LaunchMap Found;
  if (Kernels.empty())
    return Found;
  std::string Error;
  std::unique_ptr<CompilationDatabase> DB =
      loadCompileDatabase(DatabaseDir, Error);
  if (!DB)
    return Found;
  std::string Main = absolutePath(MainFile.str(), "");
  if (DB->getCompileCommands(Main).empty())
    return Found;

  Project &I = projectOf(DatabaseDir);
  std::lock_guard<std::mutex> Lock(I.Mutex);
  std::set<std::string> Seen;
  for (const CompileCommand &C : DB->getAllCompileCommands()) {
    std::string File = absolutePath(C.Filename, C.Directory);
    if (File == Main || !Seen.insert(File).second ||
        !looksLikeCudaSource(File, C.CommandLine))
      continue;
    ++St.Files;
    std::vector<std::string> Parse =
        deviceParseCommand(C.CommandLine, Toolchain, C.Directory);
    std::optional<Stamp> S = stampOf(File, Parse);
    if (!S)
      continue;
    auto It = I.Files.find(File);
    if (It != I.Files.end() && It->second.S == *S) {
      ++St.FromMemory;
    } else {
      Entry E;
      E.S = *S;
      if (std::optional<LaunchMap> Cached = readCache(File, *S)) {
        E.Launches = std::move(*Cached);
        ++St.FromDisk;
      } else {
        auto Text = llvm::MemoryBuffer::getFile(File);
        if (Text && (*Text)->getBuffer().contains("<<<")) {
          ++St.Parsed;
          CompileCommand One = C;
          One.Filename = File;
          One.CommandLine = Parse;
          struct Single : CompilationDatabase {
            CompileCommand C;
            std::vector<CompileCommand>
            getCompileCommands(StringRef) const override {
              return {C};
            }
          } SingleDB;
          SingleDB.C = One;
          // A file system of its own: the process's working directory is
          // left alone (clangd has other threads).
          ClangTool Tool(
              SingleDB, {File}, std::make_shared<PCHContainerOperations>(),
              spacedLaunchFileSystem(llvm::vfs::createPhysicalFileSystem()));
          Tool.clearArgumentsAdjusters();
          Tool.setPrintErrorMessage(false);
          Quiet Q;
          Tool.setDiagnosticConsumer(&Q);
          LaunchesFactory Factory(E.Launches);
          Tool.run(&Factory);
        }
        writeCache(File, *S, E.Launches);
      }
      It = I.Files.insert_or_assign(File, std::move(E)).first;
    }
    for (const std::string &K : Kernels) {
      auto L = It->second.Launches.find(K);
      if (L == It->second.Launches.end())
        continue;
      std::vector<LaunchSite> &Sites = Found[K];
      Sites.insert(Sites.end(), L->second.begin(), L->second.end());
    }
  }
  return Found;
}

} // namespace cudacoalesce
