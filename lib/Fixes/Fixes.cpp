//===- Fixes/Fixes.cpp - What to change, and what it will cost ------------===//
#include "cuda-coalesce/Fixes/Fixes.h"
#include "FixCounts.h"
#include "KnownValues.h"
#include "cuda-coalesce/Support/EnumNames.h"
#include "cuda-coalesce/Support/Text.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace cudacoalesce {
namespace fixes {

using model::AccessShape;
using sym::AtomId;
using sym::Poly;

const char *fixKindName(FixKind K) {
  static const char *const Names[] = {
#define FIX_KIND(Name, Spelling) Spelling,
#include "cuda-coalesce/Fixes/FixKinds.def"
  };
  return enumName(Names, K);
}

std::string afterText(double Before, double After, const char *Unit) {
  std::string S =
      "after the fix: " + formatCount(After) + " " + Unit + "/request";
  if (After > 0 && Before / After >= 1.05)
    S += ", " + formatCount(std::round(Before / After * 10) / 10) + "x fewer";
  return S;
}

double worstBefore(const model::Prediction &P) {
  return P.Units ? *P.Units : P.UnitsMax;
}

namespace {

/// The predicted sectors of a rewritten access, when definite.
std::optional<double> sectorsOf(const sym::Context &Ctx,
                                model::ModelCaches &Model, const AccessShape &A,
                                const model::LaunchShape &L) {
  std::optional<model::Prediction> P =
      model::predictIfDecided(Ctx, Model, A, L);
  return P ? P->Units : std::nullopt;
}

/// The term coefficients of \p P: constant coefficient of each monomial.
std::optional<int64_t> constantCoefficient(const Poly &P, AtomId A) {
  return P.coefficientOf(A).asConstant();
}

int64_t roundUp(int64_t V, int64_t M) { return (V + M - 1) / M * M; }

std::string joined(const std::vector<std::string> &Names) {
  std::string S;
  for (const std::string &N : Names)
    S += (S.empty() ? "" : ", ") + N;
  return S;
}

class Advisor {
public:
  Advisor(sym::Context &Ctx, model::ModelCaches &Model, const FixInput &In)
      : Ctx(Ctx), Model(Model), In(In), Before(worstBefore(In.Before)) {}

  std::vector<Fix> run() {
    // Lanes that the unrolled loop runs apart read what lanes in step
    // would; where those would be at the ideal, nothing else is to fix.
    if (lanesInStep())
      return Fixes;
    switch (In.Before.Kind) {
    case model::Pattern::Uniform:
      add(FixKind::UniformIsFine,
          "a broadcast: every lane of a warp row reads one address, served by "
          "one "
          "sector; nothing to fix",
          std::nullopt);
      return Fixes;
    case model::Pattern::Scattered:
      if (Ctx.dependsOnLaneData(In.Access.ByteOffset))
        // The cost given is the best case, when the data cooperate: what a
        // warp whose indices are sorted and dense needs (runtime-bench
        // measured exactly that for a permutation within each warp).
        add(FixKind::Scattered,
            "data-dependent addresses: no static fix is certain; sort or "
            "bucket the indices so that a warp's lanes fall in few sectors "
            "(the cost below is that best case: a warp's indices consecutive), "
            "read through the read-only path (const __restrict__ or __ldg), "
            "or change the layout",
            In.Before.IdealUnits > 0
                ? std::optional<double>(In.Before.IdealUnits)
                : std::nullopt);
      else
        newMappingOnly();
      return Fixes;
    case model::Pattern::Coalesced:
      return Fixes;
    case model::Pattern::Strided:
      // Lanes strided in two levels by a static function of the thread
      // index (ggml's `(i % 32) / 2`): no layout candidate applies to an
      // index that is no affine map of the lanes; only a new mapping does.
      if (readsThreadIdxThroughOperation()) {
        newMappingOnly();
        return Fixes;
      }
      break;
    default:
      break;
    }
    member();
    vectorLoad();
    if (!threadMapping() && !In.Member)
      contiguousMapping();
    pitchedRows();
    misalignedStart();
    slidingWindow();
    activeLanes();
    std::stable_sort(Fixes.begin(), Fixes.end(),
                     [](const Fix &L, const Fix &R) {
                       double A = L.PredictedUnits.value_or(1e300);
                       double B = R.PredictedUnits.value_or(1e300);
                       return A < B;
                     });
    return Fixes;
  }

private:
  void add(FixKind K, std::string Message, std::optional<double> After) {
    // The bytes the lanes ask for take the ideal: a rewrite predicted to
    // move fewer changes what the lanes read (averages over other warps, a
    // mapping that makes a warp read one element), and is claimed at the
    // ideal only.
    if (After)
      After = std::max(*After, In.Before.IdealUnits);
    if (After)
      Message += "; " + afterText(Before, *After, "sectors");
    Fixes.push_back({K, std::move(Message), After});
  }
  bool improves(const std::optional<double> &After) const {
    return After && *After + 1e-9 < Before;
  }

