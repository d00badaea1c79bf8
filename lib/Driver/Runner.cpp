//===- Driver/Runner.cpp - Analyse a list of source files -----------------===//
#include "cuda-coalesce/Driver/Runner.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace clang::tooling;

namespace cudacoalesce {

namespace {

/// Keeps the first compile error as one line and counts the rest.
class FirstErrorCollector : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error || !First.empty())
      return;
    llvm::SmallString<256> Message;
    Info.FormatDiagnostic(Message);
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      PresumedLoc P = Info.getSourceManager().getPresumedLoc(
          Info.getSourceManager().getFileLoc(Info.getLocation()));
      if (P.isValid())
        First = std::string(P.getFilename()) + ":" + std::to_string(P.getLine()) +
                ":" + std::to_string(P.getColumn()) + ": ";
    }
    First += Message.str().str();
  }
  std::string First;
};

class AnalysisAction : public ASTFrontendAction {
public:
  AnalysisAction(const RunOptions &Opts, TranslationUnitConsumer &Out,
                 FileOutcome &Outcome)
      : Opts(Opts), Out(Out), Outcome(Outcome) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef File) override {
    struct Consumer : ASTConsumer {
      AnalysisAction &A;
      std::string File;
      Consumer(AnalysisAction &A, StringRef File) : A(A), File(File.str()) {}
      void HandleTranslationUnit(ASTContext &AST) override {
        TranslationUnitResult R = analyzeTranslationUnit(AST, A.Opts.Analysis);
        A.Outcome.Kernels += R.KernelsAnalysed;
        A.Out.handle(File, AST, R);
      }
    };
    return std::make_unique<Consumer>(*this, File);
  }

private:
  const RunOptions &Opts;
  TranslationUnitConsumer &Out;
  FileOutcome &Outcome;
};

class ActionFactory : public FrontendActionFactory {
public:
  ActionFactory(const RunOptions &Opts, TranslationUnitConsumer &Out,
                FileOutcome &Outcome)
      : Opts(Opts), Out(Out), Outcome(Outcome) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<AnalysisAction>(Opts, Out, Outcome);
  }

private:
  const RunOptions &Opts;
  TranslationUnitConsumer &Out;
  FileOutcome &Outcome;
};

bool looksLikeCuda(StringRef File, const std::vector<std::string> &Command) {
  StringRef Ext = llvm::sys::path::extension(File);
  if (Ext == ".cu" || Ext == ".cuh")
    return true;
  for (size_t I = 0; I + 1 < Command.size(); ++I)
    if (Command[I] == "-x" && (Command[I + 1] == "cuda" || Command[I + 1] == "cu"))
      return true;
  for (const std::string &A : Command)
    if (A == "-xcuda" || A == "--x=cu")
      return true;
  return false;
}

/// -p's compile_commands.json, or the flags after `--` (or none) for all.
std::unique_ptr<CompilationDatabase> openDatabase(const RunOptions &Opts,
                                                  std::string &Error) {
  if (Opts.BuildDir.empty())
    return std::make_unique<FixedCompilationDatabase>(
        ".", Opts.ExtraFlags ? *Opts.ExtraFlags : std::vector<std::string>());
  std::string Why;
  llvm::SmallString<256> Path(Opts.BuildDir);
  llvm::sys::path::append(Path, "compile_commands.json");
  auto DB = JSONCompilationDatabase::loadFromFile(Path, Why,
                                                  JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    Error = "cannot read a compile database in '" + Opts.BuildDir + "': " + Why;
  return DB;
}

ArgumentsAdjuster deviceParseAdjuster(const ToolchainSetup &Toolchain) {
  return [Toolchain](const CommandLineArguments &Args, StringRef) {
    return deviceParseCommand(Args, Toolchain);
  };
}

} // namespace

