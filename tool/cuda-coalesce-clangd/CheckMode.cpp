//===- CheckMode.cpp - cuda-coalesce-clangd --check=FILE ------------------===//
#include "CheckMode.h"

#include "LspFraming.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

namespace cudacoalesce::clangd {
namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

/// A clangd server, this binary in a child process, talked to over pipes.
class Session {
public:
  bool start(llvm::StringRef Self, llvm::ArrayRef<std::string> Args);
  void send(Object Message) {
    Message["jsonrpc"] = "2.0";
    writeMessage(ToServer,
                 llvm::formatv("{0}", Value(std::move(Message))).str());
  }
  /// The next message, the server's own requests answered on the way;
  /// nullopt when the server has gone.
  std::optional<Object> next();
  /// The reply to request \p Id.
  std::optional<Object> reply(int64_t Id);
  /// Ends the session: shutdown, exit, and the child waited for.
  void finish();

private:
  pid_t Pid = -1;
  int ToServer = -1, FromServer = -1;
  LspFramer Framer;
};

bool Session::start(llvm::StringRef Self, llvm::ArrayRef<std::string> Args) {
  int In[2], Out[2];
  if (::pipe(In))
    return false;
  if (::pipe(Out)) {
    ::close(In[0]);
    ::close(In[1]);
    return false;
  }
  std::vector<char *> Argv;
  std::string Program = Self.str();
  Argv.push_back(Program.data());
  std::vector<std::string> Copies(Args.begin(), Args.end());
  for (std::string &A : Copies)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);
  Pid = ::fork();
  if (Pid == 0) {
    ::dup2(In[0], STDIN_FILENO);
    ::dup2(Out[1], STDOUT_FILENO);
    for (int Fd : {In[0], In[1], Out[0], Out[1]})
      ::close(Fd);
    ::execv(Program.c_str(), Argv.data());
    ::_exit(127);
  }
  ::close(In[0]);
  ::close(Out[1]);
  ToServer = In[1];
  FromServer = Out[0];
  if (Pid < 0) {
    ::close(ToServer);
    ::close(FromServer);
    return false;
  }
  return true;
}

std::optional<Object> Session::next() {
  for (;;) {
    while (std::optional<LspFramer::Piece> P = Framer.take()) {
      if (!P->Framed)
        continue;
      llvm::Expected<Value> Parsed = llvm::json::parse(P->Data);
      if (!Parsed) {
        llvm::consumeError(Parsed.takeError());
        continue;
      }
      Object *Message = Parsed->getAsObject();
      if (!Message)
        continue;
      // A request from the server (none is expected): declined.
      if (Message->get("method") && Message->get("id")) {
        send(
            Object{{"id", *Message->get("id")},
                   {"error", Object{{"code", -32601},
                                    {"message", "not supported by --check"}}}});
        continue;
      }
      return std::move(*Message);
    }
    if (!readInto(FromServer, Framer))
      return std::nullopt;
  }
}

std::optional<Object> Session::reply(int64_t Id) {
  while (std::optional<Object> M = next())
    if (M->getInteger("id") == Id && !M->get("method"))
      return M;
  return std::nullopt;
}

void Session::finish() {
  if (Pid <= 0)
    return;
  send(Object{{"id", 99}, {"method", "shutdown"}});
  reply(99);
  send(Object{{"method", "exit"}});
  ::close(ToServer);
  ::close(FromServer);
  // After its last message clangd may still index the standard library
  // for a few seconds (in memory, for nobody now): it is given a second.
  int Status = 0;
  for (int Tenths = 0; Tenths < 10; ++Tenths) {
    if (::waitpid(Pid, &Status, WNOHANG) == Pid) {
      Pid = -1;
      return;
    }
    ::usleep(100000);
  }
  ::kill(Pid, SIGKILL);
  ::waitpid(Pid, &Status, 0);
  Pid = -1;
}

/// file:// URIs as clangd writes them (RFC 3986, bytes outside the
/// unreserved set and '/' percent-encoded).
std::string uriOf(llvm::StringRef Path) {
  std::string Uri = "file://";
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("-._~/").contains(C))
      Uri += C;
    else
      Uri += "%" + llvm::utohexstr(C, false, 2);
  }
  return Uri;
}

std::string pathOf(llvm::StringRef Uri) {
  Uri.consume_front("file://");
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    unsigned Byte;
    if (Uri[I] == '%' && I + 2 < Uri.size() &&
        !Uri.substr(I + 1, 2).getAsInteger(16, Byte)) {
      Path += char(Byte);
      I += 2;
    } else {
      Path += Uri[I];
    }
  }
  return Path;
}

llvm::StringRef severityWord(std::optional<int64_t> Severity) {
  switch (Severity.value_or(1)) {
  case 1:
    return "error";
  case 2:
    return "warning";
  case 3:
    return "remark";
  default:
    return "note";
  }
}

/// clangd capitalizes what it sends an editor; clang's own words begin in
/// lower case (an acronym stays as it is).
std::string clangWords(llvm::StringRef Message) {
  std::string Text = Message.str();
  if (Text.size() > 1 && llvm::isUpper(Text[0]) && llvm::isLower(Text[1]))
    Text[0] = llvm::toLower(Text[0]);
  return Text;
}

