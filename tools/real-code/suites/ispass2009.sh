# shellcheck shell=bash
# The ISPASS-2009 GPU benchmarks (Bakhoda et al., "Analyzing CUDA Workloads Using a Detailed GPU
# Simulator"), as GPGPU-Sim keeps them: gpgpu-sim/gpgpu-sim_simulations 96c5ec9 (2020-08-22),
# benchmarks/src/cuda/ispass-2009 (FudanPPI/ispass2009-benchmarks, which issue 43 names, is a fork
# of this copy and cannot be fetched here). The checkout is that folder (/work/ext/ispass-2009);
# the suite's data (benchmarks/data_dirs, a download of get_data.sh) is not in the repository.
# Programs built (ispass2009.tsv): BFS, CP (its cuda_short version, the one README.GPGPU-Sim runs),
# LIB, LPS, NN, NQU, RAY, STO, and STO's three other configurations (STO_md5, STO_sha1_nol,
# STO_md5_nol: cust.h's switches, set by glue headers, so that each of its four kernels runs).
# Skipped (ispass2009.tsv lists them): AES, DG, MUM (texture references, removed in CUDA 12), WP
# (its driver is Fortran and reads data files the repository lacks; its CUDA part has no driver).
# Each program runs in its own folder, as the suite's Makefiles build it (nvcc of the .cu files
# and the .cpp/.c files beside them); the CUDA SDK's cutil library they were written against is
# replaced by a header (E1). The extracted folder has no git metadata: the stage writes the commit
# into src/ORIGIN.txt, which suite-check.sh stage copies to checkout.txt.
# Sourced by suite-check.sh (stage).
#
# Edits (stage and build), no source line of the checkout changed:
#   E1 src/_glue/cutil.h: the part of the CUDA SDK's cutil the programs use (CUDA_SAFE_CALL,
#      CUDA_SAFE_CALL_NO_SYNC, CUT_SAFE_CALL, CUT_CHECK_ERROR, CUT_DEVICE_INIT, CUT_EXIT without
#      its ENTER prompt, CUT_BANK_CHECKER, CUTBoolean, the cutCreateTimer... timers,
#      cutCheckCmdLineFlag and cutGetCmdLineArgumenti/f with cutil's --name=value syntax,
#      cutCompareub/f, cutComparefe, cutCompareL2fe), header-only; found through `-I../_glue`
#   E2 src/_glue/ispass-compat.h: cudaThreadSynchronize and cudaThreadExit (removed in CUDA 13)
#      as cudaDeviceSynchronize and cudaDeviceReset; cutil.h includes it, CP gets it by
#      `-include ../_glue/ispass-compat.h` (CP uses parboil.h, not cutil)
#   E3 src/_glue/cutil_math.h: the float3/float4 helpers of the SDK's cutil_math.h that RAY's
#      kernel file uses (make_float3 from float4; float3 and float4 +, -, *, +=; dot, length,
#      normalize, cross), host and device inline functions, as the SDK defines them
#   E4 CP: built from benchmarks/cp/src/cuda_short (main.cu, cuenergy_pre8_coalesce.cu) with
#      common/src/parboil.c compiled in and -Icommon/include (parboil.h), as its Makefile
#      (libparboil.a) does; it runs in the CP folder
#   E5 inputs (ispass2009-inputs.py; the suite's data_dirs are not in the repository):
#      BFS/data/graph16k.txt, a seeded random graph of 16,384 nodes (1 to 7 edges each) in bfs.cu's
#      format; NN/data/lw1.wei ... lw4.wei (156, 7,800, 125,100 and 1,010 seeded random floats:
#      the sizes InitHostMem reads) and NN/data/t10k-images-idx3-ubyte (an MNIST-format header
#      and 28 seeded random 28 x 28 images: the 28 that `NN 28` reads)
#   E6 STO's configurations (cust.h #defines FEATURE_RUN_OVERLAP_TEST and FEATURE_RUN_SHA1: only
#      the SHA1 overlap test runs, one of its four kernels): src/_glue/sto-md5.h includes cust.h
#      (its guard keeps the program's own #include from reading it again) and #undefs
#      FEATURE_RUN_SHA1 (the MD5 overlap test); src/_glue/sto-nol.h #undefs
#      FEATURE_RUN_OVERLAP_TEST and sets the constants cust.h's #else branch sets (192 threads a
#      block, 512 blocks, chunks of 1024 - 12 bytes: the non-overlap tests); both headers for the
#      MD5 non-overlap test. Passed as `-include ../_glue/sto-*.h` (ispass2009.tsv): the same
#      sources built four times
ISPASS_PROGRAMS="BFS CP LIB LPS NN NQU RAY STO"

