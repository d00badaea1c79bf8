//===- Fixes/KnownValues.h - An access's polynomials at its launch -*- C++
//-*-===//
//
// The global and the shared-memory advisors rewrite an access with the kernel
// arguments known at its launch put in as constants, so that strides and row
// widths passed as arguments are visible to the rewrites.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FIXES_KNOWNVALUES_H
#define CUDA_COALESCE_LIB_FIXES_KNOWNVALUES_H

#include "cuda-coalesce/Model/Launch.h"
#include "cuda-coalesce/Symbolic/Expr.h"

#include <map>
#include <vector>

namespace cudacoalesce {
namespace fixes {

/// What withKnownValues() substituted, for the launch values it was last
/// given: the accesses of a kernel share their guards, and each guard is
/// substituted once rather than once per access.
struct KeptSubstitutions {
  /// Polynomials kept.
  size_t entries() const { return Done.size(); }

  std::map<sym::AtomId, int64_t> Known;
  std::map<sym::AtomId, sym::Poly> With;
  std::map<sym::Poly, sym::Poly> Done;
  std::vector<sym::AtomId> Leaves; // reused
};

/// \p P with the values \p Launch knows substituted; what was substituted
/// is kept in \p Kept, which serves \p Ctx.
sym::Poly withKnownValues(sym::Context &Ctx, KeptSubstitutions &Kept,
                          const model::LaunchShape &Launch, const sym::Poly &P);

} // namespace fixes
} // namespace cudacoalesce

#endif