  /// A loop around the access that nvcc unrolls, whose trip count differs
  /// between the lanes of a warp: its unrolled pieces run the lanes at
  /// different trips (AccessShape::Lowerings). One trip count per warp keeps
  /// them in step, unrolled; `#pragma unroll 1` does too. Both moved a
  /// quarter of the sectors on an H200 (runtime-bench 42) and both ran
  /// slower there (2.5x and 7.6x), a launch of 32 warps that waits on each
  /// load's latency, not on bandwidth: the message says so. True when, in
  /// step, the access moves no more than it asks for.
  bool lanesInStep() {
    if (In.Access.Lowerings.empty())
      return false;
    AccessShape InStep = In.Access;
    InStep.Lowerings.clear();
    std::optional<model::Prediction> P =
        model::predictIfDecided(Ctx, Model, InStep, In.Launch);
    if (!P || !P->Units)
      return false;
    if (improves(P->Units))
      add(FixKind::LanesInStep,
          "the lanes of a warp run different trip counts, and nvcc's unrolled "
          "loop runs them apart (see the note on the loop): give the loop one "
          "trip count per warp (loop over the offset from each lane's start "
          "up to the warp's largest count, a lane past its own end idling) to "
          "keep them in step; `#pragma unroll 1` keeps them in step too, but "
          "then each trip waits on its load. Fewer sectors pay only where the "
          "loop waits on bandwidth: a loop of few warps that waits on each "
          "load's latency can run slower (2.5x on an H200 with one trip "
          "count per warp, 7.6x with the pragma, runtime-bench 42)",
          P->Units);
    return *P->Units <= P->IdealUnits + 1e-9;
  }

  /// For an index that is a static but no affine function of the lanes:
  /// the derived rewrite of the mapping, else what a contiguous one costs.
  void newMappingOnly() {
    if (!threadMapping())
      contiguousMapping();
  }

  /// Whether the thread index enters the address through a division, a
  /// remainder or another operation, not only as a linear term.
  bool readsThreadIdxThroughOperation() const {
    for (const sym::Term &T : In.Access.ByteOffset.terms())
      for (AtomId A : T.Atoms) {
        const sym::Atom &At = Ctx.atom(A);
        if (At.Kind == sym::AtomKind::Op && At.ReadsThreadIdx)
          return true;
      }
    return false;
  }

  /// The thread index the lanes of a warp run along: x, unless the block
  /// is one thread wide in x (then y, then z).
  unsigned laneDim() const {
    const model::Dim3 &B = In.Launch.Block;
    return B.X > 1 ? 0 : B.Y > 1 ? 1 : B.Z > 1 ? 2 : 0;
  }
  static std::string dimName(unsigned D) {
    return std::string("threadIdx.") + "xyz"[D];
  }

