//===- Driver/CompileSetup.cpp - From a build command to a device parse ---===//
#include "cuda-coalesce/Driver/CompileSetup.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

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
      std::string Root = llvm::sys::path::parent_path(
                             llvm::sys::path::parent_path(Real))
                             .str();
      if (hasCudaHeaders(Root))
        return Root;
    }
  }
  if (hasCudaHeaders("/usr/local/cuda"))
    return "/usr/local/cuda";
  return "";
}

std::vector<std::string> deviceParseCommand(const std::vector<std::string> &Command,
                                            const ToolchainSetup &Setup) {
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
    if (A.consume_front("--cuda-gpu-arch=") || A.consume_front("--offload-arch=")) {
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
  Out.push_back("-ferror-limit=0");
  Out.push_back("-fno-caret-diagnostics"); // also keeps "N errors generated" quiet
  if (!Setup.CudaPath.empty()) {
    Out.push_back("--cuda-path=" + Setup.CudaPath);
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
