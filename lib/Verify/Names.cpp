//===- Verify/Names.cpp - Kernel and file names across tools --------------===//
#include "cuda-coalesce/Verify/Names.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <optional>

namespace cudacoalesce::verify {

namespace {

/// The integer types ncu writes as casts of template arguments, with the
/// spaces taken out.
constexpr llvm::StringLiteral IntegerCasts[] = {
    "(int)",          "(unsignedint)",     "(long)",
    "(unsignedlong)", "(longlong)",        "(unsignedlonglong)",
    "(short)",        "(unsignedshort)",   "(char)",
    "(signedchar)",   "(unsignedchar)",    "(unsigned)",
    "(signed)",       "(longint)",         "(unsignedlongint)",
    "(shortint)",     "(unsignedshortint)"};

bool startsArgument(char Before) {
  return Before == '<' || Before == ',' || Before == '-';
}

/// The byte of a character literal's body ("A", "\\n", "\\x41", "\\101"),
/// as Clang prints a `char` template argument.
std::optional<unsigned> characterValue(llvm::StringRef Body) {
  if (Body.size() == 1 && Body[0] != '\\')
    return uint8_t(Body[0]);
  if (Body.size() < 2 || Body[0] != '\\')
    return std::nullopt;
  unsigned V;
  if (Body[1] == 'x')
    return Body.drop_front(2).getAsInteger(16, V) ? std::nullopt
                                                  : std::optional(V & 0xFF);
  if (Body[1] >= '0' && Body[1] <= '7')
    return Body.drop_front(1).getAsInteger(8, V) ? std::nullopt
                                                 : std::optional(V & 0xFF);
  if (Body.size() != 2)
    return std::nullopt;
  switch (Body[1]) {
  case 'n':
    return 10;
  case 't':
    return 9;
  case 'r':
    return 13;
  case 'a':
    return 7;
  case 'b':
    return 8;
  case 'f':
    return 12;
  case 'v':
    return 11;
  case 'e':
    return 27;
  default:
    return uint8_t(Body[1]); // \\ \' \" \?
  }
}

/// A character literal at the start of \p Rest: its byte and its length.
std::optional<std::pair<unsigned, size_t>>
characterLiteral(llvm::StringRef Rest) {
  if (!Rest.starts_with("'"))
    return std::nullopt;
  size_t End = Rest.find('\'', Rest.starts_with("'\\'") ? 3 : 2);
  if (End == llvm::StringRef::npos)
    return std::nullopt;
  std::optional<unsigned> V = characterValue(Rest.slice(1, End));
  if (!V)
    return std::nullopt;
  return std::pair{*V, End + 1};
}

/// A normalised name split into the name and its template arguments
/// (top-level commas); false where it has none.
bool splitArguments(llvm::StringRef Name, llvm::StringRef &Template,
                    llvm::SmallVectorImpl<llvm::StringRef> &Arguments) {
  size_t Open = Name.find('<');
  if (Open == llvm::StringRef::npos || !Name.ends_with(">"))
    return false;
  Template = Name.take_front(Open);
  llvm::StringRef List = Name.slice(Open + 1, Name.size() - 1);
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I < List.size(); ++I) {
    char C = List[I];
    if (C == '<' || C == '(')
      ++Depth;
    else if (C == '>' || C == ')')
      --Depth;
    else if (C == ',' && Depth == 0) {
      Arguments.push_back(List.slice(Start, I));
      Start = I + 1;
    }
  }
  Arguments.push_back(List.drop_front(Start));
  return Depth == 0;
}

/// The components of a qualified name at the top level ("a::B<x::y>::C" ->
/// a, B<x::y>, C).
llvm::SmallVector<llvm::StringRef, 4> components(llvm::StringRef Name) {
  llvm::SmallVector<llvm::StringRef, 4> Out;
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I + 1 < Name.size(); ++I) {
    char C = Name[I];
    if (C == '<' || C == '(')
      ++Depth;
    else if (C == '>' || C == ')')
      --Depth;
    else if (C == ':' && Name[I + 1] == ':' && Depth == 0) {
      Out.push_back(Name.slice(Start, I));
      Start = I + 2;
      ++I;
    }
  }
  Out.push_back(Name.drop_front(Start));
  return Out;
}

