//===- Symbolic/Expr.h - Integer polynomials over CUDA atoms ---*- C++ -*-===//
//
// The address algebra of cuda-coalesce. An address is a base plus a byte
// offset; the offset is a polynomial with integer coefficients over atoms:
// threadIdx/blockIdx/blockDim/gridDim components, kernel parameters, loop
// iteration counters, opaque values and non-polynomial operations (division,
// remainder, shifts, min/max, ...) whose operands are themselves polynomials.
//
// Like ScalarEvolution's SCEVs, atoms are uniqued in a context and never
// change once made; polynomials are small immutable-by-convention values that
// are kept in a canonical form (sorted terms, no zero coefficients), so two
// equal expressions compare equal. Nothing here knows about Clang.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_SYMBOLIC_EXPR_H
#define CUDA_COALESCE_SYMBOLIC_EXPR_H

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudacoalesce {
namespace sym {

using AtomId = unsigned;

/// One product of atoms with a coefficient. Atoms are sorted and may repeat
/// (x*x is {x, x}).
struct Term {
  std::vector<AtomId> Atoms;
  int64_t Coeff = 0;
};

/// A polynomial with int64 coefficients (arithmetic wraps like the 64-bit
/// address computation it models).
class Poly {
public:
  Poly() = default;
  static Poly constant(int64_t C);
  static Poly atom(AtomId A);

  const std::vector<Term> &terms() const { return Terms; }
  bool isZero() const { return Terms.empty(); }
  std::optional<int64_t> asConstant() const;
  /// The constant term (0 when there is none).
  int64_t constantTerm() const;
  bool mentions(AtomId A) const;

  Poly operator+(const Poly &O) const;
  Poly operator-(const Poly &O) const;
  Poly operator*(const Poly &O) const;
  Poly operator-() const;
  Poly scaled(int64_t C) const;
  bool operator==(const Poly &O) const;
  bool operator!=(const Poly &O) const { return !(*this == O); }
  bool operator<(const Poly &O) const;

  /// Exact division of every coefficient by \p D, if all are divisible.
  std::optional<Poly> dividedExactly(int64_t D) const;
  /// The sum of the terms that mention \p A, each with one factor \p A
  /// removed: the coefficient of A when the polynomial is linear in A.
  Poly coefficientOf(AtomId A) const;
  /// Each term with the coefficient \p NewCoeff gives it (an optional
  /// int64_t), or dropped where it gives none.
  template <class F> Poly mapCoefficients(F NewCoeff) const {
    Poly R;
    for (const Term &T : Terms)
      if (std::optional<int64_t> C = NewCoeff(T))
        R.Terms.push_back({T.Atoms, *C});
    R.canonicalize();
    return R;
  }

private:
  void canonicalize();
  std::vector<Term> Terms; // sorted by Atoms, no zero coefficients
};

enum class AtomKind {
  ThreadIdx,
  BlockIdx,
  BlockDim,
  GridDim,
  Param,         // a kernel parameter (or a scalar known only by name)
  LoopIteration, // 0, 1, 2, ... for each trip of one loop; same in all lanes
  Opaque,        // a value we cannot see into (a load, an unknown call)
  Op,            // a non-polynomial operation over polynomials
};

/// How an opaque value differs between the lanes of a warp. Ordered: a
/// value computed from several inputs varies as the most varying of them.
enum class Variation {
  Uniform,      // the same in every lane and every warp of a launch (a value
                // loaded from an address that depends on no index)
  PerWarp,      // the same in every lane of a warp, data that differs from
                // warp to warp (loaded at a block's or a warp's address, a
                // warp's reduction or broadcast)
  LaneComputed, // differs per lane, computed in a way the analysis does not
                // follow (a value carried around a loop, a select)
  LaneData,     // differs per lane and comes from memory (a gather's index)
};

enum class OpKind {
#define OP_KIND(Name, Spelling) Name,
#include "cuda-coalesce/Symbolic/OpKinds.def"
};

struct Atom {
  AtomKind Kind;
  unsigned Dim = 0; // 0,1,2 = x,y,z for the builtin index variables
  std::string Name; // Param, LoopIteration, Opaque
  /// LoopIteration: the counter's first value. Negative where the compiler
  /// splits the loop into pieces of fixed length that run before the rest
  /// (nvcc's unrolled loops, AddressBuilderLoop): they are the iterations
  /// FirstIteration .. -1, and the loop's own trips count from 0.
  int64_t FirstIteration = 0;
  Variation Varies = Variation::Uniform; // Opaque
  OpKind Op = OpKind::Div;
  std::vector<Poly> Operands; // Op
  /// Opaque values loaded from memory: the byte offset they were loaded
  /// from, when known (the model checks whether the lanes of a warp load
  /// one address). Not an operand: the value does not follow from it.
  std::vector<Poly> LoadedFrom;

  // Facts the context derives once, when it creates the atom (an operation's
  // operands exist before it), so that queries never re-walk operands.
  /// Every atom this one depends on that is not an operation, in the order
  /// a depth-first walk of the operands first meets them; {itself} for a
  /// leaf.
  std::vector<AtomId> Leaves;
  /// Differs between the lanes of a warp (a thread index, an opaque value
  /// that varies, or an operation over one).
  bool LaneVarying = false;
  /// A leaf is a thread index.
  bool ReadsThreadIdx = false;
  /// A leaf is an opaque value that varies as Variation::LaneData, as
  /// Variation::LaneComputed, or as Variation::PerWarp.
  bool ReadsLaneData = false, ReadsLaneComputed = false, ReadsPerWarp = false;
};

/// The slots of an Env (below), reused by the Envs of one context, one Env
/// at a time. Every stamp is drawn from Clock, so a slot an earlier Env
/// wrote never matches.
struct EnvStorage {
  struct Value {
    uint64_t Stamp = 0;
    int64_t Value = 0;
    uint64_t ChangedAt = 0; // the clock when last set to another value
  };
  struct KeptOp {
    uint64_t Stamp = 0;
    std::optional<int64_t> Value;
  };
  std::vector<Value> Values;
  std::vector<KeptOp> Ops;
  uint64_t Clock = 0;
};

/// Owns and uniques atoms. One context per analysed translation unit; it
/// also keeps the storage its Envs reuse, as ScalarEvolution keeps its
/// caches as members: what it keeps dies with it.
class Context {
public:
  Context();
  ~Context();
  Context(const Context &) = delete;
  Context &operator=(const Context &) = delete;
  AtomId threadIdx(unsigned Dim) const { return Builtins[0][Dim]; }
  AtomId blockIdx(unsigned Dim) const { return Builtins[1][Dim]; }
  AtomId blockDim(unsigned Dim) const { return Builtins[2][Dim]; }
  AtomId gridDim(unsigned Dim) const { return Builtins[3][Dim]; }
  /// One of the four above by kind (ThreadIdx, BlockIdx, BlockDim, GridDim).
  AtomId builtin(AtomKind K, unsigned Dim) const {
    assert(K <= AtomKind::GridDim && Dim < 3 && "not an index builtin");
    return Builtins[static_cast<unsigned>(K)][Dim];
  }

  /// A kernel parameter or a scalar known by name only, uniqued by \p Key
  /// (the declaration it stands for): two variables of the same name are
  /// two atoms. Without a key, uniqued by name.
  AtomId param(const std::string &Name, const void *Key = nullptr);
  /// A fresh loop-iteration counter (never uniqued: each loop gets its own),
  /// whose first value is \p FirstIteration (Atom::FirstIteration).
  AtomId loopIteration(const std::string &Name, int64_t FirstIteration = 0);
  /// A fresh opaque value.
  AtomId opaque(const std::string &Name, Variation Varies);
  /// A fresh opaque value read from memory at the byte offset \p Address.
  AtomId loaded(const std::string &Name, Variation Varies, const Poly &Address);
  /// An operation; constant operands are folded, and identities applied
  /// (x/1, x%1, x<<k as a product, ...), so the result may be no atom at all.
  Poly op(OpKind K, const Poly &L, const Poly &R);

  const Atom &atom(AtomId A) const {
    assert(A < Atoms.size() && "an atom of another context");
    return Atoms[A];
  }
  unsigned size() const { return Atoms.size(); }

  /// Whether the value can differ between the lanes of one warp.
  bool isLaneVarying(const Poly &P) const;
  bool isLaneVarying(AtomId A) const;
  /// Whether \p P depends on a value loaded per lane (an opaque atom that
  /// varies across the warp): its addresses are the data's, not computable.
  bool dependsOnLaneData(const Poly &P) const;
  /// Whether \p P depends on a per-lane value the analysis did not follow
  /// (Variation::LaneComputed).
  bool dependsOnUnfollowedLaneValue(const Poly &P) const;
  /// The variation of a value computed from \p P by means not tracked.
  Variation variationOf(const Poly &P) const;
  /// Every atom that \p P depends on, including through Op operands, each
  /// once, appended to \p Out in the order a depth-first walk meets them.
  void collectLeafAtoms(const Poly &P, std::vector<AtomId> &Out) const;
  /// Whether an atom \p P depends on (through operations too) satisfies
  /// \p Pred.
  template <class Pred> bool containsLeaf(const Poly &P, Pred Is) const {
    for (const Term &T : P.terms())
      for (AtomId A : T.Atoms)
        for (AtomId L : Atoms[A].Leaves)
          if (Is(Atoms[L]))
            return true;
    return false;
  }
  /// Whether \p P depends on \p U: is it, reads it through operations, or
  /// reads a value loaded from an address that depends on it (a table read
  /// at a loop's trip changes with the trip).
  bool dependsOn(const Poly &P, AtomId U) const;
  /// Whether \p P depends on (through operations too) one of \p Of.
  bool readsAny(const Poly &P, const std::vector<AtomId> &Of) const {
    for (const Term &T : P.terms())
      for (AtomId A : T.Atoms)
        for (AtomId L : Atoms[A].Leaves)
          if (std::find(Of.begin(), Of.end(), L) != Of.end())
            return true;
    return false;
  }

  /// \p P with atoms replaced (simultaneously) by polynomials, through the
  /// operands of operations too; each operation is rewritten once.
  Poly substitute(const Poly &P, const std::map<AtomId, Poly> &With);

  std::string str(const Poly &P) const;
  std::string str(AtomId A) const;
  /// The atoms' names, separated by commas.
  std::string str(const std::vector<AtomId> &Atoms) const;

  /// The storage of this context's Envs that none uses now.
  size_t idleEnvStorage() const { return IdleEnvs.size(); }

private:
  friend class Env;
  /// Stores \p A with its derived facts.
  AtomId add(Atom A);
  Poly rewrite(const Poly &P, const std::map<AtomId, Poly> &With,
               std::map<AtomId, Poly> &Rewritten);
  std::vector<Atom> Atoms;
  AtomId Builtins[4][3];
  std::map<std::pair<const void *, std::string>, AtomId> Params;
  std::map<std::pair<unsigned, std::vector<Poly>>, AtomId> Ops;
  /// Lent to an Env while it lives: Envs are made where the context is read
  /// only (a walk), so the pool is not part of its value.
  mutable std::vector<std::unique_ptr<EnvStorage>> IdleEnvs;
};

/// Values for atoms while evaluating: indexed by AtomId; unset = unknown.
/// It also keeps the value of each operation that evaluate() meets until one
/// of the leaves it reads changes: the operations of a lowered loop (trip
/// counts, pieces) recur in many terms of an address and of its guards, and
/// an operation over the unknowns alone (ggml's quotients of tensor sizes)
/// keeps its value through every visit of a trial, while the block index and
/// the lanes change (ggml's flash-attention instances: a third of the
/// analysis was such operations evaluated again at each visit).
///
/// An Env costs O(1) to make: its slots (one per atom of the context) come
/// from storage that the Envs of its context reuse, and a slot counts only
/// when its stamp is this Env's. A zero fill per Env made the analysis of a
/// translation unit quadratic in its kernels: the context holds the atoms of
/// all of them, and each access walks with an Env of its own.
class Env {
public:
  /// An Env for the atoms of \p Ctx, which must outlive it.
  explicit Env(const Context &Ctx);
  ~Env();
  Env(const Env &) = delete;
  Env &operator=(const Env &) = delete;

  void set(AtomId A, int64_t V) {
    if (A >= S->Values.size())
      S->Values.resize(A + 1);
    EnvStorage::Value &Slot = S->Values[A];
    if (Slot.Stamp != Epoch || Slot.Value != V)
      Slot = {Epoch, V, ++S->Clock};
  }
  void unset(AtomId A) {
    if (A < S->Values.size() && S->Values[A].Stamp == Epoch) {
      S->Values[A].Stamp = 0;
      S->Values[A].ChangedAt = ++S->Clock;
    }
  }
  std::optional<int64_t> get(AtomId A) const {
    if (A < S->Values.size() && S->Values[A].Stamp == Epoch)
      return S->Values[A].Value;
    return std::nullopt;
  }
  /// The value kept for operation \p Op under the current values, if any
  /// (an outer nullopt: none kept).
  std::optional<std::optional<int64_t>> kept(AtomId Op) const {
    if (Op < S->Ops.size() && S->Ops[Op].Stamp >= Epoch &&
        leavesUnchangedSince(Op, S->Ops[Op].Stamp))
      return S->Ops[Op].Value;
    return std::nullopt;
  }
  void keep(AtomId Op, std::optional<int64_t> V) const {
    if (Op >= S->Ops.size())
      S->Ops.resize(Op + 1);
    S->Ops[Op] = {S->Clock, V};
  }

private:
  const Context &Owner; // whose pool S goes back to
  std::unique_ptr<EnvStorage> S;
  bool leavesUnchangedSince(AtomId Op, uint64_t Stamp) const;

  uint64_t Epoch; // the stamp of this Env's values
};

/// Evaluates \p P; nullopt when an atom is unknown or an operation is
/// undefined (division by zero, an out-of-range shift).
std::optional<int64_t> evaluate(const Context &Ctx, const Poly &P,
                                const Env &E);

/// The thread indices of up to 32 points (the lanes of a warp) that agree on
/// every other value but a few leaves of their own.
struct ThreadPoints {
  static constexpr unsigned MaxOwnLeaves = 4;
  unsigned Count = 0;
  std::array<int64_t, 32> Index[3]; // x, y, z
  /// Leaves besides the thread index whose value is each point's own (the
  /// trip a lane is at in a loop whose lanes run apart).
  unsigned OwnLeafCount = 0;
  AtomId OwnLeaf[MaxOwnLeaves] = {};
  std::array<int64_t, 32> OwnValue[MaxOwnLeaves];
};
/// Evaluates \p P at each point of \p At, the thread index and the own
/// leaves from there and every other atom from \p E: Out[I] is bit for bit
/// what evaluate() gives with the values of point I set. What reads neither
/// is evaluated once, not once per point. Sets the thread index and the own
/// leaves in \p E (to some point's) where \p P nests operations too deep
/// to batch.
void evaluateAtPoints(const Context &Ctx, const Poly &P, Env &E,
                      const ThreadPoints &At, std::optional<int64_t> *Out);
/// Applies one operation to concrete values (C++ semantics on int64).
std::optional<int64_t> applyOp(OpKind K, int64_t L, int64_t R);

} // namespace sym
} // namespace cudacoalesce

#endif
