//===- Verify/MeasuredInputs.cpp - Pages and tables into measurements -----===//
#include "cuda-coalesce/Verify/MeasuredInputs.h"

#include "cuda-coalesce/Verify/Attribution.h"
#include "cuda-coalesce/Verify/MeasurementsJson.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <memory>

namespace cudacoalesce::verify {

namespace {

bool readText(const std::string &Path, std::string &Text, std::string &Error) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = Path + ": " + Buffer.getError().message();
    return false;
  }
  Text = (*Buffer)->getBuffer().str();
  return true;
}

/// "dir/NAME.raw.csv" and "dir/NAME.csv" -> "dir/NAME".
std::string stemOf(llvm::StringRef Path) {
  if (Path.consume_back(".raw.csv") || Path.consume_back(".csv"))
    return Path.str();
  return Path.str();
}

/// The line table and PTX files beside a page, else the ones named.
struct Tables {
  LineTable Table;
  PtxInlining Ptx;
};

bool readTables(const std::vector<std::string> &TablePaths,
                const std::vector<std::string> &PtxPaths, Tables &Out,
                Measurements &M, std::string &Error) {
  for (const std::string &P : TablePaths) {
    std::string Text;
    if (!readText(P, Text, Error))
      return false;
    size_t Before = Out.Table.functions();
    Out.Table.read(Text);
    if (Out.Table.functions() == Before)
      M.Warnings.push_back(P + ": no function with nvcc's line table (write "
                               "it with `nvdisasm -gi -c`, not `cuobjdump "
                               "-sass`): not used");
  }
  for (const std::string &P : PtxPaths) {
    std::string Text;
    if (!readText(P, Text, Error))
      return false;
    Out.Ptx.read(Text);
  }
  return true;
}

struct SourcePageFile {
  std::string Path, Stem;
  SourcePage Page;
};

bool measurePage(const SourcePageFile &F,
                 const std::map<std::string, std::vector<RawLaunch>> &Raw,
                 const Tables &Named, Measurements &Out, std::string &Error) {
  ProfileInputs In;
  In.Name = llvm::sys::path::filename(F.Stem).str();
  In.Page = &F.Page;
  auto R = Raw.find(F.Stem);
  std::string RawPath = F.Stem + ".raw.csv";
  if (R != Raw.end()) {
    In.Raw = R->second;
  } else if (llvm::sys::fs::exists(RawPath)) {
    std::string Text;
    if (!readText(RawPath, Text, Error) || !parseRawPage(Text, In.Raw, Error)) {
      Error = RawPath + ": " + Error;
      return false;
    }
  }
  // A page's own line table and PTX, else the ones named.
  Tables Own;
  std::vector<std::string> TablePaths, PtxPaths;
  if (llvm::sys::fs::exists(F.Stem + ".sass"))
    TablePaths.push_back(F.Stem + ".sass");
  if (llvm::sys::fs::exists(F.Stem + ".ptx"))
    PtxPaths.push_back(F.Stem + ".ptx");
  if (!readTables(TablePaths, PtxPaths, Own, Out, Error))
    return false;
  In.Table = Own.Table.empty() ? &Named.Table : &Own.Table;
  In.Ptx = Own.Ptx.empty() ? &Named.Ptx : &Own.Ptx;
  measureLines(In, Out);
  return true;
}

} // namespace

bool loadMeasurements(const MeasuredSources &Sources, Measurements &Out,
                      std::string &Error) {
  Tables Named;
  if (!readTables(Sources.LineTables, Sources.Ptx, Named, Out, Error))
    return false;
  std::vector<std::unique_ptr<SourcePageFile>> Pages;
  std::map<std::string, std::vector<RawLaunch>> Raw;
  for (const std::string &Path : Sources.Pages) {
    std::string Text;
    if (!readText(Path, Text, Error))
      return false;
    if (looksLikeJson(Text)) {
      if (!readMeasurementsJson(Text, llvm::sys::path::stem(Path), Out,
                                Error)) {
        Error = Path + ": " + Error;
        return false;
      }
      continue;
    }
    switch (pageKindOf(Text)) {
    case PageKind::Source: {
      auto F = std::make_unique<SourcePageFile>();
      F->Path = Path;
      F->Stem = stemOf(Path);
      if (!parseSourcePage(Text, F->Page, Error)) {
        Error = Path + ": " + Error;
        return false;
      }
      Pages.push_back(std::move(F));
      break;
    }
    case PageKind::Raw:
      if (!parseRawPage(Text, Raw[stemOf(Path)], Error)) {
        Error = Path + ": " + Error;
        return false;
      }
      break;
    case PageKind::Other:
      Error = Path + ": neither a source page nor a raw page of Nsight "
                     "Compute (CSV), nor a measurements JSON";
      return false;
    }
  }
  for (const auto &F : Pages)
    if (!measurePage(*F, Raw, Named, Out, Error))
      return false;
  return true;
}

} // namespace cudacoalesce::verify
