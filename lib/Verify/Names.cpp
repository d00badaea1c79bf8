//===- Verify/Names.cpp - Kernel and file names across tools --------------===//
#include "cuda-coalesce/Verify/Names.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

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
             (llvm::isDigit(Rest[C.size()]) || Rest[C.size()] == '-');
    });
    if (Cast != std::end(IntegerCasts)) {
      I += Cast->size();
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
