// Compile errors in host-only functions leave the kernels intact: they are
// analysed, and one note says the host code does not compile.
__global__ void column(const float *a, float *out, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  out[row] = a[row * n];
  // OUT: host-code-errors.cu:[[@LINE-1]]:14: warning: strided global load from 'a': 32 sectors/request
}

void run(const float *a, float *out) {
  column<<<4, 256>>>(a, out, 1024);
  cudaThreadSynchronize(); // removed in CUDA 12
  not_declared_anywhere(out);
}
// ERR: cuda-coalesce: note: {{.*}}host-code-errors.cu: host code does not compile (2 errors, first {{.*}}host-code-errors.cu:[[@LINE-3]]:3: use of undeclared identifier 'cudaThreadSynchronize'{{.*}}); the kernels were analysed
// ERR-NOT: error
