//===- Driver/Runner.cpp - Analyse a list of source files -----------------===//
//
// The run over the inputs as one project: each file's configuration, the
// passes over the files (Driver/FileAnalyser.h, each file in a process of
// its own), the launches the files lend each other
// (Driver/ProjectLaunches.h), the outcomes handed out as they become final.
//
//===----------------------------------------------------------------------===//
#include "cuda-coalesce/Driver/Runner.h"
#include "DatabaseFiles.h"
#include "FileAnalyser.h"
#include "ProjectLaunches.h"
#include "TranslationUnitAction.h"
#include "cuda-coalesce/Driver/CompileDatabase.h"
#include "cuda-coalesce/Driver/OutcomeArchive.h"
#include "cuda-coalesce/Driver/ResultCache.h"
#include "cuda-coalesce/Driver/Shard.h"
#include "cuda-coalesce/Policy/ProjectConfig.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"

#include <map>
#include <set>

using namespace clang::tooling;

namespace cudacoalesce {

namespace {

/// How many files that #include a file outside the database are analysed
/// for it.
constexpr size_t MaxIncluders = 8;

/// A consumer for files parsed for their launches only.
struct IgnoreFindings : TranslationUnitConsumer {
  void handle(clang::ASTContext &, TranslationUnitResult &&,
              FileOutcome &) const override {}
};

/// A pass's use of the result cache: each file's key, and what the run
/// makes ready before it analyses a file the cache does not have (the
/// shared preambles, which a rerun from the cache does without).
struct PassCache {
  std::function<std::string(size_t)> KeyOf;
  std::function<void()> Prepare;
};

/// Analyses the files \p Indices of the run, each under its own options,
/// into \p Outcomes; \p Done(I) after each, one call at a time. With
/// \p KeyOf, an outcome the result cache has is taken from it.
void analyseEach(const RunOptions &Opts, const FileAnalyser &Analyser,
                 const std::vector<std::string> &Files,
                 const std::vector<std::vector<std::string>> &Through,
                 const std::vector<size_t> &Indices,
                 const std::vector<AnalysisOptions> &With,
                 std::vector<FileOutcome> &Outcomes,
                 const std::function<void(size_t)> &Done,
                 const TaskWatch &Watch, const PassCache &Cache) {
  const auto &KeyOf = Cache.KeyOf;
  std::vector<size_t> ToAnalyse;
  std::vector<std::string> Keys(Files.size());
  for (size_t I : Indices) {
    if (KeyOf) {
      Keys[I] = KeyOf(I);
      std::optional<std::string> Kept = Opts.Cache->lookup(Keys[I]);
      FileOutcome O;
      if (Kept && deserializeOutcome(*Kept, O)) {
        // This run spent no time on it (--print-phase-times says nothing).
        O.ParseSeconds = O.AnalysisSeconds = 0;
        Outcomes[I] = std::move(O);
        Done(I);
        continue;
      }
    }
    ToAnalyse.push_back(I);
  }
  if (!ToAnalyse.empty() && Cache.Prepare)
    Cache.Prepare();
  runTasks(
      ToAnalyse, Opts.Jobs, Opts.Isolate ? &Opts.Limits : nullptr,
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
          O.Interrupted = R.Kind == ChildResult::Interrupted;
        } else if (KeyOf) {
          Opts.Cache->store(Keys[I], R.Payload, O);
        }
        Done(I);
      },
      &Watch);
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

/// One run over the inputs as a project.
class ProjectRun {
public:
  ProjectRun(const RunOptions &Opts, const CompilationDatabase &DB)
      : Opts(Opts), DB(DB), Outcomes(Opts.Files.size()),
        ConfigOf(Outcomes.size(), nullptr),
        With(Outcomes.size(), Opts.Analysis), Through(Outcomes.size()) {}

