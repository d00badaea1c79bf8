//===- Frontend/HostCallGraph.h - Who calls whom in host code ---*- C++ -*-===//
//
// Every call of every function in a translation unit, and the functions
// that may be called some other way (their address taken, called from a
// global initialiser): one walk of the translation unit, on first need. The
// host evaluator follows a parameter back to the value its callers pass.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_HOSTCALLGRAPH_H
#define CUDA_COALESCE_LIB_FRONTEND_HOSTCALLGRAPH_H

#include <memory>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace cudacoalesce {

/// A call of a function and the function the call is written in.
struct CallSite {
  const clang::CallExpr *Call;
  const clang::FunctionDecl *Caller;
};

class HostCallGraph {
public:
  explicit HostCallGraph(clang::ASTContext &AST);
  ~HostCallGraph();

  /// The calls of \p F, or null when some call may not be among them (it
  /// escapes, is main, a virtual method, an operator or a constructor).
  const std::vector<CallSite> *callsOf(const clang::FunctionDecl *F);

private:
  class Index;
  clang::ASTContext &AST;
  std::unique_ptr<Index> Calls; // built on first need
};

} // namespace cudacoalesce

#endif
