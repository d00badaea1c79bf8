//===- Verify/Prediction.cpp - The analyzer's accesses, as verify reads them
//===//
#include "cuda-coalesce/Verify/Prediction.h"
#include "cuda-coalesce/Verify/Names.h"

#include "llvm/ADT/StringSwitch.h"

namespace cudacoalesce::verify {

namespace {

namespace json = llvm::json;

std::optional<double> numberAt(const json::Object &O, const std::string &Key) {
  return O.getNumber(Key);
}

bool readAccess(const json::Object &A, PredictedAccess &P, std::string &Error) {
  std::optional<llvm::StringRef> Kind = A.getString("kind");
  std::optional<int64_t> Line = A.getInteger("line");
  if (!Kind || !Line || !A.getString("file") || !A.getString("kernel")) {
    Error = "an access without file, line, kernel or kind";
    return false;
  }
  P.File = A.getString("file")->str();
  P.Line = unsigned(*Line);
  P.Column = unsigned(A.getInteger("column").value_or(0));
  P.EndLine = unsigned(A.getInteger("end_line").value_or(*Line));
  P.Kernel = A.getString("kernel")->str();
  P.ProfilerKernel = A.getString("kernel_profiler_name").value_or("").str();
  P.Expression = A.getString("expression").value_or("").str();
  P.Op = llvm::StringSwitch<Operation>(*Kind)
             .Case("store", Operation::Store)
             .Case("atomic", Operation::Atomic)
             .Default(Operation::Load);
  P.Space = A.getString("space").value_or("global") == "shared"
                ? Memory::Shared
                : Memory::Global;
  for (auto [Key, Into] : {std::pair{"block", &P.Block}, {"grid", &P.Grid}})
    if (const json::Array *B = A.getArray(Key); B && B->size() == 3) {
      Dim3 D;
      for (size_t I = 0; I < 3; ++I)
        D[I] = unsigned((*B)[I].getAsInteger().value_or(0));
      *Into = D;
    }
  P.Pattern = A.getString("pattern").value_or("").str();
  P.LaunchValues = A.getString("launch_values").value_or("").str();
  // Global accesses in sectors, shared ones in wavefronts.
  std::string Unit = unitName(P.Space);
  P.PerRequest = numberAt(A, Unit + "_per_request");
  P.Min = numberAt(A, Unit + "_min").value_or(P.PerRequest.value_or(0));
  P.Max = numberAt(A, Unit + "_max").value_or(P.PerRequest.value_or(0));
  P.Low = numberAt(A, Unit + "_low");
  P.High = numberAt(A, Unit + "_high");
  P.Ideal = numberAt(A, "ideal_" + Unit + "_per_request");
  P.RequestsPerLaunch = numberAt(A, "requests_per_launch");
  P.RequestsPerBlock = numberAt(A, "requests_per_block");
  P.UnitsPerLaunch = numberAt(A, Unit + "_per_launch");
  if (const json::Array *Chain = A.getArray("call_chain"))
    for (const json::Value &V : *Chain)
      if (const json::Object *C = V.getAsObject())
        P.CallChain.push_back({C->getString("file").value_or("").str(),
                               unsigned(C->getInteger("line").value_or(0))});
  P.KernelFile = P.CallChain.empty() ? P.File : P.CallChain.front().first;
  if (const json::Array *Filed = A.getArray("also_filed_under"))
    for (const json::Value &V : *Filed)
      if (std::optional<int64_t> L = V.getAsInteger())
        P.AlsoFiledUnder.push_back(unsigned(*L));
  if (const json::Array *Assumed = A.getArray("assumptions"))
    if (!Assumed->empty())
      P.Launch = (*Assumed)[0].getAsString().value_or("").str();
  return true;
}

} // namespace

std::string joinedKernelName(const PredictedAccess &P) {
  return normalizeKernel(P.ProfilerKernel.empty() ? P.Kernel
                                                  : P.ProfilerKernel);
}

bool readPredictions(const json::Value &Document,
                     std::vector<PredictedAccess> &Out, json::Array &Raw,
                     std::string &Error) {
  const json::Object *Root = Document.getAsObject();
  const json::Array *Accesses = Root ? Root->getArray("accesses") : nullptr;
  if (!Accesses) {
    Error = "not the analyzer's JSON (no \"accesses\" array; write it with "
            "`cuda-coalesce --format=json`)";
    return false;
  }
  for (const json::Value &V : *Accesses) {
    const json::Object *A = V.getAsObject();
    PredictedAccess P;
    P.Index = Raw.size();
    if (!A || !readAccess(*A, P, Error)) {
      if (!A)
        Error = "an access that is not an object";
      return false;
    }
    Out.push_back(std::move(P));
    Raw.push_back(V);
  }
  return true;
}

} // namespace cudacoalesce::verify
