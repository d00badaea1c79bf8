//===- Verify/Join.cpp - Measured lines meet predicted accesses -----------===//
#include "cuda-coalesce/Verify/Join.h"

#include "cuda-coalesce/Verify/Names.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

#include <map>
#include <numeric>
#include <tuple>

namespace cudacoalesce::verify {

namespace {

using Key = std::tuple<std::string, unsigned, Operation, Memory>;

/// Measured paths (as the profiled binary recorded them) to the analyzer's
/// paths (as it was given them): the analyzer's path with the longest
/// common suffix of path components, at least the file name.
class FileMatcher {
public:
  explicit FileMatcher(const std::vector<PredictedAccess> &Accesses) {
    std::set<std::string> Paths;
    for (const PredictedAccess &P : Accesses) {
      Paths.insert(P.File);
      for (const Frame &C : P.CallChain)
        Paths.insert(C.first);
    }
    Known.assign(Paths.begin(), Paths.end());
  }

  const std::string &canonical(const std::string &Measured) {
    auto [It, New] = Cache.try_emplace(Measured, Measured);
    if (!New)
      return It->second;
    size_t Best = 0;
    for (const std::string &K : Known) {
      size_t Common = commonSuffix(Measured, K);
      if (Common > Best) {
        Best = Common;
        It->second = K;
      }
    }
    return It->second;
  }

private:
  static size_t commonSuffix(llvm::StringRef A, llvm::StringRef B) {
    auto I = llvm::sys::path::rbegin(A), IE = llvm::sys::path::rend(A);
    auto J = llvm::sys::path::rbegin(B), JE = llvm::sys::path::rend(B);
    size_t N = 0;
    for (; I != IE && J != JE && *I == *J && *I != "/"; ++I, ++J)
      ++N;
    return N;
  }
  std::vector<std::string> Known;
  std::map<std::string, std::string> Cache;
};

class UnionFind {
public:
  explicit UnionFind(size_t N) : Parent(N) {
    std::iota(Parent.begin(), Parent.end(), 0);
  }
  size_t find(size_t X) {
    while (Parent[X] != X)
      X = Parent[X] = Parent[Parent[X]];
    return X;
  }
  void unite(size_t A, size_t B) { Parent[find(A)] = find(B); }

private:
  std::vector<size_t> Parent;
};

/// The join of one profiled launch.
class LaunchJoin {
public:
  LaunchJoin(size_t Launch, std::vector<const MeasuredLine *> Lines,
             std::vector<const PredictedAccess *> Accesses,
             const std::string &Kernel, FileMatcher &Files,
             const SpanFunction &Span, JoinResult &Out)
      : Launch(Launch), Lines(std::move(Lines)), Accesses(std::move(Accesses)),
        Kernel(Kernel), Out(Out),
        Groups(this->Lines.size() + this->Accesses.size()),
        MatchedBy(this->Lines.size()) {
    for (size_t I = 0; I < this->Lines.size(); ++I) {
      const MeasuredLine &L = *this->Lines[I];
      RowKeys.push_back({Files.canonical(L.File), L.Line, L.Op, L.Space});
      RowsAt[RowKeys.back()].push_back(I);
    }
    for (size_t J = 0; J < this->Accesses.size(); ++J) {
      const PredictedAccess &P = *this->Accesses[J];
      AccessKeys.push_back({P.File, P.Line, P.Op, P.Space});
      AccessesAt[AccessKeys.back()].push_back(J);
      nameLines(J, Span);
    }
  }

