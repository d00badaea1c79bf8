//===- EditorProxy.h - Between the editor and clangd ------------*- C++ -*-===//
//
// In an editor's session, clangd's stdin and stdout become pipes, and two
// threads carry the messages between them and the editor's:
//
// - from clangd: the link clangd gives each clang-tidy diagnostic, built
//   from the check's name on clang.llvm.org where no page exists for ours,
//   is pointed at the check's documentation (the function that builds it is
//   internal to clangd: no --wrap reaches it); the check's diagnostics are
//   kept, and hovers inside one carry the finding (FindingHover.h);
// - from the editor: read, never changed, for the hover requests and the
//   markup the editor takes.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_CLANGD_EDITORPROXY_H
#define CUDA_COALESCE_CLANGD_EDITORPROXY_H

namespace cudacoalesce::clangd {

/// Starts the proxy. \p ReadInput: the editor's messages are LSP-framed
/// (not --input-style=delimited), so hover requests can be read.
void startEditorProxy(bool ReadInput);
/// Ends it once clangd has written its last message (also at exit()).
void finishEditorProxy();

} // namespace cudacoalesce::clangd

#endif
