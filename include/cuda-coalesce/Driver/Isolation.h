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
  };
  Status Kind = Finished;
  std::string Payload;
  std::string Detail; // the signal or exit status, when Crashed

  /// One line for the user: "timed out after 5 s", "crashed (Segmentation
  /// fault)". Empty when Finished.
  std::string describe(const ChildLimits &Limits) const;
};

/// Runs \p Task(I) for each index of \p Indices, each in a child process,
/// at most \p Jobs at once, and calls \p Done(I, Result) in this process as
/// each ends (in the order they end). When no child process can be started,
/// the task runs in this process instead, without the limits.
void runInChildren(const std::vector<size_t> &Indices, unsigned Jobs,
                   const ChildLimits &Limits,
                   const std::function<std::string(size_t)> &Task,
                   const std::function<void(size_t, ChildResult)> &Done);

/// runInChildren under \p *Limits, or, when \p Limits is null, on up to
/// \p Jobs threads of this process (no limits; \p Done runs on those
/// threads, one call at a time).
void runTasks(const std::vector<size_t> &Indices, unsigned Jobs,
              const ChildLimits *Limits,
              const std::function<std::string(size_t)> &Task,
              const std::function<void(size_t, ChildResult)> &Done);

} // namespace cudacoalesce

#endif
