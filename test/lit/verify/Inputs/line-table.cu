// 42_unrolled_lanes.cu's column_from_diagonal (line-table.csv: measured on an
// H200, with the store listed by Nsight Compute only under a CUDA header as
// it lists inlined header code; line-table.sass: nvdisasm -gi -c of the
// profiled program, its function cut out).
__global__ void column_from_diagonal(float *out, const float *c, int T) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int j = i; j < T; j++)
    s += c[(long)(j - i) * T + i];
  out[i] = s;
}

int main() {
  const int T = 1024;
  float *out, *a;
  cudaMalloc(&out, T * sizeof(float));
  cudaMalloc(&a, (long)T * T * sizeof(float));
  column_from_diagonal<<<T / 256, 256>>>(out, a, T);
  return 0;
}
