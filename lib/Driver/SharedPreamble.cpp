//===- Driver/SharedPreamble.cpp - CUDA headers parsed once per run -------===//
#include "cuda-coalesce/Driver/SharedPreamble.h"
#include "SingleCommandDatabase.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <numeric>
#include <set>

using namespace clang;
using namespace clang::tooling;

namespace cudacoalesce {

namespace {

/// Stands for the source in a key (no argument starts with a NUL).
const char SourceMarker[] = "\x01source";

/// A flag that makes the parse read a file before the source: -include,
/// -imacros, -include-pch and their spellings (also behind -Xclang, as the
/// next argument).
bool forcesInclude(llvm::StringRef A) {
  if (A.consume_front("--"))
    return A == "include" || A.starts_with("include=") ||
           A.starts_with("include-pch") || A == "imacros" ||
           A.starts_with("imacros=");
  if (!A.consume_front("-"))
    return false;
  if (A.starts_with("Wp,"))
    return A.contains("-include") || A.contains("-imacros");
  return A.starts_with("include") || A.starts_with("imacros") ||
         A.starts_with("chain-include");
}

/// The names the preamble's headers look up (#include, __has_include), as
/// written: what a file's own search paths could answer differently.
class HeaderNames : public PPCallbacks {
public:
  explicit HeaderNames(std::set<std::string> &Names) : Names(Names) {}
  void InclusionDirective(SourceLocation, const Token &, StringRef FileName,
                          bool, CharSourceRange, OptionalFileEntryRef,
                          StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    Names.insert(FileName.str());
  }
  void HasInclude(SourceLocation, StringRef FileName, bool,
                  OptionalFileEntryRef, SrcMgr::CharacteristicKind) override {
    Names.insert(FileName.str());
  }

private:
  std::set<std::string> &Names;
};

/// Generates a PCH of the empty source into Output (the device parse is
/// -fsyntax-only: cc1 has no -o to take it from), recording the header
/// names it looks up into Includes.
class WritePCHAction : public GeneratePCHAction {
public:
  WritePCHAction(std::string Output, std::set<std::string> &Includes)
      : Output(std::move(Output)), Includes(Includes) {}

protected:
  bool BeginInvocation(CompilerInstance &CI) override {
    CI.getFrontendOpts().OutputFile = Output;
    return GeneratePCHAction::BeginInvocation(CI);
  }
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<HeaderNames>(Includes));
    return GeneratePCHAction::BeginSourceFileAction(CI);
  }

private:
  std::string Output;
  std::set<std::string> &Includes;
};

class WritePCHFactory : public FrontendActionFactory {
public:
  WritePCHFactory(std::string Output, std::set<std::string> &Includes)
      : Output(std::move(Output)), Includes(Includes) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<WritePCHAction>(Output, Includes);
  }

private:
  std::string Output;
  std::set<std::string> &Includes;
};

/// Counts errors (the base class does), prints nothing.
class ErrorCounter : public DiagnosticConsumer {};

} // namespace

std::vector<std::string> preambleKeyArgs(const std::vector<std::string> &Args,
                                         const std::string &Source,
                                         const std::string &Directory,
                                         std::vector<std::string> *SearchDirs) {
  std::vector<std::string> Key;
  std::string AbsoluteSource = absolutePath(Source, Directory);
  unsigned Sources = 0, ForcedIncludes = 0;
  // deviceParseCommand puts the command's own flags before
  // --cuda-device-only and its own after it.
  bool OwnFlags = true;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    OwnFlags &= A != "--cuda-device-only";
    if (OwnFlags) {
      llvm::StringRef Flag(A);
      bool Search = false;
      for (llvm::StringRef Prefix : {"-I", "-isystem", "-iquote", "-idirafter"})
        if (Flag.consume_front(Prefix)) {
          Search = true;
          break;
        }
      if (Search) {
        std::string Dir = Flag.str();
        if (Dir.empty() && I + 1 < Args.size())
          Dir = Args[++I];
        if (SearchDirs)
          SearchDirs->push_back(absolutePath(Dir, Directory));
        continue;
      }
    }
    if (I > 0 && !llvm::StringRef(A).starts_with("-") &&
        (A == Source || absolutePath(A, Directory) == AbsoluteSource)) {
      ++Sources;
      Key.push_back(SourceMarker);
      continue;
    }
    ForcedIncludes += forcesInclude(A);
    Key.push_back(A);
  }
  // deviceParseCommand adds one -include (the compat header or the shim's
  // cuda_runtime.h); any other is the command's own.
  if (Sources != 1 || ForcedIncludes != 1)
    return {};
  return Key;
}

