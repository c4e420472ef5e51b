// The named filters a user picks by name (box, gaussian, sharpen, emboss, sobel, laplacian,
// motion) at a radius, in 1D or 2D.
#include <cmath>
#include <string>

#include "../common/error.h"
#include "convolution.h"

namespace ws::conv {

namespace {

using Weights = std::vector<double>;

// Row n of Pascal's triangle: n + 1 binomial weights (the discrete Gaussian's smoothing).
Weights binomial(int n) {
  Weights w{1.0};
  for (int k = 0; k < n; ++k) {
    Weights next(w.size() + 1, 0.0);
    for (size_t i = 0; i < w.size(); ++i) {
      next[i] += w[i];
      next[i + 1] += w[i];
    }
    w = next;
  }
  return w;
}

// a (full convolution) b: |a| + |b| - 1 weights.
Weights convolve_1d(const Weights& a, const Weights& b) {
  Weights out(a.size() + b.size() - 1, 0.0);
  for (size_t i = 0; i < a.size(); ++i)
    for (size_t k = 0; k < b.size(); ++k) out[i + k] += a[i] * b[k];
  return out;
}

Weights normalized(Weights w) {
  double sum = 0;
  for (double v : w) sum += v;
  for (double& v : w) v /= sum;
  return w;
}

Filter row_filter(const Weights& w) {
  Filter f;
  f.width = int(w.size());
  f.height = 1;
  for (double v : w) f.weights.push_back(float(v));
  return f;
}

// column[j] * row[i].
Filter outer(const Weights& column, const Weights& row) {
  Filter f;
  f.width = int(row.size());
  f.height = int(column.size());
  for (double c : column)
    for (double r : row) f.weights.push_back(float(c * r));
  return f;
}

// A 3 x 3 kernel in the middle of a (2r+1)^2 filter of zeros.
Filter padded3(const double (&k)[3][3], int r) {
  const int side = 2 * r + 1;
  Filter f;
  f.width = f.height = side;
  f.weights.assign(size_t(side) * side, 0.0f);
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i) f.weights[size_t(r - 1 + j) * side + (r - 1 + i)] = float(k[j][i]);
  return f;
}

Weights gaussian_weights(int r, double sigma) {
  Weights w;
  for (int x = -r; x <= r; ++x) w.push_back(std::exp(-double(x) * x / (2 * sigma * sigma)));
  return normalized(w);
}

// The derivative of radius r: binomial smoothing of [-1 0 1] (r = 1: [-1 0 1]).
Weights derivative(int r) {
  return convolve_1d(binomial(2 * r - 2), {-1.0, 0.0, 1.0});
}
// The second derivative of radius r: binomial smoothing of [1 -2 1].
Weights second_derivative(int r) {
  return convolve_1d(binomial(2 * r - 2), {1.0, -2.0, 1.0});
}

std::string names_list() {
  std::string list;
  for (const std::string& n : filter_names()) list += (list.empty() ? "" : ", ") + n;
  return list;
}

FilterSpec spec_of(const std::string& name, Filter f, Post post = Post::None, float bias = 0) {
  FilterSpec s;
  s.name = name;
  s.filter = std::move(f);
  s.post = post;
  s.bias = bias;
  return s;
}

FilterSpec named_1d(const std::string& name, int r, double sigma) {
  const int d = r < 1 ? 1 : r;  // the derivatives need a neighbour on each side
  if (name == "box" || name == "motion")
    return spec_of(name, row_filter(Weights(size_t(2 * r + 1), 1.0 / (2 * r + 1))));
  if (name == "gaussian") return spec_of(name, row_filter(gaussian_weights(r, sigma)));
  if (name == "sobel-x") return spec_of(name, row_filter(derivative(d)), Post::Absolute);
  if (name == "laplacian") return spec_of(name, row_filter(second_derivative(d)), Post::Absolute);
  if (name == "sharpen") {
    Weights w(size_t(2 * d + 1), 0.0);
    w[size_t(d - 1)] = w[size_t(d + 1)] = -1.0;
    w[size_t(d)] = 3.0;
    return spec_of(name, row_filter(w));
  }
  throw Error("filter '" + name +
              "' has no 1D form; 1D filters: box, gaussian, motion, sobel-x, laplacian, sharpen");
}

FilterSpec named_2d(const std::string& name, int r, double sigma) {
  const int d = r < 1 ? 1 : r;
  const int side = 2 * r + 1;
  if (name == "box") {
    const Weights w(size_t(side), 1.0 / side);
    return spec_of(name, outer(w, w));
  }
  if (name == "gaussian") {
    const Weights w = gaussian_weights(r, sigma);
    return spec_of(name, outer(w, w));
  }
  if (name == "motion") {
    Filter f;
    f.width = f.height = side;
    f.weights.assign(size_t(side) * side, 0.0f);
    for (int k = 0; k < side; ++k) f.weights[size_t(k) * side + k] = 1.0f / float(side);
    return spec_of(name, f);
  }
  if (name == "sharpen") {
    static const double k[3][3] = {{0, -1, 0}, {-1, 5, -1}, {0, -1, 0}};
    return spec_of(name, padded3(k, d));
  }
  if (name == "emboss") {
    static const double k[3][3] = {{-2, -1, 0}, {-1, 1, 1}, {0, 1, 2}};
    return spec_of(name, padded3(k, d), Post::None, 128.0f);
  }
  const Weights smooth = binomial(2 * d);
  if (name == "sobel-x") return spec_of(name, outer(smooth, derivative(d)), Post::Absolute);
  if (name == "sobel-y") return spec_of(name, outer(derivative(d), smooth), Post::Absolute);
  if (name == "sobel") {
    FilterSpec s = spec_of(name, outer(smooth, derivative(d)), Post::Magnitude);
    s.second = outer(derivative(d), smooth);
    return s;
  }
  if (name == "laplacian") {
    if (d == 1) {
      static const double k[3][3] = {{0, 1, 0}, {1, -4, 1}, {0, 1, 0}};
      return spec_of(name, padded3(k, 1), Post::Absolute);
    }
    // d2/dx2 smoothed in y plus d2/dy2 smoothed in x.
    Filter a = outer(smooth, second_derivative(d)), b = outer(second_derivative(d), smooth);
    for (size_t k = 0; k < a.weights.size(); ++k) a.weights[k] += b.weights[k];
    return spec_of(name, a, Post::Absolute);
  }
  throw Error("unknown filter '" + name + "'; the named filters are " + names_list() +
              ", or give the weights");
}

}  // namespace

