// nvcc unrolls `for (j = i; j < M; j++)` by 4 and runs each lane's (M - i)
// % 4 leftover trips first, in a loop of their own: lanes leave it out of
// step, lane i at j = i + (M - i) % 4 + t in the unrolled loop. With M = 64
// and one warp, c[(j - i) * M + i] touches rows t + (-i) % 4 there, four rows
// of eight lanes each; with the 3 leftover requests (24, 16 and 8 lanes):
// 796 sectors in 67 requests, 11.88 per request (a simulation of those
// addresses, not the tool). Measured on an H200 with M = 2048
// (runtime-bench 39): 15.59 where lanes in step would read 3.95.
// RUN: not %cc %s | %filecheck %s
#define M 64
__global__ void lanes_apart(const float *c, float *out) {
  int i = threadIdx.x;
  float s = 0.0f;
  for (int j = i; j < M; j++)
    s += c[(j - i) * M + i];
  // CHECK: unrolled-remainder-first.cu:[[@LINE-1]]:10: warning: strided global load from 'c': 11.88 sectors/request
  // CHECK: note: nvcc unrolls the loop at line [[@LINE-3]] by 4 and runs each lane's remaining trips first (its trip count modulo 4): lanes are up to 3 trips apart
  out[i] = s;
}

// An integer that the loop changes and that starts at a constant makes the
// leftover trips run last: the lanes stay in step (row j - i, 32 lanes).
__global__ void count_from_zero(const float *c, float *out) {
  int i = threadIdx.x;
  float s = 0.0f;
  int n = 0;
  for (int j = i; j < M; j++) {
    s += c[(j - i) * M + i];
    n++;
  }
  out[i] = s + n;
}

// `#pragma unroll 1` keeps the loop as written.
__global__ void not_unrolled(const float *c, float *out) {
  int i = threadIdx.x;
  float s = 0.0f;
#pragma unroll 1
  for (int j = i; j < M; j++)
    s += c[(j - i) * M + i];
  out[i] = s;
}

// A loop that may leave early is not unrolled with a remainder.
__global__ void early_exit(const float *c, float *out) {
  int i = threadIdx.x;
  float s = 0.0f;
  for (int j = i; j < M; j++) {
    if (s > 100.0f)
      break;
    s += c[(j - i) * M + i];
  }
  out[i] = s;
}

// Every lane runs 64 trips: whole warps run the leftover trips (none here)
// and stay in step, so no note.
__global__ void same_trips(const float *c, float *out) {
  int lane = threadIdx.x;
  float s = 0.0f;
  for (int j = lane; j < 2048; j += 32)
    s += c[j * 2];
  // CHECK: unrolled-remainder-first.cu:[[@LINE-1]]:10: warning: strided global load from 'c': 8 sectors/request where 4 would do
  // CHECK-NOT: nvcc unrolls
  out[lane] = s;
}

void launch(const float *c, float *o) {
  lanes_apart<<<1, 32>>>(c, o);
  count_from_zero<<<1, 32>>>(c, o);
  not_unrolled<<<1, 32>>>(c, o);
  early_exit<<<1, 32>>>(c, o);
  same_trips<<<1, 32>>>(c, o);
}
