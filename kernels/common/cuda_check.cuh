// Checked CUDA calls: every runtime call and every launch goes through these macros, which throw
// ws::Error naming the CUDA error, the expression, the file and the line. They stay on in Release.
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "error.h"

namespace ws {

[[noreturn]] inline void throw_cuda_error(cudaError_t code, const char* expr, const char* file,
                                          int line) {
  throw_error(std::string("CUDA error ") + cudaGetErrorName(code) + ": " + cudaGetErrorString(code),
              expr, file, line);
}

}  // namespace ws

#define WS_CUDA_CHECK(expr)                                               \
  do {                                                                    \
    const cudaError_t ws_cuda_status_ = (expr);                           \
    if (ws_cuda_status_ != cudaSuccess)                                   \
      ::ws::throw_cuda_error(ws_cuda_status_, #expr, __FILE__, __LINE__); \
  } while (0)

// After every <<<...>>>: reports a bad launch configuration at once. With
// WARPSCOPE_CUDA_DEBUG_SYNC defined it also waits for the kernel, so a fault names its launch.
#if defined(WARPSCOPE_CUDA_DEBUG_SYNC)
#define WS_CUDA_CHECK_LAUNCH()              \
  do {                                      \
    WS_CUDA_CHECK(cudaGetLastError());      \
    WS_CUDA_CHECK(cudaDeviceSynchronize()); \
  } while (0)
#else
#define WS_CUDA_CHECK_LAUNCH() WS_CUDA_CHECK(cudaGetLastError())
#endif
