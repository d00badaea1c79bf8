// A do-while loop's condition runs after each trip, and its loads are
// accesses of the loop like the body's. HeCBench hungarian's `} while
// (repeat);` on a __shared__ flag was measured (1 wavefront a request, H100)
// and not reported at all.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void relax(int *a) {
  __shared__ bool repeat;
  do {
    __syncthreads();
    if (threadIdx.x == 0)
      repeat = false;
    __syncthreads();
    if (a[threadIdx.x] > 3) {
      a[threadIdx.x]--;
      repeat = true;
    }
    __syncthreads();
  } while (repeat);
  // CHECK: do-while-condition.cu:[[@LINE-1]]:12: remark: broadcast shared load from 'repeat': 1 wavefronts/request
}
void launch(int *a) { relax<<<1, 64>>>(a); }
