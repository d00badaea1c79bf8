//===- Frontend/KernelAnalysis.cpp - Kernels of a translation unit --------===//
#include "cuda-coalesce/Frontend/KernelAnalysis.h"
#include "ExprSemantics.h"

#include "AddressBuilder.h"
#include "DeviceBuiltins.h"
#include "EnclosingFunction.h"
#include "HostEvaluator.h"
#include "LaunchSites.h"
#include "SourceText.h"
#include "VariableWrites.h"

#include "cuda-coalesce/Limits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>
#include <iterator>
#include <map>
#include <set>
#include <sstream>

using namespace clang;

namespace cudacoalesce {

namespace {

/// Kernels with bodies (template instantiations one by one, never the
/// dependent pattern) and the launches that name them.
class KernelCollector : public EnclosingFunctionVisitor<KernelCollector> {
public:
  explicit KernelCollector(ASTContext &AST) : AST(AST), Facts(AST) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  /// The declarations of system headers (the CUDA and C++ libraries) are
  /// most of what a file parses, and none is read here: their kernels are
  /// not analysed (below), and a launch there launches one of them.
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        AST.getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    return EnclosingFunctionVisitor::TraverseDecl(D);
  }

  bool VisitFunctionDecl(FunctionDecl *F) {
    if (!F->hasAttr<CUDAGlobalAttr>() || !F->doesThisDeclarationHaveABody() ||
        F->isDependentContext() || F->isInvalidDecl())
      return true;
    if (AST.getSourceManager().isInSystemHeader(F->getLocation()))
      return true;
    if (Seen.insert(F).second)
      Kernels.push_back(F);
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    // A launch in a template's pattern is seen again in each instantiation.
    if (Call->isValueDependent() || Call->isTypeDependent() ||
        Call->containsErrors() ||
        (Enclosing && Enclosing->isDependentContext()))
      return true;
    for (const FunctionDecl *K : launchedKernels(Facts, Call, Enclosing))
      add(K, evaluateLaunch(AST, Facts, Call, Enclosing, K));
    for (const auto &[K, Via] : kernelsPassedIn(Facts, Call, Enclosing))
      add(K, evaluateLaunch(AST, Facts, Call, Enclosing, K, Via));
    return true;
  }

  void add(const FunctionDecl *Kernel, const std::vector<LaunchSite> &Sites) {
    std::vector<LaunchSite> &Known = Launches[Kernel->getCanonicalDecl()];
    Known.insert(Known.end(), Sites.begin(), Sites.end());
  }

  ASTContext &AST;
  HostFacts Facts;
  std::vector<const FunctionDecl *> Kernels;
  std::set<const FunctionDecl *> Seen;
  std::map<const FunctionDecl *, std::vector<LaunchSite>> Launches;
};

std::string kernelName(const FunctionDecl *F) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  F->getNameForDiagnostic(OS, F->getASTContext().getPrintingPolicy(), true);
  return S;
}

std::string formatPoint(const SourcePoint &P) {
  return P.File + ":" + std::to_string(P.Line) + ":" + std::to_string(P.Column);
}

/// One shape a kernel is simulated under.
struct LaunchConfig {
  model::Dim3 Block;
  std::optional<model::Dim3> Grid;
  std::map<unsigned, int64_t> Arguments;
  /// Block dimension -> the parameter that holds its extent (LaunchSite).
  std::map<unsigned, unsigned> ExtentArguments;
  std::string Origin;
};

bool usesDimension(const sym::Context &Syms,
                   const std::vector<AccessSite> &Sites, unsigned Dim) {
  for (const AccessSite &S : Sites) {
    std::vector<sym::AtomId> Leaves;
    Syms.collectLeafAtoms(S.ByteOffset, Leaves);
    for (const model::Guard &G : S.Guards)
      Syms.collectLeafAtoms(G.Diff, Leaves);
    for (sym::AtomId A : Leaves) {
      const sym::Atom &At = Syms.atom(A);
      if ((At.Kind == sym::AtomKind::ThreadIdx ||
           At.Kind == sym::AtomKind::BlockDim) &&
          At.Dim == Dim)
        return true;
    }
  }
  return false;
}

