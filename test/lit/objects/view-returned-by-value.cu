// faiss's Tensor hands out a SubTensor view by value (`auto listVecStart =
// uniqueListStartOffset[blockIdx.x]`) and reads it through a conversion
// operator: the view is built from a per-block index, so what it holds is
// one value per block, not per lane. `out[start + threadIdx.x]` is a
// contiguous run at an unknown start (4 or 5 sectors), not a gather.
// RUN: %cc --show-all %s | %filecheck %s
struct View {
  __device__ View(const long *p) : data_(p) {}
  __device__ operator long() const { return *data_; }
  const long *data_;
};
struct Table {
  __device__ View operator[](int i) const { return View(base + i); }
  const long *base;
};
__global__ void append(Table offsets, float *out, const float *in) {
  auto start = offsets[blockIdx.x];
  out[start + threadIdx.x] = in[threadIdx.x];
  // CHECK: view-returned-by-value.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out': 4 sectors/request (ideal 4)
  // CHECK: note: (*data_) unknown: the same pattern for every value in 0..95 and larger ones up to 2^30, at 4 to 5 sectors/request; the count is for multiples of 32
}
void launch(Table t, float *out, const float *in) {
  append<<<64, 256>>>(t, out, in);
}