  /// Whether it found a rewrite of the index that helps.
  bool threadMapping() {
    unsigned Lanes = laneDim();
    AtomId Tx = Ctx.threadIdx(Lanes);
    unsigned Chunk = In.Access.ChunkBytes;
    // A warp that spans y, or an index along y: swap the roles of x and y
    // (where x is more than one thread wide: else the lanes run along y).
    if (Lanes == 0 && (In.Launch.Block.Y > 1 ||
                       In.Access.ByteOffset.mentions(Ctx.threadIdx(1)))) {
      AccessShape Swapped = swapThreadMapping(Ctx, In.Access);
      auto After = sectorsOf(Ctx, Model, Swapped, In.Launch);
      if (improves(After)) {
        std::string What =
            !In.VariableAlongX.empty() && !In.VariableAlongY.empty()
                ? "swap '" + In.VariableAlongX + "' and '" + In.VariableAlongY +
                      "' (threadIdx.x and threadIdx.y)"
                : "swap the roles of threadIdx.x and threadIdx.y";
        add(FixKind::ThreadMapping,
            "threadIdx.x walks the strided dimension: " + What +
                " so that consecutive lanes take consecutive elements",
            After);
        return true;
      }
    }
    // One-dimensional: lanes S bytes apart; consecutive threads should take
    // consecutive elements (interleave the work instead of blocking it). A
    // struct member's stride is the struct's size: the layout fixes that.
    if (In.Member)
      return false;
    auto Stride = constantCoefficient(In.Access.ByteOffset, Tx);
    if (!Stride || std::llabs(*Stride) <= int64_t(Chunk))
      return false;
    // The rewrite t*k + j -> j*n + t: the thread-index terms shrink by k, and
    // what each thread walked (loop iterations) moves by whole rows of n
    // elements, n the number of threads, taken as a multiple of 32.
    bool Divisible = true;
    Poly Rewritten = In.Access.ByteOffset.mapCoefficients(
        [&](const sym::Term &T) -> std::optional<int64_t> {
          bool Thread = false, Iteration = false;
          for (AtomId A : T.Atoms) {
            const sym::Atom &At = Ctx.atom(A);
            Thread |= (At.Kind == sym::AtomKind::ThreadIdx ||
                       At.Kind == sym::AtomKind::BlockIdx) &&
                      At.Dim == Lanes;
            Iteration |= At.Kind == sym::AtomKind::LoopIteration;
          }
          if (Iteration)
            return std::nullopt;
          if (!Thread)
            return T.Coeff;
          Divisible &= (T.Coeff * int64_t(Chunk)) % *Stride == 0;
          return T.Coeff * int64_t(Chunk) / *Stride;
        });
    if (!Divisible)
      return false;
    AccessShape Contiguous = In.Access;
    Contiguous.ByteOffset = Rewritten;
    auto After = sectorsOf(Ctx, Model, Contiguous, In.Launch);
    if (!improves(After))
      return false;
    add(FixKind::ThreadMapping,
        "consecutive lanes are " + std::to_string(*Stride) +
            " bytes apart: map consecutive threads to consecutive elements "
            "(index j*n + t instead of t*k + j, n a multiple of 32)",
        After);
    return true;
  }

  /// No rewrite of the index was derived (it is not linear in the thread
  /// index the lanes run along, a[33 * (t % 32)], a hash; or its terms do
  /// not divide by the lanes' stride); say what a contiguous mapping, the
  /// thread's global index along the lanes times the access width, would
  /// cost.
  void contiguousMapping() {
    unsigned Lanes = laneDim();
    std::vector<AtomId> Leaves;
    Ctx.collectLeafAtoms(In.Access.ByteOffset, Leaves);
    if (Ctx.dependsOnLaneData(In.Access.ByteOffset) ||
        !llvm::is_contained(Leaves, Ctx.threadIdx(Lanes)))
      return;
    AccessShape Contiguous = In.Access;
    Contiguous.ByteOffset =
        (Poly::atom(Ctx.blockIdx(Lanes)) * Poly::atom(Ctx.blockDim(Lanes)) +
         Poly::atom(Ctx.threadIdx(Lanes)))
            .scaled(In.Access.WidthBytes);
    auto After = sectorsOf(Ctx, Model, Contiguous, In.Launch);
    if (!improves(After))
      return;
    const auto &Cause = In.Before.Cause;
    if (Cause && Cause->What == model::UnknownCause::Kind::DependsOnUnknowns) {
      add(FixKind::ThreadMapping,
          "the lanes' spacing depends on " + Cause->Names +
              ", known only at run time: where it is not the ideal case, let "
              "consecutive threads take consecutive elements",
          After);
      return;
    }
    std::string Spacing = In.Before.Kind == model::Pattern::Scattered ||
                                  !In.Before.LaneStrideBytes
                              ? "the lanes' elements are irregularly spaced"
                              : "consecutive lanes are " +
                                    std::to_string(*In.Before.LaneStrideBytes) +
                                    " bytes apart";
    bool Linear =
        constantCoefficient(In.Access.ByteOffset, Ctx.threadIdx(Lanes))
            .has_value() &&
        !readsThreadIdxThroughOperation();
    std::string Along = dimName(Lanes);
    if (Lanes != 0)
      Along += " (the block is one thread wide in x: the lanes of a warp run "
               "along " +
               std::string(1, "xyz"[Lanes]) + ")";
    add(FixKind::ThreadMapping,
        Spacing +
            (Linear ? " along " + Along +
                          ", and no rewrite of the index is derived from its "
                          "terms"
                    : " and the index is not linear in " + Along +
                          ", so no rewrite of it is derived") +
            ": if the order of the work is free, let consecutive threads take "
            "consecutive elements (precompute or sort the order the index "
            "encodes)",
        After);
  }

