//===- Model/Access.cpp - What one lane does at one access ----------------===//
#include "cuda-coalesce/Model/Access.h"

#include "llvm/Support/ErrorHandling.h"

namespace cudacoalesce {
namespace model {

bool holds(Cmp Op, int64_t V) {
  switch (Op) {
  case Cmp::LT:
    return V < 0;
  case Cmp::LE:
    return V <= 0;
  case Cmp::GT:
    return V > 0;
  case Cmp::GE:
    return V >= 0;
  case Cmp::EQ:
    return V == 0;
  case Cmp::NE:
    return V != 0;
  }
  llvm_unreachable("covered switch");
}

Cmp negated(Cmp Op) {
  // In the order of Cmp: LT, LE, GT, GE, EQ, NE.
  static const Cmp Negation[] = {Cmp::GE, Cmp::GT, Cmp::LE,
                                 Cmp::LT, Cmp::NE, Cmp::EQ};
  return Negation[static_cast<size_t>(Op)];
}

} // namespace model
} // namespace cudacoalesce
