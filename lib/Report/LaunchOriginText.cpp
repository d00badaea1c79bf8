//===- Report/LaunchOriginText.cpp - Where a launch shape came from -------===//
#include "cuda-coalesce/Report/LaunchOriginText.h"

#include "cuda-coalesce/Limits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

namespace cudacoalesce {

namespace {

using Kind = LaunchOriginKind;

std::string pointText(const SourcePoint &P) {
  return P.File + ":" + std::to_string(P.Line) + ":" + std::to_string(P.Column);
}

char dimensionName(unsigned D) { return "xyz"[D]; }

/// "block (ncols,1,1) from the launch at k.cu:9:3, which passes ncols to
/// the kernel too: known only at run time, tried at ..."
std::string extentParametersText(const LaunchOrigin &O) {
  std::string Names[3], Tried;
  std::vector<unsigned> TriedParams;
  for (const LaunchOrigin::ExtentParameter &P : O.ExtentParameters) {
    Names[P.Dimension] = P.Name;
    if (!llvm::is_contained(TriedParams, P.Index)) {
      TriedParams.push_back(P.Index);
      Tried += (Tried.empty() ? "" : ", ") + P.Name;
    }
  }
  for (unsigned D = 0; D < 3; ++D)
    if (Names[D].empty())
      Names[D] = std::to_string(O.Block[D]);
  return "block (" + Names[0] + "," + Names[1] + "," + Names[2] +
         ") from the launch at " + pointText(*O.Launch) + ", which " +
         "passes " + Tried + " to the kernel too: known only at " +
         "run time, tried at " + std::to_string(limits::ExtentValuesTried) +
         " values in " + std::to_string(limits::FirstValueTried) + ".." +
         std::to_string(limits::FirstValueTried + limits::ValuesTried - 1);
}

/// "block (64,4,1) from the launch at k.cu:9:3, whose extents not known
/// there are assumed (blockDim.y = 4, for 256 threads)"
std::string partialBlockText(const LaunchOrigin &O) {
  std::string Unknown;
  for (unsigned D : O.AssumedDimensions)
    Unknown += std::string(Unknown.empty() ? "" : ", ") + "blockDim." +
               dimensionName(D) + " = " + std::to_string(O.Block[D]);
  return "block " + O.Block.str() + " from the launch at " +
         pointText(*O.Launch) + ", whose extents not known there are " +
         "assumed (" + Unknown + ", for 256 threads)";
}

/// The shape a kernel falls back to where no launch fixes one.
std::string fallbackText(const LaunchOrigin &O) {
  switch (O.Kind) {
  case Kind::LaunchBounds:
    return "block " + O.Block.str() + " from __launch_bounds__(" +
           std::to_string(O.LaunchBoundsThreads) + ")";
  case Kind::Assert:
    return "block " + O.Block.str() + " from the kernel's assert(blockDim." +
           dimensionName(O.AssertedDimension) +
           " == " + std::to_string(O.AssertedExtent) + ")";
  default: // Assumed
    return "assumed block " + O.Block.str() +
           ": no launch site, --block-dim or __launch_bounds__ gives one";
  }
}

} // namespace

std::string launchOriginText(const LaunchOrigin &O) {
  switch (O.Kind) {
  case Kind::Setting:
    return "block " + O.Block.str() + " from " + O.Setting;
  case Kind::Launch:
    return "block " + O.Block.str() + " from the launch at " +
           pointText(*O.Launch);
  case Kind::LaunchExtentParameters:
    return extentParametersText(O);
  case Kind::LaunchPartial:
    return partialBlockText(O);
  case Kind::LaunchBounds:
  case Kind::Assert:
  case Kind::Assumed:
    if (O.Launch)
      return fallbackText(O) + " (the launch at " + pointText(*O.Launch) +
             " has a block shape only known at run time)";
    return fallbackText(O);
  }
  llvm_unreachable("every launch origin has words");
}

} // namespace cudacoalesce
