// The sequential histogram (variant 1), the reference every other variant and backend is checked
// against: one loop, counts[bin_of(x)]++ for every sample in [lo, hi). Work n, steps n.
#include "histogram.h"

namespace ws::histogram {

std::vector<uint32_t> histogram_reference(const Samples& s, const BinSpec& b) {
  validate(b);
  std::vector<uint32_t> counts(size_t(b.count), 0);
  if (s.type == SampleType::U8) {
    // 256 possible values: the bin of each once, then one lookup per sample (same bin_of).
    int bin[256];
    for (int v = 0; v < 256; ++v) bin[v] = bin_of(float(v), b);
    for (uint8_t v : s.u8)
      if (bin[v] >= 0) ++counts[size_t(bin[v])];
  } else {
    for (float x : s.f32) {
      const int k = bin_of(x, b);
      if (k >= 0) ++counts[size_t(k)];
    }
  }
  return counts;
}

int64_t in_range(const std::vector<uint32_t>& counts) {
  int64_t total = 0;
  for (uint32_t c : counts) total += c;
  return total;
}

}  // namespace ws::histogram
