// The occupancy cross-check (launch.h): a few small kernels of different register pressure and
// static shared memory, their attributes from cudaFuncGetAttributes, our occupancy() arithmetic
// against cudaOccupancyMaxActiveBlocksPerMultiprocessor at every block size 32..1024 (steps of 32)
// and a few dynamic shared sizes; and the device's limits from cudaGetDeviceProperties.
// Work: the kernels are never launched, only measured.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_device.h"
#include "../common/error.h"
#include "launch.h"

namespace ws::mem {

namespace {

// Few registers, no shared memory.
__global__ void occupancy_copy(const float* in, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}

// 16 KiB of static shared memory.
__global__ void occupancy_static_tile(const float* in, float* out, int n) {
  __shared__ float tile[4096];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x % 4096] = i < n ? in[i] : 0.0f;
  __syncthreads();
  if (i < n) out[i] = tile[(threadIdx.x + 1) % blockDim.x % 4096];
}

// Many live values: 48 accumulators kept in registers across a loop.
__global__ void occupancy_registers(const float* in, float* out, int n, int rounds) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc[48];
#pragma unroll
  for (int k = 0; k < 48; ++k) acc[k] = in[(i + k) % n];
  for (int r = 0; r < rounds; ++r) {
#pragma unroll
    for (int k = 0; k < 48; ++k) acc[k] = __fmaf_rn(acc[k], acc[(k + 1) % 48], acc[(k + 7) % 48]);
  }
  float sum = 0.0f;
#pragma unroll
  for (int k = 0; k < 48; ++k) sum = __fadd_rn(sum, acc[k]);
  if (i < n) out[i] = sum;
}

// Dynamic shared memory only.
__global__ void occupancy_dynamic(const float* in, float* out, int n) {
  extern __shared__ float buffer[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  buffer[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  if (i < n) out[i] = buffer[blockDim.x - 1 - threadIdx.x];
}

template <class Kernel>
void occupancy_check_kernel(const char* name, Kernel kernel, const std::vector<int64_t>& dynamic,
                            const DeviceLimits& d, std::vector<OccupancyCheck>& out) {
  cudaFuncAttributes attr{};
  WS_CUDA_CHECK(cudaFuncGetAttributes(&attr, kernel));
  for (int64_t dyn : dynamic) {
    for (int bt = 32; bt <= 1024; bt += 32) {
      if (bt > attr.maxThreadsPerBlock) continue;
      if (int64_t(attr.sharedSizeBytes) + dyn > d.smem_per_block) continue;
      OccupancyCheck c;
      c.kernel = name;
      c.block_threads = bt;
      c.dynamic_smem = dyn;
      c.regs_per_thread = attr.numRegs;
      c.static_smem = static_cast<int64_t>(attr.sharedSizeBytes);
      c.ours = occupancy(d, {bt, attr.numRegs, c.static_smem + dyn}).blocks_per_sm;
      WS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&c.cuda, kernel, bt,
                                                                  static_cast<size_t>(dyn)));
      out.push_back(c);
    }
  }
}

}  // namespace

DeviceLimits cuda_device_limits() {
  WS_REQUIRE(cuda_device_available(), "no CUDA device: " + cuda_device_description());
  int device = 0;
  WS_CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  WS_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  int reserved = 0;
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, device));
  DeviceLimits d;
  d.name = prop.name;
  d.sm_count = prop.multiProcessorCount;
  d.cc_major = prop.major;
  d.cc_minor = prop.minor;
  d.warp_size = prop.warpSize;
  d.max_threads_per_sm = prop.maxThreadsPerMultiProcessor;
  d.max_blocks_per_sm = prop.maxBlocksPerMultiProcessor;
  d.max_threads_per_block = prop.maxThreadsPerBlock;
  d.regs_per_sm = prop.regsPerMultiprocessor;
  d.regs_per_block = prop.regsPerBlock;
  d.smem_per_sm = static_cast<int64_t>(prop.sharedMemPerMultiprocessor);
  d.smem_per_block = static_cast<int64_t>(prop.sharedMemPerBlock);
  d.smem_per_block_optin = static_cast<int64_t>(prop.sharedMemPerBlockOptin);
  d.smem_reserved_per_block = reserved;
  d.smem_alloc_unit = prop.major >= 8 ? 128 : 256;
  return d;
}

std::vector<OccupancyCheck> occupancy_cross_check() {
  const DeviceLimits d = cuda_device_limits();
  std::vector<OccupancyCheck> out;
  occupancy_check_kernel("copy", occupancy_copy, {0, 4096}, d, out);
  occupancy_check_kernel("static-tile", occupancy_static_tile, {0, 8192}, d, out);
  occupancy_check_kernel("registers", occupancy_registers, {0}, d, out);
  occupancy_check_kernel("dynamic", occupancy_dynamic, {1000, 12288, 32768, 48 * 1024}, d, out);
  return out;
}

}  // namespace ws::mem
