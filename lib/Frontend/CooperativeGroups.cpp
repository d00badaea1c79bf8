//===- Frontend/CooperativeGroups.cpp - Groups' ranks and sizes -----------===//
#include "CooperativeGroups.h"
#include "ExprSemantics.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cudacoalesce {

using sym::Poly;

namespace {

/// The cooperative_groups class an object is, and a thread_block_tile's
/// static size.
struct GroupType {
  enum { None, Block, Tile, Grid } Kind = None;
  int64_t TileSize = 0;
};

GroupType groupTypeOf(QualType T) {
  GroupType G;
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record || !StringRef(Record->getQualifiedNameAsString())
                      .starts_with("cooperative_groups::"))
    return G;
  StringRef Name = Record->getName();
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Record);
  if (Name == "thread_block") {
    G.Kind = GroupType::Block;
  } else if (Name == "grid_group") {
    G.Kind = GroupType::Grid;
  } else if (Name == "thread_block_tile" && Spec &&
             Spec->getTemplateArgs().size() > 0 &&
             Spec->getTemplateArgs()[0].getKind() ==
                 TemplateArgument::Integral) {
    G.Kind = GroupType::Tile;
    G.TileSize =
        asInt64(Spec->getTemplateArgs()[0].getAsIntegral()).value_or(0);
  }
  return G;
}

} // namespace

std::optional<Poly> cooperativeGroupsQuery(const CallExpr *C,
                                           sym::Context &Syms) {
  // Most queries are static members (thread_block_tile::thread_rank()):
  // called through the object, which only gives its type.
  const auto *Member =
      dyn_cast<MemberExpr>(C->getCallee()->IgnoreParenImpCasts());
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(C->getDirectCallee());
  if (!Member || !Method || !Method->getIdentifier() || C->getNumArgs() != 0)
    return std::nullopt;
  // The object as declared, not the base class the method lives in.
  QualType Object = Member->getBase()->IgnoreParenImpCasts()->getType();
  if (Member->isArrow())
    Object = Object->getPointeeType();
  GroupType G = groupTypeOf(Object);
  if (G.Kind == GroupType::None ||
      (G.Kind == GroupType::Tile && G.TileSize <= 0))
    return std::nullopt;
  auto Atom = [](sym::AtomId A) { return Poly::atom(A); };
  Poly BlockSize =
      Atom(Syms.blockDim(0)) * Atom(Syms.blockDim(1)) * Atom(Syms.blockDim(2));
  Poly ThreadRank = linearThreadIndex(Syms);
  Poly BlockRank =
      Atom(Syms.blockIdx(0)) +
      Atom(Syms.gridDim(0)) * (Atom(Syms.blockIdx(1)) +
                               Atom(Syms.gridDim(1)) * Atom(Syms.blockIdx(2)));
  StringRef Name = Method->getName();
  bool Size = Name == "size" || Name == "num_threads";
  std::optional<Poly> Value;
  switch (G.Kind) {
  case GroupType::Block:
    if (Name == "thread_rank")
      Value = ThreadRank;
    else if (Size)
      Value = BlockSize;
    break;
  case GroupType::Tile: {
    Poly N = Poly::constant(G.TileSize);
    if (Name == "thread_rank")
      Value = Syms.op(sym::OpKind::Rem, ThreadRank, N);
    else if (Size)
      Value = N;
    else if (Name == "meta_group_rank")
      Value = Syms.op(sym::OpKind::Div, ThreadRank, N);
    else if (Name == "meta_group_size")
      Value = Syms.op(sym::OpKind::Div,
                      BlockSize + Poly::constant(G.TileSize - 1), N);
    break;
  }
  case GroupType::Grid:
    if (Name == "thread_rank")
      Value = BlockRank * BlockSize + ThreadRank;
    else if (Name == "block_rank")
      Value = BlockRank;
    else if (Size)
      Value = BlockSize * Atom(Syms.gridDim(0)) * Atom(Syms.gridDim(1)) *
              Atom(Syms.gridDim(2));
    break;
  case GroupType::None:
    break;
  }
  return Value;
}

std::optional<WarpCollective> cooperativeGroupsCollective(const CallExpr *C) {
  const FunctionDecl *Callee = C->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return std::nullopt;
  StringRef Name = Callee->getName();
  QualType Group;
  unsigned ValueArg = 0;
  if (const auto *Member =
          dyn_cast<MemberExpr>(C->getCallee()->IgnoreParenImpCasts())) {
    Group = Member->getBase()->IgnoreParenImpCasts()->getType();
    if (Member->isArrow())
      Group = Group->getPointeeType();
  } else if (Name == "reduce" && C->getNumArgs() >= 2) {
    Group = C->getArg(0)->IgnoreParenImpCasts()->getType();
    ValueArg = 1;
  } else {
    return std::nullopt;
  }
  GroupType G = groupTypeOf(Group);
  if (G.Kind == GroupType::None || G.Kind == GroupType::Grid)
    return std::nullopt;
  bool WholeWarps = G.Kind == GroupType::Block || G.TileSize >= 32;
  std::optional<WarpCollective::Kind> Kind =
      llvm::StringSwitch<std::optional<WarpCollective::Kind>>(Name)
          .Case("shfl", WarpCollective::Broadcast)
          .Cases({"shfl_up", "shfl_down", "shfl_xor"}, WarpCollective::Exchange)
          .Case("reduce", WarpCollective::Reduce)
          .Cases({"any", "all", "ballot"}, WarpCollective::Vote)
          .Default(std::nullopt);
  if (!Kind || (ValueArg == 0 && *Kind == WarpCollective::Reduce))
    return std::nullopt;
  if (!WholeWarps)
    Kind = WarpCollective::Exchange;
  return WarpCollective{*Kind, ValueArg};
}

} // namespace cudacoalesce
