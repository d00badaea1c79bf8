// p[t].x of a 12-byte struct: the lanes are 12 bytes apart.
// RUN: not %cc %s | %filecheck %s
struct Point { float x, y, z; };
__global__ void xs(const Point *p, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = p[t].x;
  // CHECK: struct-12-bytes.cu:[[@LINE-1]]:10: warning: strided global load from 'p': 12 sectors/request where 4 would do (33.3% efficiency)
  // CHECK: index blockIdx.x*blockDim.x + threadIdx.x (4-byte elements)
  // CHECK: lanes 0 and 1 are 12 bytes apart; {{.*}}128-byte segments per request: 3
}
void launch(const Point *p, float *o) { xs<<<4096, 256>>>(p, o); }
