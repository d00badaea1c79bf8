//===- Driver/FileAnalyser.cpp - One pass over one file -------------------===//
#include "FileAnalyser.h"
#include "SingleCommandDatabase.h"
#include "TranslationUnitAction.h"

#include "cuda-coalesce/Driver/SpacedLaunchFileSystem.h"

#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

#include <set>

using namespace clang::tooling;

namespace cudacoalesce {

namespace {

std::string describeErrors(const std::string &First, size_t Count) {
  if (Count <= 1)
    return First;
  return First + " (and " + std::to_string(Count - 1) + " more errors)";
}

std::string realPathOf(const std::string &File) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(File, Real))
    return File;
  return std::string(Real);
}
} // namespace

std::string findingKey(const FileOutcome &O, const Finding &F) {
  std::string Key =
      (absoluteFindingPath(O, F) + ":" + llvm::Twine(F.Where.Line) + ":" +
       llvm::Twine(F.Where.Column) + "|" + accessKindName(F.Kind) + "|" +
       F.Kernel + "|" + F.BlockOrigin)
          .str();
  for (const SourcePoint &Call : F.CallChain)
    Key += ("|" + absolutePath(Call.File, O.CommandDirectory) + ":" +
            llvm::Twine(Call.Line) + ":" + llvm::Twine(Call.Column))
               .str();
  for (const std::string &Trip : F.Trips)
    Key += "|" + Trip;
  return Key;
}

FileAnalyser::FileAnalyser(const RunOptions &Opts,
                           const CompilationDatabase &DB,
                           const TranslationUnitConsumer &Consumer,
                           SharedPreambles *Preambles)
    : Opts(Opts), DB(DB), Consumer(Consumer), Preambles(Preambles) {
  for (const std::string &File : Opts.Files) {
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(File, Real))
      InputRealPaths.push_back(std::string(Real));
  }
}

FileOutcome
FileAnalyser::analyse(const std::string &File, const AnalysisOptions &Analysis,
                      const std::vector<std::string> &Through) const {
  if (Through.empty())
    return analyseThrough(File, Analysis, std::string());
  FileOutcome Merged;
  std::set<std::string> Seen;
  for (const std::string &Includer : Through) {
    FileOutcome O = analyseThrough(File, Analysis, Includer);
    if (Merged.File.empty() || (Merged.Failed && !O.Failed) ||
        (Merged.Findings.empty() && Merged.Suppressed.empty() && !O.Failed &&
         (!O.Findings.empty() || !O.Suppressed.empty()))) {
      // The first includer that reports something is the one named.
      std::vector<ReportedFinding> Kept = std::move(Merged.Findings);
      std::vector<Finding> KeptSuppressed = std::move(Merged.Suppressed);
      LaunchMap KeptLaunches = std::move(Merged.Launches);
      Merged = std::move(O);
      O = FileOutcome();
      O.Findings = std::move(Kept);
      O.Suppressed = std::move(KeptSuppressed);
      O.Launches = std::move(KeptLaunches);
      O.CommandDirectory = Merged.CommandDirectory;
    }
    if (O.Failed)
      continue;
    for (const ReportedFinding &F : Merged.Findings)
      Seen.insert(findingKey(Merged, F.Data));
    for (ReportedFinding &F : O.Findings)
      if (Seen.insert(findingKey(O, F.Data)).second)
        Merged.Findings.push_back(std::move(F));
    for (Finding &F : O.Suppressed)
      if (Seen.insert(findingKey(O, F)).second)
        Merged.Suppressed.push_back(std::move(F));
    for (auto &[Kernel, Sites] : O.Launches) {
      std::vector<LaunchSite> &Into = Merged.Launches[Kernel];
      Into.insert(Into.end(), Sites.begin(), Sites.end());
    }
    // Each includer's kernels take their shapes from the launches of the
    // others in the project pass, as separate files do.
    for (std::string &K : O.KernelsWithoutLaunch)
      if (!llvm::is_contained(Merged.KernelsWithoutLaunch, K))
        Merged.KernelsWithoutLaunch.push_back(std::move(K));
  }
  return Merged;
}

