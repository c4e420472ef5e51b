// Launches of the summed-area-table kernels and filters on device memory (CUDA builds only: it
// includes the CUDA runtime API). Used by the CUDA engine (sat_engine.cu), the library baselines
// and the GPU tests.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "sat.h"

namespace ws::sat {

// ---- Fast launches (no trace) of one table on device memory, asynchronous on `stream`.
// in: w h samples (uint8_t for U8U32, float otherwise); out: w h values (uint32_t, float or
// double). scratch: at least sat_scratch_bytes(...) bytes of device memory (nullptr when that is
// 0), contents undefined on entry. Launch failures throw ws::Error.
size_t sat_scratch_bytes(Variant v, Accum a, int w, int h);
void launch_sat(Variant v, Accum a, const void* in, void* out, int w, int h, void* scratch,
                cudaStream_t stream);

// One per variant, called by launch_sat (sat_launch.cu).
size_t row_column_scratch_bytes(Accum a, int w, int h);
void launch_row_column(Accum a, const void* in, void* out, int w, int h, void* scratch,
                       cudaStream_t stream);
size_t transpose_scratch_bytes(Accum a, int w, int h);
void launch_transpose(Accum a, const void* in, void* out, int w, int h, void* scratch,
                      cudaStream_t stream);
size_t block_scan_scratch_bytes(Accum a, int w, int h);
void launch_block_scan(Accum a, const void* in, void* out, int w, int h, void* scratch,
                       cudaStream_t stream);
size_t single_pass_scratch_bytes(Accum a, int w, int h);
void launch_single_pass(Accum a, const void* in, void* out, int w, int h, void* scratch,
                        cudaStream_t stream);
size_t register_tiled_scratch_bytes(Accum a, int w, int h);
void launch_register_tiled(Accum a, const void* in, void* out, int w, int h, void* scratch,
                           cudaStream_t stream);

// ---- Filters on device memory (sat_filter.cu), asynchronous on `stream`; `channels` planes
// of w h, channel-major. table: the SAT of each channel (Accum's table type); image: u8 planes;
// depth: w h floats or nullptr when !params.depth_of_field; out: u8 planes. Separable needs
// scratch of separable_scratch_bytes(w, h) bytes and rejects depth of field (ws::Error).
void launch_filter_sat(Accum a, const void* table, int w, int h, int channels,
                       const FilterParams& params, const float* depth, uint8_t* out,
                       cudaStream_t stream);
void launch_filter_direct(const uint8_t* image, int w, int h, int channels,
                          const FilterParams& params, const float* depth, uint8_t* out,
                          cudaStream_t stream);
size_t separable_scratch_bytes(int w, int h);
// The box filter fused with its table (sat_filter_fused.cu): u8 planes to u8 planes, the SAT
// filter's pixels, the table never stored. Scratch of fused_box_scratch_bytes(w, h, channels)
// bytes (0 for sides outside 1..kMaxSide, which the launch rejects); rejects depth of field.
size_t fused_box_scratch_bytes(int w, int h, int channels);
void launch_filter_box_fused(const uint8_t* image, int w, int h, int channels,
                             const FilterParams& params, void* scratch, uint8_t* out,
                             cudaStream_t stream);
void launch_filter_separable(const uint8_t* image, int w, int h, int channels,
                             const FilterParams& params, void* scratch, uint8_t* out,
                             cudaStream_t stream);

}  // namespace ws::sat
