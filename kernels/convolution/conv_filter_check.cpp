// validate(): what makes a filter usable, with the messages a user sees; separate(): the rank-1
// split the fast variant runs as two 1D passes.
#include <algorithm>
#include <cmath>
#include <string>

#include "../common/error.h"
#include "convolution.h"

namespace ws::conv {

namespace {

void check_side(int side, const char* what) {
  const int max_side = 2 * kMaxRadius + 1;
  if (side < 1 || side % 2 == 0)
    throw Error("a filter needs a centre: " + std::to_string(side) + " " + what +
                "; give an odd count, 1.." + std::to_string(max_side));
  if (side > max_side)
    throw Error("a filter of " + std::to_string(side) + " " + what + " is too large; 1.." +
                std::to_string(max_side) + " are accepted (radius 0.." +
                std::to_string(kMaxRadius) + ")");
}

}  // namespace

void validate(const Filter& f) {
  check_side(f.width, "weights in a row");
  check_side(f.height, "rows");
  if (int64_t(f.weights.size()) != f.taps())
    throw Error("the filter has " + std::to_string(f.weights.size()) + " weights; a " +
                std::to_string(f.width) + " x " + std::to_string(f.height) + " filter needs " +
                std::to_string(f.taps()));
  for (size_t k = 0; k < f.weights.size(); ++k)
    if (!std::isfinite(f.weights[k]))
      throw Error("filter weight " + std::to_string(k + 1) + " is not a finite number");
}

std::optional<Separable> separate(const Filter& f) {
  validate(f);
  Separable s;
  if (f.is_1d()) {
    s.row = f.weights;
    s.column = {1.0f};
    return s;
  }
  // Pivot on the largest weight: column[j] = F[j][q] / F[p][q], row[i] = F[p][i].
  size_t pivot = 0;
  for (size_t k = 1; k < f.weights.size(); ++k)
    if (std::fabs(f.weights[k]) > std::fabs(f.weights[pivot])) pivot = k;
  const int p = int(pivot) / f.width, q = int(pivot) % f.width;
  const double largest = std::fabs(f.weights[pivot]);
  s.row.assign(f.weights.begin() + ptrdiff_t(p) * f.width,
               f.weights.begin() + ptrdiff_t(p + 1) * f.width);
  s.column.assign(size_t(f.height), 0.0f);
  if (largest == 0) {
    s.column[size_t(f.height / 2)] = 1.0f;
    return s;
  }
  for (int j = 0; j < f.height; ++j)
    s.column[size_t(j)] = float(double(f.weights[size_t(j) * f.width + q]) / f.weights[pivot]);
  for (int j = 0; j < f.height; ++j)
    for (int i = 0; i < f.width; ++i) {
      const double product = double(s.column[size_t(j)]) * s.row[size_t(i)];
      if (std::fabs(product - f.weights[size_t(j) * f.width + i]) > 1e-5 * largest)
        return std::nullopt;
    }
  return s;
}

}  // namespace ws::conv
