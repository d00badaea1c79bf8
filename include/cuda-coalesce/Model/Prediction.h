//===- Model/Prediction.h - The verdict on one access -----------*- C++ -*-===//
//
// What the warp model concludes about an access under one launch: the
// pattern, the counts per request averaged over the warps of the launch in
// the unit of the cost model that priced them, and, as data, what it assumed
// and why a count is missing. The reports put those in words
// (Report/PredictionText.h), the model's words where they name the unit. No
// Clang types here.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_MODEL_PREDICTION_H
#define CUDA_COALESCE_MODEL_PREDICTION_H

#include "cuda-coalesce/Model/Access.h"
#include "cuda-coalesce/Model/CostModelDescription.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudacoalesce {
namespace model {

enum class Pattern {
#define PATTERN(Name, Spelling) Name,
#include "cuda-coalesce/Model/Patterns.def"
};
const char *patternName(Pattern P);

/// Something the model took for granted to reach its count.
struct Assumption {
  enum class Kind {
    /// The unknown \p Names moves every lane by the same whole 128-byte
    /// segments: the count does not depend on it.
    MovesWholeSegments,
    /// The grid is not known: the block index was averaged over Low..High.
    GridAveraged,
    /// A guard reads values not known here: its lanes count as active.
    GuardUnknown,
    /// The unknowns \p Names gave the same result for every value tried in
    /// Low..High.
    SameResultForEveryValue,
    /// The unknowns \p Names kept the pattern for every value tried in
    /// Low..High, at Least to Most units per request; the count is for
    /// multiples of 32.
    SamePatternForEveryValue,
    /// \p Names are data the lanes of a warp share and warps do not (read
    /// once per warp or per block): each warp took a value of its own in
    /// Low..High, so the count is averaged over their alignments.
    DataPerWarp,
    /// Values of the unknowns \p Names under which an active lane divides
    /// by zero or its address passes 64 bits were left out of the trials:
    /// the kernel's own arithmetic is undefined there, no launch makes them.
    UndefinedValuesLeftOut,
  };
  Kind What;
  std::string Names; // the unknown values, as the indices print them
  int64_t Low = 0, High = 0;
  double Least = 0, Most = 0;
  /// How many values of Low..High were tried; 0: every one.
  int64_t ValuesTried = 0;
};

/// The count is ideal iff `Unknown % Modulus == 0`, or, for a stride
/// between lanes, iff `Unknown == Equals` (Modulus 0).
struct IdealCondition {
  std::string Unknown;
  int64_t Modulus = 0;
  int64_t Equals = 0;
  /// Without a modulus: ideal for every value up to Equals (a byte stride
  /// up to the element's width), not only at it.
  bool UpTo = false;
};

/// Why a pattern is unknown.
struct UnknownCause {
  enum class Kind {
    /// The address depends on per-lane values (\p Names) computed in a way
    /// the analysis does not follow.
    UnfollowedLaneValue,
    /// No lane of any simulated warp reaches the access.
    NoLaneReaches,
    /// The lanes' shape depends on the unknowns \p Names: Least to Most units
    /// per request over the values tried.
    DependsOnUnknowns,
    /// A guard reads data (\p Names, loaded or computed per lane or per
    /// warp): Most units per request if every lane passes it, Least if one
    /// does.
    GuardOnData,
    /// A guard reads values not known here (not data): as GuardOnData.
    GuardOnUnknowns,
    /// The addresses are data (\p Names): how many lanes share a bank is
    /// the data's, Least to Most units per request.
    DataAddresses,
    /// Some active lanes' addresses could not be evaluated (a division by
    /// zero, a value past 64 bits).
    UnevaluableAddress,
    /// Whether nvcc predicates the guarded code (every warp issues it) or
    /// branches around it is decided per unrolled copy (Guard::
    /// MaybePredicated): Least to Most units per request.
    PredicatedOrBranched,
    /// Whether nvcc sinks the store both branches of an `if` end with to
    /// their join (Guard::MaybeSunk): Least to Most units per request.
    SunkOrKept,
    /// A loop of compare-and-swap (AccessShape::CompareAndSwapLoop): the
    /// lanes that another lane or warp beat issue it again, fewer at each
    /// pass: Least (one lane) to Most (every lane) units per request.
    RetriedUntilSwapped,
  };
  Kind What;
  std::string Names;
  double Least = 0, Most = 0;
};

/// How much of the launch the walk that gave the counts covered: what
/// counts per launch are made from.
struct WalkCounts {
  /// Warp visits in the launch: warps of a block x every value of the block
  /// index and of the loop iterations the access varies with.
  double LaunchVisits = 0;
  /// Visits simulated (all of them, or a sample), those that issued the
  /// access, and the requests they issued.
  uint64_t Visits = 0, Warps = 0, Requests = 0;
  /// Requests the whole launch issues (warps that execute the access x the
  /// trips of its loops); unset where the grid, a trip count or a guard is
  /// not known.
  std::optional<double> RequestsPerLaunch;
  /// Requests a block issues, where the grid is not known: how the
  /// accesses of one line weigh against each other (verify).
  std::optional<double> RequestsPerBlock;
  /// Three standard errors of the count per request, relative to it, where
  /// a sample of the launch's visits stopped at its budget; 0 where every
  /// visit was made or the sample reached its precision.
  double RelativeError = 0;
};

struct Prediction {
  Pattern Kind = Pattern::Unknown;
  /// The memory the counts are for.
  AddressSpace Space = AddressSpace::Global;
  /// The cost model that priced the counts, described (predictWith sets
  /// it); null: the model of Space (costModelFor), as for a prediction read
  /// back from a child process or built by hand.
  const CostModelDescription *Model = nullptr;
  /// Model's description: the counts' unit (32-byte sectors of global
  /// memory, wavefronts of shared memory) and the words the reports use for
  /// them.
  const CostModelDescription &model() const;
  /// Units per request, in the model's unit, averaged over the warps of the
  /// launch; unset when the count depends on values the analysis does not
  /// know (see the condition and the range).
  std::optional<double> Units;
  /// The least and the most units per request over the warps (or, where
  /// Units is unset, over the unknown values).
  double UnitsMin = 0, UnitsMax = 0;
  /// Units the bytes requested need at the least, per request.
  double IdealUnits = 0;
  /// The model's secondary grouping per request (model().Groups): 128-byte
  /// segments in global memory, phases in shared memory.
  double Groups = 0;
  double efficiency() const {
    double U = Units ? *Units : UnitsMax;
    return U > 0 ? IdealUnits / U : 1.0;
  }
  std::vector<Assumption> Assumptions;
  std::optional<IdealCondition> Condition;
  /// The count depends on unknown values that do not change the pattern; it
  /// is the count with every unknown a multiple of 32 (see Assumptions).
  bool AlignmentAssumed = false;
  /// The range a definite count stands for, where it is not exact: three
  /// standard errors of a sample stopped at its budget, and, where the
  /// count assumed unknown sizes aligned, the counts of every value tried
  /// (backprop's rows of `hid + 1` floats: 5.75 for hid a multiple of 32,
  /// 5 measured with hid 16, 3 to 6 over the values). Unset for an exact
  /// count and where Units is unset (UnitsMin..UnitsMax is the range then).
  std::optional<std::pair<double, double>> rangeStoodFor() const;
  std::optional<UnknownCause> Cause; // why Kind is Unknown
  /// Byte distance between lanes 0 and 1 of the first warp (threadIdx.x
  /// direction), when constant.
  std::optional<int64_t> LaneStrideBytes;
  /// Byte offset of lane 0 of the first warp within the model's period
  /// (RequestCostModel::periodBytes: a 128-byte segment of global memory).
  std::optional<int64_t> FirstLaneOffsetInPeriod;
  /// The address depends on values loaded or computed per lane (a gather),
  /// as opposed to irregular arithmetic on the thread index.
  bool DependsOnLaneData = false;
  WalkCounts Walk;
  /// The counts of the other instructions one source access becomes (the
  /// copies of a loop unrolled at run time and its leftover trips), where
  /// how often each runs is not known: the source access's count lies in
  /// between, whatever the trip count (rangeStoodFor includes it).
  std::optional<std::pair<double, double>> CountsOfItsInstructions;
};

} // namespace model
} // namespace cudacoalesce

#endif
