// The CPU convolutions of conv_cpu.h. Each input row is first widened by its ghost cells (0 under
// Zero), then every tap is one pass over the row: acc[x] += w * line[x + i]. Each output still
// adds its taps in the variants' order (filter row j, then column i), so the values are those of
// convolve_float (a ghost cell of zero adds w * 0, which changes no sum), and the passes over x
// vectorize.
#include "conv_cpu.h"

#include <algorithm>
#include <cmath>

namespace ws::conv {

namespace {

// line[k] = row y's cell x = k - r through the boundary rule (0 for Zero's ghosts), k < w + 2r.
void widen(const float* in, int w, int y, int r, Boundary b, std::vector<float>& line) {
  line.resize(size_t(w) + 2 * size_t(r));
  const float* row = in + int64_t(y) * w;
  std::copy(row, row + w, line.begin() + r);
  for (int k = 0; k < r; ++k) {  // the ghost cells on both sides
    const int64_t left = ghost_index(k - r, w, b), right = ghost_index(w + k, w, b);
    line[size_t(k)] = left < 0 ? 0.0f : row[left];
    line[size_t(w + r + k)] = right < 0 ? 0.0f : row[right];
  }
}

// acc[x] += wi * src[x], every x, fused: one rounding per element as the GPU's __fmaf_rn. On a
// processor with FMA instructions the loop vectorizes to them; elsewhere std::fma (the same
// values, in software).
#if defined(__x86_64__)
[[gnu::target("fma")]] void fused_row_fma(float wi, const float* src, int w, float* acc) {
  for (int x = 0; x < w; ++x) acc[x] = __builtin_fmaf(wi, src[x], acc[x]);
}
#endif
void fused_row(float wi, const float* src, int w, float* acc) {
#if defined(__x86_64__)
  static const bool has_fma = __builtin_cpu_supports("fma");
  if (has_fma) return fused_row_fma(wi, src, w, acc);
#endif
  for (int x = 0; x < w; ++x) acc[x] = std::fma(wi, src[x], acc[x]);
}

// acc[x] += wi * src[x], every x, rounded as `rounding` says.
void add_row(float wi, const float* src, int w, float* acc, Rounding rounding) {
  if (rounding == Rounding::Fused) return fused_row(wi, src, w, acc);
  for (int x = 0; x < w; ++x) acc[x] += wi * src[x];
}

// acc[x] += weights[i] * line[x + i] for i in order, every x.
void add_taps(const float* weights, int taps, const std::vector<float>& line, int w, float* acc,
              Rounding rounding) {
  for (int i = 0; i < taps; ++i) add_row(weights[i], line.data() + i, w, acc, rounding);
}

}  // namespace

void convolve_rows(const float* in, int w, int h, const Filter& f, Boundary b, int y0, int y1,
                   float* out, Rounding rounding) {
  const int rx = f.radius_x(), ry = f.radius_y();
  std::vector<float> line;
  for (int y = y0; y < y1; ++y) {
    float* acc = out + int64_t(y) * w;
    std::fill(acc, acc + w, 0.0f);
    for (int j = 0; j < f.height; ++j) {
      const int64_t row = ghost_index(y - ry + j, h, b);
      if (row < 0) continue;  // a row of Zero's ghosts adds nothing
      widen(in, w, int(row), rx, b, line);
      add_taps(f.weights.data() + size_t(j) * f.width, f.width, line, w, acc, rounding);
    }
  }
}

void row_pass(const float* in, int w, int, const std::vector<float>& row, Boundary b, int y0,
              int y1, float* rows, Rounding rounding) {
  const int rx = int(row.size()) / 2;
  std::vector<float> line;
  for (int y = y0; y < y1; ++y) {
    float* acc = rows + int64_t(y) * w;
    std::fill(acc, acc + w, 0.0f);
    widen(in, w, y, rx, b, line);
    add_taps(row.data(), int(row.size()), line, w, acc, rounding);
  }
}

void column_pass(const float* rows, int w, int h, const std::vector<float>& column, Boundary b,
                 int y0, int y1, float* out, Rounding rounding) {
  const int ry = int(column.size()) / 2;
  for (int y = y0; y < y1; ++y) {
    float* acc = out + int64_t(y) * w;
    std::fill(acc, acc + w, 0.0f);
    for (size_t j = 0; j < column.size(); ++j) {
      const int64_t row = ghost_index(y - ry + int64_t(j), h, b);
      if (row < 0) continue;
      add_row(column[j], rows + row * w, w, acc, rounding);
    }
  }
}

std::vector<float> convolve_fast_cpu(const Plane& in, const Filter& f, Boundary b) {
  std::vector<float> out(size_t(in.size()));
  if (const auto split = separate(f)) {
    std::vector<float> rows(size_t(in.size()));
    row_pass(in.values.data(), in.width, in.height, split->row, b, 0, in.height, rows.data(),
             Rounding::Fused);
    column_pass(rows.data(), in.width, in.height, split->column, b, 0, in.height, out.data(),
                Rounding::Fused);
  } else {
    convolve_rows(in.values.data(), in.width, in.height, f, b, 0, in.height, out.data(),
                  Rounding::Fused);
  }
  return out;
}

}  // namespace ws::conv
