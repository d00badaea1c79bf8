// Source text with every character HTML and Markdown treat as markup: a
// template argument list in the kernel's name, a cast, '&', '|', a backtick
// and quotes in the expressions. Each access is strided (lane k at byte 8k).
template <typename T, typename U> struct Pair {
  T first;
  U second;
};
template <typename P>
__global__ void gather(const float *a, const char *b, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = reinterpret_cast<const float *>(b)[(2 * t) & 0xffff];
  o[t] += a[2 * t + ('`' - 96) | 0];
  o[t] -= a[2 * t + sizeof("\"") - 2];
}
void launch(const float *a, const char *b, float *o) {
  gather<Pair<float, int>><<<64, 256>>>(a, b, o);
}