/// The block extents a kernel asserts: `assert(blockDim.x == 4)` (either
/// side), by dimension.
std::map<unsigned, int64_t> assertedBlockExtents(const FunctionDecl *Kernel) {
  struct Finder : RecursiveASTVisitor<Finder> {
    ASTContext &AST;
    std::map<unsigned, int64_t> Out;
    explicit Finder(ASTContext &AST) : AST(AST) {}
    // assert(c) expands to `(c) ? void(0) : __assert_fail(...)`.
    bool VisitConditionalOperator(ConditionalOperator *C) {
      const Expr *False = C->getFalseExpr()->IgnoreParenImpCasts();
      const auto *Call = dyn_cast<CallExpr>(False);
      const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
      if (!Callee || !Callee->getName().contains("assert"))
        return true;
      const Expr *Cond = C->getCond()->IgnoreParenImpCasts();
      if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Cond))
        Cond = Cast->getSubExpr()->IgnoreParenImpCasts();
      const auto *Eq = dyn_cast<BinaryOperator>(Cond);
      if (!Eq || Eq->getOpcode() != BO_EQ)
        return true;
      for (auto [Index, Value] : {std::pair(Eq->getLHS(), Eq->getRHS()),
                                  std::pair(Eq->getRHS(), Eq->getLHS())}) {
        std::optional<BuiltinIndex> B =
            builtinIndexOf(Index->IgnoreParenImpCasts());
        Expr::EvalResult R;
        if (B && B->Var == sym::AtomKind::BlockDim &&
            Value->EvaluateAsInt(R, AST) && asInt64(R.Val.getInt()) &&
            *asInt64(R.Val.getInt()) > 0 && *asInt64(R.Val.getInt()) <= 1024)
          Out[B->Dim] = *asInt64(R.Val.getInt());
      }
      return true;
    }
  } F(Kernel->getASTContext());
  if (Kernel->getBody())
    F.TraverseStmt(Kernel->getBody());
  return F.Out;
}

