// What the compiled lab kernel costs: registers, shared and local memory and the block limit
// (cudaFuncGetAttributes), blocks per SM and occupancy at the job's block size (the occupancy
// API), NVRTC's PTX, and the SASS with its source lines when a disassembler is found.
#include "lab_cuda_resources.cuh"

#include "common/cuda_check.cuh"
#include "lab/lab_cuda_sass.h"

namespace ws::lab {

Resources lab_kernel_resources(const Job& job, const LabModule& module, const NvrtcBuild& build) {
  Resources r;
  r.ptx = build.ptx;
  const void* kernel = reinterpret_cast<const void*>(module.kernel());
  cudaFuncAttributes attributes{};
  WS_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));
  r.registers = attributes.numRegs;
  r.shared_bytes = int(attributes.sharedSizeBytes);
  r.local_bytes = int(attributes.localSizeBytes);
  r.max_threads_per_block = attributes.maxThreadsPerBlock;
  int device = 0, max_threads_per_sm = 0, warp_size = 32;
  WS_CUDA_CHECK(cudaGetDevice(&device));
  WS_CUDA_CHECK(
      cudaDeviceGetAttribute(&max_threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, device));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&warp_size, cudaDevAttrWarpSize, device));
  const int block = job.launch.threads_per_block();
  if (block <= r.max_threads_per_block) {
    WS_CUDA_CHECK(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&r.active_blocks_per_sm, kernel, block, 0));
    // Occupancy counts warps: a block of 48 threads holds 2 warps' slots.
    const int warps_per_block = (block + warp_size - 1) / warp_size;
    const int warps_per_sm = max_threads_per_sm / warp_size;
    r.occupancy = warps_per_sm > 0
                      ? double(r.active_blocks_per_sm * warps_per_block) / double(warps_per_sm)
                      : 0.0;
  }
  const SassListing sass = disassemble_cubin(build.cubin, build.lowered_name, job.file_name);
  r.sass = sass.sass;
  r.sass_lines = sass.sass_lines;
  r.note = sass.note;
  if (block > r.max_threads_per_block) {
    r.note = (r.note.empty() ? "" : r.note + "; ") + "no occupancy: blocks of " +
             std::to_string(block) + " threads exceed the kernel's limit of " +
             std::to_string(r.max_threads_per_block);
  }
  r.known = true;
  return r;
}

}  // namespace ws::lab
