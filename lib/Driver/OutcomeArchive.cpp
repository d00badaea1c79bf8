//===- Driver/OutcomeArchive.cpp - A file's outcome as bytes --------------===//
//
// Each record lists its fields once, in `fields`, for both directions: a
// Writer appends them, a Reader fills them in the same order. Numbers are
// copied as their bytes (both ends are the same binary).
//
//===----------------------------------------------------------------------===//
#include "cuda-coalesce/Driver/OutcomeArchive.h"

#include <cstring>
#include <map>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace cudacoalesce {

namespace {

// A new field in one of these records must be added to its `fields` below,
// or it is lost whenever a file is analysed in a child process. These
// tripwires fail the build when a record's size changes (on the platform
// the project is developed on), as a reminder.
#if defined(__GLIBCXX__) && defined(__x86_64__) && !defined(_GLIBCXX_DEBUG)
static_assert(sizeof(FileOutcome) == 504, "serialise the new field below");
static_assert(sizeof(ReportedFinding) == 1080, "serialise the new field below");
static_assert(sizeof(Finding) == 1040, "serialise the new field below");
static_assert(sizeof(model::Prediction) == 360, "serialise the new field");
static_assert(sizeof(model::Assumption) == 80, "serialise the new field");
static_assert(sizeof(model::IdealCondition) == 56, "serialise the new field");
static_assert(sizeof(model::UnknownCause) == 56, "serialise the new field");
static_assert(sizeof(model::WalkCounts) == 72, "serialise the new field");
static_assert(sizeof(model::WarpSnapshot) == 64, "serialise the new field");
static_assert(sizeof(fixes::Fix) == 80, "serialise the new field below");
static_assert(sizeof(LaunchSite) == 232, "serialise the new field below");
#endif

template <class IO> void fields(IO &A, SourcePoint &P) {
  A(P.File, P.Line, P.Column);
}
template <class IO> void fields(IO &A, model::Dim3 &D) { A(D.X, D.Y, D.Z); }
template <class IO> void fields(IO &A, model::Assumption &M) {
  A(M.What, M.Names, M.Low, M.High, M.Least, M.Most, M.ValuesTried);
}
template <class IO> void fields(IO &A, model::IdealCondition &C) {
  A(C.Unknown, C.Modulus, C.Equals, C.UpTo);
}
template <class IO> void fields(IO &A, model::UnknownCause &C) {
  A(C.What, C.Names, C.Least, C.Most);
}
template <class IO> void fields(IO &A, model::WalkCounts &W) {
  A(W.LaunchVisits, W.Visits, W.Warps, W.Requests, W.RequestsPerLaunch,
    W.RequestsPerBlock, W.RelativeError);
}
template <class IO> void fields(IO &A, model::Prediction &P) {
  A(P.Kind, P.Space, P.Units, P.UnitsMin, P.UnitsMax, P.IdealUnits, P.Groups,
    P.Assumptions, P.Condition, P.AlignmentAssumed, P.Cause, P.LaneStrideBytes,
    P.FirstLaneOffsetInPeriod, P.DependsOnLaneData, P.Walk,
    P.CountsOfItsInstructions);
  // P.Model, a pointer, is left unset: the model of P.Space.
}
template <class IO> void fields(IO &A, model::LaneAccess &L) {
  A(L.Active, L.ByteOffset);
}
template <class IO> void fields(IO &A, model::WarpSnapshot &W) {
  A(W.Warp, W.Setting, W.WidthBytes, W.ChunkBytes, W.Lanes);
}
template <class IO> void fields(IO &A, fixes::Replacement &R) {
  A(R.File, R.Offset, R.Length, R.Text);
}
template <class IO> void fields(IO &A, fixes::Fix &F) {
  A(F.Kind, F.Message, F.PredictedUnits, F.Replacements);
}
template <class IO> void fields(IO &A, Finding &F) {
  A(F.Where, F.End, F.Kernel, F.ProfilerKernel, F.Function, F.Kind,
    F.Expression, F.Index, F.ByteOffset, F.BaseName, F.ElementBytes, F.Block,
    F.BlockOrigin, F.LaunchValues, F.Grid, F.Prediction, F.Assumptions,
    F.CallChain, F.InLibrary, F.Trips, F.AlsoFiledUnder, F.Fixes, F.Warp);
}
template <class IO> void fields(IO &A, LaunchSite &L) {
  A(L.Where, L.Block, L.Grid, L.PartialBlock, L.Arguments, L.ExtentArguments);
}
template <class IO> void fields(IO &A, ReportedFinding &R) {
  A(R.Data, R.Text, R.FailsRun);
}
template <class IO> void fields(IO &A, FileOutcome &O) {
  A(O.File, O.Failed, O.Error, O.Kernels, O.KernelsWithErrors, O.HostErrors,
    O.FirstHostError, O.MissingHeaders, O.AnalysedThrough,
    O.CommandInferredFrom, O.Findings, O.Remarks, O.ConfigFile, O.Skipped,
    O.Suppressed, O.InBaseline, O.ParseSeconds, O.AnalysisSeconds,
    O.CommandDirectory, O.IncludedInputs, O.FilesRead, O.Launches,
    O.KernelsWithoutLaunch);
}

template <class T> struct IsVector : std::false_type {};
template <class T> struct IsVector<std::vector<T>> : std::true_type {};
template <class T> struct IsOptional : std::false_type {};
template <class T> struct IsOptional<std::optional<T>> : std::true_type {};
template <class T> struct IsMap : std::false_type {};
template <class K, class V> struct IsMap<std::map<K, V>> : std::true_type {};
template <class T> struct IsPair : std::false_type {};
template <class K, class V> struct IsPair<std::pair<K, V>> : std::true_type {};

class Writer {
public:
  explicit Writer(std::string &Out) : Out(Out) {}

