// The references every variant is checked against: the exact convolution in double precision,
// and the float one in the variants' tap order (row j, then column i), which variants 1-4 match
// bit for bit.
#include "../common/error.h"
#include "convolution.h"

namespace ws::conv {

namespace {

void check_plane(const Plane& in) {
  if (in.width < 1 || in.height < 1 || int64_t(in.values.size()) != in.size())
    throw Error("convolution: the input is " + std::to_string(in.width) + " x " +
                std::to_string(in.height) + " with " + std::to_string(in.values.size()) +
                " values; give at least 1 x 1 and one value per cell");
}

// out[y w + x] = sum over the taps in order, in Acc (double or float); ghost cells of Zero
// contribute nothing (they are not read).
template <class Acc>
std::vector<Acc> convolve(const Plane& in, const Filter& f, Boundary b) {
  check_plane(in);
  validate(f);
  const int w = in.width, h = in.height, rx = f.radius_x(), ry = f.radius_y();
  std::vector<Acc> out(size_t(in.size()));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      Acc sum = 0;
      for (int j = 0; j < f.height; ++j) {
        const int64_t row = ghost_index(y - ry + j, h, b);
        for (int i = 0; i < f.width; ++i) {
          const int64_t col = ghost_index(x - rx + i, w, b);
          if (row < 0 || col < 0) continue;
          sum += Acc(f.weights[size_t(j) * f.width + i]) * Acc(in.values[size_t(row * w + col)]);
        }
      }
      out[size_t(y) * w + x] = sum;
    }
  return out;
}

}  // namespace

std::vector<double> convolve_reference(const Plane& in, const Filter& f, Boundary b) {
  return convolve<double>(in, f, b);
}

std::vector<float> convolve_float(const Plane& in, const Filter& f, Boundary b) {
  return convolve<float>(in, f, b);
}

}  // namespace ws::conv
