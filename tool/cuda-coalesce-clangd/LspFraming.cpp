//===- LspFraming.cpp - LSP messages on a byte stream ---------------------===//
#include "LspFraming.h"

#include "llvm/ADT/SmallVector.h"

#include <cerrno>

#include <unistd.h>

namespace cudacoalesce::clangd {

std::optional<LspFramer::Piece> LspFramer::take() {
  size_t HeaderEnd = Buffer.find("\r\n\r\n");
  if (HeaderEnd == std::string::npos)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef> Lines;
  llvm::StringRef(Buffer.data(), HeaderEnd).split(Lines, "\r\n");
  size_t Length = 0;
  bool Found = false;
  for (llvm::StringRef Line : Lines) {
    auto [Name, Value] = Line.split(':');
    if (Name.trim().equals_insensitive("content-length"))
      Found = !Value.trim().getAsInteger(10, Length);
  }
  Piece P;
  if (!Found) {
    P.Framed = false;
    P.Data = Buffer.substr(0, HeaderEnd + 4);
    Buffer.erase(0, HeaderEnd + 4);
    return P;
  }
  if (Buffer.size() < HeaderEnd + 4 + Length)
    return std::nullopt;
  P.Data = Buffer.substr(HeaderEnd + 4, Length);
  Buffer.erase(0, HeaderEnd + 4 + Length);
  return P;
}

bool writeAll(int Fd, llvm::StringRef Data) {
  while (!Data.empty()) {
    ssize_t N = ::write(Fd, Data.data(), Data.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Data = Data.drop_front(N);
  }
  return true;
}

bool writeMessage(int Fd, llvm::StringRef Body) {
  return writeAll(Fd, "Content-Length: " + std::to_string(Body.size()) +
                          "\r\n\r\n" + Body.str());
}

bool readChunk(int Fd, std::string &Chunk) {
  char Bytes[65536];
  for (;;) {
    ssize_t N = ::read(Fd, Bytes, sizeof(Bytes));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Chunk.assign(Bytes, N);
    return true;
  }
}

bool readInto(int Fd, LspFramer &Framer) {
  std::string Chunk;
  if (!readChunk(Fd, Chunk))
    return false;
  Framer.feed(Chunk);
  return true;
}

} // namespace cudacoalesce::clangd
