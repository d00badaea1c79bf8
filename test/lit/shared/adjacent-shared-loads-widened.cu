// ptxas widens loads of adjacent shared bytes whose alignment it knows (the
// array's placement and the address's terms) to the aligned vector that
// covers them, where more than half of it is read; half or less, and
// across a gap, it keeps each load (nvcc 13's SASS; runtime-bench
// 49_vectorised_runs on an H100: three_members LDS.128, members_apart and
// members_off two LDS). A broadcast LDS.128 costs 2 wavefronts, LDS 1.
// RUN: %cc --show-all %s | %filecheck %s
struct alignas(16) Counter {
  int k, len, prev;
  unsigned bits;
};

__global__ void three(int *out) {
  __shared__ Counter c;
  if (threadIdx.x == 0)
    c = Counter{out[0], out[1], out[2], 0u};
  __syncthreads();
  out[threadIdx.x] = c.len * c.k + c.prev;
  // CHECK: widened.cu:[[@LINE-1]]:22: remark: broadcast shared load from 'c': 2 wavefronts/request
  // CHECK-NOT: widened.cu:[[@LINE-2]]:{{[0-9]+}}: remark: broadcast shared load
}

// The first and the last member: two LDS.
__global__ void apart(int *out) {
  __shared__ Counter c;
  if (threadIdx.x == 0)
    c = Counter{out[0], out[1], out[2], 0u};
  __syncthreads();
  out[threadIdx.x] = c.k * int(c.bits);
  // CHECK: widened.cu:[[@LINE-1]]:22: remark: broadcast shared load from 'c': 1 wavefronts/request
  // CHECK: widened.cu:[[@LINE-2]]:32: remark: broadcast shared load from 'c': 1 wavefronts/request
}

// Elements 4 to 6 of an array placed first: one LDS.128 from element 4.
__global__ void elements(int *out) {
  __shared__ int s[64];
  s[threadIdx.x % 64] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[4] * s[5] + s[6];
  // CHECK: widened.cu:[[@LINE-1]]:22: remark: broadcast shared load from 's': 2 wavefronts/request
  // CHECK-NOT: widened.cu:[[@LINE-2]]:{{[0-9]+}}: remark: broadcast shared load
}

// Each lane's own four elements, 16-byte aligned: one LDS.128 a lane, four
// wavefronts (runtime-bench 45 by_hand).
__global__ void own_four(const float *in, float *out) {
  __shared__ float s[1024];
  for (int k = threadIdx.x; k < 1024; k += blockDim.x)
    s[k] = in[k];
  __syncthreads();
  int b = (threadIdx.x % 32) * 4;
  out[threadIdx.x] = s[b] + s[b + 1] + s[b + 2] + s[b + 3];
  // CHECK: widened.cu:[[@LINE-1]]:22: remark: conflict-free shared load from 's': 4 wavefronts/request (ideal 4)
  // CHECK-NOT: widened.cu:[[@LINE-2]]:{{[0-9]+}}: remark: {{.*}}shared load
}

// Two lanes' worth apart (4 bytes past alignment): two LDS.
__global__ void pair_off(int *out) {
  __shared__ int s[64];
  s[threadIdx.x % 64] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[1] * s[2];
  // CHECK: widened.cu:[[@LINE-1]]:22: remark: broadcast shared load from 's': 1 wavefronts/request
  // CHECK: widened.cu:[[@LINE-2]]:29: remark: broadcast shared load from 's': 1 wavefronts/request
}

void launch(int *o, const float *in, float *f) {
  three<<<1, 256>>>(o);
  apart<<<1, 256>>>(o);
  elements<<<1, 256>>>(o);
  own_four<<<1, 256>>>(in, f);
  pair_off<<<1, 256>>>(o);
}