std::vector<LaunchConfig>
launchConfigs(const FunctionDecl *Kernel, const std::vector<LaunchSite> &Sites,
              const AnalysisOptions &Opts, const sym::Context &Syms,
              const std::vector<AccessSite> &Accesses) {
  // The shape used where nothing fixes it: 256 threads, or 32x8 (32x4x2)
  // when the kernel indexes by threadIdx.y (.z).
  model::Dim3 Fallback{256, 1, 1};
  std::string FallbackOrigin;
  // A kernel that indexes by threadIdx.y (.z) is launched with a 2-D (3-D)
  // block: 32 lanes along x, the rest of the threads along y (and z).
  auto Shaped = [&](int64_t Threads) -> model::Dim3 {
    if (usesDimension(Syms, Accesses, 2))
      return {32, std::max<int64_t>(1, Threads / 64), 2};
    if (usesDimension(Syms, Accesses, 1))
      return {32, std::max<int64_t>(1, Threads / 32), 1};
    return {Threads, 1, 1};
  };
  if (const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>()) {
    Expr::EvalResult R;
    if (LB->getMaxThreads() && !LB->getMaxThreads()->isValueDependent() &&
        LB->getMaxThreads()->EvaluateAsInt(R, Kernel->getASTContext()) &&
        asInt64(R.Val.getInt()) && *asInt64(R.Val.getInt()) > 0) {
      int64_t Threads = *asInt64(R.Val.getInt());
      Fallback = Threads >= 64 ? Shaped(Threads) : model::Dim3{Threads, 1, 1};
      FallbackOrigin = "block " + Fallback.str() + " from __launch_bounds__(" +
                       std::to_string(Threads) + ")";
    }
  }
  if (FallbackOrigin.empty()) {
    Fallback = Shaped(256);
    FallbackOrigin =
        "assumed block " + Fallback.str() +
        ": no launch site, --block-dim or __launch_bounds__ gives one";
  }
  // `assert(blockDim.x == 4)` in the kernel: what the kernel requires of
  // its block holds in every launch that does not fail.
  std::map<unsigned, int64_t> Asserted = assertedBlockExtents(Kernel);
  for (const auto &[Dim, Extent] : Asserted) {
    int64_t *Extents[3] = {&Fallback.X, &Fallback.Y, &Fallback.Z};
    if (*Extents[Dim] == Extent)
      continue;
    int64_t Others = Fallback.volume() / std::max<int64_t>(1, *Extents[Dim]);
    *Extents[Dim] = Extent;
    // Keep the threads about the same: the next extent takes up the rest.
    unsigned Next = Dim == 0 ? 1 : 0;
    if (!Asserted.count(Next) && Dim == 0 && Others * Extent < 64)
      *Extents[Next] = std::max<int64_t>(1, 256 / Extent);
    FallbackOrigin = "block " + Fallback.str() +
                     " from the kernel's assert(blockDim." + "xyz"[Dim] +
                     " == " + std::to_string(Extent) + ")";
  }

  // --block-dim, else the first per-kernel shape that names the kernel.
  std::optional<model::Dim3> Forced = Opts.BlockDim;
  std::string ForcedOrigin = Opts.BlockDimOrigin;
  if (!Forced)
    for (const AnalysisOptions::KernelBlockDim &K : Opts.KernelBlockDims)
      if (kernelGlobMatches(K.Kernel, kernelName(Kernel))) {
        Forced = K.Block;
        ForcedOrigin = K.Origin;
        break;
      }

  std::vector<LaunchConfig> Configs;
  auto Add = [&](LaunchConfig C) {
    for (const LaunchConfig &O : Configs)
      if (O.Block == C.Block && O.Grid.has_value() == C.Grid.has_value() &&
          (!O.Grid || *O.Grid == *C.Grid) && O.Arguments == C.Arguments &&
          O.ExtentArguments == C.ExtentArguments)
        return;
    Configs.push_back(std::move(C));
  };
  for (const LaunchSite &S : Sites) {
    LaunchConfig C;
    C.Grid = S.Grid;
    C.Arguments = S.Arguments;
    if (Forced) {
      C.Block = *Forced;
      C.Origin = "block " + C.Block.str() + " from " + ForcedOrigin;
    } else if (S.Block) {
      C.Block = *S.Block;
      C.Origin = "block " + C.Block.str() + " from the launch at " +
                 formatPoint(S.Where);
    } else if (llvm::any_of(S.ExtentArguments, [&](const auto &E) {
                 return !Asserted.count(E.first);
               })) {
      // `k<<<rows, ncols>>>(x, ncols)`: the model tries the parameter's
      // values with the block built from each; the first stands in here.
      model::Dim3 B = S.PartialBlock.value_or(model::Dim3{0, 1, 1});
      int64_t *Extents[3] = {&B.X, &B.Y, &B.Z};
      std::string Names[3], Tried;
      std::vector<unsigned> TriedParams;
      for (const auto &[Dim, Param] : S.ExtentArguments) {
        if (Asserted.count(Dim) || Param >= Kernel->getNumParams())
          continue;
        C.ExtentArguments[Dim] = Param;
        *Extents[Dim] = limits::FirstValueTried;
        Names[Dim] = Kernel->getParamDecl(Param)->getName().str();
        if (!llvm::is_contained(TriedParams, Param)) {
          TriedParams.push_back(Param);
          Tried += (Tried.empty() ? "" : ", ") + Names[Dim];
        }
      }
      for (unsigned D = 0; D < 3; ++D) {
        if (*Extents[D] == 0)
          *Extents[D] = Asserted.count(D) ? Asserted[D] : 1;
        if (Names[D].empty())
          Names[D] = std::to_string(*Extents[D]);
      }
      C.Block = B;
      C.Origin =
          "block (" + Names[0] + "," + Names[1] + "," + Names[2] +
          ") from the launch at " + formatPoint(S.Where) + ", which " +
          "passes " + Tried + " to the kernel too: known only at " +
          "run time, tried at " + std::to_string(limits::ExtentValuesTried) +
          " values in " + std::to_string(limits::FirstValueTried) + ".." +
          std::to_string(limits::FirstValueTried + limits::ValuesTried - 1);
    } else if (S.PartialBlock) {
      // Keep what the launch says (`dim3(1, n)`: lanes run along y) and
      // give the first extent not known the rest of 256 threads.
      model::Dim3 B = *S.PartialBlock;
      int64_t *Extents[3] = {&B.X, &B.Y, &B.Z};
      int64_t Known = std::max<int64_t>(1, B.X) * std::max<int64_t>(1, B.Y) *
                      std::max<int64_t>(1, B.Z);
      std::string Unknown;
      for (int D = 0; D < 3; ++D) {
        if (*Extents[D] != 0)
          continue;
        *Extents[D] = Unknown.empty() ? std::max<int64_t>(1, 256 / Known) : 1;
        Unknown += std::string(Unknown.empty() ? "" : ", ") + "blockDim." +
                   "xyz"[D] + " = " + std::to_string(*Extents[D]);
      }
      C.Block = B;
      C.Origin = "block " + C.Block.str() + " from the launch at " +
                 formatPoint(S.Where) + ", whose extents not known there are " +
                 "assumed (" + Unknown + ", for 256 threads)";
    } else {
      C.Block = Fallback;
      C.Origin = FallbackOrigin + " (the launch at " + formatPoint(S.Where) +
                 " has a block shape only known at run time)";
    }
    Add(std::move(C));
  }
  if (Configs.empty()) {
    LaunchConfig C;
    C.Block = Forced ? *Forced : Fallback;
    C.Origin = Forced ? "block " + C.Block.str() + " from " + ForcedOrigin
                      : FallbackOrigin;
    Add(std::move(C));
  }
  return Configs;
}

