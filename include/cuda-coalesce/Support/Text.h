//===- Support/Text.h - Numbers as the reports print them -------*- C++ -*-===//
#ifndef CUDA_COALESCE_SUPPORT_TEXT_H
#define CUDA_COALESCE_SUPPORT_TEXT_H

#include <string>

namespace cudacoalesce {

/// A count as the reports print it: 4 significant digits, no trailing
/// zeros ("4", "4.906", "12.5").
std::string formatCount(double V);
/// A range of counts: "1 to 16", or one count where both ends print alike.
std::string formatRange(double Least, double Most);

} // namespace cudacoalesce

#endif
