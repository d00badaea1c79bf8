//===- Model/WarpModel.cpp - One warp's view of an access -----------------===//
#include "cuda-coalesce/Model/WarpModel.h"

#include "LaunchWalker.h"
#include "Predict.h"
#include "SharedCompareAndSwap.h"

#include "cuda-coalesce/Limits.h"
#include "cuda-coalesce/Support/IntegerMath.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace cudacoalesce {
namespace model {

const RequestCostModel *costModelFor(AddressSpace Space) {
  static const GlobalSectorModel Global;
  static const SharedBankModel Shared;
  switch (Space) {
  case AddressSpace::Global:
    return &Global;
  case AddressSpace::Shared:
    return &Shared;
  case AddressSpace::Local:
  case AddressSpace::Constant:
    return nullptr;
  }
  llvm_unreachable("covered switch");
}

const RequestCostModel *costModelFor(const AccessShape &Access) {
  if (Access.Space != AddressSpace::Shared)
    return costModelFor(Access.Space);
  // A compare-and-swap loop carries two values a pass (its model's passes).
  unsigned Passes =
      Access.CompareAndSwapLoop || Access.CarriesTwoValues ? 2 : 1;
  if (Passes == 1 && !Access.SerializesOneWord) {
    static const SharedBankModel Stores(/*PhasesShareAPass=*/false);
    return Access.SharedStore ? &Stores : costModelFor(Access.Space);
  }
  static const SharedAtomicModel Serialized(1, true), TwoPasses(2, false),
      TwoPassesSerialized(2, true);
  if (Passes == 1)
    return &Serialized;
  return Access.SerializesOneWord ? &TwoPassesSerialized : &TwoPasses;
}

namespace {

/// The bytes of everything a prediction is a function of. A thread or block
/// index or extent stands for itself; every other atom for what the model
/// reads of it: a parameter, a loop's trip or an opaque value is its kind,
/// name, first trip, variation and the address it was loaded from, with the
/// order in which the key first meets it (two atoms of one description stay
/// two); an operation over them is its operator and operands. Kernels
/// written from one pattern (each with its own `w`) and the instances of a
/// template (each with its own parameters, loops and loads: ggml's rope.cu
/// predicts 520 accesses of 69 shapes) share their predictions.
class PredictionKey {
public:
  PredictionKey(const sym::Context &Ctx, const AccessShape &A,
                const LaunchShape &L)
      : Ctx(Ctx) {
    add(A.ByteOffset);
    add(A.WidthBytes);
    add(A.ChunkBytes);
    add(unsigned(A.Space) * 64 + A.SharedStore * 32 + A.RetriedWithLoop * 16 +
        A.CarriesTwoValues * 8 + A.SerializesOneWord * 4 + A.InLibrary * 2 +
        A.CompareAndSwapLoop);
    for (const Guard &G : A.Guards) {
      add(G.Diff);
      add(unsigned(G.Op) * 32 + G.EndsLoop * 16 + G.Exits * 8 +
          G.Predicated * 4 + G.MaybePredicated * 2 + G.MaybeSunk);
    }
    for (const LoopLowering &Loop : A.Lowerings) {
      addAtom(Loop.Trip);
      addAtom(Loop.Counter);
      add(Loop.TripCount);
      add(Loop.Factor * 16 + Loop.LeftoverPredicated * 8 +
          Loop.LeftoverMaybePredicated * 4 + Loop.Pieces * 2 + Loop.Epilog);
    }
    for (int64_t V : {L.Block.X, L.Block.Y, L.Block.Z})
      add(V);
    add(unsigned(L.Grid.has_value()));
    if (L.Grid)
      for (int64_t V : {L.Grid->X, L.Grid->Y, L.Grid->Z})
        add(V);
    // Only the values of what the key met: kernels of one pattern share
    // their predictions whatever else their launches pass.
    for (const auto &[Atom, Value] : L.Known)
      if (Met.count(Atom)) {
        addAtom(Atom);
        add(Value);
      }
  }
  const std::string &bytes() const { return Bytes; }

private:
  template <class T> void add(T V) {
    Bytes.append(reinterpret_cast<const char *>(&V), sizeof V);
  }
  void add(const sym::Poly &P) {
    add(P.terms().size());
    for (const sym::Term &T : P.terms()) {
      add(T.Coeff);
      add(T.Atoms.size());
      for (sym::AtomId A : T.Atoms)
        addAtom(A);
    }
  }
  void addAtom(sym::AtomId A) {
    const sym::Atom &At = Ctx.atom(A);
    Met.insert(A);
    if (At.Kind <= sym::AtomKind::GridDim ||
        (At.Kind == sym::AtomKind::Op &&
         llvm::all_of(At.Leaves, [&](sym::AtomId Leaf) {
           return Ctx.atom(Leaf).Kind <= sym::AtomKind::GridDim;
         }))) {
      // One atom of the context whatever kernel reads it.
      add('a');
      add(A);
      return;
    }
    if (At.Kind == sym::AtomKind::Op) {
      add('o');
      add(unsigned(At.Op));
      for (const sym::Poly &Operand : At.Operands)
        add(Operand);
      return;
    }
    auto [It, First] = Named.try_emplace(A, Named.size());
    add('n');
    add(It->second);
    if (!First)
      return;
    add(unsigned(At.Kind));
    Bytes += At.Name + '\0';
    add(At.FirstIteration);
    add(unsigned(At.Varies));
    add(At.LoadedFrom.size());
    for (const sym::Poly &Address : At.LoadedFrom)
      add(Address);
  }
  const sym::Context &Ctx;
  std::map<sym::AtomId, size_t> Named;
  std::set<sym::AtomId> Met;
  std::string Bytes;
};

} // namespace

namespace {

/// predict(), or with \p IfDecided predictIfDecided(), through the
/// predictions the context keeps.
std::optional<Prediction> keptOrPredicted(const sym::Context &Ctx,
                                          ModelCaches &Caches,
                                          const AccessShape &Access,
                                          const LaunchShape &Launch,
                                          bool IfDecided) {
  if (!Launch.ExtentParams.empty())
    return predictAcrossExtents(Ctx, Caches, Access, Launch);
  const RequestCostModel *Model = costModelFor(Access);
  assert(Model && "no cost model for this address space");
  // The same access under the same launch is predicted again and again:
  // by each fix candidate that leaves it unchanged, by the swap fix-it for
  // every access of the kernel, and in every kernel of a file written from
  // one pattern. A prediction is a function of the key and of the context's
  // atoms, which never change once made: kept in the caches of the context
  // (a translation unit). A fix candidate whose count depends on the
  // unknowns (a guard opened, a mapping swapped on ggml's tensors of
  // unknown extents) is dropped whatever the other trials would say: those
  // are kept apart, as undecided, for they are no whole prediction (the
  // trials of such candidates were most of ggml's cpy.cu: 11.2 s of
  // analysis with them, 4.6 s).
  std::unordered_map<std::string, Prediction> &Kept = Caches.predictions();
  std::unordered_set<std::string> &Undecided = Caches.undecided();
  PredictionKey Key(Ctx, Access, Launch);
  if (auto It = Kept.find(Key.bytes()); It != Kept.end())
    return It->second;
  if (IfDecided && Undecided.count(Key.bytes()))
    return std::nullopt;
  std::optional<Prediction> P =
      predictWith(Ctx, Caches, Access, Launch, *Model, IfDecided);
  if (!P) {
    if (Undecided.size() < limits::PredictionsKept)
      Undecided.insert(Key.bytes());
    return std::nullopt;
  }
  rangeOverRetries(Access, *P);
  if (Kept.size() < limits::PredictionsKept)
    Kept.emplace(Key.bytes(), *P);
  return P;
}

} // namespace

Prediction predict(const sym::Context &Ctx, ModelCaches &Caches,
                   const AccessShape &Access, const LaunchShape &Launch) {
  return *keptOrPredicted(Ctx, Caches, Access, Launch, /*IfDecided=*/false);
}

std::optional<Prediction> predictIfDecided(const sym::Context &Ctx,
                                           ModelCaches &Caches,
                                           const AccessShape &Access,
                                           const LaunchShape &Launch) {
  return keptOrPredicted(Ctx, Caches, Access, Launch, /*IfDecided=*/true);
}

unsigned WarpSnapshot::requests() const {
  return ChunkBytes ? std::max(1u, WidthBytes / ChunkBytes) : 1;
}

std::optional<WarpSnapshot> firstActiveWarp(const sym::Context &Ctx,
                                            ModelCaches &Caches,
                                            const AccessShape &Access,
                                            const LaunchShape &Launch) {
  const RequestCostModel *Model = costModelFor(Access);
  assert(Model && "no cost model for this address space");
  // The trial the reported count is for: every unknown at the aligned value.
  const LaunchShape Shape = Launch.at(limits::FirstValueTried);
  LaunchWalker Walker(Ctx, Caches, Access, Shape, *Model);
  for (sym::AtomId U : Walker.unknowns())
    Walker.set(U, limits::FirstValueTried);
  return Walker.firstActiveWarp();
}

namespace {

/// Each active lane of \p W with the first byte of its chunk \p Request, as
/// the walker gives them to costOfRequest; nullopt where an active lane's
/// address is not known.
std::optional<std::vector<std::pair<unsigned, int64_t>>>
chunkStarts(const WarpSnapshot &W, unsigned Request) {
  std::vector<std::pair<unsigned, int64_t>> Starts;
  for (unsigned Lane = 0; Lane < W.Lanes.size(); ++Lane) {
    const LaneAccess &L = W.Lanes[Lane];
    if (!L.Active)
      continue;
    if (!L.ByteOffset)
      return std::nullopt;
    Starts.push_back({Lane, *L.ByteOffset + int64_t(Request) * W.ChunkBytes});
  }
  return Starts;
}

} // namespace

std::vector<SectorUse> sectorsOfRequest(const WarpSnapshot &W,
                                        unsigned Request) {
  auto Starts = chunkStarts(W, Request);
  if (!Starts)
    return {};
  std::map<int64_t, SectorUse> BySector;
  for (auto [Lane, Begin] : *Starts)
    for (int64_t B = Begin; B < Begin + W.ChunkBytes; ++B) {
      SectorUse &S = BySector[floorDiv(B, SectorBytes)];
      S.Sector = floorDiv(B, SectorBytes);
      S.UsedBytes |= uint32_t(1) << floorMod(B, SectorBytes);
      if (S.Lanes.empty() || S.Lanes.back() != Lane)
        S.Lanes.push_back(Lane);
    }
  std::vector<SectorUse> Out;
  for (auto &Entry : BySector)
    Out.push_back(std::move(Entry.second));
  return Out;
}

std::vector<BankUse> banksOfRequest(const WarpSnapshot &W, unsigned Request) {
  auto Starts = chunkStarts(W, Request);
  if (!Starts)
    return {};
  std::vector<std::map<int64_t, std::vector<unsigned>>> Words(SharedBanks);
  for (auto [Lane, Begin] : *Starts)
    for (int64_t Word = floorDiv(Begin, BankBytes);
         Word <= floorDiv(Begin + W.ChunkBytes - 1, BankBytes); ++Word) {
      std::vector<unsigned> &Lanes = Words[floorMod(Word, SharedBanks)][Word];
      if (Lanes.empty() || Lanes.back() != Lane)
        Lanes.push_back(Lane);
    }
  std::vector<BankUse> Out(SharedBanks);
  for (unsigned Bank = 0; Bank < SharedBanks; ++Bank) {
    Out[Bank].Bank = Bank;
    for (auto &Entry : Words[Bank])
      Out[Bank].Words.push_back(std::move(Entry));
  }
  return Out;
}

} // namespace model
} // namespace cudacoalesce
