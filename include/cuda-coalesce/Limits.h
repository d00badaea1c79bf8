//===- Limits.h - Every bound the analysis gives up at ----------*- C++ -*-===//
//
// The analysis bounds its work at these limits, all named here so that a
// reader finds them in one place (docs/model.md, "Limits", says what each
// costs the user when it is reached). A limit that is reached never makes a
// count wrong: the value it cuts off becomes one the analysis does not
// follow, and the finding says so.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIMITS_H
#define CUDA_COALESCE_LIMITS_H

#include <cstdint>
#include <iterator>

namespace cudacoalesce {
namespace limits {

// The walk over a kernel (Frontend/AddressBuilder).

/// Device helpers walked inside one another; a deeper call is a value the
/// walk does not follow.
constexpr unsigned MaxInlineDepth = 8;
/// Nested subexpressions walked (rvalue/lvalue recurse per operand: a
/// machine-written sum of thousands of terms would overflow the stack).
constexpr unsigned MaxExprDepth = 512;
/// Loops nested deeper than this are walked once, with every variable they
/// change taken as varying per lane, instead of a first silent walk that
/// finds out which do.
constexpr unsigned MaxLoopNestingWalkedTwice = 3;
/// A range-for over a braced list of at most this many elements is walked
/// once per element, as nvcc unrolls it (ggml's lists have 4); a longer one
/// is walked once with the element unknown.
constexpr unsigned MaxListTripsUnrolled = 16;
/// Characters of source text that name an opaque value in the output.
constexpr unsigned MaxOpaqueNameLength = 48;
/// Characters of source text that name an access in the output.
constexpr unsigned MaxAccessTextLength = 200;

// Host values (Frontend/HostEvaluator, HostCallGraph).

/// Nested subexpressions evaluated within one host function.
constexpr unsigned MaxHostExprDepth = 24;
/// Calls followed back from a launch to find a parameter's value (main ->
/// a dispatcher -> a launcher is 2; each hop's result is kept, so depth
/// costs little; the bound stops recursion).
constexpr unsigned MaxCallHops = 16;
/// Statements a host helper run for a launch's value may execute
/// (largestPowerOfTwoLessOrEqual of 1024 takes a few dozen), and the calls
/// it may nest.
constexpr unsigned MaxHostSteps = 100000;
constexpr unsigned MaxHostCallDepth = 8;
/// Evaluations of one launch while trying the elements of arrays read at
/// unsettled indices (a loop over 6 block sizes takes 7).
constexpr unsigned MaxLaunchEvaluations = 64;

// The warp model (Model/LaunchWalker, Model/Predict).

/// Blocks the block index is averaged over when the grid is not known.
constexpr int64_t AssumedGridBlocks = 64;
/// Trips of a loop the loop counter is averaged over.
constexpr int64_t LoopIterationsSimulated = 16;
/// A loop whose guard the access is under and whose warps run more trips
/// (a triangular loop, `t2 <= t`) is averaged over all of them, up to this
/// many trips...
constexpr int64_t MaxLoopTripsAveraged = int64_t(1) << 20;
/// ...visiting every trip up to this many, a sample of them beyond.
constexpr int64_t LoopTripsVisited = 256;
/// The placements of outer loops' trips searched for the end of a loop
/// whose condition reads them (a triangular nest); beyond, the end is looked
/// for at their first values only.
constexpr int64_t OuterTripsSearched = 4096;
/// Unknown values are tried over FirstValueTried .. FirstValueTried +
/// ValuesTried - 1: every residue that matters for 32-byte sectors and a
/// realistic magnitude for sizes and strides. The first, a multiple of 32,
/// is the aligned case counts are given for.
constexpr int64_t FirstValueTried = 32;
constexpr int64_t ValuesTried = 64;
/// Besides that range, each unknown is tried alone, the others at
/// FirstValueTried, at every value below it (a stride of 0, 1 or 2, a size
/// below a warp's width: `if (tid < n)` with n = 4 lets four lanes run) and
/// at these larger ones (sizes past the range: powers of two and their
/// neighbours), so that a count or a pattern given as the same for every
/// value holds for the values code uses, not only for 32..95. The last is
/// past any launch's threads: a clamp `min(i, n - 1)` lets every lane of a
/// grid of 64 blocks of 256 through only at n >= 16384.
constexpr int64_t LargeValuesTried[] = {127,  128,  255,  256,    1000,
                                        1024, 4095, 4096, 1 << 30};
/// A block extent known only at run time (LaunchShape::ExtentParams) is
/// tried at these values of that range, each a whole prediction: the
/// aligned one first, then for each power of two M up to 64 a value
/// divisible by M / 2 and not by M (so that "ideal iff n % M == 0" is told
/// apart), then a spread of the rest.
constexpr int64_t ExtentValues[] = {32, 33, 34, 36, 40, 48, 64, 80,
                                    42, 47, 53, 58, 69, 74, 85, 95};
constexpr int64_t ExtentValuesTried = std::size(ExtentValues);
// The launch note and the findings give the range as
// FirstValueTried..FirstValueTried + ValuesTried - 1.
static_assert(
    [] {
      for (int64_t V : ExtentValues)
        if (V < FirstValueTried || V >= FirstValueTried + ValuesTried)
          return false;
      return ExtentValues[0] == FirstValueTried;
    }(),
    "block extents are tried in the range the unknowns are, aligned first");
/// Values of one axis (blocks along a dimension, loop trips) that a walk
/// counts one by one when it counts instead of visiting; beyond, it visits
/// a sample.
constexpr int64_t MaxAxisValuesCounted = int64_t(1) << 20;
/// Predictions kept per translation unit for accesses predicted again
/// (Model/WarpModel.cpp, predict).
constexpr size_t PredictionsKept = 1 << 16;
/// Warp visits simulated per access; beyond, a deterministic sample.
constexpr uint64_t WarpVisitBudget = 16384;
/// Shapes of a warp's lanes (addresses relative to the first, rows, active
/// lanes) and their costs at each start within the period, kept for every
/// walk of a file (Model/RequestCostCache.h); beyond, they start again
/// empty.
constexpr size_t RequestShapesKept = size_t(1) << 12;
constexpr size_t RequestCostsKept = size_t(1) << 13;
/// Lane sets (a warp's lanes under one value of each loop trip, block index
/// or unknown its lane parts read) kept per access; beyond, recomputed.
constexpr size_t LaneSetsKept = 4096;
/// Lists of guards' lanes (a warp's lanes that pass one list of guards under
/// one value of what the guards read) kept per translation unit
/// (Model/GuardMaskCache.h); beyond, the cache starts again empty.
constexpr size_t GuardMaskSetsKept = size_t(1) << 19;
/// Guards' parts (a guard under one setting of a walker) and lists' reads
/// kept per translation unit (Model/LaunchWalker.h, SplitCache); beyond,
/// each walker splits the rest itself.
constexpr size_t GuardSplitsKept = size_t(1) << 16;
/// Polynomials with one launch's known values substituted, kept for the fix
/// candidates of the accesses under that launch (Fixes/KnownValues.h);
/// beyond, the cache starts again empty.
constexpr size_t KnownSubstitutionsKept = 4096;
/// A sample never stops before this many visits, however steady the cost.
constexpr uint64_t MinSampledVisits = 1024;
/// Lane evaluations (one per lane and per guard of each visit) per access:
/// kernels with dozens of nested guards get fewer visits.
constexpr uint64_t LaneEvaluationBudget = uint64_t(1) << 21;
/// Visits each trial of the unknown values gets at the least.
constexpr uint64_t MinVisitsPerTrial = 64;
/// A trial of the unknowns repeats an earlier one's walk where the unknowns
/// it differs in only shift the warp's lanes together by the same residue
/// of the period (Model/TrialClasses.h); a term of those unknowns larger
/// than this, with the other atoms it multiplies, could overflow where the
/// earlier one's does not: such a trial is walked.
constexpr int64_t ShiftedTermMagnitude = int64_t(1) << 24;

// The algebra (Symbolic).

/// Operations nested inside one another that Symbolic/Bounds looks into for
/// the range of a value; a deeper one has none, and an unsigned operand over
/// it is masked to its width (exact, only longer to print).
constexpr unsigned MaxBoundsDepth = 8;

// The parse of a file (Driver/Runner).

} // namespace limits
} // namespace cudacoalesce

#endif
