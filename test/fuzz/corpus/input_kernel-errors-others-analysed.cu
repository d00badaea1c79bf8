// A compile error in one kernel fails the file (exit 2), but the kernels
// that neither hold an error nor call code that did not compile are still
// analysed and reported.
__device__ float broken_helper(const float *a) { return a[0] + not_declared; }

__global__ void broken(float *a) {
  a[threadIdx.x * 2] = not_declared_either;
}
__global__ void calls_broken(const float *a, float *o) {
  o[threadIdx.x * 4] = broken_helper(a);
}
__global__ void clean(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[3 * t];
  // OUT: kernel-errors-others-analysed.cu:[[@LINE-1]]:10: warning: strided global load from 'a'
}
// OUT-NOT: warning
// ERR: cuda-coalesce: error: {{.*}}kernel-errors-others-analysed.cu: does not compile: {{.*}}kernel-errors-others-analysed.cu:7:64: use of undeclared identifier 'not_declared' (and 1 more errors); the kernel free of errors was analysed (2 left out)
void launch(const float *a, float *o) { clean<<<64, 256>>>(a, o); }
