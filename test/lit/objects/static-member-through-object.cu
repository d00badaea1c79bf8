// A static constant member read through an object (llm.c's Packed128:
// `probs + idx * P + i * packed_logits_vec.size`) is the constant: lanes
// 16 bytes apart, 512 contiguous bytes per request, not an unknown stride.
// RUN: %cc --show-all %s | %filecheck %s
struct alignas(16) Packed128 {
  static constexpr const int size = 4;
  float payload[size];
};
__global__ void fused_classifier(float *probs, int P) {
  Packed128 packed_logits_vec;
  int idx = blockIdx.x;
  int i = threadIdx.x;
  *(float4 *)(probs + idx * P + i * packed_logits_vec.size) = float4{};
  // CHECK: static-member-through-object.cu:[[@LINE-1]]:3: remark: coalesced global store to 'probs': 16 sectors/request (ideal 16)
}
void launch(float *probs) { fused_classifier<<<64, 128>>>(probs, 50304); }
