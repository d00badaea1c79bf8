// A __shared__ object whose class has a constructor or destructor with a
// body (cuda::barrier, cuda::pipeline_shared_state) is accepted by nvcc with
// a warning: the initialisation is not run. Clang rejects it ("initialization
// is not supported for __shared__ variables") and keeps the object's uses as
// expressions that hold errors. The kernel is analysed as nvcc compiles it:
// those uses are calls the walk does not see into, which may write memory.
// Before, the file failed with exit 2 and its kernels were lost.
// RUN: %python %inputs/exit-code.py 1 %cc %s 2> %t.err | %filecheck %s
// RUN: count 0 < %t.err
struct Barrier {
  __device__ Barrier() : Arrived(0) {}
  __device__ ~Barrier() { Arrived = 0; }
  __device__ void arriveAndWait();
  unsigned long long Arrived;
};
__device__ void init(Barrier *B, unsigned Count);

__global__ void staged(const float *in, float *out) {
  __shared__ Barrier bar;
  __shared__ float tile[256];
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[2 * i];
  // CHECK: shared-object-with-constructor.cu:[[@LINE-1]]:23: warning: strided global load from 'in'
  bar.arriveAndWait();
  out[i] = tile[2 * threadIdx.x % 256];
  // CHECK: shared-object-with-constructor.cu:[[@LINE-1]]:12: warning: {{.*}}shared load from 'tile'
}

__global__ void beside(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[3 * i];
  // CHECK: shared-object-with-constructor.cu:[[@LINE-1]]:12: warning: strided global load from 'in'
}

void launch(const float *in, float *out) {
  staged<<<64, 256>>>(in, out);
  beside<<<64, 256>>>(in, out);
}
