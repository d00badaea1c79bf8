//===- Driver/DatabaseFiles.cpp - Files of a compile database -------------===//
#include "DatabaseFiles.h"
#include "cuda-coalesce/Driver/CompileDatabase.h"
#include "cuda-coalesce/Driver/CompileSetup.h"
#include "cuda-coalesce/Driver/Runner.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace clang::tooling;

namespace cudacoalesce {

namespace {

/// The unqualified name of a kernel, without template arguments: what a
/// launch of it spells at least.
llvm::StringRef plainKernelName(llvm::StringRef Kernel) {
  Kernel = Kernel.take_until([](char C) { return C == '<'; });
  size_t Colons = Kernel.rfind("::");
  return Colons == llvm::StringRef::npos ? Kernel
                                         : Kernel.drop_front(Colons + 2);
}

} // namespace

std::vector<std::string> includersOf(const CompilationDatabase &DB,
                                     const std::string &File) {
  std::vector<std::string> Found;
  llvm::SmallString<256> Target(absolutePath(File, ""));
  std::string Name = llvm::sys::path::filename(Target).str();
  std::set<std::string> Seen;
  for (const CompileCommand &C : DB.getAllCompileCommands()) {
    std::string Source = absolutePath(C.Filename, C.Directory);
    if (Source == std::string(Target) || !Seen.insert(Source).second ||
        !looksLikeCudaSource(Source, C.CommandLine))
      continue;
    auto Text = llvm::MemoryBuffer::getFile(Source);
    if (!Text || (*Text)->getBuffer().find(Name) == llvm::StringRef::npos)
      continue;
    llvm::SmallVector<llvm::StringRef> Lines;
    (*Text)->getBuffer().split(Lines, '\n');
    for (llvm::StringRef Line : Lines) {
      Line = Line.ltrim();
      if (!Line.consume_front("#"))
        continue;
      Line = Line.ltrim();
      if (!Line.consume_front("include"))
        continue;
      Line = Line.ltrim();
      if (Line.empty() || (Line[0] != '"' && Line[0] != '<'))
        continue;
      char Close = Line[0] == '"' ? '"' : '>';
      llvm::StringRef Spelled = Line.drop_front().split(Close).first;
      llvm::SmallString<256> Tail("/");
      Tail += Spelled;
      llvm::sys::path::remove_dots(Tail, /*remove_dot_dot=*/false);
      if (llvm::StringRef(Target).ends_with(Tail)) {
        Found.push_back(Source);
        break;
      }
    }
  }
  return Found;
}

std::vector<std::string>
launchersOutside(const CompilationDatabase &DB,
                 const std::vector<std::string> &Inputs,
                 const std::set<std::string> &Kernels) {
  std::set<std::string> Given;
  for (const std::string &F : Inputs)
    Given.insert(absolutePath(F, ""));
  std::vector<std::string> Found;
  std::set<std::string> Seen;
  for (const CompileCommand &C : DB.getAllCompileCommands()) {
    std::string Source = absolutePath(C.Filename, C.Directory);
    if (Given.count(Source) || !Seen.insert(Source).second ||
        !looksLikeCudaSource(Source, C.CommandLine))
      continue;
    auto Text = llvm::MemoryBuffer::getFile(Source);
    if (!Text || !(*Text)->getBuffer().contains("<<<"))
      continue;
    if (llvm::any_of(Kernels, [&](const std::string &K) {
          return (*Text)->getBuffer().contains(plainKernelName(K));
        }))
      Found.push_back(Source);
  }
  return Found;
}

bool databaseSources(const std::string &BuildDir,
                     std::vector<std::string> &Sources, size_t &Others,
                     std::string &Error) {
  std::unique_ptr<CompilationDatabase> DB =
      loadCompileDatabase(BuildDir, Error);
  if (!DB)
    return false;
  std::set<std::string> Seen;
  Others = 0;
  for (const CompileCommand &C : DB->getAllCompileCommands()) {
    std::string File = absolutePath(C.Filename, C.Directory);
    if (!Seen.insert(File).second)
      continue;
    if (looksLikeCudaSource(File, C.CommandLine))
      Sources.push_back(File);
    else
      ++Others;
  }
  return true;
}

} // namespace cudacoalesce
