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
  switch (Op) {
  case Cmp::LT:
    return Cmp::GE;
  case Cmp::LE:
    return Cmp::GT;
  case Cmp::GT:
    return Cmp::LE;
  case Cmp::GE:
    return Cmp::LT;
  case Cmp::EQ:
    return Cmp::NE;
  case Cmp::NE:
    return Cmp::EQ;
  }
  llvm_unreachable("covered switch");
}

} // namespace model
} // namespace cudacoalesce
