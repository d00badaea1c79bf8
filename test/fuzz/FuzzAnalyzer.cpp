//===- test/fuzz/FuzzAnalyzer.cpp - libFuzzer target, whole pipeline ------===//
//
// Feeds arbitrary source text through everything a user's file goes
// through: the device-side parse (with the built-in header shim, so that an
// input costs milliseconds rather than the toolkit's second), kernel and
// launch discovery, the symbolic addresses, the warp model, the fixes, and
// the three report writers. Any crash, sanitizer report or hang is a bug:
// the tool must answer every input with findings or one error line.
//
//===----------------------------------------------------------------------===//
#include "cuda-coalesce/Driver/CompileSetup.h"
#include "cuda-coalesce/Driver/Runner.h"
#include "cuda-coalesce/Report/JsonReport.h"
#include "cuda-coalesce/Report/SarifReport.h"
#include "cuda-coalesce/Report/TextReport.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <unistd.h>

using namespace cudacoalesce;

namespace {

class Renderer : public TranslationUnitConsumer {
public:
  void handle(clang::ASTContext &AST, TranslationUnitResult &&Result,
              FileOutcome &Out) const override {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    for (const LocatedFinding &F : Result.Findings) {
      printFinding(OS, AST, F, /*Color=*/false);
      Out.Findings.push_back({F.Data, ""});
    }
    for (const QuietKernel &K : Result.KernelsWithoutAccesses)
      printQuietKernel(OS, K);
    for (const TextureReads &R : Result.KernelsReadingTextures)
      printTextureReads(OS, R);
  }
};

std::string &inputPath() {
  // One file per fuzzing process, in a private directory: parallel fuzzing
  // jobs (-jobs=N) do not share it.
  static std::string Path = [] {
    llvm::SmallString<128> Dir;
    if (llvm::sys::fs::createUniqueDirectory("cuda-coalesce-fuzz", Dir))
      abort();
    return (Dir + "/input.cu").str();
  }();
  return Path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const std::string &Path = inputPath();
  {
    std::error_code EC;
    llvm::raw_fd_ostream File(Path, EC);
    if (EC)
      abort();
    File.write(reinterpret_cast<const char *>(Data), Size);
  }
  RunOptions Opts;
  Opts.Files = {Path};
  Opts.ExtraFlags = std::vector<std::string>{"-std=c++17"};
  Opts.Toolchain.ResourceDir = defaultResourceDir();
  std::string SetupError;
  std::vector<FileOutcome> Outcomes =
      analyzeFiles(Opts, Renderer(), SetupError);
  std::vector<Finding> Findings;
  for (const FileOutcome &O : Outcomes)
    for (const ReportedFinding &F : O.Findings)
      Findings.push_back(F.Data);
  std::string Json, Sarif;
  llvm::raw_string_ostream JsonOS(Json), SarifOS(Sarif);
  writeJson(JsonOS, Findings);
  writeSarif(SarifOS, Findings, "/", /*ShowAll=*/true);
  return 0;
}