bool parsesCleanly(const RunOptions &Opts, const std::string &File,
                   const std::string &Candidate, std::string &Error) {
  std::unique_ptr<CompilationDatabase> DB = openDatabase(Opts, Error);
  if (!DB)
    return false;
  llvm::SmallString<256> Absolute(File);
  llvm::sys::fs::make_absolute(Absolute);
  std::vector<CompileCommand> Commands = DB->getCompileCommands(Absolute);
  if (Commands.empty()) {
    Error = "no compile command";
    return false;
  }
  // The same command with the candidate in the original's place.
  std::vector<std::string> Args = Commands.front().CommandLine;
  for (std::string &A : Args)
    if (A == File || A == std::string(Absolute) || A == Commands.front().Filename)
      A = Candidate;
  struct OneCommand : CompilationDatabase {
    CompileCommand C;
    std::vector<CompileCommand> getCompileCommands(StringRef) const override {
      return {C};
    }
  } One;
  One.C = Commands.front();
  One.C.Filename = Candidate;
  One.C.CommandLine = Args;
  ClangTool Tool(One, {Candidate});
  Tool.clearArgumentsAdjusters();
  Tool.appendArgumentsAdjuster(deviceParseAdjuster(Opts.Toolchain));
  Tool.setPrintErrorMessage(false);
  FirstErrorCollector Errors;
  Tool.setDiagnosticConsumer(&Errors);
  int RC = Tool.run(newFrontendActionFactory<SyntaxOnlyAction>().get());
  if (Errors.getNumErrors() > 0 || RC != 0) {
    Error = Errors.First.empty() ? "the parse failed" : Errors.First;
    return false;
  }
  return true;
}

std::vector<FileOutcome> analyzeFiles(const RunOptions &Opts,
                                      TranslationUnitConsumer &Consumer,
                                      std::string &SetupError) {
  std::vector<FileOutcome> Outcomes;
  std::unique_ptr<CompilationDatabase> DB = openDatabase(Opts, SetupError);
  if (!DB)
    return Outcomes;

  for (const std::string &File : Opts.Files) {
    FileOutcome Outcome;
    Outcome.File = File;
    auto Fail = [&](std::string Why) {
      Outcome.Failed = true;
      Outcome.Error = std::move(Why);
      Outcomes.push_back(Outcome);
    };
    if (llvm::sys::fs::is_directory(File)) {
      Fail("is a directory, not a source file");
      continue;
    }
    if (!llvm::sys::fs::exists(File)) {
      Fail("no such file");
      continue;
    }
    llvm::SmallString<256> Absolute(File);
    llvm::sys::fs::make_absolute(Absolute);
    std::vector<CompileCommand> Commands = DB->getCompileCommands(Absolute);
    if (Commands.empty()) {
      Fail("not in the compile database of '" + Opts.BuildDir + "'");
      continue;
    }
    if (!looksLikeCuda(File, Commands.front().CommandLine)) {
      Fail("not a CUDA source (expected .cu or .cuh, or -x cuda in its flags)");
      continue;
    }

    ClangTool Tool(*DB, {std::string(Absolute)});
    Tool.clearArgumentsAdjusters();
    Tool.appendArgumentsAdjuster(deviceParseAdjuster(Opts.Toolchain));
    Tool.setPrintErrorMessage(false);
    FirstErrorCollector Errors;
    Tool.setDiagnosticConsumer(&Errors);
    ActionFactory Factory(Opts, Consumer, Outcome);
    int RC = Tool.run(&Factory);
    if (Errors.getNumErrors() > 0) {
      std::string Why = "does not compile: " + Errors.First;
      if (Errors.getNumErrors() > 1)
        Why += " (and " + std::to_string(Errors.getNumErrors() - 1) +
               " more errors)";
      Fail(Why);
      continue;
    }
    if (RC != 0) {
      Fail("the parse failed");
      continue;
    }
    Outcomes.push_back(Outcome);
  }
  return Outcomes;
}

} // namespace cudacoalesce
