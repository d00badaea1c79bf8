// runtime-bench timing helper, shared by every kernels/*.cu (one implementation).
// BENCH(bytes, kernel<<<grid, block>>>(args)) launches the kernel once when BENCH_TIMING is unset
// (the Nsight Compute pass profiles exactly that one launch). With BENCH_TIMING=1 it does one
// warm-up launch, then BENCH_REPEATS (default 25, at least 20) launches each timed with CUDA events,
// and prints   TIMING kernel=<name> ms=<median> bytes=<useful bytes> repeats=<n>
// bytes = what the kernel logically reads and writes; 0 = not stated (the parser then uses the
// profiled ideal sectors x 32 B). Kernels that accumulate in place still time correctly, but their
// outputs after a timing pass differ from a single launch: host checks compare slow/fixed pairs that
// are idempotent only.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <random>
#include <algorithm>
#include <cuda_runtime.h>

#define BENCH_CHECK(x)                                                        \
  do {                                                                        \
    cudaError_t e_ = (x);                                                     \
    if (e_ != cudaSuccess) {                                                  \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,              \
              cudaGetErrorString(e_));                                        \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

static inline bool bench_timing() {
  const char* s = getenv("BENCH_TIMING");
  return s && *s && strcmp(s, "0") != 0;
}
static inline int bench_repeats() {
  const char* s = getenv("BENCH_REPEATS");
  int n = s ? atoi(s) : 25;
  return n < 20 ? 20 : n;
}
// "name<<<grid, block>>>(args)" -> "name" (template arguments kept, spaces dropped).
static inline void bench_name(const char* launch, char* out, size_t cap) {
  const char* e = strstr(launch, "<<<");
  size_t n = 0;
  for (const char* p = launch; p < (e ? e : launch + strlen(launch)) && n + 1 < cap; ++p)
    if (*p != ' ') out[n++] = *p;
  out[n] = 0;
}
static inline void bench_report(const char* launch, std::vector<float>& ms, double bytes) {
  char name[256];
  bench_name(launch, name, sizeof name);
  std::sort(ms.begin(), ms.end());
  size_t n = ms.size();
  double med = n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
  printf("TIMING kernel=%s ms=%.6f bytes=%.0f repeats=%zu min_ms=%.6f max_ms=%.6f\n", name, med,
         bytes, n, ms.front(), ms.back());
  fflush(stdout);
}

#define BENCH(BYTES, ...)                                                     \
  do {                                                                        \
    if (!bench_timing()) {                                                    \
      __VA_ARGS__;                                                            \
      break;                                                                  \
    }                                                                         \
    __VA_ARGS__; /* warm-up */                                                \
    BENCH_CHECK(cudaGetLastError());                                          \
    BENCH_CHECK(cudaDeviceSynchronize());                                     \
    cudaEvent_t b0_, b1_;                                                     \
    BENCH_CHECK(cudaEventCreate(&b0_));                                       \
    BENCH_CHECK(cudaEventCreate(&b1_));                                       \
    std::vector<float> ms_;                                                   \
    int reps_ = bench_repeats();                                              \
    for (int r_ = 0; r_ < reps_; ++r_) {                                      \
      BENCH_CHECK(cudaEventRecord(b0_));                                      \
      __VA_ARGS__;                                                            \
      BENCH_CHECK(cudaEventRecord(b1_));                                      \
      BENCH_CHECK(cudaEventSynchronize(b1_));                                 \
      float m_ = 0;                                                           \
      BENCH_CHECK(cudaEventElapsedTime(&m_, b0_, b1_));                       \
      ms_.push_back(m_);                                                      \
    }                                                                         \
    BENCH_CHECK(cudaGetLastError());                                          \
    bench_report(#__VA_ARGS__, ms_, (double)(BYTES));                         \
    cudaEventDestroy(b0_);                                                    \
    cudaEventDestroy(b1_);                                                    \
  } while (0)

// Host-side check of a fixed kernel's output against its slow version's (same result expected).
static inline int bench_compare(const char* what, const float* d_slow_copy_host, const float* d_fixed,
                                size_t n, float rtol = 1e-4f) {
  std::vector<float> h(n);
  BENCH_CHECK(cudaMemcpy(h.data(), d_fixed, n * sizeof(float), cudaMemcpyDeviceToHost));
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) {
    float a = d_slow_copy_host[i], b = h[i];
    float d = a > b ? a - b : b - a;
    float m = (a > 0 ? a : -a) + 1e-6f;
    if (d > rtol * m) { if (bad < 3) fprintf(stderr, "  %s: [%zu] %g vs %g\n", what, i, a, b); ++bad; }
  }
  printf("CHECK %s %s (%zu of %zu differ)\n", what, bad ? "FAIL" : "ok", bad, n);
  return bad ? 1 : 0;
}
static inline std::vector<float> bench_fetch(const float* d, size_t n) {
  std::vector<float> h(n);
  BENCH_CHECK(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  return h;
}