  void member() {
    if (!In.Member || In.Member->RecordBytes <= In.Member->FieldBytes)
      return;
    const MemberAccess &M = *In.Member;
    auto Elements = (In.Access.ByteOffset - Poly::constant(M.FieldOffset))
                        .dividedExactly(M.RecordBytes);
    bool EveryField =
        !M.AllFields.empty() &&
        std::all_of(M.AllFields.begin(), M.AllFields.end(),
                    [&](const std::string &F) {
                      return std::find(M.UsedFields.begin(), M.UsedFields.end(),
                                       F) != M.UsedFields.end();
                    });
    std::optional<double> SoaAfter;
    if (Elements) {
      AccessShape Soa = In.Access;
      Soa.ByteOffset = Elements->scaled(M.FieldBytes);
      SoaAfter = sectorsOf(Ctx, Model, Soa, In.Launch);
    }
    if (EveryField && M.RecordBytes != 8 && M.RecordBytes != 16) {
      add(FixKind::AosToSoa,
          "every field of '" + M.Record + "' (" +
              std::to_string(M.RecordBytes) +
              " bytes) is used, so neighbouring field loads share sectors in "
              "cache, "
              "but each load instruction still moves one sector per lane: "
              "store the "
              "fields as separate arrays (struct of arrays)",
          SoaAfter);
      return;
    }
    if (EveryField) {
      AccessShape Whole = In.Access;
      std::optional<double> After;
      if (Elements) {
        Whole.ByteOffset = Elements->scaled(M.RecordBytes);
        Whole.WidthBytes = Whole.ChunkBytes = M.RecordBytes;
        After = sectorsOf(Ctx, Model, Whole, In.Launch);
      }
      add(FixKind::WholeStructLoad,
          "every field of '" + M.Record +
              "' is used, so array-of-structs is fine: "
              "load each struct whole with one " +
              (M.RecordBytes == 16 ? "16-byte (float4)" : "8-byte (float2)") +
              " load (give the struct __align__(" +
              std::to_string(M.RecordBytes) +
              ") so the load can be one instruction)",
          After);
      return;
    }
    add(FixKind::AosToSoa,
        "'" + M.Record + "' is " + std::to_string(M.RecordBytes) +
            " bytes and this kernel uses " + joined(M.UsedFields) +
            ": store the hot fields as separate arrays (struct of arrays), "
            "each "
            "lane then reads " +
            std::to_string(M.FieldBytes) + " contiguous bytes of '" + M.Field +
            "'",
        SoaAfter);
  }

