// The model's contract (docs/model.md, "What a number promises"), checked
// as a property: accesses whose addresses or guards read values the
// analysis does not know (a kernel parameter, data loaded per lane, a base
// of unknown alignment) are predicted once; then random values are drawn
// for the unknowns, the launch is counted by brute force from the sector
// and bank rules alone (every byte of every active lane into sets), and the
// count must be the definite one, or fall in the stated range. "No lane
// reaches" must hold for every value drawn.
#include "cuda-coalesce/Model/WarpModel.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

using namespace cudacoalesce;
using namespace cudacoalesce::model;
using sym::Poly;

namespace {

/// The unknowns of one access and a value for each.
struct Unknowns {
  sym::AtomId Param = 0, LaneData = 0, PerWarp = 0;
  int64_t ParamValue = 0, PerWarpValue = 0;
  std::vector<int64_t> LaneDataValues; // per thread of the block and block
};

/// Average units per request over the launch for one value of the unknowns;
/// nullopt when no warp issues the access. Global: distinct 32-byte sectors
/// of the active lanes' bytes. Shared (4-byte lanes): the most distinct
/// words any bank serves.
std::optional<double> bruteForce(const sym::Context &Ctx, const AccessShape &A,
                                 const LaunchShape &L, const Unknowns &U) {
  double Units = 0;
  uint64_t Requests = 0;
  int64_t Threads = L.Block.volume();
  for (int64_t B = 0; B < L.Grid->X; ++B)
    for (int64_t W = 0; W * 32 < Threads; ++W) {
      std::set<int64_t> Sectors;
      std::map<int64_t, std::set<int64_t>> WordsOfBank;
      bool Active = false;
      for (int64_t Lane = 0; Lane < 32 && W * 32 + Lane < Threads; ++Lane) {
        int64_t T = W * 32 + Lane;
        sym::Env E(Ctx);
        E.set(Ctx.threadIdx(0), T % L.Block.X);
        E.set(Ctx.threadIdx(1), (T / L.Block.X) % L.Block.Y);
        E.set(Ctx.threadIdx(2), T / (L.Block.X * L.Block.Y));
        E.set(Ctx.blockIdx(0), B);
        E.set(Ctx.blockIdx(1), 0);
        E.set(Ctx.blockIdx(2), 0);
        for (unsigned D = 0; D < 3; ++D)
          E.set(Ctx.blockDim(D), D == 0   ? L.Block.X
                                 : D == 1 ? L.Block.Y
                                          : L.Block.Z);
        E.set(Ctx.gridDim(0), L.Grid->X);
        E.set(Ctx.gridDim(1), 1);
        E.set(Ctx.gridDim(2), 1);
        E.set(U.Param, U.ParamValue);
        E.set(U.PerWarp, U.PerWarpValue);
        E.set(U.LaneData, U.LaneDataValues[B * Threads + T]);
        bool Passes = true;
        for (const Guard &G : A.Guards)
          Passes &= holds(G.Op, *sym::evaluate(Ctx, G.Diff, E));
        if (!Passes)
          continue;
        Active = true;
        int64_t Addr = *sym::evaluate(Ctx, A.ByteOffset, E);
        for (unsigned I = 0; I < A.WidthBytes; ++I) {
          int64_t Byte = Addr + I;
          Sectors.insert(Byte >> 5);
          WordsOfBank[(Byte >> 2) & 31].insert(Byte >> 2);
        }
      }
      if (!Active)
        continue;
      ++Requests;
      if (A.Space == AddressSpace::Global) {
        Units += Sectors.size();
      } else {
        size_t Most = 0;
        for (const auto &[Bank, Words] : WordsOfBank)
          Most = std::max(Most, Words.size());
        Units += Most;
      }
    }
  if (!Requests)
    return std::nullopt;
  return Units / Requests;
}

/// Builds random accesses over the unknowns, predicts each once and checks
/// the prediction against many draws of the unknowns.
class ContractCheck {
public:
  ContractCheck(AddressSpace Space, uint64_t Seed) : Space(Space), Rng(Seed) {}

  int64_t pick(int64_t Lo, int64_t Hi) {
    return std::uniform_int_distribution<int64_t>(Lo, Hi)(Rng);
  }

  /// The launch's blocks (one row of them).
  int64_t GridBlocks = 2;
  /// Parameters may also be sizes larger than the launch's threads.
  bool LargeParams = false;