ispass_glue() {  # DEST/_glue: the headers of E1, E2, E3, E6
  local g="$1"
  mkdir -p "$g"
  cat > "$g/ispass-compat.h" <<'EOF'
/* cuda-coalesce suite glue (tools/real-code/suites/ispass2009.sh, E2): runtime calls the
   ISPASS-2009 programs use that CUDA 13 no longer declares. */
#ifndef ISPASS_COMPAT_H
#define ISPASS_COMPAT_H
#ifndef cudaThreadSynchronize
#define cudaThreadSynchronize cudaDeviceSynchronize
#endif
#ifndef cudaThreadExit
#define cudaThreadExit cudaDeviceReset
#endif
#endif
EOF
  cat > "$g/cutil.h" <<'EOF'
/* cuda-coalesce suite glue (tools/real-code/suites/ispass2009.sh, E1): the part of the CUDA SDK's
   cutil (cutil.h and libcutil) that the ISPASS-2009 programs use, header-only. Macros as the SDK
   defines them; CUT_EXIT exits without waiting for ENTER. */
#ifndef ISPASS_GLUE_CUTIL_H
#define ISPASS_GLUE_CUTIL_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include <sys/time.h>
#include <cuda_runtime.h>
#include "ispass-compat.h"

enum CUTBoolean { CUTFalse = 0, CUTTrue = 1 };

#define CUT_BANK_CHECKER(array, index) array[index]

#define CUDA_SAFE_CALL_NO_SYNC(call) {                                        \
    cudaError err = call;                                                     \
    if (cudaSuccess != err) {                                                 \
        fprintf(stderr, "Cuda error in file '%s' in line %i : %s.\n",         \
                __FILE__, __LINE__, cudaGetErrorString(err));                 \
        exit(EXIT_FAILURE);                                                   \
    } }
#define CUDA_SAFE_CALL(call) CUDA_SAFE_CALL_NO_SYNC(call);
#define CUDA_SAFE_THREAD_SYNC() {                                             \
    cudaError err = cudaDeviceSynchronize();                                  \
    if (cudaSuccess != err) {                                                 \
        fprintf(stderr, "Cuda error in file '%s' in line %i : %s.\n",         \
                __FILE__, __LINE__, cudaGetErrorString(err));                 \
    } }
#define CUT_SAFE_CALL(call)                                                   \
    if (CUTTrue != call) {                                                    \
        fprintf(stderr, "Cut error in file '%s' in line %i.\n",               \
                __FILE__, __LINE__);                                          \
        exit(EXIT_FAILURE);                                                   \
    }
#define CUT_CHECK_ERROR(errorMessage) {                                       \
    cudaError_t err = cudaGetLastError();                                     \
    if (cudaSuccess != err) {                                                 \
        fprintf(stderr, "Cuda error: %s in file '%s' in line %i : %s.\n",     \
                errorMessage, __FILE__, __LINE__, cudaGetErrorString(err));   \
        exit(EXIT_FAILURE);                                                   \
    } }
#define CUT_SAFE_MALLOC(mallocCall) {                                         \
    if (!(mallocCall)) {                                                      \
        fprintf(stderr, "Host malloc failure in file '%s' in line %i\n",      \
                __FILE__, __LINE__);                                          \
        exit(EXIT_FAILURE);                                                   \
    } }
