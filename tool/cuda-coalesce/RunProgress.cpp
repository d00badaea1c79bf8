//===- RunProgress.cpp - A long run shows its work ----------------------===//
#include "RunProgress.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <ctime>

namespace cudacoalesce {

namespace {

/// Where stderr is a log: a line at most this often, and at least this
/// often while files are analysed.
constexpr std::chrono::seconds LogEvery(5);

volatile std::sig_atomic_t StopSignal = 0;
volatile std::sig_atomic_t FirstSignalSecond = 0;

/// The first signal asks the run to stop; one a second or more later (a
/// second Ctrl-C) ends the process. Sooner is the same request again:
/// timeout(1) signals the process and then its group.
extern "C" void onStopSignal(int Signal) {
  timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  if (!StopSignal) {
    StopSignal = Signal;
    FirstSignalSecond = std::sig_atomic_t(Now.tv_sec);
    return;
  }
  if (Now.tv_sec - FirstSignalSecond >= 2) {
    std::signal(Signal, SIG_DFL);
    std::raise(Signal);
  }
}

} // namespace

std::string runningText(std::vector<std::pair<std::string, double>> Running,
                        size_t Shown) {
  std::stable_sort(
      Running.begin(), Running.end(),
      [](const auto &A, const auto &B) { return A.second > B.second; });
  std::string Text;
  for (size_t I = 0; I < Running.size() && I < Shown; ++I)
    Text += (I ? ", " : "") +
            llvm::sys::path::filename(Running[I].first).str() + " (" +
            std::to_string(int64_t(std::floor(Running[I].second))) + " s)";
  if (Running.size() > Shown)
    Text += " and " + std::to_string(Running.size() - Shown) + " more";
  return Text;
}

void RunProgress::fileDone(size_t NowDone, size_t NowTotal) {
  Done = NowDone;
  Total = NowTotal;
  Running.clear(); // until the next heartbeat names them again
  // On a log: every ten files, or as the heartbeat.
  show(!Terminal && Done >= LastDone + 10);
}

void RunProgress::heartbeat(
    const std::vector<std::pair<std::string, double>> &NowRunning,
    const std::string &NowWaitingFor) {
  Running = runningText(NowRunning);
  WaitingFor = NowWaitingFor.empty()
                   ? ""
                   : llvm::sys::path::filename(NowWaitingFor).str();
  show(false);
}

void RunProgress::show(bool Force) {
  auto Now = Clock::now();
  std::string Seconds =
      std::to_string(
          std::chrono::duration_cast<std::chrono::seconds>(Now - Start)
              .count()) +
      " s";
  // Before the first file is done the run does not say how many it has.
  std::string Line = Total ? std::to_string(Done) + " of " +
                                 std::to_string(Total) + " files analysed (" +
                                 Seconds + ")"
                           : "(" + Seconds + ")";
  if (!Running.empty())
    Line += "; analysing " + Running;
  if (!WaitingFor.empty())
    Line += "; output waits for " + WaitingFor;
  if (Terminal) {
    if (Line.size() > 100)
      Line = Line.substr(0, 97) + "...";
    llvm::errs() << "\r" << Line
                 << std::string(Width > Line.size() ? Width - Line.size() : 0,
                                ' ');
    Width = Line.size();
    llvm::errs().flush();
    return;
  }
  if (!Force && Now - LastLine < LogEvery)
    return;
  LastLine = Now;
  LastDone = Done;
  llvm::errs() << "cuda-coalesce: " << Line << "\n";
}

void RunProgress::clear() {
  if (Terminal && Width)
    llvm::errs() << "\r" << std::string(Width, ' ') << "\r";
  Width = 0;
}

const volatile std::sig_atomic_t *stopOnSignals() {
  std::signal(SIGINT, onStopSignal);
  std::signal(SIGTERM, onStopSignal);
  return &StopSignal;
}

std::string signalName(int Signal) {
  return Signal == SIGINT    ? "SIGINT"
         : Signal == SIGTERM ? "SIGTERM"
                             : "signal " + std::to_string(Signal);
}

} // namespace cudacoalesce
