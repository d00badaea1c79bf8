// p[t].x of a 12-byte struct: the lanes are 12 bytes apart.
struct Point { float x, y, z; };
__global__ void xs(const Point *p, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = p[t].x;
}
void launch(const Point *p, float *o) { xs<<<4096, 256>>>(p, o); }
