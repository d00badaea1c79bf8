// A __device__ function whose body is in another translation unit (built
// with -rdc) may answer per lane: nothing shows its value is the same in
// every lane, so the access is not "uniform". A library function (libdevice's
// sinf) is a function of its arguments: the same in every lane here.
// RUN: %cc --show-all %s | %filecheck %s
__device__ unsigned slot_of(unsigned key);
__global__ void unseen(float *a, unsigned key) {
  a[slot_of(key)] = 0;
  // CHECK: unseen-function-per-lane.cu:[[@LINE-1]]:3: remark: global store to 'a': pattern unknown (depends on slot_of(key), a per-lane value
}
__global__ void library(float *a, float x) {
  a[(int)sinf(x)] = 0;
  // CHECK: unseen-function-per-lane.cu:[[@LINE-1]]:3: remark: uniform global store to 'a': 1 sectors/request, every active lane accesses the same address
}
void launch(float *a, unsigned k, float x) {
  unseen<<<64, 256>>>(a, k);
  library<<<64, 256>>>(a, x);
}