  void vectorLoad() {
    // a[t*k + j] in an unrolled loop over j: one k-wide load per thread.
    unsigned Elem = In.Access.WidthBytes;
    auto Stride =
        constantCoefficient(In.Access.ByteOffset, Ctx.threadIdx(laneDim()));
    if (!Stride || Elem == 0 || *Stride <= int64_t(Elem) || *Stride % Elem)
      return;
    int64_t K = *Stride / Elem;
    if ((K != 2 && K != 4) || K * Elem > 16)
      return;
    std::vector<AtomId> Leaves;
    Ctx.collectLeafAtoms(In.Access.ByteOffset, Leaves);
    for (AtomId J : Leaves) {
      if (Ctx.atom(J).Kind != sym::AtomKind::LoopIteration ||
          constantCoefficient(In.Access.ByteOffset, J) != int64_t(Elem))
        continue;
      AccessShape Wide = In.Access;
      Wide.ByteOffset = In.Access.ByteOffset - Poly::atom(J).scaled(Elem);
      Wide.WidthBytes = Wide.ChunkBytes = unsigned(K * Elem);
      auto After = sectorsOf(Ctx, Model, Wide, In.Launch);
      std::string Vec = Elem == 4 ? (K == 4 ? "float4" : "float2")
                                  : std::to_string(K * Elem) + "-byte vector";
      add(FixKind::VectorLoad,
          "each thread accesses " + std::to_string(K) +
              " consecutive elements: access them with one " + Vec +
              " (the address must be " + std::to_string(K * Elem) +
              "-byte aligned), or interleave (index j*stride + t). The extra "
              "sectors are the thread's own, which L1 and L2 usually merge: "
              "expect fewer instructions rather than less memory traffic "
              "(runtime-bench measured no speedup on an H200)",
          After);
      return;
    }
  }

  void pitchedRows() {
    // Rows whose byte width is not a multiple of the sector start at
    // varying alignment: pad them to a pitch of a multiple of 128 bytes.
    if (!In.Access.ByteOffset.mentions(Ctx.threadIdx(0)))
      return;
    int64_t Row = 0;
    for (const sym::Term &T : In.Access.ByteOffset.terms()) {
      bool AlongX = std::find(T.Atoms.begin(), T.Atoms.end(),
                              Ctx.threadIdx(0)) != T.Atoms.end();
      if (T.Atoms.empty() || T.Atoms.size() > 2 || AlongX ||
          std::llabs(T.Coeff) <= 128 || T.Coeff % 32 == 0)
        continue;
      Row = T.Coeff;
      break;
    }
    if (Row == 0)
      return;
    int64_t Pitch = roundUp(std::llabs(Row), 128) * (Row < 0 ? -1 : 1);
    AccessShape Pitched = In.Access;
    Pitched.ByteOffset = In.Access.ByteOffset.mapCoefficients(
        [&](const sym::Term &T) -> std::optional<int64_t> {
          return T.Coeff == Row ? Pitch : T.Coeff;
        });
    auto After = sectorsOf(Ctx, Model, Pitched, In.Launch);
    if (improves(After))
      add(FixKind::PitchedRows,
          "rows are " + std::to_string(std::llabs(Row)) +
              " bytes, not a multiple of 32, so they start at varying "
              "alignment: "
              "allocate with cudaMallocPitch (or pad rows to " +
              std::to_string(std::llabs(Pitch)) +
              " bytes) and index rows by the pitch",
          After);
  }

  void misalignedStart() {
    int64_t C = In.Access.ByteOffset.constantTerm();
    int64_t Off = ((C % 128) + 128) % 128;
    if (Off % 32 == 0)
      return;
    AccessShape Shifted = In.Access;
    Shifted.ByteOffset = In.Access.ByteOffset - Poly::constant(Off);
    auto After = sectorsOf(Ctx, Model, Shifted, In.Launch);
    if (improves(After))
      add(FixKind::MisalignedStart,
          "the warp starts " + std::to_string(Off) +
              " bytes past a 128-byte boundary: shift the mapping so lane 0 "
              "takes an aligned element, or pad the allocation so '" +
              In.BaseName + "' + " + std::to_string(Off) + " bytes is aligned",
          After);
  }

