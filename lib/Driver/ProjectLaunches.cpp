//===- Driver/ProjectLaunches.cpp - Launches across a project's files -----===//
#include "ProjectLaunches.h"

#include "llvm/Support/MemoryBuffer.h"

#include <set>

namespace cudacoalesce {

namespace {

/// Adds \p O's launches of \p Kernel to \p Found, each launch once: one
/// launch reported by two translation units (a header, a file analysed
/// through its includer) shapes the kernel once.
void addLaunches(LaunchMap &Found, const std::string &Kernel,
                 const FileOutcome &O) {
  auto It = O.Launches.find(Kernel);
  if (O.Failed || It == O.Launches.end())
    return;
  std::vector<LaunchSite> &Sites = Found[Kernel];
  for (const LaunchSite &L : It->second)
    if (llvm::none_of(Sites, [&](const LaunchSite &S) {
          return S.Where.Line == L.Where.Line &&
                 S.Where.Column == L.Where.Column &&
                 absolutePath(S.Where.File, "") ==
                     absolutePath(L.Where.File, "");
        }))
      Sites.push_back(L);
}

bool sameLaunches(const std::vector<LaunchSite> &A,
                  const std::vector<LaunchSite> &B) {
  auto Same = [](const LaunchSite &L, const LaunchSite &R) {
    return L.Where.File == R.Where.File && L.Where.Line == R.Where.Line &&
           L.Where.Column == R.Where.Column && L.Block == R.Block &&
           L.Grid == R.Grid && L.PartialBlock == R.PartialBlock &&
           L.Arguments == R.Arguments && L.ExtentArguments == R.ExtentArguments;
  };
  return A.size() == B.size() &&
         std::equal(A.begin(), A.end(), B.begin(), Same);
}

} // namespace

bool mayLaunch(const std::string &File) {
  auto Text = llvm::MemoryBuffer::getFile(File);
  return !Text || (*Text)->getBuffer().contains("<<<");
}

LaunchMap launchesElsewhere(const std::vector<FileOutcome> &Outcomes,
                            size_t Self,
                            const std::vector<FileOutcome> &LaunchersOnly) {
  LaunchMap Found;
  for (const std::string &Kernel : Outcomes[Self].KernelsWithoutLaunch) {
    for (size_t I = 0; I < Outcomes.size(); ++I)
      if (I != Self)
        addLaunches(Found, Kernel, Outcomes[I]);
    for (const FileOutcome &O : LaunchersOnly)
      addLaunches(Found, Kernel, O);
  }
  return Found;
}

LaunchMap launchesOf(const std::vector<FileOutcome> &Outcomes,
                     const std::vector<size_t> &From, size_t Self) {
  std::set<std::string> Kernels;
  for (size_t I : From)
    for (const auto &KernelSites : Outcomes[I].Launches)
      Kernels.insert(KernelSites.first);
  LaunchMap Found;
  for (const std::string &Kernel : Kernels)
    for (size_t I : From)
      if (I != Self)
        addLaunches(Found, Kernel, Outcomes[I]);
  return Found;
}

bool sawTheseLaunches(const FileOutcome &O, const LaunchMap &Had,
                      const LaunchMap &Elsewhere) {
  static const std::vector<LaunchSite> None;
  auto Of = [&](const LaunchMap &M,
                const std::string &K) -> const std::vector<LaunchSite> & {
    auto It = M.find(K);
    return It == M.end() ? None : It->second;
  };
  return llvm::all_of(O.KernelsWithoutLaunch, [&](const std::string &K) {
    return sameLaunches(Of(Had, K), Of(Elsewhere, K));
  });
}

} // namespace cudacoalesce
