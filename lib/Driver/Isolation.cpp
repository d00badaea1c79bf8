//===- Driver/Isolation.cpp - Tasks in child processes --------------------===//
#include "cuda-coalesce/Driver/Isolation.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <map>
#include <mutex>
#include <new>

#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace cudacoalesce {

namespace {

// Exit statuses a child uses to say why it ended without a result. The
// pipe then holds the reason, when there is one.
constexpr int OutOfMemoryExit = 86;
constexpr int FatalErrorExit = 87;

using Clock = std::chrono::steady_clock;

int ResultPipe = -1; // the child's write end, for the handlers below

#ifndef __has_feature
#define __has_feature(X) 0
#endif
#if defined(__SANITIZE_ADDRESS__) || __has_feature(address_sanitizer) ||       \
    __has_feature(memory_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool SanitizedBuild = true;
#else
constexpr bool SanitizedBuild = false;
#endif

void writeAll(int FD, const char *Data, size_t Size) {
  while (Size > 0) {
    ssize_t N = ::write(FD, Data, Size);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return;
    Data += N;
    Size -= size_t(N);
  }
}

[[noreturn]] void outOfMemory() { ::_exit(OutOfMemoryExit); }

void outOfMemoryInLLVM(void *, const char *, bool) { outOfMemory(); }

void fatalErrorInLLVM(void *, const char *Reason, bool) {
  writeAll(ResultPipe, Reason, std::strlen(Reason));
  ::_exit(FatalErrorExit);
}

/// In the child: the limits, and handlers that end it with a status the
/// parent understands instead of a message and a stack trace on stderr.
void prepareChild(const ChildLimits &Limits, int Pipe) {
  ResultPipe = Pipe;
  // The sanitizers' shadow memory counts against RLIMIT_DATA: under them
  // (CUDA_COALESCE_SANITIZERS) the memory limit would fail every file.
  if (Limits.MemoryMiB > 0 && !SanitizedBuild) {
    rlimit L;
    L.rlim_cur = L.rlim_max = rlim_t(Limits.MemoryMiB) << 20;
    ::setrlimit(RLIMIT_DATA, &L);
  }
  std::set_new_handler(outOfMemory);
  llvm::install_bad_alloc_error_handler(outOfMemoryInLLVM);
  llvm::install_fatal_error_handler(fatalErrorInLLVM);
  // The parent reports a crash in one line; LLVM's handlers would print a
  // stack trace first.
  for (int Sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP})
    std::signal(Sig, SIG_DFL);
}

struct Running {
  size_t Index;
  int Pipe; // read end; -1 once at end of file
  std::string Received;
  Clock::time_point Deadline;
  Clock::time_point Started;
};

/// How long poll() may wait: until the nearest deadline, and no longer
/// than the watch's tick.
int pollWait(Clock::time_point Nearest, const TaskWatch *Watch) {
  int Wait = -1;
  if (Nearest != Clock::time_point::max()) {
    auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
        Nearest - Clock::now());
    Wait = int(std::clamp<int64_t>(Left.count() + 1, 0, 1 << 30));
  }
  if (Watch && (Watch->Tick || Watch->Stop)) {
    int Tick = int(std::max(1u, Watch->TickMilliseconds));
    Wait = Wait < 0 ? Tick : std::min(Wait, Tick);
  }
  return Wait;
}

ChildResult resultOf(int Status, std::string Received, bool Killed) {
  ChildResult R;
  if (Killed) {
    R.Kind = ChildResult::TimedOut;
  } else if (WIFEXITED(Status) && WEXITSTATUS(Status) == 0) {
    R.Kind = ChildResult::Finished;
    R.Payload = std::move(Received);
  } else if (WIFEXITED(Status) && WEXITSTATUS(Status) == OutOfMemoryExit) {
    R.Kind = ChildResult::OutOfMemory;
  } else if (WIFEXITED(Status) && WEXITSTATUS(Status) == FatalErrorExit) {
    R.Kind = ChildResult::Crashed;
    R.Detail = "fatal error: " + Received;
  } else if (WIFSIGNALED(Status)) {
    R.Kind = ChildResult::Crashed;
    R.Detail = ::strsignal(WTERMSIG(Status));
  } else {
    R.Kind = ChildResult::Crashed;
    R.Detail = "exit status " + std::to_string(WEXITSTATUS(Status));
  }
  return R;
}

pid_t waitFor(pid_t Pid, int &Status) {
  pid_t R;
  do
    R = ::waitpid(Pid, &Status, 0);
  while (R < 0 && errno == EINTR);
  return R;
}

} // namespace

std::string ChildResult::describe(const ChildLimits &Limits) const {
  switch (Kind) {
  case Finished:
    return "";
  case TimedOut:
    return "timed out after " + std::to_string(Limits.TimeoutSeconds) +
           " s (--timeout)";
  case OutOfMemory:
    return "ran out of memory" +
           (Limits.MemoryMiB
                ? " (over the " + std::to_string(Limits.MemoryMiB) +
                      " MiB of --max-memory)"
                : std::string());
  case Crashed:
    return "the analysis crashed (" + Detail + ")";
  case Interrupted:
    return "not analysed: the run was interrupted";
  }
  return "";
}

