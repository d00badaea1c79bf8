//===- CudaMemoryCoalescingCheck.cpp - clang-tidy front end ---------------===//
#include "CudaMemoryCoalescingCheck.h"

#include "cuda-coalesce/Driver/CompileDatabase.h"
#include "cuda-coalesce/Driver/HeaderDefinitionScope.h"
#include "cuda-coalesce/Driver/LaunchIndex.h"
#include "cuda-coalesce/Driver/NoLintLookup.h"
#include "cuda-coalesce/Frontend/KernelAnalysis.h"
#include "cuda-coalesce/Policy/CheckNames.h"
#include "cuda-coalesce/Policy/ProjectConfig.h"
#include "cuda-coalesce/Report/FindingGroups.h"
#include "cuda-coalesce/Report/TextReport.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <functional>
#include <map>

using namespace clang;
using namespace clang::ast_matchers;
using clang::tooling::ClangTool;
using clang::tooling::CompilationDatabase;
using clang::tooling::CompileCommand;
using clang::tooling::FrontendActionFactory;

namespace cudacoalesce {
namespace tidy {

static std::optional<Severity> parseSeverity(llvm::StringRef S) {
  return llvm::StringSwitch<std::optional<Severity>>(S.lower())
      .Case("low", Severity::Low)
      .Case("medium", Severity::Medium)
      .Case("high", Severity::High)
      .Default(std::nullopt);
}

// Read as text: the plugin cannot use OptionsView::get<bool>, whose
// instantiation clang-tidy-22 does not export.
static std::optional<bool> parseBool(llvm::StringRef S) {
  return llvm::StringSwitch<std::optional<bool>>(S.lower())
      .Cases({"true", "1", "on", "yes"}, true)
      .Cases({"false", "0", "off", "no"}, false)
      .Default(std::nullopt);
}

CudaMemoryCoalescingCheck::CudaMemoryCoalescingCheck(
    StringRef Name, clang::tidy::ClangTidyContext *Context,
    std::shared_ptr<LaunchIndex> Launches)
    : ClangTidyCheck(Name, Context), Launches(std::move(Launches)),
      BlockDimOption(Options.get("BlockDim", "").str()),
      MinimumSeverityOption(Options.get("MinimumSeverity", "low").str()),
      ReportCoalesced(parseBool(Options.get("ReportCoalesced", "false"))),
      ProjectLaunches(parseBool(Options.get("ProjectLaunches", "true"))),
      CompileCommandsDir(Options.get("CompileCommandsDir", "").str()),
      EditorMode(Options.get(EditorModeOption, "false") == "true") {
  if (!BlockDimOption.empty()) {
    BlockDim = parseBlockShape(BlockDimOption);
    if (!BlockDim)
      configurationDiag("invalid BlockDim '%0' for %1: expected X[,Y[,Z]] "
                        "with at most 1024 threads; launch sites are used")
          << BlockDimOption << Name;
  }
  if (!ReportCoalesced)
    configurationDiag("invalid ReportCoalesced '%0' for %1: expected true or "
                      "false; false is used")
        << Options.get("ReportCoalesced", "false") << Name;
  if (!ProjectLaunches)
    configurationDiag("invalid ProjectLaunches '%0' for %1: expected true or "
                      "false; true is used")
        << Options.get("ProjectLaunches", "true") << Name;
  if (auto S = parseSeverity(MinimumSeverityOption))
    MinimumSeverity = *S;
  else
    configurationDiag("invalid MinimumSeverity '%0' for %1: expected low, "
                      "medium or high; low is used")
        << MinimumSeverityOption << Name;
}

void CudaMemoryCoalescingCheck::storeOptions(
    clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "BlockDim", BlockDimOption);
  Options.store(Opts, "MinimumSeverity", MinimumSeverityOption);
  Options.store(Opts, "ReportCoalesced",
                ReportCoalesced.value_or(false) ? "true" : "false");
  Options.store(Opts, "ProjectLaunches",
                ProjectLaunches.value_or(true) ? "true" : "false");
  Options.store(Opts, "CompileCommandsDir", CompileCommandsDir);
}

bool CudaMemoryCoalescingCheck::isLanguageVersionSupported(
    const LangOptions &LO) const {
  return LO.CUDA;
}

void CudaMemoryCoalescingCheck::registerMatchers(MatchFinder *Finder) {
  // The analysis walks the whole translation unit once: kernels need the
  // launches written anywhere in it.
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

/// Sectors per request against the ideal: how many times the bandwidth the
/// access needs.
static double wasteFactor(const model::Prediction &P) {
  double Sectors = P.Units ? *P.Units : P.UnitsMin;
  return P.IdealUnits > 0 ? Sectors / P.IdealUnits : 1;
}

static bool reaches(const Finding &F, Severity Minimum) {
  switch (Minimum) {
  case Severity::Low:
    return true;
  case Severity::Medium:
    return wasteFactor(F.Prediction) >= 2 - 1e-9;
  case Severity::High:
    return wasteFactor(F.Prediction) >= 4 - 1e-9;
  }
  return true;
}

/// What a code action applying \p X should be titled: what it does.
static std::string fixTitle(const fixes::Fix &X) {
  llvm::StringRef M = X.Message;
  size_t At = M.find("swap '");
  if (At != llvm::StringRef::npos) {
    // "swap 'row' and 'col' (threadIdx.x and threadIdx.y) so that ..."
    llvm::StringRef Rest = M.substr(At);
    size_t EndA = Rest.find('\'', 6);
    size_t StartB =
        EndA == llvm::StringRef::npos ? EndA : Rest.find('\'', EndA + 1);
    size_t EndB =
        StartB == llvm::StringRef::npos ? StartB : Rest.find('\'', StartB + 1);
    if (EndB != llvm::StringRef::npos)
      return Rest.take_front(EndB + 1).str();
  }
  return std::string("apply the ") + fixes::fixKindName(X.Kind) + " fix";
}

namespace {

/// The main file's path, absolute, and the working directory of the parse
/// (the compile command's): relative paths in findings start there.
struct MainFile {
  std::string Path, WorkingDir;
};

MainFile mainFileOf(const SourceManager &SM) {
  MainFile M;
  auto &FS = SM.getFileManager().getVirtualFileSystem();
  if (auto Cwd = FS.getCurrentWorkingDirectory())
    M.WorkingDir = *Cwd;
  if (OptionalFileEntryRef F = SM.getFileEntryRefForID(SM.getMainFileID()))
    M.Path = absolutePath(F->getName().str(), M.WorkingDir);
  return M;
}

/// A finding, with where it is in the translation unit the check runs on.
struct Placed {
  Finding F;
  SourceLocation Loc; // the access; invalid when its file is not in the TU
  SourceRange Range;
  bool Silenced = false; // a NOLINT comment names it where it is written
};

/// The project's settings for the file: what the analysis needs beyond the
/// translation unit.
struct Project {
  AnalysisOptions Opts;
  const ProjectConfig *Config = nullptr;
  std::string DatabaseDir; // empty: none found
  bool UseLaunches = true;
  LaunchIndex *Launches = nullptr;
};

/// The analysis of one translation unit as the CLI runs it on the file:
/// with the configuration's shapes, then again with the launches in the
/// other files of the project for the kernels this one does not launch.
TranslationUnitResult analyseProjectFile(ASTContext &AST, Project &P,
                                         const MainFile &Main) {
  TranslationUnitResult Result = analyzeTranslationUnit(AST, P.Opts);
  if (!P.UseLaunches || Result.KernelsWithoutLaunch.empty() ||
      P.DatabaseDir.empty() || Main.Path.empty())
    return Result;
  static const ToolchainSetup Toolchain = defaultToolchain();
  LaunchMap Elsewhere = P.Launches->projectLaunches(
      P.DatabaseDir, Main.Path, Result.KernelsWithoutLaunch, Toolchain);
  if (Elsewhere.empty())
    return Result;
  AnalysisOptions With = P.Opts;
  With.ProjectLaunches = std::move(Elsewhere);
  return analyzeTranslationUnit(AST, With);
}

/// Whether the code walked (the main file's and the header definitions it
/// reaches) calls a function or constructor whose body the parse skipped:
/// clangd parses the headers of its preamble without function bodies, so
/// the __device__ helpers they define cannot be followed there.
bool callsSkippedBodies(ASTContext &AST) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    bool Found = false;
    explicit Finder(const SourceManager &SM) : SM(SM) {}
    bool shouldVisitTemplateInstantiations() const { return true; }
    static bool skipped(const FunctionDecl *FD) {
      for (const FunctionDecl *D : FD->redecls())
        if (D->hasSkippedBody())
          return true;
      if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
        return Pattern != FD && skipped(Pattern);
      return false;
    }
    void reach(const FunctionDecl *FD) {
      if (FD && !SM.isInSystemHeader(FD->getLocation()) && skipped(FD))
        Found = true;
    }
    bool VisitCallExpr(CallExpr *C) {
      reach(C->getDirectCallee());
      return !Found;
    }
    // A constructor's member initializers are skipped with its body: a
    // launch's shape kept in a struct (ggml's launch parameters).
    bool VisitCXXConstructExpr(CXXConstructExpr *C) {
      reach(C->getConstructor());
      return !Found;
    }
  } F(AST.getSourceManager());
  F.TraverseAST(AST);
  return F.Found;
}

/// \p Point's place in \p SM, when its file is part of that translation unit.
SourceLocation translate(const SourceManager &SM, const MainFile &Main,
                         const std::string &File, unsigned Line,
                         unsigned Column) {
  if (!Line)
    return SourceLocation();
  FileID FID;
  if (absolutePath(File, Main.WorkingDir) == Main.Path) {
    FID = SM.getMainFileID();
  } else if (auto FE = SM.getFileManager().getOptionalFileRef(
                 absolutePath(File, Main.WorkingDir))) {
    FID = SM.translateFile(*FE);
  }
  return FID.isValid() ? SM.translateLineCol(FID, Line, Column)
                       : SourceLocation();
}

/// Parses the main file again, as the CLI would (its compile command,
/// the buffer being edited), with every function body, and analyses it;
/// the findings are placed in \p Here, the translation unit being checked.
class ApartAction : public ASTFrontendAction {
public:
  ApartAction(const SourceManager &Here, Project &P, const MainFile &Main,
              std::vector<Placed> &Out, bool &Done)
      : Here(Here), P(P), Main(Main), Out(Out), Done(Done) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    struct Consumer : ASTConsumer {
      ApartAction &A;
      explicit Consumer(ApartAction &A) : A(A) {}
      void HandleTranslationUnit(ASTContext &AST) override { A.run(AST); }
    };
    return std::make_unique<Consumer>(*this);
  }

private:
  void run(ASTContext &AST) {
    if (AST.getDiagnostics().hasUncompilableErrorOccurred())
      return;
    const SourceManager &There = AST.getSourceManager();
    MainFile Apart = mainFileOf(There);
    NoLintLookup NoLint(There);
    for (LocatedFinding &LF : analyseProjectFile(AST, P, Apart).Findings) {
      Placed X;
      PresumedLoc Begin = There.getPresumedLoc(There.getFileLoc(LF.Loc));
      PresumedLoc End = There.getPresumedLoc(There.getFileLoc(
          LF.Range.getEnd().isValid() ? LF.Range.getEnd() : LF.Loc));
      if (Begin.isValid())
        X.Loc = translate(Here, Main, Begin.getFilename(), Begin.getLine(),
                          Begin.getColumn());
      if (X.Loc.isValid() && End.isValid() &&
          llvm::StringRef(End.getFilename()) == Begin.getFilename())
        X.Range = SourceRange(X.Loc, translate(Here, Main, End.getFilename(),
                                               End.getLine(), End.getColumn()));
      X.Silenced = LF.Data.isFlagged() && NoLint.silenced(LF.Loc);
      X.F = std::move(LF.Data);
      Out.push_back(std::move(X));
    }
    Done = true;
  }

