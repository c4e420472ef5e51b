#!/usr/bin/env bash
# Runs the fast SpMV's CUDA kernels (kernels/spmv/spmv_fast.cuh, the "@variant fast" section, and
# the harness's direct tile kernel, bench/dev/spmv_tune_direct.cuh) on the host, without a GPU:
# one std::thread per CUDA thread, __syncthreads as a std::barrier, the shared memory poisoned
# before every block, y NaN before the run; then compares y with the host twin (spmv_fast_cpu) bit
# for bit on generated matrices, a long-row one and an empty one, over several configurations.
# The harness's row-binning kernels (bench/dev/spmv_tune_binned.cuh; spmv_emulate_binned.h) sum in
# another order: they are checked against a double reference within the harness's "bad" bound. Not part of the build; needs a CPU build (default build-cpu) for
# libws_spmv and its dependencies. Usage: bench/dev/spmv_emulate.sh [BUILD_DIR] [extra g++ flags]
# (e.g. "-fsanitize=address,undefined"). Exit status 0 when the kernel equals the twin everywhere.
set -euo pipefail
BUILD=${1:-build-cpu}
shift || true
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
python3 - "$WORK/fast_kernels_emu.h" <<'PY'
import sys
src = open("kernels/spmv/spmv_fast.cuh").read()
body = src[src.index("namespace ws::spmv::fast {"):src.index("// @end")]
prelude = r'''
#include <barrier>
#include <cstddef>
#include <cstdint>
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(x)
#define __restrict__
#define __shared__
#define __align__(x)
struct EmuDim { unsigned x = 0, y = 0, z = 0; };
thread_local EmuDim threadIdx, blockIdx, blockDim, gridDim;
thread_local std::barrier<>* emu_barrier = nullptr;
inline void __syncthreads() { emu_barrier->arrive_and_wait(); }
template <class T> T __ldg(const T* p) { return *p; }
template <class T> T __ldcs(const T* p) { return *p; }
#include <algorithm>
using std::max;
using std::min;
// __shfl_down_sync over the block's slots: every thread of the block calls it the same number of
// times (true of the row-lanes kernel), so two barriers make it a warp shuffle of width `width`.
inline double emu_shfl_slots[1024];
template <class T> T __shfl_down_sync(unsigned, T v, int offset, int width = 32) {
  const int tid = int(threadIdx.x);
  emu_shfl_slots[tid] = double(v);
  __syncthreads();
  const T r = tid % width + offset < width ? T(emu_shfl_slots[tid + offset]) : v;
  __syncthreads();
  return r;
}
inline int atomicMax(int* p, int v) { const int old = *p; *p = std::max(old, v); return old; }
template <class T> T atomicAdd(T* p, T v) { const T old = *p; *p = old + v; return old; }
#include "spmv/spmv_merge_path.h"
namespace ws::spmv::fast { alignas(16) unsigned char spmv_smem[1 << 20]; }
'''
direct = open("bench/dev/spmv_tune_direct.cuh").read()
body += direct[direct.index("// @variant fast-direct"):direct.index("// @end")]
binned = open("bench/dev/spmv_tune_binned.cuh").read()
body += binned[binned.index("// @variant fast-binned"):binned.index("// @end")]
open(sys.argv[1], "w").write(prelude + body + "\n}  // namespace ws::spmv::fast\n")
PY
cp bench/dev/spmv_emulate.cpp bench/dev/spmv_emulate_binned.h "$WORK/"
g++ -std=c++20 -O1 -ffp-contract=off "$@" -I"$WORK" -Ikernels "$WORK/spmv_emulate.cpp" \
  "$BUILD/kernels/spmv/libws_spmv.a" "$BUILD/kernels/graph/libws_graph.a" \
  "$BUILD/kernels/libws_common.a" -lpthread -o "$WORK/spmv_emulate"
"$WORK/spmv_emulate"
