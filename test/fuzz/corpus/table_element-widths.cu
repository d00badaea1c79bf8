// float4, double and char elements read contiguously: 16, 8 and 1 sectors.
__global__ void widths(const float4 *f4, const double *d, const char *c,
                       float4 *of4, double *od, char *oc) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = f4[t];
  double w = d[t];
  char x = c[t];
  of4[t] = v;
  od[t] = w;
  oc[t] = x;
}
void launch(const float4 *f4, const double *d, const char *c, float4 *of4,
            double *od, char *oc) {
  widths<<<4096, 256>>>(f4, d, c, of4, od, oc);
}
