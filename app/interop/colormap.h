// The value -> colour rule, one body for host and device (WS_HD), so the CPU path, the CUDA-GL
// interop path and the copy fallback produce the same pixels bit for bit. The arithmetic is pinned:
// t = (v - lo) / (hi - lo) and x = t * 255 + 0.5 in float, each operation rounded on its own
// (device: __fsub_rn / __fdiv_rn / __fmul_rn / __fadd_rn, which nvcc never fuses into an FMA;
// host: plain float operations, and ws_interop is compiled with -ffp-contract=off). The float
// clamp happens before the int conversion, so infinities and huge values never reach an undefined
// cast. The index picks one of 256 entries of the chosen map (colormap_tables.h).
#pragma once

#include <cstdint>
#include <string>

#include "common/host_device.h"
#include "interop/colormap_tables.h"
#include "render/canvas.h"

namespace ws::interop {

// The maps a value image can use: perceptually uniform sequential (viridis, inferno) and a
// diverging map for values around a centre (Moreland's cool-warm). Values index kColormapRgba.
enum class Colormap : uint8_t { Viridis = 0, Inferno = 1, CoolWarm = 2 };

inline constexpr uint32_t kNanRgba = 0xFF808080u;    // NaN: opaque mid grey (128, 128, 128)
inline constexpr uint32_t kEmptyRgba = 0x00000000u;  // cells past the last value: transparent

// Table index 0..255 for a non-NaN value; values outside [lo, hi] clamp to the ends.
// Callers guarantee finite lo < hi (ValueImage checks it).
WS_HD int colormap_index(float v, float lo, float hi) {
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

// Packed 0xAABBGGRR colour of `v` (NaN: kNanRgba).
WS_HD uint32_t colormap_rgba(Colormap map, float v, float lo, float hi) {
  if (v != v) return kNanRgba;  // NaN (this code is never built with fast-math)
#if defined(__CUDA_ARCH__)
  return kColormapRgbaDevice[int(map)][colormap_index(v, lo, hi)];
#else
  return kColormapRgba[int(map)][colormap_index(v, lo, hi)];
#endif
}

// Pixel `i` of an image of `n` values: the colour of values[i], transparent past the end.
WS_HD uint32_t cell_rgba(Colormap map, const float* values, int64_t n, int64_t i, float lo,
                         float hi) {
  return i < n ? colormap_rgba(map, values[i], lo, hi) : kEmptyRgba;
}

// The CPU path: fills `cells` packed RGBA8 pixels (cells >= n) from `n` values.
void colormap_fill_host(Colormap map, const float* values, int64_t n, int64_t cells, float lo,
                        float hi, uint32_t* out);

// ---- Host helpers for legends and the UI.
// The colour at t in [0, 1] by the same rule as the pixels (t clamps; NaN gives the NaN grey), so
// a legend drawn with it shows exactly the image's colours.
gfx::Color colormap_color(Colormap map, float t);
const char* colormap_name(Colormap map);  // "viridis", "inferno", "coolwarm"
// Accepts those names (case-sensitive) and "cool-warm"; false leaves `out` unchanged.
bool parse_colormap(const std::string& text, Colormap& out);
inline constexpr Colormap kAllColormaps[] = {Colormap::Viridis, Colormap::Inferno,
                                             Colormap::CoolWarm};

}  // namespace ws::interop