/// The struct member an access reads, with the fields this kernel uses of
/// the same struct.
std::optional<fixes::MemberAccess>
memberAccess(const ASTContext &AST, const AccessSite &S,
             const std::vector<AccessSite> &All) {
  if (!S.Record || !S.Record->getDefinition())
    return std::nullopt;
  fixes::MemberAccess M;
  M.Record = S.Record->getNameAsString();
  M.RecordBytes = AST.getTypeSizeInChars(S.ElementType).getQuantity();
  M.Field = S.FieldPath;
  M.FieldOffset = S.OffsetInElement;
  M.FieldBytes = S.WidthBytes;
  for (const FieldDecl *F : S.Record->getDefinition()->fields())
    M.AllFields.push_back(F->getNameAsString());
  for (const AccessSite &O : All) {
    if (O.Record != S.Record)
      continue;
    std::string Top = O.FieldPath.substr(0, O.FieldPath.find('.'));
    if (std::find(M.UsedFields.begin(), M.UsedFields.end(), Top) ==
        M.UsedFields.end())
      M.UsedFields.push_back(Top);
  }
  return M;
}

/// A transpose-like pair: this access is strided and swapping the thread
/// mapping would fix it, while an access of the other kind in the kernel is
/// coalesced and the same swap would break it. Then neither mapping serves
/// both: stage the data through a shared-memory tile.
void addSharedTileFixes(sym::Context &Syms,
                        std::vector<LocatedFinding> &Findings, size_t First,
                        const std::vector<model::AccessShape> &Shapes,
                        const model::LaunchShape &Launch) {
  assert(Shapes.size() == Findings.size() - First && "a shape per finding");
  if (Launch.Block.Y == 1)
    return; // one-dimensional blocks: no rows and columns to exchange
  for (size_t I = First; I < Findings.size(); ++I) {
    Finding &F = Findings[I].Data;
    auto Swap =
        std::find_if(F.Fixes.begin(), F.Fixes.end(), [](const fixes::Fix &X) {
          return X.Kind == fixes::FixKind::ThreadMapping;
        });
    if (F.Prediction.Kind != model::Pattern::Strided || Swap == F.Fixes.end())
      continue;
    for (size_t J = First; J < Findings.size(); ++J) {
      const Finding &G = Findings[J].Data;
      if (J == I || G.Kind == F.Kind ||
          G.Prediction.Kind != model::Pattern::Coalesced)
        continue;
      model::Prediction Broken = model::predict(
          Syms, fixes::swapThreadMapping(Syms, Shapes[J - First]), Launch);
      if (Broken.Kind == model::Pattern::Coalesced)
        continue;
      fixes::Fix Tile = *Swap;
      Tile.Kind = fixes::FixKind::SharedTile;
      Tile.Message =
          "'" + G.BaseName + "' is walked along rows and '" + F.BaseName +
          "' along columns, so no thread mapping serves both: stage a tile in "
          "shared memory (__shared__ float tile[32][33]; the extra column "
          "avoids "
          "bank conflicts): read 'tile[threadIdx.y][threadIdx.x]' from the "
          "coalesced side, __syncthreads(), then write with threadIdx.x along "
          "the other side's rows from 'tile[threadIdx.x][threadIdx.y]'";
      std::string After =
          Swap->Message.substr(Swap->Message.rfind("; after the fix"));
      Tile.Message += After;
      F.Fixes.insert(F.Fixes.begin(), Tile);
      break;
    }
  }
}

