//===- Driver/Runner.cpp - Analyse a list of source files -----------------===//
#include "cuda-coalesce/Driver/Runner.h"
#include "DatabaseFiles.h"
#include "SingleCommandDatabase.h"
#include "cuda-coalesce/Driver/CompileDatabase.h"
#include "cuda-coalesce/Driver/NoLintLookup.h"
#include "cuda-coalesce/Driver/OutcomeArchive.h"
#include "cuda-coalesce/Limits.h"
#include "cuda-coalesce/Policy/ProjectConfig.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <ctime>
#include <map>
#include <set>

using namespace clang;
using namespace clang::tooling;

namespace cudacoalesce {

namespace {

/// One line per compile error ("file:line:col: message"), with where it is.
class ErrorCollector : public DiagnosticConsumer {
public:
  struct Error {
    SourceLocation Where; // a file location; invalid for errors without one
    std::string Text;
  };

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    // After a fatal error (a missing header, too many errors) Clang keeps
    // parsing but says nothing more: nothing after it can be trusted.
    Fatal |= Level == DiagnosticsEngine::Fatal;
    Error E;
    llvm::SmallString<256> Message;
    Info.FormatDiagnostic(Message);
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const SourceManager &SM = Info.getSourceManager();
      E.Where = SM.getFileLoc(Info.getLocation());
      PresumedLoc P = SM.getPresumedLoc(E.Where);
      if (P.isValid())
        E.Text = std::string(P.getFilename()) + ":" +
                 std::to_string(P.getLine()) + ":" +
                 std::to_string(P.getColumn()) + ": ";
    }
    E.Text += Message.str().str();
    Errors.push_back(std::move(E));
  }

  std::vector<Error> Errors;
  bool Fatal = false;
};

/// Skips an `#include` whose header is not found, as if it were empty.
/// Host-only headers (omp.h, mpi.h, one generated at build time) are common
/// and no kernel needs them; a missing header used to stop the parse, and
/// the file was parsed again with empty stand-ins, once per header. Errors
/// this leaves in device code fail the file as any other.
class MissingHeaderSkipper : public PPCallbacks {
public:
  explicit MissingHeaderSkipper(std::vector<std::string> &Skipped)
      : Skipped(Skipped) {}
  bool FileNotFound(StringRef Spelled) override {
    // An absolute path or one out of the search paths is the user's own
    // file, not a header of another package: that stays an error.
    if (Spelled.empty() || llvm::sys::path::is_absolute(Spelled) ||
        Spelled.contains(".."))
      return false;
    if (!llvm::is_contained(Skipped, Spelled))
      Skipped.push_back(Spelled.str());
    return true;
  }

private:
  std::vector<std::string> &Skipped; // as the #include spells them
};

std::string describeErrors(const std::string &First, size_t Count) {
  if (Count <= 1)
    return First;
  return First + " (and " + std::to_string(Count - 1) + " more errors)";
}

/// Moves the flagged findings that a NOLINT comment silences to
/// \p Suppressed (the others are no warning to silence). As clang-tidy does,
/// the spelling location is tried, then each macro expansion up the chain;
/// then the calls through which the access is reached.
void setAsideSuppressed(const SourceManager &SM,
                        std::vector<LocatedFinding> &Findings,
                        std::vector<Finding> &Suppressed) {
  NoLintLookup NoLint(SM);
  // A call of the helper the access is written in counts as the access's
  // place too: the editor reports it there.
  auto AtCall = [&](const SourcePoint &P) {
    auto File = SM.getFileManager().getOptionalFileRef(P.File);
    FileID FID = File ? SM.translateFile(*File) : FileID();
    return FID.isValid() && P.Line &&
           NoLint.silenced(SM.translateLineCol(FID, P.Line, P.Column));
  };
  llvm::erase_if(Findings, [&](const LocatedFinding &F) {
    if (!F.Data.isFlagged() ||
        (!NoLint.silenced(F.Loc) && llvm::none_of(F.Data.CallChain, AtCall)))
      return false;
    Suppressed.push_back(F.Data);
    return true;
  });
}

