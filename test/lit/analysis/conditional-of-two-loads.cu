// `c ? x[i] : y[i]` read as a value is a load on each side under the test,
// as a `?:` of two loaded values is: not one load at an object made of the
// two arrays. HeCBench overlap's `(i == 0 ? g_in[idx] : g_out[idx])` was
// "uniform, 1 sector" where an H200 measured 4 sectors a request.
// RUN: %cc --show-all %s | %filecheck %s
// RUN: %cc --show-all %s | %filecheck %s --check-prefix=NOT-ONE
__global__ void increment(int *out, const int *in, int n, int reps) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < n)
    for (int i = 0; i < reps; ++i)
      out[idx] = (i == 0 ? in[idx] : out[idx]) + 1;
  // CHECK: conditional-of-two-loads.cu:[[@LINE-1]]:28: remark: coalesced global load from 'in': 1 to 4 sectors/request
  // CHECK: conditional-of-two-loads.cu:[[@LINE-2]]:38: remark: coalesced global load from 'out': 3 to 4 sectors/request
}
// NOT-ONE-NOT: uniform
int main() {
  int *a, *b;
  increment<<<64, 256>>>(a, b, 1 << 20, 4);
}
