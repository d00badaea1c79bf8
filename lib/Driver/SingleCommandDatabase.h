//===- Driver/SingleCommandDatabase.h - One command, whatever the file -*-===//
//
// For parses the driver runs on files of its own making (a candidate fix,
// a preamble's empty source): ClangTool takes its commands from a database.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_SINGLECOMMANDDATABASE_H
#define CUDA_COALESCE_DRIVER_SINGLECOMMANDDATABASE_H

#include "clang/Tooling/CompilationDatabase.h"

namespace cudacoalesce {

class SingleCommandDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit SingleCommandDatabase(clang::tooling::CompileCommand Command)
      : Command(std::move(Command)) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef) const override {
    return {Command};
  }

private:
  clang::tooling::CompileCommand Command;
};

} // namespace cudacoalesce

#endif
