// A method called on an element of a global array stores through `this`:
// four byte stores (nvcc's PTX: four st.global.u8), lanes 4 bytes apart:
// 4 sectors for 32 bytes each.
// RUN: not %cc --show-all %s | %filecheck %s
struct Pixel {
  unsigned char r, g, b, a;
  __device__ void set(unsigned char R, unsigned char G, unsigned char B) {
    r = R;
    // CHECK: member-function-this.cu:[[@LINE-1]]:5: warning: strided global store to 'px': 4 sectors/request where 1 would do (25% efficiency) [cuda-coalesce] (in kernel 'paint')
    // CHECK: note: reached through the call at {{.*}}member-function-this.cu:[[@LINE+11]]:3
    g = G;
    // CHECK: member-function-this.cu:[[@LINE-1]]:5: warning: strided global store to 'px'
    b = B;
    // CHECK: member-function-this.cu:[[@LINE-1]]:5: warning: strided global store to 'px'
    a = 255;
    // CHECK: member-function-this.cu:[[@LINE-1]]:5: warning: strided global store to 'px'
  }
};
__global__ void paint(Pixel *px) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  px[t].set(1, 2, 3);
}
void launch(Pixel *px) { paint<<<64, 256>>>(px); }
