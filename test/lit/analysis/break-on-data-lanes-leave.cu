// A loop a lane leaves by `break` under a test on memory: on later trips the
// lanes still in it are the data's, so the count is a range from one lane to
// every lane (lanes that left never come back, so a warp with none left
// issues nothing). runtime-bench 44's search measured 3.78 sectors a request
// on an H100 where every lane's 4 was given; a loop with no such break keeps
// its definite count.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void find_row(const float *dist, int *found, int width, int k) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  const float *p = dist + x;
  int at = k;
  for (int a = 0; a < k; a++) {
    if (p[a * width] > 1.5f) {
      // CHECK: break-on-data-lanes-leave.cu:[[@LINE-1]]:9: remark: coalesced global load from 'dist': 1 to 4 sectors/request (ideal 4; data decides which lanes run)
      at = a;
      break;
    }
  }
  found[x] = at;
}

__global__ void sum_rows(const float *dist, float *out, int width, int k) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int a = 0; a < k; a++)
    s += dist[a * width + x];
  // CHECK: break-on-data-lanes-leave.cu:[[@LINE-1]]:10: remark: coalesced global load from 'dist': 4 sectors/request (ideal 4)
  out[x] = s;
}

void launch(const float *d, int *f, float *o) {
  find_row<<<64, 256>>>(d, f, 16384, 8);
  sum_rows<<<64, 256>>>(d, o, 16384, 8);
}
