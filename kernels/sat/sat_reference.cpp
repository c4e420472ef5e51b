// The CPU references every variant is checked against: the exact double table, the sequential
// table in the accumulation type, the row scans, and the four-look-up rectangle sum.
#include <algorithm>
#include <cmath>

#include "../common/error.h"
#include "sat.h"

namespace ws::sat {

std::vector<double> row_scans_reference(const Plane& p) {
  std::vector<double> out(p.values.begin(), p.values.end());
  for (int y = 0; y < p.height; ++y)
    for (int x = 1; x < p.width; ++x)
      out[size_t(y) * p.width + x] += out[size_t(y) * p.width + x - 1];
  return out;
}

std::vector<double> sat_reference(const Plane& p) {
  std::vector<double> out = row_scans_reference(p);
  for (int y = 1; y < p.height; ++y)
    for (int x = 0; x < p.width; ++x)
      out[size_t(y) * p.width + x] += out[size_t(y - 1) * p.width + x];
  return out;
}

namespace {

template <class T>
std::vector<double> sequential(const Plane& p) {
  std::vector<T> t(p.values.size());
  for (size_t i = 0; i < t.size(); ++i) t[i] = static_cast<T>(p.values[i]);
  for (int y = 0; y < p.height; ++y)
    for (int x = 1; x < p.width; ++x)
      t[size_t(y) * p.width + x] = T(t[size_t(y) * p.width + x] + t[size_t(y) * p.width + x - 1]);
  for (int y = 1; y < p.height; ++y)
    for (int x = 0; x < p.width; ++x)
      t[size_t(y) * p.width + x] = T(t[size_t(y) * p.width + x] + t[size_t(y - 1) * p.width + x]);
  return std::vector<double>(t.begin(), t.end());
}

}  // namespace

std::vector<double> sat_sequential(const Plane& p, Accum a) {
  switch (a) {
    case Accum::U8U32:
      return sequential<uint32_t>(p);
    case Accum::F32F32:
      return sequential<float>(p);
    case Accum::F32F64:
      return sequential<double>(p);
  }
  return {};
}

double rect_sum(const std::vector<double>& table, int width, int height, Accum a, int x0, int y0,
                int x1, int y1) {
  WS_REQUIRE(int64_t(table.size()) == int64_t(width) * height,
             std::string("rect_sum: the table does not match the image size"));
  x0 = std::max(x0, 0);
  y0 = std::max(y0, 0);
  x1 = std::min(x1, width - 1);
  y1 = std::min(y1, height - 1);
  if (x0 > x1 || y0 > y1) return 0;
  auto at = [&](int x, int y) { return x < 0 || y < 0 ? 0.0 : table[size_t(y) * width + x]; };
  const double d = at(x1, y1), b = at(x1, y0 - 1), c = at(x0 - 1, y1), corner = at(x0 - 1, y0 - 1);
  if (a == Accum::U8U32) {
    const uint32_t s = uint32_t(d) - uint32_t(b) - uint32_t(c) + uint32_t(corner);
    return double(s);
  }
  return d - b - c + corner;
}

}  // namespace ws::sat
