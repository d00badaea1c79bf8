//===- Driver/CompileSetup.cpp - From a build command to a device parse ---===//
#include "cuda-coalesce/Driver/CompileSetup.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"

#include <cstdlib>

namespace cudacoalesce {

namespace {

bool hasCudaHeaders(const std::string &Dir) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, "include", "cuda_runtime.h");
  return llvm::sys::fs::exists(P);
}

/// Flags dropped together with the value that follows them.
bool takesValueAndIsDropped(llvm::StringRef A) {
  return llvm::StringSwitch<bool>(A)
      .Cases({"-o", "-MF", "-MT", "-MQ", "-MJ", "-dependency-file"}, true)
      .Cases({"--serialize-diagnostics", "-fcrash-diagnostics-dir"}, true)
      .Cases({"-load", "-plugin", "-add-plugin", "-fplugin"}, true)
      .Default(false);
}

/// Flags dropped alone: outputs, plugins, code generation requests.
bool isDropped(llvm::StringRef A) {
  if (A.starts_with("-fplugin") || A.starts_with("-fpass-plugin") ||
      A.starts_with("-save-temps") || A.starts_with("-fcrash-diagnostics") ||
      A.starts_with("-Werror") || A.starts_with("-o") && A.size() > 2 ||
      A.starts_with("-MF") || A.starts_with("-MT") || A.starts_with("-MQ") ||
      A.starts_with("--cuda-gpu-arch") || A.starts_with("--offload-arch") ||
      A.starts_with("-fprofile") || A.starts_with("--serialize-diagnostics"))
    return true;
  return llvm::StringSwitch<bool>(A)
      .Cases({"-c", "-S", "-E", "-MD", "-MMD", "-M", "-MM", "-MP"}, true)
      .Cases({"--cuda-host-only", "--cuda-device-only",
              "--cuda-compile-host-device", "-fsyntax-only"},
             true)
      .Default(false);
}

} // namespace

bool looksLikeCudaSource(const std::string &File,
                         const std::vector<std::string> &Command) {
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  if (Ext == ".cu" || Ext == ".cuh")
    return true;
  for (size_t I = 0; I + 1 < Command.size(); ++I)
    if (Command[I] == "-x" &&
        (Command[I + 1] == "cuda" || Command[I + 1] == "cu"))
      return true;
  for (const std::string &A : Command)
    if (A == "-xcuda" || A == "--x=cu")
      return true;
  return false;
}

const char *shimIncludeDir() { return CUDA_COALESCE_SHIM_DIR; }

const char *defaultResourceDir() { return CUDA_COALESCE_RESOURCE_DIR; }

std::string findCudaToolkit(const std::string &Explicit, std::string &Error) {
  if (!Explicit.empty()) {
    if (hasCudaHeaders(Explicit))
      return Explicit;
    Error = "no CUDA toolkit at '" + Explicit + "' (no include/cuda_runtime.h)";
    return "";
  }
  if (const char *Env = std::getenv("CUDA_PATH"))
    if (*Env && hasCudaHeaders(Env))
      return Env;
  if (auto Nvcc = llvm::sys::findProgramByName("nvcc")) {
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(*Nvcc, Real)) {
      std::string Root =
          llvm::sys::path::parent_path(llvm::sys::path::parent_path(Real))
              .str();
      if (hasCudaHeaders(Root))
        return Root;
    }
  }
  if (hasCudaHeaders("/usr/local/cuda"))
    return "/usr/local/cuda";
  return "";
}

namespace {

bool isNvcc(llvm::StringRef Program) {
  llvm::StringRef Name = llvm::sys::path::filename(Program);
  return Name == "nvcc" || Name == "nvcc.exe";
}

/// The sm_XX an nvcc architecture flag asks for: "sm_80", "compute_90",
/// "arch=compute_90,code=[compute_90,sm_90]" (the real architecture wins),
/// "native" (none).
std::optional<std::string> nvccArch(llvm::StringRef Value) {
  for (llvm::StringRef Prefix : {"sm_", "compute_"}) {
    size_t At = Value.find(Prefix);
    if (At == llvm::StringRef::npos)
      continue;
    llvm::StringRef Digits =
        Value.substr(At + Prefix.size()).take_while([](char C) {
          return llvm::isAlnum(C);
        });
    if (!Digits.empty())
      return "sm_" + Digits.str();
  }
  return std::nullopt;
}

} // namespace

