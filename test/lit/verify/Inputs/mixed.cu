// Kernels of runtime-bench measured on an H200 (mixed.csv: their launches cut
// from runtime-bench/results/raw, the lines renumbered to this file's), one
// per verdict: exact, in range, wrong, not predicted and no instruction.
#define RB 256

// 01_offsets.cu: 5 sectors a request, 4 for the store.
__global__ void load_off1(float* out, const float* a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t + 1];
  out[t] = v;
}

// 14_histogram.cu: bins from random bytes, a scattered atomic.
__global__ void hist_global(int* hist, const unsigned char* data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int b = data[i];
  atomicAdd(&hist[b], 1);
}

// 35_objects.cu: nvcc sinks the load to the store's line.
struct alignas(16) Q16 { float a, b, c, d; };
__global__ void struct_aligned_copy(Q16 *o, const Q16 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  Q16 v = a[t];
  o[t] = v;
}

// 37_shared_banks.cu: the loads of the tree's steps, averaged over them.
__global__ void reduce_interleaved_strided(float* out, const float* in) {
  __shared__ float sd[RB];
  int tid = threadIdx.x;
  int i = blockIdx.x * RB + tid;
  float v = in[i];
  sd[tid] = v;
  __syncthreads();
  for (int s = 1; s < RB; s *= 2) {
    int index = 2 * s * tid;
    if (index < RB) {
      float a = sd[index];
      float b = sd[index + s];
      sd[index] = a + b;
    }
    __syncthreads();
  }
  if (tid == 0) {
    float r = sd[0];
    out[blockIdx.x] = r;
  }
}

int main() {
  const int N = 1 << 20;
  float *out, *a;
  int *hist;
  unsigned char *data;
  cudaMalloc(&out, 4 * N * sizeof(float));
  cudaMalloc(&a, 4 * (N + 64) * sizeof(float));
  cudaMalloc(&hist, 256 * sizeof(int));
  cudaMalloc(&data, N);
  load_off1<<<N / 256, 256>>>(out, a);
  hist_global<<<N / 256, 256>>>(hist, data);
  struct_aligned_copy<<<N / 256, 256>>>((Q16 *)out, (const Q16 *)a);
  reduce_interleaved_strided<<<(1 << 22) / RB, RB>>>(out, a);
  return 0;
}
