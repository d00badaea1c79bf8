//===- Symbolic/PointEvaluation.cpp - A polynomial at a warp's lanes ------===//
//
// evaluateAtPoints: a polynomial at up to 32 points (the lanes of a warp) in
// one pass, what does not read the thread index once. Each operation over the
// thread index is evaluated once per call, however often it recurs: an index
// taken apart dimension by dimension (ggml's `i03 = i / (ne00*ne01*ne02)`,
// `i02 = (i - i03*ne00*ne01*ne02) / (ne00*ne01)`, ...) nests each quotient in
// the next, and evaluating every occurrence anew cost ggml's cpy.cu most of
// its analysis (perf: evaluateBatch and applyOp, 45% of 24 s).
//
//===----------------------------------------------------------------------===//
#include "Evaluation.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <forward_list>

namespace cudacoalesce {
namespace sym {

namespace {

using PointValues = std::array<int64_t, 32>;

/// Operations over the thread index nested deeper than this are evaluated
/// point by point: each level keeps three arrays of values on the stack.
constexpr unsigned MaxBatchedDepth = 24;

/// The operations over the points kept for one call, at most this many.
constexpr size_t OperationsKept = 32;

/// One operation's value at every point, as its first occurrence gave it.
struct KeptOperation {
  AtomId Op;
  uint32_t Known;  // the points where it is defined
  unsigned Height; // how much deeper than itself its evaluation went
  PointValues Values;
};

class PointEvaluator {
public:
  PointEvaluator(const Context &Ctx, const Env &E, const ThreadPoints &At)
      : Ctx(Ctx), E(E), At(At) {}

  /// \p P at every point into \p Out; the points whose value is known, or
  /// nullopt when \p P nests too deep.
  std::optional<uint32_t> poly(const Poly &P, PointValues &Out, unsigned Depth);

private:
  const PointValues *ownLeafAt(AtomId A) const {
    for (unsigned I = 0; I < At.OwnLeafCount; ++I)
      if (At.OwnLeaf[I] == A)
        return &At.OwnValue[I];
    return nullptr;
  }
  bool perPoint(const Atom &Of) const {
    if (Of.ReadsThreadIdx)
      return true;
    if (At.OwnLeafCount == 0)
      return false;
    return std::any_of(Of.Leaves.begin(), Of.Leaves.end(),
                       [&](AtomId L) { return ownLeafAt(L) != nullptr; });
  }
  /// Operation \p A at every point, kept; nullopt when it nests too deep
  /// from \p Depth.
  const KeptOperation *operation(AtomId A, unsigned Depth);

