//===- Verify/Attribution.cpp - Instructions to source lines --------------===//
#include "cuda-coalesce/Verify/Attribution.h"

#include "cuda-coalesce/Verify/Names.h"
#include "cuda-coalesce/Verify/SassOpcodes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <set>

namespace cudacoalesce::verify {

namespace {

uint64_t addressValue(llvm::StringRef Address) {
  uint64_t V = 0;
  Address.consume_front("0x");
  Address.getAsInteger(16, V);
  return V;
}

/// One memory instruction, filed.
struct Filed {
  const PageInstruction *Instruction;
  std::string How;
  std::set<Frame> Via;
};

using LineKey = std::tuple<std::string, unsigned, Operation, Memory>;

class LaunchAttribution {
public:
  LaunchAttribution(const ProfileInputs &In, const PageLaunch &Launch,
                    size_t LaunchIndex, Measurements &Out)
      : In(In), Launch(Launch), LaunchIndex(LaunchIndex), Out(Out),
        Kernel(kernelOfSignature(Launch.Signature)) {}

  void run() {
    index();
    if (KernelFile.empty())
      warn("no instruction is listed under a line of the user's code (a "
           "library's kernel, or a program built without -lineinfo)");
    checkLineTotals();
    std::map<std::string, MemoryAccess> Memory;
    for (const std::string &A : Order)
      if (std::optional<MemoryAccess> M = memoryAccessOf(*Instruction[A]))
        Memory.emplace(A, *M);
    std::map<std::string, Frame> ByTable = lineTableFrames(Memory);
    std::map<LineKey, std::vector<Filed>> Lines;
    for (const std::string &A : Order) {
      auto M = Memory.find(A);
      if (M == Memory.end())
        continue;
      Filed F{Instruction[A], "", {}};
      Frame At = file(A, M->second, ByTable, F);
      Lines[{At.first, At.second, M->second.Op, M->second.Space}].push_back(
          std::move(F));
    }
    for (auto &[Key, Instructions] : Lines)
      addLine(Key, Instructions);
  }

  const std::string &kernelFile() const { return KernelFile; }

private:
  /// Where each address is listed, each line's text, the kernel's file.
  void index() {
    std::optional<std::pair<uint64_t, std::string>> Lowest;
    for (const PageBlock &B : Launch.Blocks) {
      bool User = !isLibraryFile(B.File);
      for (const PageLine &L : B.Lines) {
        Texts[{B.File, L.Line}] = L.Text;
        for (const PageInstruction &I : L.Instructions) {
          auto [It, New] = Listed.try_emplace(I.Address);
          if (New)
            Order.push_back(I.Address);
          It->second.push_back({B.File, L.Line});
          Instruction[I.Address] = &I;
          if (!User)
            continue;
          uint64_t V = addressValue(I.Address);
          UserAddresses.push_back({V, {B.File, L.Line}});
          auto &Range = LineRange[B.File];
          Range = Range.second ? std::pair{std::min(Range.first, L.Line),
                                           std::max(Range.second, L.Line)}
                               : std::pair{L.Line, L.Line};
          if (!Lowest || V < Lowest->first)
            Lowest = {V, B.File};
        }
      }
    }
    llvm::sort(UserAddresses);
    // The kernel's own file: where its first instruction is listed.
    if (Lowest)
      KernelFile = Lowest->second;
  }

  void checkLineTotals() {
    for (const PageBlock &B : Launch.Blocks) {
      if (isLibraryFile(B.File))
        continue;
      for (const PageLine &L : B.Lines) {
        double Sum = 0;
        for (const PageInstruction &I : L.Instructions)
          Sum += I.Executed;
        if (!L.Instructions.empty() && Sum != L.Executed)
          note(llvm::formatv("{0}:{1}: the line's Instructions Executed {2} "
                             "is not the sum over its SASS rows {3}",
                             fileNameOf(B.File), L.Line, L.Executed, Sum));
      }
    }
  }

