// A test the same in every lane on a value not known here (a pointer
// against null, a flag) may fail in every lane; where nvcc predicates the
// access (a `?:` load), a warp then issues a request that moves nothing.
// ggml's test-backend-ops runs `ids ? ids[i] : i`, `bias != nullptr ?
// bias[...] : 0.0f` and `KV_max ? KV_max[...] : ne11` with the pointer null:
// 0 sectors a request measured on an H100 (ncu, 2026-12-06) where 1 and 4
// were given.
// RUN: %cc --format=json %s | FileCheck %s
__global__ void conv(const float *x, const float *bias, float *out, int n) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  float b = bias != nullptr ? bias[blockIdx.y * 128 + threadIdx.x] : 0.0f;
  // CHECK: "line": [[@LINE-1]],
  // CHECK: "expression": "bias[blockIdx.y * 128 + threadIdx.x]",
  // CHECK: "sectors_min": 0,
  // CHECK-NEXT: "sectors_max": 4,
  out[tid] = x[tid] + b;
}

__global__ void gather(const float *x, const int *ids, float *out) {
  int row = ids ? ids[blockIdx.y] : blockIdx.y;
  // CHECK: "line": [[@LINE-1]],
  // CHECK: "expression": "ids[blockIdx.y]",
  // CHECK: "sectors_min": 0,
  // CHECK-NEXT: "sectors_max": 1,
  out[blockIdx.y * 256 + threadIdx.x] = x[row * 256 + threadIdx.x];
}

void launch(const float *x, const float *b, const int *ids, float *o, int n) {
  conv<<<dim3(4, 4), 128>>>(x, b, o, n);
  gather<<<dim3(1, 64), 256>>>(x, ids, o);
}
