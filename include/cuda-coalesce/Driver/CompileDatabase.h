//===- Driver/CompileDatabase.h - One database, every front end -*- C++ -*-===//
//
// The compile_commands.json of a build, as each front end needs it:
//   - the CLI reads it with response files expanded (relative to each
//     command's directory; CMake's Makefiles generator puts include paths in
//     nvcc's --options-file);
//   - clangd, clang-tidy and any LibTooling tool get each command as
//     clangToolCommand makes it (nvcc translated, device side, untrusted
//     flags dropped), through ClangToolDatabase or an exported file.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_COMPILEDATABASE_H
#define CUDA_COALESCE_DRIVER_COMPILEDATABASE_H

#include "cuda-coalesce/Driver/CompileSetup.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <memory>
#include <string>
#include <vector>

namespace cudacoalesce {

/// Wraps a database: every command's response files expanded.
class ExpandedDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit ExpandedDatabase(
      std::unique_ptr<clang::tooling::CompilationDatabase> Base)
      : Base(std::move(Base)) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override;
  std::vector<std::string> getAllFiles() const override;
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override;

private:
  std::unique_ptr<clang::tooling::CompilationDatabase> Base;
};

/// Wraps a database: every command as clangToolCommand makes it.
class ClangToolDatabase : public clang::tooling::CompilationDatabase {
public:
  ClangToolDatabase(std::unique_ptr<clang::tooling::CompilationDatabase> Base,
                    ToolchainSetup Setup)
      : Base(std::move(Base)), Setup(std::move(Setup)) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override;
  std::vector<std::string> getAllFiles() const override;
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override;

private:
  std::unique_ptr<clang::tooling::CompilationDatabase> Base;
  ToolchainSetup Setup;
};

/// \p Command as clangToolCommand makes it.
clang::tooling::CompileCommand
toClangToolCommand(clang::tooling::CompileCommand Command,
                   const ToolchainSetup &Setup);

/// BUILD_DIR/compile_commands.json, response files expanded; null with
/// \p Error ("cannot read a compile database in 'DIR': why") when it cannot
/// be read.
std::unique_ptr<clang::tooling::CompilationDatabase>
loadCompileDatabase(const std::string &BuildDir, std::string &Error);

/// The directory of the compile_commands.json that governs \p Path (a file
/// or a directory), looked for as clangd does: in each directory from it
/// up, and in each one's build/ subdirectory. Empty when there is none.
std::string findCompileDatabaseDir(llvm::StringRef Path);

/// The toolchain the front ends use when nobody says: the CUDA toolkit
/// findCudaToolkit finds (else the shim), sm_90, the resource directory
/// built in.
ToolchainSetup defaultToolchain();

/// Writes OUT_DIR/compile_commands.json: \p DB's commands as
/// clangToolCommand makes them (the CUDA files' device side for clangd,
/// clang-tidy and run-clang-tidy; host files as they are). Creates
/// \p OutDir. False with \p Error when it cannot be written.
bool exportCompileCommands(const clang::tooling::CompilationDatabase &DB,
                           const std::string &OutDir,
                           const ToolchainSetup &Setup, size_t &Written,
                           std::string &Error);

} // namespace cudacoalesce

#endif
