//===- Driver/TranslationUnitAction.cpp - One parse of a file -------------===//
#include "TranslationUnitAction.h"
#include "SingleCommandDatabase.h"
#include "cuda-coalesce/Driver/CompileDatabase.h"
#include "cuda-coalesce/Driver/NoLintLookup.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <ctime>

using namespace clang;
using namespace clang::tooling;

namespace cudacoalesce {

namespace {

/// Whether argument \p I of \p Info is a type, void: what Clang prints for
/// a braced list operand.
bool isBracedListOperand(const Diagnostic &Info, unsigned I) {
  return I < Info.getNumArgs() &&
         Info.getArgKind(I) == DiagnosticsEngine::ak_qualtype &&
         QualType::getFromOpaquePtr(reinterpret_cast<void *>(Info.getRawArg(I)))
             ->isVoidType();
}

/// Clang errors for code nvcc compiles:
/// - A __shared__ object of a class with a constructor or destructor
///   (`__shared__ cuda::barrier`): nvcc does not run the initialisation,
///   with a warning; Clang rejects the declaration.
/// - An assignment from an empty braced list to a class with an operator=
///   from another class besides its own (`h = {};` on a cuda_fp16 __half2,
///   which also takes a __half2_raw): Clang finds the two ambiguous, nvcc
///   compiles it (HeCBench quant3MatMul's kernel was left out).
bool nvccAccepts(const Diagnostic &Info) {
  if (Info.getID() == diag::err_shared_var_init)
    return true;
  return Info.getID() == diag::err_ovl_ambiguous_oper_binary &&
         Info.getNumArgs() == 3 &&
         Info.getArgKind(0) == DiagnosticsEngine::ak_std_string &&
         Info.getArgStdStr(0) == "=" && isBracedListOperand(Info, 2);
}

} // namespace

void ErrorCollector::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                      const Diagnostic &Info) {
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
  (nvccAccepts(Info) ? NvccAccepted : Errors).push_back(std::move(E));
}

namespace {

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
    TranslationUnitResult R = analyzeTranslationUnit(
        AST, Opts, {DeviceErrors, !State.Errors.NvccAccepted.empty()});
    for (LocatedFinding &F : R.Findings)
      F.Data.End = endOf(SM, AST.getLangOpts(), F);
    setAsideSuppressed(SM, R.Findings, Outcome.Suppressed);
    Outcome.Kernels = R.KernelsAnalysed;
    Outcome.KernelsWithErrors = R.KernelsWithErrors.size();
    Outcome.Launches = R.Launches;
    Outcome.KernelsWithoutLaunch = R.KernelsWithoutLaunch;
    Outcome.IncludedInputs = includedInputs(SM);
    Outcome.FilesRead = filesRead(SM);
    Out.handle(AST, std::move(R), Outcome);
    State.Analysed = DeviceErrors.empty();
  }

  /// Every file of the translation unit, by real path.
  static std::vector<std::string> filesRead(const SourceManager &SM) {
    std::vector<std::string> Found;
    for (const auto &Entry :
         llvm::make_range(SM.fileinfo_begin(), SM.fileinfo_end())) {
      StringRef Real = Entry.first.getFileEntry().tryGetRealPathName();
      Found.push_back(Real.empty() ? Entry.first.getName().str() : Real.str());
    }
    llvm::sort(Found);
    Found.erase(std::unique(Found.begin(), Found.end()), Found.end());
    return Found;
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

} // namespace

std::unique_ptr<FrontendActionFactory>
analysisActions(const AnalysisOptions &Opts, const TranslationUnitConsumer &Out,
                FileOutcome &Outcome, ParseState &State) {
  return std::make_unique<ActionFactory>(Opts, Out, Outcome, State);
}

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

} // namespace cudacoalesce