  const Context &Ctx;
  const Env &E;
  const ThreadPoints &At;
  /// The deepest level that evaluating every occurrence anew would have
  /// reached so far: a kept operation nests too deep where its first
  /// evaluation would have, as the evaluation point by point decides.
  unsigned Deepest = 0;
  /// Fixed in place: a term holds pointers to the values of its factors.
  std::array<KeptOperation, OperationsKept> Kept;
  unsigned KeptCount = 0;
  std::forward_list<KeptOperation> Unkept; // past OperationsKept
};

const KeptOperation *PointEvaluator::operation(AtomId A, unsigned Depth) {
  for (const KeptOperation &K : llvm::ArrayRef(Kept).take_front(KeptCount))
    if (K.Op == A) {
      // The batch that evaluated it here would have gone as deep.
      Deepest = std::max(Deepest, Depth + K.Height);
      return Depth + K.Height > MaxBatchedDepth ? nullptr : &K;
    }
  const Atom &Of = Ctx.atom(A);
  assert(Of.Kind == AtomKind::Op && "only operations read other atoms");
  const unsigned DeepestBefore = Deepest;
  Deepest = Depth;
  PointValues L, R;
  std::optional<uint32_t> KnownL = poly(Of.Operands[0], L, Depth + 1);
  std::optional<uint32_t> KnownR;
  if (KnownL)
    KnownR = poly(Of.Operands[1], R, Depth + 1);
  const unsigned Height = Deepest - Depth;
  Deepest = std::max(Deepest, DeepestBefore);
  if (!KnownR)
    return nullptr;
  KeptOperation &Into =
      KeptCount < OperationsKept ? Kept[KeptCount++] : Unkept.emplace_front();
  Into.Op = A;
  Into.Height = Height;
  Into.Known = *KnownL & *KnownR;
  for (unsigned I = 0; I < At.Count; ++I) {
    std::optional<int64_t> V;
    if (Into.Known & (uint32_t(1) << I))
      V = applyOp(Of.Op, L[I], R[I]);
    if (!V)
      Into.Known &= ~(uint32_t(1) << I);
    Into.Values[I] = V.value_or(0);
  }
  return &Into;
}

/// Adds \p Scalar times the product of \p Factors at each of the first
/// \p N points to \p Out.
void addProduct(int64_t Scalar, llvm::ArrayRef<const PointValues *> Factors,
                unsigned N, PointValues &Out) {
  if (Factors.empty()) {
    for (unsigned I = 0; I < N; ++I)
      Out[I] = wrapAdd(Out[I], Scalar);
    return;
  }
  PointValues Prod;
  for (unsigned I = 0; I < N; ++I)
    Prod[I] = wrapMul(Scalar, (*Factors[0])[I]);
  for (const PointValues *F : Factors.drop_front())
    for (unsigned I = 0; I < N; ++I)
      Prod[I] = wrapMul(Prod[I], (*F)[I]);
  for (unsigned I = 0; I < N; ++I)
    Out[I] = wrapAdd(Out[I], Prod[I]);
}

std::optional<uint32_t> PointEvaluator::poly(const Poly &P, PointValues &Out,
                                             unsigned Depth) {
  Deepest = std::max(Deepest, Depth);
  if (Depth > MaxBatchedDepth)
    return std::nullopt;
  const unsigned N = At.Count;
  uint32_t Known = N == 32 ? ~uint32_t(0) : (uint32_t(1) << N) - 1;
  std::fill(Out.begin(), Out.begin() + N, 0);
  for (const Term &T : P.terms()) {
    // The factors that do not read the points multiply once, not once per
    // point (multiplication wraps, so the order does not matter); the
    // atoms are still met in order, for what an unknown one stops.
    int64_t Scalar = T.Coeff;
    llvm::SmallVector<const PointValues *, 4> Factors;
    for (AtomId A : T.Atoms) {
      const Atom &Of = Ctx.atom(A);
      if (!perPoint(Of)) {
        std::optional<int64_t> V = evaluateAtom(Ctx, A, E);
        if (!V)
          return 0; // unknown at every point
        Scalar = wrapMul(Scalar, *V);
        continue;
      }
      const PointValues *Factor = nullptr;
      if (Of.Kind == AtomKind::ThreadIdx) {
        Factor = &At.Index[Of.Dim];
      } else if (!(Factor = ownLeafAt(A))) {
        const KeptOperation *Op = operation(A, Depth);
        if (!Op)
          return std::nullopt;
        Known &= Op->Known;
        Factor = &Op->Values;
      }
      Factors.push_back(Factor);
    }
    addProduct(Scalar, Factors, N, Out);
  }
  return Known;
}

} // namespace

void evaluateAtPoints(const Context &Ctx, const Poly &P, Env &E,
                      const ThreadPoints &At, std::optional<int64_t> *Out) {
  PointValues Values;
  if (std::optional<uint32_t> Known =
          PointEvaluator(Ctx, E, At).poly(P, Values, 0)) {
    for (unsigned I = 0; I < At.Count; ++I)
      Out[I] = (*Known & (uint32_t(1) << I)) ? std::optional<int64_t>(Values[I])
                                             : std::nullopt;
    return;
  }
  for (unsigned I = 0; I < At.Count; ++I) {
    for (unsigned D = 0; D < 3; ++D)
      E.set(Ctx.threadIdx(D), At.Index[D][I]);
    for (unsigned L = 0; L < At.OwnLeafCount; ++L)
      E.set(At.OwnLeaf[L], At.OwnValue[L][I]);
    Out[I] = evaluate(Ctx, P, E);
  }
}

} // namespace sym
} // namespace cudacoalesce