/// The fixes for bank conflicts, one shared array at a time: a padding or
/// swizzle moves every access to the array.
void addBankConflictFixes(sym::Context &Syms,
                          const std::vector<MemoryBase> &Bases,
                          const std::vector<AccessSite> &Sites,
                          std::vector<LocatedFinding> &Findings, size_t First,
                          const std::vector<model::AccessShape> &Shapes,
                          const model::LaunchShape &Launch) {
  std::map<int, std::vector<size_t>> ByBase; // site indices per shared base
  for (size_t I = 0; I < Sites.size(); ++I)
    if (Sites[I].Space == model::AddressSpace::Shared && Sites[I].Base >= 0)
      ByBase[Sites[I].Base].push_back(I);
  for (const auto &[BaseIndex, Members] : ByBase) {
    const MemoryBase &B = Bases[BaseIndex];
    fixes::SharedArray Array{B.Name, B.ElementType, B.Extents, B.ElementBytes};
    std::vector<model::AccessShape> Accesses;
    std::vector<model::Prediction> Before;
    for (size_t I : Members) {
      Accesses.push_back(Shapes[I]);
      Before.push_back(Findings[First + I].Data.Prediction);
    }
    std::vector<std::vector<fixes::Fix>> Fixes =
        fixes::suggestSharedFixes(Syms, Array, Accesses, Before, Launch);
    for (size_t K = 0; K < Members.size(); ++K)
      Findings[First + Members[K]].Data.Fixes = std::move(Fixes[K]);
  }
}

/// Whether \p V is declared with an initialiser and never changed after.
bool neverChangedAfterInit(const FunctionDecl *Kernel, const VarDecl *V) {
  return V->getInit() && VariableWrites::in(Kernel->getBody()).count(V) == 0;
}

