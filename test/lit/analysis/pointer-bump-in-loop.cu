// A pointer stepped in a loop moves by whole elements: `A += 8` on a float*
// is 32 bytes a trip (the tiled matmul's `A += BK`), not 8. Expected counts
// follow from the 32-byte sector rule: at trip t the warp's 32 lanes read
// one contiguous run that starts t steps past an aligned base.
// RUN: not %cc --show-all %s | %filecheck %s
__global__ void tiles(const float *A, const float4 *Q, const double *D,
                      const float *R, const float4 *W, float *out, int K,
                      int n) {
  const int tx = threadIdx.x;
  float acc = 0;
  // 128 bytes from 32*t: always sector-aligned, 4 sectors.
  for (int bk = 0; bk < K; bk += 8) {
    acc += A[tx];
    // CHECK: pointer-bump-in-loop.cu:[[@LINE-1]]:12: remark: coalesced global load from 'A': 4 sectors/request (ideal 4)
    // CHECK: byte offset 32*iter(bk) + 4*threadIdx.x
    A += 8;
  }
  // Lanes 16 bytes apart over 512 bytes from 512*t: 16 sectors.
  for (int k = 0; k < K; k += 128) {
    acc += Q[tx].x;
    // CHECK: pointer-bump-in-loop.cu:[[@LINE-1]]:12: warning: strided global load from 'Q': 16 sectors/request where 4 would do
    // CHECK: byte offset 512*iter(k) + 16*threadIdx.x
    Q += 32;
  }
  // 256 bytes from 8*K - 32*t, with K = 1024: 8 sectors.
  D += K;
  for (int k = K; k > 0; k -= 4) {
    acc += D[tx];
    // CHECK: pointer-bump-in-loop.cu:[[@LINE-1]]:12: remark: coalesced global load from 'D': 8 sectors/request (ideal 8)
    // CHECK: byte offset 8*K - 32*iter(k) + 8*threadIdx.x
    D -= 4;
  }
  // 128 bytes from 4*t for t = 0..15: 4 sectors at t = 0 and 8, 5 at the
  // other 14 trips, (2*4 + 14*5) / 16 = 4.875.
  for (int i = 0; i < n; i++) {
    acc += R[tx];
    // CHECK: pointer-bump-in-loop.cu:[[@LINE-1]]:12: warning: misaligned global load from 'R': 4.875 sectors/request where 4 would do
    // CHECK: byte offset 4*iter(i) + 4*threadIdx.x
    ++R;
  }
  // `W = 2 + W` steps 32 bytes: 512 bytes from 32*t, 16 sectors.
  int left = n;
  while (left > 0) {
    acc += W[tx].y;
    // CHECK: pointer-bump-in-loop.cu:[[@LINE-1]]:12: warning: strided global load from 'W': 16 sectors/request where 4 would do
    // CHECK: byte offset 32*iter(W) + 16*threadIdx.x + 4
    W = 2 + W;
    left--;
  }
  out[tx] = acc;
  // CHECK: pointer-bump-in-loop.cu:[[@LINE-1]]:3: remark: coalesced global store to 'out'
}
void launch(const float *A, const float4 *Q, const double *D, const float *R,
            const float4 *W, float *out) {
  tiles<<<1, 32>>>(A, Q, D, R, W, out, 1024, 16);
}
