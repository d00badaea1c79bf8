// A search that breaks where the data says leaves each lane at an index of
// its own: after the loop the index varies per lane, even where every path
// that falls through keeps the value from before the loop. HeCBench knn's
// insertion sort stores at its lane's found row: 18.3 sectors a request
// measured on an H100, where the index taken as the warp's one value gave a
// coalesced 1 to 4.
// RUN: not %cc %s | %filecheck %s
__global__ void insert_sorted(float *dist, int width, int k) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  float *p = dist + x;
  float cur = p[k * width];
  int at = k - 1;
  for (int a = 0; a < k - 1; a++) {
    if (p[a * width] > cur) {
      at = a;
      break;
    }
  }
  p[at * width] = cur;
  // CHECK: search-loop-break-index.cu:[[@LINE-1]]:3: warning: scattered global store to 'dist': 1 to 32 sectors/request
}
void launch(float *d) { insert_sorted<<<64, 256>>>(d, 16384, 8); }
