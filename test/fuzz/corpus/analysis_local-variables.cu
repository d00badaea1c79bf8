// Locals are followed through every assignment, compound ones too.
__global__ void locals(const float *a, float *o) {
  int i = threadIdx.x;
  i *= 4;
  i += blockIdx.x * 1024;
  int j = i;
  j -= 3;
  j = j + 3;
  float v = a[j];
  o[blockIdx.x * 256 + threadIdx.x] = v;
}
void launch(const float *a, float *o) { locals<<<64, 256>>>(a, o); }