  const SourceManager &Here;
  Project &P;
  const MainFile &Main;
  std::vector<Placed> &Out;
  bool &Done;
};

std::optional<std::vector<Placed>>
analyseApart(const SourceManager &Here, Project &P, const MainFile &Main) {
  static const ToolchainSetup Toolchain = defaultToolchain();
  CompileCommand Command;
  Command.Filename = Main.Path;
  Command.Directory = Main.WorkingDir;
  Command.CommandLine = {"clang++", Main.Path};
  if (!P.DatabaseDir.empty()) {
    std::string Error;
    if (auto DB = loadCompileDatabase(P.DatabaseDir, Error)) {
      std::vector<CompileCommand> Found = DB->getCompileCommands(Main.Path);
      if (!Found.empty())
        Command = Found.front();
    }
  }
  Command.CommandLine =
      deviceParseCommand(Command.CommandLine, Toolchain, Command.Directory);
  struct Single : CompilationDatabase {
    CompileCommand C;
    std::vector<CompileCommand> getCompileCommands(StringRef) const override {
      return {C};
    }
  } DB;
  DB.C = Command;
  // The text being edited, not the file on disk.
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::createPhysicalFileSystem());
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(Main.Path, 0,
                  llvm::MemoryBuffer::getMemBufferCopy(
                      Here.getBufferData(Here.getMainFileID()), Main.Path));
  Overlay->pushOverlay(Memory);
  ClangTool Tool(DB, {Main.Path}, std::make_shared<PCHContainerOperations>(),
                 Overlay);
  Tool.clearArgumentsAdjusters();
  Tool.setPrintErrorMessage(false);
  IgnoringDiagConsumer Quiet;
  Tool.setDiagnosticConsumer(&Quiet);
  std::vector<Placed> Out;
  bool Done = false;
  struct Factory : FrontendActionFactory {
    std::function<std::unique_ptr<FrontendAction>()> Make;
    std::unique_ptr<FrontendAction> create() override { return Make(); }
  } F;
  F.Make = [&] {
    return std::make_unique<ApartAction>(Here, P, Main, Out, Done);
  };
  Tool.run(&F);
  if (!Done)
    return std::nullopt;
  return Out;
}

