//===- Model/WarpModel.cpp - One warp's view of an access -----------------===//
#include "cuda-coalesce/Model/WarpModel.h"

#include "LaunchWalker.h"

#include "cuda-coalesce/Limits.h"
#include "cuda-coalesce/Support/IntegerMath.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <cassert>
#include <map>

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

Prediction predict(const sym::Context &Ctx, const AccessShape &Access,
                   const LaunchShape &Launch) {
  const RequestCostModel *Model = costModelFor(Access.Space);
  assert(Model && "no cost model for this address space");
  return predictWith(Ctx, Access, Launch, *Model);
}

unsigned WarpSnapshot::requests() const {
  return ChunkBytes ? std::max(1u, WidthBytes / ChunkBytes) : 1;
}

std::optional<WarpSnapshot> firstActiveWarp(const sym::Context &Ctx,
                                            const AccessShape &Access,
                                            const LaunchShape &Launch) {
  const RequestCostModel *Model = costModelFor(Access.Space);
  assert(Model && "no cost model for this address space");
  LaunchWalker Walker(Ctx, Access, Launch, *Model);
  // The trial the reported count is for: every unknown at the aligned value.
  for (sym::AtomId U : Walker.unknowns())
    Walker.set(U, limits::FirstValueTried);
  return Walker.firstActiveWarp();
}

std::vector<SectorUse> sectorsOfRequest(const WarpSnapshot &W,
                                        unsigned Request) {
  // Byte ranges as the walker gives them to costOfRequest: chunk Request of
  // each active lane.
  std::map<int64_t, SectorUse> BySector;
  for (unsigned Lane = 0; Lane < W.Lanes.size(); ++Lane) {
    const LaneAccess &L = W.Lanes[Lane];
    if (!L.Active)
      continue;
    if (!L.ByteOffset)
      return {};
    int64_t Begin = *L.ByteOffset + int64_t(Request) * W.ChunkBytes;
    for (int64_t B = Begin; B < Begin + W.ChunkBytes; ++B) {
      SectorUse &S = BySector[floorDiv(B, SectorBytes)];
      S.Sector = floorDiv(B, SectorBytes);
      S.UsedBytes |= uint32_t(1) << floorMod(B, SectorBytes);
      if (S.Lanes.empty() || S.Lanes.back() != Lane)
        S.Lanes.push_back(Lane);
    }
  }
  std::vector<SectorUse> Out;
  for (auto &Entry : BySector)
    Out.push_back(std::move(Entry.second));
  return Out;
}

std::vector<BankUse> banksOfRequest(const WarpSnapshot &W, unsigned Request) {
  std::vector<std::map<int64_t, std::vector<unsigned>>> Words(SharedBanks);
  for (unsigned Lane = 0; Lane < W.Lanes.size(); ++Lane) {
    const LaneAccess &L = W.Lanes[Lane];
    if (!L.Active)
      continue;
    if (!L.ByteOffset)
      return {};
    int64_t Begin = *L.ByteOffset + int64_t(Request) * W.ChunkBytes;
    for (int64_t Word = floorDiv(Begin, BankBytes);
         Word <= floorDiv(Begin + W.ChunkBytes - 1, BankBytes); ++Word) {
      std::vector<unsigned> &Lanes = Words[floorMod(Word, SharedBanks)][Word];
      if (Lanes.empty() || Lanes.back() != Lane)
        Lanes.push_back(Lane);
    }
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
