// A loop whose trip count is a kernel argument: nvcc unrolls it by four and
// runs the trips left over after the copies, and ptxas reads each copy's
// four elements with one LDS.128 (runtime-bench 49_vectorised_runs
// runtime_trips, an H100: LDS.128 and LDS on the line). The access is both
// instructions, 2 and 1 wavefronts for a broadcast, in a proportion the trip
// count decides.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void dot(const float *x, float *out, int n) {
  extern __shared__ float w[];
  float acc = 0.0f;
  for (int j = 0; j < n; j++)
    acc += w[j] * x[j * 256 + threadIdx.x];
  // CHECK: fused.cu:[[@LINE-1]]:12: remark: broadcast shared load from 'w': 2 wavefronts/request
  // CHECK: note: with the instructions the access becomes: 1 to 2 wavefronts/request, as the trip count decides
  // CHECK: note: ptxas fuses the adjacent elements of the loop's trips into LDS.128 in each copy of 4 trips (its trip count not known: the trips left over run one by one after the copies)
  out[threadIdx.x] = acc;
}

// A static array is placed where ptxas knows too; stores are fused alike
// (STS.128 from every lane to one place: 4 wavefronts, its phases apart).
__global__ void store(const float *x, float *out, int n) {
  __shared__ float s[1024];
  for (int j = 0; j < n; j++)
    s[j] = x[j * 256 + threadIdx.x];
  // CHECK: fused.cu:[[@LINE-1]]:5: remark: broadcast shared store to 's': 4 wavefronts/request
  // CHECK: note: ptxas fuses the adjacent elements of the loop's trips into STS.128 in each copy of 4 trips
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// The trips left over run first where the loop starts at an argument: no
// copy starts at a known alignment, one LDS a trip.
__global__ void from(const float *x, float *out, int lo, int n) {
  extern __shared__ float w[];
  float acc = 0.0f;
  for (int j = lo; j < n; j++)
    acc += w[j] * x[j * 256 + threadIdx.x];
  // CHECK: fused.cu:[[@LINE-1]]:12: remark: broadcast shared load from 'w': 1 wavefronts/request
  // CHECK-NOT: fuses
  out[threadIdx.x] = acc;
}
