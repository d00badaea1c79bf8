//===- Driver/CompileDatabase.cpp - One database, every front end ---------===//
#include "cuda-coalesce/Driver/CompileDatabase.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang::tooling;

namespace cudacoalesce {

namespace {

CompileCommand expanded(CompileCommand C) {
  C.CommandLine = expandResponseFiles(C.CommandLine, C.Directory);
  return C;
}

template <class F>
std::vector<CompileCommand> mapCommands(std::vector<CompileCommand> Commands,
                                        F Each) {
  for (CompileCommand &C : Commands)
    C = Each(std::move(C));
  return Commands;
}

} // namespace

std::vector<CompileCommand>
ExpandedDatabase::getCompileCommands(llvm::StringRef File) const {
  return mapCommands(Base->getCompileCommands(File), expanded);
}
std::vector<std::string> ExpandedDatabase::getAllFiles() const {
  return Base->getAllFiles();
}
std::vector<CompileCommand> ExpandedDatabase::getAllCompileCommands() const {
  return mapCommands(Base->getAllCompileCommands(), expanded);
}

CompileCommand toClangToolCommand(CompileCommand C,
                                  const ToolchainSetup &Setup) {
  C.CommandLine =
      clangToolCommand(C.CommandLine, C.Filename, C.Directory, Setup);
  C.Output.clear(); // the device side writes nothing
  return C;
}

std::vector<CompileCommand>
ClangToolDatabase::getCompileCommands(llvm::StringRef File) const {
  return mapCommands(Base->getCompileCommands(File), [&](CompileCommand C) {
    return toClangToolCommand(std::move(C), Setup);
  });
}
std::vector<std::string> ClangToolDatabase::getAllFiles() const {
  return Base->getAllFiles();
}
std::vector<CompileCommand> ClangToolDatabase::getAllCompileCommands() const {
  return mapCommands(Base->getAllCompileCommands(), [&](CompileCommand C) {
    return toClangToolCommand(std::move(C), Setup);
  });
}

std::unique_ptr<CompilationDatabase>
loadCompileDatabase(const std::string &BuildDir, std::string &Error) {
  std::string Why;
  llvm::SmallString<256> Path(BuildDir);
  llvm::sys::path::append(Path, "compile_commands.json");
  auto DB = JSONCompilationDatabase::loadFromFile(
      Path, Why, JSONCommandLineSyntax::AutoDetect);
  if (!DB) {
    Error = "cannot read a compile database in '" + BuildDir + "': " + Why;
    return nullptr;
  }
  return std::make_unique<ExpandedDatabase>(std::move(DB));
}

std::string findCompileDatabaseDir(llvm::StringRef Path) {
  llvm::SmallString<256> Dir(Path);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  if (!llvm::sys::fs::is_directory(Dir))
    llvm::sys::path::remove_filename(Dir);
  for (llvm::StringRef D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D))
    for (llvm::StringRef Sub : {"", "build"}) {
      llvm::SmallString<256> Candidate(D);
      llvm::sys::path::append(Candidate, Sub, "compile_commands.json");
      if (llvm::sys::fs::is_regular_file(Candidate))
        return std::string(llvm::sys::path::parent_path(Candidate));
    }
  return "";
}

ToolchainSetup defaultToolchain() {
  ToolchainSetup Setup;
  std::string Ignored;
  Setup.CudaPath = findCudaToolkit("", Ignored);
  Setup.ResourceDir = defaultResourceDir();
  return Setup;
}

bool exportCompileCommands(const CompilationDatabase &DB,
                           const std::string &OutDir,
                           const ToolchainSetup &Setup, size_t &Written,
                           std::string &Error) {
  if (std::error_code EC = llvm::sys::fs::create_directories(OutDir)) {
    Error = "cannot create '" + OutDir + "': " + EC.message();
    return false;
  }
  llvm::json::Array Entries;
  for (const CompileCommand &Raw : DB.getAllCompileCommands()) {
    CompileCommand C = toClangToolCommand(Raw, Setup);
    llvm::json::Array Arguments;
    for (const std::string &A : C.CommandLine)
      Arguments.push_back(A);
    Entries.push_back(llvm::json::Object{{"directory", C.Directory},
                                         {"file", C.Filename},
                                         {"arguments", std::move(Arguments)}});
  }
  Written = Entries.size();
  llvm::SmallString<256> Path(OutDir);
  llvm::sys::path::append(Path, "compile_commands.json");
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    Error = "cannot write '" + std::string(Path) + "': " + EC.message();
    return false;
  }
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Entries))) << "\n";
  return true;
}

} // namespace cudacoalesce
