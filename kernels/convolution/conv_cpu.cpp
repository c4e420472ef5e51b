// The CPU convolutions of conv_cpu.h.
#include "conv_cpu.h"

namespace ws::conv {

void convolve_rows(const float* in, int w, int h, const Filter& f, Boundary b, int y0, int y1,
                   float* out) {
  const int rx = f.radius_x(), ry = f.radius_y();
  std::vector<int64_t> cols(size_t(w) + 2 * size_t(rx));  // ghost_index of x - rx .. x + rx
  for (int x = -rx; x < w + rx; ++x) cols[size_t(x + rx)] = ghost_index(x, w, b);
  for (int y = y0; y < y1; ++y)
    for (int x = 0; x < w; ++x) {
      float sum = 0.0f;
      for (int j = 0; j < f.height; ++j) {
        const int64_t row = ghost_index(y - ry + j, h, b);
        if (row < 0) continue;
        const float* line = in + row * w;
        const float* weights = f.weights.data() + size_t(j) * f.width;
        for (int i = 0; i < f.width; ++i) {
          const int64_t col = cols[size_t(x + i)];
          if (col >= 0) sum += weights[i] * line[col];
        }
      }
      out[size_t(y) * w + x] = sum;
    }
}

void row_pass(const float* in, int w, int, const std::vector<float>& row, Boundary b, int y0,
              int y1, float* rows) {
  const int rx = int(row.size()) / 2;
  std::vector<int64_t> cols(size_t(w) + 2 * size_t(rx));
  for (int x = -rx; x < w + rx; ++x) cols[size_t(x + rx)] = ghost_index(x, w, b);
  for (int y = y0; y < y1; ++y) {
    const float* line = in + int64_t(y) * w;
    for (int x = 0; x < w; ++x) {
      float sum = 0.0f;
      for (size_t i = 0; i < row.size(); ++i) {
        const int64_t col = cols[size_t(x) + i];
        if (col >= 0) sum += row[i] * line[col];
      }
      rows[size_t(y) * w + x] = sum;
    }
  }
}

void column_pass(const float* rows, int w, int h, const std::vector<float>& column, Boundary b,
                 int y0, int y1, float* out) {
  const int ry = int(column.size()) / 2;
  for (int y = y0; y < y1; ++y)
    for (int x = 0; x < w; ++x) {
      float sum = 0.0f;
      for (size_t j = 0; j < column.size(); ++j) {
        const int64_t row = ghost_index(y - ry + int64_t(j), h, b);
        if (row >= 0) sum += column[j] * rows[row * w + x];
      }
      out[size_t(y) * w + x] = sum;
    }
}

std::vector<float> convolve_fast_cpu(const Plane& in, const Filter& f, Boundary b) {
  std::vector<float> out(size_t(in.size()));
  if (const auto split = separate(f)) {
    std::vector<float> rows(size_t(in.size()));
    row_pass(in.values.data(), in.width, in.height, split->row, b, 0, in.height, rows.data());
    column_pass(rows.data(), in.width, in.height, split->column, b, 0, in.height, out.data());
  } else {
    convolve_rows(in.values.data(), in.width, in.height, f, b, 0, in.height, out.data());
  }
  return out;
}

}  // namespace ws::conv
