#include "float_orders.h"

#include <algorithm>
#include <numeric>

namespace ws::reduce {

namespace {

float pairwise(const std::vector<float>& v, size_t begin, size_t end) {
  if (end - begin == 1) return v[begin];
  const size_t half = begin + (end - begin + 1) / 2;
  return pairwise(v, begin, half) + pairwise(v, half, end);
}

}  // namespace

FloatOrderLesson float_order_lesson(const std::vector<double>& values, int block, uint64_t seed) {
  FloatOrderLesson lesson;
  std::vector<float> v(values.begin(), values.end());
  for (float x : v) lesson.reference += static_cast<double>(x);
  auto add = [&](const char* order, const char* how, float value) {
    lesson.sums.push_back({order, how, value, static_cast<double>(value) - lesson.reference});
  };
  if (v.empty()) return lesson;

  float serial = 0;
  for (float x : v) serial += x;
  add("serial", "left to right, one running float sum", serial);
  add("tree", "pairwise halves (a generic tree; 'this run' is the variant's own order)",
      pairwise(v, 0, v.size()));

  // Each block sums its slice as a tree; the block results arrive at the atomic in random order.
  const size_t span = static_cast<size_t>(std::max(1, block));
  std::vector<float> partials;
  for (size_t b = 0; b < v.size(); b += span)
    partials.push_back(pairwise(v, b, std::min(v.size(), b + span)));
  uint64_t state = seed * 0x9E3779B97F4A7C15ull + 1;
  for (size_t i = partials.size(); i > 1; --i) {  // Fisher-Yates with a tiny LCG: portable
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    std::swap(partials[i - 1], partials[(state >> 33) % i]);
  }
  float atomic_total = 0;
  for (float p : partials) atomic_total += p;
  add("atomic", "block trees, then atomicAdd in arrival order", atomic_total);

  float sum = 0, compensation = 0;  // Kahan: carry the rounding error of each add forward
  for (float x : v) {
    const float y = x - compensation;
    const float t = sum + y;
    compensation = (t - sum) - y;
    sum = t;
  }
  add("kahan", "serial with Kahan compensation", sum);
  return lesson;
}

}  // namespace ws::reduce