SharedPreambles::SharedPreambles(const std::vector<std::string> &Inputs,
                                 const CompilationDatabase &DB,
                                 const ToolchainSetup &Toolchain, unsigned Jobs,
                                 const ChildLimits *Limits) {
  std::map<Key, unsigned> Sharing;
  for (const std::string &File : Inputs) {
    if (Files.count(File) || !llvm::sys::fs::is_regular_file(File))
      continue;
    llvm::SmallString<256> Absolute(File);
    llvm::sys::fs::make_absolute(Absolute);
    std::vector<CompileCommand> Commands = DB.getCompileCommands(Absolute);
    if (Commands.size() != 1 ||
        !looksLikeCudaSource(File, Commands.front().CommandLine))
      continue;
    const CompileCommand &C = Commands.front();
    FileEntry Entry;
    Entry.Directory = C.Directory;
    Entry.K = preambleKeyArgs(deviceParseCommand(C.CommandLine, Toolchain),
                              C.Filename, C.Directory, &Entry.SearchDirs);
    if (Entry.K.empty())
      continue;
    if (++Sharing[Entry.K] == 1)
      Preambles[Entry.K].Directory = C.Directory;
    Files[File] = std::move(Entry);
  }

  std::vector<std::pair<const Key *, Preamble *>> ToBuild;
  for (auto &[K, Count] : Sharing) {
    Preamble &P = Preambles[K];
    if (Count >= 2) // one file alone gains nothing: the build costs a parse
      ToBuild.push_back({&K, &P});
  }
  for (auto &[File, Entry] : Files)
    Entry.P = &Preambles[Entry.K];
  if (ToBuild.empty())
    return;
  buildAll(ToBuild, Jobs, Limits);

  // The preamble was built without the files' own search paths: a file
  // whose paths hold a header of the same name as one the preamble read
  // (a project's own cuda.h or math.h) would read that one instead, so it
  // is parsed without the preamble.
  for (auto &[File, Entry] : Files)
    if (Entry.P && !Entry.P->PCH.empty() && shadows(Entry, *Entry.P)) {
      Entry.P = nullptr;
      ++Shadowed;
    }
}

bool SharedPreambles::shadows(const FileEntry &Entry, const Preamble &P) {
  for (const std::string &Dir : Entry.SearchDirs)
    for (const std::string &Header : P.Includes) {
      llvm::SmallString<256> Path(Dir);
      llvm::sys::path::append(Path, Header);
      if (llvm::sys::fs::exists(Path))
        return true;
    }
  return false;
}

