//===- Policy/LaunchShapes.cpp - The shapes a kernel is analysed under ----===//
#include "cuda-coalesce/Policy/LaunchShapes.h"

#include "cuda-coalesce/Limits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/GlobPattern.h"

#include <algorithm>

namespace cudacoalesce {

namespace {

using Kind = LaunchOriginKind;

/// A block of \p Threads threads for a kernel that indexes by threadIdx.y
/// (.z): 32 lanes along x, the rest of the threads along y (and z).
model::Dim3 shaped(const KernelShapeFacts &Kernel, int64_t Threads) {
  if (Kernel.IndexedDimensions >= 3)
    return {32, std::max<int64_t>(1, Threads / 64), 2};
  if (Kernel.IndexedDimensions == 2)
    return {32, std::max<int64_t>(1, Threads / 32), 1};
  return {Threads, 1, 1};
}

/// The shape where nothing outside the kernel fixes one: 256 threads, or
/// 32x8 (32x4x2) when the kernel indexes by threadIdx.y (.z), unless
/// __launch_bounds__ says how many; then the kernel's asserts on its
/// extents.
LaunchOrigin fallbackShape(const KernelShapeFacts &Kernel) {
  LaunchOrigin O;
  if (std::optional<int64_t> Threads = Kernel.LaunchBoundsThreads) {
    O.Kind = Kind::LaunchBounds;
    O.LaunchBoundsThreads = *Threads;
    O.Block =
        *Threads >= 64 ? shaped(Kernel, *Threads) : model::Dim3{*Threads, 1, 1};
  } else {
    O.Kind = Kind::Assumed;
    O.Block = shaped(Kernel, 256);
  }
  // `assert(blockDim.x == 4)` in the kernel: what the kernel requires of
  // its block holds in every launch that does not fail.
  const std::map<unsigned, int64_t> &Asserted = Kernel.AssertedExtents;
  for (const auto &[Dim, Extent] : Asserted) {
    int64_t *Extents[3] = {&O.Block.X, &O.Block.Y, &O.Block.Z};
    if (*Extents[Dim] == Extent)
      continue;
    int64_t Others = O.Block.volume() / std::max<int64_t>(1, *Extents[Dim]);
    *Extents[Dim] = Extent;
    // Keep the threads about the same: the next extent takes up the rest.
    unsigned Next = Dim == 0 ? 1 : 0;
    if (!Asserted.count(Next) && Dim == 0 && Others * Extent < 64)
      *Extents[Next] = std::max<int64_t>(1, 256 / Extent);
    O.Kind = Kind::Assert;
    O.AssertedDimension = Dim;
    O.AssertedExtent = Extent;
  }
  return O;
}

/// --block-dim, else the first per-kernel shape that names the kernel.
std::optional<LaunchOrigin> settingFor(const KernelShapeFacts &Kernel,
                                       const BlockShapeSettings &Settings) {
  LaunchOrigin O;
  O.Kind = Kind::Setting;
  if (Settings.BlockDim) {
    O.Block = *Settings.BlockDim;
    O.Setting = Settings.BlockDimOrigin;
    return O;
  }
  for (const BlockShapeSettings::KernelBlockDim &K : Settings.KernelBlockDims)
    if (kernelGlobMatches(K.Kernel, Kernel.Name)) {
      O.Block = K.Block;
      O.Setting = K.Origin;
      return O;
    }
  return std::nullopt;
}

/// `k<<<rows, ncols>>>(x, ncols)`: the model tries the parameter's values
/// with the block built from each; the first stands in here.
void withExtentParameters(const KernelShapeFacts &Kernel, const LaunchSite &S,
                          LaunchConfig &C) {
  const std::map<unsigned, int64_t> &Asserted = Kernel.AssertedExtents;
  model::Dim3 B = S.PartialBlock.value_or(model::Dim3{0, 1, 1});
  int64_t *Extents[3] = {&B.X, &B.Y, &B.Z};
  for (const auto &[Dim, Param] : S.ExtentArguments) {
    if (Asserted.count(Dim) || Param >= Kernel.ParameterNames.size())
      continue;
    C.ExtentArguments[Dim] = Param;
    *Extents[Dim] = limits::FirstValueTried;
    C.Origin.ExtentParameters.push_back(
        {Dim, Param, Kernel.ParameterNames[Param]});
  }
  for (unsigned D = 0; D < 3; ++D)
    if (*Extents[D] == 0)
      *Extents[D] = Asserted.count(D) ? Asserted.at(D) : 1;
  C.Block = B;
  C.Origin.Kind = Kind::LaunchExtentParameters;
}

/// Keeps what the launch says (`dim3(1, n)`: lanes run along y) and gives
/// the first extent not known the rest of 256 threads.
void withPartialBlock(const LaunchSite &S, LaunchConfig &C) {
  model::Dim3 B = *S.PartialBlock;
  int64_t *Extents[3] = {&B.X, &B.Y, &B.Z};
  int64_t Known = std::max<int64_t>(1, B.X) * std::max<int64_t>(1, B.Y) *
                  std::max<int64_t>(1, B.Z);
  for (unsigned D = 0; D < 3; ++D) {
    if (*Extents[D] != 0)
      continue;
    *Extents[D] = C.Origin.AssumedDimensions.empty()
                      ? std::max<int64_t>(1, 256 / Known)
                      : 1;
    C.Origin.AssumedDimensions.push_back(D);
  }
  C.Block = B;
  C.Origin.Kind = Kind::LaunchPartial;
}

/// The shape of the launch \p S.
LaunchConfig fromLaunch(const KernelShapeFacts &Kernel, const LaunchSite &S,
                        const std::optional<LaunchOrigin> &Setting,
                        const LaunchOrigin &Fallback) {
  LaunchConfig C;
  C.Grid = S.Grid;
  C.Arguments = S.Arguments;
  C.Origin.Launch = S.Where;
  if (Setting) {
    C.Block = Setting->Block;
    C.Origin.Kind = Kind::Setting;
    C.Origin.Setting = Setting->Setting;
  } else if (S.Block) {
    C.Block = *S.Block;
    C.Origin.Kind = Kind::Launch;
  } else if (llvm::any_of(S.ExtentArguments, [&](const auto &E) {
               return !Kernel.AssertedExtents.count(E.first);
             })) {
    withExtentParameters(Kernel, S, C);
  } else if (S.PartialBlock) {
    withPartialBlock(S, C);
  } else {
    C.Block = Fallback.Block;
    LaunchOrigin O = Fallback;
    O.Launch = S.Where;
    C.Origin = std::move(O);
  }
  C.Origin.Block = C.Block;
  return C;
}

bool sameShape(const LaunchConfig &A, const LaunchConfig &B) {
  return A.Block == B.Block && A.Grid.has_value() == B.Grid.has_value() &&
         (!A.Grid || *A.Grid == *B.Grid) && A.Arguments == B.Arguments &&
         A.ExtentArguments == B.ExtentArguments;
}

/// `ns::k<float, 2>` -> `ns::k`.
llvm::StringRef withoutTemplateArguments(llvm::StringRef Name) {
  if (!Name.ends_with(">"))
    return Name;
  int Depth = 0;
  for (size_t I = Name.size(); I-- > 0;) {
    if (Name[I] == '>')
      ++Depth;
    else if (Name[I] == '<' && --Depth == 0)
      return Name.take_front(I);
  }
  return Name;
}

} // namespace

bool kernelGlobMatches(llvm::StringRef Glob, llvm::StringRef Kernel) {
  llvm::Expected<llvm::GlobPattern> P = llvm::GlobPattern::create(Glob);
  if (!P) {
    llvm::consumeError(P.takeError());
    return false;
  }
  llvm::StringRef Plain = withoutTemplateArguments(Kernel);
  size_t Scope = Plain.rfind("::");
  llvm::StringRef Unqualified =
      Scope == llvm::StringRef::npos ? Plain : Plain.drop_front(Scope + 2);
  return P->match(Kernel) || P->match(Plain) || P->match(Unqualified);
}

std::vector<LaunchConfig> launchConfigs(const KernelShapeFacts &Kernel,
                                        const std::vector<LaunchSite> &Sites,
                                        const BlockShapeSettings &Settings) {
  LaunchOrigin Fallback = fallbackShape(Kernel);
  std::optional<LaunchOrigin> Setting = settingFor(Kernel, Settings);
  std::vector<LaunchConfig> Configs;
  auto Add = [&](LaunchConfig C) {
    if (llvm::none_of(Configs,
                      [&](const LaunchConfig &O) { return sameShape(O, C); }))
      Configs.push_back(std::move(C));
  };
  for (const LaunchSite &S : Sites)
    Add(fromLaunch(Kernel, S, Setting, Fallback));
  if (Configs.empty()) {
    LaunchConfig C;
    C.Origin = Setting ? *Setting : Fallback;
    C.Block = C.Origin.Block;
    Add(std::move(C));
  }
  return Configs;
}

} // namespace cudacoalesce