  /// The user's line nvcc's line table gives each memory instruction.
  std::map<std::string, Frame>
  lineTableFrames(const std::map<std::string, MemoryAccess> &Memory) {
    std::map<std::string, Frame> Frames;
    if (!In.Table || In.Table->empty() || Memory.empty())
      return Frames;
    std::map<uint64_t, std::string> Measured;
    for (const auto &[A, M] : Memory)
      Measured[addressValue(A)] = Instruction.at(A)->Sass;
    auto Fit = In.Table->matchFunction(Measured, normalizeKernel(Kernel));
    if (!Fit) {
      warn("no function of the line table has ncu's instructions at ncu's "
           "addresses (a table of another build?): attributed without the "
           "line table");
      return Frames;
    }
    size_t Agree = 0, ListedInUserCode = 0, OnlyUnderLibraries = 0;
    for (const auto &[A, M] : Memory) {
      const std::vector<Frame> *Chain =
          In.Table->chainAt(Fit->first, addressValue(A) - Fit->second);
      if (!Chain)
        continue;
      auto User = llvm::find_if(
          *Chain, [](const Frame &F) { return !isLibraryFile(F.first); });
      if (User == Chain->end())
        continue;
      Frames[A] = *User;
      std::optional<Frame> Ncu = userListing(A);
      if (!Ncu) {
        ++OnlyUnderLibraries;
        continue;
      }
      ++ListedInUserCode;
      Agree += Ncu->second == User->second &&
               fileNameOf(Ncu->first) == fileNameOf(User->first);
    }
    note(llvm::formatv("line table: names ncu's line for {0} of the {1} "
                       "memory instructions ncu lists in the user's code; "
                       "files {2} listed only under a library header",
                       Agree, ListedInUserCode, OnlyUnderLibraries));
    return Frames;
  }

  /// The line of the user's code ncu lists \p A under: the kernel's file
  /// first, the last listed.
  std::optional<Frame> userListing(const std::string &A) const {
    std::optional<Frame> Found;
    for (const Frame &F : Listed.at(A))
      if (!isLibraryFile(F.first) &&
          (!Found || F.first == KernelFile || Found->first != KernelFile))
        Found = F;
    return Found;
  }

  Frame file(const std::string &A, MemoryAccess M,
             const std::map<std::string, Frame> &ByTable, Filed &F) const {
    const std::vector<Frame> &Locations = Listed.at(A);
    if (std::optional<Frame> Ncu = userListing(A)) {
      F.How = "ncu";
      for (const Frame &L : Locations)
        if (L.first != Ncu->first)
          F.Via.insert(L);
      return *Ncu;
    }
    F.Via.insert(Locations.begin(), Locations.end());
    auto T = ByTable.find(A);
    if (T != ByTable.end()) {
      F.How = "line-table";
      return T->second;
    }
    if (std::optional<Frame> Call = ptxCallSite(A, M)) {
      F.How = "ptx-inlined-at";
      return *Call;
    }
    F.How = "nearest-sass";
    return nearestUserLine(addressValue(A)).value_or(Locations.front());
  }

  std::optional<Frame> ptxCallSite(const std::string &A, MemoryAccess M) const {
    if (!In.Ptx || In.Ptx->empty())
      return std::nullopt;
    auto Cached = PtxSites.find(M.Space);
    if (Cached == PtxSites.end())
      Cached =
          PtxSites.emplace(M.Space, In.Ptx->sitesFor(Kernel, M.Space)).first;
    const PtxInlining::Sites &Sites = Cached->second;
    std::set<Frame> Candidates;
    for (const Frame &Header : Listed.at(A)) {
      auto It =
          Sites.find({fileNameOf(Header.first).str(), Header.second, M.Op});
      if (It == Sites.end())
        continue;
      for (const Frame &Call : It->second)
        for (const auto &[File, Range] : LineRange)
          if (fileNameOf(File) == Call.first && Range.first <= Call.second &&
              Call.second <= Range.second)
            Candidates.insert({File, Call.second});
    }
    if (Candidates.empty())
      return std::nullopt;
    // Several: the one listed nearest the instruction, then the first line.
    uint64_t V = addressValue(A);
    auto Distance = [&](const Frame &C) {
      uint64_t Best = UINT64_MAX;
      for (const auto &[Address, Where] : UserAddresses)
        if (Where == C)
          Best = std::min(Best, Address > V ? Address - V : V - Address);
      return std::pair{Best, C.second};
    };
    return *llvm::min_element(Candidates, [&](const Frame &X, const Frame &Y) {
      return Distance(X) < Distance(Y);
    });
  }