void runInChildren(const std::vector<size_t> &Indices, unsigned Jobs,
                   const ChildLimits &Limits,
                   const std::function<std::string(size_t)> &Task,
                   const std::function<void(size_t, ChildResult)> &Done,
                   const TaskWatch *Watch) {
  Jobs = std::max(1u, Jobs);
  std::map<pid_t, Running> Children;
  size_t Next = 0;
  auto Start = [&](size_t Index) {
    int Fds[2];
    if (::pipe(Fds) != 0) {
      Done(Index, {ChildResult::Finished, Task(Index), ""});
      return;
    }
    pid_t Pid = ::fork();
    if (Pid < 0) {
      ::close(Fds[0]);
      ::close(Fds[1]);
      Done(Index, {ChildResult::Finished, Task(Index), ""});
      return;
    }
    if (Pid == 0) {
      ::close(Fds[0]);
      prepareChild(Limits, Fds[1]);
      std::string Result = Task(Index);
      writeAll(Fds[1], Result.data(), Result.size());
      // Not exit(): the parent's buffered output and its static
      // destructors are the parent's.
      ::_exit(0);
    }
    ::close(Fds[1]);
    Clock::time_point Deadline =
        Limits.TimeoutSeconds
            ? Clock::now() + std::chrono::seconds(Limits.TimeoutSeconds)
            : Clock::time_point::max();
    Children[Pid] = {Index, Fds[0], "", Deadline, Clock::now()};
  };
  bool Stopping = false;
  auto Finish = [&](std::map<pid_t, Running>::iterator It, bool Kill) {
    if (Kill)
      ::kill(It->first, SIGKILL);
    if (It->second.Pipe >= 0)
      ::close(It->second.Pipe);
    int Status = 0;
    waitFor(It->first, Status);
    size_t Index = It->second.Index;
    ChildResult R = resultOf(Status, std::move(It->second.Received), Kill);
    // Stopped by us, or by the terminal's Ctrl-C that reached the child too.
    if ((Stopping || (Watch && Watch->stopping())) &&
        R.Kind != ChildResult::Finished)
      R = {ChildResult::Interrupted, "", ""};
    Children.erase(It);
    Done(Index, std::move(R));
  };
  Clock::time_point LastTick = Clock::now();

  while (Next < Indices.size() || !Children.empty()) {
    if (Watch && Watch->stopping()) {
      Stopping = true;
      while (!Children.empty())
        Finish(Children.begin(), /*Kill=*/true);
      for (; Next < Indices.size(); ++Next)
        Done(Indices[Next], {ChildResult::Interrupted, "", ""});
      return;
    }
    while (Next < Indices.size() && Children.size() < Jobs)
      Start(Indices[Next++]);
    if (Children.empty())
      continue;

    std::vector<pollfd> Fds;
    std::vector<pid_t> Owners;
    Clock::time_point Nearest = Clock::time_point::max();
    for (auto &[Pid, C] : Children) {
      Nearest = std::min(Nearest, C.Deadline);
      Fds.push_back({C.Pipe, POLLIN, 0});
      Owners.push_back(Pid);
    }
    if (Watch && Watch->Tick &&
        Clock::now() - LastTick >=
            std::chrono::milliseconds(Watch->TickMilliseconds)) {
      LastTick = Clock::now();
      std::vector<std::pair<size_t, double>> Now;
      for (auto &[Pid, C] : Children)
        Now.push_back(
            {C.Index,
             std::chrono::duration<double>(LastTick - C.Started).count()});
      Watch->Tick(Now);
    }
    if (::poll(Fds.data(), Fds.size(), pollWait(Nearest, Watch)) < 0)
      continue; // EINTR, or a transient ENOMEM: try again

    for (size_t I = 0; I < Fds.size(); ++I) {
      if (!(Fds[I].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      auto It = Children.find(Owners[I]);
      char Buffer[1 << 16];
      ssize_t N = ::read(It->second.Pipe, Buffer, sizeof(Buffer));
      if (N > 0) {
        It->second.Received.append(Buffer, size_t(N));
        continue;
      }
      if (N < 0 && errno == EINTR)
        continue;
      ::close(It->second.Pipe); // end of file: the child has ended
      It->second.Pipe = -1;
      Finish(It, /*Kill=*/false);
    }
    Clock::time_point Now = Clock::now();
    for (auto It = Children.begin(); It != Children.end();) {
      auto Current = It++;
      if (Current->second.Deadline <= Now)
        Finish(Current, /*Kill=*/true);
    }
  }
}

void runTasks(const std::vector<size_t> &Indices, unsigned Jobs,
              const ChildLimits *Limits,
              const std::function<std::string(size_t)> &Task,
              const std::function<void(size_t, ChildResult)> &Done,
              const TaskWatch *Watch) {
  if (Limits) {
    runInChildren(Indices, Jobs, *Limits, Task, Done, Watch);
    return;
  }
  std::mutex DoneLock;
  auto Run = [&](size_t I) {
    ChildResult R;
    if (Watch && Watch->stopping())
      R.Kind = ChildResult::Interrupted;
    else
      R.Payload = Task(I);
    std::lock_guard<std::mutex> Lock(DoneLock);
    Done(I, std::move(R));
  };
  if (Jobs <= 1 || Indices.size() <= 1) {
    for (size_t I : Indices)
      Run(I);
    return;
  }
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
  for (size_t I : Indices)
    Pool.async([&Run, I] { Run(I); });
  Pool.wait();
}

} // namespace cudacoalesce
