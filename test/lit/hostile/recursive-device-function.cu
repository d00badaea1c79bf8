// Device functions that call themselves (directly, or through another) are
// not inlined forever: the recursive call is a value the walk does not follow.
// RUN: %python %inputs/exit-code.py 0 %cc --show-all %s | %filecheck %s
__device__ int down(int x) { return x > 0 ? down(x - 1) + 1 : 0; }
__device__ int ping(int x);
__device__ int pong(int x) { return ping(x) * 2; }
__device__ int ping(int x) { return x < 100 ? pong(x + 1) : x; }
__global__ void k(float *a) {
  a[down(threadIdx.x)] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: remark: global store to 'a': pattern unknown
  a[ping(threadIdx.x)] = 2.0f;
  // CHECK: :[[@LINE-1]]:3: remark: global store to 'a': pattern unknown
}
void go(float *a) { k<<<1, 32>>>(a); }