  /// a[t + k] over a loop on k: the start moves off the sector boundary
  /// from one trip to the next. Load the window once, aligned, into shared
  /// memory and read the shifted elements from there.
  void slidingWindow() {
    std::vector<AtomId> Leaves;
    Ctx.collectLeafAtoms(In.Access.ByteOffset, Leaves);
    Poly Aligned = In.Access.ByteOffset;
    bool Slides = false;
    for (AtomId J : Leaves) {
      if (Ctx.atom(J).Kind != sym::AtomKind::LoopIteration)
        continue;
      auto Step = constantCoefficient(Aligned, J);
      if (!Step || *Step % 32 == 0)
        continue;
      Aligned = Aligned - Poly::atom(J).scaled(*Step);
      Slides = true;
    }
    if (!Slides)
      return;
    // The staging loads start at the aligned segment at or below the window.
    int64_t C = Aligned.constantTerm();
    Aligned = Aligned - Poly::constant(((C % 128) + 128) % 128);
    AccessShape Staged = In.Access;
    Staged.ByteOffset = Aligned;
    auto After = sectorsOf(Ctx, Model, Staged, In.Launch);
    if (improves(After))
      add(FixKind::MisalignedStart,
          "the loop slides the warp's start across sector boundaries (a window "
          "or stencil): load the block's window once into shared memory with "
          "aligned, coalesced loads (blockDim.x plus the halo), then read the "
          "shifted elements from shared memory. L1 often serves the overlap "
          "already (runtime-bench measured no speedup for a window of 8 "
          "floats on an H200): it pays off when the window is wider than L1 "
          "keeps",
          After);
  }

  /// Lanes that a guard idles lie between the active ones (threadIdx.x % 2
  /// == 0): the warp fetches the sectors of the idle lanes' elements too.
  /// With all lanes active the access is coalesced, so packing the elements
  /// the active lanes use, in the order of the active lanes, costs the ideal
  /// for the active lanes (index i/2 instead of i for every second lane).
  void activeLanes() {
    if (In.Access.Guards.empty())
      return;
    AccessShape AllLanes = In.Access;
    AllLanes.Guards.clear();
    std::optional<model::Prediction> All =
        model::predictIfDecided(Ctx, Model, AllLanes, In.Launch);
    if (!All || All->Kind != model::Pattern::Coalesced)
      return;
    std::optional<double> After = In.Before.IdealUnits;
    if (!improves(After))
      return;
    add(FixKind::PackActiveLanes,
        "the guard leaves lanes idle between active ones, and the warp still "
        "fetches the idle lanes' sectors: store the elements the active lanes "
        "use contiguously (e.g. a packed array indexed by the active thread's "
        "rank), or give every lane of the warp work on the fetched elements",
        After);
  }

  sym::Context &Ctx;
  model::ModelCaches &Model;
  const FixInput &In;
  double Before;
  std::vector<Fix> Fixes;
};

} // namespace

AccessShape swapThreadMapping(sym::Context &Ctx, const AccessShape &Access) {
  std::map<AtomId, Poly> Swap;
  auto Exchange = [&](AtomId A, AtomId B) {
    Swap[A] = Poly::atom(B);
    Swap[B] = Poly::atom(A);
  };
  Exchange(Ctx.threadIdx(0), Ctx.threadIdx(1));
  Exchange(Ctx.blockIdx(0), Ctx.blockIdx(1));
  Exchange(Ctx.blockDim(0), Ctx.blockDim(1));
  Exchange(Ctx.gridDim(0), Ctx.gridDim(1));
  AccessShape Out = Access;
  Out.ByteOffset = Ctx.substitute(Access.ByteOffset, Swap);
  for (model::Guard &G : Out.Guards)
    G.Diff = Ctx.substitute(G.Diff, Swap);
  for (model::LoopLowering &L : Out.Lowerings)
    L.TripCount = Ctx.substitute(L.TripCount, Swap);
  return Out;
}

std::vector<Fix> suggestFixes(sym::Context &Ctx, model::ModelCaches &Model,
                              FixCaches &Kept, const FixInput &In) {
  KeptSubstitutions &Substituted = Kept.substitutions();
  FixInput Concrete = In;
  Concrete.Access.ByteOffset =
      withKnownValues(Ctx, Substituted, In.Launch, In.Access.ByteOffset);
  for (model::Guard &G : Concrete.Access.Guards)
    G.Diff = withKnownValues(Ctx, Substituted, In.Launch, G.Diff);
  for (model::LoopLowering &L : Concrete.Access.Lowerings)
    L.TripCount = withKnownValues(Ctx, Substituted, In.Launch, L.TripCount);
  return Advisor(Ctx, Model, Concrete).run();
}

} // namespace fixes
} // namespace cudacoalesce
