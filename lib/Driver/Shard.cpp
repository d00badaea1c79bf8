//===- Driver/Shard.cpp - One of N parts of a run's files -----------------===//
#include "cuda-coalesce/Driver/Shard.h"
#include "cuda-coalesce/Driver/CompileSetup.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <numeric>

namespace cudacoalesce {

bool parseShard(llvm::StringRef Text, ShardSpec &Shard, std::string &Error) {
  auto [I, N] = Text.split('/');
  unsigned Index = 0, Count = 0;
  // getAsInteger takes "+1" and " 1"; only digits are a part's number.
  auto Digits = [](llvm::StringRef S) {
    return !S.empty() && llvm::all_of(S, llvm::isDigit);
  };
  if (!Digits(I) || !Digits(N) || I.getAsInteger(10, Index) ||
      N.getAsInteger(10, Count) || Count == 0 || Count > MaxShards ||
      Index == 0 || Index > Count) {
    Error =
        "--shard expects I/N with 1 <= I <= N <= " + std::to_string(MaxShards) +
        " (the I-th of N parts), got '" + Text.str() + "'";
    return false;
  }
  Shard.Index = Index;
  Shard.Count = Count;
  return true;
}

std::vector<unsigned> shardParts(const std::vector<std::string> &Names,
                                 const std::vector<uint64_t> &Costs,
                                 unsigned Count) {
  std::vector<size_t> Order(Names.size());
  std::iota(Order.begin(), Order.end(), 0);
  // By cost, then by name: the input order (which may differ from job to
  // job, e.g. a shell glob's) decides nothing.
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    if (Costs[A] != Costs[B])
      return Costs[A] > Costs[B];
    return Names[A] < Names[B];
  });
  std::vector<uint64_t> Load(Count, 0);
  std::vector<unsigned> Part(Names.size(), 0);
  for (size_t I : Order) {
    unsigned Least = std::min_element(Load.begin(), Load.end()) - Load.begin();
    Part[I] = Least;
    // Every file costs at least one: empty files spread too.
    Load[Least] += std::max<uint64_t>(Costs[I], 1);
  }
  return Part;
}

std::vector<unsigned> shardFiles(const std::vector<std::string> &Files,
                                 unsigned Count) {
  std::vector<uint64_t> Sizes(Files.size(), 0);
  for (size_t I = 0; I < Files.size(); ++I) {
    llvm::sys::fs::file_status Status;
    if (!llvm::sys::fs::status(Files[I], Status))
      Sizes[I] = Status.getSize();
  }
  return shardParts(Files, Sizes, Count);
}

std::vector<bool> filesOfPart(const ShardSpec &Shard,
                              const std::vector<std::string> &Files) {
  std::vector<bool> In(Files.size(), !Shard.active());
  if (Shard.Count) {
    std::vector<unsigned> Parts = shardFiles(Files, Shard.Count);
    for (size_t I = 0; I < Files.size(); ++I)
      In[I] = Parts[I] + 1 == Shard.Index;
  }
  if (!Shard.Named.empty()) {
    std::set<std::string> Named;
    for (const std::string &F : Shard.Named)
      Named.insert(absolutePath(F, ""));
    for (size_t I = 0; I < Files.size(); ++I)
      In[I] = Named.count(absolutePath(Files[I], ""));
  }
  return In;
}

std::string spelledKernelName(llvm::StringRef Kernel) {
  Kernel = Kernel.take_until([](char C) { return C == '<' || C == '('; });
  size_t Colons = Kernel.rfind("::");
  if (Colons != llvm::StringRef::npos)
    Kernel = Kernel.drop_front(Colons + 2);
  return Kernel.trim().str();
}

bool mayName(const std::string &File, const std::set<std::string> &Names) {
  auto Text = llvm::MemoryBuffer::getFile(File);
  if (!Text)
    return true;
  llvm::StringRef Buffer = (*Text)->getBuffer();
  auto IsIdentifierChar = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  for (const std::string &Name : Names) {
    if (Name.empty())
      continue;
    for (size_t At = Buffer.find(Name); At != llvm::StringRef::npos;
         At = Buffer.find(Name, At + 1)) {
      size_t End = At + Name.size();
      if ((At == 0 || !IsIdentifierChar(Buffer[At - 1])) &&
          (End == Buffer.size() || !IsIdentifierChar(Buffer[End])))
        return true;
    }
  }
  return false;
}

} // namespace cudacoalesce
