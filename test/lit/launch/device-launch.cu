// A kernel launched from a kernel (dynamic parallelism) is analysed on its
// own with its launch's shape, not walked inside its parent's threads, and
// a block with no thread is never used.
// RUN: %python %inputs/exit-code.py 1 %cc --show-all %s -- -fgpu-rdc | %filecheck %s
// The shim (and the toolkit without its rdc headers) lacks these.
extern "C" __device__ void *cudaGetParameterBuffer(size_t, size_t);
extern "C" __device__ cudaError_t cudaLaunchDevice(void *, void *, dim3, dim3,
                                                   unsigned, cudaStream_t);
__global__ void child(float *o, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n)
    o[t + 1] = 0.0f;
}
// n is 1000 (the host launch): ceilf(1000 / 32.0f) = 32 blocks of 32; warps
// 0..30 write 5 sectors, warp 31 has lanes 992..999: bytes 3972..4003, 2
// sectors: 157/32. Ideal: 4 per full warp, 1 for the last: 125/32.
// The other launch's block is known only at run time: 256 threads assumed,
// 5 sectors where 4 would do. The diagnostic shows the known launch (its
// ratio is the worse) and names the other.
// CHECK: device-launch.cu:[[@LINE-8]]:5: warning: misaligned global store to 'o': 4.906 sectors/request where 3.906 would do
// CHECK: block (32,1,1) from the launch at {{.*}}device-launch.cu:[[@LINE+5]]:3
// CHECK-NOT: in kernel 'parent'
// CHECK: note: the same access in 1 other kernel instance, launch or call: 'child' (assumed block (256,1,1): no launch site, --block-dim or __launch_bounds__ gives one (the launch at {{.*}}device-launch.cu:[[@LINE+4]]:3 has a block shape only known at run time)): 5 sectors/request{{$}}
// CHECK: remark: kernel 'parent' has no global- or shared-memory accesses
__global__ void parent(float *o, int n) {
  child<<<ceilf(n / 32.0f), 32>>>(o, n);
  child<<<1, n - 1000>>>(o, n);
}
void h(float *o) { parent<<<1, 1>>>(o, 1000); }