/// The last character of a finding's source text, in the file where it
/// starts (unset when the text ends elsewhere, e.g. in a macro's body).
SourcePoint endOf(const SourceManager &SM, const LangOptions &LO,
                  const LocatedFinding &F) {
  SourcePoint End;
  if (F.Range.isInvalid())
    return End;
  SourceLocation Last = SM.getExpansionRange(F.Range).getEnd();
  Last = Lexer::getLocForEndOfToken(Last, 0, SM, LO);
  if (Last.isInvalid())
    return End;
  PresumedLoc P = SM.getPresumedLoc(Last.getLocWithOffset(-1));
  PresumedLoc Begin = SM.getPresumedLoc(SM.getFileLoc(F.Loc));
  if (P.isInvalid() || Begin.isInvalid() ||
      llvm::StringRef(P.getFilename()) != Begin.getFilename())
    return End;
  End.File = P.getFilename();
  End.Line = P.getLine();
  End.Column = P.getColumn();
  return End;
}

/// CPU seconds this thread has run (the parse and the analysis of one file
/// happen on one thread).
double threadCpuSeconds() {
  timespec T;
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return double(T.tv_sec) + double(T.tv_nsec) * 1e-9;
}

/// What the action learns about one translation unit beyond the outcome.
struct ParseState {
  const ErrorCollector &Errors;
  const std::vector<std::string> &InputRealPaths;
  bool ParseOnly = false; // RunOptions::ParseOnly
  bool Analysed = false;
  std::string BlockingError; // the first error outside host-only code
  std::vector<std::string> MissingHeaders; // skipped, as spelled
};

class AnalysisAction : public ASTFrontendAction {
public:
  AnalysisAction(const AnalysisOptions &Opts,
                 const TranslationUnitConsumer &Out, FileOutcome &Outcome,
                 ParseState &State)
      : Opts(Opts), Out(Out), Outcome(Outcome), State(State) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    struct Consumer : ASTConsumer {
      AnalysisAction &A;
      std::vector<Decl *> TopLevel; // declared by this parse
      explicit Consumer(AnalysisAction &A) : A(A) {}
      bool HandleTopLevelDecl(DeclGroupRef Group) override {
        TopLevel.insert(TopLevel.end(), Group.begin(), Group.end());
        return true;
      }
      // Declarations read back from a precompiled header; by default they
      // would reach HandleTopLevelDecl.
      void HandleInterestingDecl(DeclGroupRef) override {}
      void HandleTranslationUnit(ASTContext &AST) override {
        // With a shared preamble (Driver/SharedPreamble.h) the CUDA headers'
        // declarations are in the precompiled header, and a walk of the
        // whole translation unit would read every one of them back: it cost
        // more than the parse it saved. The walks see what this parse
        // declared instead; no kernel is declared in those headers.
        if (AST.getExternalSource())
          AST.setTraversalScope(TopLevel);
        double Parsed = threadCpuSeconds();
        A.Outcome.ParseSeconds = Parsed - A.Started;
        A.analyse(AST);
        A.Outcome.AnalysisSeconds = threadCpuSeconds() - Parsed;
      }
    };
    return std::make_unique<Consumer>(*this);
  }

  bool BeginInvocation(CompilerInstance &CI) override {
    Started = threadCpuSeconds();
    return ASTFrontendAction::BeginInvocation(CI);
  }

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<MissingHeaderSkipper>(State.MissingHeaders));
    return ASTFrontendAction::BeginSourceFileAction(CI);
  }