/// nvcc's --options-file (-optf) FILE: the flags written in FILE, spliced
/// in (CMake puts include paths there, in includes_CUDA.rsp).
static std::vector<std::string>
expandOptionFiles(const std::vector<std::string> &Command) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Command.size(); ++I) {
    llvm::StringRef A = Command[I];
    std::string File;
    if ((A == "--options-file" || A == "-optf") && I + 1 < Command.size())
      File = Command[++I];
    else if (A.consume_front("--options-file=") || A.consume_front("-optf="))
      File = A.str();
    else {
      Out.push_back(Command[I]);
      continue;
    }
    auto Buffer = llvm::MemoryBuffer::getFile(File);
    if (!Buffer)
      continue; // an unreadable options file: its flags are missing, no more
    llvm::BumpPtrAllocator Alloc;
    llvm::StringSaver Saver(Alloc);
    llvm::SmallVector<const char *, 32> Tokens;
    llvm::cl::TokenizeGNUCommandLine((*Buffer)->getBuffer(), Saver, Tokens);
    for (const char *T : Tokens)
      Out.push_back(T);
  }
  return Out;
}

std::vector<std::string>
translateNvccCommand(const std::vector<std::string> &Input) {
  std::vector<std::string> Command = expandOptionFiles(Input);
  // Keep what changes the parse (include paths, macros, the language
  // standard, forced includes, separate compilation) and the sources; drop
  // code generation, host-compiler and optimisation flags.
  std::vector<std::string> Out = {Command.empty() ? "nvcc" : Command[0]};
  auto Value = [&](size_t &I, llvm::StringRef Arg,
                   llvm::StringRef Flag) -> std::optional<std::string> {
    if (Arg == Flag)
      return I + 1 < Command.size() ? std::optional<std::string>(Command[++I])
                                    : std::nullopt;
    if (Arg.starts_with(Flag) && Arg.size() > Flag.size()) {
      llvm::StringRef Rest = Arg.drop_front(Flag.size());
      Rest.consume_front("=");
      return Rest.str();
    }
    return std::nullopt;
  };
  std::optional<std::string> Arch;
  for (size_t I = 1; I < Command.size(); ++I) {
    llvm::StringRef A = Command[I];
    if (auto V = Value(I, A, "-I"))
      Out.insert(Out.end(), {"-I", *V});
    else if (auto V = Value(I, A, "--include-path"))
      Out.insert(Out.end(), {"-I", *V});
    else if (auto V = Value(I, A, "-isystem"))
      Out.insert(Out.end(), {"-isystem", *V});
    else if (auto V = Value(I, A, "-D"))
      Out.push_back("-D" + *V);
    else if (auto V = Value(I, A, "--define-macro"))
      Out.push_back("-D" + *V);
    else if (auto V = Value(I, A, "-U"))
      Out.push_back("-U" + *V);
    else if (auto V = Value(I, A, "-include"))
      Out.insert(Out.end(), {"-include", *V});
    else if (auto V = Value(I, A, "--pre-include"))
      Out.insert(Out.end(), {"-include", *V});
    else if (auto V = Value(I, A, "-std"))
      Out.push_back("-std=" + *V);
    else if (auto V = Value(I, A, "--std"))
      Out.push_back("-std=" + *V);
    else if (auto V = Value(I, A, "-arch"))
      Arch = Arch ? Arch : nvccArch(*V);
    else if (auto V = Value(I, A, "--gpu-architecture"))
      Arch = Arch ? Arch : nvccArch(*V);
    else if (auto V = Value(I, A, "-gencode"))
      Arch = Arch ? Arch : nvccArch(*V);
    else if (auto V = Value(I, A, "--generate-code"))
      Arch = Arch ? Arch : nvccArch(*V);
    else if (A == "-rdc=true" || A == "--relocatable-device-code=true" ||
             A == "-dc" || A == "--device-c")
      Out.push_back("-fgpu-rdc");
    else if (A == "-o" || A == "-ccbin" || A == "--compiler-bindir" ||
             A == "-x" || A == "-Xcompiler" || A == "-Xptxas" ||
             A == "-Xlinker" || A == "-Xnvlink" || A == "--compiler-options" ||
             A == "-MF" || A == "-MT" || A == "-code" || A == "--gpu-code" ||
             A == "-t" || A == "--threads" || A == "-maxrregcount")
      ++I; // and the value
    else if (!A.starts_with("-"))
      Out.push_back(A.str()); // a source
  }
  if (Arch)
    Out.push_back("--cuda-gpu-arch=" + *Arch);
  return Out;
}

