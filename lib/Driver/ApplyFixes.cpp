//===- Driver/ApplyFixes.cpp - --fix and --export-fixes -------------------===//
#include "cuda-coalesce/Driver/ApplyFixes.h"
#include "cuda-coalesce/Policy/CheckNames.h"

#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

namespace cudacoalesce {

namespace {

std::string realPath(const std::string &File) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(File, Real))
    return File;
  return std::string(Real);
}

/// The unique mechanical edits of the findings, by real file path.
std::map<std::string, std::vector<fixes::Replacement>>
editsByFile(const std::vector<Finding> &Findings) {
  std::map<std::string, std::vector<fixes::Replacement>> Edits;
  for (const Finding &F : Findings)
    for (const fixes::Fix &X : F.Fixes)
      for (const fixes::Replacement &R : X.Replacements) {
        auto &List = Edits[realPath(R.File)];
        if (std::find(List.begin(), List.end(), R) == List.end())
          List.push_back(R);
      }
  return Edits;
}

} // namespace

std::vector<FixOutcome> applyFixes(const std::vector<Finding> &Findings,
                                   const RunOptions &Opts) {
  std::map<std::string, std::string> Analysed; // real path -> as given
  for (const std::string &F : Opts.Files)
    Analysed[realPath(F)] = F;

  std::vector<FixOutcome> Outcomes;
  for (const auto &[Path, Edits] : editsByFile(Findings)) {
    auto Given = Analysed.find(Path);
    if (Given == Analysed.end())
      continue; // a header or another file: never touched
    FixOutcome Out;
    Out.File = Given->second;
    Out.Edits = Edits.size();

    clang::tooling::Replacements Reps;
    for (const fixes::Replacement &R : Edits)
      if (auto Err = Reps.add(
              clang::tooling::Replacement(Path, R.Offset, R.Length, R.Text))) {
        llvm::consumeError(std::move(Err)); // overlapping edits: keep the first
        --Out.Edits;
      }
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    if (!Buffer) {
      Out.Error = "cannot read it: " + Buffer.getError().message();
      Outcomes.push_back(Out);
      continue;
    }
    auto Fixed =
        clang::tooling::applyAllReplacements((*Buffer)->getBuffer(), Reps);
    if (!Fixed) {
      Out.Error =
          "the edits do not apply: " + llvm::toString(Fixed.takeError());
      Outcomes.push_back(Out);
      continue;
    }

    // Beside the original, so the rename below is atomic.
    llvm::SmallString<256> Model(llvm::sys::path::parent_path(Path));
    llvm::sys::path::append(Model, "." + llvm::sys::path::filename(Path).str() +
                                       ".cuda-coalesce-%%%%%%" +
                                       llvm::sys::path::extension(Path).str());
    llvm::SmallString<256> Temp;
    int FD;
    if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temp)) {
      Out.Error = "cannot write beside it: " + EC.message();
      Outcomes.push_back(Out);
      continue;
    }
    {
      llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
      OS << *Fixed;
    }
    std::string ParseError;
    if (!parsesCleanly(Opts, Given->second, std::string(Temp), ParseError)) {
      llvm::sys::fs::remove(Temp);
      Out.Error =
          "not applied: the fixed file would not compile: " + ParseError;
      Outcomes.push_back(Out);
      continue;
    }
    if (auto Perms = llvm::sys::fs::getPermissions(Path))
      llvm::sys::fs::setPermissions(Temp, *Perms);
    if (std::error_code EC = llvm::sys::fs::rename(Temp, Path)) {
      llvm::sys::fs::remove(Temp);
      Out.Error = "cannot replace it: " + EC.message();
      Outcomes.push_back(Out);
      continue;
    }
    Out.Applied = true;
    Outcomes.push_back(Out);
  }
  return Outcomes;
}

bool exportFixes(const std::vector<Finding> &Findings, const std::string &Path,
                 std::string &Error) {
  clang::tooling::TranslationUnitDiagnostics TU;
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  std::set<std::vector<std::string>> Seen;
  for (const Finding &F : Findings) {
    if (TU.MainSourceFile.empty())
      TU.MainSourceFile = realPath(F.Where.File);
    for (const fixes::Fix &X : F.Fixes) {
      if (X.Replacements.empty())
        continue;
      std::vector<std::string> Key;
      for (const fixes::Replacement &R : X.Replacements)
        Key.push_back(R.File + ":" + std::to_string(R.Offset) + ":" +
                      std::to_string(R.Length) + ":" + R.Text);
      if (!Seen.insert(Key).second)
        continue; // the same edit offered for several accesses
      clang::tooling::DiagnosticMessage Message(X.Message);
      Message.FilePath = realPath(X.Replacements.front().File);
      Message.FileOffset = X.Replacements.front().Offset;
      for (const fixes::Replacement &R : X.Replacements) {
        std::string File = realPath(R.File);
        llvm::consumeError(Message.Fix[File].add(
            clang::tooling::Replacement(File, R.Offset, R.Length, R.Text)));
      }
      TU.Diagnostics.emplace_back(
          TidyCheckName.str(), Message,
          llvm::SmallVector<clang::tooling::DiagnosticMessage, 1>(),
          clang::tooling::Diagnostic::Warning, Cwd.str());
    }
  }
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    Error = "cannot write '" + Path + "': " + EC.message();
    return false;
  }
  llvm::yaml::Output YAML(OS);
  YAML << TU;
  return true;
}

} // namespace cudacoalesce
