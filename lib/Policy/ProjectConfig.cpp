//===- Policy/ProjectConfig.cpp - .cuda-coalesce.yaml ---------------------===//
#include "cuda-coalesce/Policy/ProjectConfig.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

namespace cudacoalesce {

std::optional<model::Dim3> parseBlockShape(const std::string &Text) {
  int64_t V[3] = {1, 1, 1};
  size_t Start = 0;
  for (unsigned D = 0;; ++D) {
    if (D == 3)
      return std::nullopt;
    size_t End = Text.find(',', Start);
    std::string Part = Text.substr(
        Start, End == std::string::npos ? std::string::npos : End - Start);
    size_t First = Part.find_first_not_of(" \t");
    size_t Last = Part.find_last_not_of(" \t");
    if (First == std::string::npos)
      return std::nullopt;
    Part = Part.substr(First, Last - First + 1);
    if (Part.size() > 4 ||
        Part.find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    V[D] = std::stoll(Part);
    if (V[D] <= 0 || V[D] > 1024)
      return std::nullopt;
    if (End == std::string::npos)
      break;
    Start = End + 1;
  }
  model::Dim3 Shape{V[0], V[1], V[2]};
  if (Shape.volume() > 1024)
    return std::nullopt;
  return Shape;
}

namespace {

std::optional<llvm::GlobPattern> compileGlob(llvm::StringRef Glob) {
  llvm::Expected<llvm::GlobPattern> P = llvm::GlobPattern::create(Glob);
  if (!P) {
    llvm::consumeError(P.takeError());
    return std::nullopt;
  }
  return std::move(*P);
}

/// "third_party/" and "./x.cu" name what "third_party" and "x.cu" name.
std::string cleanPathGlob(llvm::StringRef Glob) {
  Glob = Glob.trim();
  while (Glob.consume_front("./"))
    ;
  while (Glob.size() > 1 && Glob.ends_with("/"))
    Glob = Glob.drop_back();
  return Glob.str();
}

/// Reads the mapping of one configuration file; stops at the first error,
/// which the stream reports through its source manager.
class Parser {
public:
  Parser(llvm::yaml::Stream &S, ProjectConfig &C) : S(S), C(C) {}

  bool parse(llvm::yaml::Node *Root) {
    if (!Root || llvm::isa<llvm::yaml::NullNode>(Root))
      return true; // an empty file: the defaults
    auto *Map = llvm::dyn_cast<llvm::yaml::MappingNode>(Root);
    if (!Map)
      return fail(Root, "expected a mapping with the keys block-dim, skip "
                        "and fail-on");
    std::set<std::string> Seen;
    for (llvm::yaml::KeyValueNode &KV : *Map) {
      std::optional<std::string> Key = scalar(KV.getKey(), "a key");
      if (!Key)
        return false;
      llvm::yaml::Node *Value = KV.getValue();
      if (!Value)
        return false;
      if (!Seen.insert(*Key).second)
        return fail(KV.getKey(), "'" + *Key + "' is given twice");
      if (llvm::isa<llvm::yaml::NullNode>(Value))
        return fail(KV.getKey(), "no value for '" + *Key + "'");
      bool OK = *Key == "block-dim" ? blockDims(Value)
                : *Key == "skip"    ? skip(Value)
                : *Key == "fail-on" ? failOn(Value)
                : *Key == "fail-on-wasted"
                    ? failOnWasted(Value)
                    : fail(KV.getKey(), "unknown key '" + *Key +
                                            "' (expected block-dim, "
                                            "skip, fail-on or "
                                            "fail-on-wasted)");
      if (!OK)
        return false;
    }
    return true;
  }

private:
  bool fail(llvm::yaml::Node *N, const llvm::Twine &Message) {
    S.printError(N, Message);
    return false;
  }

  std::optional<std::string> scalar(llvm::yaml::Node *N, llvm::StringRef What) {
    auto *Scalar = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(N);
    if (!Scalar) {
      if (N)
        fail(N, "expected " + What);
      return std::nullopt;
    }
    llvm::SmallString<64> Storage;
    return Scalar->getValue(Storage).str();
  }

  /// One scalar or a sequence of scalars.
  std::optional<std::vector<std::pair<std::string, llvm::yaml::Node *>>>
  list(llvm::yaml::Node *N, llvm::StringRef What) {
    std::vector<std::pair<std::string, llvm::yaml::Node *>> Items;
    if (auto *Seq = llvm::dyn_cast<llvm::yaml::SequenceNode>(N)) {
      for (llvm::yaml::Node &Item : *Seq) {
        std::optional<std::string> V = scalar(&Item, What);
        if (!V)
          return std::nullopt;
        Items.push_back({*V, &Item});
      }
      return Items;
    }
    std::optional<std::string> V =
        scalar(N, (What + " or a list of them").str());
    if (!V)
      return std::nullopt;
    Items.push_back({*V, N});
    return Items;
  }

  bool blockDims(llvm::yaml::Node *N) {
    auto *Map = llvm::dyn_cast<llvm::yaml::MappingNode>(N);
    if (!Map)
      return fail(N, "block-dim expects a mapping from kernel names or "
                     "globs to X[,Y[,Z]]");
    for (llvm::yaml::KeyValueNode &KV : *Map) {
      std::optional<std::string> Kernel =
          scalar(KV.getKey(), "a kernel name or glob");
      if (!Kernel)
        return false;
      if (!compileGlob(*Kernel))
        return fail(KV.getKey(), "invalid glob '" + *Kernel + "'");
      llvm::yaml::Node *Value = KV.getValue();
      if (!Value)
        return false;
      if (llvm::isa<llvm::yaml::NullNode>(Value))
        return fail(KV.getKey(), "no block shape for '" + *Kernel + "'");
      auto Parts = list(Value, "X[,Y[,Z]]");
      if (!Parts)
        return false;
      std::string Text;
      for (const auto &[Part, Node] : *Parts)
        Text += (Text.empty() ? "" : ",") + Part;
      std::optional<model::Dim3> Block = parseBlockShape(Text);
      if (!Block)
        return fail(Value, "invalid block shape '" + Text + "' for '" +
                               *Kernel +
                               "': expected X[,Y[,Z]] with at most 1024 "
                               "threads");
      C.BlockDims.push_back({*Kernel, *Block});
    }
    return true;
  }

  bool skip(llvm::yaml::Node *N) {
    auto Globs = list(N, "a glob");
    if (!Globs)
      return false;
    for (const auto &[Glob, Node] : *Globs) {
      std::string Clean = cleanPathGlob(Glob);
      if (Clean.empty() || !compileGlob(Clean))
        return fail(Node, "invalid glob '" + Glob + "' in skip");
      C.Skip.push_back(Clean);
    }
    return true;
  }

  bool failOnWasted(llvm::yaml::Node *N) {
    std::optional<std::string> Text = scalar(N, "an amount");
    if (!Text)
      return false;
    bool IsShare = false;
    std::optional<double> Amount = parseWasteAmount(*Text, IsShare);
    if (!Amount)
      return fail(N, "'" + *Text +
                         "' is not an amount of bytes (64MiB, 1GB, 4096) or "
                         "a share of the kernel's traffic (10%)");
    (IsShare ? C.FailOnWastedShare : C.FailOnWastedBytes) = *Amount;
    return true;
  }

  bool failOn(llvm::yaml::Node *N) {
    C.FailOn.emplace();
    // An empty flow sequence, `fail-on: []`, fails on nothing.
    auto Names = list(N, "a pattern name");
    if (!Names)
      return false;
    for (const auto &[Name, Node] : *Names) {
      std::optional<model::Pattern> P =
          Name == "misaligned"  ? std::optional(model::Pattern::Misaligned)
          : Name == "strided"   ? std::optional(model::Pattern::Strided)
          : Name == "scattered" ? std::optional(model::Pattern::Scattered)
          : Name == "unknown"   ? std::optional(model::Pattern::Unknown)
          : Name == "bank-conflict"
              ? std::optional(model::Pattern::BankConflict)
              : std::nullopt;
      if (!P)
        return fail(Node, "'" + Name +
                              "' cannot fail the run (expected misaligned, "
                              "strided, scattered, unknown or bank-conflict)");
      C.FailOn->insert(*P);
    }
    return true;
  }

  llvm::yaml::Stream &S;
  ProjectConfig &C;
};

} // namespace

bool ProjectConfig::skips(llvm::StringRef File) const {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  llvm::StringRef Rel = Abs;
  if (!Rel.consume_front(Directory))
    return false;
  if (!llvm::StringRef(Directory).ends_with("/") && !Rel.consume_front("/"))
    return false;
  for (const std::string &Glob : Skip) {
    std::optional<llvm::GlobPattern> P = compileGlob(Glob);
    for (llvm::StringRef Part = Rel; P && !Part.empty();
         Part = llvm::sys::path::parent_path(Part))
      if (P->match(Part))
        return true;
  }
  return false;
}

bool ProjectConfig::failsOn(const Finding &F,
                            std::optional<double> KernelBytes) const {
  if (!F.isFlagged() || (FailOn && !FailOn->count(F.Prediction.Kind)))
    return false;
  if (!FailOnWastedBytes && !FailOnWastedShare)
    return true;
  std::optional<double> Wasted = F.wastedBytesPerLaunch();
  if (!Wasted)
    return F.Prediction.Space == model::AddressSpace::Global;
  if (FailOnWastedBytes)
    return *Wasted >= *FailOnWastedBytes;
  return !KernelBytes || *KernelBytes <= 0 ||
         *Wasted / *KernelBytes >= *FailOnWastedShare;
}

std::optional<double> parseWasteAmount(llvm::StringRef Text, bool &IsShare) {
  Text = Text.trim();
  IsShare = Text.consume_back("%");
  double Value;
  llvm::StringRef Number = Text.rtrim("KMGTiBb ");
  llvm::StringRef Unit = Text.drop_front(Number.size()).trim();
  if (Number.trim().getAsDouble(Value) || Value < 0)
    return std::nullopt;
  if (IsShare)
    return Unit.empty() && Value <= 100 ? std::optional(Value / 100)
                                        : std::nullopt;
  const std::pair<llvm::StringRef, double> Units[] = {{"", 1},
                                                      {"B", 1},
                                                      {"KiB", 1024.0},
                                                      {"MiB", 1048576.0},
                                                      {"GiB", 1073741824.0},
                                                      {"KB", 1e3},
                                                      {"MB", 1e6},
                                                      {"GB", 1e9}};
  for (const auto &[Name, Scale] : Units)
    if (Unit == Name)
      return Value * Scale;
  return std::nullopt;
}

std::optional<ProjectConfig> parseProjectConfig(llvm::StringRef Text,
                                                llvm::StringRef Path,
                                                std::string &Error) {
  ProjectConfig C;
  C.Path = Path.str();
  C.Directory = llvm::sys::path::parent_path(Path).str();
  llvm::SourceMgr SM;
  std::string First;
  SM.setDiagHandler(
      [](const llvm::SMDiagnostic &D, void *Context) {
        auto &Out = *static_cast<std::string *>(Context);
        if (Out.empty())
          Out = std::to_string(D.getLineNo()) + ":" +
                std::to_string(D.getColumnNo() + 1) + ": " +
                D.getMessage().str();
      },
      &First);
  llvm::yaml::Stream S(llvm::MemoryBufferRef(Text, Path), SM,
                       /*ShowColors=*/false);
  unsigned Documents = 0;
  for (llvm::yaml::Document &D : S) {
    if (++Documents > 1) {
      S.printError(D.getRoot(), "expected one YAML document");
      break;
    }
    if (!Parser(S, C).parse(D.getRoot()))
      break;
  }
  if (First.empty() && S.failed())
    First = "1:1: not valid YAML";
  if (!First.empty()) {
    Error = (Path + ":" + First).str();
    return std::nullopt;
  }
  return C;
}

const ProjectConfig *ProjectConfigs::forFile(llvm::StringRef SourceFile,
                                             std::string &Error) {
  llvm::SmallString<256> Dir(SourceFile);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_filename(Dir);
  std::vector<std::string> Visited;
  std::shared_ptr<Loaded> Found;
  for (llvm::StringRef D = Dir; !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    auto It = ByDirectory.find(D.str());
    if (It != ByDirectory.end()) {
      Found = It->second;
      break;
    }
    Visited.push_back(D.str());
    llvm::SmallString<256> Candidate(D);
    llvm::sys::path::append(Candidate, ProjectConfigName);
    if (!llvm::sys::fs::exists(Candidate))
      continue;
    Found = std::make_shared<Loaded>();
    auto Buffer = llvm::MemoryBuffer::getFile(Candidate, /*IsText=*/true);
    if (!Buffer)
      Found->Error =
          (Candidate + ": cannot read: " + Buffer.getError().message()).str();
    else
      Found->Config = parseProjectConfig((*Buffer)->getBuffer(),
                                         Candidate.str(), Found->Error);
    break;
  }
  if (!Found)
    Found = std::make_shared<Loaded>();
  for (const std::string &V : Visited)
    ByDirectory[V] = Found;
  if (!Found->Error.empty()) {
    Error = Found->Error;
    return nullptr;
  }
  return Found->Config ? &*Found->Config : nullptr;
}

} // namespace cudacoalesce
