//===- Driver/ShardResults.cpp - A shard's outcomes, for merge ------------===//
#include "cuda-coalesce/Driver/ShardResults.h"
#include "cuda-coalesce/Driver/OutcomeArchive.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Base64.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA1.h"

namespace cudacoalesce {

namespace json = llvm::json;

std::string toolBuildDigest() {
  std::string Self = llvm::sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&toolBuildDigest));
  auto Binary = llvm::MemoryBuffer::getFile(Self);
  if (!Binary)
    return "unknown build";
  llvm::SHA1 Hash;
  Hash.update((*Binary)->getBuffer());
  return llvm::toHex(Hash.final(), /*LowerCase=*/true);
}

void writeShardRecord(json::OStream &J, const ShardRecord &R) {
  J.object([&] {
    J.attribute("part", int64_t(R.Shard.Index));
    J.attribute("parts", int64_t(R.Shard.Count));
    J.attribute("build", R.Build);
    J.attribute("arch", R.Arch);
    J.attributeArray("files", [&] {
      for (const std::string &F : R.Files)
        J.value(F);
    });
    J.attributeArray("outcomes", [&] {
      for (const ShardRecord::Entry &E : R.Outcomes)
        J.object([&] {
          J.attribute("index", int64_t(E.Index));
          J.attribute("analysed", E.Analysed);
          J.attribute("outcome", llvm::encodeBase64(E.Archive));
        });
    });
  });
}

namespace {

/// One shard's record from its JSON report; false with \p Error.
bool readShard(const std::string &Path, const std::string &Build,
               ShardRecord &R, std::string &Error) {
  auto Text = llvm::MemoryBuffer::getFile(Path);
  if (!Text) {
    Error = "cannot read '" + Path + "': " + Text.getError().message();
    return false;
  }
  llvm::Expected<json::Value> Doc = json::parse((*Text)->getBuffer());
  if (!Doc) {
    Error = "'" + Path + "' is not JSON: " + llvm::toString(Doc.takeError());
    return false;
  }
  const json::Object *Shard =
      Doc->getAsObject() ? Doc->getAsObject()->getObject("shard") : nullptr;
  if (!Shard) {
    Error = "'" + Path +
            "' is not the JSON of a shard (cuda-coalesce --shard=I/N "
            "--format=json)";
    return false;
  }
  auto Part = Shard->getInteger("part"), Parts = Shard->getInteger("parts");
  auto WrittenBy = Shard->getString("build");
  const json::Array *Files = Shard->getArray("files");
  const json::Array *Outcomes = Shard->getArray("outcomes");
  Error = "'" + Path + "': malformed \"shard\"";
  // A part named by its files (--shard-files) has no number: 0 of 0.
  if (!Part || !Parts || !WrittenBy || !Files || !Outcomes || *Parts < 0 ||
      *Part < 0 || *Part > *Parts || (*Part == 0) != (*Parts == 0))
    return false;
  if (*WrittenBy != Build) {
    Error = "'" + Path +
            "' was written by another build of cuda-coalesce: merge with "
            "the build the shards ran";
    return false;
  }
  R.Shard = {unsigned(*Part), unsigned(*Parts)};
  R.Arch = Shard->getString("arch").value_or("").str();
  for (const json::Value &F : *Files) {
    if (!F.getAsString())
      return false;
    R.Files.push_back(F.getAsString()->str());
  }
  for (const json::Value &V : *Outcomes) {
    const json::Object *O = V.getAsObject();
    std::vector<char> Bytes;
    auto Index = O ? O->getInteger("index") : std::nullopt;
    auto Encoded = O ? O->getString("outcome") : std::nullopt;
    if (!Index || !Encoded || *Index < 0 || size_t(*Index) >= R.Files.size())
      return false;
    if (llvm::Error E = llvm::decodeBase64(*Encoded, Bytes)) {
      llvm::consumeError(std::move(E));
      return false;
    }
    R.Outcomes.push_back({size_t(*Index),
                          O->getBoolean("analysed").value_or(false),
                          std::string(Bytes.begin(), Bytes.end())});
  }
  Error.clear();
  return true;
}

} // namespace

bool mergeShards(const std::vector<std::string> &Paths, MergedRun &Run,
                 std::string &Error) {
  std::vector<ShardRecord> Parts;
  std::string Build = toolBuildDigest();
  for (const std::string &P : Paths) {
    Parts.emplace_back();
    if (!readShard(P, Build, Parts.back(), Error))
      return false;
  }
  if (Parts.empty()) {
    Error = "nothing to merge: give the JSON of every shard";
    return false;
  }
  const ShardRecord &First = Parts.front();
  // Numbered parts: each once. Named ones: each file once, below.
  std::vector<std::string> Seen(First.Shard.Count);
  for (size_t I = 0; I < Parts.size(); ++I) {
    const ShardRecord &R = Parts[I];
    if (R.Shard.Count != First.Shard.Count || R.Files != First.Files ||
        R.Arch != First.Arch) {
      Error = "'" + Paths[I] + "' is a shard of another run than '" + Paths[0] +
              "' (other inputs, parts or --arch)";
      return false;
    }
    if (Seen.empty())
      continue;
    std::string &Where = Seen[R.Shard.Index - 1];
    if (!Where.empty()) {
      Error = "part " + std::to_string(R.Shard.Index) + " given twice: '" +
              Where + "' and '" + Paths[I] + "'";
      return false;
    }
    Where = Paths[I];
  }
  for (size_t I = 0; I < Seen.size(); ++I)
    if (Seen[I].empty()) {
      Error = "part " + std::to_string(I + 1) + " of " +
              std::to_string(Seen.size()) + " is missing";
      return false;
    }
  Run.Arch = First.Arch;
  Run.Outcomes.assign(First.Files.size(), FileOutcome());
  std::vector<bool> Given(First.Files.size(), false);
  std::vector<size_t> Analysed;
  for (const ShardRecord &R : Parts)
    for (const ShardRecord::Entry &E : R.Outcomes) {
      if (Given[E.Index] ||
          !deserializeOutcome(E.Archive, Run.Outcomes[E.Index])) {
        Error = "the outcome of '" + First.Files[E.Index] +
                "' is damaged or given twice";
        return false;
      }
      Given[E.Index] = true;
      if (E.Analysed)
        Analysed.push_back(E.Index);
    }
  for (size_t I = 0; I < Given.size(); ++I)
    if (!Given[I]) {
      Error = "no shard has '" + First.Files[I] + "'";
      return false;
    }
  llvm::sort(Analysed);
  joinAcrossFiles(Run.Outcomes, Analysed);
  return true;
}

} // namespace cudacoalesce
