// A copy of the index variables as a whole (`uint3 t = threadIdx;`, `dim3 b
// = blockDim;`) holds the index in its fields: the copy is not a load of a
// __device__ variable, and `t.x` varies per lane as threadIdx.x does.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void copied(float *a) {
  uint3 t = threadIdx;
  dim3 b = blockDim;
  a[blockIdx.x * b.x + t.x] = 0;
  // CHECK-NOT: global load
  // CHECK: thread-index-copied.cu:[[@LINE-2]]:3: remark: coalesced global store to 'a': 4 sectors/request (ideal 4)
}
void launch(float *a) { copied<<<64, 256>>>(a); }
