// Template recursion with no end is Clang's error: one line, exit 2.
// RUN: %python %inputs/exit-code.py 2 %cc %s 2>&1 | %filecheck %s
// CHECK: cuda-coalesce: error: {{.*}}endless-template.cu: does not compile: {{.*}}recursive template instantiation exceeded maximum depth
template <int N> struct Endless { static const int value = Endless<N + 1>::value; };
__global__ void k(float *a) { a[threadIdx.x + Endless<0>::value] = 1.0f; }
