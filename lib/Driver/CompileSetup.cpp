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

#include <dlfcn.h>

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

/// Where the installed data lives relative to the binary (or the plugin)
/// this code is linked into: PREFIX/bin/x or PREFIX/lib[/ARCH]/x ->
/// PREFIX/share/cuda-coalesce; the source tree's copy for a build that is
/// not installed.
static std::string dataFile(llvm::StringRef Installed, const char *InSource) {
  static const std::string Share = [] {
    // The shared object this code is in (the clang-tidy plugin), else the
    // program: for the program dladdr may give the name it was run by
    // (found on PATH), which is no path.
    llvm::SmallString<256> P;
    Dl_info Info;
    if (!dladdr(reinterpret_cast<void *>(&shimIncludeDir), &Info) ||
        !Info.dli_fname || !llvm::StringRef(Info.dli_fname).contains('/') ||
        llvm::sys::fs::real_path(Info.dli_fname, P))
      P = llvm::sys::fs::getMainExecutable(
          nullptr, reinterpret_cast<void *>(&shimIncludeDir));
    if (P.empty())
      return std::string();
    llvm::sys::path::remove_filename(P);
    for (int Up = 0; Up < 3 && !P.empty(); ++Up) {
      llvm::sys::path::remove_filename(P);
      llvm::SmallString<256> Candidate(P);
      llvm::sys::path::append(Candidate, "share", "cuda-coalesce");
      if (llvm::sys::fs::is_directory(Candidate))
        return std::string(Candidate);
    }
    return std::string();
  }();
  if (Share.empty())
    return InSource;
  llvm::SmallString<256> P(Share);
  llvm::sys::path::append(P, Installed);
  return std::string(P);
}

const char *shimIncludeDir() {
  static const std::string Dir =
      dataFile("shim/include", CUDA_COALESCE_SHIM_DIR);
  return Dir.c_str();
}

const char *compatHeader() {
  static const std::string Header = dataFile(
      "shim/compat/cuda_coalesce_compat.h", CUDA_COALESCE_COMPAT_HEADER);
  return Header.c_str();
}

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

/// Whether \p Arg is a file a compiler compiles (not an object, library or
/// a stray value): what a translated nvcc command keeps of its positional
/// arguments.
static bool isSourceArgument(llvm::StringRef Arg) {
  return llvm::StringSwitch<bool>(llvm::sys::path::extension(Arg))
      .Cases({".cu", ".cuh", ".c", ".cc", ".cpp", ".cxx", ".c++", ".C"}, true)
      .Cases({".h", ".hh", ".hpp", ".hxx", ".inl"}, true)
      .Default(false);
}

std::vector<std::string>
expandResponseFiles(const std::vector<std::string> &Command,
                    const std::string &Directory, unsigned Depth) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Command.size(); ++I) {
    llvm::StringRef A = Command[I];
    std::string File;
    if (I > 0 && (A == "--options-file" || A == "-optf") &&
        I + 1 < Command.size())
      File = Command[++I];
    else if (I > 0 &&
             (A.consume_front("--options-file=") || A.consume_front("-optf=")))
      File = A.str();
    else if (I > 0 && A.size() > 1 && A.consume_front("@"))
      File = A.str();
    else {
      Out.push_back(Command[I]);
      continue;
    }
    // Nested response files are followed a few levels, never in a cycle.
    auto Buffer =
        Depth < 8 ? llvm::MemoryBuffer::getFile(absolutePath(File, Directory))
                  : std::make_error_code(std::errc::too_many_links);
    if (!Buffer)
      continue; // an unreadable response file: its flags are missing, no more
    llvm::BumpPtrAllocator Alloc;
    llvm::StringSaver Saver(Alloc);
    llvm::SmallVector<const char *, 32> Tokens;
    llvm::cl::TokenizeGNUCommandLine((*Buffer)->getBuffer(), Saver, Tokens);
    // A leading placeholder: the first argument is never expanded.
    std::vector<std::string> Inner = {"-"};
    Inner.insert(Inner.end(), Tokens.begin(), Tokens.end());
    Inner = expandResponseFiles(Inner, Directory, Depth + 1);
    Out.insert(Out.end(), Inner.begin() + 1, Inner.end());
  }
  return Out;
}