/// Where in the main file a finding written elsewhere is reported, and
/// what the message adds: the last call on its chain written in the main
/// file ("via helper 'h' at h.cuh:18"), else the #include that brings in
/// the file it is written in.
std::pair<SourceLocation, std::string> placeInMainFile(const SourceManager &SM,
                                                       const Placed &X,
                                                       const MainFile &Main) {
  const Finding &F = X.F;
  std::string Where = llvm::sys::path::filename(F.Where.File).str() + ":" +
                      std::to_string(F.Where.Line);
  for (auto It = F.CallChain.rbegin(); It != F.CallChain.rend(); ++It)
    if (absolutePath(It->File, Main.WorkingDir) == Main.Path) {
      SourceLocation At =
          SM.translateLineCol(SM.getMainFileID(), It->Line, It->Column);
      if (At.isValid())
        return {At, " (via helper '" + F.Function + "' at " + Where + ")"};
    }
  FileID File =
      X.Loc.isValid() ? SM.getFileID(SM.getExpansionLoc(X.Loc)) : FileID();
  while (File.isValid()) {
    SourceLocation Include = SM.getIncludeLoc(File);
    if (Include.isInvalid())
      break;
    if (SM.isInMainFile(Include))
      return {Include,
              " (in '" + F.Function + "' at " + Where + ", included here)"};
    File = SM.getFileID(Include);
  }
  return {SourceLocation(), ""};
}

