//===- Verify/VerifyReport.cpp - Verdicts in words and in JSON ------------===//
#include "cuda-coalesce/Verify/VerifyReport.h"

#include "cuda-coalesce/Report/JsonReport.h"
#include "cuda-coalesce/Support/Text.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <set>

namespace cudacoalesce::verify {

namespace {

namespace json = llvm::json;

std::string relative(const ReportContext &C, llvm::StringRef Path) {
  if (!C.SourceRoot.empty() && Path.starts_with(C.SourceRoot + "/"))
    return Path.drop_front(C.SourceRoot.size() + 1).str();
  return Path.str();
}

std::string dimText(const Dim3 &D) {
  return "(" + std::to_string(D[0]) + "," + std::to_string(D[1]) + "," +
         std::to_string(D[2]) + ")";
}

std::string tallyText(const Tally &T) {
  std::vector<std::string> Parts;
  for (Verdict V : AllVerdicts)
    if (V != Verdict::NoInstruction && T[V])
      Parts.push_back(std::to_string(T[V]) + " " + verdictName(V));
  std::string Text =
      Parts.empty() ? std::string("nothing") : llvm::join(Parts, ", ");
  Text += " of " + std::to_string(T.MeasuredLines) + " measured line" +
          (T.MeasuredLines == 1 ? "" : "s");
  if (T[Verdict::NoInstruction])
    Text += "; " + std::to_string(T[Verdict::NoInstruction]) +
            " predicted with no instruction";
  return Text;
}

std::string spacesText(const std::map<Memory, Tally> &BySpace) {
  std::vector<std::string> Parts;
  for (const auto &[Space, T] : BySpace)
    Parts.push_back(std::string(memoryName(Space)) + ": " + tallyText(T));
  return llvm::join(Parts, "; ");
}

std::string predictedText(const JudgedRow &R) {
  const LineJudgement &J = R.Judgement;
  std::string Pattern = J.Pattern.empty() ? "" : " (" + J.Pattern + ")";
  if (J.Predicted && J.Range && J.Result != Verdict::Exact)
    return "predicted " + formatCount(*J.Predicted) + " (" + J.Pattern +
           ", range " + formatRange(J.Range->first, J.Range->second) + ")";
  if (J.Predicted)
    return "predicted " + formatCount(*J.Predicted) + Pattern;
  if (J.Range)
    return "predicted " + formatRange(J.Range->first, J.Range->second) +
           Pattern;
  return "predicted" + Pattern;
}

std::string measuredText(const JudgedRow &R) {
  std::optional<double> M = R.Measured->perRequest();
  std::string Text = M ? "measured " + formatCount(*M)
                       : std::string("measured: no instruction executed");
  if (!R.MeasuredWith.empty()) {
    std::vector<std::string> Lines;
    for (unsigned L : R.MeasuredWith)
      Lines.push_back(std::to_string(L));
    Text += " (with line" + std::string(Lines.size() > 1 ? "s " : " ") +
            llvm::join(Lines, ", ") + ": " +
            (R.MeasuredTogether ? formatCount(*R.MeasuredTogether)
                                : std::string("nothing executed")) +
            ")";
  }
  return Text;
}

void writeRowText(llvm::raw_ostream &OS, const ReportContext &C,
                  const JudgedRow &R, bool ShowLaunch) {
  const ProfiledLaunch &L = C.Measured->Launches[R.Launch];
  OS << relative(C, R.File) << ":" << R.Line << ": " << R.Kernel;
  if (ShowLaunch && L.Block)
    OS << " [block " << dimText(*L.Block) << "]";
  OS << ": " << memoryName(R.Space) << " " << operationName(R.Op) << " ("
     << unitName(R.Space) << "/request): ";
  std::vector<std::string> Parts;
  if (!R.Accesses.empty())
    Parts.push_back(predictedText(R));
  if (R.Measured)
    Parts.push_back(measuredText(R));
  OS << llvm::join(Parts, ", ") << ": " << verdictName(R.Judgement.Result);
  if (R.Judgement.Result == Verdict::OtherLaunch) {
    std::vector<std::string> Blocks;
    for (const Dim3 &B : R.AnalysedBlocks)
      Blocks.push_back(dimText(B));
    OS << " (the analyzer has the kernel under block"
       << (Blocks.size() > 1 ? "s " : " ") << llvm::join(Blocks, ", ")
       << " only)";
  } else if (!R.MatchedBy.empty() && R.MatchedBy != "line") {
    OS << " (matched by " << R.MatchedBy << ")";
  }
  OS << "\n";
}

void writeNumber(json::OStream &J, llvm::StringRef Key,
                 std::optional<double> V) {
  J.attributeBegin(Key);
  if (V)
    J.rawValue([&](llvm::raw_ostream &OS) { writeJsonNumber(OS, *V); });
  else
    J.value(nullptr);
  J.attributeEnd();
}

/// A JSON value with numbers as the analyzer prints them and keys sorted.
void writeValue(json::OStream &J, const json::Value &V) {
  if (const json::Object *O = V.getAsObject()) {
    std::vector<std::string> Keys;
    for (const auto &E : *O)
      Keys.push_back(E.first.str());
    llvm::sort(Keys);
    J.object([&] {
      for (const std::string &K : Keys)
        J.attributeBegin(K), writeValue(J, *O->get(K)), J.attributeEnd();
    });
  } else if (const json::Array *A = V.getAsArray()) {
    J.array([&] {
      for (const json::Value &E : *A)
        writeValue(J, E);
    });
  } else if (V.kind() == json::Value::Number && !V.getAsInteger()) {
    J.rawValue(
        [&](llvm::raw_ostream &OS) { writeJsonNumber(OS, *V.getAsNumber()); });
  } else {
    J.value(V);
  }
}

void writeDim(json::OStream &J, llvm::StringRef Key,
              const std::optional<Dim3> &D) {
  J.attributeBegin(Key);
  if (D)
    J.array([&] {
      for (unsigned X : *D)
        J.value(int64_t(X));
    });
  else
    J.value(nullptr);
  J.attributeEnd();
}

void writeMeasured(json::OStream &J, const MeasuredLine &M) {
  J.attributeObject("measured", [&] {
    writeNumber(J, "per_request", M.perRequest());
    writeNumber(J, "ideal_per_request", M.idealPerRequest());
    writeNumber(J, "instructions", M.Executed);
    writeNumber(J, "units", M.Units);
    writeNumber(J, "ideal_units", M.Ideal);
    J.attribute("attribution", M.Attribution);
    J.attributeArray("also_listed_at", [&] {
      for (const std::string &S : M.AlsoListedAt)
        J.value(S);
    });
    J.attribute("source", M.Source);
    J.attributeArray("per_instruction", [&] {
      for (const MeasuredInstruction &I : M.Instructions)
        J.object([&] {
          J.attribute("address", I.Address);
          J.attribute("sass", I.Sass);
          writeNumber(J, "instructions", I.Executed);
          writeNumber(J, "units", I.Units);
          writeNumber(J, "ideal_units", I.Ideal);
          writeNumber(J, "per_request",
                      I.Executed > 0
                          ? std::optional(round4(I.Units / I.Executed))
                          : std::nullopt);
        });
    });
  });
}

void writePredicted(json::OStream &J, const JudgedRow &R) {
  const LineJudgement &Judged = R.Judgement;
  J.attributeObject("predicted", [&] {
    writeNumber(J, "per_request", Judged.Predicted);
    J.attributeBegin("range");
    if (Judged.Range)
      J.array([&] {
        J.rawValue([&](llvm::raw_ostream &OS) {
          writeJsonNumber(OS, Judged.Range->first);
        });
        J.rawValue([&](llvm::raw_ostream &OS) {
          writeJsonNumber(OS, Judged.Range->second);
        });
      });
    else
      J.value(nullptr);
    J.attributeEnd();
    writeNumber(J, "ideal_per_request", Judged.PredictedIdeal);
    J.attribute("pattern", Judged.Pattern);
    J.attributeArray("accesses", [&] {
      for (size_t I = 0; I < R.Accesses.size(); ++I)
        J.object([&] {
          const PredictedAccess &P = *R.Accesses[I];
          J.attribute("prediction", int64_t(P.Index));
          J.attribute("file", P.File);
          J.attribute("line", int64_t(P.Line));
          J.attribute("column", int64_t(P.Column));
          J.attribute("expression", P.Expression);
          writeNumber(J, "per_request", P.PerRequest);
          if (I < R.AccessVerdicts.size())
            J.attribute("verdict", verdictName(R.AccessVerdicts[I]));
        });
    });
  });
}

void writeRowJson(json::OStream &J, const JudgedRow &R) {
  J.object([&] {
    J.attribute("file", R.File);
    J.attribute("line", int64_t(R.Line));
    J.attribute("kernel", R.Kernel);
    J.attribute("kind", operationName(R.Op));
    J.attribute("space", memoryName(R.Space));
    J.attribute("unit", unitName(R.Space));
    J.attribute("launch", int64_t(R.Launch));
    J.attribute("verdict", verdictName(R.Judgement.Result));
    if (R.Measured)
      writeMeasured(J, *R.Measured);
    else
      J.attribute("measured", nullptr);
    if (!R.MeasuredWith.empty()) {
      J.attributeArray("measured_with", [&] {
        for (unsigned L : R.MeasuredWith)
          J.value(int64_t(L));
      });
      writeNumber(J, "measured_together", R.MeasuredTogether);
    }
    if (!R.MatchedBy.empty())
      J.attribute("matched_by", R.MatchedBy);
    if (!R.Accesses.empty())
      writePredicted(J, R);
    else
      J.attribute("predicted", nullptr);
    if (R.MeasuredPerLaunch)
      J.attributeObject("per_launch", [&] {
        writeNumber(J, "measured", R.MeasuredPerLaunch);
        writeNumber(J, "predicted", R.PredictedPerLaunch);
      });
    if (R.Judgement.Result == Verdict::OtherLaunch)
      J.attributeArray("analysed_blocks", [&] {
        for (const Dim3 &B : R.AnalysedBlocks)
          J.array([&] {
            for (unsigned X : B)
              J.value(int64_t(X));
          });
      });
  });
}

void writeTallyJson(json::OStream &J, llvm::StringRef Key, const Tally &T) {
  J.attributeObject(Key, [&] {
    for (Verdict V : AllVerdicts)
      J.attribute(verdictName(V), int64_t(T[V]));
    J.attribute("measured_lines", int64_t(T.MeasuredLines));
  });
}

void writeSpacesJson(json::OStream &J, const std::map<Memory, Tally> &S) {
  for (Memory M : {Memory::Global, Memory::Shared}) {
    auto It = S.find(M);
    writeTallyJson(J, memoryName(M), It == S.end() ? Tally() : It->second);
  }
}

void writeSummaryJson(json::OStream &J, const Summary &S) {
  J.attributeObject("summary", [&] {
    writeSpacesJson(J, S.Total);
    J.attribute("accesses_not_profiled", int64_t(S.AccessesNotProfiled));
    J.attributeArray("kernels", [&] {
      for (const auto &[Key, BySpace] : S.ByKernel)
        J.object([&] {
          J.attribute("file", Key.first);
          J.attribute("kernel", Key.second);
          writeSpacesJson(J, BySpace);
        });
    });
    J.attributeArray("files", [&] {
      for (const auto &[File, BySpace] : S.ByFile)
        J.object([&] {
          J.attribute("file", File);
          writeSpacesJson(J, BySpace);
        });
    });
  });
}

} // namespace

void Tally::add(const JudgedRow &R) {
  ++Count[R.Judgement.Result];
  MeasuredLines += R.Measured != nullptr;
}

size_t Tally::operator[](Verdict V) const {
  auto It = Count.find(V);
  return It == Count.end() ? 0 : It->second;
}

Summary summarize(const JoinResult &Result) {
  Summary S;
  for (const JudgedRow &R : Result.Rows) {
    S.Total[R.Space].add(R);
    S.ByKernel[{R.File, R.Kernel}][R.Space].add(R);
    S.ByFile[R.File][R.Space].add(R);
  }
  S.AccessesNotProfiled = Result.AccessesNotProfiled;
  return S;
}

bool anyContradiction(const Summary &S) {
  return llvm::any_of(S.Total, [](const auto &E) {
    return E.second[Verdict::Wrong] || E.second[Verdict::NotPredicted];
  });
}

void writeVerifyText(llvm::raw_ostream &OS, const ReportContext &C) {
  // Kernels profiled more than once: each row names its launch's block.
  std::map<std::string, std::set<size_t>> LaunchesOf;
  for (const JudgedRow &R : C.Result->Rows)
    LaunchesOf[R.Kernel].insert(R.Launch);
  for (const JudgedRow &R : C.Result->Rows)
    writeRowText(OS, C, R, LaunchesOf[R.Kernel].size() > 1);
  Summary S = summarize(*C.Result);
  OS << "\nper kernel:\n";
  for (const auto &[Key, BySpace] : S.ByKernel)
    OS << "  " << relative(C, Key.first) << ": " << Key.second << ": "
       << spacesText(BySpace) << "\n";
  OS << "per file:\n";
  for (const auto &[File, BySpace] : S.ByFile)
    OS << "  " << relative(C, File) << ": " << spacesText(BySpace) << "\n";
  OS << "total: "
     << (S.Total.empty() ? "no measured line" : spacesText(S.Total));
  if (S.AccessesNotProfiled)
    OS << "; " << S.AccessesNotProfiled
       << " predicted accesses of kernels not profiled";
  OS << "\n";
}

void writeVerifyJson(llvm::raw_ostream &OS, const ReportContext &C) {
  json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("version", 1);
    J.attributeArray("launches", [&] {
      for (const ProfiledLaunch &L : C.Measured->Launches)
        J.object([&] {
          J.attribute("kernel", L.Kernel);
          J.attribute("signature", L.Signature);
          J.attribute("file", L.File);
          J.attribute("page", L.Page);
          J.attribute("index", int64_t(L.Index));
          writeDim(J, "block", L.Block);
          writeDim(J, "grid", L.Grid);
        });
    });
    J.attributeArray("rows", [&] {
      for (const JudgedRow &R : C.Result->Rows)
        writeRowJson(J, R);
    });
    writeSummaryJson(J, summarize(*C.Result));
    J.attributeArray("predictions", [&] {
      if (C.Predictions)
        for (const json::Value &P : *C.Predictions)
          writeValue(J, P);
    });
    J.attributeArray("notes", [&] {
      for (const std::string &N : C.Measured->Warnings)
        J.value(N);
      for (const std::string &N : C.Measured->Notes)
        J.value(N);
    });
    J.attributeArray("errors", [&] {
      for (const std::string &E : C.Errors)
        J.value(E);
    });
  });
  OS << "\n";
}

} // namespace cudacoalesce::verify
