// faiss's IcmEncoder launches `runNormAddition<<<n, K>>>(uterm, norm, K)`
// with K a member of the encoder: the block has K threads, whatever K is.
// RUN: %cc --show-all %s | %filecheck %s
__global__ void runNormAddition(float *uterm, const float *norm, int K) {
  auto id = blockIdx.x;
  auto code = threadIdx.x;
  uterm[id * K + code] += norm[code];
  // CHECK: block-extent-member.cu:[[@LINE-1]]:27: remark: coalesced global load from 'norm': 4 sectors/request (ideal 4)
  // CHECK: note: block (K,1,1) from the launch at {{.*}}block-extent-member.cu:[[@LINE+9]]:5, which passes K to the kernel too: known only at run time, tried at 16 values in 32..95
  // CHECK: note: K unknown: the same pattern for every value in 32..95 (16 of them tried), at 2.5 to 4 sectors/request; the count is for multiples of 32
}
struct Encoder {
  int K;
  void addNorms(float *uterm, const float *norm, int n) const;
};
void Encoder::addNorms(float *uterm, const float *norm, int n) const {
  if (K > 0)
    runNormAddition<<<n, K>>>(uterm, norm, K);
}