/// Puts a fix's edits on a diagnostic, where they fall in files of this
/// parse.
void addEdits(DiagnosticBuilder &D, const SourceManager &SM,
              const MainFile &Main, const fixes::Fix &Fx) {
  for (const fixes::Replacement &Rep : Fx.Replacements) {
    SourceLocation Begin = translate(SM, Main, Rep.File, 1, 1);
    if (Begin.isInvalid())
      continue;
    Begin = Begin.getLocWithOffset(Rep.Offset);
    D << FixItHint::CreateReplacement(
        CharSourceRange::getCharRange(Begin,
                                      Begin.getLocWithOffset(Rep.Length)),
        Rep.Text);
  }
}

} // namespace

void CudaMemoryCoalescingCheck::check(const MatchFinder::MatchResult &R) {
  ASTContext &AST = *R.Context;
  // A parse with errors leaves holes that would read as accesses that are
  // not there; the compiler's own errors are what the user sees first.
  if (AST.getDiagnostics().hasUncompilableErrorOccurred())
    return;
  SourceManager &SM = AST.getSourceManager();
  MainFile Main = mainFileOf(SM);
  Project P;
  P.Opts.BlockDim = BlockDim;
  P.Opts.BlockDimOrigin = "the BlockDim option";
  P.UseLaunches = ProjectLaunches.value_or(true);
  P.Launches = Launches.get();

  // The project's configuration, as the CLI reads it for this file.
  ProjectConfigs Configs;
  std::string ConfigError;
  if (!Main.Path.empty())
    P.Config = Configs.forFile(Main.Path, ConfigError);
  if (!ConfigError.empty()) {
    diag(SM.getLocForStartOfFile(SM.getMainFileID()),
         "invalid configuration: %0; the file is not analysed")
        << ConfigError;
    return;
  }
  if (P.Config) {
    if (P.Config->skips(Main.Path))
      return;
    for (const ProjectConfig::KernelShape &K : P.Config->BlockDims)
      P.Opts.KernelBlockDims.push_back(
          {K.Kernel, K.Block,
           P.Config->Path + " (block-dim '" + K.Kernel + "')"});
  }
  // The compile database of the project: the launches in its other files,
  // and the file's own command when it must be parsed again.
  if (!Main.Path.empty()) {
    P.DatabaseDir = CompileCommandsDir.empty()
                        ? findCompileDatabaseDir(Main.Path)
                        : absolutePath(CompileCommandsDir, Main.WorkingDir);
    if (P.DatabaseDir.empty() && !Main.WorkingDir.empty())
      P.DatabaseDir = findCompileDatabaseDir(Main.WorkingDir);
  }

  std::vector<Placed> Findings;
  std::optional<std::vector<Placed>> Apart;
  // clangd: the launches and kernels of the project's headers that the file
  // reaches, as the CLI's parse sees them.
  HeaderDefinitionScope Reached(AST);
  if (callsSkippedBodies(AST))
    Apart = analyseApart(SM, P, Main);
  if (Apart) {
    Findings = std::move(*Apart);
  } else {
    NoLintLookup NoLint(SM);
    for (LocatedFinding &LF : analyseProjectFile(AST, P, Main).Findings) {
      Placed X;
      X.Loc = LF.Loc;
      X.Range = LF.Range;
      X.Silenced = LF.Data.isFlagged() && NoLint.silenced(LF.Loc);
      X.F = std::move(LF.Data);
      Findings.push_back(std::move(X));
    }
  }

  NoLintLookup NoLint(SM);
  bool Editor = EditorMode;
  // A load and a store of one `m[i] *= 2` carry the same edit: clang-tidy
  // would refuse both as overlapping, so each edit goes out once.
  std::vector<std::vector<fixes::Replacement>> EditsGiven;
  auto Shows = [&](const Placed &X) {
    const Finding &F = X.F;
    if (F.isFlagged() ? !reaches(F, MinimumSeverity)
                      : !ReportCoalesced.value_or(false))
      return false;
    // NOLINT under any of the finding's names, where the access is written.
    return !X.Silenced &&
           !(P.Config && !P.Config->Skip.empty() &&
             P.Config->skips(absolutePath(F.Where.File, Main.WorkingDir)));
  };
  // One diagnostic per access as written, as the CLI prints it: the worst
  // of its kernel instances, launches and calls, the others in its notes.
  std::vector<const Finding *> Shown;
  std::map<const Finding *, const Placed *> PlacedOf;
  for (const Placed &X : Findings)
    if (Shows(X)) {
      Shown.push_back(&X.F);
      PlacedOf[&X.F] = &X;
    }
  for (const FindingGroup &G : groupBySourceAccess(Shown)) {
    const Placed &X = *PlacedOf[G.Worst];
    const Finding &F = X.F;
    bool Flagged = F.isFlagged();
    SourceLocation At = X.Loc;
    SourceRange Range = X.Range;
    std::string Via;
    bool Elsewhere = At.isInvalid() || !SM.isInMainFile(SM.getExpansionLoc(At));
    if (Elsewhere) {
      auto [Place, Text] = placeInMainFile(SM, X, Main);
      if (Place.isValid()) {
        At = Place;
        Range = SourceRange();
        Via = std::move(Text);
        if (Flagged && NoLint.silenced(At))
          continue;
      } else {
        Elsewhere = false; // reported where it is written
      }
    }
    if (At.isInvalid())
      continue;
    const fixes::Fix *Mechanical = nullptr;
    for (const fixes::Fix &Fx : F.Fixes)
      if (!Fx.Replacements.empty()) {
        Mechanical = &Fx;
        break;
      }
    {
      auto D = diag(At, "%0",
                    Flagged ? DiagnosticIDs::Warning : DiagnosticIDs::Remark)
               << findingMessage(F) + Via << Range;
      // clang-tidy: the first mechanical fix becomes the warning's fix-it.
      if (!Editor && Mechanical &&
          !llvm::is_contained(EditsGiven, Mechanical->Replacements)) {
        EditsGiven.push_back(Mechanical->Replacements);
        addEdits(D, SM, Main, *Mechanical);
      }
    }
    if (Elsewhere && X.Loc.isValid())
      diag(X.Loc, "the access, in '%0'", DiagnosticIDs::Note)
          << F.Function << X.Range;
    for (const std::string &Note : findingNotes(F))
      diag(At, "%0", DiagnosticIDs::Note) << Note;
    if (!G.Others.empty())
      for (const std::string &Note :
           {instanceSummaryNote(G), otherInstancesNote(G)})
        diag(At, "%0", DiagnosticIDs::Note) << Note;
    // An editor: a note that says what the fix does carries it; clangd
    // offers it as a code action of this warning, titled by the note.
    if (Editor && Mechanical) {
      auto D = diag(At, "%0", DiagnosticIDs::Note) << fixTitle(*Mechanical);
      addEdits(D, SM, Main, *Mechanical);
    }
  }
}

} // namespace tidy
} // namespace cudacoalesce
