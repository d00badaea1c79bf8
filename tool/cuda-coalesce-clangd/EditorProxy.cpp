//===- EditorProxy.cpp - Between the editor and clangd --------------------===//
#include "EditorProxy.h"

#include "FindingHover.h"
#include "LspFraming.h"

#include "cuda-coalesce/Policy/CheckNames.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <thread>

#include <unistd.h>

namespace cudacoalesce::clangd {
namespace {

/// The link clangd gives our diagnostics.
std::string clangdDocsUrl() {
  auto [Module, Check] = llvm::StringRef(TidyCheckName).split('-');
  return ("https://clang.llvm.org/extra/clang-tidy/checks/" + Module + "/" +
          Check + ".html")
      .str();
}

/// Parses \p Body when \p Wanted, hands it to \p Use; the body to pass on
/// (re-serialized when Use changed it).
template <typename UseFn>
std::string inspect(std::string Body, bool Wanted, UseFn Use) {
  if (!Wanted)
    return Body;
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Body);
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return Body;
  }
  llvm::json::Object *Message = Parsed->getAsObject();
  if (Message && Use(*Message))
    return llvm::formatv("{0}", llvm::json::Value(std::move(*Message))).str();
  return Body;
}

/// clangd's messages to the editor. \p Hover is shared with carryInput,
/// which may still read it at exit (hence shared ownership).
void carryOutput(int FromClangd, int ToEditor,
                 std::shared_ptr<FindingHover> Hover) {
  const std::string From = clangdDocsUrl();
  const std::string To = checkDocsUrl();
  LspFramer Framer;
  while (readInto(FromClangd, Framer)) {
    while (std::optional<LspFramer::Piece> P = Framer.take()) {
      if (!P->Framed) {
        writeAll(ToEditor, P->Data);
        continue;
      }
      std::string Body = std::move(P->Data);
      for (size_t At = Body.find(From); At != std::string::npos;
           At = Body.find(From, At + To.size()))
        Body.replace(At, From.size(), To);
      bool Wanted =
          Hover->awaitingHover() ||
          llvm::StringRef(Body).contains("\"textDocument/publishDiagnostics\"");
      Body = inspect(std::move(Body), Wanted, [&](llvm::json::Object &M) {
        return Hover->fromServer(M);
      });
      writeMessage(ToEditor, Body);
    }
  }
  writeAll(ToEditor, Framer.rest());
}

/// The editor's messages to clangd: each chunk is read for hover requests
/// before it is passed on unchanged, so that the request is known before
/// clangd can answer it, and nothing waits on a whole message.
void carryInput(int FromEditor, int ToClangd,
                std::shared_ptr<FindingHover> Hover) {
  LspFramer Framer;
  std::string Chunk;
  while (readChunk(FromEditor, Chunk)) {
    Framer.feed(Chunk);
    while (std::optional<LspFramer::Piece> P = Framer.take()) {
      llvm::StringRef Body = P->Data;
      bool Wanted = P->Framed && (Body.contains("\"textDocument/hover\"") ||
                                  Body.contains("\"initialize\""));
      inspect(P->Data, Wanted, [&](llvm::json::Object &M) {
        Hover->fromEditor(M);
        return false;
      });
    }
    if (!writeAll(ToClangd, Chunk))
      break;
  }
  ::close(ToClangd); // clangd sees the end of its input
}

// The process's own standard output, replaced by a pipe while the proxy
// runs: restored at exit (finishEditorProxy).
std::thread OutputThread;
int EditorStdout = -1;

/// Makes \p Fd a pipe's end: returns the other end, or -1 (then nothing
/// changed). \p Reading: Fd becomes the pipe's read end.
int replaceWithPipe(int Fd, bool Reading, int &Original) {
  int Pipe[2];
  if (::pipe(Pipe))
    return -1;
  int Mine = Reading ? Pipe[1] : Pipe[0];
  int Theirs = Reading ? Pipe[0] : Pipe[1];
  Original = ::dup(Fd);
  if (Original < 0 || ::dup2(Theirs, Fd) < 0) {
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    return -1;
  }
  ::close(Theirs);
  return Mine;
}

} // namespace

void finishEditorProxy() {
  if (!OutputThread.joinable())
    return;
  llvm::outs().flush();
  std::fflush(stdout);
  ::close(STDOUT_FILENO); // the thread sees the end of its input
  OutputThread.join();
  ::dup2(EditorStdout, STDOUT_FILENO);
}

void startEditorProxy(bool ReadInput) {
  int FromClangd = replaceWithPipe(STDOUT_FILENO, false, EditorStdout);
  if (FromClangd < 0)
    return;
  auto Hover = std::make_shared<FindingHover>();
  OutputThread = std::thread(carryOutput, FromClangd, EditorStdout, Hover);
  std::atexit(finishEditorProxy);
  int EditorStdin = -1;
  if (!ReadInput)
    return;
  int ToClangd = replaceWithPipe(STDIN_FILENO, true, EditorStdin);
  if (ToClangd >= 0)
    std::thread(carryInput, EditorStdin, ToClangd, Hover).detach();
}

} // namespace cudacoalesce::clangd
