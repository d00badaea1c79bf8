//===- Symbolic/Bounds.cpp - The range a polynomial's value lies in -------===//
#include "cuda-coalesce/Symbolic/Bounds.h"

#include "cuda-coalesce/Limits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <vector>

namespace cudacoalesce {
namespace sym {

namespace {

/// CUDA's limits (the programming guide's table of technical
/// specifications, compute capability 9.0).
constexpr int64_t MaxThreadsPerBlock = 1024;
constexpr int64_t MaxGridX = (int64_t(1) << 31) - 1, MaxGridYZ = 65535;
/// blockIdx*blockDim along one axis, below 2^32 with the thread index.
constexpr int64_t MaxBlockStart = (int64_t(1) << 32) - MaxThreadsPerBlock;

std::optional<ValueRange> product(ValueRange A, ValueRange B) {
  std::optional<int64_t> P[4] = {
      llvm::checkedMul(A.Lo, B.Lo), llvm::checkedMul(A.Lo, B.Hi),
      llvm::checkedMul(A.Hi, B.Lo), llvm::checkedMul(A.Hi, B.Hi)};
  if (!P[0] || !P[1] || !P[2] || !P[3])
    return std::nullopt;
  return ValueRange{std::min({*P[0], *P[1], *P[2], *P[3]}),
                    std::max({*P[0], *P[1], *P[2], *P[3]})};
}

std::optional<ValueRange> sum(ValueRange A, ValueRange B) {
  std::optional<int64_t> Lo = llvm::checkedAdd(A.Lo, B.Lo);
  std::optional<int64_t> Hi = llvm::checkedAdd(A.Hi, B.Hi);
  if (!Lo || !Hi)
    return std::nullopt;
  return ValueRange{*Lo, *Hi};
}

/// \p Start combined (a sum, a product) with the range of each of \p Items
/// in turn; none where one has none or a bound leaves int64.
template <class ItemList, class RangeOfItem, class Combine>
std::optional<ValueRange> combined(ValueRange Start, const ItemList &Items,
                                   RangeOfItem RangeOf, Combine With) {
  ValueRange R = Start;
  for (const auto &Item : Items) {
    std::optional<ValueRange> Part = RangeOf(Item);
    if (!Part)
      return std::nullopt;
    std::optional<ValueRange> Next = With(R, *Part);
    if (!Next)
      return std::nullopt;
    R = *Next;
  }
  return R;
}

/// 2^k - 1 for the least k with V <= 2^k - 1 (V >= 0).
int64_t allOnesCovering(int64_t V) {
  return V >= (int64_t(1) << 62) ? INT64_MAX
                                 : int64_t(llvm::NextPowerOf2(uint64_t(V))) - 1;
}

// Each takes the depth of operations it is nested in: beyond
// limits::MaxBoundsDepth an operation has no range (and is not known never
// to be negative), so a hash's chain of operations, each over the one
// before twice, costs at most that many levels.
std::optional<ValueRange> rangeAt(const Context &Ctx, const Poly &P,
                                  unsigned Depth);
bool nonNegativeAt(const Context &Ctx, const Poly &P, unsigned Depth);

std::optional<ValueRange> rangeOfOp(const Context &Ctx, const Atom &A,
                                    unsigned Depth) {
  assert(A.Operands.size() == 2 && "operations are binary");
  if (Depth >= limits::MaxBoundsDepth)
    return std::nullopt;
  std::optional<ValueRange> L = rangeAt(Ctx, A.Operands[0], Depth + 1);
  std::optional<ValueRange> R = rangeAt(Ctx, A.Operands[1], Depth + 1);
  std::optional<int64_t> RC = A.Operands[1].asConstant();
  bool LNonNegative = L && L->Lo >= 0, RNonNegative = R && R->Lo >= 0;
  switch (A.Op) {
  case OpKind::Div:
    if (!L || !RC || *RC <= 0)
      return std::nullopt;
    return ValueRange{L->Lo / *RC, L->Hi / *RC};
  case OpKind::Rem: {
    if (!RC || *RC == 0 || *RC == INT64_MIN)
      return std::nullopt;
    int64_t Most = std::abs(*RC) - 1;
    if (LNonNegative)
      return ValueRange{0, std::min(L->Hi, Most)};
    return ValueRange{-Most, Most};
  }
  case OpKind::Shr:
    if (!L || !RC || *RC < 0 || *RC > 63)
      return std::nullopt;
    return ValueRange{L->Lo >> *RC, L->Hi >> *RC};
  case OpKind::And:
    // A non-negative side clears every bit above its own.
    if (LNonNegative && RNonNegative)
      return ValueRange{0, std::min(L->Hi, R->Hi)};
    if (LNonNegative || RNonNegative)
      return ValueRange{0, LNonNegative ? L->Hi : R->Hi};
    return std::nullopt;
  case OpKind::Or:
  case OpKind::Xor:
    if (!LNonNegative || !RNonNegative)
      return std::nullopt;
    return ValueRange{0, allOnesCovering(std::max(L->Hi, R->Hi))};
  case OpKind::Min:
  case OpKind::Max:
    if (!L || !R)
      return std::nullopt;
    if (A.Op == OpKind::Min)
      return ValueRange{std::min(L->Lo, R->Lo), std::min(L->Hi, R->Hi)};
    return ValueRange{std::max(L->Lo, R->Lo), std::max(L->Hi, R->Hi)};
  case OpKind::Shl:
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<ValueRange> rangeOfAtom(const Context &Ctx, AtomId Id,
                                      unsigned Depth) {
  const Atom &A = Ctx.atom(Id);
  switch (A.Kind) {
  case AtomKind::ThreadIdx:
    return ValueRange{0, MaxThreadsPerBlock - 1};
  case AtomKind::BlockDim:
    return ValueRange{1, MaxThreadsPerBlock};
  case AtomKind::GridDim:
    return ValueRange{1, A.Dim == 0 ? MaxGridX : MaxGridYZ};
  case AtomKind::BlockIdx:
    return ValueRange{0, (A.Dim == 0 ? MaxGridX : MaxGridYZ) - 1};
  case AtomKind::Op:
    return rangeOfOp(Ctx, A, Depth);
  case AtomKind::Param:
  case AtomKind::LoopIteration:
  case AtomKind::Opaque:
    return std::nullopt;
  }
  return std::nullopt;
}

/// A term's range: its atoms' product, a block index and the block extent
/// of its axis taken together.
std::optional<ValueRange> rangeOfTerm(const Context &Ctx, const Term &T,
                                      unsigned Depth) {
  std::vector<AtomId> Atoms = T.Atoms;
  ValueRange R{T.Coeff, T.Coeff};
  for (unsigned Dim = 0; Dim < 3; ++Dim) {
    auto Index = llvm::find(Atoms, Ctx.blockIdx(Dim));
    auto Extent = llvm::find(Atoms, Ctx.blockDim(Dim));
    if (Index == Atoms.end() || Extent == Atoms.end())
      continue;
    std::optional<ValueRange> Start = product(R, ValueRange{0, MaxBlockStart});
    if (!Start)
      return std::nullopt;
    R = *Start;
    Atoms.erase(std::max(Index, Extent));
    Atoms.erase(std::min(Index, Extent));
  }
  return combined(
      R, Atoms, [&](AtomId A) { return rangeOfAtom(Ctx, A, Depth); }, product);
}

bool isNonNegativeAtom(const Context &Ctx, AtomId Id, unsigned Depth) {
  const Atom &A = Ctx.atom(Id);
  switch (A.Kind) {
  case AtomKind::ThreadIdx:
  case AtomKind::BlockIdx:
  case AtomKind::BlockDim:
  case AtomKind::GridDim:
    return true;
  case AtomKind::LoopIteration:
    return A.FirstIteration >= 0;
  case AtomKind::Param:
  case AtomKind::Opaque:
    return false;
  case AtomKind::Op:
    break;
  }
  if (Depth >= limits::MaxBoundsDepth)
    return false;
  if (std::optional<ValueRange> R = rangeOfOp(Ctx, A, Depth))
    if (R->Lo >= 0)
      return true;
  bool L = nonNegativeAt(Ctx, A.Operands[0], Depth + 1);
  bool R = nonNegativeAt(Ctx, A.Operands[1], Depth + 1);
  std::optional<int64_t> RC = A.Operands[1].asConstant();
  switch (A.Op) {
  case OpKind::Rem:
  case OpKind::Shr:
    return L;
  case OpKind::Div:
    return L && RC && *RC > 0;
  case OpKind::And:
    return L || R;
  case OpKind::Or:
  case OpKind::Xor:
  case OpKind::Min:
  case OpKind::Max:
  case OpKind::Shl:
    return L && R;
  }
  return false;
}

bool nonNegativeAt(const Context &Ctx, const Poly &P, unsigned Depth) {
  return llvm::all_of(P.terms(), [&](const Term &T) {
    return T.Coeff > 0 && T.Coeff < (int64_t(1) << 31) &&
           llvm::all_of(T.Atoms, [&](AtomId A) {
             return isNonNegativeAtom(Ctx, A, Depth);
           });
  });
}

std::optional<ValueRange> rangeAt(const Context &Ctx, const Poly &P,
                                  unsigned Depth) {
  return combined(
      ValueRange{0, 0}, P.terms(),
      [&](const Term &T) { return rangeOfTerm(Ctx, T, Depth); }, sum);
}

} // namespace

bool isNonNegative(const Context &Ctx, const Poly &P) {
  return nonNegativeAt(Ctx, P, 0);
}

std::optional<ValueRange> rangeOf(const Context &Ctx, const Poly &P) {
  return rangeAt(Ctx, P, 0);
}

Poly asUnsigned(Context &Ctx, const Poly &P, unsigned Bits) {
  assert(Bits > 0 && Bits < 64 && "a width a 64-bit value wraps to");
  const int64_t Mask = (int64_t(1) << Bits) - 1;
  if (std::optional<ValueRange> R = rangeOf(Ctx, P))
    if (R->Lo >= 0 && R->Hi <= Mask)
      return P;
  const std::vector<Term> &Terms = P.terms();
  if (Terms.size() == 1 && Terms[0].Coeff == 1 && Terms[0].Atoms.size() == 1) {
    AtomKind K = Ctx.atom(Terms[0].Atoms[0]).Kind;
    if (K == AtomKind::Param || K == AtomKind::Opaque)
      return P;
  }
  return Ctx.op(OpKind::And, P, Poly::constant(Mask));
}

} // namespace sym
} // namespace cudacoalesce