#define CUT_DEVICE_INIT(ARGC, ARGV) {                                         \
    int deviceCount;                                                          \
    CUDA_SAFE_CALL_NO_SYNC(cudaGetDeviceCount(&deviceCount));                 \
    if (deviceCount == 0) {                                                   \
        fprintf(stderr, "cutil error: no devices supporting CUDA.\n");        \
        exit(EXIT_FAILURE);                                                   \
    }                                                                         \
    int dev = 0;                                                              \
    cutGetCmdLineArgumenti(ARGC, (const char **) ARGV, "device", &dev);       \
    if (dev < 0) dev = 0;                                                     \
    if (dev > deviceCount - 1) dev = deviceCount - 1;                         \
    cudaDeviceProp deviceProp;                                                \
    CUDA_SAFE_CALL_NO_SYNC(cudaGetDeviceProperties(&deviceProp, dev));        \
    if (cutCheckCmdLineFlag(ARGC, (const char **) ARGV, "quiet") == CUTFalse) \
        fprintf(stderr, "Using device %d: %s\n", dev, deviceProp.name);       \
    CUDA_SAFE_CALL(cudaSetDevice(dev));                                       \
}
#define CUT_EXIT(argc, argv) exit(EXIT_SUCCESS);

/* timers: milliseconds, as cutil's StopWatch (total over the runs since the last reset) */
struct CutTimer { double start, total; int running, runs, used; };
inline CutTimer* cut_timer(unsigned int name) {
    static CutTimer timers[256];
    return (name >= 1 && name <= 256) ? &timers[name - 1] : (CutTimer*) 0;
}
inline double cut_now_ms() {
    struct timeval tv;
    gettimeofday(&tv, 0);
    return tv.tv_sec * 1000.0 + tv.tv_usec / 1000.0;
}
inline CUTBoolean cutCreateTimer(unsigned int* name) {
    for (unsigned int i = 1; i <= 256; ++i) {
        CutTimer* t = cut_timer(i);
        if (!t->used) {
            memset(t, 0, sizeof *t);
            t->used = 1;
            *name = i;
            return CUTTrue;
        }
    }
    return CUTFalse;
}
inline CUTBoolean cutDeleteTimer(unsigned int name) {
    CutTimer* t = cut_timer(name);
    if (!t || !t->used) return CUTFalse;
    t->used = 0;
    return CUTTrue;
}
inline CUTBoolean cutStartTimer(const unsigned int name) {
    CutTimer* t = cut_timer(name);
    if (!t || !t->used) return CUTFalse;
    t->start = cut_now_ms();
    t->running = 1;
    return CUTTrue;
}
inline CUTBoolean cutStopTimer(const unsigned int name) {
    CutTimer* t = cut_timer(name);
    if (!t || !t->used) return CUTFalse;
    if (t->running) {
        t->total += cut_now_ms() - t->start;
        t->runs++;
    }
    t->running = 0;
    return CUTTrue;
}
inline CUTBoolean cutResetTimer(const unsigned int name) {
    CutTimer* t = cut_timer(name);
    if (!t || !t->used) return CUTFalse;
    t->total = 0;
    t->runs = 0;
    if (t->running) t->start = cut_now_ms();
    return CUTTrue;
}
inline float cutGetTimerValue(const unsigned int name) {
    CutTimer* t = cut_timer(name);
    if (!t || !t->used) return 0.0f;
    double v = t->total;
    if (t->running) v += cut_now_ms() - t->start;
    return (float) v;
}
inline float cutGetAverageTimerValue(const unsigned int name) {
    CutTimer* t = cut_timer(name);
    if (!t || !t->used || t->runs == 0) return 0.0f;
    return (float) (t->total / t->runs);
}

