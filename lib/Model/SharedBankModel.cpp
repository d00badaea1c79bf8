//===- Model/SharedBankModel.cpp - Banks of shared memory -----------------===//
#include "cuda-coalesce/Model/SharedBankModel.h"

#include "llvm/ADT/STLExtras.h"

#include "cuda-coalesce/Support/IntegerMath.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <utility>

namespace cudacoalesce {
namespace model {

constexpr CostModelDescription SharedBankDescription =
    CostModelDescription("wavefront", "wavefronts", "conflict-free",
                         "wavefronts")
        .groups("phases", nullptr)
        .conflict("bank conflict")
        .summedApartAs("shared memory")
        .banks(SharedBanks, BankBytes)
        .picture(WarpPicture::Banks);

unsigned lanesPerPhase(unsigned ChunkBytes) {
  return ChunkBytes > 8 ? 8 : ChunkBytes > 4 ? 16 : 32;
}

namespace {

/// One phase's lanes: the (bank, word) pairs they ask for, deduplicated, and
/// whether each four lanes in a row ask for two addresses at most (the
/// condition for sharing a pass with the other phase of the pair).
/// Kept off the heap: a request is priced at nearly every visit of a walk.
using BankWords = llvm::SmallVector<std::pair<int64_t, int64_t>, 64>;

struct Phase {
  BankWords Words;
  llvm::SmallVector<int64_t, 32> Starts;
  bool FewPerFourLanes = true;
  unsigned Group = ~0u;
  llvm::SmallVector<int64_t, 2> GroupAddresses;

  bool active() const { return !Starts.empty(); }
  void add(unsigned Lane, int64_t Address, unsigned Bytes) {
    if (Lane / 4 != Group) {
      Group = Lane / 4;
      GroupAddresses.clear();
    }
    if (!llvm::is_contained(GroupAddresses, Address)) {
      FewPerFourLanes &= GroupAddresses.size() < 2;
      GroupAddresses.push_back(Address);
    }
    Starts.push_back(Address);
    for (int64_t Word = floorDiv(Address, BankBytes);
         Word <= floorDiv(Address + Bytes - 1, BankBytes); ++Word)
      Words.push_back({floorMod(Word, SharedBanks), Word});
  }
};

/// The most distinct words any one bank is asked for.
unsigned conflictDegree(BankWords Words) {
  std::sort(Words.begin(), Words.end());
  Words.erase(std::unique(Words.begin(), Words.end()), Words.end());
  unsigned Most = 0, Run = 0;
  for (size_t I = 0; I < Words.size(); ++I) {
    Run = I && Words[I].first == Words[I - 1].first ? Run + 1 : 1;
    Most = std::max(Most, Run);
  }
  return Most;
}

/// Bytes covered by the ranges [A, A + Width) of \p Starts, overlaps once.
int64_t uniqueBytes(llvm::SmallVector<int64_t, 32> Starts, unsigned Width) {
  int64_t Bytes = 0;
  forEachByteRun(Starts, Width,
                 [&](int64_t Begin, int64_t End) { Bytes += End - Begin; });
  return Bytes;
}

} // namespace

// Wide accesses, as measured on an H200 (runtime-bench 38_shared_banks2,
// sh_double, sh_float4, sh_wide_phases) and an H100 (46_wide_phases): 8-byte
// lanes are served a half warp at a time and 16-byte lanes a quarter warp at
// a time, each phase taking its own conflict degree in wavefronts, even
// where the phases read the same words (`d[tid % 16]`: 2; `f[tid % 8]`: 4;
// `f[tid % 4]`: 4). Two phases of a pair (the two half warps of 8-byte
// lanes; quarters 0-1 and 2-3 of 16-byte lanes) share one wavefront when
// every four lanes in a row of each ask for two addresses at most and the
// pair's words are in different banks (`d[tid / 16]`: 1, `f[tid / 8]`: 2,
// `f[0]`: 2, `f[tid % 2]`: 2, `f[(tid / 2) % 4]`: 2, `f[(tid / 4) * 2]`: 2,
// where `f[tid % 4]` and `f[(tid % 4) * 2]` take 4: 29 shapes measured).
// Nsight Compute's ideal follows the same phases, without the conflicts.
RequestCost
SharedBankModel::costOfRequest(const std::vector<int64_t> &LaneAddresses,
                               uint32_t Lanes, unsigned ChunkBytes) const {
  RequestCost C;
  if (LaneAddresses.empty() || ChunkBytes == 0)
    return C;
  unsigned PerPhase = lanesPerPhase(ChunkBytes);
  llvm::SmallVector<Phase, 4> Phases(32 / PerPhase);
  size_t Next = 0; // index into LaneAddresses of the next set bit of Lanes
  for (unsigned Lane = 0; Lane < 32; ++Lane) {
    if (!(Lanes >> Lane & 1))
      continue;
    assert(Next < LaneAddresses.size() && "one address per lane bit");
    Phases[Lane / PerPhase].add(Lane, LaneAddresses[Next++], ChunkBytes);
  }
  auto Price = [&](const Phase &P) {
    C.Units += conflictDegree(P.Words);
    C.IdealUnits += std::max<int64_t>(
        1, (uniqueBytes(P.Starts, ChunkBytes) + WavefrontBytes - 1) /
               WavefrontBytes);
    ++C.Segments;
  };
  for (size_t First = 0; First < Phases.size(); First += 2) {
    if (Phases.size() == 1) {
      if (Phases[0].active())
        Price(Phases[0]);
      break;
    }
    const Phase &A = Phases[First], &B = Phases[First + 1];
    if (PhasesShareAPass && A.active() && B.active() && A.FewPerFourLanes &&
        B.FewPerFourLanes) {
      BankWords Both = A.Words;
      Both.insert(Both.end(), B.Words.begin(), B.Words.end());
      if (conflictDegree(Both) == 1) {
        ++C.Units;
        ++C.IdealUnits;
        ++C.Segments;
        continue;
      }
    }
    for (const Phase *P : {&A, &B})
      if (P->active())
        Price(*P);
  }
  C.AlignedUnits = C.IdealUnits;
  return C;
}

RequestCost SharedBankModel::costOfGather(unsigned ActiveLanes,
                                          unsigned ChunkBytes) const {
  // The worst case: every lane's words in the banks of another lane's.
  RequestCost Cost;
  unsigned PerPhase = lanesPerPhase(ChunkBytes);
  unsigned Phases = (ActiveLanes + PerPhase - 1) / PerPhase;
  Cost.Units = ActiveLanes;
  Cost.Segments = Phases;
  for (unsigned Phase = 0; Phase < Phases; ++Phase) {
    unsigned InPhase = std::min(PerPhase, ActiveLanes - Phase * PerPhase);
    Cost.IdealUnits += std::max(
        1u, (InPhase * ChunkBytes + WavefrontBytes - 1) / WavefrontBytes);
  }
  Cost.AlignedUnits = Cost.IdealUnits;
  return Cost;
}

Pattern SharedBankModel::classify(const CostTotals &T,
                                  bool DataDependent) const {
  if (T.Requests == 0 || DataDependent)
    return Pattern::Unknown;
  if (T.Units > T.IdealUnits + 1e-9)
    return Pattern::BankConflict;
  return T.AllUniform ? Pattern::Broadcast : Pattern::ConflictFree;
}

} // namespace model
} // namespace cudacoalesce
