//===- Verify/MeasurementsJson.cpp - parse_ncu.py's records, read ---------===//
#include "cuda-coalesce/Verify/MeasurementsJson.h"

#include "cuda-coalesce/Verify/Names.h"
#include "cuda-coalesce/Verify/SourcePage.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace cudacoalesce::verify {

namespace {

namespace json = llvm::json;

std::string text(const json::Object &O, llvm::StringRef Key) {
  return O.getString(Key).value_or("").str();
}

double number(const json::Object &O, llvm::StringRef Key) {
  return O.getNumber(Key).value_or(0);
}

/// [256, 1, 1] or "(256, 1, 1)".
std::optional<Dim3> dimOf(const json::Object &O, llvm::StringRef Key) {
  const json::Value *V = O.get(Key);
  if (!V)
    return std::nullopt;
  if (std::optional<llvm::StringRef> S = V->getAsString())
    return parseDim3(*S);
  const json::Array *A = V->getAsArray();
  if (!A || A->size() != 3)
    return std::nullopt;
  Dim3 D;
  for (size_t I = 0; I < 3; ++I) {
    std::optional<int64_t> N = (*A)[I].getAsInteger();
    if (!N || *N <= 0)
      return std::nullopt;
    D[I] = unsigned(*N);
  }
  return D;
}

/// A launch is (program, launch index, file, kernel, signature); records
/// written before launches were numbered have neither program nor index.
using LaunchKey =
    std::tuple<std::string, int64_t, std::string, std::string, std::string>;

LaunchKey keyOf(const json::Object &O) {
  return {text(O, "program"), O.getInteger("launch").value_or(-1),
          text(O, "file"), text(O, "kernel"), text(O, "kernel_signature")};
}

std::optional<Operation> operationOf(llvm::StringRef Kind) {
  return llvm::StringSwitch<std::optional<Operation>>(Kind)
      .Case("load", Operation::Load)
      .Case("store", Operation::Store)
      .Case("atomic", Operation::Atomic)
      .Default(std::nullopt);
}

class JsonReader {
public:
  JsonReader(llvm::StringRef Name, Measurements &Out) : Name(Name), Out(Out) {}

  void kernel(const json::Object &K) {
    LaunchKey Key = keyOf(K);
    if (Index.count(Key))
      return;
    ProfiledLaunch L;
    L.Kernel = text(K, "kernel");
    L.Signature = text(K, "kernel_signature");
    L.File = text(K, "file");
    L.Page = text(K, "program");
    if (L.Page.empty())
      L.Page = Name.str();
    L.Index = int(
        K.getInteger("launch").value_or(K.getInteger("result_id").value_or(0)));
    L.Block = dimOf(K, "block_dim");
    if (!L.Block)
      L.Block = dimOf(K, "block");
    L.Grid = dimOf(K, "grid_dim");
    if (!L.Grid)
      L.Grid = dimOf(K, "grid");
    Index[Key] = Out.Launches.size();
    Out.Launches.push_back(std::move(L));
  }

