//===- LspFraming.h - LSP messages on a byte stream -------------*- C++ -*-===//
//
// The base protocol of the Language Server Protocol: each message is a
// header (`Content-Length: N`, other fields, a blank line) and N bytes of
// JSON. Used by the proxy between the editor and clangd and by --check's
// client.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_CLANGD_LSPFRAMING_H
#define CUDA_COALESCE_CLANGD_LSPFRAMING_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>

namespace cudacoalesce::clangd {

/// Cuts a byte stream, fed in pieces, into LSP messages.
class LspFramer {
public:
  struct Piece {
    /// False for a header without Content-Length, handed on as it is.
    bool Framed = true;
    /// A message's body (JSON), or the unframed header with its blank line.
    std::string Data;
  };

  void feed(llvm::StringRef Bytes) {
    Buffer.append(Bytes.data(), Bytes.size());
  }
  /// The next whole message, if one has arrived.
  std::optional<Piece> take();
  /// What was fed and not taken (an incomplete message at the end).
  std::string rest() { return std::exchange(Buffer, std::string()); }

private:
  std::string Buffer;
};

/// Writes all of \p Data, retrying after signals; false on an error.
bool writeAll(int Fd, llvm::StringRef Data);
/// Writes \p Body with its Content-Length header.
bool writeMessage(int Fd, llvm::StringRef Body);
/// Reads what is there (blocking for at least a byte) into \p Chunk;
/// false at the end of the input or on an error.
bool readChunk(int Fd, std::string &Chunk);
/// The same, fed to \p Framer.
bool readInto(int Fd, LspFramer &Framer);

} // namespace cudacoalesce::clangd

#endif
