//===- Support/EnumNames.h - An enumerator's name from its table -*- C++
//-*-===//
#ifndef CUDA_COALESCE_SUPPORT_ENUMNAMES_H
#define CUDA_COALESCE_SUPPORT_ENUMNAMES_H

#include <cassert>
#include <cstddef>

namespace cudacoalesce {

/// \p Names lists the enumerators' names in declaration order (built from
/// the enum's .def table, as the enum is).
template <class Enum, size_t N>
const char *enumName(const char *const (&Names)[N], Enum E) {
  assert(static_cast<size_t>(E) < N && "not an enumerator of the table");
  return Names[static_cast<size_t>(E)];
}

} // namespace cudacoalesce

#endif
