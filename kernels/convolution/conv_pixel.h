// One rule for both backends: how a float weighted sum becomes an 8-bit pixel (FilterSpec's post
// rule: |v| for edge detectors, sqrt(a^2 + b^2) for a magnitude, plus the bias, rounded half up,
// clamped to 0..255), and the ghost-cell index in device code. Host and device share these
// bodies (EXACT_FLOAT: no contraction), so the CPU and CUDA engines give the same bytes.
#pragma once

#include <cmath>
#include <cstdint>

#include "../common/host_device.h"

namespace ws::conv {

// Post: 0 none, 1 absolute, 2 magnitude (convolution.h).
WS_HD uint8_t to_pixel(float a, float b, int post, float bias) {
  float v = a;
  if (post == 1) v = fabsf(a);
  if (post == 2) v = sqrtf(a * a + b * b);
  v = floorf(v + bias + 0.5f);
  v = v < 0.0f ? 0.0f : v;
  v = v > 255.0f ? 255.0f : v;
  return static_cast<uint8_t>(v);
}

// ghost_index() for device code: boundary 0 zero (-1: no cell), 1 clamp, 2 mirror (reflect-101).
WS_HD int ghost_cell(int i, int n, int boundary) {
  if (i >= 0 && i < n) return i;
  if (boundary == 0) return -1;
  if (boundary == 1) return i < 0 ? 0 : n - 1;
  if (n == 1) return 0;
  const int period = 2 * (n - 1);
  int m = i % period;
  if (m < 0) m += period;
  return m < n ? m : period - m;
}

}  // namespace ws::conv