  std::optional<Frame> nearestUserLine(uint64_t V) const {
    auto After =
        llvm::upper_bound(UserAddresses, V, [](uint64_t X, const auto &E) {
          return X < E.first;
        });
    auto Before =
        llvm::lower_bound(UserAddresses, V, [](const auto &E, uint64_t X) {
          return E.first < X;
        });
    if (Before != UserAddresses.begin())
      return std::prev(Before)->second;
    if (After != UserAddresses.end())
      return After->second;
    return std::nullopt;
  }

  void addLine(const LineKey &Key, std::vector<Filed> &Instructions) {
    llvm::sort(Instructions, [](const Filed &A, const Filed &B) {
      return addressValue(A.Instruction->Address) <
             addressValue(B.Instruction->Address);
    });
    MeasuredLine L;
    L.Launch = LaunchIndex;
    std::tie(L.File, L.Line, L.Op, L.Space) = Key;
    std::set<std::string> How, Via;
    for (const Filed &F : Instructions) {
      const PageInstruction &I = *F.Instruction;
      bool Global = L.Space == Memory::Global;
      MeasuredInstruction M{I.Address, I.Sass, I.Executed,
                            Global ? I.Sectors : I.Wavefronts,
                            Global ? I.IdealSectors : I.IdealWavefronts};
      L.Executed += M.Executed;
      L.Units += M.Units;
      L.Ideal += M.Ideal;
      L.Instructions.push_back(std::move(M));
      How.insert(F.How);
      for (const Frame &V : F.Via)
        Via.insert(V.first + ":" + std::to_string(V.second));
    }
    L.Attribution = llvm::join(How, "+");
    L.AlsoListedAt.assign(Via.begin(), Via.end());
    auto Text = Texts.find({L.File, L.Line});
    if (Text != Texts.end())
      L.Source = llvm::StringRef(Text->second).trim().str();
    Out.Lines.push_back(std::move(L));
  }

  void note(const std::string &Text) {
    Out.Notes.push_back(In.Name + " " + Kernel + ": " + Text);
  }
  void warn(const std::string &Text) {
    Out.Warnings.push_back(In.Name + " " + Kernel + ": " + Text);
  }

  const ProfileInputs &In;
  const PageLaunch &Launch;
  size_t LaunchIndex;
  Measurements &Out;
  std::string Kernel;
  std::vector<std::string> Order; // addresses, first listed first
  std::map<std::string, std::vector<Frame>> Listed;
  std::map<std::string, const PageInstruction *> Instruction;
  std::map<Frame, std::string> Texts;
  std::vector<std::pair<uint64_t, Frame>> UserAddresses; // sorted
  std::map<std::string, std::pair<unsigned, unsigned>> LineRange;
  std::string KernelFile;
  mutable std::map<Memory, PtxInlining::Sites> PtxSites; // by kernel, once
};

} // namespace

void measureLines(const ProfileInputs &In, Measurements &Out) {
  const SourcePage &Page = *In.Page;
  Out.Spaces.insert({Memory::Global, Memory::Shared});
  if (!In.Raw.empty() && In.Raw.size() != Page.Launches.size())
    Out.Warnings.push_back(
        llvm::formatv("{0}: {1} launches in the source page, "
                      "{2} in the raw page: launch shapes "
                      "taken by kernel name",
                      In.Name, Page.Launches.size(), In.Raw.size()));
  if (Page.DifferingRows)
    Out.Warnings.push_back(llvm::formatv("{0}: {1} repeated SASS rows differ "
                                         "from their first listing",
                                         In.Name, Page.DifferingRows));
  for (size_t I = 0; I < Page.Launches.size(); ++I) {
    const PageLaunch &L = Page.Launches[I];
    // Same order in both pages, where the counts agree; else by name (the
    // raw page may spell template arguments otherwise).
    const RawLaunch *Shape = nullptr;
    if (In.Raw.size() == Page.Launches.size())
      Shape = &In.Raw[I];
    else
      for (const RawLaunch &R : In.Raw)
        if (R.Signature == L.Signature) {
          Shape = &R;
          break;
        }
    size_t Index = Out.Launches.size();
    ProfiledLaunch P;
    P.Kernel = kernelOfSignature(L.Signature);
    P.Signature = L.Signature;
    P.Page = In.Name;
    P.Index = int(I);
    if (Shape) {
      P.Block = Shape->Block;
      P.Grid = Shape->Grid;
    }
    Out.Launches.push_back(P);
    LaunchAttribution A(In, L, Index, Out);
    A.run();
    Out.Launches[Index].File = A.kernelFile();
  }
}

} // namespace cudacoalesce::verify