  /// A parameter's value as sizes, strides and offsets come: small ones,
  /// powers of two, and anything up to a few thousand.
  int64_t paramValue() {
    if (LargeParams && pick(0, 3) == 0)
      return pick(1000, int64_t(1) << 24);
    switch (pick(0, 3)) {
    case 0:
      return pick(0, 8);
    case 1:
      return int64_t(1) << pick(0, 12);
    default:
      return pick(0, 3000);
    }
  }

  /// One access: \p Build makes its byte offset and guards from the atoms.
  template <class BuildFn> void check(int Cases, BuildFn Build) {
    for (int Case = 0; Case < Cases; ++Case) {
      sym::Context Ctx;
      ModelCaches Caches;
      Unknowns U;
      U.Param = Ctx.param("n");
      U.LaneData = Ctx.opaque("idx[i]", sym::Variation::LaneData);
      U.PerWarp = Ctx.opaque("base", sym::Variation::PerWarp);
      AccessShape A;
      A.Space = Space;
      A.WidthBytes = A.ChunkBytes = 4;
      LaunchShape L;
      static const Dim3 Blocks[] = {
          {256, 1, 1}, {32, 8, 1}, {16, 16, 1}, {64, 1, 1}, {8, 32, 1}};
      L.Block = Blocks[pick(0, 4)];
      Build(*this, Ctx, U, A);
      L.Grid = Dim3{GridBlocks, 1, 1};
      Prediction P = predict(Ctx, Caches, A, L);
      SCOPED_TRACE("case " + std::to_string(Case) + ": " +
                   Ctx.str(A.ByteOffset) + " block " +
                   std::to_string(L.Block.X) + "x" + std::to_string(L.Block.Y));
      for (int Draw = 0; Draw < 40; ++Draw) {
        U.ParamValue = paramValue();
        U.PerWarpValue = pick(0, 4095);
        U.LaneDataValues.clear();
        int64_t Bound = int64_t(1) << pick(3, 16);
        for (int64_t I = 0; I < GridBlocks * L.Block.volume(); ++I)
          U.LaneDataValues.push_back(pick(0, Bound));
        std::optional<double> Truth = bruteForce(Ctx, A, L, U);
        if (!Truth) {
          continue; // no lane runs under these values: nothing to count
        }
        SCOPED_TRACE("n = " + std::to_string(U.ParamValue) +
                     ", base = " + std::to_string(U.PerWarpValue));
        ASSERT_FALSE(P.Cause &&
                     P.Cause->What == UnknownCause::Kind::NoLaneReaches)
            << "no lane reaches, but " << *Truth << " units a request";
        if (P.Units) {
          checkDefinite(P, *Truth);
        } else {
          ASSERT_GE(*Truth, P.UnitsMin - 1e-6) << "below the range";
          ASSERT_LE(*Truth, P.UnitsMax + 1e-6) << "above the range";
        }
      }
    }
  }

private:
  /// A definite count is exact, unless it is given under an assumption the
  /// output names (contract point 1): then the range that assumption states
  /// holds.
  static void checkDefinite(const Prediction &P, double Truth) {
    auto Named = [&](Assumption::Kind K) -> const Assumption * {
      for (const Assumption &A : P.Assumptions)
        if (A.What == K)
          return &A;
      return nullptr;
    };
    if (const Assumption *A =
            Named(Assumption::Kind::SamePatternForEveryValue)) {
      // The count is for the aligned case; the range it states (JSON's
      // sectors_low/sectors_high) is every value's.
      ASSERT_TRUE(P.AlignmentAssumed);
      auto Range = P.rangeStoodFor();
      ASSERT_TRUE(Range) << "no range stated for the count";
      EXPECT_LE(Range->first, A->Least + 1e-9);
      EXPECT_GE(Range->second, A->Most - 1e-9);
      ASSERT_GE(Truth, Range->first - 1e-6) << "below the range of every value";
      ASSERT_LE(Truth, Range->second + 1e-6)
          << "above the range of every value";
    } else if (Named(Assumption::Kind::DataPerWarp)) {
      // Averaged over the warps' alignments; each warp within the range.
      ASSERT_GE(Truth, P.UnitsMin - 1e-6) << "below the warps' range";
      ASSERT_LE(Truth, P.UnitsMax + 1e-6) << "above the warps' range";
    } else if (Named(Assumption::Kind::GuardUnknown)) {
      // Counted with every lane active: fewer lanes touch fewer units.
      ASSERT_LE(Truth, P.UnitsMax + 1e-6) << "above the all-lanes count";
    } else {
      ASSERT_NEAR(*P.Units, Truth, 1e-6) << "a definite count";
    }
  }