private:
  /// Analyses the kernels unless a compile error may have damaged them.
  void analyse(ASTContext &AST) {
    const SourceManager &SM = AST.getSourceManager();
    if (State.Errors.Fatal) {
      State.BlockingError = State.Errors.Errors.front().Text;
      return;
    }
    // Errors in host-only bodies leave every kernel intact. Any other error
    // fails the file, but the kernels that neither hold one nor reach code
    // that did not compile are still analysed and reported.
    std::vector<SourceLocation> DeviceErrors;
    if (!State.Errors.Errors.empty()) {
      std::vector<SourceLocation> Where;
      for (const ErrorCollector::Error &E : State.Errors.Errors)
        Where.push_back(E.Where);
      std::vector<bool> InHost = inHostOnlyCode(AST, Where);
      for (size_t I = 0; I < Where.size(); ++I) {
        if (InHost[I])
          continue;
        if (State.BlockingError.empty())
          State.BlockingError = State.Errors.Errors[I].Text;
        DeviceErrors.push_back(Where[I]);
      }
      if (DeviceErrors.empty()) {
        Outcome.HostErrors = State.Errors.Errors.size();
        Outcome.FirstHostError = State.Errors.Errors.front().Text;
      }
    }
    if (State.ParseOnly) {
      State.Analysed = DeviceErrors.empty();
      return;
    }
    TranslationUnitResult R = analyzeTranslationUnit(AST, Opts, DeviceErrors);
    for (LocatedFinding &F : R.Findings)
      F.Data.End = endOf(SM, AST.getLangOpts(), F);
    setAsideSuppressed(SM, R.Findings, Outcome.Suppressed);
    Outcome.Kernels = R.KernelsAnalysed;
    Outcome.KernelsWithErrors = R.KernelsWithErrors.size();
    Outcome.Launches = R.Launches;
    Outcome.KernelsWithoutLaunch = R.KernelsWithoutLaunch;
    Outcome.IncludedInputs = includedInputs(SM);
    Out.handle(AST, std::move(R), Outcome);
    State.Analysed = DeviceErrors.empty();
  }

  /// The other input files this translation unit read (#included).
  std::vector<std::string> includedInputs(const SourceManager &SM) const {
    std::vector<std::string> Found;
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    for (const auto &Entry :
         llvm::make_range(SM.fileinfo_begin(), SM.fileinfo_end())) {
      if (Main && Entry.first == *Main)
        continue;
      StringRef Real = Entry.first.getFileEntry().tryGetRealPathName();
      if (!Real.empty() && llvm::is_contained(State.InputRealPaths, Real))
        Found.push_back(Real.str());
    }
    llvm::sort(Found);
    return Found;
  }

  const AnalysisOptions &Opts;
  const TranslationUnitConsumer &Out;
  FileOutcome &Outcome;
  ParseState &State;
  double Started = 0;
};

class ActionFactory : public FrontendActionFactory {
public:
  ActionFactory(const AnalysisOptions &Opts, const TranslationUnitConsumer &Out,
                FileOutcome &Outcome, ParseState &State)
      : Opts(Opts), Out(Out), Outcome(Outcome), State(State) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<AnalysisAction>(Opts, Out, Outcome, State);
  }

private:
  const AnalysisOptions &Opts;
  const TranslationUnitConsumer &Out;
  FileOutcome &Outcome;
  ParseState &State;
};

/// -p's compile_commands.json (response files expanded), or the flags
/// after `--` (or none) for all.
std::unique_ptr<CompilationDatabase> openDatabase(const RunOptions &Opts,
                                                  std::string &Error) {
  if (Opts.BuildDir.empty())
    return std::make_unique<FixedCompilationDatabase>(
        ".", Opts.ExtraFlags ? *Opts.ExtraFlags : std::vector<std::string>());
  return loadCompileDatabase(Opts.BuildDir, Error);
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
    if (A == File || A == std::string(Absolute) ||
        A == Commands.front().Filename)
      A = Candidate;
  CompileCommand C = Commands.front();
  C.Filename = Candidate;
  C.CommandLine = Args;
  SingleCommandDatabase One(std::move(C));
  ClangTool Tool(One, {Candidate});
  Tool.clearArgumentsAdjusters();
  Tool.appendArgumentsAdjuster(deviceParseAdjuster(Opts.Toolchain));
  Tool.setPrintErrorMessage(false);
  ErrorCollector Errors;
  Tool.setDiagnosticConsumer(&Errors);
  int RC = Tool.run(newFrontendActionFactory<SyntaxOnlyAction>().get());
  if (!Errors.Errors.empty() || RC != 0) {
    Error =
        Errors.Errors.empty() ? "the parse failed" : Errors.Errors.front().Text;
    return false;
  }
  return true;
}

