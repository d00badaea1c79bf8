//===- NoRemoteIndex.cpp - clangd without the remote index client ---------===//
//
// clangd's remote index (--remote-index-address, a config's
// `Index: {External: {Server: ...}}`) is a gRPC client. Linked in, it makes
// the binary, and so the Debian package, depend on gRPC, protobuf and
// abseil, for a feature whose servers (clangd-index-server) few CUDA
// projects run. clangdMain's only call into the client,
// remote::getClient, lands here instead, as in an LLVM build configured
// without CLANGD_ENABLE_REMOTE: no remote index, and a line that says so.
// Archives are searched only for symbols still undefined, so Debian's
// libclangdRemoteIndex.a is then never pulled into the link, and
// --as-needed drops the gRPC libraries Clang's CMake package names.
//
//===----------------------------------------------------------------------===//
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace clang::clangd::remote {

/// What getClient returns, std::unique_ptr<SymbolIndex>, as the ABI passes
/// it: one pointer in a class with a destructor, so returned through a
/// pointer the caller gives. Declared here because SymbolIndex, whose
/// definition unique_ptr's destructor needs, is in a clangd header Debian
/// does not install; a function's return type is not part of its symbol.
struct NoSymbolIndex {
  void *Index = nullptr;
  ~NoSymbolIndex() {}
};

NoSymbolIndex getClient(llvm::StringRef Address, llvm::StringRef IndexRoot) {
  llvm::errs() << "cuda-coalesce-clangd: no remote index in this build "
                  "(ignored: "
               << Address << " for " << IndexRoot << ")\n";
  return {};
}

} // namespace clang::clangd::remote
