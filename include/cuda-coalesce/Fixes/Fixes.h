//===- Fixes/Fixes.h - What to change, and what it will cost ---*- C++ -*-===//
//
// For a non-coalesced access, the fixes an expert would write, each with the
// sectors per request the warp model predicts after it. A prediction comes
// from re-running the model on the access as the fix rewrites it (indices
// swapped, the struct split into arrays, rows padded to a pitch), so it is
// what re-analysing the fixed code gives. No Clang types here.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_FIXES_FIXES_H
#define CUDA_COALESCE_FIXES_FIXES_H

#include "cuda-coalesce/Model/ModelCaches.h"
#include "cuda-coalesce/Model/WarpModel.h"
#include "cuda-coalesce/Symbolic/Expr.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudacoalesce {
namespace fixes {

enum class FixKind {
#define FIX_KIND(Name, Spelling) Name,
#include "cuda-coalesce/Fixes/FixKinds.def"
};
const char *fixKindName(FixKind K);

/// A mechanical source edit: replace Length bytes at Offset of File.
struct Replacement {
  std::string File;
  unsigned Offset = 0, Length = 0;
  std::string Text;
  bool operator==(const Replacement &O) const {
    return File == O.File && Offset == O.Offset && Length == O.Length &&
           Text == O.Text;
  }
};

struct Fix {
  FixKind Kind;
  std::string Message;
  std::optional<double> PredictedUnits; // per request, after the fix
  /// Only where the edit is mechanical and provably safe.
  std::vector<Replacement> Replacements;
};

/// A member of an array of structs, as the frontend saw it.
struct MemberAccess {
  std::string Record; // struct name
  unsigned RecordBytes = 0;
  std::string Field; // "vel.y"
  unsigned FieldOffset = 0, FieldBytes = 0;
  std::vector<std::string> AllFields;  // the record's fields (top level)
  std::vector<std::string> UsedFields; // accessed by this kernel
};

struct FixInput {
  model::AccessShape Access;
  model::LaunchShape Launch;
  model::Prediction Before;
  std::string BaseName;
  std::optional<MemberAccess> Member;
  /// Locals holding a thread index along x and y ("col", "row"), if any.
  std::string VariableAlongX, VariableAlongY;
};

struct KeptSubstitutions; // KnownValues.h

/// What the advisors keep across the accesses of one translation unit: the
/// polynomials with a launch's known values put in (KnownValues.h). Like
/// model::ModelCaches, its entries name the atoms of one sym::Context: the
/// analysis session of a file owns them together.
class FixCaches {
public:
  FixCaches();
  ~FixCaches();
  FixCaches(const FixCaches &) = delete;
  FixCaches &operator=(const FixCaches &) = delete;

  KeptSubstitutions &substitutions() { return *Substitutions; }
  /// Entries kept: 0 for caches that nothing has used.
  size_t entries() const;

private:
  std::unique_ptr<KeptSubstitutions> Substitutions;
};

/// The fixes for one access, best first. \p Ctx may gain atoms (rewritten
/// operations); \p Model and \p Kept are its caches.
std::vector<Fix> suggestFixes(sym::Context &Ctx, model::ModelCaches &Model,
                              FixCaches &Kept, const FixInput &In);

/// A shared-memory array as declared: `__shared__ float tile[32][32]` has
/// Extents {32, 32} and ElementBytes 4; `extern __shared__ float s[]` no
/// extents.
struct SharedArray {
  std::string Name, ElementType;
  std::vector<uint64_t> Extents;
  unsigned ElementBytes = 0;
};

/// The fixes for the bank conflicts of the accesses of one shared array
/// under one launch (all of them, so that a layout change is judged by what
/// it does to every access): entry I holds those for \p Accesses[I], empty
/// where it has no conflict. A padding or swizzle is offered only where it
/// lowers the array's total wavefronts; each fix states the access's
/// wavefronts after it.
std::vector<std::vector<Fix>>
suggestSharedFixes(sym::Context &Ctx, model::ModelCaches &Model,
                   FixCaches &Kept, const SharedArray &Array,
                   const std::vector<model::AccessShape> &Accesses,
                   const std::vector<model::Prediction> &Before,
                   const model::LaunchShape &Launch);

/// The access with threadIdx.x and threadIdx.y (and the block index and
/// size along them) exchanged: what swapping the thread mapping gives.
model::AccessShape swapThreadMapping(sym::Context &Ctx,
                                     const model::AccessShape &Access);

} // namespace fixes
} // namespace cudacoalesce

#endif
