//===- Driver/Isolation.h - Tasks in processes of their own ----*- C++ -*-===//
//
// A file that makes Clang loop, exhaust memory or crash must cost that file
// only: the run goes on and reports it in one line. Threads cannot give
// that (a thread cannot be stopped, and a crash takes the process down), so
// each task runs in a child process forked from the caller, which must have
// no other threads then. The child hands back its result as bytes through a
// pipe (see Driver/OutcomeArchive.h); the parent enforces the time limit
// and reads the children's results as they come, so several run at once.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_ISOLATION_H
#define CUDA_COALESCE_DRIVER_ISOLATION_H

#include <csignal>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cudacoalesce {

struct ChildLimits {
  unsigned TimeoutSeconds = 0; // wall-clock time per task; 0: none
  /// Data the task may allocate (RLIMIT_DATA: heap and private writable
  /// mappings, not the mapped libraries); 0: no limit.
  uint64_t MemoryMiB = 0;
};

struct ChildResult {
  enum Status {
    Finished,    // Payload is what the task returned
    TimedOut,    // killed at the time limit
    OutOfMemory, // an allocation failed under the memory limit
    Crashed,     // killed by a signal or exited without a result
    Interrupted, // not run, or stopped, because the run was asked to stop
  };
  Status Kind = Finished;
  std::string Payload;
  std::string Detail; // the signal or exit status, when Crashed

  /// One line for the user: "timed out after 5 s", "crashed (Segmentation
  /// fault)". Empty when Finished.
  std::string describe(const ChildLimits &Limits) const;
};

/// What a run over tasks tells while it waits, and when it stops early.
struct TaskWatch {
  /// Called about every TickMilliseconds while tasks run, with each running
  /// task's index and the seconds since it started (a long run shows which
  /// files it is on).
  std::function<void(const std::vector<std::pair<size_t, double>> &Running)>
      Tick;
  unsigned TickMilliseconds = 1000;
  /// Set, by a signal handler, to stop: no task starts, the running ones
  /// are killed, and each of them and of those not started is Done with
  /// Interrupted (a task that ended before keeps its result).
  const volatile std::sig_atomic_t *Stop = nullptr;
  bool stopping() const { return Stop && *Stop; }
};

/// Runs \p Task(I) for each index of \p Indices, each in a child process,
/// at most \p Jobs at once, and calls \p Done(I, Result) in this process as
/// each ends (in the order they end). When no child process can be started,
/// the task runs in this process instead, without the limits.
/// With \p Watch, it ticks and stops as the watch says.
void runInChildren(const std::vector<size_t> &Indices, unsigned Jobs,
                   const ChildLimits &Limits,
                   const std::function<std::string(size_t)> &Task,
                   const std::function<void(size_t, ChildResult)> &Done,
                   const TaskWatch *Watch = nullptr);

/// runInChildren under \p *Limits, or, when \p Limits is null, on up to
/// \p Jobs threads of this process (no limits; \p Done runs on those
/// threads, one call at a time; no ticks, and a stop starts no more tasks
/// but lets the running ones end).
void runTasks(const std::vector<size_t> &Indices, unsigned Jobs,
              const ChildLimits *Limits,
              const std::function<std::string(size_t)> &Task,
              const std::function<void(size_t, ChildResult)> &Done,
              const TaskWatch *Watch = nullptr);

} // namespace cudacoalesce

#endif