  template <class... T> void operator()(T &...Values) { (one(Values), ...); }

private:
  template <class T> void one(T &V) {
    if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
      Out.append(reinterpret_cast<const char *>(&V), sizeof(V));
    } else if constexpr (std::is_same_v<T, std::string>) {
      size(V.size());
      Out += V;
    } else if constexpr (IsVector<T>::value || IsMap<T>::value) {
      size(V.size());
      for (auto &E : V)
        one(const_cast<
            std::remove_const_t<std::remove_reference_t<decltype(E)>> &>(E));
    } else if constexpr (IsOptional<T>::value) {
      bool Has = V.has_value();
      one(Has);
      if (Has)
        one(*V);
    } else if constexpr (IsPair<T>::value) {
      one(const_cast<std::remove_const_t<typename T::first_type> &>(V.first));
      one(V.second);
    } else {
      fields(*this, V);
    }
  }
  void size(uint64_t N) { one(N); }

  std::string &Out;
};

class Reader {
public:
  explicit Reader(const std::string &In) : In(In) {}

  template <class... T> void operator()(T &...Values) { (one(Values), ...); }
  bool ok() const { return !Broken && Pos == In.size(); }

private:
  template <class T> void one(T &V) {
    if (Broken)
      return;
    if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
      if (!take(reinterpret_cast<char *>(&V), sizeof(V)))
        return;
    } else if constexpr (std::is_same_v<T, std::string>) {
      uint64_t N = size();
      if (Broken || N > In.size() - Pos) {
        Broken = true;
        return;
      }
      V.assign(In, Pos, N);
      Pos += N;
    } else if constexpr (IsVector<T>::value) {
      uint64_t N = size();
      V.clear();
      for (uint64_t I = 0; I < N && !Broken; ++I)
        one(V.emplace_back());
    } else if constexpr (IsMap<T>::value) {
      uint64_t N = size();
      V.clear();
      for (uint64_t I = 0; I < N && !Broken; ++I) {
        std::pair<typename T::key_type, typename T::mapped_type> E;
        one(E);
        V.insert(std::move(E));
      }
    } else if constexpr (IsOptional<T>::value) {
      bool Has = false;
      one(Has);
      V.reset();
      if (Has)
        one(V.emplace());
    } else if constexpr (IsPair<T>::value) {
      one(V.first);
      one(V.second);
    } else {
      fields(*this, V);
    }
  }
  uint64_t size() {
    uint64_t N = 0;
    one(N);
    return N;
  }
  bool take(char *To, size_t N) {
    if (N > In.size() - Pos) {
      Broken = true;
      return false;
    }
    std::memcpy(To, In.data() + Pos, N);
    Pos += N;
    return true;
  }

  const std::string &In;
  size_t Pos = 0;
  bool Broken = false;
};

} // namespace

std::string serializeOutcome(const FileOutcome &Outcome) {
  std::string Bytes;
  Writer W(Bytes);
  // The fields are listed once for both directions, on non-const records;
  // the writer only reads them.
  W(const_cast<FileOutcome &>(Outcome));
  return Bytes;
}

bool deserializeOutcome(const std::string &Bytes, FileOutcome &Outcome) {
  Reader R(Bytes);
  R(Outcome);
  return R.ok();
}

} // namespace cudacoalesce
