//===- tool/cuda-coalesce/ScaleOptions.cpp - Runs past one machine --------===//
#include "ScaleOptions.h"

#include "cuda-coalesce/Driver/OutcomeArchive.h"
#include "cuda-coalesce/Driver/ResultCache.h"
#include "cuda-coalesce/Driver/ShardResults.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <memory>
#include <set>

namespace cudacoalesce {

namespace cl = llvm::cl;

cl::OptionCategory &scaleCategory() {
  static cl::OptionCategory Category("cuda-coalesce options for large "
                                     "projects (docs/scale.md)");
  return Category;
}

namespace {

cl::opt<std::string>
    Shard("shard",
          cl::desc("Analyse only the I-th of N parts of the files (balanced "
                   "by size, the same in every job); with --format=json, "
                   "what `cuda-coalesce merge` joins"),
          cl::value_desc("I/N"), cl::cat(scaleCategory()));
cl::list<std::string> ShardFiles(
    "shard-files", cl::CommaSeparated,
    cl::desc(
        "Analyse only these of the files, a part named by its files "
        "(a build system's step per file; cmake/cuda-coalesce-config.cmake)"),
    cl::value_desc("file,..."), cl::cat(scaleCategory()));
cl::opt<std::string> DepFile(
    "depfile",
    cl::desc("Write the files the analysis read as a Makefile rule for the "
             "output FILE less its .d (Ninja's and Make's depfile)"),
    cl::value_desc("file.d"), cl::cat(scaleCategory()));
cl::list<std::string>
    FailOn("fail-on", cl::CommaSeparated,
           cl::desc("merge: the flagged patterns that fail the merged run "
                    "(in place of each file's configuration)"),
           cl::value_desc("pattern,..."), cl::cat(scaleCategory()));

// The result cache (Driver/ResultCache.h): where, and how large at most.
cl::opt<std::string> CacheDir("cache-dir", cl::value_desc("dir"),
                              cl::cat(scaleCategory()),
                              cl::desc("Keep each file's result in DIR and "
                                       "reuse it while nothing it depends on "
                                       "changed (a directory a CI cache can "
                                       "keep)"));
// cl::desc keeps a StringRef: the text must outlive the option.
const std::string CacheMaxSizeHelp =
    "Remove the least recently used results past MIB (default: " +
    std::to_string(DefaultResultCacheMiB) + ")";
cl::opt<uint64_t> CacheMaxSize("cache-max-size", cl::desc(CacheMaxSizeHelp),
                               cl::value_desc("MiB"),
                               cl::init(DefaultResultCacheMiB),
                               cl::cat(scaleCategory()));

/// The files a part's analyses read, for --depfile.
std::set<std::string> &read() {
  static std::set<std::string> Files;
  return Files;
}

/// The outcomes a shard records for merge, as the run hands them out.
ShardRecord &record() {
  static ShardRecord R;
  return R;
}

std::optional<model::Pattern> patternNamed(llvm::StringRef Name) {
  for (model::Pattern P : {model::Pattern::Misaligned, model::Pattern::Strided,
                           model::Pattern::Scattered, model::Pattern::Unknown,
                           model::Pattern::BankConflict})
    if (Name == model::patternName(P))
      return P;
  return std::nullopt;
}

} // namespace

bool takeMergeCommand(int &Argc, const char **&Argv) {
  if (Argc < 2 || std::strcmp(Argv[1], "merge") != 0)
    return false;
  Argv[1] = Argv[0];
  ++Argv;
  --Argc;
  return true;
}

bool applyScaleOptions(RunOptions &Opts, const std::string &Rendering,
                       std::string &Error) {
  if (!FailOn.empty()) {
    Error = "--fail-on is an option of `cuda-coalesce merge`; a run takes it "
            "from .cuda-coalesce.yaml";
    return false;
  }
  if (!CacheDir.empty()) {
    Opts.Cache =
        std::make_shared<ResultCache>(CacheDir, CacheMaxSize * 1024 * 1024);
    Opts.CacheSalt = Rendering;
  } else if (CacheMaxSize.getNumOccurrences()) {
    Error = "--cache-max-size needs --cache-dir=DIR";
    return false;
  }
  if (Shard.empty() && ShardFiles.empty())
    return true;
  if (!Shard.empty() && !ShardFiles.empty()) {
    Error = "--shard and --shard-files exclude each other";
    return false;
  }
  if (!Shard.empty() && !parseShard(Shard, Opts.Shard, Error))
    return false;
  Opts.Shard.Named.assign(ShardFiles.begin(), ShardFiles.end());
  record().Shard = Opts.Shard;
  Opts.ShardOutcome = [](size_t Index, bool Analysed, const FileOutcome &O) {
    record().Outcomes.push_back({Index, Analysed, serializeOutcome(O)});
    read().insert(O.FilesRead.begin(), O.FilesRead.end());
  };
  return true;
}

bool runIsShard() { return !Shard.empty() || !ShardFiles.empty(); }

bool writeDepFile(std::string &Error) {
  if (DepFile.empty())
    return true;
  llvm::StringRef Output = llvm::StringRef(DepFile).drop_back(
      llvm::StringRef(DepFile).ends_with(".d") ? 2 : 0);
  std::error_code EC;
  llvm::raw_fd_ostream OS(DepFile, EC);
  if (EC) {
    Error = "cannot write '" + DepFile + "': " + EC.message();
    return false;
  }
  auto Escaped = [](llvm::StringRef Path) {
    std::string Out;
    for (char C : Path) {
      if (C == ' ' || C == '#')
        Out += '\\';
      Out += C == '$' ? std::string("$$") : std::string(1, C);
    }
    return Out;
  };
  OS << Escaped(Output) << ":";
  for (const std::string &F : read())
    OS << " \\\n  " << Escaped(F);
  OS << "\n";
  return true;
}

void finishCache(const RunOptions &Opts) {
  if (!Opts.Cache)
    return;
  size_t Evicted = Opts.Cache->evict();
  llvm::errs() << "cuda-coalesce: note: result cache: " << Opts.Cache->misses()
               << " analysed, " << Opts.Cache->hits() << " from "
               << Opts.Cache->directory();
  if (Evicted)
    llvm::errs() << " (" << Evicted << " oldest removed, over " << CacheMaxSize
                 << " MiB)";
  llvm::errs() << "\n";
}

void attachShardRecord(JsonTotals &Totals, const RunOptions &Opts,
                       const std::string &Arch) {
  if (!Opts.Shard.active())
    return;
  record().Files = Opts.Files;
  record().Arch = Arch;
  record().Build = toolBuildDigest();
  Totals.Shard = [](llvm::json::OStream &J) { writeShardRecord(J, record()); };
}

bool mergedOutcomes(const std::vector<std::string> &Paths,
                    std::vector<FileOutcome> &Outcomes, std::string &Arch,
                    std::string &Error) {
  if (!Shard.empty()) {
    Error = "--shard is for the runs that merge joins, not for merge";
    return false;
  }
  std::set<model::Pattern> Failing;
  for (const std::string &Name : FailOn) {
    std::optional<model::Pattern> P = patternNamed(Name);
    if (!P) {
      Error = "--fail-on expects misaligned, strided, scattered, unknown or "
              "bank-conflict, got '" +
              Name + "'";
      return false;
    }
    Failing.insert(*P);
  }
  MergedRun Run;
  if (!mergeShards(Paths, Run, Error))
    return false;
  if (FailOn.getNumOccurrences())
    for (FileOutcome &O : Run.Outcomes)
      for (ReportedFinding &F : O.Findings)
        F.FailsRun =
            F.Data.isFlagged() && Failing.count(F.Data.Prediction.Kind);
  Outcomes = std::move(Run.Outcomes);
  Arch = Run.Arch;
  return true;
}

} // namespace cudacoalesce
