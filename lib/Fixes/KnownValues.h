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

namespace cudacoalesce {
namespace fixes {

/// \p P with the values \p Launch knows substituted. The accesses of a
/// kernel share their guards: what was substituted is kept, per thread, for
/// the translation unit and the launch's values, and each guard is
/// substituted once rather than once per access.
sym::Poly withKnownValues(sym::Context &Ctx, const model::LaunchShape &Launch,
                          const sym::Poly &P);

} // namespace fixes
} // namespace cudacoalesce

#endif
