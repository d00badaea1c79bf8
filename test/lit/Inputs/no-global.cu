// Only shared memory.

__global__ void only_shared() {
  __shared__ float s[32];
  s[threadIdx.x] = threadIdx.x;
}