  std::vector<FileOutcome> run(const TranslationUnitConsumer &Consumer) {
    configureFiles();
    // With the result cache, only once a file must be parsed.
    if (!Opts.Cache)
      sharePreambles();
    FileAnalyser Analyser(Opts, DB, Consumer, Preambles.get());
    UsingPreambles.push_back(&Analyser);
    findIncluders(Analyser);
    Final.assign(Outcomes.size(), true);
    for (size_t I : All)
      Final[I] = false;
    giveFinal();
    firstPass(Analyser);
    parseOtherParts();
    analyseAgain(Analyser, launchersOnly());
    if (Preambles && Opts.PreambleReport)
      Opts.PreambleReport(Preambles->stats());
    Final.assign(Outcomes.size(), true);
    giveFinal();

    for (size_t I : All)
      applyConfig(Outcomes[I], ConfigOf[I]);
    if (Opts.ShardOutcome)
      for (size_t I = 0; I < Outcomes.size(); ++I)
        if (InShard[I])
          Opts.ShardOutcome(I, llvm::is_contained(All, I), Outcomes[I]);
    joinAcrossFiles(Outcomes, All);
    if (Opts.Shard.active()) {
      std::vector<FileOutcome> Part;
      for (size_t I = 0; I < Outcomes.size(); ++I)
        if (InShard[I])
          Part.push_back(std::move(Outcomes[I]));
      return Part;
    }
    return std::move(Outcomes);
  }

private:
  /// Each file's configuration: an invalid one fails the file, a skip glob
  /// leaves it out, per-kernel block shapes go to its analysis.
  void configureFiles() {
    InShard = filesOfPart(Opts.Shard, Opts.Files);
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
      (InShard[I] ? All : OtherParts).push_back(I);
    }
  }

  /// A file the database does not list (a header, a kernel file that
  /// another #includes, an example): analysed through a file of the
  /// database that includes it, else with a command inferred from a
  /// neighbour, as clangd does.
  void findIncluders(FileAnalyser &Analyser) {
    if (Opts.BuildDir.empty())
      return;
    std::string Ignored;
    if (auto Base = loadCompileDatabase(Opts.BuildDir, Ignored))
      Inferring = inferMissingCompileCommands(std::move(Base));
    Analyser.setInferring(Inferring.get());
    std::vector<size_t> Configured = All;
    Configured.insert(Configured.end(), OtherParts.begin(), OtherParts.end());
    for (size_t I : Configured) {
      const std::string &File = Opts.Files[I];
      if (!llvm::sys::fs::is_regular_file(File) ||
          !DB.getCompileCommands(absolutePath(File, "")).empty())
        continue;
      // A few of them: the first may not reach the file's code (it
      // includes a header for a declaration).
      Through[I] = includersOf(DB, File);
      if (Through[I].size() > MaxIncluders)
        Through[I].resize(MaxIncluders);
    }
  }

  /// What the tasks over \p Files report while they run, and whether
  /// they stop.
  TaskWatch watchOver(const std::vector<std::string> &Files) const {
    TaskWatch W;
    W.Stop = Opts.Stop;
    if (Opts.Heartbeat)
      W.Tick = [this, &Files](const std::vector<std::pair<size_t, double>> &R) {
        std::vector<std::pair<std::string, double>> Running;
        for (const auto &[I, Seconds] : R)
          Running.push_back({Files[I], Seconds});
        Opts.Heartbeat(Running, Opts.FileDone && !Opts.FileDoneAsFinal &&
                                        Given < Outcomes.size()
                                    ? Outcomes[Given].File
                                    : std::string());
      };
    return W;
  }

  /// The result cache's keys of \p Files analysed under \p Options (by
  /// reference: the caller's vectors outlive the pass).
  PassCache
  keysOf(const std::vector<std::string> &Files,
         const std::vector<AnalysisOptions> &Options, const char *Pass,
         const std::vector<std::vector<std::string>> *Includers = nullptr) {
    if (!Opts.Cache)
      return {};
    if (!Includers)
      Includers = &Through;
    auto KeyOf = [=, &Files, &Options](size_t I) {
      std::string Config = &Files == &Opts.Files ? Outcomes[I].ConfigFile : "";
      return Opts.Cache->key(Opts, DB, Files[I], (*Includers)[I], Options[I],
                             Config, Opts.CacheSalt + Pass);
    };
    return {KeyOf, [this] { sharePreambles(); }};
  }