/// The mechanical thread-mapping fix: exchange the initialisers of the x
/// and y index variables. Offered only where it is provably safe, i.e. the
/// launch covers the same index pairs either way (square blocks and grids)
/// and both variables are plain thread-index expressions that mirror each
/// other, and only where it lowers the kernel's total sectors.
void addSwapFixIt(ASTContext &AST, sym::Context &Syms,
                  const AddressBuilder &Builder, const FunctionDecl *Kernel,
                  const VarDecl *X, const VarDecl *Y,
                  std::vector<LocatedFinding> &Findings, size_t First,
                  const std::vector<model::AccessShape> &Shapes,
                  const model::LaunchShape &Launch) {
  if (!X || !Y || !Launch.Grid || Launch.Block.X != Launch.Block.Y ||
      Launch.Grid->X != Launch.Grid->Y || Launch.Block.Z != 1)
    return;
  if (!neverChangedAfterInit(Kernel, X) || !neverChangedAfterInit(Kernel, Y))
    return;
  // Both initialisers in the kernel's own file, outside macros.
  const SourceManager &SM = AST.getSourceManager();
  SourceRange RX = X->getInit()->getSourceRange(),
              RY = Y->getInit()->getSourceRange();
  if (RX.getBegin().isMacroID() || RX.getEnd().isMacroID() ||
      RY.getBegin().isMacroID() || RY.getEnd().isMacroID() ||
      SM.getFileID(RX.getBegin()) != SM.getFileID(RY.getBegin()))
    return;
  // Plain thread-index expressions (block and thread index, block size,
  // constants) that are mirror images under the x/y exchange.
  auto PX = Builder.valueOf(X), PY = Builder.valueOf(Y);
  if (!PX || !PY)
    return;
  std::vector<sym::AtomId> Leaves;
  Syms.collectLeafAtoms(*PX + *PY, Leaves);
  for (sym::AtomId A : Leaves) {
    sym::AtomKind K = Syms.atom(A).Kind;
    if (K != sym::AtomKind::ThreadIdx && K != sym::AtomKind::BlockIdx &&
        K != sym::AtomKind::BlockDim)
      return;
  }
  model::AccessShape Mirror;
  Mirror.ByteOffset = *PX;
  if (fixes::swapThreadMapping(Syms, Mirror).ByteOffset != *PY)
    return;
  double Before = 0, After = 0;
  for (size_t I = First; I < Findings.size(); ++I) {
    const model::Prediction &P = Findings[I].Data.Prediction;
    if (P.Space != model::AddressSpace::Global)
      continue; // sectors are the currency of the comparison
    model::Prediction Q = model::predict(
        Syms, fixes::swapThreadMapping(Syms, Shapes[I - First]), Launch);
    if (!P.Units || !Q.Units)
      return;
    Before += *P.Units;
    After += *Q.Units;
  }
  if (After + 1e-9 >= Before)
    return;
  std::string TX = sourceText(X->getInit(), AST),
              TY = sourceText(Y->getInit(), AST);
  auto Edit = [&](SourceRange R, const std::string &Text) {
    CharSourceRange Chars = CharSourceRange::getTokenRange(R);
    unsigned Begin = SM.getFileOffset(Chars.getBegin());
    unsigned End = SM.getFileOffset(
        Lexer::getLocForEndOfToken(Chars.getEnd(), 0, SM, AST.getLangOpts()));
    fixes::Replacement Rep;
    Rep.File = SM.getFilename(Chars.getBegin()).str();
    Rep.Offset = Begin;
    Rep.Length = End - Begin;
    Rep.Text = Text;
    return Rep;
  };
  std::vector<fixes::Replacement> Swap = {Edit(RX, TY), Edit(RY, TX)};
  for (size_t I = First; I < Findings.size(); ++I)
    for (fixes::Fix &F : Findings[I].Data.Fixes)
      if (F.Kind == fixes::FixKind::ThreadMapping)
        F.Replacements = Swap;
}

std::string indexText(const sym::Context &Syms, const AccessSite &S) {
  if (S.HasIndex)
    return Syms.str(S.Index);
  if (auto Elements = S.ByteOffset.dividedExactly(std::max(1u, S.WidthBytes)))
    return Syms.str(*Elements);
  return Syms.str(S.ByteOffset) + " bytes";
}

} // namespace