/* command line: -name or --name, values as --name=value */
inline const char* cut_arg_value(const int argc, const char** argv, const char* name) {
    size_t n = strlen(name);
    for (int i = 1; i < argc; ++i) {
        const char* a = argv[i];
        if (a[0] != '-') continue;
        a += (a[1] == '-') ? 2 : 1;
        if (strncmp(a, name, n) == 0 && (a[n] == 0 || a[n] == '=')) return a + n;
    }
    return 0;
}
inline CUTBoolean cutCheckCmdLineFlag(const int argc, const char** argv, const char* flag_name) {
    return cut_arg_value(argc, argv, flag_name) ? CUTTrue : CUTFalse;
}
inline CUTBoolean cutGetCmdLineArgumenti(const int argc, const char** argv, const char* arg_name,
                                         int* val) {
    const char* v = cut_arg_value(argc, argv, arg_name);
    if (!v || v[0] != '=') return CUTFalse;
    *val = atoi(v + 1);
    return CUTTrue;
}
inline CUTBoolean cutGetCmdLineArgumentf(const int argc, const char** argv, const char* arg_name,
                                         float* val) {
    const char* v = cut_arg_value(argc, argv, arg_name);
    if (!v || v[0] != '=') return CUTFalse;
    *val = (float) atof(v + 1);
    return CUTTrue;
}

/* comparisons */
inline CUTBoolean cutCompareub(const unsigned char* reference, const unsigned char* data,
                               const unsigned int len) {
    for (unsigned int i = 0; i < len; ++i)
        if (reference[i] != data[i]) return CUTFalse;
    return CUTTrue;
}
inline CUTBoolean cutComparef(const float* reference, const float* data, const unsigned int len) {
    for (unsigned int i = 0; i < len; ++i)
        if (reference[i] != data[i]) return CUTFalse;
    return CUTTrue;
}
inline CUTBoolean cutComparefe(const float* reference, const float* data, const unsigned int len,
                               const float epsilon) {
    for (unsigned int i = 0; i < len; ++i)
        if (fabsf(reference[i] - data[i]) > epsilon) return CUTFalse;
    return CUTTrue;
}
inline CUTBoolean cutCompareL2fe(const float* reference, const float* data, const unsigned int len,
                                 const float epsilon) {
    float error = 0, ref = 0;
    for (unsigned int i = 0; i < len; ++i) {
        float diff = reference[i] - data[i];
        error += diff * diff;
        ref += reference[i] * reference[i];
    }
    if (fabsf(ref) < 1e-7f) return CUTFalse;
    return (sqrtf(error) / sqrtf(ref) < epsilon) ? CUTTrue : CUTFalse;
}
#endif
EOF
  cat > "$g/cutil_math.h" <<'EOF'
/* cuda-coalesce suite glue (tools/real-code/suites/ispass2009.sh, E3): the float3/float4 helpers
   of the CUDA SDK's cutil_math.h that RAY's kernel file uses, defined as the SDK defines them. */
