// float4, double and char elements read contiguously: 16, 8 and 1 sectors.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void widths(const float4 *f4, const double *d, const char *c,
                       float4 *of4, double *od, char *oc) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = f4[t];
  // CHECK: element-widths.cu:[[@LINE-1]]:14: remark: coalesced global load from 'f4': 16 sectors/request (ideal 16)
  // CHECK: 128-byte segments per request: 4
  double w = d[t];
  // CHECK: element-widths.cu:[[@LINE-1]]:14: remark: coalesced global load from 'd': 8 sectors/request (ideal 8)
  // CHECK: 128-byte segments per request: 2
  char x = c[t];
  // CHECK: element-widths.cu:[[@LINE-1]]:12: remark: coalesced global load from 'c': 1 sectors/request (ideal 1)
  // CHECK: 128-byte segments per request: 1
  of4[t] = v;
  od[t] = w;
  oc[t] = x;
}
void launch(const float4 *f4, const double *d, const char *c, float4 *of4,
            double *od, char *oc) {
  widths<<<4096, 256>>>(f4, d, c, of4, od, oc);
}
