// Lets one function body compile for host and device: small operator helpers shared by the CPU
// reference and the CUDA kernels.
#pragma once

#if defined(__CUDACC__)
#define WS_HD __host__ __device__ __forceinline__
#else
#define WS_HD inline
#endif
