//===- Model/Access.cpp - What one lane does at one access ----------------===//
#include "cuda-coalesce/Model/Access.h"
#include "cuda-coalesce/Support/EnumNames.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>

namespace cudacoalesce {
namespace model {

const char *addressSpaceName(AddressSpace Space) {
  static const char *const Names[] = {"global", "shared", "local", "constant"};
  return enumName(Names, Space);
}

// The counter's values, in the order the walk visits them:
//   [First, First + F - 1)       the leftover trips, copy J of them
//   then 2F values (Pieces)      the piece of 8 trips
//   then F values (Pieces)       the piece of 4 trips
//   [0, ...)                     the unrolled loop, 16 trips at a time
// (the order of requests changes no count). Each lane has Left = n % F
// leftover trips and U = n / F trips of LLVM's unrolled loop; with pieces,
// that loop runs U / 4 times 16 trips, then 8 if U % 4 >= 2, then 4 if U is
// odd.
int64_t firstCounterValue(const LoopLowering &L) {
  const int64_t F = L.Factor;
  return -((F - 1) + (L.Pieces ? 3 * F : 0));
}

UnrolledRun unrolledRun(const LoopLowering &L, int64_t TripCount) {
  const int64_t F = L.Factor, N = std::max<int64_t>(TripCount, 0);
  const int64_t Left = N % F, U = N / F;
  // Trip 0 of the unrolled loop comes after the leftover trips, or first.
  return {L.Epilog ? 0 : Left, L.Pieces ? U / 4 * 4 * F : U * F};
}

std::optional<int64_t> unrolledTrip(const LoopLowering &L, int64_t Counter,
                                    int64_t TripCount) {
  if (Counter >= 0) {
    UnrolledRun Run = unrolledRun(L, TripCount);
    return Counter < Run.End ? std::optional<int64_t>(Run.Start + Counter)
                             : std::nullopt;
  }
  const int64_t F = L.Factor, N = std::max<int64_t>(TripCount, 0);
  const int64_t Left = N % F, U = N / F;
  const int64_t Start = L.Epilog ? 0 : Left; // trip 0 of the unrolled loop
  const int64_t Piece = Counter - firstCounterValue(L);
  if (Piece < F - 1) // the leftover trips
    return Piece < Left
               ? std::optional<int64_t>(L.Epilog ? U * F + Piece : Piece)
               : std::nullopt;
  const int64_t AfterBlocks = Start + U / 4 * 4 * F;
  const bool Eight = U % 4 >= 2, Four = U % 2 == 1;
  if (Piece < 3 * F - 1)
    return Eight ? std::optional<int64_t>(AfterBlocks + Piece - (F - 1))
                 : std::nullopt;
  return Four ? std::optional<int64_t>(AfterBlocks + (Eight ? 2 * F : 0) +
                                       Piece - (3 * F - 1))
              : std::nullopt;
}

bool issuesEmptyCopy(const LoopLowering &L, int64_t Counter,
                     int64_t TripCount) {
  const int64_t F = L.Factor;
  return L.LeftoverPredicated && Counter - firstCounterValue(L) < F - 1 &&
         std::max<int64_t>(TripCount, 0) % F != 0;
}

Cmp negated(Cmp Op) {
  // In the order of Cmp: LT, LE, GT, GE, EQ, NE.
  static const Cmp Negation[] = {Cmp::GE, Cmp::GT, Cmp::LE,
                                 Cmp::LT, Cmp::NE, Cmp::EQ};
  return Negation[static_cast<size_t>(Op)];
}

} // namespace model
} // namespace cudacoalesce
