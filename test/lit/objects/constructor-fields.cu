// A view built in the kernel (`RowView v(in, n)`, a temporary
// `RowView(in, n)`) keeps the pointer and the row length its constructor
// stored: reading a column of rows of n = 4096 floats is 32 sectors a
// request, definite, not an unknown stride.
// RUN: not %cc %s | %filecheck %s
struct RowView {
  __device__ RowView(const float *Base, int Ld) : base(Base), ld(Ld) {}
  __device__ float at(int r, int c) const { return base[r * ld + c]; }
  // CHECK: constructor-fields.cu:[[@LINE-1]]:52: warning: strided global load from 'in': 32 sectors/request where 4 would do (12.5% efficiency) [cuda-coalesce] (in kernel 'columns')
  // CHECK: note: index blockIdx.y*blockDim.x*n + threadIdx.x*n + blockIdx.x (4-byte elements)
  // CHECK: note: reached through the call at {{.*}}constructor-fields.cu:[[@LINE+11]]:29
  // CHECK: note: the same access in 1 other kernel instance, launch or call: 'columns' ({{.*}}, through the call at {{.*}}constructor-fields.cu:[[@LINE+11]]:12): 32 sectors/request
  const float *base;
  int ld;
};

__global__ void columns(const float *in, float *out, int n) {
  RowView v(in, n);
  int t = blockIdx.y * blockDim.x + threadIdx.x;
  // Along a row: coalesced, not reported.
  out[blockIdx.x * n + t] = v.at(blockIdx.x, t);
  out[blockIdx.x * n + t] = v.at(t, blockIdx.x);
  out[t] = RowView(in, n).at(t, 0);
}
void launch(const float *in, float *out) {
  columns<<<dim3(64, 16), 256>>>(in, out, 4096);
}
