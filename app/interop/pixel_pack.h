// The plane -> pixel rule of PixelImage, one body for host and device (WS_HD), so the CPU path,
// the CUDA-GL interop path and the copy fallback produce the same pixels bit for bit. An image of
// `channels` 8-bit planes (channel-major: plane c holds width * height bytes, row 0 first) becomes
// packed RGBA8 0xAABBGGRR pixels: one plane is grey (R = G = B), three are R, G, B; alpha is
// always 255. No arithmetic, so nothing to round.
#pragma once

#include <cstdint>

#include "common/host_device.h"

namespace ws::interop {

inline constexpr uint32_t kOpaque = 0xFF000000u;

WS_HD uint32_t grey_rgba(uint8_t v) {
  return kOpaque | uint32_t(v) * 0x010101u;
}

WS_HD uint32_t rgb_rgba(uint8_t r, uint8_t g, uint8_t b) {
  return kOpaque | uint32_t(b) << 16 | uint32_t(g) << 8 | uint32_t(r);
}

// Pixel `i` (= y * width + x) of planes of `plane_size` = width * height bytes each.
WS_HD uint32_t plane_pixel(const uint8_t* planes, int64_t plane_size, int channels, int64_t i) {
  return channels == 1 ? grey_rgba(planes[i])
                       : rgb_rgba(planes[i], planes[plane_size + i], planes[2 * plane_size + i]);
}

// The CPU path: packs `plane_size` pixels from `channels` (1 or 3) planes into `out`.
void pack_planes_host(const uint8_t* planes, int64_t plane_size, int channels, uint32_t* out);

}  // namespace ws::interop
