//===- Verify/Profiler.cpp - The program under Nsight Compute -------------===//
#include "cuda-coalesce/Verify/Profiler.h"

#include "cuda-coalesce/Verify/SourcePage.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>

namespace cudacoalesce::verify {

namespace {

namespace fs = llvm::sys::fs;

std::string joinPath(llvm::StringRef A, llvm::StringRef B) {
  llvm::SmallString<256> P(A);
  llvm::sys::path::append(P, B);
  return std::string(P);
}

bool isExecutable(const std::string &Path) {
  return fs::exists(Path) && fs::can_execute(Path) && !fs::is_directory(Path);
}

/// Runs \p Args (Args[0] the program) with stdout and stderr into files;
/// the exit status, or -1 with \p Error when it could not run.
int run(const std::vector<std::string> &Args, const std::string &Stdout,
        const std::string &Stderr, std::string &Error) {
  std::vector<llvm::StringRef> Refs(Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(Stdout), llvm::StringRef(Stderr)};
  bool Failed = false;
  int Status = llvm::sys::ExecuteAndWait(Args[0], Refs, std::nullopt, Redirects,
                                         0, 0, &Error, &Failed);
  return Failed ? -1 : Status;
}

std::string readFile(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  return Buffer ? (*Buffer)->getBuffer().str() : std::string();
}

/// The line of a tool's output that says what went wrong: its last
/// "==ERROR==" line, else its last line.
std::string lastComplaint(const std::string &Log) {
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  llvm::StringRef(Log).split(Lines, '\n', -1, false);
  for (llvm::StringRef L : llvm::reverse(Lines))
    if (L.contains("==ERROR=="))
      return L.trim().str();
  for (llvm::StringRef L : llvm::reverse(Lines))
    if (!L.trim().empty())
      return L.trim().str();
  return "";
}

/// A copy of a CUDA 12.8+ cubin with the ELF header an older nvdisasm
/// reads (OS ABI 0x33, ABI version 7, the SM in the old flags): the
/// instruction encoding of an SM does not change with the toolkit.
bool writeOldHeaderCopy(const std::string &Cubin, const std::string &Copy) {
  std::string B = readFile(Cubin);
  if (B.size() < 0x40 ||
      B.compare(0, 4,
                "\x7f"
                "ELF") != 0 ||
      B[4] != 2 || uint8_t(B[7]) != 0x41 || uint8_t(B[8]) < 8)
    return false;
  uint32_t Flags = 0;
  for (int I = 3; I >= 0; --I)
    Flags = (Flags << 8) | uint8_t(B[0x30 + I]);
  uint32_t Sm = (Flags >> 8) & 0xff;
  Flags = Sm | 0x100 | 0x400 | (Sm << 16);
  B[7] = char(0x33);
  B[8] = 7;
  for (int I = 0; I < 4; ++I)
    B[0x30 + I] = char((Flags >> (8 * I)) & 0xff);
  std::error_code EC;
  llvm::raw_fd_ostream OS(Copy, EC);
  if (EC)
    return false;
  OS << B;
  return true;
}

/// The program as a path cuobjdump can open from another folder.
std::string programPath(const std::string &Program) {
  if (!llvm::StringRef(Program).contains('/')) {
    if (auto Found = llvm::sys::findProgramByName(Program))
      return *Found;
    return Program;
  }
  llvm::SmallString<256> P(Program);
  fs::make_absolute(P);
  return std::string(P);
}

/// R.sass (every cubin's `nvdisasm -gi -c`) and R.ptx, where the tools
/// are there and the program holds them; notes say what was left out.
void writeLineTables(const ProfileRequest &R, const std::string &Report,
                     ProfileResult &Out) {
  std::string Cuobjdump = findTool("cuobjdump", ""),
              Nvdisasm = findTool("nvdisasm", ""), Error;
  if (Cuobjdump.empty() || Nvdisasm.empty()) {
    Out.Notes.push_back("no line table: cuobjdump or nvdisasm not found");
    return;
  }
  std::string Program = programPath(R.Program.front());
  std::string Cubins = joinPath(R.WorkDir, "cubin");
  fs::create_directories(Cubins);
  std::string Log = joinPath(R.WorkDir, "cuobjdump.log");
  // cuobjdump extracts into the current folder.
  int Status = run({"/bin/sh", "-c", "cd \"$1\" && shift && exec \"$@\"", "sh",
                    Cubins, Cuobjdump, "-xelf", "all", Program},
                   Log, Log + ".err", Error);
  std::string Table;
  std::error_code EC;
  for (fs::directory_iterator It(Cubins, EC), End; !EC && It != End;
       It.increment(EC)) {
    if (!llvm::StringRef(It->path()).ends_with(".cubin"))
      continue;
    std::string Sass = It->path() + ".sass";
    if (run({Nvdisasm, "-gi", "-c", It->path()}, Sass, Sass + ".err", Error) !=
            0 &&
        !(writeOldHeaderCopy(It->path(), It->path() + ".abi7") &&
          run({Nvdisasm, "-gi", "-c", It->path() + ".abi7"}, Sass,
              Sass + ".err", Error) == 0))
      continue;
    Table += readFile(Sass);
  }
  if (Status != 0 || Table.empty()) {
    Out.Notes.push_back("no line table: no cubin of " + Program +
                        " could be disassembled");
  } else {
    llvm::raw_fd_ostream OS(Report + ".sass", EC);
    OS << Table;
  }
  if (run({Cuobjdump, "-ptx", Program}, Report + ".ptx", Log + ".ptx.err",
          Error) != 0)
    fs::remove(Report + ".ptx");
}

} // namespace

std::string findTool(const std::string &Name, const std::string &Explicit) {
  if (!Explicit.empty())
    return isExecutable(Explicit) ? Explicit : std::string();
  if (auto Found = llvm::sys::findProgramByName(Name))
    return *Found;
  std::vector<std::string> Candidates;
  if (std::optional<std::string> Cuda = llvm::sys::Process::GetEnv("CUDA_PATH"))
    Candidates.push_back(joinPath(joinPath(*Cuda, "bin"), Name));
  Candidates.push_back(joinPath("/usr/local/cuda/bin", Name));
  if (Name == "ncu") {
    // /opt/nvidia/nsight-compute/<version>/ncu: the newest version.
    std::vector<std::string> Versions;
    std::error_code EC;
    for (fs::directory_iterator It("/opt/nvidia/nsight-compute", EC), End;
         !EC && It != End; It.increment(EC))
      Versions.push_back(joinPath(It->path(), "ncu"));
    llvm::sort(Versions, std::greater<>());
    llvm::append_range(Candidates, Versions);
  }
  for (const std::string &C : Candidates)
    if (isExecutable(C))
      return C;
  return "";
}

ProfileResult profile(const ProfileRequest &R) {
  ProfileResult Out;
  std::string Ncu = findTool("ncu", R.Ncu);
  if (Ncu.empty()) {
    Out.Status = ProfileStatus::NoProfiler;
    Out.Error = R.Ncu.empty()
                    ? "Nsight Compute (ncu) not found on PATH, in "
                      "$CUDA_PATH/bin, /usr/local/cuda/bin or "
                      "/opt/nvidia/nsight-compute/*/ (name it with --ncu=PATH)"
                    : "--ncu=" + R.Ncu + ": not an executable";
    return Out;
  }
  std::string Report = joinPath(R.WorkDir, "R"), Log = Report + ".ncu.log",
              Error;
  std::vector<std::string> Args = {Ncu, "--section", "SourceCounters",
                                   "--import-source", "yes"};
  if (R.Filters.empty())
    llvm::append_range(Args,
                       std::vector<std::string>{"--kernel-id", "::regex:.*:1"});
  llvm::append_range(Args, R.Filters);
  llvm::append_range(Args, R.ExtraNcuArgs);
  llvm::append_range(Args, std::vector<std::string>{"-f", "-o", Report});
  llvm::append_range(Args, R.Program);
  int Status = run(Args, Log, Log, Error);
  if (Status != 0) {
    Out.Status = ProfileStatus::ProgramFailed;
    std::string Why = Status < 0 ? Error : lastComplaint(readFile(Log));
    Out.Error = "the program failed under ncu (exit status " +
                std::to_string(Status) + ")" + (Why.empty() ? "" : ": " + Why);
    return Out;
  }
  std::string Rep = Report + ".ncu-rep";
  if (!fs::exists(Rep)) {
    Out.Status = ProfileStatus::NothingProfiled;
    std::string Why = lastComplaint(readFile(Log));
    Out.Error =
        "no kernel was profiled" + (Why.empty() ? "" : " (" + Why + ")");
    return Out;
  }
  Out.SourcePage = Report + ".csv";
  std::string Err = Report + ".export.err";
  if ((run({Ncu, "-i", Rep, "--page", "source", "--csv", "--print-source",
            "cuda,sass"},
           Out.SourcePage, Err, Error) != 0 ||
       pageKindOf(readFile(Out.SourcePage)) != PageKind::Source) &&
      (run({Ncu, "-i", Rep, "--page", "source", "--csv",
            "--print-source=cuda,sass"},
           Out.SourcePage, Err, Error) != 0 ||
       pageKindOf(readFile(Out.SourcePage)) != PageKind::Source)) {
    Out.Status = ProfileStatus::ExportFailed;
    Out.Error = "ncu could not export the source page of " + Rep + ": " +
                lastComplaint(readFile(Err));
    return Out;
  }
  if (run({Ncu, "-i", Rep, "--page", "raw", "--csv", "--metrics",
           "launch__block_size,launch__grid_size"},
          Report + ".raw.csv", Err, Error) != 0)
    Out.Notes.push_back("no raw page: launches are not told apart by shape");
  if (R.LineTable)
    writeLineTables(R, Report, Out);
  return Out;
}

} // namespace cudacoalesce::verify
