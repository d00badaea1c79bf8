//===- RunProgress.h - A long run shows its work -------------*- C++ -*-===//
//-*-===//
//
// A whole-project run takes minutes: on a terminal one line, rewritten in
// place, says how far it is, which files are being analysed and which file
// the printed findings wait for; where stderr is a log (CI), a line every
// few seconds says the same. SIGINT and SIGTERM stop the run: what finished
// is reported, the rest is listed as not analysed.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_TOOL_RUNPROGRESS_H
#define CUDA_COALESCE_TOOL_RUNPROGRESS_H

#include <chrono>
#include <csignal>
#include <string>
#include <utility>
#include <vector>

namespace cudacoalesce {

/// "rope.cu (12 s), cpy.cu (3 s)": the files being analysed, the longest
/// first, by file name; at most \p Shown named, then a count.
std::string runningText(std::vector<std::pair<std::string, double>> Running,
                        size_t Shown = 3);

/// The progress of a run over several files on stderr.
class RunProgress {
public:
  explicit RunProgress(bool Terminal) : Terminal(Terminal) {}
  /// A file's first pass ended.
  void fileDone(size_t Done, size_t Total);
  /// About every second while files are analysed.
  void heartbeat(const std::vector<std::pair<std::string, double>> &Running,
                 const std::string &WaitingFor);
  /// Clears the terminal's line, before other output.
  void clear();

private:
  void show(bool Force);

  bool Terminal;
  size_t Done = 0, Total = 0;
  std::string Running, WaitingFor;
  size_t Width = 0; // of the line on the terminal
  using Clock = std::chrono::steady_clock;
  Clock::time_point Start = Clock::now(), LastLine = Start;
  size_t LastDone = 0;
};

/// Makes SIGINT and SIGTERM set the flag returned (the signal's number);
/// one that comes again seconds later ends the process.
const volatile std::sig_atomic_t *stopOnSignals();

/// "SIGINT", "SIGTERM".
std::string signalName(int Signal);

} // namespace cudacoalesce

#endif
