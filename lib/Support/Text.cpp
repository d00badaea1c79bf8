//===- Support/Text.cpp - Numbers as the reports print them ---------------===//
#include "cuda-coalesce/Support/Text.h"

#include <sstream>

namespace cudacoalesce {

std::string formatCount(double V) {
  std::ostringstream OS;
  OS.precision(4);
  OS << V;
  return OS.str();
}

std::string formatRange(double Least, double Most) {
  std::string Low = formatCount(Least), High = formatCount(Most);
  return Low == High ? High : Low + " to " + High;
}

} // namespace cudacoalesce
