//===- Symbolic/Expr.cpp - Integer polynomials over CUDA atoms -----------===//
#include "cuda-coalesce/Symbolic/Expr.h"
#include "Evaluation.h"

#include "cuda-coalesce/Support/EnumNames.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <iterator>
#include <memory>
#include <sstream>

namespace cudacoalesce {
namespace sym {

Poly Poly::constant(int64_t C) {
  Poly P;
  if (C != 0)
    P.Terms.push_back({{}, C});
  return P;
}

Poly Poly::atom(AtomId A) {
  Poly P;
  P.Terms.push_back({{A}, 1});
  return P;
}

void Poly::canonicalize() {
  std::sort(Terms.begin(), Terms.end(),
            [](const Term &L, const Term &R) { return L.Atoms < R.Atoms; });
  std::vector<Term> Merged;
  for (Term &T : Terms) {
    if (!Merged.empty() && Merged.back().Atoms == T.Atoms)
      Merged.back().Coeff = wrapAdd(Merged.back().Coeff, T.Coeff);
    else
      Merged.push_back(std::move(T));
  }
  Merged.erase(std::remove_if(Merged.begin(), Merged.end(),
                              [](const Term &T) { return T.Coeff == 0; }),
               Merged.end());
  Terms = std::move(Merged);
}

std::optional<int64_t> Poly::asConstant() const {
  if (Terms.empty())
    return 0;
  if (Terms.size() == 1 && Terms[0].Atoms.empty())
    return Terms[0].Coeff;
  return std::nullopt;
}

int64_t Poly::constantTerm() const {
  return !Terms.empty() && Terms[0].Atoms.empty() ? Terms[0].Coeff : 0;
}

bool Poly::mentions(AtomId A) const {
  for (const Term &T : Terms)
    if (std::find(T.Atoms.begin(), T.Atoms.end(), A) != T.Atoms.end())
      return true;
  return false;
}

Poly Poly::operator+(const Poly &O) const {
  Poly R = *this;
  R.Terms.insert(R.Terms.end(), O.Terms.begin(), O.Terms.end());
  R.canonicalize();
  return R;
}

Poly Poly::operator-() const { return scaled(-1); }
Poly Poly::operator-(const Poly &O) const { return *this + (-O); }

Poly Poly::scaled(int64_t C) const {
  Poly R = *this;
  for (Term &T : R.Terms)
    T.Coeff = wrapMul(T.Coeff, C);
  R.canonicalize();
  return R;
}

Poly Poly::operator*(const Poly &O) const {
  Poly R;
  for (const Term &A : Terms)
    for (const Term &B : O.Terms) {
      Term T;
      T.Atoms = A.Atoms;
      T.Atoms.insert(T.Atoms.end(), B.Atoms.begin(), B.Atoms.end());
      std::sort(T.Atoms.begin(), T.Atoms.end());
      T.Coeff = wrapMul(A.Coeff, B.Coeff);
      R.Terms.push_back(std::move(T));
    }
  R.canonicalize();
  return R;
}

bool Poly::operator==(const Poly &O) const {
  if (Terms.size() != O.Terms.size())
    return false;
  for (size_t I = 0; I < Terms.size(); ++I)
    if (Terms[I].Atoms != O.Terms[I].Atoms ||
        Terms[I].Coeff != O.Terms[I].Coeff)
      return false;
  return true;
}

bool Poly::operator<(const Poly &O) const {
  return std::lexicographical_compare(
      Terms.begin(), Terms.end(), O.Terms.begin(), O.Terms.end(),
      [](const Term &L, const Term &R) {
        return L.Atoms != R.Atoms ? L.Atoms < R.Atoms : L.Coeff < R.Coeff;
      });
}

std::optional<Poly> Poly::dividedExactly(int64_t D) const {
  if (D == 0)
    return std::nullopt;
  Poly R = *this;
  for (Term &T : R.Terms) {
    if (T.Coeff % D != 0)
      return std::nullopt;
    T.Coeff /= D;
  }
  return R;
}

Poly Poly::coefficientOf(AtomId A) const {
  Poly R;
  for (const Term &T : Terms) {
    auto It = std::find(T.Atoms.begin(), T.Atoms.end(), A);
    if (It == T.Atoms.end())
      continue;
    Term Rest = T;
    Rest.Atoms.erase(Rest.Atoms.begin() + (It - T.Atoms.begin()));
    R.Terms.push_back(std::move(Rest));
  }
  R.canonicalize();
  return R;
}

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

Context::Context() {
  const AtomKind Kinds[4] = {AtomKind::ThreadIdx, AtomKind::BlockIdx,
                             AtomKind::BlockDim, AtomKind::GridDim};
  for (unsigned K = 0; K < 4; ++K)
    for (unsigned D = 0; D < 3; ++D) {
      Atom A;
      A.Kind = Kinds[K];
      A.Dim = D;
      Builtins[K][D] = add(std::move(A));
    }
}

Context::~Context() = default;

AtomId Context::add(Atom A) {
  AtomId Id = Atoms.size();
  switch (A.Kind) {
  case AtomKind::ThreadIdx:
    A.LaneVarying = A.ReadsThreadIdx = true;
    break;
  case AtomKind::Opaque:
    A.LaneVarying =
        A.Varies == Variation::LaneComputed || A.Varies == Variation::LaneData;
    A.ReadsLaneData = A.Varies == Variation::LaneData;
    A.ReadsLaneComputed = A.Varies == Variation::LaneComputed;
    A.ReadsPerWarp = A.Varies == Variation::PerWarp;
    break;
  case AtomKind::Op:
    for (const Poly &P : A.Operands)
      for (const Term &T : P.terms())
        for (AtomId O : T.Atoms) {
          const Atom &Operand = Atoms[O];
          A.LaneVarying |= Operand.LaneVarying;
          A.ReadsThreadIdx |= Operand.ReadsThreadIdx;
          A.ReadsLaneData |= Operand.ReadsLaneData;
          A.ReadsLaneComputed |= Operand.ReadsLaneComputed;
          A.ReadsPerWarp |= Operand.ReadsPerWarp;
          for (AtomId L : Operand.Leaves)
            if (std::find(A.Leaves.begin(), A.Leaves.end(), L) ==
                A.Leaves.end())
              A.Leaves.push_back(L);
        }
    break;
  case AtomKind::BlockIdx:
  case AtomKind::BlockDim:
  case AtomKind::GridDim:
  case AtomKind::Param:
  case AtomKind::LoopIteration:
    break;
  }
  if (A.Kind != AtomKind::Op)
    A.Leaves = {Id};
  Atoms.push_back(std::move(A));
  return Id;
}

AtomId Context::param(const std::string &Name, const void *Key) {
  auto [It, New] = Params.try_emplace({Key, Key ? std::string() : Name}, 0);
  if (!New)
    return It->second;
  Atom A;
  A.Kind = AtomKind::Param;
  A.Name = Name;
  It->second = add(std::move(A));
  return It->second;
}

AtomId Context::loopIteration(const std::string &Name, int64_t FirstIteration) {
  assert(FirstIteration <= 0 && "a loop counter starts at 0 or before");
  Atom A;
  A.Kind = AtomKind::LoopIteration;
  A.Name = Name;
  A.FirstIteration = FirstIteration;
  return add(std::move(A));
}

AtomId Context::opaque(const std::string &Name, Variation Varies) {
  Atom A;
  A.Kind = AtomKind::Opaque;
  A.Name = Name;
  A.Varies = Varies;
  return add(std::move(A));
}

AtomId Context::loaded(const std::string &Name, Variation Varies,
                       const Poly &Address) {
  Atom A;
  A.Kind = AtomKind::Opaque;
  A.Name = Name;
  A.Varies = Varies;
  A.LoadedFrom = {Address};
  return add(std::move(A));
}

Poly Context::op(OpKind K, const Poly &L, const Poly &R) {
  auto LC = L.asConstant(), RC = R.asConstant();
  if (LC && RC)
    if (auto V = applyOp(K, *LC, *RC))
      return Poly::constant(*V);
  if (RC) {
    switch (K) {
    case OpKind::Div:
      if (*RC == 1)
        return L;
      // (c*x)/c == x exactly, whatever the sign of x.
      if (auto Q = L.dividedExactly(*RC))
        return *Q;
      break;
    case OpKind::Rem:
      if (*RC == 1 || *RC == -1)
        return Poly();
      if (L.dividedExactly(*RC))
        return Poly();
      break;
    case OpKind::Shl:
      if (*RC >= 0 && *RC < 63)
        return L.scaled(int64_t(1) << *RC);
      break;
    case OpKind::Shr:
      if (*RC == 0)
        return L;
      break;
    case OpKind::Or:
    case OpKind::Xor:
      if (*RC == 0)
        return L;
      break;
    case OpKind::And:
      if (*RC == 0)
        return Poly();
      if (*RC == -1)
        return L;
      break;
    default:
      break;
    }
  }
  if ((K == OpKind::Min || K == OpKind::Max) && L == R)
    return L;
  // x >> k is not x / 2^k for negative x, so shifts stay operations and
  // evaluation applies them to concrete values.
  std::vector<Poly> Operands = {L, R};
  auto Key = std::make_pair(static_cast<unsigned>(K), Operands);
  auto It = Ops.find(Key);
  if (It != Ops.end())
    return Poly::atom(It->second);
  Atom A;
  A.Kind = AtomKind::Op;
  A.Op = K;
  A.Operands = std::move(Operands);
  AtomId Id = add(std::move(A));
  Ops[Key] = Id;
  return Poly::atom(Id);
}

bool Context::isLaneVarying(AtomId A) const { return Atoms[A].LaneVarying; }

bool Context::isLaneVarying(const Poly &P) const {
  return containsLeaf(P, [](const Atom &A) { return A.LaneVarying; });
}

bool Context::dependsOnLaneData(const Poly &P) const {
  return containsLeaf(P, [](const Atom &A) { return A.ReadsLaneData; });
}

bool Context::dependsOnUnfollowedLaneValue(const Poly &P) const {
  return containsLeaf(P, [](const Atom &A) { return A.ReadsLaneComputed; });
}

Variation Context::variationOf(const Poly &P) const {
  if (dependsOnLaneData(P))
    return Variation::LaneData;
  if (isLaneVarying(P))
    return Variation::LaneComputed;
  return containsLeaf(P, [](const Atom &A) { return A.ReadsPerWarp; })
             ? Variation::PerWarp
             : Variation::Uniform;
}

void Context::collectLeafAtoms(const Poly &P, std::vector<AtomId> &Out) const {
  for (const Term &T : P.terms())
    for (AtomId A : T.Atoms)
      for (AtomId L : Atoms[A].Leaves)
        if (std::find(Out.begin(), Out.end(), L) == Out.end())
          Out.push_back(L);
}

bool Context::dependsOn(const Poly &P, AtomId U) const {
  for (const Term &T : P.terms())
    for (AtomId A : T.Atoms) {
      if (A == U)
        return true;
      for (AtomId L : Atoms[A].Leaves) {
        if (L == U)
          return true;
        for (const Poly &From : Atoms[L].LoadedFrom)
          if (dependsOn(From, U))
            return true;
      }
    }
  return false;
}

Poly Context::substitute(const Poly &P, const std::map<AtomId, Poly> &With) {
  std::map<AtomId, Poly> Rewritten;
  return rewrite(P, With, Rewritten);
}

Poly Context::rewrite(const Poly &P, const std::map<AtomId, Poly> &With,
                      std::map<AtomId, Poly> &Rewritten) {
  Poly Result;
  for (const Term &T : P.terms()) {
    Poly Product = Poly::constant(T.Coeff);
    for (AtomId A : T.Atoms) {
      auto It = With.find(A);
      if (It != With.end()) {
        Product = Product * It->second;
        continue;
      }
      if (Atoms[A].Kind != AtomKind::Op) {
        Product = Product * Poly::atom(A);
        continue;
      }
      auto Done = Rewritten.find(A);
      if (Done == Rewritten.end()) {
        // Copy the operands: op() may grow Atoms and move them.
        OpKind K = Atoms[A].Op;
        Poly L = Atoms[A].Operands[0], R = Atoms[A].Operands[1];
        Poly New =
            op(K, rewrite(L, With, Rewritten), rewrite(R, With, Rewritten));
        Done = Rewritten.emplace(A, std::move(New)).first;
      }
      Product = Product * Done->second;
    }
    Result = Result + Product;
  }
  return Result;
}

static const char *opSpelling(OpKind K) {
  static const char *const Spellings[] = {
#define OP_KIND(Name, Spelling) Spelling,
#include "cuda-coalesce/Symbolic/OpKinds.def"
  };
  return enumName(Spellings, K);
}

/// Whether source text reads as one operand wherever it is printed: a name,
/// a member, a call or a subscript, operators only inside brackets (`name<`
/// opens template arguments).
static bool readsAsOneOperand(const std::string &Text) {
  int Depth = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    bool TemplateOpen =
        C == '<' && I > 0 &&
        (std::isalnum(static_cast<unsigned char>(Text[I - 1])) ||
         Text[I - 1] == '_');
    if (C == '(' || C == '[' || C == '{' || TemplateOpen)
      ++Depth;
    else if (C == ')' || C == ']' || C == '}' || (C == '>' && Depth > 0))
      --Depth;
    else if (Depth > 0 || std::isalnum(static_cast<unsigned char>(C)) ||
             C == '_' || C == '.')
      continue;
    else if (C == ':' && I + 1 < Text.size() && Text[I + 1] == ':')
      ++I;
    else if (C == '-' && I + 1 < Text.size() && Text[I + 1] == '>')
      ++I;
    else
      return false;
  }
  return true;
}

std::string Context::str(const std::vector<AtomId> &Ids) const {
  std::string Names;
  for (AtomId Id : Ids)
    Names += (Names.empty() ? "" : ", ") + str(Id);
  return Names;
}

std::string Context::str(AtomId Id) const {
  const Atom &A = Atoms[Id];
  static const char *Dims = "xyz";
  switch (A.Kind) {
  case AtomKind::ThreadIdx:
    return std::string("threadIdx.") + Dims[A.Dim];
  case AtomKind::BlockIdx:
    return std::string("blockIdx.") + Dims[A.Dim];
  case AtomKind::BlockDim:
    return std::string("blockDim.") + Dims[A.Dim];
  case AtomKind::GridDim:
    return std::string("gridDim.") + Dims[A.Dim];
  case AtomKind::Param:
  case AtomKind::Opaque:
    return readsAsOneOperand(A.Name) ? A.Name : "(" + A.Name + ")";
  case AtomKind::LoopIteration:
    return "iter(" + A.Name + ")";
  case AtomKind::Op: {
    if (A.Op == OpKind::Min || A.Op == OpKind::Max)
      return std::string(opSpelling(A.Op)) + "(" + str(A.Operands[0]) + ", " +
             str(A.Operands[1]) + ")";
    auto Wrap = [&](const Poly &P) {
      std::string S = str(P);
      bool Simple = P.terms().size() <= 1 &&
                    (P.terms().empty() || P.terms()[0].Atoms.size() <= 1) &&
                    (P.terms().empty() || P.terms()[0].Coeff >= 0);
      return Simple ? S : "(" + S + ")";
    };
    return "(" + Wrap(A.Operands[0]) + opSpelling(A.Op) + Wrap(A.Operands[1]) +
           ")";
  }
  }
  llvm_unreachable("covered switch");
}

std::string Context::str(const Poly &P) const {
  if (P.isZero())
    return "0";
  std::ostringstream OS;
  bool First = true;
  // Highest degree first, lane terms after block terms, the constant last,
  // as people write indices: "blockIdx.x*blockDim.x + threadIdx.x + 1".
  auto MentionsThread = [&](const Term *T) {
    for (AtomId A : T->Atoms)
      if (Atoms[A].Kind == AtomKind::ThreadIdx)
        return true;
    return false;
  };
  std::vector<const Term *> Order;
  for (const Term &T : P.terms())
    Order.push_back(&T);
  std::stable_sort(Order.begin(), Order.end(),
                   [&](const Term *L, const Term *R) {
                     if (L->Atoms.size() != R->Atoms.size())
                       return L->Atoms.size() > R->Atoms.size();
                     return MentionsThread(L) < MentionsThread(R);
                   });
  for (const Term *T : Order) {
    int64_t C = T->Coeff;
    if (First) {
      if (C < 0)
        OS << "-";
    } else {
      OS << (C < 0 ? " - " : " + ");
    }
    First = false;
    uint64_t Mag = C < 0 ? 0 - static_cast<uint64_t>(C) : C;
    if (T->Atoms.empty()) {
      OS << Mag;
      continue;
    }
    if (Mag != 1)
      OS << Mag << "*";
    for (size_t I = 0; I < T->Atoms.size(); ++I)
      OS << (I ? "*" : "") << str(T->Atoms[I]);
  }
  return OS.str();
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

std::optional<int64_t> applyOp(OpKind K, int64_t L, int64_t R) {
  switch (K) {
  case OpKind::Div:
    if (R == 0 || (L == INT64_MIN && R == -1))
      return std::nullopt;
    return L / R;
  case OpKind::Rem:
    if (R == 0 || (L == INT64_MIN && R == -1))
      return std::nullopt;
    return L % R;
  // The GPU's shifts clamp the count (PTX shl/shr): every bit shifted out.
  case OpKind::Shl:
    if (R < 0)
      return std::nullopt;
    return R > 63 ? 0 : static_cast<int64_t>(static_cast<uint64_t>(L) << R);
  case OpKind::Shr:
    if (R < 0)
      return std::nullopt;
    return R > 63 ? (L < 0 ? -1 : 0) : L >> R;
  case OpKind::And:
    return L & R;
  case OpKind::Or:
    return L | R;
  case OpKind::Xor:
    return L ^ R;
  case OpKind::Min:
    return std::min(L, R);
  case OpKind::Max:
    return std::max(L, R);
  }
  llvm_unreachable("covered switch");
}

std::optional<int64_t> evaluateAtom(const Context &Ctx, AtomId Id,
                                    const Env &E) {
  const Atom &A = Ctx.atom(Id);
  if (A.Kind != AtomKind::Op)
    return E.get(Id);
  if (std::optional<std::optional<int64_t>> Kept = E.kept(Id))
    return *Kept;
  std::optional<int64_t> V;
  if (auto L = evaluate(Ctx, A.Operands[0], E))
    if (auto R = evaluate(Ctx, A.Operands[1], E))
      V = applyOp(A.Op, *L, *R);
  E.keep(Id, V);
  return V;
}

Env::Env(const Context &Ctx) : Owner(Ctx) {
  if (Ctx.IdleEnvs.empty()) {
    S = std::make_unique<EnvStorage>();
  } else {
    S = std::move(Ctx.IdleEnvs.back());
    Ctx.IdleEnvs.pop_back();
  }
  if (S->Values.size() < Ctx.size())
    S->Values.resize(Ctx.size());
  Epoch = ++S->Clock;
}

bool Env::leavesUnchangedSince(AtomId Op, uint64_t Stamp) const {
  for (AtomId L : Owner.atom(Op).Leaves)
    if (L < S->Values.size() && S->Values[L].ChangedAt > Stamp)
      return false;
  return true;
}

Env::~Env() { Owner.IdleEnvs.push_back(std::move(S)); }

std::optional<int64_t> evaluate(const Context &Ctx, const Poly &P,
                                const Env &E) {
  int64_t Sum = 0;
  for (const Term &T : P.terms()) {
    int64_t Prod = T.Coeff;
    for (AtomId A : T.Atoms) {
      auto V = evaluateAtom(Ctx, A, E);
      if (!V)
        return std::nullopt;
      Prod = wrapMul(Prod, *V);
    }
    Sum = wrapAdd(Sum, Prod);
  }
  return Sum;
}

} // namespace sym
} // namespace cudacoalesce
