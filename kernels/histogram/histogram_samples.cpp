// Samples for the histogram (histogram.h): the textbook's text, typed values, seeded synthetic data
// (one formula with the device generator: histogram_synthetic.h) and the data's own range.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <thread>

#include "../common/error.h"
#include "histogram.h"
#include "histogram_synthetic.h"
#include "common/hardware_threads.h"

namespace ws::histogram {
namespace {

bool separator(char c) {
  return c == ',' || std::isspace(static_cast<unsigned char>(c));
}

void check_sample_count(int64_t n) {
  if (n < 0 || n > kMaxSamples)
    throw Error("samples: expected 0.." + std::to_string(kMaxSamples) + ", got " +
                std::to_string(n));
}

}  // namespace

Samples text_samples(const std::string& text) {
  if (text.empty()) throw Error("the text is empty; type a few words or open a text file");
  Samples s;
  s.type = SampleType::F32;
  s.f32.reserve(text.size());
  for (char c : text) {
    unsigned char byte = static_cast<unsigned char>(c);
    if (byte >= 'A' && byte <= 'Z') byte = static_cast<unsigned char>(byte - 'A' + 'a');
    s.f32.push_back(float(byte));
  }
  return s;
}

Samples parse_samples(const std::string& text) {
  Samples s;
  s.type = SampleType::F32;
  size_t i = 0;
  int index = 0;
  while (i < text.size()) {
    if (separator(text[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && !separator(text[end])) ++end;
    const std::string token = text.substr(i, end - i);
    ++index;
    char* stop = nullptr;
    errno = 0;
    const double v = std::strtod(token.c_str(), &stop);
    const std::string where = "value " + std::to_string(index) + " '" + token + "' (at character " +
                              std::to_string(i + 1) + ")";
    if (!stop || *stop != '\0') throw Error(where + " is not a number");
    if (!std::isfinite(float(v)) || !std::isfinite(v))
      throw Error(where + " is not a finite float32 number (|x| up to about 3.4e38)");
    s.f32.push_back(float(v));
    i = end;
  }
  if (s.f32.empty())
    throw Error("no numbers in the values; type numbers separated by spaces or commas");
  return s;
}

bool parse_dist(const std::string& text, Dist& out, double& skew) {
  for (Dist d : {Dist::Uniform, Dist::Normal, Dist::Zipf, Dist::AllEqual, Dist::Sorted})
    if (text == dist_name(d)) {
      out = d;  // "zipf" alone keeps the caller's skew
      return true;
    }
  const std::string prefix = "zipf:";
  if (text.compare(0, prefix.size(), prefix) != 0 || text.size() == prefix.size()) return false;
  const std::string number = text.substr(prefix.size());
  char* stop = nullptr;
  const double v = std::strtod(number.c_str(), &stop);
  if (!stop || *stop != '\0' || !std::isfinite(v) || v < 0 || v > 10) return false;
  out = Dist::Zipf;
  skew = v;
  return true;
}

std::vector<double> zipf_cdf(int count, double skew) {
  if (count < 1 || count > kMaxBins)
    throw Error("bins: expected 1.." + std::to_string(kMaxBins) + ", got " + std::to_string(count));
  if (!(std::isfinite(skew) && skew >= 0 && skew <= 10))
    throw Error("zipf skew: expected a number from 0 to 10, got " + std::to_string(skew));
  std::vector<double> cdf(static_cast<size_t>(count));
  double sum = 0;
  for (int k = 0; k < count; ++k) {
    sum += std::pow(double(k + 1), -skew);
    cdf[size_t(k)] = sum;
  }
  for (double& c : cdf) c /= sum;
  cdf.back() = 1.0;
  return cdf;
}

void synthetic_into(Dist d, double skew, int64_t n, uint64_t seed, const BinSpec& bins,
                    float* out) {
  check_sample_count(n);
  validate(bins);
  SyntheticPlan plan;
  plan.dist = d;
  plan.bins = bins;
  plan.n = n;
  plan.seed = seed;
  const std::vector<double> cdf =
      d == Dist::Zipf ? zipf_cdf(bins.count, skew) : std::vector<double>{1.0};
  // Every sample depends on its index alone: benchmark sizes split over the cores.
  const auto fill = [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) out[i] = synthetic_sample(plan, cdf.data(), i);
  };
  const int64_t threads =
      n < (int64_t{1} << 20) ? 1 : std::clamp<int64_t>(ws::hardware_threads(), 1, 16);
  std::vector<std::thread> workers;
  for (int64_t t = 1; t < threads; ++t)
    workers.emplace_back(fill, n * t / threads, n * (t + 1) / threads);
  fill(0, n / threads);
  for (std::thread& w : workers) w.join();
}

Samples synthetic(Dist d, double skew, int64_t n, uint64_t seed, const BinSpec& bins) {
  check_sample_count(n);
  Samples s;
  s.type = SampleType::F32;
  s.f32.resize(size_t(n));
  synthetic_into(d, skew, n, seed, bins, s.f32.data());
  return s;
}

void sample_range(const Samples& s, double& lo, double& hi) {
  if (s.size() == 0) throw Error("there are no samples to take a range from");
  double mn = std::numeric_limits<double>::infinity(), mx = -mn;
  if (s.type == SampleType::U8) {
    const auto [a, b] = std::minmax_element(s.u8.begin(), s.u8.end());
    mn = *a;
    mx = *b;
  } else {
    for (float v : s.f32)
      if (std::isfinite(v)) {
        mn = std::min(mn, double(v));
        mx = std::max(mx, double(v));
      }
  }
  if (!(mn <= mx)) throw Error("no sample is a finite number: no range from the data");
  lo = mn;
  hi = mx;
}

}  // namespace ws::histogram
