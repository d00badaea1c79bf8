// A constant kernel argument at the launch fixes an otherwise unknown stride;
// two launches with different values are two predictions.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void strided(const float *a, float *o, int stride) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t * stride];
  // CHECK: constant-arguments.cu:[[@LINE-1]]:10: warning: strided global load from 'a': 16 sectors/request where 4 would do (25% efficiency)
  // CHECK: note: block (256,1,1) from the launch at {{.*}}constant-arguments.cu:[[@LINE+6]]:3
  // CHECK: note: the same access in 1 other kernel instance, launch or call: 'strided' (block (256,1,1) from the launch at {{.*}}constant-arguments.cu:[[@LINE+3]]:3): 4 sectors/request{{$}}
}
void launch(const float *a, float *o) {
  strided<<<64, 256>>>(a, o, 1);
  const int four = 4;
  strided<<<64, 256>>>(a, o, four);
}