const std::vector<std::string>& filter_names() {
  static const std::vector<std::string> names = {
      "box", "gaussian", "sharpen", "emboss", "sobel-x", "sobel-y", "sobel", "laplacian", "motion"};
  return names;
}

FilterSpec named_filter(const std::string& name, int radius, double sigma, int dims) {
  bool known = false;
  for (const std::string& n : filter_names()) known = known || n == name;
  if (!known)
    throw Error("unknown filter '" + name + "'; the named filters are " + names_list() +
                ", or give the weights");
  if (radius < 0 || radius > kMaxRadius)
    throw Error("filter radius " + std::to_string(radius) + " is out of range; 0.." +
                std::to_string(kMaxRadius) + " are accepted");
  if (!std::isfinite(sigma) || sigma < 0)
    throw Error("gaussian sigma must be a positive number (0: radius / 2), not " +
                std::to_string(sigma));
  if (dims != 1 && dims != 2)
    throw Error("a filter has 1 or 2 dimensions, not " + std::to_string(dims));
  if (sigma == 0) sigma = radius / 2.0 < 0.5 ? 0.5 : radius / 2.0;
  FilterSpec s = dims == 1 ? named_1d(name, radius, sigma) : named_2d(name, radius, sigma);
  validate(s.filter);
  if (s.second) validate(*s.second);
  return s;
}

}  // namespace ws::conv
