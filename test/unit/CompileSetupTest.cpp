//===- CompileSetupTest.cpp - Compile commands for the parse and tools ----===//
#include "cuda-coalesce/Driver/CompileSetup.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace cudacoalesce;

namespace {

bool has(const std::vector<std::string> &V, llvm::StringRef S) {
  return std::find(V.begin(), V.end(), S) != V.end();
}

/// A directory of its own, removed with everything in it at the end.
struct TempDir {
  llvm::SmallString<128> Path;
  TempDir() { llvm::sys::fs::createUniqueDirectory("cc-compile-setup", Path); }
  ~TempDir() { llvm::sys::fs::remove_directories(Path); }
  std::string write(llvm::StringRef Name, llvm::StringRef Text) {
    llvm::SmallString<128> P(Path);
    llvm::sys::path::append(P, Name);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    OS << Text;
    return std::string(P);
  }
};

TEST(CompileSetupTest, ResponseFilesAreReadFromTheCommandsDirectory) {
  TempDir D;
  D.write("CMakeFiles/t.dir/includes_CUDA.rsp",
          "-I/p/include \"-I/with space\"");
  D.write("more.rsp", "-DMORE=1 @nested.rsp");
  D.write("nested.rsp", "-DNESTED=1");
  std::vector<std::string> Out = expandResponseFiles(
      {"nvcc", "--options-file", "CMakeFiles/t.dir/includes_CUDA.rsp",
       "@more.rsp", "-c", "k.cu"},
      std::string(D.Path));
  EXPECT_EQ(Out,
            (std::vector<std::string>{"nvcc", "-I/p/include", "-I/with space",
                                      "-DMORE=1", "-DNESTED=1", "-c", "k.cu"}));
}

TEST(CompileSetupTest, ResponseFilesThatIncludeThemselvesEnd) {
  TempDir D;
  D.write("loop.rsp", "-DX @loop.rsp");
  std::vector<std::string> Out =
      expandResponseFiles({"clang++", "@loop.rsp"}, std::string(D.Path));
  EXPECT_LE(Out.size(), 10u);
  EXPECT_TRUE(has(Out, "-DX"));
}

TEST(CompileSetupTest, NvccCommandsKeepWhatChangesTheParse) {
  std::vector<std::string> Out = translateNvccCommand(
      {"/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler",
       "-DFLUID_N=1024", "-I/p/include",
       "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
       "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
       "--expt-relaxed-constexpr", "-std=c++17", "-x", "cu", "-rdc=true", "-c",
       "/p/src/k.cu", "-o", "k.o", "-Xclang", "evil.so", "/p/libevil.so"});
  EXPECT_EQ(Out, (std::vector<std::string>{
                     "/usr/local/cuda/bin/nvcc", "-DFLUID_N=1024", "-I",
                     "/p/include", "-std=c++17", "-fgpu-rdc", "/p/src/k.cu",
                     "--cuda-gpu-arch=sm_80"}));
}

TEST(CompileSetupTest, XclangPairsThatPassInputsOrLoadCodeAreDropped) {
  ToolchainSetup Setup;
  std::vector<std::string> Out = deviceParseCommand(
      {"clang++", "-x", "cuda", "-Xclang", "evil.so", "-Xclang", "-load",
       "-Xclang", "evil2.so", "-Xclang", "-fno-elide-constructors", "-Xclang",
       "-plugin-arg-x", "-Xclang", "-v", "k.cu"},
      Setup);
  EXPECT_FALSE(has(Out, "evil.so"));
  EXPECT_FALSE(has(Out, "evil2.so"));
  EXPECT_FALSE(has(Out, "-load"));
  EXPECT_FALSE(has(Out, "-plugin-arg-x"));
  EXPECT_FALSE(has(Out, "-v"));
  EXPECT_TRUE(has(Out, "-fno-elide-constructors"));
  EXPECT_TRUE(has(Out, "k.cu"));
}

TEST(CompileSetupTest, ToolCommandsAreClangsDeviceSide) {
  ToolchainSetup Setup;
  Setup.CudaPath = "";
  std::vector<std::string> Out = clangToolCommand(
      {"/usr/local/cuda/bin/nvcc", "-I/p/include", "-arch=sm_75", "-c",
       "/p/src/k.cu", "-o", "k.o", "-Xcompiler", "-fPIC"},
      "/p/src/k.cu", "/p/build", Setup);
  ASSERT_FALSE(Out.empty());
  EXPECT_TRUE(llvm::StringRef(Out[0]).ends_with("clang++"));
  EXPECT_TRUE(has(Out, "--cuda-device-only"));
  EXPECT_TRUE(has(Out, "--cuda-gpu-arch=sm_75"));
  EXPECT_TRUE(has(Out, "/p/include"));
  EXPECT_TRUE(has(Out, "-nocudainc")); // no toolkit: the shim's headers
  EXPECT_FALSE(has(Out, "-o"));
  EXPECT_FALSE(has(Out, "-fPIC"));
  EXPECT_FALSE(has(Out, "-fsyntax-only")); // the tool adds its own
  // Host code is left as it is.
  std::vector<std::string> Host = {"/usr/bin/c++", "-c", "/p/src/h.cpp"};
  EXPECT_EQ(clangToolCommand(Host, "/p/src/h.cpp", "/p/build", Setup), Host);
}

TEST(CompileSetupTest, AnEndOfFlagsMarkerDoesNotTurnFlagsIntoInputs) {
  ToolchainSetup Setup;
  std::vector<std::string> Out =
      deviceParseCommand({"clang++", "-x", "cuda", "--", "k.cu"}, Setup);
  EXPECT_FALSE(has(Out, "--"));
  EXPECT_TRUE(has(Out, "--cuda-device-only"));
}

} // namespace
