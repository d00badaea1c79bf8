// A GNU statement expression `({ ...; value; })` is its last expression's
// value, computed from its statements. Taken apart as an expression whose
// children are expressions, it was one value the same in every lane: ppcg's
// `ppcg_min` bounding a loop whose trip count is each lane's own gave a
// definite "strided, 32 sectors" (HeCBench chemv, 1.32 measured on an H100).
// RUN: not %cc --show-all %s | %filecheck %s
#define ppcg_min(x, y)                                                         \
  ({                                                                           \
    __typeof__(x) _x = (x);                                                    \
    __typeof__(y) _y = (y);                                                    \
    _x < _y ? _x : _y;                                                         \
  })

__global__ void doubled(const float *a, float *y) {
  int i = ({
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    2 * t;
  });
  y[i / 2] = a[i];
  // CHECK: statement-expression-value.cu:[[@LINE-1]]:14: warning: strided global load from 'a': 8 sectors/request where 4 would do
  // CHECK: statement-expression-value.cu:[[@LINE-2]]:3: remark: coalesced global store to 'y': 4 sectors/request (ideal 4)
}

__global__ void triangle(const float *a, float *y) {
  int t0 = threadIdx.x, b0 = blockIdx.x;
  float s = 0;
  for (int c1 = 0; c1 <= 368; c1 += 32)
    for (int c3 = 0; c3 <= ppcg_min(31, 32 * b0 + t0 - c1 - 1); c3 += 1)
      s += a[187 * t0 + c1 + c3];
  // CHECK: statement-expression-value.cu:[[@LINE-1]]:12: warning: strided global load from 'a': 0 to 32 sectors/request where 4 would do
  y[32 * b0 + t0] = s;
  // CHECK: statement-expression-value.cu:[[@LINE-1]]:3: remark: coalesced global store to 'y': 4 sectors/request (ideal 4)
}

void launch(const float *a, float *y) {
  doubled<<<64, 256>>>(a, y);
  triangle<<<12, 32>>>(a, y);
}
