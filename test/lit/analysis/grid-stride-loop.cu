// A grid-stride loop: the index moves by blockDim.x*gridDim.x per trip and
// every trip stays coalesced.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    y[i] = a * x[i] + y[i];
    // CHECK: grid-stride-loop.cu:[[@LINE-1]]:16: remark: coalesced global load from 'x': 4 sectors/request (ideal 4)
    // CHECK: index blockDim.x*gridDim.x*iter(i) + blockIdx.x*blockDim.x + threadIdx.x
  }
}
void launch(const float *x, float *y) { saxpy<<<128, 256>>>(1 << 20, 2.0f, x, y); }
