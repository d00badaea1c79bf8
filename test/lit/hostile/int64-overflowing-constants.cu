// Constants that no int64_t holds (an unsigned 64-bit value over INT64_MAX,
// in an index, a switch case, a memcpy size) are values the walk does not
// follow, not an assertion failure (found by the sanitizer build on
// cuda-samples' interval.cu).
// RUN: %cc --show-all %s | %filecheck %s
__global__ void huge(const float *a, float *o, unsigned long long k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  switch (k) {
  case 0xFFFFFFFFFFFFFFFFull:
    o[i] = a[i];
    break;
  }
  o[i + (0x8000000000000000ull >> 63)] = a[i & 0xFFFFFFFFFFFFFFFFull];
  // CHECK: int64-overflowing-constants.cu:[[@LINE-1]]:42: remark: global load from 'a' depends on values not known here
}
void launch(const float *a, float *o) { huge<<<64, 256>>>(a, o, 1); }
