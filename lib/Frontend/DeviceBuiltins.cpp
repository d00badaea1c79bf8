//===- Frontend/DeviceBuiltins.cpp - CUDA's built-in names ----------------===//
#include "DeviceBuiltins.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cudacoalesce {

namespace {
/// x, y, z: the index's axis 0, 1, 2.
std::optional<unsigned> axisNamed(StringRef Name) {
  return llvm::StringSwitch<std::optional<unsigned>>(Name)
      .Case("x", 0)
      .Case("y", 1)
      .Case("z", 2)
      .Default(std::nullopt);
}
} // namespace

std::optional<sym::AtomKind> builtinStructKind(const CXXRecordDecl *Struct) {
  if (!Struct || !Struct->getIdentifier())
    return std::nullopt;
  return llvm::StringSwitch<std::optional<sym::AtomKind>>(Struct->getName())
      .Case("__cuda_builtin_threadIdx_t", sym::AtomKind::ThreadIdx)
      .Case("__cuda_builtin_blockIdx_t", sym::AtomKind::BlockIdx)
      .Case("__cuda_builtin_blockDim_t", sym::AtomKind::BlockDim)
      .Case("__cuda_builtin_gridDim_t", sym::AtomKind::GridDim)
      .Default(std::nullopt);
}

std::optional<sym::AtomKind> builtinStructConverted(const Expr *E) {
  // `uint3 t = threadIdx;` and `dim3 b = blockDim;`: the struct's conversion
  // operator, under the copy or move of the temporary it returns.
  while (E) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
      if (C->getNumArgs() != 1)
        return std::nullopt;
      E = C->getArg(0);
      continue;
    }
    const auto *Call = dyn_cast<CXXMemberCallExpr>(E);
    const auto *Conversion =
        Call ? dyn_cast_or_null<CXXConversionDecl>(Call->getMethodDecl())
             : nullptr;
    return Conversion ? builtinStructKind(Conversion->getParent())
                      : std::nullopt;
  }
  return std::nullopt;
}

std::optional<BuiltinIndex> builtinIndexOf(const Expr *E) {
  const auto *PO = dyn_cast<PseudoObjectExpr>(E);
  if (!PO)
    return std::nullopt;
  // The syntactic form keeps the parentheses a macro puts around its
  // arguments (cuda-samples' `UMAD(blockIdx.x, blockDim.x, threadIdx.x)`,
  // `((a) * (b) + (c))`): `(threadIdx.x)` is a property reference too.
  const auto *Prop =
      dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()->IgnoreParens());
  if (!Prop)
    return std::nullopt;
  // The property's own struct names the index, whatever the base is spelt:
  // `threadIdx.x`, `(threadIdx).x`, `t.x` of a `const auto &t = threadIdx`,
  // and `x` inside the struct's `operator uint3()`.
  const auto *Struct =
      dyn_cast<CXXRecordDecl>(Prop->getPropertyDecl()->getDeclContext());
  std::optional<unsigned> Dim = axisNamed(Prop->getPropertyDecl()->getName());
  std::optional<sym::AtomKind> Var = builtinStructKind(Struct);
  if (!Dim || !Var)
    return std::nullopt;
  return BuiltinIndex{*Var, *Dim};
}

std::optional<BuiltinIndex> specialRegisterIndex(StringRef Name) {
  if (!Name.consume_front("__nvvm_read_ptx_sreg_"))
    return std::nullopt;
  auto [Register, Axis] = Name.rsplit('_');
  auto Var = llvm::StringSwitch<std::optional<sym::AtomKind>>(Register)
                 .Case("tid", sym::AtomKind::ThreadIdx)
                 .Case("ctaid", sym::AtomKind::BlockIdx)
                 .Case("ntid", sym::AtomKind::BlockDim)
                 .Case("nctaid", sym::AtomKind::GridDim)
                 .Default(std::nullopt);
  std::optional<unsigned> Dim = axisNamed(Axis);
  if (!Var || !Dim)
    return std::nullopt;
  return BuiltinIndex{*Var, *Dim};
}

bool readsLaneRegister(StringRef Name) {
  return Name.consume_front("__nvvm_read_ptx_sreg_") &&
         (Name == "laneid" || Name.starts_with("lanemask"));
}