void SharedPreambles::buildAll(
    const std::vector<std::pair<const Key *, Preamble *>> &ToBuild,
    unsigned Jobs, const ChildLimits *Limits) {
  llvm::SmallString<256> Dir;
  if (llvm::sys::fs::createUniqueDirectory("cuda-coalesce-preamble", Dir)) {
    for (auto &[K, P] : ToBuild)
      P->Failed = true;
    return;
  }
  TempDir = std::string(Dir);
  // A build hands back the headers it read, one per line after "built".
  auto Finish = [&](size_t I, const std::string &Result) {
    Preamble &P = *ToBuild[I].second;
    llvm::SmallVector<llvm::StringRef> Lines;
    llvm::StringRef(Result).split(Lines, '\n', -1, /*KeepEmpty=*/false);
    P.Failed = Lines.empty() || Lines.front() != "built";
    if (P.Failed) {
      llvm::sys::fs::remove(pchPath(I));
      return;
    }
    P.PCH = pchPath(I);
    for (llvm::StringRef Header : llvm::drop_begin(Lines))
      P.Includes.push_back(Header.str());
  };
  // Like the files, each build runs in a process of its own (unless the run
  // is --in-process): the CUDA headers under a repository's flags can
  // exhaust or hang Clang too.
  std::vector<size_t> All(ToBuild.size());
  std::iota(All.begin(), All.end(), 0);
  runTasks(
      All, Jobs, Limits,
      [&](size_t I) { return build(*ToBuild[I].first, *ToBuild[I].second, I); },
      [&](size_t I, ChildResult R) {
        Finish(I, R.Kind == ChildResult::Finished ? R.Payload : "");
      });
}

std::string SharedPreambles::pchPath(size_t Number) const {
  llvm::SmallString<256> Output(TempDir);
  llvm::sys::path::append(Output, "preamble" + std::to_string(Number) + ".pch");
  return std::string(Output);
}

std::string SharedPreambles::build(const Key &K, const Preamble &P,
                                   size_t Number) const {
  llvm::SmallString<256> Source(TempDir);
  llvm::sys::path::append(Source, "preamble" + std::to_string(Number) + ".cu");
  std::string Output = pchPath(Number);
  {
    std::error_code EC;
    llvm::raw_fd_ostream Empty(Source, EC);
    if (EC)
      return "";
  }
  std::vector<std::string> CommandLine = K;
  for (std::string &A : CommandLine)
    if (A == SourceMarker)
      A = std::string(Source);
  SingleCommandDatabase One(
      CompileCommand(P.Directory, std::string(Source), CommandLine, ""));
  // The key is the device parse command already: no adjuster.
  ClangTool Tool(One, {std::string(Source)});
  Tool.clearArgumentsAdjusters();
  Tool.setPrintErrorMessage(false);
  ErrorCounter Errors;
  Tool.setDiagnosticConsumer(&Errors);
  std::set<std::string> Includes;
  WritePCHFactory Factory{Output, Includes};
  int RC = Tool.run(&Factory);
  if (RC != 0 || Errors.getNumErrors() != 0 ||
      !llvm::sys::fs::is_regular_file(Output))
    return "";
  std::string Result = "built";
  for (const std::string &Header : Includes)
    Result += "\n" + Header;
  return Result;
}

SharedPreambles::~SharedPreambles() {
  if (!TempDir.empty())
    llvm::sys::fs::remove_directories(TempDir);
}

ArgumentsAdjuster SharedPreambles::adjusterFor(const std::string &File) {
  auto It = Files.find(File);
  if (It == Files.end() || !It->second.P || It->second.P->PCH.empty())
    return [](const CommandLineArguments &Args, StringRef) { return Args; };
  const FileEntry *Entry = &It->second;
  return [Entry](const CommandLineArguments &Args, StringRef Source) {
    // Only the command the key was made from: the PCH must match it.
    if (preambleKeyArgs(Args, Source.str(), Entry->Directory) != Entry->K)
      return Args;
    CommandLineArguments Out = Args;
    Out.push_back("-include-pch");
    Out.push_back(Entry->P->PCH);
    return Out;
  };
}

PreambleStats SharedPreambles::stats() const {
  PreambleStats S;
  for (const auto &[K, P] : Preambles) {
    S.Built += !P.PCH.empty();
    S.Failed += P.Failed;
  }
  for (const auto &[File, Entry] : Files)
    S.FilesUsing += Entry.P && !Entry.P->PCH.empty();
  S.Shadowed = Shadowed;
  return S;
}

} // namespace cudacoalesce
