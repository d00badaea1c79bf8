// o[8*t]: a strided store costs the same 32 sectors as a strided load.
// RUN: not %cc %s | %filecheck %s
__global__ void scatter_store(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[t];
  o[8 * t] = v;
  // CHECK: store-stride-8.cu:[[@LINE-1]]:3: warning: strided global store to 'o': 32 sectors/request where 4 would do (12.5% efficiency)
  // CHECK: 128-byte segments per request: 8
  // CHECK-NOT: warning:
}
void launch(const float *a, float *o) { scatter_store<<<1024, 256>>>(a, o); }