  /// The CUDA headers, parsed once for the files that share a command, for
  /// every analyser that takes them.
  void sharePreambles() {
    if (!Opts.SharePreamble || Preambles)
      return;
    std::vector<std::string> ToParse;
    for (size_t I : All)
      ToParse.push_back(Opts.Files[I]);
    Preambles = std::make_unique<SharedPreambles>(
        ToParse, DB, Opts.Toolchain, Opts.Jobs,
        Opts.Isolate ? &Opts.Limits : nullptr);
    for (FileAnalyser *A : UsingPreambles)
      A->setPreambles(Preambles.get());
  }

  void passDone(llvm::StringRef Pass, const FileOutcome &O) const {
    if (Opts.PassDone)
      Opts.PassDone(Pass, O);
  }

  /// Hands out the outcomes no later pass changes: in input order, or
  /// (FileDoneAsFinal) each as soon as it is final.
  void giveFinal() {
    Handed.resize(Outcomes.size());
    for (size_t I = Given; I < Outcomes.size(); ++I) {
      if (!Final[I] && !Opts.FileDoneAsFinal)
        break;
      if (!Final[I] || Handed[I])
        continue;
      Handed[I] = true;
      if (Opts.FileDone && InShard[I]) {
        applyConfig(Outcomes[I], ConfigOf[I]);
        Opts.FileDone(Outcomes[I]);
      }
    }
    while (Given < Outcomes.size() && Handed[Given])
      ++Given;
  }

  /// Every input once. Files whose text launches a kernel first: the others
  /// then take the launches of their kernels from those files in their one
  /// pass, instead of being parsed a second time for them (a launch written
  /// through a macro of a header still gets the second pass).
  void firstPass(const FileAnalyser &Analyser) {
    size_t Done = 0;
    auto FirstPassDone = [&](size_t I) {
      if (Opts.Progress)
        Opts.Progress(++Done, All.size(), Opts.Files[I]);
      passDone("analysis", Outcomes[I]);
      // Final where every kernel of the file is launched in it: the later
      // passes only bring launches from elsewhere.
      Final[I] = Outcomes[I].Failed || Outcomes[I].KernelsWithoutLaunch.empty();
      giveFinal();
    };
    std::vector<size_t> Launching, Rest;
    for (size_t I : All)
      (!Through[I].empty() || mayLaunch(Opts.Files[I]) ? Launching : Rest)
          .push_back(I);
    TaskWatch Watch = watchOver(Opts.Files);
    analyseEach(Opts, Analyser, Opts.Files, Through, Launching, With, Outcomes,
                FirstPassDone, Watch, keysOf(Opts.Files, With, ""));
    for (size_t I : Rest)
      With[I].ProjectLaunches = launchesOf(Outcomes, Launching, I);
    analyseEach(Opts, Analyser, Opts.Files, Through, Rest, With, Outcomes,
                FirstPassDone, Watch, keysOf(Opts.Files, With, ""));
  }

  /// With a shard: the files of the other parts that name a kernel this
  /// part leaves unlaunched, parsed for their launches only, so that the
  /// launches across files are those of the whole run.
  void parseOtherParts() {
    std::set<std::string> Names;
    for (size_t I : All)
      for (const std::string &K : Outcomes[I].KernelsWithoutLaunch)
        Names.insert(spelledKernelName(K));
    std::vector<size_t> Naming;
    if (!Names.empty())
      for (size_t I : OtherParts)
        if (mayName(Opts.Files[I], Names))
          Naming.push_back(I);
    IgnoreFindings Ignore;
    FileAnalyser LaunchesOnly(Opts, DB, Ignore, Preambles.get());
    LaunchesOnly.setInferring(Inferring.get());
    UsingPreambles.push_back(&LaunchesOnly);
    analyseEach(
        Opts, LaunchesOnly, Opts.Files, Through, Naming, With, Outcomes,
        [&](size_t I) { passDone("launches only", Outcomes[I]); },
        watchOver(Opts.Files), keysOf(Opts.Files, With, "launches only"));
    UsingPreambles.pop_back();
  }