/// Whether \p Part's components appear in \p Whole in order: \p Whole
/// with some components more (inline namespaces: cub::CUB_300001_SM_900).
bool isSubsequence(llvm::ArrayRef<llvm::StringRef> Part,
                   llvm::ArrayRef<llvm::StringRef> Whole) {
  size_t J = 0;
  for (llvm::StringRef W : Whole)
    if (J < Part.size() && Part[J] == W)
      ++J;
  return J == Part.size();
}

/// An enum cast, "(T)N": T and N.
bool enumCast(llvm::StringRef Argument, llvm::StringRef &Type,
              llvm::StringRef &Value) {
  if (!Argument.starts_with("("))
    return false;
  int Depth = 0;
  for (size_t I = 0; I < Argument.size(); ++I) {
    if (Argument[I] == '(' || Argument[I] == '<')
      ++Depth;
    else if ((Argument[I] == ')' || Argument[I] == '>') && --Depth == 0) {
      if (Argument[I] != ')')
        return false;
      Type = Argument.slice(1, I);
      Value = Argument.drop_front(I + 1);
      int64_t V;
      return !Type.empty() && !Value.getAsInteger(10, V);
    }
  }
  return false;
}

/// Whether an argument ncu writes as the enum cast \p Measured may be the
/// analyzer's \p Predicted: a cast of the same value to the type named
/// without some of its namespaces (its inline ones), or an enumerator whose
/// scope is the type's or the type's enclosing one (the value unknown).
bool enumArgumentMatches(llvm::StringRef Measured, llvm::StringRef Predicted) {
  llvm::StringRef Type, Value;
  if (!enumCast(Measured, Type, Value))
    return false;
  llvm::SmallVector<llvm::StringRef, 4> TypePath = components(Type);
  llvm::StringRef OtherType, OtherValue;
  if (enumCast(Predicted, OtherType, OtherValue)) {
    llvm::SmallVector<llvm::StringRef, 4> Other = components(OtherType);
    return OtherValue == Value && Other.back() == TypePath.back() &&
           isSubsequence(Other, TypePath);
  }
  // An enumerator: a qualified identifier, not a number, a cast or a type
  // with template arguments of its own.
  if (Predicted.empty() || llvm::isDigit(Predicted[0]) ||
      llvm::is_contained("-('", Predicted[0]) || Predicted.contains('<') ||
      Predicted == "true" || Predicted == "false")
    return false;
  llvm::SmallVector<llvm::StringRef, 4> Scope = components(Predicted);
  Scope.pop_back();
  return isSubsequence(Scope, TypePath);
}

} // namespace

std::string kernelOfSignature(llvm::StringRef Signature) {
  llvm::StringRef S = Signature.trim();
  // The parameter list is the last top-level "(...)".
  int Depth = 0;
  for (size_t I = S.size(); I > 0; --I) {
    char C = S[I - 1];
    if (C == ')')
      ++Depth;
    else if (C == '(' && --Depth == 0) {
      S = S.take_front(I - 1);
      break;
    }
  }
  S.consume_front("void ");
  return S.trim().str();
}