TranslationUnitResult
analyzeTranslationUnit(ASTContext &AST, const AnalysisOptions &Opts,
                       const std::vector<SourceLocation> &CompileErrors) {
  TranslationUnitResult Result;
  KernelCollector Collector(AST);
  Collector.TraverseDecl(AST.getTranslationUnitDecl());
  const SourceManager &SM = AST.getSourceManager();

  for (const auto &[Kernel, Sites] : Collector.Launches) {
    std::vector<LaunchSite> &Named = Result.Launches[kernelName(Kernel)];
    Named.insert(Named.end(), Sites.begin(), Sites.end());
  }
  // Overloads share a name: keep their launches in source order, not in
  // the order of their addresses.
  for (auto &[Name, Sites] : Result.Launches)
    std::stable_sort(
        Sites.begin(), Sites.end(),
        [](const LaunchSite &A, const LaunchSite &B) {
          return std::tie(A.Where.File, A.Where.Line, A.Where.Column) <
                 std::tie(B.Where.File, B.Where.Line, B.Where.Column);
        });

  sym::Context Syms;
  AddressBuilder Builder(AST, Syms);
  Builder.setCompileErrors(CompileErrors);
  auto HasErrorInBody = [&](const FunctionDecl *F) {
    return anyWithin(SM, F->getBody()->getSourceRange(), CompileErrors);
  };
  for (const FunctionDecl *Kernel : Collector.Kernels) {
    std::string Name = kernelName(Kernel);
    // The pattern's body for a template instantiation: that is where the
    // errors are reported.
    const FunctionDecl *Written = Kernel->getTemplateInstantiationPattern();
    if (HasErrorInBody(Written ? Written : Kernel)) {
      Result.KernelsWithErrors.push_back(Name);
      continue;
    }
    std::vector<AccessSite> Walked = Builder.walkKernel(Kernel);
    // The accesses to memories that have a cost model: global memory.
    std::vector<AccessSite> Sites;
    std::copy_if(Walked.begin(), Walked.end(), std::back_inserter(Sites),
                 [](const AccessSite &S) {
                   return model::costModelFor(S.Space) != nullptr;
                 });
    if (Builder.sawCompileErrors()) {
      Result.KernelsWithErrors.push_back(Name);
      continue;
    }
    ++Result.KernelsAnalysed;
    if (!Builder.textureFetches().empty())
      Result.KernelsReadingTextures.push_back(
          {Name,
           sourcePoint(Builder.textureFetches().front()->getBeginLoc(), SM),
           unsigned(Builder.textureFetches().size())});
    if (Sites.empty()) {
      Result.KernelsWithoutAccesses.push_back(
          {Name, sourcePoint(Kernel->getLocation(), SM)});
      continue;
    }
    static const std::vector<LaunchSite> NoLaunches;
    const std::vector<LaunchSite> *Launches = &NoLaunches;
    auto It = Collector.Launches.find(Kernel->getCanonicalDecl());
    if (It != Collector.Launches.end()) {
      Launches = &It->second;
    } else {
      Result.KernelsWithoutLaunch.push_back(Name);
      auto Elsewhere = Opts.ProjectLaunches.find(Name);
      if (Elsewhere != Opts.ProjectLaunches.end())
        Launches = &Elsewhere->second;
    }
    std::vector<LaunchConfig> Configs =
        launchConfigs(Kernel, *Launches, Opts, Syms, Sites);

    auto [VarX, VarY] = Builder.threadIndexVariables();
    std::string AlongX = VarX ? VarX->getNameAsString() : "";
    std::string AlongY = VarY ? VarY->getNameAsString() : "";
    for (const LaunchConfig &Config : Configs) {
      size_t FirstOfConfig = Result.Findings.size();
      std::vector<model::AccessShape> Shapes;
      model::LaunchShape Shape;
      Shape.Block = Config.Block;
      Shape.Grid = Config.Grid;
      for (const auto &Arg : Config.Arguments)
        if (Arg.first < Kernel->getNumParams())
          Shape.Known[Builder.paramAtom(Kernel, Arg.first)] = Arg.second;
      for (const auto &[Dim, Param] : Config.ExtentArguments)
        Shape.ExtentParams[Dim] = Builder.paramAtom(Kernel, Param);

      for (const AccessSite &S : Sites) {
        LocatedFinding LF;
        Finding &F = LF.Data;
        LF.Loc = S.Access->getBeginLoc();
        LF.Range = S.Access->getSourceRange();
        F.Where = sourcePoint(LF.Loc, SM);
        F.Kernel = Name;
        F.Function = S.WrittenIn ? kernelName(S.WrittenIn) : Name;
        F.Kind = S.Kind;
        F.Expression = sourceText(S.Access, AST, limits::MaxAccessTextLength);
        F.Index = indexText(Syms, S);
        F.ByteOffset = Syms.str(S.ByteOffset);
        F.ElementBytes = S.WidthBytes;
        F.Block = Config.Block;
        F.BlockOrigin = Config.Origin;
        const MemoryBase *Base =
            S.Base >= 0 ? &Builder.bases()[S.Base] : nullptr;
        F.BaseName = Base ? Base->Name : "";
        for (const Expr *Call : S.CallChain)
          F.CallChain.push_back(sourcePoint(Call->getBeginLoc(), SM));
        F.Trips = S.Trips;
        for (unsigned Line : S.AlsoFiledUnder)
          if (Line != F.Where.Line &&
              !llvm::is_contained(F.AlsoFiledUnder, Line))
            F.AlsoFiledUnder.push_back(Line);
        llvm::sort(F.AlsoFiledUnder);

        model::AccessShape Access = modelShape(S);
        F.Prediction = model::predict(Syms, Access, Shape);
        Shapes.push_back(Access);

        fixes::FixInput Fix;
        Fix.Access = Access;
        Fix.Launch = Shape;
        Fix.Before = F.Prediction;
        Fix.BaseName = F.BaseName;
        Fix.Member = memberAccess(AST, S, Sites);
        Fix.VariableAlongX = AlongX;
        Fix.VariableAlongY = AlongY;
        if (S.Space == model::AddressSpace::Global)
          F.Fixes = fixes::suggestFixes(Syms, Fix);
        if (F.isFlagged())
          F.Warp = model::firstActiveWarp(Syms, Access, Shape);

        F.Assumptions.push_back(Config.Origin);
        llvm::append_range(F.Assumptions, S.LoweringNotes);
        if (S.Space == model::AddressSpace::Global &&
            (!Base || Base->AlignmentAssumed))
          F.Assumptions.push_back(
              "the pointer " +
              (Base ? "'" + Base->Name + "' " : std::string()) +
              "is assumed 256-byte aligned, as cudaMalloc returns it");
        Result.Findings.push_back(std::move(LF));
      }
      addSharedTileFixes(Syms, Result.Findings, FirstOfConfig, Shapes, Shape);
      addBankConflictFixes(Syms, Builder.bases(), Sites, Result.Findings,
                           FirstOfConfig, Shapes, Shape);
      addSwapFixIt(AST, Syms, Builder, Kernel, VarX, VarY, Result.Findings,
                   FirstOfConfig, Shapes, Shape);
    }
  }
  return Result;
}