#ifndef ISPASS_GLUE_CUTIL_MATH_H
#define ISPASS_GLUE_CUTIL_MATH_H
#include <cuda_runtime.h>
#include <math.h>
inline __host__ __device__ float3 make_float3(float4 a) { return make_float3(a.x, a.y, a.z); }
inline __host__ __device__ float4 make_float4(float3 a, float w) { return make_float4(a.x, a.y, a.z, w); }
inline __host__ __device__ float3 operator-(float3 a) { return make_float3(-a.x, -a.y, -a.z); }
inline __host__ __device__ float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
inline __host__ __device__ void operator+=(float3& a, float3 b) { a.x += b.x; a.y += b.y; a.z += b.z; }
inline __host__ __device__ float3 operator-(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
inline __host__ __device__ void operator-=(float3& a, float3 b) { a.x -= b.x; a.y -= b.y; a.z -= b.z; }
inline __host__ __device__ float3 operator*(float3 a, float3 b) { return make_float3(a.x * b.x, a.y * b.y, a.z * b.z); }
inline __host__ __device__ float3 operator*(float3 a, float s) { return make_float3(a.x * s, a.y * s, a.z * s); }
inline __host__ __device__ float3 operator*(float s, float3 a) { return make_float3(a.x * s, a.y * s, a.z * s); }
inline __host__ __device__ void operator*=(float3& a, float s) { a.x *= s; a.y *= s; a.z *= s; }
inline __host__ __device__ float3 operator/(float3 a, float s) { float inv = 1.0f / s; return a * inv; }
inline __host__ __device__ float4 operator+(float4 a, float4 b) { return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w); }
inline __host__ __device__ float4 operator-(float4 a, float4 b) { return make_float4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w); }
inline __host__ __device__ float4 operator*(float4 a, float s) { return make_float4(a.x * s, a.y * s, a.z * s, a.w * s); }
inline __host__ __device__ float4 operator*(float s, float4 a) { return make_float4(a.x * s, a.y * s, a.z * s, a.w * s); }
inline __host__ __device__ void operator+=(float4& a, float4 b) { a.x += b.x; a.y += b.y; a.z += b.z; a.w += b.w; }
inline __host__ __device__ void operator-=(float4& a, float4 b) { a.x -= b.x; a.y -= b.y; a.z -= b.z; a.w -= b.w; }
inline __host__ __device__ void operator*=(float4& a, float s) { a.x *= s; a.y *= s; a.z *= s; a.w *= s; }
inline __host__ __device__ float4 operator*(float4 a, float4 b) { return make_float4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w); }
inline __host__ __device__ float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline __host__ __device__ float dot(float4 a, float4 b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
inline __host__ __device__ float length(float3 v) { return sqrtf(dot(v, v)); }
inline __host__ __device__ float3 normalize(float3 v) { float invLen = rsqrtf(dot(v, v)); return v * invLen; }
inline __host__ __device__ float3 cross(float3 a, float3 b) { return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
#endif
EOF
  cat > "$g/sto-md5.h" <<'EOF'
/* cuda-coalesce suite glue (tools/real-code/suites/ispass2009.sh, E6): STO's MD5 test. cust.h is
   read here first (its CUST_H guard keeps the program's own #include from reading it again) and
   FEATURE_RUN_SHA1, which it #defines, is taken back. */
#include "cust.h"
#undef FEATURE_RUN_SHA1
EOF
  cat > "$g/sto-nol.h" <<'EOF'
/* cuda-coalesce suite glue (tools/real-code/suites/ispass2009.sh, E6): STO's non-overlap test.
   cust.h is read here first (its CUST_H guard keeps the program's own #include from reading it
   again); FEATURE_RUN_OVERLAP_TEST, which it #defines, is taken back and the constants are those
   of cust.h's #else branch (its active CHUNK_SIZE line). */
#include "cust.h"
#undef FEATURE_RUN_OVERLAP_TEST
#undef THREADS_PER_BLOCK
#undef BLOCKS_PER_GRID
#undef TOTAL_NUM_OF_THREADS
#undef CHUNK_SIZE
#undef OFFSET
#undef TEST_MEM_SIZE_OVERLAP
#define THREADS_PER_BLOCK   192
#define BLOCKS_PER_GRID     512
#define TOTAL_NUM_OF_THREADS ( THREADS_PER_BLOCK * BLOCKS_PER_GRID )
#define CHUNK_SIZE          (1024-12)
#define TEST_MEM_SIZE       (CHUNK_SIZE * TOTAL_NUM_OF_THREADS)
EOF
  echo "  E1-E3, E6 _glue/: cutil.h ispass-compat.h cutil_math.h sto-md5.h sto-nol.h"
}

suite_stage() {  # CHECKOUT DEST
  local co="$1" d="$2" p
  for p in $ISPASS_PROGRAMS; do
    [ -d "$co/$p" ] || { echo "no $co/$p" >&2; return 1; }
    cp -r "$co/$p" "$d/$p"
  done
  echo "  copied $ISPASS_PROGRAMS"
  ispass_glue "$d/_glue"
  python3 "$MANIFESTS/ispass2009-inputs.py" "$d" | sed "s|^$d/|  E5 |"
  echo "gpgpu-sim/gpgpu-sim_simulations 96c5ec9529aa8755104efc3018016b4309976628 2020-08-22 benchmarks/src/cuda/ispass-2009 (from $co)" > "$d/ORIGIN.txt"
}