  bool record(const json::Object &R, std::string &Error) {
    std::optional<Operation> Op = operationOf(text(R, "kind"));
    std::optional<int64_t> Line = R.getInteger("line");
    if (!Op || !Line || *Line <= 0) {
      Error = "a record without a line or with an unknown kind";
      return false;
    }
    LaunchKey Key = keyOf(R);
    if (!Index.count(Key)) {
      // parse_ncu.py lists a launch of a public suite's program without its
      // file (the page names none, or its records are in several of the
      // program's files), or under the kernel's file while a record names
      // its line's (a helper in the program's header): the same launch,
      // where one listed launch has the record's program, index, kernel and
      // signature.
      LaunchKey Unfiled = Key;
      std::get<2>(Unfiled).clear();
      if (auto It = Index.find(Unfiled); It != Index.end()) {
        Index[Key] = It->second;
      } else if (std::optional<size_t> Only = onlyLaunchBesideFile(Key)) {
        Index[Key] = *Only;
      } else {
        json::Object K = R; // a record of a launch the kernels do not list
        kernel(K);
      }
    }
    MeasuredLine L;
    L.Launch = Index[Key];
    L.File = text(R, "file");
    L.Line = unsigned(*Line);
    L.Op = *Op;
    L.Space = text(R, "space") == "shared" ? Memory::Shared : Memory::Global;
    Out.Spaces.insert(L.Space);
    bool Global = L.Space == Memory::Global;
    L.Executed = number(R, "instructions");
    L.Units = number(R, Global ? "sectors" : "wavefronts");
    L.Ideal = number(R, Global ? "ideal_sectors" : "ideal_wavefronts");
    if (const json::Array *Each = R.getArray("per_instruction"))
      for (const json::Value &V : *Each)
        if (const json::Object *I = V.getAsObject())
          L.Instructions.push_back(
              {text(*I, "address"), text(*I, "sass"),
               number(*I, "instructions"),
               number(*I, Global ? "sectors" : "wavefronts"),
               number(*I, Global ? "ideal_sectors" : "ideal_wavefronts")});
    L.Attribution = text(R, "attribution");
    if (const json::Array *Via = R.getArray("also_listed_at"))
      for (const json::Value &V : *Via)
        if (std::optional<llvm::StringRef> S = V.getAsString())
          L.AlsoListedAt.push_back(S->str());
    L.Source = text(R, "source");
    Out.Lines.push_back(std::move(L));
    return true;
  }

private:
  /// The one launch listed with \p Key's program, index, kernel and
  /// signature, in whichever file.
  std::optional<size_t> onlyLaunchBesideFile(const LaunchKey &Key) const {
    auto Others = [&](const LaunchKey &K) {
      return std::tie(std::get<0>(K), std::get<1>(K), std::get<3>(K),
                      std::get<4>(K));
    };
    std::set<size_t> Found;
    for (const auto &[K, Launch] : Index)
      if (Others(K) == Others(Key))
        Found.insert(Launch);
    if (Found.size() != 1)
      return std::nullopt;
    return *Found.begin();
  }

  llvm::StringRef Name;
  Measurements &Out;
  std::map<LaunchKey, size_t> Index;
};

} // namespace

bool looksLikeJson(llvm::StringRef Text) {
  return Text.ltrim().starts_with("{");
}

bool readMeasurementsJson(llvm::StringRef Text, llvm::StringRef Name,
                          Measurements &Out, std::string &Error) {
  llvm::Expected<json::Value> Doc = json::parse(Text);
  if (!Doc) {
    Error = "not JSON: " + llvm::toString(Doc.takeError());
    return false;
  }
  const json::Object *Root = Doc->getAsObject();
  const json::Array *Records = Root ? Root->getArray("records") : nullptr;
  if (!Records) {
    Error = "not a measurements JSON (no \"records\" array; runtime-bench/"
            "parse_ncu.py writes one)";
    return false;
  }
  // parse_ncu.py's header names the memories where shared records were
  // written (its "space" key); older files and tools/real-code's hold
  // global memory only.
  const json::Object *Header = Root->getObject("header");
  Out.Spaces.insert(Memory::Global);
  if (Header && Header->get("space"))
    Out.Spaces.insert(Memory::Shared);
  JsonReader Reader(Name, Out);
  if (const json::Array *Kernels = Root->getArray("kernels"))
    for (const json::Value &K : *Kernels)
      if (const json::Object *O = K.getAsObject())
        Reader.kernel(*O);
  for (size_t I = 0; I < Records->size(); ++I) {
    const json::Object *O = (*Records)[I].getAsObject();
    if (!O || !Reader.record(*O, Error)) {
      Error =
          "record " + std::to_string(I) + ": " + (O ? Error : "not an object");
      return false;
    }
  }
  return true;
}

} // namespace cudacoalesce::verify
