// CUDA's double-precision sin and cos load their polynomial's coefficients
// from a table in global memory (libdevice's __cudart_sin_cos_coeffs: three
// 16-byte loads, the table's half picked by the argument's quadrant). The
// GPU counts them on the line of the call (HeCBench fft and gabor on an
// H100: 1 to 2 sectors a request): a range, no pattern to flag, a note that
// says whose load it is. A warp with one argument reads one sector; float
// sinf does not touch the table on its fast path.
// The shim of CUDA headers has no double-precision math library.
// UNSUPPORTED: shim
// RUN: %cc --show-all %s | %filecheck %s --implicit-check-not=__cudart

__device__ double2 twiddle(double phi) { return make_double2(cos(phi), sin(phi)); }
// CHECK: sin-cos-table.cu:[[@LINE-1]]:62: remark: global load from '__cudart_sin_cos_coeffs' depends on values not known here: 1 to 3 sectors/request
// CHECK: note: a load inside CUDA's double-precision sine and cosine
// CHECK: sin-cos-table.cu:[[@LINE-3]]:72: remark: global load from '__cudart_sin_cos_coeffs' depends on values not known here: 1 to 3 sectors/request

__global__ void per_lane(double2 *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  w[i] = twiddle(-2.0 * 3.14159265358979 * i / n);
}

__global__ void per_block(double *w) {
  w[blockIdx.x * blockDim.x + threadIdx.x] = cos(0.5 * blockIdx.x);
  // CHECK: sin-cos-table.cu:[[@LINE-1]]:46: remark: uniform global load from '__cudart_sin_cos_coeffs': 1 sectors/request
}

__global__ void single(float *w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  w[i] = sinf(0.001f * i);
}

void launch(double2 *w, double *v, float *f) {
  per_lane<<<64, 256>>>(w, 1 << 14);
  per_block<<<64, 256>>>(v);
  single<<<64, 256>>>(f);
}
