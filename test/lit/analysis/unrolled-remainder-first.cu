// nvcc unrolls `for (j = i; j < M; j++)` by 4 and runs each lane's (M - i)
// % 4 leftover trips first, in a loop of their own: lanes leave it out of
// step, lane i at j = i + (M - i) % 4 + t in the unrolled loop, which ptxas
// runs 16 trips at a time, then 8 and 4, each piece only for the lanes with
// that many trips left. With M = 64 and one warp, c[(j - i) * M + i] then
// takes 828 sectors in 79 requests, 10.48 per request, where the ideal is
// 2.81 and lanes in step would read 3.25 (a simulation of those pieces, not
// the tool). Measured on an H200 with M = 2048 (runtime-bench 39): 15.59
// where lanes in step would read 3.95.
// RUN: not %cc %s | %filecheck %s
#define M 64
__global__ void lanes_apart(const float *c, float *out) {
  int i = threadIdx.x;
  float s = 0.0f;
  for (int j = i; j < M; j++)
    s += c[(j - i) * M + i];
  // CHECK: unrolled-remainder-first.cu:[[@LINE-1]]:10: warning: strided global load from 'c': 10.48 sectors/request where 2.81 would do
  // CHECK: note: fix (lanes-in-step): {{.*}}give the loop one trip count per warp{{.*}}; after the fix: 3.25 sectors/request
  // CHECK: note: nvcc unrolls the loop at line [[@LINE-4]] by 4 and runs each lane's remaining trips (its trip count modulo 4) before the unrolled loop, which ptxas runs 16 trips at a time, then 8 and 4
  out[i] = s;
}

// An integer that the loop changes and that starts at a constant makes the
// leftover trips run last: the lanes run the unrolled loop's pieces apart,
// then their leftover trips at trips of their own: 264 sectors in 79
// requests, 3.342 per request (the same simulation).
__global__ void count_from_zero(const float *c, float *out) {
  int i = threadIdx.x;
  float s = 0.0f;
  int n = 0;
  for (int j = i; j < M; j++) {
    s += c[(j - i) * M + i];
    // CHECK: unrolled-remainder-first.cu:[[@LINE-1]]:10: warning: strided global load from 'c': 3.342 sectors/request
    // CHECK: note: nvcc unrolls the loop at line [[@LINE-3]] by 4 and runs each lane's remaining trips (its trip count modulo 4) after the unrolled loop
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