FileOutcome FileAnalyser::analyseThrough(const std::string &File,
                                         const AnalysisOptions &Analysis,
                                         const std::string &Through) const {
  FileOutcome Outcome;
  Outcome.File = File;
  auto Fail = [&](std::string Why) {
    Outcome.Failed = true;
    Outcome.Error = std::move(Why);
    return Outcome;
  };
  if (llvm::sys::fs::is_directory(File))
    return Fail("is a directory, not a source file");
  if (!llvm::sys::fs::exists(File))
    return Fail("no such file");
  llvm::SmallString<256> Absolute(Through.empty() ? File : Through);
  llvm::sys::fs::make_absolute(Absolute);
  std::vector<CompileCommand> Commands = DB.getCompileCommands(Absolute);
  // Not in the database: the command of a neighbour, as clangd infers it.
  std::unique_ptr<SingleCommandDatabase> Inferred;
  if (Commands.empty() && Inferring) {
    Commands = Inferring->getCompileCommands(Absolute);
    if (!Commands.empty()) {
      Outcome.CommandInferredFrom = Commands.front().Heuristic;
      Inferred = std::make_unique<SingleCommandDatabase>(Commands.front());
    }
  }
  if (Commands.empty())
    return Fail("not in the compile database of '" + Opts.BuildDir + "'");
  if (!looksLikeCudaSource(Through.empty() ? File : Through,
                           Commands.front().CommandLine))
    return Fail(
        "not a CUDA source (expected .cu or .cuh, or -x cuda in its flags)");
  Outcome.CommandDirectory = Commands.front().Directory;
  Outcome.AnalysedThrough = Through;

  ClangTool Tool(Inferred ? *Inferred : DB, {std::string(Absolute)},
                 std::make_shared<clang::PCHContainerOperations>(),
                 spacedLaunchFileSystem(llvm::vfs::getRealFileSystem()));
  Tool.clearArgumentsAdjusters();
  Tool.appendArgumentsAdjuster(deviceParseAdjuster(Opts.Toolchain));
  if (Preambles && Through.empty() && !Inferred)
    Tool.appendArgumentsAdjuster(Preambles->adjusterFor(File));
  Tool.setPrintErrorMessage(false);
  ErrorCollector Errors;
  Tool.setDiagnosticConsumer(&Errors);
  ParseState State{Errors, InputRealPaths, Opts.ParseOnly};
  int RC = Tool.run(analysisActions(Analysis, Consumer, Outcome, State).get());
  Outcome.MissingHeaders = State.MissingHeaders;
  if (!State.Analysed) {
    if (Errors.Errors.empty())
      return Fail("the parse failed");
    std::string First = State.BlockingError.empty() ? Errors.Errors.front().Text
                                                    : State.BlockingError;
    std::string Why =
        "does not compile: " + describeErrors(First, Errors.Errors.size());
    if (Outcome.Kernels > 0)
      Why += "; " +
             (Outcome.Kernels == 1
                  ? std::string("the kernel free of errors was analysed")
                  : "the " + std::to_string(Outcome.Kernels) +
                        " kernels free of errors were analysed") +
             " (" + std::to_string(Outcome.KernelsWithErrors) + " left out)";
    if (!State.MissingHeaders.empty())
      Why += "; not found and parsed as empty: " +
             llvm::join(State.MissingHeaders, ", ");
    return Fail(Why);
  }
  if (RC != 0 && Errors.Errors.empty() && Errors.NvccAccepted.empty())
    return Fail("the parse failed");
  if (!Through.empty()) {
    // What the includer reports of the file given, nothing else.
    std::string Real = realPathOf(File);
    auto Elsewhere = [&](const Finding &F) {
      return realPathOf(absoluteFindingPath(Outcome, F)) != Real;
    };
    llvm::erase_if(Outcome.Findings,
                   [&](const ReportedFinding &F) { return Elsewhere(F.Data); });
    llvm::erase_if(Outcome.Suppressed, Elsewhere);
  }
  return Outcome;
}

} // namespace cudacoalesce
