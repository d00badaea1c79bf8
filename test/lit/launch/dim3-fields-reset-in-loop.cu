// A grid set field by field before each of several launches in a loop body
// is the one its field writes give: a write later in the body reaches the
// first launch through the loop only where no write of that field runs
// before it in the body (HeCBench ddbp: the grid of its first launch was
// unknown, its last block's partial warp lost; 3.98 sectors a request
// measured on an H200).
// RUN: %cc --show-all --format=json %s | %python -c "import json, sys; [print(a['kernel'], a['line'], a.get('grid')) for a in json.load(sys.stdin)['accesses']]" | %filecheck %s
__global__ void rows(const double *a, double *b, int n) {
  int px = blockIdx.x * blockDim.x + threadIdx.x;
  if (px < n)
    b[px] = a[px];
}
__global__ void clear(double *b) { b[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
__global__ void fill(double *b) { b[blockIdx.x * blockDim.x + threadIdx.x] = 1; }
int main(int argc, char **argv) {
  int n = 2049, passes = argc, steps = argc + 1;
  double *a, *b;
  dim3 threads(1, 1, 1), blocks(1, 1, 1), other(4, 1, 1);
  threads.x = 16;
  for (int p = 0; p < passes; p++) {
    for (int s = 0; s < steps; s++) {
      blocks.x = n / threads.x + 1;
      rows<<<blocks, threads>>>(a, b, n);
      blocks.x = n / threads.x + 7;
      clear<<<blocks, threads>>>(b);
      // Written after the launch and never before it in the body: the
      // launch sees 4 at the first trip and 8 at the others.
      fill<<<other, threads>>>(b);
      other.x = 8;
    }
  }
}
// CHECK-DAG: rows 11 [129, 1, 1]
// CHECK-DAG: clear 13 [135, 1, 1]
// CHECK-DAG: fill 14 None
