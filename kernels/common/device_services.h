// Services every algorithm shares across backends: whether a backend was built, and the measured
// copy bandwidth a memory-bound kernel is compared with. CUDA-free header; the device side is
// device_services.cu (CUDA builds) or cuda_device_none.cpp (CPU-only builds).
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend.h"

namespace ws {

bool backend_built(Backend backend);  // false for CUDA in a CPU-only build

// Measured copy bandwidth (bytes read + written per second, GB/s): device-to-device on CUDA,
// memcpy on the CPU. Measured on the first call for each backend, then remembered.
double copy_bandwidth_gbps(Backend backend);
// The same, measured now for a copy of `bytes` bytes (at least 16 MiB): a kernel that moves as
// many bytes compares with this, since small copies do not reach the peak.
double copy_bandwidth_gbps_at(Backend backend, int64_t bytes);
// What a kernel moving `bytes` compares with: copy_bandwidth_gbps_at(max(bytes, 16 MiB)), each
// size measured once and remembered (a benchmark times many kernels of the same size).
double copy_bandwidth_gbps_for(Backend backend, int64_t bytes);

// Device-to-device cudaMemcpy of up to 1 GiB: bytes read + written per second (GB/s, 1e9),
// median of 10 runs. Throws in a CPU-only build.
double measure_copy_bandwidth_gbps(size_t bytes = 0);  // 0: min(1 GiB, free / 4)

}  // namespace ws
