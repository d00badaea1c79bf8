// Chained field assignments (`b.y = b.z = g.y = g.z = 1;`, Parboil lbm) set
// every field in the chain; a chain through a variable of another type does
// not, as the value could be converted on the way.
__global__ void k(float *a) { a[threadIdx.x + 1] = 0; }
// With 120 threads: warps 0-2 touch 5 sectors, warp 3 (24 lanes, 96 bytes
// from byte 388) touches 4; the ideal is 4, 4, 4 and 3.
void chained(float *a) {
  dim3 b, g;
  b.x = 120;
  g.x = 8;
  b.y = b.z = g.y = g.z = 1;
  k<<<g, b>>>(a);
}
void through_int(float *a) {
  dim3 b;
  int n;
  b.x = 120;
  b.y = n = 2;
  k<<<8, b>>>(a);
}
