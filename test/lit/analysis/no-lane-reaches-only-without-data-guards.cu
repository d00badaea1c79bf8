// "No lane reaches" only where it is proven (docs/model.md, the contract,
// point 3): a branch that no lane took under the data values tried may be
// taken under others. HeCBench asmooth's outFilter, the else branch of a
// test on `s = Box[gtid]` inside loops of `2 s + 1` trips: 4.91 sectors a
// request measured on an H100, 0 to 0 given before.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void smooth(const float *Img, const int *Box, float *Out, int Lx,
                       int Ly) {
  int tid = threadIdx.x, tjd = threadIdx.y;
  int i = blockIdx.x * blockDim.x + tid;
  int j = blockIdx.y * blockDim.y + tjd;
  int gtid = j * Lx + i;
  if (i < Lx && j < Ly) {
    const int s = Box[gtid];
    float sum = 0.f;
    for (int ii = -s; ii < s + 1; ii++)
      for (int jj = -s; jj < s + 1; jj++)
        if (i - s >= 0 && i + s < Lx && j - s >= 0 && j + s < Ly) {
          if (tid - s >= 0)
            sum += 1.0f;
          else
            sum += Img[gtid + ii * Ly + jj];
          // CHECK: reaches-only-without-data-guards.cu:[[@LINE-1]]:20: remark: global load from 'Img' depends on values not known here: 0 to 32 sectors/request where 4 would do
          // CHECK-NOT: no lane of any simulated warp reaches
        }
    Out[gtid] = sum;
  }
}
void go(int Lx, int Ly, const float *a, const int *b, float *o) {
  smooth<<<dim3((Lx + 15) / 16, (Ly + 15) / 16), dim3(16, 16)>>>(a, b, o, Lx,
                                                                  Ly);
}
