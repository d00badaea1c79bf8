// A compile error inside a kernel may have damaged what the analysis reads:
// the file is not analysed, even when host code has errors too.
void host_first() { not_declared_on_host(); }

__global__ void k(float *a) {
  a[threadIdx.x * 2] = 0;
  not_declared_in_kernel(a);
}
// ERR: cuda-coalesce: error: {{.*}}kernel-errors-stop.cu: does not compile: {{.*}}kernel-errors-stop.cu:[[@LINE-2]]:3: use of undeclared identifier 'not_declared_in_kernel' (and 1 more errors)