  void run() {
    size_t R = Lines.size();
    for (size_t I = 0; I < R; ++I)
      for (size_t J : lookup(AccessesAt, RowKeys[I])) {
        Groups.unite(I, R + J);
        MatchedBy[I] = "line";
      }
    // A line with no access of its own meets the accesses that name it;
    // an access with no line of its own, the lines it names.
    for (size_t I = 0; I < R; ++I)
      if (MatchedBy[I].empty())
        for (const auto &[J, How] : lookup(NamedBy, RowKeys[I])) {
          Groups.unite(I, R + J);
          if (MatchedBy[I].empty())
            MatchedBy[I] = How;
        }
    for (size_t J = 0; J < Accesses.size(); ++J)
      if (lookup(RowsAt, AccessKeys[J]).empty())
        for (const auto &[Where, How] : Named[J])
          for (size_t I : lookup(RowsAt, Where)) {
            Groups.unite(I, R + J);
            if (MatchedBy[I].empty())
              MatchedBy[I] = How;
          }
    std::map<size_t, std::pair<std::vector<size_t>, std::vector<size_t>>>
        Components;
    for (size_t I = 0; I < R; ++I)
      Components[Groups.find(I)].first.push_back(I);
    for (size_t J = 0; J < Accesses.size(); ++J)
      Components[Groups.find(R + J)].second.push_back(J);
    for (const auto &[Root, Members] : Components)
      judgeGroup(Members.first, Members.second);
  }

private:
  template <class Map>
  static const typename Map::mapped_type &lookup(const Map &M, const Key &K) {
    static const typename Map::mapped_type None;
    auto It = M.find(K);
    return It == M.end() ? None : It->second;
  }

  void name(size_t J, const Key &Where, const char *How) {
    if (Where == AccessKeys[J])
      return;
    Named[J].push_back({Where, How});
    NamedBy[Where].push_back({J, How});
  }

  void nameLines(size_t J, const SpanFunction &Span) {
    const PredictedAccess &P = *Accesses[J];
    for (const Frame &Call : P.CallChain)
      name(J, {Call.first, Call.second, P.Op, P.Space}, "call site");
    auto [First, Last] = Span ? Span(P.File, P.Line)
                              : std::pair<unsigned, unsigned>{P.Line, P.Line};
    First = std::min(First, P.Line);
    Last = std::max({Last, P.EndLine, P.Line});
    for (unsigned L = First; L <= Last; ++L)
      name(J, {P.File, L, P.Op, P.Space}, "statement");
    for (unsigned L : P.AlsoFiledUnder)
      name(J, {P.File, L, P.Op, P.Space}, "filed under");
  }

  JudgedRow rowFor(size_t I) const {
    JudgedRow Row;
    Row.Measured = Lines[I];
    Row.Launch = Launch;
    std::tie(Row.File, Row.Line, Row.Op, Row.Space) = RowKeys[I];
    Row.Kernel = Kernel;
    Row.MatchedBy = MatchedBy[I];
    return Row;
  }

  void judgeGroup(const std::vector<size_t> &Rows,
                  const std::vector<size_t> &Members) {
    std::vector<const PredictedAccess *> Group;
    for (size_t J : Members)
      Group.push_back(Accesses[J]);
    if (Group.empty()) {
      // A line whose instructions never ran has no request to miss: nvcc
      // leaves cold paths (a math function's slow argument reduction, a
      // branch no launch takes) with the line of the statement around them.
      for (size_t I : Rows) {
        JudgedRow Row = rowFor(I);
        if (Lines[I]->Executed == 0)
          Row.Judgement.Result = Verdict::NotExecuted;
        Out.Rows.push_back(std::move(Row));
      }
      return;
    }
    if (Rows.empty()) {
      noInstruction(Members);
      return;
    }
    double Units = 0, Executed = 0;
    std::vector<double> PerInstruction;
    std::vector<unsigned> LinesMeasured;
    for (size_t I : Rows) {
      Units += Lines[I]->Units;
      Executed += Lines[I]->Executed;
      LinesMeasured.push_back(Lines[I]->Line);
      for (const MeasuredInstruction &M : Lines[I]->Instructions)
        if (M.Executed > 0)
          PerInstruction.push_back(round4(M.Units / M.Executed));
    }
    std::optional<double> Measured;
    if (Executed > 0)
      Measured = round4(Units / Executed);
    LineJudgement J = judgeLine(Group, Measured);
    std::vector<Verdict> Each = judgeAccesses(Group, PerInstruction);
    // The group's first line with accesses of its own carries the totals.
    size_t Home = Rows.front();
    for (size_t I : Rows)
      if (MatchedBy[I] == "line") {
        Home = I;
        break;
      }
    for (size_t I : Rows) {
      JudgedRow Row = rowFor(I);
      Row.Accesses = Group;
      Row.Judgement = J;
      Row.AccessVerdicts = Each;
      if (Rows.size() > 1) {
        Row.MeasuredTogether = Measured;
        for (unsigned L : LinesMeasured)
          if (L != Row.Line)
            Row.MeasuredWith.push_back(L);
      }
      if (I == Home) {
        Row.MeasuredPerLaunch = Units;
        Row.PredictedPerLaunch = predictedPerLaunch(Group);
      }
      Out.Rows.push_back(std::move(Row));
    }
  }

