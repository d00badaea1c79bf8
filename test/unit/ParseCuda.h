//===- test/unit/ParseCuda.h - A CUDA snippet as an AST ---------*- C++ -*-===//
//
// Parses device code the way the tool does (the device side only, sm_90),
// against the built-in header shim so that tests need no CUDA toolkit.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_TEST_UNIT_PARSECUDA_H
#define CUDA_COALESCE_TEST_UNIT_PARSECUDA_H

#include "cuda-coalesce/Driver/CompileSetup.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <memory>
#include <string>

namespace cudacoalesce {
namespace test {

/// \p Headers: files the snippet can include, by name.
inline std::unique_ptr<clang::ASTUnit>
parseCuda(const std::string &Code,
          const clang::tooling::FileContentMappings &Headers = {}) {
  ToolchainSetup Setup;
  Setup.ResourceDir = defaultResourceDir();
  std::vector<std::string> Command =
      deviceParseCommand({"clang++", "snippet.cu"}, Setup);
  std::vector<std::string> Args;
  for (size_t I = 1; I < Command.size(); ++I)
    if (Command[I] != "snippet.cu")
      Args.push_back(Command[I]);
  return clang::tooling::buildASTFromCodeWithArgs(
      Code, Args, "snippet.cu", "clang-tool",
      std::make_shared<clang::PCHContainerOperations>(),
      clang::tooling::getClangStripDependencyFileAdjuster(), Headers);
}

/// The function named \p Name (the first declaration with a body).
inline const clang::FunctionDecl *function(clang::ASTContext &AST,
                                           llvm::StringRef Name) {
  for (const clang::Decl *D : AST.getTranslationUnitDecl()->decls())
    if (const auto *F = llvm::dyn_cast<clang::FunctionDecl>(D))
      if (F->getName() == Name && F->hasBody())
        return F;
  return nullptr;
}

} // namespace test
} // namespace cudacoalesce

#endif
