// The value -> colour rule, one body for host and device (WS_HD), so the CPU path, the CUDA-GL
// interop path and the copy fallback produce the same pixels bit for bit. The arithmetic is pinned:
// t = (v - lo) / (hi - lo) and x = t * 255 + 0.5 in float, each operation rounded on its own
// (device:
// __fsub_rn / __fdiv_rn / __fmul_rn / __fadd_rn, which nvcc never fuses into an FMA; host: plain
// float operations, and ws_interop is compiled with -ffp-contract=off). The float clamp happens
// before the int conversion, so infinities and huge values never reach an undefined cast.
#pragma once

#include <cstdint>

#include "common/host_device.h"
#include "interop/viridis_table.h"

namespace ws::interop {

inline constexpr uint32_t kNanRgba = 0xFF808080u;    // NaN: opaque mid grey (128, 128, 128)
inline constexpr uint32_t kEmptyRgba = 0x00000000u;  // cells past the last value: transparent

// Table index 0..255 for a non-NaN value; values outside [lo, hi] clamp to the ends.
// Callers guarantee finite lo < hi (ValueImage checks it).
WS_HD int viridis_index(float v, float lo, float hi) {
#if defined(__CUDA_ARCH__)
  const float t = __fdiv_rn(__fsub_rn(v, lo), __fsub_rn(hi, lo));
  const float x = __fadd_rn(__fmul_rn(t, 255.0f), 0.5f);
#else
  const float t = (v - lo) / (hi - lo);
  const float x = t * 255.0f + 0.5f;
#endif
  if (!(x >= 1.0f)) return 0;  // also x < 0 and -inf
  if (x >= 255.0f) return 255;
  return static_cast<int>(x);  // truncation == floor for x in [1, 255)
}

WS_HD uint32_t viridis_rgba(float v, float lo, float hi) {
  if (v != v) return kNanRgba;  // NaN (this code is never built with fast-math)
#if defined(__CUDA_ARCH__)
  return kViridisRgbaDevice[viridis_index(v, lo, hi)];
#else
  return kViridisRgba[viridis_index(v, lo, hi)];
#endif
}

// Pixel `i` of an image of `n` values: the colour of values[i], transparent past the end.
WS_HD uint32_t cell_rgba(const float* values, int64_t n, int64_t i, float lo, float hi) {
  return i < n ? viridis_rgba(values[i], lo, hi) : kEmptyRgba;
}

// The CPU path: fills `cells` packed RGBA8 pixels (cells >= n) from `n` values.
void colormap_fill_host(const float* values, int64_t n, int64_t cells, float lo, float hi,
                        uint32_t* out);

}  // namespace ws::interop
