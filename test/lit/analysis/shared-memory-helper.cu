// Dynamic shared memory handed out by a conversion operator (cuda-samples'
// SharedMemory<T>) is shared memory, not global: only 'in' and 'out' count.
// RUN: %cc --show-all %s | %filecheck %s --implicit-check-not="'sdata'" --implicit-check-not=scattered
template <class T> struct SharedMemory {
  __device__ operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};
__global__ void reduce(const int *in, int *out) {
  int *sdata = SharedMemory<int>();
  sdata[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  // CHECK: shared-memory-helper.cu:[[@LINE-1]]:24: remark: coalesced global load from 'in'
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = sdata[0];
  // CHECK: shared-memory-helper.cu:[[@LINE-1]]:5: remark: uniform global store to 'out'
}
void host(const int *in, int *out) { reduce<<<64, 256, 256 * sizeof(int)>>>(in, out); }