  AddressSpace Space;
  std::mt19937_64 Rng;
};

Poly atom(sym::AtomId A) { return Poly::atom(A); }
Poly gtid(const sym::Context &Ctx) {
  return atom(Ctx.blockIdx(0)) * atom(Ctx.blockDim(0)) + atom(Ctx.threadIdx(0));
}

class ModelContractTest : public ::testing::TestWithParam<AddressSpace> {};

// A parameter that scales the lanes: `a[tid * n]`, also with a row index.
TEST_P(ModelContractTest, ParameterStride) {
  ContractCheck C(GetParam(), 1);
  C.LargeParams = true;
  C.GridBlocks = 8;
  C.check(30, [](ContractCheck &C, sym::Context &Ctx, Unknowns &U,
                 AccessShape &A) {
    Poly Lane = C.pick(0, 1) ? gtid(Ctx)
                             : atom(Ctx.threadIdx(1)).scaled(C.pick(1, 64)) +
                                   atom(Ctx.threadIdx(0));
    A.ByteOffset = (Lane * atom(U.Param)).scaled(4);
  });
}

// A parameter that is a row's width: `a[ty * n + tx]`.
TEST_P(ModelContractTest, ParameterRowWidth) {
  ContractCheck C(GetParam(), 2);
  C.LargeParams = true;
  C.GridBlocks = 8;
  C.check(
      30, [](ContractCheck &C, sym::Context &Ctx, Unknowns &U, AccessShape &A) {
        A.ByteOffset = (atom(Ctx.threadIdx(1)) * atom(U.Param) +
                        atom(Ctx.threadIdx(0)) + Poly::constant(C.pick(0, 3)))
                           .scaled(4);
      });
}

// A parameter that decides which lanes run: `if (tid < n) a[tid]`.
TEST_P(ModelContractTest, ParameterGuard) {
  ContractCheck C(GetParam(), 3);
  C.LargeParams = true;
  C.GridBlocks = 8;
  C.check(30,
          [](ContractCheck &C, sym::Context &Ctx, Unknowns &U, AccessShape &A) {
            Poly Lane = C.pick(0, 1) ? gtid(Ctx) : atom(Ctx.threadIdx(0));
            A.ByteOffset = Lane.scaled(4 * C.pick(1, 2));
            A.Guards.push_back({Lane - atom(U.Param), Cmp::LT});
          });
}

// A parameter that clamps the lanes' index: `a[min(tid, n - 1)]` over a grid
// of up to 32 blocks, n also past the grid's threads (every lane its own
// element there).
TEST_P(ModelContractTest, ParameterClamp) {
  ContractCheck C(GetParam(), 6);
  C.LargeParams = true;
  C.check(12,
          [](ContractCheck &C, sym::Context &Ctx, Unknowns &U, AccessShape &A) {
            C.GridBlocks = C.pick(2, 32);
            Poly Last = atom(U.Param) - Poly::constant(1);
            A.ByteOffset = Ctx.op(sym::OpKind::Min, gtid(Ctx), Last).scaled(4);
          });
}

// An address loaded per lane: a gather `a[idx[i]]`.
TEST_P(ModelContractTest, Gather) {
  ContractCheck C(GetParam(), 4);
  C.check(20,
          [](ContractCheck &C, sym::Context &Ctx, Unknowns &U, AccessShape &A) {
            A.ByteOffset = atom(U.LaneData).scaled(4);
          });
}

// A warp-uniform base of unknown alignment: `a[base + tid]`.
TEST_P(ModelContractTest, UniformBaseOfUnknownAlignment) {
  ContractCheck C(GetParam(), 5);
  C.check(20, [](ContractCheck &C, sym::Context &Ctx, Unknowns &U,
                 AccessShape &A) {
    A.ByteOffset = (atom(U.PerWarp) + gtid(Ctx).scaled(C.pick(1, 2))).scaled(4);
  });
}

INSTANTIATE_TEST_SUITE_P(GlobalAndShared, ModelContractTest,
                         ::testing::Values(AddressSpace::Global,
                                           AddressSpace::Shared),
                         [](const auto &Info) {
                           return std::string(addressSpaceName(Info.param));
                         });

} // namespace
