//===- Frontend/KernelAnalysis.cpp - Kernels of a translation unit --------===//
#include "cuda-coalesce/Frontend/KernelAnalysis.h"
#include "ExprSemantics.h"

#include "AddressBuilder.h"
#include "AnalysisSession.h"
#include "DeviceBuiltins.h"
#include "EnclosingFunction.h"
#include "HostEvaluator.h"
#include "LaunchSites.h"
#include "SourceText.h"
#include "VariableWrites.h"

#include "cuda-coalesce/Fixes/KernelFixes.h"
#include "cuda-coalesce/Limits.h"
#include "cuda-coalesce/Report/LaunchOriginText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <set>

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

std::string kernelName(const FunctionDecl *F, const PrintingPolicy &Policy) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  F->getNameForDiagnostic(OS, Policy, true);
  return S;
}

/// The name users read: enum template arguments as their enumerators.
std::string kernelName(const FunctionDecl *F) {
  return kernelName(F, F->getASTContext().getPrintingPolicy());
}

/// The name Nsight Compute and cu++filt print: an enum template argument as
/// a cast of its value, `(Phase)0`, and every scope with its inline
/// namespaces, as the mangled name has them
/// (`(cub::CUB_300001_SM_900::BlockScanAlgorithm)0`); empty where it is
/// kernelName's.
std::string profilerKernelName(const FunctionDecl *F) {
  PrintingPolicy Policy = F->getASTContext().getPrintingPolicy();
  Policy.UseEnumerators = false;
  Policy.SuppressInlineNamespace =
      llvm::to_underlying(PrintingPolicy::SuppressInlineNamespaceMode::None);
  std::string Name = kernelName(F, Policy);
  return Name == kernelName(F) ? std::string() : Name;
}

/// The block dimensions the accesses index by: 3 where one reads
/// threadIdx.z or blockDim.z (in its address or a guard), 2 where .y.
/// The leaves of \p P but those of a lane's place in its warp (the linear
/// thread index modulo 32: a lane id, an atomic's slot), which read every
/// dimension of any block.
static void leavesBesideLaneInWarp(const sym::Context &Syms, const sym::Poly &P,
                                   std::vector<sym::AtomId> &Out) {
  for (const sym::Term &T : P.terms())
    for (sym::AtomId A : T.Atoms) {
      const sym::Atom &At = Syms.atom(A);
      if (At.Kind != sym::AtomKind::Op) {
        Out.push_back(A);
        continue;
      }
      bool LaneInWarp =
          At.Op == sym::OpKind::Rem && At.Operands.size() == 2 &&
          At.Operands[1].asConstant() == int64_t(32) &&
          Syms.containsLeaf(At.Operands[0], [](const sym::Atom &L) {
            return L.Kind == sym::AtomKind::ThreadIdx && L.Dim == 2;
          });
      if (LaneInWarp)
        continue;
      for (const sym::Poly &Operand : At.Operands)
        leavesBesideLaneInWarp(Syms, Operand, Out);
    }
}

