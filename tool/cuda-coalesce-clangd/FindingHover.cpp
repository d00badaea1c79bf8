//===- FindingHover.cpp - The check's findings in the editor's hover ------===//
#include "FindingHover.h"

#include "cuda-coalesce/Policy/CheckNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace cudacoalesce::clangd {

using llvm::json::Object;
using llvm::json::Value;

namespace {

/// A request id as a map key (ids are numbers or strings).
std::string idKey(const Value &Id) {
  std::string Key;
  llvm::raw_string_ostream(Key) << Id;
  return Key;
}

std::optional<FindingHover::Position> position(const Object *P) {
  if (!P)
    return std::nullopt;
  auto Line = P->getInteger("line");
  auto Character = P->getInteger("character");
  if (!Line || !Character)
    return std::nullopt;
  return FindingHover::Position{*Line, *Character};
}

bool contains(const Object &Diagnostic, FindingHover::Position At) {
  const Object *Range = Diagnostic.getObject("range");
  if (!Range)
    return false;
  auto Start = position(Range->getObject("start"));
  auto End = position(Range->getObject("end"));
  return Start && End && *Start <= At && At <= *End;
}

bool isCheckDiagnostic(const Object &Diagnostic) {
  auto Code = Diagnostic.getString("code");
  return Code && *Code == TidyCheckName;
}

/// Markdown's punctuation escaped: index expressions have `*` and `_`.
std::string escapeMarkdown(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text) {
    if (llvm::StringRef("\\`*_[]<>#|~").contains(C))
      Out += '\\';
    Out += C;
  }
  return Out;
}

/// "fluid.cuh:23: " where a note is not at the diagnostic's line.
std::string notePlace(const Object &Related, const Object &Diagnostic,
                      llvm::StringRef Uri) {
  const Object *Location = Related.getObject("location");
  if (!Location)
    return "";
  auto NoteUri = Location->getString("uri");
  const Object *Range = Location->getObject("range");
  auto At = position(Range ? Range->getObject("start") : nullptr);
  const Object *Own = Diagnostic.getObject("range");
  auto Line = position(Own ? Own->getObject("start") : nullptr);
  if (!NoteUri || !At || !Line)
    return "";
  if (*NoteUri == Uri && At->Line == Line->Line)
    return "";
  std::string Line1 = std::to_string(At->Line + 1);
  if (*NoteUri == Uri)
    return "line " + Line1 + ": ";
  return NoteUri->rsplit('/').second.str() + ":" + Line1 + ": ";
}

} // namespace

void FindingHover::fromEditor(const Object &Message) {
  auto Method = Message.getString("method");
  const Object *Params = Message.getObject("params");
  if (!Method || !Params)
    return;
  std::lock_guard<std::mutex> Lock(Mutex);
  if (*Method == "initialize") {
    // clangd answers in the first format of contentFormat it knows.
    const Value *Formats = nullptr;
    if (const Object *Caps = Params->getObject("capabilities"))
      if (const Object *Doc = Caps->getObject("textDocument"))
        if (const Object *Hover = Doc->getObject("hover"))
          Formats = Hover->get("contentFormat");
    if (const auto *List = Formats ? Formats->getAsArray() : nullptr)
      for (const Value &Format : *List) {
        auto Kind = Format.getAsString();
        if (Kind && (*Kind == "markdown" || *Kind == "plaintext")) {
          Markdown = *Kind == "markdown";
          break;
        }
      }
    return;
  }
  if (*Method != "textDocument/hover" || !Message.get("id"))
    return;
  const Object *Document = Params->getObject("textDocument");
  auto Uri = Document ? Document->getString("uri") : std::nullopt;
  auto At = position(Params->getObject("position"));
  if (Uri && At)
    PendingById[idKey(*Message.get("id"))] = {Uri->str(), *At};
}

bool FindingHover::awaitingHover() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return !PendingById.empty();
}

bool FindingHover::fromServer(Object &Message) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Method = Message.getString("method");
  if (Method && *Method == "textDocument/publishDiagnostics") {
    const Object *Params = Message.getObject("params");
    auto Uri = Params ? Params->getString("uri") : std::nullopt;
    const auto *All = Params ? Params->getArray("diagnostics") : nullptr;
    if (!Uri || !All)
      return false;
    std::vector<Object> &Kept = FindingsByUri[Uri->str()];
    Kept.clear();
    for (const Value &D : *All)
      if (const Object *O = D.getAsObject(); O && isCheckDiagnostic(*O))
        Kept.push_back(*O);
    return false;
  }
  const Value *Id = Message.get("id");
  if (Method || !Id)
    return false;
  auto It = PendingById.find(idKey(*Id));
  if (It == PendingById.end())
    return false;
  Request R = std::move(It->second);
  PendingById.erase(It);
  if (!Message.get("result"))
    return false; // an error: left as clangd gave it
  return answer(Message, R);
}

bool FindingHover::answer(Object &Message, const Request &R) {
  auto Found = FindingsByUri.find(R.Uri);
  if (Found == FindingsByUri.end())
    return false;
  std::vector<const Object *> Here;
  for (const Object &D : Found->second)
    if (contains(D, R.At))
      Here.push_back(&D);
  if (Here.empty())
    return false;
  std::string Text = render(Here, R.Uri, Markdown);
  Value &Result = *Message.get("result");
  Object *Hover = Result.getAsObject();
  Object *Contents = Hover ? Hover->getObject("contents") : nullptr;
  if (Contents && Contents->getString("value")) {
    bool IsMarkdown = Contents->getString("kind") == "markdown";
    if (IsMarkdown != Markdown)
      Text = render(Here, R.Uri, IsMarkdown);
    std::string Value = Contents->getString("value")->str();
    Value += IsMarkdown ? "\n\n---\n" : "\n\n";
    (*Contents)["value"] = Value + Text;
    return true;
  }
  // No hover from clangd here (on `[`, say): the findings alone, over the
  // first one's range.
  Object Fresh{
      {"contents",
       Object{{"kind", Markdown ? "markdown" : "plaintext"}, {"value", Text}}}};
  if (const Value *Range = Here.front()->get("range"))
    Fresh["range"] = *Range;
  Result = std::move(Fresh);
  return true;
}

std::string FindingHover::render(llvm::ArrayRef<const Object *> Diagnostics,
                                 llvm::StringRef Uri, bool Markdown) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  auto Text = [&](llvm::StringRef S) {
    return Markdown ? escapeMarkdown(S) : S.str();
  };
  for (const Object *D : Diagnostics) {
    if (!Out.empty())
      OS << "\n\n";
    llvm::StringRef Message = D->getString("message").value_or("");
    if (Markdown)
      OS << "**" << TidyCheckName << "**: " << Text(Message) << "\n";
    else
      OS << TidyCheckName << ": " << Message << "\n";
    if (const auto *Related = D->getArray("relatedInformation"))
      for (const Value &R : *Related)
        if (const Object *Note = R.getAsObject())
          OS << "\n- "
             << Text(notePlace(*Note, *D, Uri) +
                     Note->getString("message").value_or("").str());
    if (const Object *Docs = D->getObject("codeDescription"))
      if (auto Href = Docs->getString("href"); Href && Markdown)
        OS << "\n\n[documentation](" << *Href << ")";
  }
  return Out;
}

} // namespace cudacoalesce::clangd