  /// Kernels that no input launches: the launches in the database's other
  /// files, which are parsed for them (their findings are not reported).
  std::vector<FileOutcome> launchersOnly() {
    std::vector<FileOutcome> Launchers;
    if (Opts.BuildDir.empty() || Opts.ParseOnly)
      return Launchers;
    std::set<std::string> Unlaunched;
    for (size_t I : All)
      if (!Outcomes[I].Failed)
        for (const std::string &K : Outcomes[I].KernelsWithoutLaunch)
          if (llvm::none_of(Outcomes, [&](const FileOutcome &O) {
                return &O != &Outcomes[I] && !O.Failed && O.Launches.count(K);
              }))
            Unlaunched.insert(K);
    if (Unlaunched.empty())
      return Launchers;
    std::vector<std::string> Files =
        launchersOutside(DB, Opts.Files, Unlaunched);
    std::vector<size_t> Indices(Files.size());
    for (size_t I = 0; I < Files.size(); ++I)
      Indices[I] = I;
    Launchers.resize(Files.size());
    std::vector<AnalysisOptions> Plain(Files.size(), Opts.Analysis);
    IgnoreFindings Ignore;
    FileAnalyser LaunchesOnly(Opts, DB, Ignore, nullptr);
    std::vector<std::vector<std::string>> NoIncluders(Files.size());
    analyseEach(
        Opts, LaunchesOnly, Files, NoIncluders, Indices, Plain, Launchers,
        [&](size_t I) { passDone("launches only", Launchers[I]); },
        watchOver(Files), keysOf(Files, Plain, "launches only", &NoIncluders));
    return Launchers;
  }

  /// Kernels launched only from other files: their files analysed again
  /// under those launches.
  void analyseAgain(const FileAnalyser &Analyser,
                    const std::vector<FileOutcome> &Launchers) {
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
    analyseEach(
        Opts, Analyser, Opts.Files, Through, Again, AgainWith, Outcomes,
        [&](size_t I) {
          passDone("again, under launches in other files", Outcomes[I]);
        },
        watchOver(Opts.Files), keysOf(Opts.Files, AgainWith, ""));
  }

  const RunOptions &Opts;
  const CompilationDatabase &DB;
  std::unique_ptr<CompilationDatabase> Inferring;
  std::vector<FileOutcome> Outcomes;
  ProjectConfigs Configs;
  std::vector<const ProjectConfig *> ConfigOf;
  std::vector<AnalysisOptions> With; // each file's options
  std::vector<size_t> All;           // the files analysed
  std::unique_ptr<SharedPreambles> Preambles;
  std::vector<FileAnalyser *> UsingPreambles;
  /// With a shard: whether each file is of this part; the configured files
  /// of the other parts.
  std::vector<bool> InShard;
  std::vector<size_t> OtherParts;
  /// Per file outside the database: the files of it that #include it.
  std::vector<std::vector<std::string>> Through;
  /// Per file: whether no later pass changes its outcome, and whether it
  /// was handed out; the outcomes before Given were.
  std::vector<bool> Final, Handed;
  size_t Given = 0;
};

} // namespace

std::string absoluteFindingPath(const FileOutcome &O, const Finding &F) {
  return absolutePath(F.Where.File, O.CommandDirectory);
}

std::vector<FileOutcome> analyzeFiles(const RunOptions &Opts,
                                      const TranslationUnitConsumer &Consumer,
                                      std::string &SetupError) {
  std::unique_ptr<CompilationDatabase> DB = openDatabase(Opts, SetupError);
  if (!DB)
    return {};
  return ProjectRun(Opts, *DB).run(Consumer);
}

} // namespace cudacoalesce
