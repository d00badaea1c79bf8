// A guarded block of two read-modify-writes of shared memory: nvcc predicated
// it in Parboil's histo_prescan on an H100 (every warp issued it: 0.0625
// wavefronts per request with one warp of sixteen active), where longer
// guarded blocks of runtime-bench were branched around. The source does not
// decide which: the count is the range between the two, one warp of 16 with
// lanes on gives 1 / 16 predicated and 1 branched; the lanes that run are
// conflict-free either way.
// RUN: %python %inputs/exit-code.py 0 %cc --show-all %s | %filecheck %s
__global__ void halve(float *out) {
  __shared__ float a[512], b[512];
  a[threadIdx.x] = threadIdx.x;
  b[threadIdx.x] = 1.0f;
  __syncthreads();
  if (threadIdx.x < 16) {
    a[threadIdx.x] += a[threadIdx.x + 16];
    // CHECK: if-lowering-longer-body.cu:[[@LINE-1]]:23: remark: conflict-free shared load from 'a': 0.0625 to 1 wavefronts/request (ideal 1; the least where nvcc predicates it and every warp issues it)
    // CHECK: if-lowering-longer-body.cu:[[@LINE-2]]:5: remark: conflict-free shared store to 'a': 0.0625 to 1 wavefronts/request (ideal 1; the least where nvcc predicates it and every warp issues it)
    b[threadIdx.x] += b[threadIdx.x + 16];
  }
  __syncthreads();
  out[blockIdx.x] = a[0] + b[0];
}
void launch(float *o) { halve<<<4, 512>>>(o); }
