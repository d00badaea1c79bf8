// Each template instantiation is analysed on its own: float and double
// elements give different sector counts for the same source line.
template <typename T>
__global__ void scale(const T *in, T *out, T s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * s;
}
void launch(const float *f, float *g, const double *d, double *e) {
  scale<float><<<1024, 256>>>(f, g, 2.0f);
  scale<double><<<1024, 256>>>(d, e, 2.0);
}