std::vector<std::string>
translateNvccCommand(const std::vector<std::string> &Input,
                     const std::string &Directory) {
  std::vector<std::string> Command = expandResponseFiles(Input, Directory);
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
  // nvcc options with a value that the parse needs, in the order they are
  // tried (the first whose spelling the argument starts with wins), and how
  // clang spells them: separate, joined, or the GPU architecture.
  enum class Spelled { Separate, Joined, Arch };
  struct ValueOption {
    llvm::StringLiteral Nvcc;
    Spelled How;
    llvm::StringLiteral Clang;
  };
  static constexpr ValueOption ValueOptions[] = {
      {"-I", Spelled::Separate, "-I"},
      {"--include-path", Spelled::Separate, "-I"},
      {"-isystem", Spelled::Separate, "-isystem"},
      {"-D", Spelled::Joined, "-D"},
      {"--define-macro", Spelled::Joined, "-D"},
      {"-U", Spelled::Joined, "-U"},
      {"-include", Spelled::Separate, "-include"},
      {"--pre-include", Spelled::Separate, "-include"},
      {"-std", Spelled::Joined, "-std="},
      {"--std", Spelled::Joined, "-std="},
      {"-arch", Spelled::Arch, ""},
      {"--gpu-architecture", Spelled::Arch, ""},
      {"-gencode", Spelled::Arch, ""},
      {"--generate-code", Spelled::Arch, ""},
  };
  std::optional<std::string> Arch;
  for (size_t I = 1; I < Command.size(); ++I) {
    llvm::StringRef A = Command[I];
    const ValueOption *Option = nullptr;
    std::optional<std::string> V;
    for (const ValueOption &O : ValueOptions)
      if ((V = Value(I, A, O.Nvcc))) {
        Option = &O;
        break;
      }
    if (Option && Option->How == Spelled::Separate)
      Out.insert(Out.end(), {Option->Clang.str(), *V});
    else if (Option && Option->How == Spelled::Joined)
      Out.push_back(Option->Clang.str() + *V);
    else if (Option)
      Arch = Arch ? Arch : nvccArch(*V);
    else if (A == "-rdc=true" || A == "--relocatable-device-code=true" ||
             A == "-dc" || A == "--device-c")
      Out.push_back("-fgpu-rdc");
    else if (A == "-o" || A == "-ccbin" || A == "--compiler-bindir" ||
             A == "-x" || A == "-Xcompiler" || A == "-Xptxas" ||
             A == "-Xlinker" || A == "-Xnvlink" || A == "--compiler-options" ||
             A == "-MF" || A == "-MT" || A == "-code" || A == "--gpu-code" ||
             A == "-t" || A == "--threads" || A == "-maxrregcount" ||
             A == "-Xclang" || A == "-Xarchive" || A == "-Xfatbin" ||
             A == "--linker-options" || A == "--archive-options" ||
             A == "--ptxas-options" || A == "--nvlink-options" || A == "-l" ||
             A == "-L" || A == "-odir" || A == "--output-file")
      ++I; // and the value
    else if (!A.starts_with("-") && isSourceArgument(A))
      Out.push_back(A.str()); // a source; libraries, objects, stray values go
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

namespace {

/// Whether cc1 flag \p Flag, passed through -Xclang, loads or runs code, or
/// writes files; those that take a value take it from the next -Xclang.
bool isUnsafeCc1Flag(llvm::StringRef Flag, bool &TakesValue) {
  TakesValue = Flag == "-load" || Flag == "-plugin" || Flag == "-add-plugin" ||
               Flag.starts_with("-plugin-arg") || Flag == "-o" ||
               Flag == "-dependency-file" || Flag == "-MT" ||
               Flag == "-serialize-diagnostic-file";
  return TakesValue || Flag.starts_with("-load=") ||
         Flag.starts_with("-fplugin") || Flag.starts_with("-fpass-plugin") ||
         Flag.starts_with("-add-plugin=") || Flag.starts_with("-plugin=");
}

/// The command's own flags that a device parse keeps (argv[0] and the
/// untrusted flags dropped, nvcc's translated); the GPU architecture it
/// names, if any, goes to \p Arch instead.
std::vector<std::string> parseFlags(const std::vector<std::string> &Input,
                                    const std::string &Directory,
                                    std::string &Arch) {
  std::vector<std::string> Command =
      !Input.empty() && isNvcc(Input[0])
          ? translateNvccCommand(Input, Directory)
          : expandResponseFiles(Input, Directory);
  std::vector<std::string> Out;
  for (size_t I = 1; I < Command.size(); ++I) {
    llvm::StringRef A = Command[I];
    // `--` ends the flags (an inferred command puts the source after it);
    // flags are appended after the command's own, so it is dropped.
    if (A == "--")
      continue;
    if (A == "-Xclang") {
      // -Xclang passes anything to cc1: -load and -plugin among it, and
      // inputs (a leftover `-Xclang evil.so` of a dropped -load pair). Only
      // pairs that pass a harmless flag are kept.
      if (I + 1 >= Command.size())
        continue;
      llvm::StringRef Next = Command[I + 1];
      bool TakesValue = false;
      if (!Next.starts_with("-") || isUnsafeCc1Flag(Next, TakesValue)) {
        I += 1;
        // Its value, passed by the next -Xclang: dropped with it.
        if (TakesValue && I + 2 < Command.size() && Command[I + 1] == "-Xclang")
          I += 2;
        continue;
      }
      Out.insert(Out.end(), {Command[I], Command[I + 1]});
      ++I;
      continue;
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
  return Out;
}

/// nvcc's front end warns where Clang errs by default: narrowing in braces
/// and C++17's removed `register` keyword. Real code nvcc builds has both.
const char *const NvccLeniency[] = {"-Wno-unknown-cuda-version",
                                    "-Wno-c++11-narrowing", "-Wno-register"};

/// The CUDA toolkit's headers (with what nvcc adds by itself), or the
/// built-in shim's.
void addToolkitFlags(std::vector<std::string> &Out,
                     const ToolchainSetup &Setup) {
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
    Out.push_back(compatHeader());
  } else {
    Out.push_back("-nocudainc");
    Out.push_back("-nocudalib");
    Out.push_back("-isystem");
    Out.push_back(shimIncludeDir());
    Out.push_back("-include");
    Out.push_back("cuda_runtime.h");
  }
}

} // namespace

std::vector<std::string>
deviceParseCommand(const std::vector<std::string> &Input,
                   const ToolchainSetup &Setup, const std::string &Directory) {
  std::string Arch = Setup.Arch;
  std::vector<std::string> Out = {CUDA_COALESCE_CLANG, "-x", "cuda"};
  std::vector<std::string> Flags = parseFlags(Input, Directory, Arch);
  Out.insert(Out.end(), Flags.begin(), Flags.end());
  Out.push_back("--cuda-device-only");
  Out.push_back("-fsyntax-only");
  Out.push_back("--cuda-gpu-arch=" + Arch);
  Out.push_back("-resource-dir=" + Setup.ResourceDir);
  // Our findings are printed by us; the compiler's warnings are not ours.
  Out.push_back("-w");
  Out.insert(Out.end(), std::begin(NvccLeniency), std::end(NvccLeniency));
  // Enough errors to analyse past broken host code, few enough that a file
  // that cannot find its headers does not take minutes to give up.
  Out.push_back("-ferror-limit=50");
  Out.push_back(
      "-fno-caret-diagnostics"); // also keeps "N errors generated" quiet
  addToolkitFlags(Out, Setup);
  return Out;
}

std::vector<std::string> clangToolCommand(const std::vector<std::string> &Input,
                                          const std::string &File,
                                          const std::string &Directory,
                                          const ToolchainSetup &Setup) {
  if (Input.empty() || (!isNvcc(Input[0]) && !looksLikeCudaSource(File, Input)))
    return Input; // host code: any Clang tool takes the command as it is
  std::string Arch = Setup.Arch;
  std::vector<std::string> Flags = parseFlags(Input, Directory, Arch);
  // clang++ beside the libraries we link: clangd and clang-tidy read their
  // driver mode from its name. The device side only, as the analysis
  // parses it.
  std::vector<std::string> Out = {CUDA_COALESCE_CLANG, "-x", "cuda",
                                  "--cuda-device-only",
                                  "--cuda-gpu-arch=" + Arch};
  Out.insert(Out.end(), std::begin(NvccLeniency), std::end(NvccLeniency));
  addToolkitFlags(Out, Setup);
  Out.insert(Out.end(), Flags.begin(), Flags.end());
  return Out;
}

} // namespace cudacoalesce