unsigned indexedDimensions(const sym::Context &Syms,
                           const std::vector<AccessSite> &Sites) {
  unsigned Dimensions = 1;
  for (const AccessSite &S : Sites) {
    std::vector<sym::AtomId> Leaves;
    leavesBesideLaneInWarp(Syms, S.ByteOffset, Leaves);
    for (const model::Guard &G : S.Guards)
      leavesBesideLaneInWarp(Syms, G.Diff, Leaves);
    for (sym::AtomId A : Leaves) {
      const sym::Atom &At = Syms.atom(A);
      if (At.Kind == sym::AtomKind::ThreadIdx ||
          At.Kind == sym::AtomKind::BlockDim)
        Dimensions = std::max(Dimensions, std::min(At.Dim, 2u) + 1);
    }
    if (Dimensions == 3)
      break;
  }
  return Dimensions;
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

/// __launch_bounds__'s maximum threads per block, where it is a positive
/// constant.
std::optional<int64_t> launchBoundsThreads(const FunctionDecl *Kernel) {
  const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>();
  Expr::EvalResult R;
  if (LB && LB->getMaxThreads() && !LB->getMaxThreads()->isValueDependent() &&
      LB->getMaxThreads()->EvaluateAsInt(R, Kernel->getASTContext()) &&
      asInt64(R.Val.getInt()) && *asInt64(R.Val.getInt()) > 0)
    return *asInt64(R.Val.getInt());
  return std::nullopt;
}

/// What the launch-shape policy needs to know of \p Kernel.
KernelShapeFacts shapeFacts(const FunctionDecl *Kernel, const std::string &Name,
                            const sym::Context &Syms,
                            const std::vector<AccessSite> &Sites) {
  KernelShapeFacts Facts;
  Facts.Name = Name;
  for (const ParmVarDecl *P : Kernel->parameters())
    Facts.ParameterNames.push_back(P->getName().str());
  Facts.LaunchBoundsThreads = launchBoundsThreads(Kernel);
  Facts.AssertedExtents = assertedBlockExtents(Kernel);
  Facts.IndexedDimensions = indexedDimensions(Syms, Sites);
  return Facts;
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

/// Whether \p V is declared with an initialiser and never changed after.
bool neverChangedAfterInit(const FunctionDecl *Kernel, const VarDecl *V) {
  return V->getInit() && VariableWrites::in(Kernel->getBody()).count(V) == 0;
}

/// The edit that puts \p Text in place of the tokens of \p R.
fixes::Replacement replacement(const ASTContext &AST, SourceRange R,
                               const std::string &Text) {
  const SourceManager &SM = AST.getSourceManager();
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
}

/// The mechanical thread-mapping fix (Fixes/SwapFixIt.cpp): exchange the
/// initialisers of the x and y index variables \p X and \p Y, where the
/// source allows it: both never changed after, outside macros, in one file.
void addSwapFixIt(ASTContext &AST, sym::Context &Syms,
                  model::ModelCaches &Model, const AddressBuilder &Builder,
                  const FunctionDecl *Kernel, const VarDecl *X,
                  const VarDecl *Y, std::vector<fixes::KernelAccess> &Accesses,
                  const model::LaunchShape &Launch) {
  if (!X || !Y || !fixes::swapKeepsIndexPairs(Launch))
    return;
  if (!neverChangedAfterInit(Kernel, X) || !neverChangedAfterInit(Kernel, Y))
    return;
  const SourceManager &SM = AST.getSourceManager();
  SourceRange RX = X->getInit()->getSourceRange(),
              RY = Y->getInit()->getSourceRange();
  if (RX.getBegin().isMacroID() || RX.getEnd().isMacroID() ||
      RY.getBegin().isMacroID() || RY.getEnd().isMacroID() ||
      SM.getFileID(RX.getBegin()) != SM.getFileID(RY.getBegin()))
    return;
  auto PX = Builder.valueOf(X), PY = Builder.valueOf(Y);
  if (!PX || !PY ||
      !fixes::swapLowersSectors(Syms, Model, *PX, *PY, Accesses, Launch))
    return;
  std::string TX = sourceText(X->getInit(), AST),
              TY = sourceText(Y->getInit(), AST);
  fixes::setThreadMappingEdit(
      Accesses, {replacement(AST, RX, TY), replacement(AST, RY, TX)});
}

std::string indexText(const sym::Context &Syms, const AccessSite &S) {
  if (S.HasIndex)
    return Syms.str(S.Index);
  if (auto Elements = S.ByteOffset.dividedExactly(std::max(1u, S.WidthBytes)))
    return Syms.str(*Elements);
  return Syms.str(S.ByteOffset) + " bytes";
}

/// \p Launch's grid and the kernel arguments it knows, as `grid (g,1,1);
/// n = 5, m = 3`: what tells apart the launches of one shape that a host
/// loop over problem sizes makes.
std::string launchValuesText(const sym::Context &Syms,
                             const model::LaunchShape &Launch) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  if (Launch.Grid)
    OS << "grid (" << Launch.Grid->X << "," << Launch.Grid->Y << ","
       << Launch.Grid->Z << ")";
  const char *Separator = Launch.Grid ? "; " : "";
  for (const auto &[Param, Value] : Launch.Known) {
    OS << Separator << Syms.str(Param) << " = " << Value;
    Separator = ", ";
  }
  return Text;
}

/// The analysis of one translation unit: its kernels, each under the
/// launch shapes the policy gives it (Policy/LaunchShapes.h), each access
/// predicted and given its fixes.
class TranslationUnitAnalysis {
public:
  TranslationUnitAnalysis(ASTContext &AST, const AnalysisOptions &Opts,
                          const CompileErrors &Errors)
      : AST(AST), SM(AST.getSourceManager()), Opts(Opts),
        ErrorsAt(Errors.Where), Collector(AST), Builder(AST, Syms) {
    Builder.setCompileErrors(Errors.Where, Errors.NvccAccepted);
  }

  TranslationUnitResult run() {
    Collector.TraverseDecl(AST.getTranslationUnitDecl());
    collectLaunches();
    for (const FunctionDecl *Kernel : Collector.Kernels)
      analyseKernel(Kernel);
    return std::move(Result);
  }

private:
  /// Every launch of the translation unit, by kernel name.
  void collectLaunches() {
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
  }

  /// The launches that shape \p Kernel: its own, else the project's.
  const std::vector<LaunchSite> &launchesOf(const FunctionDecl *Kernel,
                                            const std::string &Name) {
    static const std::vector<LaunchSite> NoLaunches;
    auto It = Collector.Launches.find(Kernel->getCanonicalDecl());
    if (It != Collector.Launches.end())
      return It->second;
    Result.KernelsWithoutLaunch.push_back(Name);
    auto Elsewhere = Opts.ProjectLaunches.find(Name);
    if (Elsewhere != Opts.ProjectLaunches.end())
      return Elsewhere->second;
    return NoLaunches;
  }

  void analyseKernel(const FunctionDecl *Kernel) {
    std::string Name = kernelName(Kernel);
    // The pattern's body for a template instantiation: that is where the
    // errors are reported.
    const FunctionDecl *Written = Kernel->getTemplateInstantiationPattern();
    if (anyWithin(SM, (Written ? Written : Kernel)->getBody()->getSourceRange(),
                  ErrorsAt)) {
      Result.KernelsWithErrors.push_back(Name);
      return;
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
      return;
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
      return;
    }
    const std::vector<LaunchSite> &Launches = launchesOf(Kernel, Name);
    std::vector<LaunchConfig> Configs =
        launchConfigs(shapeFacts(Kernel, Name, Syms, Sites), Launches, Opts);
    std::vector<fixes::SharedArray> Arrays;
    std::vector<int> ArrayOf = sharedArrays(Sites, Arrays);
    for (const LaunchConfig &Config : Configs)
      analyseLaunch(Kernel, Name, Sites, Arrays, ArrayOf, Config);
  }

  /// Where the instructions one access of a loop unrolled at run time
  /// becomes (Sites from the findings at \p First on) have counts of their
  /// own and the launch does not say how often each runs (its trip count
  /// not known), each states the range of their counts: the access's count
  /// per request lies in it (Prediction::CountsOfItsInstructions).
  void boundRunTimeUnrolledCounts(const std::vector<AccessSite> &Sites,
                                  size_t First) {
    std::map<unsigned, std::vector<model::Prediction *>> Groups;
    for (size_t I = 0; I < Sites.size(); ++I)
      if (Sites[I].UnrolledAtRunTime)
        Groups[Sites[I].UnrolledAtRunTime].push_back(
            &Result.Findings[First + I].Data.Prediction);
    for (auto &[Group, Predictions] : Groups) {
      if (llvm::all_of(Predictions, [](const model::Prediction *P) {
            return P->Walk.RequestsPerLaunch.has_value();
          }))
        continue;
      double Least = HUGE_VAL, Most = -HUGE_VAL;
      for (const model::Prediction *P : Predictions)
        if (P->Units) {
          Least = std::min(Least, *P->Units);
          Most = std::max(Most, *P->Units);
        }
      if (Least >= Most) // one count, or none
        continue;
      for (model::Prediction *P : Predictions)
        if (P->Units)
          P->CountsOfItsInstructions = {Least, Most};
    }
  }

  /// The shared arrays \p Sites access, in the order of their bases; per
  /// site, its array (an index into \p Arrays) or -1.
  std::vector<int> sharedArrays(const std::vector<AccessSite> &Sites,
                                std::vector<fixes::SharedArray> &Arrays) {
    std::map<int, int> ArrayOfBase;
    for (const AccessSite &S : Sites)
      if (S.Space == model::AddressSpace::Shared && S.Base >= 0)
        ArrayOfBase[S.Base] = 0;
    for (auto &[Base, Array] : ArrayOfBase) {
      const MemoryBase &B = Builder.bases()[Base];
      Array = int(Arrays.size());
      Arrays.push_back({B.Name, B.ElementType, B.Extents, B.ElementBytes});
    }
    std::vector<int> ArrayOf;
    for (const AccessSite &S : Sites)
      ArrayOf.push_back(S.Space == model::AddressSpace::Shared && S.Base >= 0
                            ? ArrayOfBase[S.Base]
                            : -1);
    return ArrayOf;
  }

  /// The kernel's launch shape as the model takes it.
  model::LaunchShape modelLaunch(const FunctionDecl *Kernel,
                                 const LaunchConfig &Config) {
    model::LaunchShape Shape;
    Shape.Block = Config.Block;
    Shape.Grid = Config.Grid;
    for (const auto &Arg : Config.Arguments)
      if (Arg.first < Kernel->getNumParams())
        Shape.Known[Builder.paramAtom(Kernel, Arg.first)] = Arg.second;
    for (const auto &[Dim, Param] : Config.ExtentArguments)
      Shape.ExtentParams[Dim] = Builder.paramAtom(Kernel, Param);
    return Shape;
  }

  /// The findings of \p Kernel's accesses under one launch shape.
  void analyseLaunch(const FunctionDecl *Kernel, const std::string &Name,
                     const std::vector<AccessSite> &Sites,
                     const std::vector<fixes::SharedArray> &Arrays,
                     const std::vector<int> &ArrayOf,
                     const LaunchConfig &Config) {
    size_t First = Result.Findings.size();
    model::LaunchShape Shape = modelLaunch(Kernel, Config);
    std::string Origin = launchOriginText(Config.Origin);
    auto [VarX, VarY] = Builder.threadIndexVariables();
    std::string ProfilerName = profilerKernelName(Kernel);
    std::vector<model::AccessShape> Shapes;
    for (const AccessSite &S : Sites) {
      Shapes.push_back(modelShape(S));
      Result.Findings.push_back(finding(S, Sites, Shapes.back(), Shape, Name,
                                        Config.Block, Origin, VarX, VarY));
      Result.Findings.back().Data.ProfilerKernel = ProfilerName;
    }
    boundRunTimeUnrolledCounts(Sites, First);
    // The rules that weigh the kernel's accesses together.
    std::vector<fixes::KernelAccess> Accesses;
    for (size_t I = 0; I < Sites.size(); ++I) {
      Finding &F = Result.Findings[First + I].Data;
      Accesses.push_back({Shapes[I], F.Prediction, F.Fixes, F.BaseName,
                          int(F.Kind), ArrayOf[I]});
    }
    fixes::addSharedTileFixes(Syms, Session.Model, Accesses, Shape);
    fixes::addVectorPairFixes(Syms, Session.Model, Accesses, Shape);
    fixes::addBankConflictFixes(Syms, Session.Model, Session.Fixes, Arrays,
                                Accesses, Shape);
    addSwapFixIt(AST, Syms, Session.Model, Builder, Kernel, VarX, VarY,
                 Accesses, Shape);
  }

  /// The innermost call of \p S's chain written in the program, where \p S
  /// itself is written in a system header (library code the walk enters).
  std::optional<size_t> callIntoLibrary(const AccessSite &S) const {
    auto InSystemHeader = [&](const Expr *E) {
      return SM.isInSystemHeader(SM.getExpansionLoc(E->getBeginLoc()));
    };
    if (!InSystemHeader(S.Access))
      return std::nullopt;
    for (size_t I = S.CallChain.size(); I-- > 0;)
      if (!InSystemHeader(S.CallChain[I]))
        return I;
    return std::nullopt;
  }

  /// The access \p S under the launch \p Launch: where it is, what the
  /// model predicts, its own fixes, what was assumed.
  LocatedFinding
  finding(const AccessSite &S, const std::vector<AccessSite> &Sites,
          const model::AccessShape &Access, const model::LaunchShape &Launch,
          const std::string &Name, const model::Dim3 &Block,
          const std::string &Origin, const VarDecl *VarX, const VarDecl *VarY) {
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
    F.Block = Block;
    F.BlockOrigin = Origin;
    F.LaunchValues = launchValuesText(Syms, Launch);
    F.Grid = Launch.Grid;
    const MemoryBase *Base = S.Base >= 0 ? &Builder.bases()[S.Base] : nullptr;
    F.BaseName = Base ? Base->Name : "";
    size_t UserCalls = S.CallChain.size();
    if (std::optional<size_t> Into = callIntoLibrary(S)) {
      // Written in library code the walk entered (CUB): shown at the
      // program's call, which nvcc files the instructions under.
      F.InLibrary = F.Where;
      LF.Loc = S.CallChain[*Into]->getBeginLoc();
      LF.Range = S.CallChain[*Into]->getSourceRange();
      F.Where = sourcePoint(LF.Loc, SM);
      UserCalls = *Into;
    }
    for (size_t I = 0; I < UserCalls; ++I)
      F.CallChain.push_back(sourcePoint(S.CallChain[I]->getBeginLoc(), SM));
    F.Trips = S.Trips;
    for (unsigned Line : S.AlsoFiledUnder)
      if (Line != F.Where.Line && !llvm::is_contained(F.AlsoFiledUnder, Line))
        F.AlsoFiledUnder.push_back(Line);
    llvm::sort(F.AlsoFiledUnder);

    F.Prediction = model::predict(Syms, Session.Model, Access, Launch);
    fixes::FixInput Fix;
    Fix.Access = Access;
    Fix.Launch = Launch;
    Fix.Before = F.Prediction;
    Fix.BaseName = F.BaseName;
    Fix.Member = memberAccess(AST, S, Sites);
    Fix.VariableAlongX = VarX ? VarX->getNameAsString() : "";
    Fix.VariableAlongY = VarY ? VarY->getNameAsString() : "";
    if (S.Space == model::AddressSpace::Global)
      F.Fixes = fixes::suggestFixes(Syms, Session.Model, Session.Fixes, Fix);
    if (F.isFlagged())
      F.Warp = model::firstActiveWarp(Syms, Session.Model, Access, Launch);

    F.Assumptions.push_back(Origin);
    llvm::append_range(F.Assumptions, S.LoweringNotes);
    if (S.Space == model::AddressSpace::Global &&
        (!Base || Base->AlignmentAssumed))
      F.Assumptions.push_back(
          "the pointer " + (Base ? "'" + Base->Name + "' " : std::string()) +
          "is assumed 256-byte aligned, as cudaMalloc returns it");
    return LF;
  }

  ASTContext &AST;
  const SourceManager &SM;
  const AnalysisOptions &Opts;
  const std::vector<SourceLocation> &ErrorsAt; // CompileErrors::Where
  KernelCollector Collector;
  // Declared before the builder, which keeps a reference to its context.
  AnalysisSession Session;
  sym::Context &Syms = Session.Symbols;
  AddressBuilder Builder;
  TranslationUnitResult Result;
};

} // namespace

TranslationUnitResult analyzeTranslationUnit(ASTContext &AST,
                                             const AnalysisOptions &Opts,
                                             const CompileErrors &Errors) {
  return TranslationUnitAnalysis(AST, Opts, Errors).run();
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

} // namespace cudacoalesce