bool isTextureFetchName(StringRef Name) {
  StringRef Rest = Name;
  if (!Rest.consume_front("tex") && !Rest.consume_front("surf"))
    return false;
  return !Rest.empty() &&
         (llvm::isDigit(Rest.front()) || Rest.starts_with("Cubemap"));
}

bool isAtomicName(StringRef Name) {
  // nvcc's scoped atomics: __nv_atomic_fetch_add, __nv_atomic_add,
  // __nv_atomic_exchange_n, __nv_atomic_compare_exchange, ...
  if (Name.consume_front("__nv_atomic_")) {
    Name.consume_front("fetch_");
    Name.consume_back("_n");
    return llvm::StringSwitch<bool>(Name)
        .Cases({"add", "sub", "min", "max", "and", "or", "xor"}, true)
        .Cases({"exchange", "compare_exchange"}, true)
        .Default(false);
  }
  for (StringRef Suffix : {"_block", "_system"})
    Name.consume_back(Suffix);
  return llvm::StringSwitch<bool>(Name)
      .Cases({"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax"},
             true)
      .Cases({"atomicInc", "atomicDec", "atomicCAS", "atomicAnd", "atomicOr",
              "atomicXor"},
             true)
      .Default(false);
}

std::optional<AccessKind> cacheHintedAccess(StringRef Name) {
  return llvm::StringSwitch<std::optional<AccessKind>>(Name)
      .Cases({"__ldg", "__ldca", "__ldcg", "__ldcs", "__ldlu", "__ldcv"},
             AccessKind::Load)
      .Cases({"__stwb", "__stcg", "__stcs", "__stwt"}, AccessKind::Store)
      // Scoped atomic loads and stores (nvcc 12.8): a load or a store with a
      // memory order, the same sectors (LDG.E.STRONG.GPU, STG.E.STRONG.GPU).
      .Cases({"__nv_atomic_load_n", "__nv_atomic_load"}, AccessKind::Load)
      .Cases({"__nv_atomic_store_n", "__nv_atomic_store"}, AccessKind::Store)
      .Default(std::nullopt);
}

std::optional<sym::OpKind> minMaxName(StringRef Name) {
  return llvm::StringSwitch<std::optional<sym::OpKind>>(Name)
      .Cases({"min", "umin", "llmin", "ullmin", "__min"}, sym::OpKind::Min)
      .Cases({"max", "umax", "llmax", "ullmax", "__max"}, sym::OpKind::Max)
      .Default(std::nullopt);
}

bool isMul24Name(StringRef Name) {
  return Name == "__mul24" || Name == "__umul24";
}

bool readsSinCosTable(const FunctionDecl *Callee) {
  if (!Callee->getIdentifier() || Callee->getNumParams() != 1 ||
      !Callee->getParamDecl(0)->getType()->isSpecificBuiltinType(
          BuiltinType::Double))
    return false;
  StringRef Name = Callee->getName();
  Name.consume_front("__nv_");
  bool Library = !Callee->hasBody() ||
                 Callee->getASTContext().getSourceManager().isInSystemHeader(
                     Callee->getLocation());
  return Library && llvm::StringSwitch<bool>(Name)
                        .Cases({"sin", "cos", "sinpi", "cospi"}, true)
                        .Default(false);
}

std::optional<WarpCollective> warpCollective(StringRef Name) {
  using W = WarpCollective;
  return llvm::StringSwitch<std::optional<WarpCollective>>(Name)
      .Case("__shfl_sync", W{W::Broadcast, 1})
      .Case("__shfl", W{W::Broadcast, 0})
      .Cases({"__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync"},
             W{W::Exchange, 1})
      .Cases({"__shfl_up", "__shfl_down", "__shfl_xor"}, W{W::Exchange, 0})
      .Cases({"__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync",
              "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync"},
             W{W::Reduce, 1})
      .Cases({"__ballot_sync", "__any_sync", "__all_sync", "__uni_sync",
              "__activemask", "__ballot", "__any", "__all"},
             W{W::Vote, 0})
      .Default(std::nullopt);
}

sym::Poly linearThreadIndex(sym::Context &Syms) {
  auto Atom = [](sym::AtomId A) { return sym::Poly::atom(A); };
  return Atom(Syms.threadIdx(0)) +
         Atom(Syms.blockDim(0)) *
             (Atom(Syms.threadIdx(1)) +
              Atom(Syms.blockDim(1)) * Atom(Syms.threadIdx(2)));
}

} // namespace cudacoalesce