  static std::optional<double>
  predictedPerLaunch(const std::vector<const PredictedAccess *> &Group) {
    double Sum = 0;
    for (const PredictedAccess *P : Group) {
      if (!P->UnitsPerLaunch || P->Launch != Group.front()->Launch)
        return std::nullopt;
      Sum += *P->UnitsPerLaunch;
    }
    return Sum;
  }

  void noInstruction(const std::vector<size_t> &Members) {
    std::map<Key, std::vector<const PredictedAccess *>> ByLine;
    for (size_t J : Members)
      ByLine[AccessKeys[J]].push_back(Accesses[J]);
    for (auto &[K, Group] : ByLine) {
      JudgedRow Row;
      Row.Launch = Launch;
      std::tie(Row.File, Row.Line, Row.Op, Row.Space) = K;
      Row.Kernel = Kernel;
      Row.Accesses = Group;
      Row.Judgement = describe(Group);
      Row.Judgement.Result = Verdict::NoInstruction;
      Out.Rows.push_back(std::move(Row));
    }
  }

  size_t Launch;
  std::vector<const MeasuredLine *> Lines;
  std::vector<const PredictedAccess *> Accesses;
  std::string Kernel;
  JoinResult &Out;
  UnionFind Groups; // the lines, then the accesses
  std::vector<std::string> MatchedBy;
  std::vector<Key> RowKeys, AccessKeys;
  std::map<Key, std::vector<size_t>> RowsAt, AccessesAt;
  std::map<size_t, std::vector<std::pair<Key, const char *>>> Named;
  std::map<Key, std::vector<std::pair<size_t, const char *>>> NamedBy;
};

/// The accesses of a kernel whose body is in the profiled kernel's file
/// (kernels of one name in several programs), in a memory measured.
std::vector<const PredictedAccess *>
ofKernelFile(const std::vector<const PredictedAccess *> &Accesses,
             const std::string &File, const std::set<Memory> &Spaces,
             FileMatcher &Files) {
  std::vector<const PredictedAccess *> Measured, Same;
  for (const PredictedAccess *P : Accesses)
    if (Spaces.count(P->Space))
      Measured.push_back(P);
  if (File.empty())
    return Measured;
  const std::string &Canonical = Files.canonical(File);
  for (const PredictedAccess *P : Measured)
    if (P->KernelFile == Canonical)
      Same.push_back(P);
  return Same.empty() ? Measured : Same;
}

/// A host loop over problem sizes launches one site's kernel with several
/// grids, each a finding of its own (PredictedAccess::Grid): a profiled
/// launch meets those of its grid, where the analyzer has it, as it meets
/// those of its block.
void keepProfiledGrid(const ProfiledLaunch &L,
                      std::vector<const PredictedAccess *> &Chosen) {
  if (!L.Grid || llvm::none_of(Chosen, [&](const PredictedAccess *P) {
        return P->Grid == L.Grid;
      }))
    return;
  llvm::erase_if(Chosen, [&](const PredictedAccess *P) {
    return P->Grid && P->Grid != L.Grid;
  });
}

/// The analyzer's name each profiled kernel's name meets: its own where the
/// analyzer has it, else the one that enumArgumentsMatch gives, where that
/// is the only name it gives and no other profiled name it gives that one
/// (two instances that differ only in an enum argument written as an
/// enumerator, or two profiled instances, leave it unmatched).
std::map<std::string, std::string>
resolveKernels(const Measurements &M,
               const std::map<std::string, std::vector<const PredictedAccess *>>
                   &ByKernel) {
  std::map<std::string, std::string> Resolved;
  std::set<std::string> Exact;
  std::map<std::string, std::vector<std::string>> Loose;
  for (const ProfiledLaunch &L : M.Launches) {
    std::string Name = normalizeKernel(L.Kernel);
    if (ByKernel.count(Name)) {
      Resolved[Name] = Name;
      Exact.insert(Name);
    } else {
      Loose.try_emplace(Name);
    }
  }
  std::map<std::string, unsigned> Claims;
  for (auto &[Name, Candidates] : Loose) {
    for (const auto &Entry : ByKernel)
      if (!Exact.count(Entry.first) && enumArgumentsMatch(Name, Entry.first))
        Candidates.push_back(Entry.first);
    if (Candidates.size() == 1)
      ++Claims[Candidates[0]];
  }
  for (const auto &[Name, Candidates] : Loose)
    Resolved[Name] = Candidates.size() == 1 && Claims[Candidates[0]] == 1
                         ? Candidates[0]
                         : Name;
  return Resolved;
}

} // namespace

JoinResult join(const Measurements &M,
                const std::vector<PredictedAccess> &Accesses,
                const SpanFunction &StatementSpan) {
  JoinResult Out;
  FileMatcher Files(Accesses);
  std::map<std::string, std::vector<const PredictedAccess *>> ByKernel;
  for (const PredictedAccess &P : Accesses)
    ByKernel[joinedKernelName(P)].push_back(&P);
  std::vector<std::vector<const MeasuredLine *>> ByLaunch(M.Launches.size());
  for (const MeasuredLine &L : M.Lines)
    ByLaunch[L.Launch].push_back(&L);
  std::map<std::string, std::string> Resolved = resolveKernels(M, ByKernel);
  std::set<std::string> Profiled;
  for (size_t I = 0; I < M.Launches.size(); ++I) {
    const ProfiledLaunch &L = M.Launches[I];
    const std::string &Name = Resolved[normalizeKernel(L.Kernel)];
    Profiled.insert(Name);
    std::vector<const PredictedAccess *> Candidates =
        ofKernelFile(ByKernel[Name], L.File, M.Spaces, Files);
    // Under the measured launch's block, where the analyzer has it.
    std::vector<const PredictedAccess *> Chosen;
    for (const PredictedAccess *P : Candidates)
      if (!L.Block || P->Block == L.Block)
        Chosen.push_back(P);
    keepProfiledGrid(L, Chosen);
    std::string Kernel = Candidates.empty() ? kernelOfSignature(L.Signature)
                                            : Candidates[0]->Kernel;
    if (Chosen.empty() && !Candidates.empty()) {
      for (const MeasuredLine *Line : ByLaunch[I]) {
        JudgedRow Row;
        Row.Measured = Line;
        Row.Launch = I;
        Row.File = Files.canonical(Line->File);
        Row.Line = Line->Line;
        Row.Op = Line->Op;
        Row.Space = Line->Space;
        Row.Kernel = Kernel;
        Row.Judgement.Result = Verdict::OtherLaunch;
        for (const PredictedAccess *P : Candidates)
          if (P->Block)
            Row.AnalysedBlocks.insert(*P->Block);
        Out.Rows.push_back(std::move(Row));
      }
      continue;
    }
    LaunchJoin(I, ByLaunch[I], Chosen, Kernel, Files, StatementSpan, Out).run();
  }
  for (const PredictedAccess &P : Accesses)
    Out.AccessesNotProfiled +=
        M.Spaces.count(P.Space) && !Profiled.count(joinedKernelName(P));
  llvm::stable_sort(Out.Rows, [](const JudgedRow &A, const JudgedRow &B) {
    return std::tie(A.File, A.Line, A.Op, A.Space, A.Kernel, A.Launch) <
           std::tie(B.File, B.Line, B.Op, B.Space, B.Kernel, B.Launch);
  });
  return Out;
}

} // namespace cudacoalesce::verify