std::string absolutePath(const std::string &Path,
                         const std::string &Directory) {
  llvm::SmallString<256> P(Path);
  if (llvm::sys::path::is_relative(P) && !Directory.empty()) {
    llvm::SmallString<256> D(Directory);
    llvm::sys::path::append(D, P);
    P = D;
  }
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

std::vector<std::string>
deviceParseCommand(const std::vector<std::string> &Input,
                   const ToolchainSetup &Setup) {
  std::vector<std::string> Command =
      !Input.empty() && isNvcc(Input[0]) ? translateNvccCommand(Input) : Input;
  std::vector<std::string> Out = {CUDA_COALESCE_CLANG, "-x", "cuda"};
  std::string Arch = Setup.Arch;
  for (size_t I = 1; I < Command.size(); ++I) {
    llvm::StringRef A = Command[I];
    if (A == "-Xclang" && I + 1 < Command.size()) {
      // -Xclang passes anything to cc1, -load and -plugin among it.
      llvm::StringRef Next = Command[I + 1];
      if (Next == "-load" || Next == "-plugin" || Next == "-add-plugin" ||
          Next.starts_with("-plugin-arg")) {
        I += 3; // -Xclang -load -Xclang lib.so
        continue;
      }
    }
    if (A.consume_front("--cuda-gpu-arch=") ||
        A.consume_front("--offload-arch=")) {
      Arch = A.str();
      continue;
    }
    if (takesValueAndIsDropped(A)) {
      ++I;
      continue;
    }
    if (isDropped(A))
      continue;
    Out.push_back(Command[I]);
  }
  Out.push_back("--cuda-device-only");
  Out.push_back("-fsyntax-only");
  Out.push_back("--cuda-gpu-arch=" + Arch);
  Out.push_back("-resource-dir=" + Setup.ResourceDir);
  // Our findings are printed by us; the compiler's warnings are not ours.
  Out.push_back("-w");
  Out.push_back("-Wno-unknown-cuda-version");
  // nvcc's front end warns where Clang errs by default: narrowing in braces
  // and C++17's removed `register` keyword. Real code nvcc builds has both.
  Out.push_back("-Wno-c++11-narrowing");
  Out.push_back("-Wno-register");
  // Enough errors to analyse past broken host code, few enough that a file
  // that cannot find its headers does not take minutes to give up.
  Out.push_back("-ferror-limit=50");
  Out.push_back(
      "-fno-caret-diagnostics"); // also keeps "N errors generated" quiet
  if (!Setup.CudaPath.empty()) {
    Out.push_back("--cuda-path=" + Setup.CudaPath);
    // CUDA 13 keeps Thrust, CUB and libcu++ in include/cccl, which nvcc
    // adds by itself and Clang does not.
    llvm::SmallString<256> Cccl(Setup.CudaPath);
    llvm::sys::path::append(Cccl, "include", "cccl");
    if (llvm::sys::fs::is_directory(Cccl)) {
      Out.push_back("-isystem");
      Out.push_back(std::string(Cccl));
    }
    Out.push_back("-include");
    Out.push_back(CUDA_COALESCE_COMPAT_HEADER);
  } else {
    Out.push_back("-nocudainc");
    Out.push_back("-nocudalib");
    Out.push_back("-isystem");
    Out.push_back(shimIncludeDir());
    Out.push_back("-include");
    Out.push_back("cuda_runtime.h");
  }
  return Out;
}

} // namespace cudacoalesce
