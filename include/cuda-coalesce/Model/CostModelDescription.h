//===- Model/CostModelDescription.h - A model's unit in words --*- C++ -*-===//
//
// What a cost model counts and what the reports call it: the unit (a 32-byte
// sector of global memory, a wavefront of shared memory), its ideal, its
// secondary grouping, its waste, the JSON keys its counts go under and the
// picture of a warp that shows them. Every report asks a prediction's
// description instead of asking which memory it is in, so that a new model
// brings its own words. No Clang types here.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_MODEL_COSTMODELDESCRIPTION_H
#define CUDA_COALESCE_MODEL_COSTMODELDESCRIPTION_H

namespace cudacoalesce {
namespace model {

/// The picture of one warp's request that the audit reports draw.
enum class WarpPicture {
  /// None: the report says so where the picture would be.
  None,
  /// The 32-byte sectors the lanes' bytes fall in (sectorsOfRequest).
  Sectors,
  /// The words each of the 32 banks is asked for (banksOfRequest).
  Banks,
};

/// A model's own words, from the four every model has on; each part the
/// reports may leave out is added by a call that names it:
///
///   CostModelDescription("sector", "sectors", "coalesced", "sectors")
///       .groups("128-byte segments", "segments")
///       .deviceBytesPerUnit(32)
struct CostModelDescription {
  /// The unit a request is priced in: "sector" and "sectors".
  const char *Unit;
  const char *UnitPlural;
  /// The pattern of a request at its ideal count, as the conditions name
  /// it: "coalesced" ("coalesced iff W % 8 == 0").
  const char *IdealPattern;
  /// The stem of the JSON keys of the counts: "sectors" gives
  /// "sectors_per_request", "ideal_sectors_per_request",
  /// "wasted_sectors_per_launch", "predicted_sectors_per_request", ...
  const char *KeyStem;
  /// What Prediction::Groups counts ("128-byte segments"), and the stem of
  /// its JSON key ("segments": "segments_per_request"); the notes and the
  /// JSON leave the groups out where the stem is null (shared memory's
  /// phases).
  const char *Groups = "";
  const char *GroupsKey = nullptr;
  /// What the units over the ideal are called where the reports count them
  /// in ways ("bank conflict": "2-way bank conflict", the JSON's
  /// "conflict_ways"); null where they give an efficiency instead.
  const char *Conflict = nullptr;
  /// Device-memory bytes one unit moves (a sector: 32); 0 where the units
  /// move none (wavefronts of shared memory). The traffic in bytes and the
  /// time estimates are given only where it is set.
  unsigned DeviceBytesPerUnit = 0;
  /// The audit reports' tables and totals count 32-byte sectors. A model
  /// whose units are something else is summed apart under this name
  /// ("shared memory"), and its unit is named after each of its counts;
  /// null for sectors.
  const char *SummedApartAs = nullptr;
  /// What lane 0's offset within the model's period (periodBytes) is given
  /// in by the notes ("128-byte segment"); null: not given.
  const char *Period = nullptr;
  /// Where set, the notes give the lanes' spacing in banks of BankBytes
  /// bytes, of which there are Banks; 0: not given.
  unsigned Banks = 0, BankBytes = 0;
  WarpPicture Picture = WarpPicture::None;

  constexpr CostModelDescription(const char *Unit, const char *UnitPlural,
                                 const char *IdealPattern, const char *KeyStem)
      : Unit(Unit), UnitPlural(UnitPlural), IdealPattern(IdealPattern),
        KeyStem(KeyStem) {}
  /// The groups' words and JSON key stem (Groups, GroupsKey).
  constexpr CostModelDescription groups(const char *Words,
                                        const char *Key) const {
    return with(&CostModelDescription::Groups, Words)
        .with(&CostModelDescription::GroupsKey, Key);
  }
  /// The waste counted in ways (Conflict).
  constexpr CostModelDescription conflict(const char *Words) const {
    return with(&CostModelDescription::Conflict, Words);
  }
  /// Traffic in bytes and time (DeviceBytesPerUnit).
  constexpr CostModelDescription deviceBytesPerUnit(unsigned Bytes) const {
    return with(&CostModelDescription::DeviceBytesPerUnit, Bytes);
  }
  /// Summed apart from the sectors, under \p Memory (SummedApartAs).
  constexpr CostModelDescription summedApartAs(const char *Memory) const {
    return with(&CostModelDescription::SummedApartAs, Memory);
  }
  /// Lane 0's place in the period, in the notes (Period).
  constexpr CostModelDescription period(const char *Words) const {
    return with(&CostModelDescription::Period, Words);
  }
  /// The lanes' spacing in banks, in the notes (Banks, BankBytes).
  constexpr CostModelDescription banks(unsigned Count, unsigned Bytes) const {
    return with(&CostModelDescription::Banks, Count)
        .with(&CostModelDescription::BankBytes, Bytes);
  }
  /// The audits' picture of a warp (Picture).
  constexpr CostModelDescription picture(WarpPicture P) const {
    return with(&CostModelDescription::Picture, P);
  }

private:
  template <class T>
  constexpr CostModelDescription with(T CostModelDescription::*Field,
                                      T Value) const {
    CostModelDescription D = *this;
    D.*Field = Value;
    return D;
  }
};

} // namespace model
} // namespace cudacoalesce

#endif
