//===- Driver/HeaderDefinitionScope.h - Code a file reaches ----*- C++ -*-===//
//
// clangd parses the headers at the top of a file once, into a preamble, and
// limits the AST's traversal scope to the main file's own declarations.
// The analysis walks the translation unit through that scope, so in the
// editor it would miss what the CLI sees in a project header: a launch in
// a header template instantiated from the file (ggml's
// `ggml_cuda_kernel_launch(kernel, params, args...)`, whose body clangd
// keeps as a forwarding function's), and the kernel's block then falls back
// to an assumption. (A body the preamble skipped is another matter: the
// check parses the file again.)
//
// While a HeaderDefinitionScope lives, the traversal scope also holds the
// definitions outside the main file and outside system headers that the
// scope's code reaches (calls, functions named as values, constructors),
// transitively. Only those are read back from the preamble: widening the
// scope to the whole translation unit would read every declaration of the
// CUDA headers back at each keystroke. A scope that is already the whole
// translation unit (clang-tidy, the CLI's parse without a preamble) is left
// as it is.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_HEADERDEFINITIONSCOPE_H
#define CUDA_COALESCE_DRIVER_HEADERDEFINITIONSCOPE_H

#include "clang/AST/ASTContext.h"

#include <vector>

namespace cudacoalesce {

/// The definitions outside the main file and outside system headers that
/// code in \p Scope reaches, transitively, in the order first reached.
std::vector<clang::Decl *>
headerDefinitionsReached(clang::ASTContext &AST,
                         const std::vector<clang::Decl *> &Scope);

class HeaderDefinitionScope {
public:
  explicit HeaderDefinitionScope(clang::ASTContext &AST);
  ~HeaderDefinitionScope();
  HeaderDefinitionScope(const HeaderDefinitionScope &) = delete;
  HeaderDefinitionScope &operator=(const HeaderDefinitionScope &) = delete;

  /// The definitions added to the scope: none when it was the whole
  /// translation unit or the file reaches no header's code.
  const std::vector<clang::Decl *> &added() const { return Added; }

private:
  clang::ASTContext &AST;
  std::vector<clang::Decl *> Saved, Added;
};

} // namespace cudacoalesce

#endif