namespace {

/// How many files that #include a file outside the database are analysed
/// for it.
constexpr size_t MaxIncluders = 8;

/// The same access of the same kernel under the same launch, reached
/// through the same calls (a helper called twice is two instructions),
/// whichever translation unit reported it.
std::string findingKey(const FileOutcome &O, const Finding &F);

/// A consumer for files parsed for their launches only.
struct IgnoreFindings : TranslationUnitConsumer {
  void handle(clang::ASTContext &, TranslationUnitResult &&,
              FileOutcome &) const override {}
};

/// One pass over one file. Outcomes are written by index, so workers never
/// share one.
class FileAnalyser {
public:
  FileAnalyser(const RunOptions &Opts, const CompilationDatabase &DB,
               const TranslationUnitConsumer &Consumer,
               SharedPreambles *Preambles)
      : Opts(Opts), DB(DB), Consumer(Consumer), Preambles(Preambles) {
    for (const std::string &File : Opts.Files) {
      llvm::SmallString<256> Real;
      if (!llvm::sys::fs::real_path(File, Real))
        InputRealPaths.push_back(std::string(Real));
    }
  }

  /// Analyses \p File: its own translation unit, or those of \p Through
  /// (files of the database that #include it), keeping only what is
  /// written in \p File: the first that reports something is named.
  FileOutcome analyse(const std::string &File, const AnalysisOptions &Analysis,
                      const std::vector<std::string> &Through = {}) const {
    if (Through.empty())
      return analyse(File, Analysis, std::string());
    FileOutcome Merged;
    std::set<std::string> Seen;
    for (const std::string &Includer : Through) {
      FileOutcome O = analyse(File, Analysis, Includer);
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

  FileOutcome analyse(const std::string &File, const AnalysisOptions &Analysis,
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

    ClangTool Tool(Inferred ? *Inferred : DB, {std::string(Absolute)});
    Tool.clearArgumentsAdjusters();
    Tool.appendArgumentsAdjuster(deviceParseAdjuster(Opts.Toolchain));
    if (Preambles && Through.empty() && !Inferred)
      Tool.appendArgumentsAdjuster(Preambles->adjusterFor(File));
    Tool.setPrintErrorMessage(false);
    ErrorCollector Errors;
    Tool.setDiagnosticConsumer(&Errors);
    ParseState State{Errors, InputRealPaths, Opts.ParseOnly};
    ActionFactory Factory(Analysis, Consumer, Outcome, State);
    int RC = Tool.run(&Factory);
    Outcome.MissingHeaders = State.MissingHeaders;
    if (!State.Analysed) {
      if (Errors.Errors.empty())
        return Fail("the parse failed");
      std::string First = State.BlockingError.empty()
                              ? Errors.Errors.front().Text
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
    if (RC != 0 && Errors.Errors.empty())
      return Fail("the parse failed");
    if (!Through.empty()) {
      // What the includer reports of the file given, nothing else.
      std::string Real = realPathOf(File);
      auto Elsewhere = [&](const Finding &F) {
        return realPathOf(absoluteFindingPath(Outcome, F)) != Real;
      };
      llvm::erase_if(Outcome.Findings, [&](const ReportedFinding &F) {
        return Elsewhere(F.Data);
      });
      llvm::erase_if(Outcome.Suppressed, Elsewhere);
    }
    return Outcome;
  }

  /// A database that infers a command for a file it does not list.
  void setInferring(const CompilationDatabase *DB) { Inferring = DB; }

private:
  static std::string realPathOf(const std::string &File) {
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(File, Real))
      return File;
    return std::string(Real);
  }

  const RunOptions &Opts;
  const CompilationDatabase &DB;
  const CompilationDatabase *Inferring = nullptr;
  const TranslationUnitConsumer &Consumer;
  SharedPreambles *Preambles; // null: none
  std::vector<std::string> InputRealPaths;
};

/// Analyses the files \p Indices of the run, each under its own options,
/// into \p Outcomes; \p Done(I) after each, one call at a time.
void analyseEach(const RunOptions &Opts, const FileAnalyser &Analyser,
                 const std::vector<std::string> &Files,
                 const std::vector<std::vector<std::string>> &Through,
                 const std::vector<size_t> &Indices,
                 const std::vector<AnalysisOptions> &With,
                 std::vector<FileOutcome> &Outcomes,
                 const std::function<void(size_t)> &Done) {
  runTasks(
      Indices, Opts.Jobs, Opts.Isolate ? &Opts.Limits : nullptr,
      [&](size_t I) {
        return serializeOutcome(
            Analyser.analyse(Files[I], With[I], Through[I]));
      },
      [&](size_t I, ChildResult R) {
        FileOutcome &O = Outcomes[I];
        std::string Why = R.describe(Opts.Limits);
        if (Why.empty() && !deserializeOutcome(R.Payload, O))
          Why = "the analysis ended without a result";
        if (!Why.empty()) {
          O = FileOutcome();
          O.File = Files[I];
          O.Failed = true;
          O.Error = std::move(Why);
        }
        Done(I);
      });
}

/// Whether the text of \p File has `<<<`, or cannot be read: a file without
/// it launches nothing, but through a macro of a header.
bool mayLaunch(const std::string &File) {
  auto Text = llvm::MemoryBuffer::getFile(File);
  return !Text || (*Text)->getBuffer().contains("<<<");
}

/// Adds \p O's launches of \p Kernel to \p Found, each launch once: one
/// launch reported by two translation units (a header, a file analysed
/// through its includer) shapes the kernel once.
void addLaunches(LaunchMap &Found, const std::string &Kernel,
                 const FileOutcome &O) {
  auto It = O.Launches.find(Kernel);
  if (O.Failed || It == O.Launches.end())
    return;
  std::vector<LaunchSite> &Sites = Found[Kernel];
  for (const LaunchSite &L : It->second)
    if (llvm::none_of(Sites, [&](const LaunchSite &S) {
          return S.Where.Line == L.Where.Line &&
                 S.Where.Column == L.Where.Column &&
                 absolutePath(S.Where.File, "") ==
                     absolutePath(L.Where.File, "");
        }))
      Sites.push_back(L);
}

/// The launches of the other files for the kernels \p Outcome does not
/// launch itself.
LaunchMap launchesElsewhere(const std::vector<FileOutcome> &Outcomes,
                            size_t Self,
                            const std::vector<FileOutcome> &LaunchersOnly) {
  LaunchMap Found;
  for (const std::string &Kernel : Outcomes[Self].KernelsWithoutLaunch) {
    for (size_t I = 0; I < Outcomes.size(); ++I)
      if (I != Self)
        addLaunches(Found, Kernel, Outcomes[I]);
    for (const FileOutcome &O : LaunchersOnly)
      addLaunches(Found, Kernel, O);
  }
  return Found;
}

/// Every launch of the files \p From (ascending) but \p Self, for whichever
/// kernel \p Self does not launch itself (KernelAnalysis looks only those
/// up): what launchesElsewhere gives when only those files launch.
LaunchMap launchesOf(const std::vector<FileOutcome> &Outcomes,
                     const std::vector<size_t> &From, size_t Self) {
  std::set<std::string> Kernels;
  for (size_t I : From)
    for (const auto &KernelSites : Outcomes[I].Launches)
      Kernels.insert(KernelSites.first);
  LaunchMap Found;
  for (const std::string &Kernel : Kernels)
    for (size_t I : From)
      if (I != Self)
        addLaunches(Found, Kernel, Outcomes[I]);
  return Found;
}

bool sameLaunches(const std::vector<LaunchSite> &A,
                  const std::vector<LaunchSite> &B) {
  auto Same = [](const LaunchSite &L, const LaunchSite &R) {
    return L.Where.File == R.Where.File && L.Where.Line == R.Where.Line &&
           L.Where.Column == R.Where.Column && L.Block == R.Block &&
           L.Grid == R.Grid && L.PartialBlock == R.PartialBlock &&
           L.Arguments == R.Arguments && L.ExtentArguments == R.ExtentArguments;
  };
  return A.size() == B.size() &&
         std::equal(A.begin(), A.end(), B.begin(), Same);
}

/// Whether the file analysed with \p Had would be analysed the same with
/// \p Elsewhere: they agree on every kernel it does not launch itself.
bool sawTheseLaunches(const FileOutcome &O, const LaunchMap &Had,
                      const LaunchMap &Elsewhere) {
  static const std::vector<LaunchSite> None;
  auto Of = [&](const LaunchMap &M,
                const std::string &K) -> const std::vector<LaunchSite> & {
    auto It = M.find(K);
    return It == M.end() ? None : It->second;
  };
  return llvm::all_of(O.KernelsWithoutLaunch, [&](const std::string &K) {
    return sameLaunches(Of(Had, K), Of(Elsewhere, K));
  });
}

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

/// Per finding: whether it lies in a file the configuration skips (then it
/// is dropped) and whether it fails the run.
void applyConfig(FileOutcome &O, const ProjectConfig *Config) {
  if (!Config) {
    for (ReportedFinding &F : O.Findings)
      F.FailsRun = F.Data.isFlagged();
    return;
  }
  O.ConfigFile = Config->Path;
  llvm::erase_if(O.Findings, [&](const ReportedFinding &F) {
    return !Config->Skip.empty() &&
           Config->skips(absoluteFindingPath(O, F.Data));
  });
  // A share of the kernel's traffic is of its launch's global bytes.
  std::vector<const Finding *> All;
  for (const ReportedFinding &F : O.Findings)
    All.push_back(&F.Data);
  std::map<KernelLaunch, KernelLaunchTraffic> Launches =
      trafficByKernelLaunch(All);
  for (ReportedFinding &F : O.Findings) {
    std::optional<double> Sectors = Launches[launchOf(F.Data)].Sectors;
    F.FailsRun = Config->failsOn(
        F.Data, Sectors ? std::optional<double>(*Sectors * model::SectorBytes)
                        : std::nullopt);
  }
}

} // namespace

std::string absoluteFindingPath(const FileOutcome &O, const Finding &F) {
  return absolutePath(F.Where.File, O.CommandDirectory);
}

std::vector<FileOutcome> analyzeFiles(const RunOptions &Opts,
                                      const TranslationUnitConsumer &Consumer,
                                      std::string &SetupError) {
  std::vector<FileOutcome> Outcomes(Opts.Files.size());
  std::unique_ptr<CompilationDatabase> DB = openDatabase(Opts, SetupError);
  if (!DB)
    return {};

  // Each file's configuration: an invalid one fails the file, a skip glob
  // leaves it out, per-kernel block shapes go to its analysis.
  ProjectConfigs Configs;
  std::vector<const ProjectConfig *> ConfigOf(Outcomes.size(), nullptr);
  std::vector<AnalysisOptions> With(Outcomes.size(), Opts.Analysis);
  std::vector<size_t> All;
  for (size_t I = 0; I < Outcomes.size(); ++I) {
    Outcomes[I].File = Opts.Files[I];
    if (Opts.UseProjectConfig) {
      std::string ConfigError;
      ConfigOf[I] = Configs.forFile(Opts.Files[I], ConfigError);
      if (!ConfigError.empty()) {
        Outcomes[I].Failed = true;
        Outcomes[I].Error = "invalid configuration: " + ConfigError;
        continue;
      }
    }
    if (const ProjectConfig *C = ConfigOf[I]) {
      Outcomes[I].ConfigFile = C->Path;
      if (C->skips(Opts.Files[I])) {
        Outcomes[I].Skipped = true;
        continue;
      }
      for (const ProjectConfig::KernelShape &K : C->BlockDims)
        With[I].KernelBlockDims.push_back(
            {K.Kernel, K.Block, C->Path + " (block-dim '" + K.Kernel + "')"});
    }
    All.push_back(I);
  }

  // The CUDA headers, parsed once for the files that share a command; both
  // passes below use them.
  std::unique_ptr<SharedPreambles> Preambles;
  if (Opts.SharePreamble) {
    std::vector<std::string> ToParse;
    for (size_t I : All)
      ToParse.push_back(Opts.Files[I]);
    Preambles = std::make_unique<SharedPreambles>(
        ToParse, *DB, Opts.Toolchain, Opts.Jobs,
        Opts.Isolate ? &Opts.Limits : nullptr);
  }
  FileAnalyser Analyser(Opts, *DB, Consumer, Preambles.get());
  // A file the database does not list (a header, a kernel file that
  // another #includes, an example): analysed through a file of the
  // database that includes it, else with a command inferred from a
  // neighbour, as clangd does.
  std::vector<std::vector<std::string>> Through(Outcomes.size());
  std::unique_ptr<CompilationDatabase> Inferring;
  if (!Opts.BuildDir.empty()) {
    std::string Ignored;
    if (auto Base = loadCompileDatabase(Opts.BuildDir, Ignored))
      Inferring = inferMissingCompileCommands(std::move(Base));
    Analyser.setInferring(Inferring.get());
    for (size_t I : All) {
      const std::string &File = Opts.Files[I];
      if (!llvm::sys::fs::is_regular_file(File) ||
          !DB->getCompileCommands(absolutePath(File, "")).empty())
        continue;
      // A few of them: the first may not reach the file's code (it
      // includes a header for a declaration).
      Through[I] = includersOf(*DB, File);
      if (Through[I].size() > MaxIncluders)
        Through[I].resize(MaxIncluders);
    }
  }
  size_t Done = 0;
  auto PassDone = [&](llvm::StringRef Pass, const FileOutcome &O) {
    if (Opts.PassDone)
      Opts.PassDone(Pass, O);
  };
  // Inputs whose findings no later pass changes: every kernel of theirs is
  // launched in them (the later passes only bring launches from elsewhere).
  std::vector<bool> Final(Outcomes.size(), true);
  for (size_t I : All)
    Final[I] = false;
  size_t Given = 0;
  auto GiveFinal = [&] {
    for (; Given < Outcomes.size() && Final[Given]; ++Given)
      if (Opts.FileDone) {
        applyConfig(Outcomes[Given], ConfigOf[Given]);
        Opts.FileDone(Outcomes[Given]);
      }
  };
  auto FirstPassDone = [&](size_t I) {
    if (Opts.Progress)
      Opts.Progress(++Done, All.size(), Opts.Files[I]);
    PassDone("analysis", Outcomes[I]);
    Final[I] = Outcomes[I].Failed || Outcomes[I].KernelsWithoutLaunch.empty();
    GiveFinal();
  };
  GiveFinal();
  // Files whose text launches a kernel first: the others then take the
  // launches of their kernels from those files in their one pass, instead
  // of being parsed a second time for them (a launch written through a
  // macro of a header still gets the second pass below).
  std::vector<size_t> Launching, Rest;
  for (size_t I : All)
    (!Through[I].empty() || mayLaunch(Opts.Files[I]) ? Launching : Rest)
        .push_back(I);
  analyseEach(Opts, Analyser, Opts.Files, Through, Launching, With, Outcomes,
              FirstPassDone);
  for (size_t I : Rest)
    With[I].ProjectLaunches = launchesOf(Outcomes, Launching, I);
  analyseEach(Opts, Analyser, Opts.Files, Through, Rest, With, Outcomes,
              FirstPassDone);

  // Kernels that no input launches: the launches in the database's other
  // files, which are parsed for them (their findings are not reported).
  std::vector<FileOutcome> Launchers;
  if (!Opts.BuildDir.empty() && !Opts.ParseOnly) {
    std::set<std::string> Unlaunched;
    for (size_t I : All)
      if (!Outcomes[I].Failed)
        for (const std::string &K : Outcomes[I].KernelsWithoutLaunch)
          if (llvm::none_of(Outcomes, [&](const FileOutcome &O) {
                return &O != &Outcomes[I] && !O.Failed && O.Launches.count(K);
              }))
            Unlaunched.insert(K);
    if (!Unlaunched.empty()) {
      std::vector<std::string> Files =
          launchersOutside(*DB, Opts.Files, Unlaunched);
      std::vector<size_t> Indices(Files.size());
      for (size_t I = 0; I < Files.size(); ++I)
        Indices[I] = I;
      Launchers.resize(Files.size());
      std::vector<AnalysisOptions> Plain(Files.size(), Opts.Analysis);
      IgnoreFindings Ignore;
      FileAnalyser LaunchesOnly(Opts, *DB, Ignore, nullptr);
      analyseEach(Opts, LaunchesOnly, Files,
                  std::vector<std::vector<std::string>>(Files.size()), Indices,
                  Plain, Launchers,
                  [&](size_t I) { PassDone("launches only", Launchers[I]); });
    }
  }

  // Kernels launched only from other files: analyse their files again
  // under those launches.
  std::vector<size_t> Again;
  std::vector<AnalysisOptions> AgainWith = With;
  for (size_t I : All) {
    if (Outcomes[I].Failed)
      continue;
    LaunchMap Elsewhere = launchesElsewhere(Outcomes, I, Launchers);
    if (Elsewhere.empty() ||
        sawTheseLaunches(Outcomes[I], With[I].ProjectLaunches, Elsewhere))
      continue;
    AgainWith[I].ProjectLaunches = std::move(Elsewhere);
    Again.push_back(I);
  }
  analyseEach(Opts, Analyser, Opts.Files, Through, Again, AgainWith, Outcomes,
              [&](size_t I) {
                PassDone("again, under launches in other files", Outcomes[I]);
              });

  if (Preambles && Opts.PreambleReport)
    Opts.PreambleReport(Preambles->stats());
  Final.assign(Outcomes.size(), true);
  GiveFinal();

  for (size_t I : All)
    applyConfig(Outcomes[I], ConfigOf[I]);

  // A file that does not compile alone, analysed as part of its includer
  // (only parsed files: not one whose configuration is invalid).
  for (size_t I : All) {
    FileOutcome &O = Outcomes[I];
    llvm::SmallString<256> Real;
    if (!O.Failed || llvm::sys::fs::real_path(O.File, Real))
      continue;
    for (const FileOutcome &Includer : Outcomes)
      if (!Includer.Failed &&
          llvm::is_contained(Includer.IncludedInputs, Real)) {
        O.Failed = false;
        O.Error.clear();
        O.AnalysedThrough = Includer.File;
        break;
      }
  }

  std::set<std::string> Reported, Silenced;
  for (FileOutcome &O : Outcomes) {
    llvm::erase_if(O.Findings, [&](const ReportedFinding &F) {
      return !Reported.insert(findingKey(O, F.Data)).second;
    });
    llvm::erase_if(O.Suppressed, [&](const Finding &F) {
      return !Silenced.insert(findingKey(O, F)).second;
    });
  }
  return Outcomes;
}

} // namespace cudacoalesce
