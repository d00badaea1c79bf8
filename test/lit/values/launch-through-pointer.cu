// cuda-samples' transpose picks its kernel in a switch and launches it
// through a function pointer with 16x16 blocks: each kernel assigned to the
// pointer takes that launch's shape. A warp is two half rows of 16: the
// naive transpose's column store touches 16 columns, y and y + 1 sharing a
// sector: 16 sectors for 128 bytes.
// RUN: not %cc --show-all %s | %filecheck %s
#define TILE_DIM 16
__global__ void copy(float *odata, const float *idata, int width, int height) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  odata[y * width + x] = idata[y * width + x];
  // CHECK: remark: coalesced global load from 'idata': 4 sectors/request (ideal 4)
  // CHECK: note: block (16,16,1) from the launch at {{.*}}launch-through-pointer.cu:[[@LINE+22]]:5
}
__global__ void transposeNaive(float *odata, const float *idata, int width,
                               int height) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  odata[x * height + y] = idata[y * width + x];
  // CHECK: launch-through-pointer.cu:[[@LINE-1]]:3: warning: strided global store to 'odata': 16 sectors/request where 4 would do
  // CHECK: note: block (16,16,1) from the launch at {{.*}}launch-through-pointer.cu:[[@LINE+14]]:5
}
void run(float *d_odata, float *d_idata, int size_x, int size_y) {
  void (*kernel)(float *, const float *, int, int);
  dim3 grid(size_x / TILE_DIM, size_y / TILE_DIM), threads(TILE_DIM, TILE_DIM);
  for (int k = 0; k < 2; k++) {
    switch (k) {
    case 0:
      kernel = &copy;
      break;
    case 1:
      kernel = &transposeNaive;
      break;
    }
    kernel<<<grid, threads>>>(d_odata, d_idata, size_x, size_y);
  }
}
int main() { run(nullptr, nullptr, 1024, 1024); }
