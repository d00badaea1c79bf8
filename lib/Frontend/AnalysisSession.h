//===- Frontend/AnalysisSession.h - One file's analysis state ---*- C++ -*-===//
//
// Everything the analysis of one translation unit keeps from one kernel and
// one access to the next: the symbolic context its atoms live in (with the
// storage its Envs reuse), the warp model's caches and the fix advisors'.
// Every cache's entries name atoms of that context, so they are made, used
// and dropped together: analyzeTranslationUnit makes one session per call
// and passes it down by reference; nothing is kept per thread or per
// process, and what a file's analysis kept dies with it.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_ANALYSISSESSION_H
#define CUDA_COALESCE_LIB_FRONTEND_ANALYSISSESSION_H

#include "cuda-coalesce/Fixes/Fixes.h"
#include "cuda-coalesce/Model/ModelCaches.h"
#include "cuda-coalesce/Symbolic/Expr.h"

#include <cstddef>

namespace cudacoalesce {

struct AnalysisSession {
  // Declared first, so destroyed last: the caches name its atoms.
  sym::Context Symbols;
  model::ModelCaches Model;
  fixes::FixCaches Fixes;

  /// Entries kept in every cache of the session.
  size_t entriesKept() const { return Model.entries() + Fixes.entries(); }
};

} // namespace cudacoalesce

#endif
