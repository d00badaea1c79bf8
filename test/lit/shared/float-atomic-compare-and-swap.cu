// Shared memory has no instruction that adds a float or a double: nvcc
// makes atomicAdd a load of the old value and a loop of compare-and-swap
// whose requests carry the old and the new value. Measured on an H200
// (HeCBench atomicPerf, issue 43): float, a word per lane or one word for
// all, 1 wavefront for the load and 2 a request for the loop; double, a word
// per lane, 2 for the load and 4 a request; one double for all, 1 and 3.2
// (the lanes that lose go round again, fewer each time).
// RUN: %cc --show-all %s | %filecheck %s
__global__ void add(float *out, double *outd, const float *in) {
  __shared__ float f[256];
  __shared__ double d[256];
  int t = threadIdx.x;
  float v = in[blockIdx.x * 256 + t];
  atomicAdd(&f[t], v);
  // CHECK-DAG: float-atomic-compare-and-swap.cu:[[@LINE-1]]:14: remark: conflict-free shared atomic to 'f': 2 wavefronts/request (ideal 2)
  // CHECK-DAG: float-atomic-compare-and-swap.cu:[[@LINE-2]]:13: remark: conflict-free shared load from 'f': 1 wavefronts/request (ideal 1)
  atomicAdd(&f[0], v);
  // CHECK-DAG: float-atomic-compare-and-swap.cu:[[@LINE-1]]:14: remark: broadcast shared atomic to 'f': 2 wavefronts/request, the lanes of a warp row read one word
  // CHECK-DAG: float-atomic-compare-and-swap.cu:[[@LINE-2]]:13: remark: broadcast shared load from 'f': 1 wavefronts/request, the lanes of a warp row read one word
  atomicAdd(&d[t], (double)v);
  // CHECK-DAG: float-atomic-compare-and-swap.cu:[[@LINE-1]]:14: remark: conflict-free shared atomic to 'd': 2 to 4 wavefronts/request (ideal 4; a compare-and-swap loop: the least where one lane is left)
  // The load is at the top of each pass (`@!P0 BRA` back to the LDS): its
  // later requests hold only the lanes still trying, 1 to 2 (runtime-bench 47
  // on an H100: 2.995 where the first pass takes 4, two lanes a bank).
  // CHECK-DAG: float-atomic-compare-and-swap.cu:[[@LINE-5]]:13: remark: conflict-free shared load from 'd': 1 to 2 wavefronts/request (ideal 2; a compare-and-swap loop: the least where one lane is left)
  atomicAdd(&d[0], (double)v);
  // CHECK-DAG: float-atomic-compare-and-swap.cu:[[@LINE-1]]:14: remark: broadcast shared atomic to 'd': 2 to 4 wavefronts/request (ideal 4; a compare-and-swap loop: the least where one lane is left)
  // CHECK-DAG: float-atomic-compare-and-swap.cu:[[@LINE-2]]:13: remark: broadcast shared load from 'd': 1 wavefronts/request, the lanes of a warp row read one word
  __syncthreads();
  out[blockIdx.x * 256 + t] = f[t];
  outd[blockIdx.x * 256 + t] = d[t];
}
void launch(float *o, double *d, const float *in) { add<<<1024, 256>>>(o, d, in); }