std::string normalizeKernel(llvm::StringRef Name) {
  std::string S;
  for (char C : Name)
    if (!llvm::isSpace(C))
      S += C;
  std::string Out;
  for (size_t I = 0; I < S.size();) {
    llvm::StringRef Rest = llvm::StringRef(S).drop_front(I);
    if (Rest.starts_with("(bool)1") || Rest.starts_with("(bool)0")) {
      Out += Rest[6] == '1' ? "true" : "false";
      I += 7;
      continue;
    }
    auto Cast = llvm::find_if(IntegerCasts, [&](llvm::StringLiteral C) {
      return Rest.starts_with(C) && Rest.size() > C.size() &&
             (llvm::isDigit(Rest[C.size()]) || Rest[C.size()] == '-' ||
              Rest[C.size()] == '\'');
    });
    if (Cast != std::end(IntegerCasts)) {
      I += Cast->size();
      // A char below zero, (char)-56, is the byte Clang prints, '\xc8'.
      llvm::StringRef Value = llvm::StringRef(S).drop_front(I);
      size_t Digits = Value.drop_front(1).find_if_not(llvm::isDigit);
      unsigned Magnitude;
      if ((*Cast == "(char)" || *Cast == "(signedchar)") &&
          Value.starts_with("-") &&
          !Value.substr(1, Digits).getAsInteger(10, Magnitude)) {
        Out += std::to_string((256 - Magnitude % 256) % 256);
        I += 1 + Value.substr(1, Digits).size();
      }
      continue;
    }
    // A character argument, as Clang prints char template arguments: 'A'
    // is ncu's (char)65.
    if (!Out.empty() && (Out.back() == '<' || Out.back() == ','))
      if (auto Char = characterLiteral(Rest)) {
        Out += std::to_string(Char->first);
        I += Char->second;
        continue;
      }
    // 4U, 8ul, 16LL after '<' or ',': the digits only.
    if (llvm::isDigit(Rest[0]) && !Out.empty() && startsArgument(Out.back())) {
      size_t Digits = Rest.find_if_not(llvm::isDigit);
      if (Digits == llvm::StringRef::npos)
        Digits = Rest.size();
      Out += Rest.take_front(Digits);
      I += Digits;
      while (I < S.size() && llvm::is_contained("uUlL", S[I]))
        ++I;
      continue;
    }
    Out += S[I++];
  }
  return Out;
}

bool enumArgumentsMatch(llvm::StringRef Measured, llvm::StringRef Predicted) {
  llvm::StringRef MeasuredTemplate, PredictedTemplate;
  llvm::SmallVector<llvm::StringRef, 4> MeasuredArguments, PredictedArguments;
  if (!splitArguments(Measured, MeasuredTemplate, MeasuredArguments) ||
      !splitArguments(Predicted, PredictedTemplate, PredictedArguments) ||
      MeasuredTemplate != PredictedTemplate ||
      MeasuredArguments.size() != PredictedArguments.size())
    return false;
  bool Loose = false;
  for (auto [M, P] : llvm::zip_equal(MeasuredArguments, PredictedArguments)) {
    if (M == P)
      continue;
    if (!enumArgumentMatches(M, P))
      return false;
    Loose = true;
  }
  return Loose;
}

bool isLibraryFile(llvm::StringRef Path) {
  if (Path.starts_with("/usr/include/") || Path.starts_with("/usr/lib/") ||
      Path.starts_with("/opt/nvidia/"))
    return true;
  for (llvm::StringRef Library :
       {"/include/cub/", "/include/thrust/", "/include/cuda/", "/include/nv/",
        "/include/cccl/", "/libcudacxx/", "/cub/cub/", "/thrust/thrust/",
        "/include/crt/"})
    if (Path.contains(Library))
      return true;
  // The toolkit: .../cuda[-X.Y]/include/..., .../targets/<arch>/include/...
  llvm::SmallVector<llvm::StringRef, 16> Parts(llvm::sys::path::begin(Path),
                                               llvm::sys::path::end(Path));
  auto IsToolkit = [](llvm::StringRef Part) {
    return Part == "cuda" || (Part.starts_with("cuda-") && Part.size() > 5 &&
                              llvm::isDigit(Part[5]));
  };
  for (size_t I = 0; I + 1 < Parts.size(); ++I) {
    if (IsToolkit(Parts[I]) && Parts[I + 1] == "include")
      return true;
    if (Parts[I] == "targets" && I + 2 < Parts.size() &&
        Parts[I + 2] == "include")
      return true;
  }
  return false;
}

} // namespace cudacoalesce::verify
