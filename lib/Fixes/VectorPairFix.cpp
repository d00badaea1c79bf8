//===- Fixes/VectorPairFix.cpp - Adjacent scalar loads as one vector ------===//
//
// A thread that reads x[i + 0] and x[i + 1] (ggml's rope: the two halves of
// a rotated pair), lanes two elements apart, issues two strided requests
// that each move twice the sectors their bytes need. One float2 load of
// both moves the bytes of the pair in one request at its ideal: the fix is
// the sites' together, so it is judged on the kernel's accesses, not one.
//
//===----------------------------------------------------------------------===//
#include "cuda-coalesce/Fixes/KernelFixes.h"
#include "cuda-coalesce/Model/WarpModel.h"
#include "cuda-coalesce/Support/Text.h"

#include "llvm/ADT/STLExtras.h"

#include <map>
#include <string>
#include <utility>

namespace cudacoalesce {
namespace fixes {

namespace {

/// The vector type a reader writes for \p Count elements of \p Bytes.
std::string vectorName(unsigned Count, unsigned Bytes) {
  if (Bytes == 4)
    return Count == 4 ? "float4" : "float2";
  if (Bytes == 8 && Count == 2)
    return "double2";
  return std::to_string(Count * Bytes) + "-byte vector";
}

/// The accesses that can be elements of one vector with each other: same
/// kind, array, memory, element width and number of guards, and byte
/// offsets that differ by a constant (the same terms but the constant one).
/// Looked up by key, a kernel's accesses are paired in n log n, not n^2
/// subtractions (bench/stress_inputs.py guarded-runtime, 10,000 loads:
/// addVectorPairFixes was 63% of the analysis).
class AdjacentCandidates {
public:
  explicit AdjacentCandidates(const std::vector<KernelAccess> &Accesses)
      : Accesses(Accesses) {
    for (size_t I = 0; I < Accesses.size(); ++I)
      if (Accesses[I].Shape.ChunkBytes == Accesses[I].Shape.WidthBytes)
        Alike[keyOf(Accesses[I])].push_back(I);
  }

  /// The accesses that read or write the \p Count elements after the one
  /// \p First does, one each, in order; empty unless every one is there.
  std::vector<size_t> group(size_t First, unsigned Count) const {
    const KernelAccess &A = Accesses[First];
    unsigned Elem = A.Shape.WidthBytes;
    std::vector<size_t> Group(Count, size_t(-1));
    Group[0] = First;
    auto It = Alike.find(keyOf(A));
    if (It == Alike.end())
      return {};
    for (size_t J : It->second) {
      const KernelAccess &B = Accesses[J];
      if (J == First)
        continue;
      int64_t Apart = int64_t(uint64_t(B.Shape.ByteOffset.constantTerm()) -
                              uint64_t(A.Shape.ByteOffset.constantTerm()));
      if (Apart <= 0 || Apart % Elem || Apart / Elem >= Count)
        continue;
      size_t &Slot = Group[size_t(Apart / Elem)];
      if (Slot == size_t(-1))
        Slot = J;
    }
    for (size_t I : Group)
      if (I == size_t(-1))
        return {};
    return Group;
  }

private:
  using Key = std::pair<std::string, sym::Poly>;
  static Key keyOf(const KernelAccess &A) {
    const model::AccessShape &S = A.Shape;
    std::string Scalars = std::to_string(A.Kind) + "|" + A.BaseName.str() +
                          "|" + std::to_string(int(S.Space)) + "|" +
                          std::to_string(S.WidthBytes) + "|" +
                          std::to_string(S.Guards.size());
    return {std::move(Scalars),
            S.ByteOffset - sym::Poly::constant(S.ByteOffset.constantTerm())};
  }
  const std::vector<KernelAccess> &Accesses;
  std::map<Key, std::vector<size_t>> Alike;
};

} // namespace

void addVectorPairFixes(sym::Context &Syms, model::ModelCaches &Model,
                        std::vector<KernelAccess> &Accesses,
                        const model::LaunchShape &Launch) {
  AdjacentCandidates Candidates(Accesses);
  for (size_t I = 0; I < Accesses.size(); ++I) {
    const KernelAccess &A = Accesses[I];
    unsigned Elem = A.Shape.WidthBytes;
    // Words and wider (float, int, double): a struct's fields have their
    // own layout fixes.
    bool LayoutFixed = llvm::any_of(A.Fixes, [](const Fix &X) {
      return X.Kind == FixKind::WholeStructLoad || X.Kind == FixKind::AosToSoa;
    });
    if (Elem < 4 || LayoutFixed ||
        A.Shape.Space != model::AddressSpace::Global || A.SharedArray >= 0 ||
        A.Shape.ChunkBytes != Elem || !A.Shape.Lowerings.empty() ||
        A.Before.Kind != model::Pattern::Strided || !A.Before.LaneStrideBytes)
      continue;
    for (unsigned Count : {4u, 2u}) {
      // The lanes Count elements apart: together the sites are dense.
      if (Count * Elem > 16 || *A.Before.LaneStrideBytes != Count * Elem)
        continue;
      std::vector<size_t> Group = Candidates.group(I, Count);
      if (Group.empty())
        continue;
      model::AccessShape Wide = A.Shape;
      Wide.WidthBytes = Wide.ChunkBytes = Count * Elem;
      std::optional<model::Prediction> Vector =
          model::predictIfDecided(Syms, Model, Wide, Launch);
      if (!Vector || !Vector->Units || !A.Before.Units ||
          *Vector->Units + 1e-9 >= *A.Before.Units * Count)
        continue;
      const model::Prediction &After = *Vector;
      std::string Message =
          "the thread accesses " + std::to_string(Count) +
          " adjacent elements of '" + A.BaseName.str() +
          "', this one among them, one scalar access each: one " +
          vectorName(Count, Elem) + " access of them (the address must be " +
          std::to_string(Count * Elem) + "-byte aligned) is one request of " +
          formatCount(*After.Units) + " sectors instead of " +
          std::to_string(Count) + " of " + formatCount(*A.Before.Units) +
          "; after the fix: " + formatCount(*After.Units) +
          " sectors/request for the " + std::to_string(Count) + " elements";
      for (size_t J : Group) {
        std::vector<Fix> &Fixes = Accesses[J].Fixes;
        bool Offered = false;
        for (const Fix &X : Fixes)
          Offered |= X.Kind == FixKind::VectorLoad;
        if (Offered)
          continue;
        // Best first, as each access's own fixes are.
        auto At = llvm::find_if(Fixes, [&](const Fix &X) {
          return X.PredictedUnits.value_or(1e300) > *After.Units;
        });
        Fixes.insert(At, {FixKind::VectorLoad, Message, *After.Units, {}});
      }
      break;
    }
  }
}

} // namespace fixes
} // namespace cudacoalesce
