// ptxas places a kernel's __shared__ variables one after another and knows
// each one's offset: an array of doubles after a 24-byte double3 starts at
// 8 modulo 16, so its odd elements are 16-byte aligned and each odd element
// and the next one are read by one LDS.128 (HeCBench aop's
// compute_partial_beta_kernel: `shared_svd[1]` and `[2]` under the first
// line, 2 wavefronts measured on an H100 for the broadcast; its double3 of
// sums is kept whole by the atomics on its members). Placed first,
// the pairs start at the even elements. An element whose pair is not read
// stays an 8-byte load.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void after_double3(const double *in, double *out) {
  __shared__ double3 sums;
  __shared__ double s[6];
  if (threadIdx.x == 0)
    sums = make_double3(0.0, 0.0, 0.0);
  if (threadIdx.x < 6)
    s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  double a = s[0];
  // CHECK: off-sixteen.cu:[[@LINE-1]]:14: remark: broadcast shared load from 's': 1 wavefronts/request
  double b = s[1];
  // CHECK: off-sixteen.cu:[[@LINE-1]]:14: remark: broadcast shared load from 's': 2 wavefronts/request
  double c = s[2];
  // CHECK-NOT: off-sixteen.cu:[[@LINE-1]]:{{[0-9]+}}: remark: broadcast shared load
  double d = s[3];
  // CHECK: off-sixteen.cu:[[@LINE-1]]:14: remark: broadcast shared load from 's': 2 wavefronts/request
  double e = s[4];
  // CHECK-NOT: off-sixteen.cu:[[@LINE-1]]:{{[0-9]+}}: remark: broadcast shared load
  double f = s[5];
  // CHECK: off-sixteen.cu:[[@LINE-1]]:14: remark: broadcast shared load from 's': 1 wavefronts/request
  atomicAdd(&sums.x, a * b + c * d + e * f);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = sums.x;
}

__global__ void placed_first(const double *in, double *out) {
  __shared__ double s[6];
  if (threadIdx.x < 6)
    s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  double a = s[0];
  // CHECK: off-sixteen.cu:[[@LINE-1]]:14: remark: broadcast shared load from 's': 2 wavefronts/request
  double b = s[1];
  // CHECK-NOT: off-sixteen.cu:[[@LINE-1]]:{{[0-9]+}}: remark: broadcast shared load
  double c = s[2];
  // CHECK: off-sixteen.cu:[[@LINE-1]]:14: remark: broadcast shared load from 's': 1 wavefronts/request
  out[threadIdx.x] = a * b + c;
}

void launch(const double *in, double *out) {
  after_double3<<<8, 128>>>(in, out);
  placed_first<<<8, 128>>>(in, out);
}