/// FILE:LINE:COL of an LSP location (UTF-8 columns, 1-based), the file
/// shown as the user named it when it is the one checked.
std::string place(const Object *Range, llvm::StringRef Uri,
                  llvm::StringRef CheckedUri, llvm::StringRef Shown) {
  const Object *Start = Range ? Range->getObject("start") : nullptr;
  int64_t Line = Start ? Start->getInteger("line").value_or(0) : 0;
  int64_t Column = Start ? Start->getInteger("character").value_or(0) : 0;
  std::string File = Uri == CheckedUri ? Shown.str() : pathOf(Uri);
  return llvm::formatv("{0}:{1}:{2}", File, Line + 1, Column + 1).str();
}

/// Prints one diagnostic as clang does, its notes (related information)
/// after it; counts it in \p Errors or \p Warnings.
void print(const Object &D, llvm::StringRef Uri, llvm::StringRef Shown,
           unsigned &Errors, unsigned &Warnings) {
  llvm::StringRef Word = severityWord(D.getInteger("severity"));
  Errors += Word == "error";
  Warnings += Word == "warning";
  llvm::outs() << place(D.getObject("range"), Uri, Uri, Shown) << ": " << Word
               << ": " << clangWords(D.getString("message").value_or(""));
  if (auto Code = D.getString("code"))
    llvm::outs() << " [" << *Code << "]";
  llvm::outs() << "\n";
  const Array *Related = D.getArray("relatedInformation");
  for (const Value &R : Related ? *Related : Array()) {
    const Object *Note = R.getAsObject();
    const Object *Location = Note ? Note->getObject("location") : nullptr;
    if (!Location)
      continue;
    llvm::outs() << place(Location->getObject("range"),
                          Location->getString("uri").value_or(""), Uri, Shown)
                 << ": note: "
                 << clangWords(Note->getString("message").value_or("")) << "\n";
  }
}

void printSummary(unsigned Errors, unsigned Warnings) {
  if (!Errors && !Warnings)
    return;
  auto Count = [](unsigned N, llvm::StringRef What) {
    return std::to_string(N) + " " + What.str() + (N == 1 ? "" : "s");
  };
  if (Warnings)
    llvm::outs() << Count(Warnings, "warning") << (Errors ? " and " : "");
  if (Errors)
    llvm::outs() << Count(Errors, "error");
  llvm::outs() << " generated.\n";
}

int fail(llvm::StringRef File, llvm::StringRef Why) {
  llvm::errs() << "cuda-coalesce-clangd: error: " << File << ": " << Why
               << "\n";
  return CheckFailed;
}

Object initializeParams() {
  Object TextDocument{
      {"publishDiagnostics",
       Object{{"relatedInformation", true}, {"codeDescriptionSupport", true}}}};
  return Object{
      {"processId", int64_t(::getpid())},
      {"rootUri", nullptr},
      {"capabilities",
       Object{{"textDocument", std::move(TextDocument)},
              {"general", Object{{"positionEncodings", Array{"utf-8"}}}},
              {"offsetEncoding", Array{"utf-8"}}}}};
}

} // namespace

int runCheck(llvm::StringRef Self, llvm::StringRef File,
             llvm::ArrayRef<std::string> ServerArgs) {
  llvm::SmallString<256> Path(File);
  if (llvm::sys::fs::make_absolute(Path))
    return fail(File, "cannot make the path absolute");
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  auto Contents = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Contents)
    return fail(File, "cannot read: " + Contents.getError().message());

  // The server's end of a broken pipe must not end this process.
  std::signal(SIGPIPE, SIG_IGN);
  Session S;
  if (!S.start(Self, ServerArgs))
    return fail(File, "cannot start clangd");
  S.send(Object{
      {"id", 1}, {"method", "initialize"}, {"params", initializeParams()}});
  if (!S.reply(1))
    return fail(File, "clangd ended during initialize");
  S.send(Object{{"method", "initialized"}, {"params", Object{}}});
  std::string Uri = uriOf(Path);
  S.send(Object{
      {"method", "textDocument/didOpen"},
      {"params", Object{{"textDocument",
                         Object{{"uri", Uri},
                                {"languageId", "cuda"},
                                {"version", 1},
                                {"text", (*Contents)->getBuffer().str()}}}}}});

  std::optional<Array> Diagnostics;
  while (!Diagnostics) {
    std::optional<Object> M = S.next();
    if (!M)
      return fail(File, "clangd ended before it published diagnostics");
    const Object *Params = M->getObject("params");
    if (M->getString("method") == "textDocument/publishDiagnostics" && Params &&
        Params->getString("uri") == Uri && Params->getArray("diagnostics"))
      Diagnostics = *Params->getArray("diagnostics");
  }
  // Whether clangd built an AST (and so ran the checks): an AST request
  // fails where it has none.
  auto Origin = [] { return Object{{"line", 0}, {"character", 0}}; };
  S.send(Object{{"id", 2},
                {"method", "textDocument/ast"},
                {"params", Object{{"textDocument", Object{{"uri", Uri}}},
                                  {"range", Object{{"start", Origin()},
                                                   {"end", Origin()}}}}}});
  std::optional<Object> Ast = S.reply(2);
  S.finish();

  unsigned Errors = 0, Warnings = 0;
  for (const Value &D : *Diagnostics)
    if (const Object *O = D.getAsObject())
      print(*O, Uri, File, Errors, Warnings);
  printSummary(Errors, Warnings);
  llvm::outs().flush();
  if (!Ast || Ast->get("error"))
    return fail(File, "clangd built no AST for it");
  return CheckDone;
}

} // namespace cudacoalesce::clangd