std::vector<bool> inHostOnlyCode(ASTContext &AST,
                                 const std::vector<SourceLocation> &Locations) {
  struct Collector : RecursiveASTVisitor<Collector> {
    std::vector<SourceRange> Bodies;
    bool VisitFunctionDecl(FunctionDecl *F) {
      if (F->hasAttr<CUDADeviceAttr>() || F->hasAttr<CUDAGlobalAttr>())
        return true;
      if (const Stmt *Body = F->getBody())
        Bodies.push_back(Body->getSourceRange());
      return true;
    }
  } C;
  std::vector<bool> Inside(Locations.size(), false);
  if (Locations.empty())
    return Inside;
  C.TraverseDecl(AST.getTranslationUnitDecl());
  const SourceManager &SM = AST.getSourceManager();
  for (size_t I = 0; I < Locations.size(); ++I)
    Inside[I] = llvm::any_of(C.Bodies, [&](SourceRange Body) {
      return anyWithin(SM, Body, Locations[I]);
    });
  return Inside;
}

namespace {

/// `ns::k<float, 2>` -> `ns::k`.
llvm::StringRef withoutTemplateArguments(llvm::StringRef Name) {
  if (!Name.ends_with(">"))
    return Name;
  int Depth = 0;
  for (size_t I = Name.size(); I-- > 0;) {
    if (Name[I] == '>')
      ++Depth;
    else if (Name[I] == '<' && --Depth == 0)
      return Name.take_front(I);
  }
  return Name;
}

} // namespace

bool kernelGlobMatches(llvm::StringRef Glob, llvm::StringRef Kernel) {
  llvm::Expected<llvm::GlobPattern> P = llvm::GlobPattern::create(Glob);
  if (!P) {
    llvm::consumeError(P.takeError());
    return false;
  }
  llvm::StringRef Plain = withoutTemplateArguments(Kernel);
  size_t Scope = Plain.rfind("::");
  llvm::StringRef Unqualified =
      Scope == llvm::StringRef::npos ? Plain : Plain.drop_front(Scope + 2);
  return P->match(Kernel) || P->match(Plain) || P->match(Unqualified);
}

} // namespace cudacoalesce
