// Histogram equalization's lookup table (histogram.h): the cumulative histogram (an inclusive
// scan of the 256 counts) stretched so the darkest value present maps to 0 and the brightest to
// 255. In integers, exactly: lut[v] = round((cdf[v] - cdf_min) * 255 / (total - cdf_min)), halves
// rounded up, computed as ((cdf[v] - cdf_min) * 510 + d) / (2 d) with d = total - cdf_min in
// 64 bits (the device side can repeat it bit for bit). Values below the darkest one present map
// to 0. Work 256, steps 256 (the scan scene's kernels do the scan on the device).
#include <string>

#include "../common/error.h"
#include "histogram.h"

namespace ws::histogram {

std::vector<uint8_t> equalization_lut(const std::vector<uint32_t>& counts) {
  if (counts.size() != 256)
    throw Error("equalization needs the 256 counts of an 8-bit channel, got " +
                std::to_string(counts.size()));
  std::vector<int64_t> cdf(256);
  int64_t running = 0;
  for (int v = 0; v < 256; ++v) cdf[size_t(v)] = running += counts[size_t(v)];
  return equalization_lut_from_cdf(cdf);
}

std::vector<uint8_t> equalization_lut_from_cdf(const std::vector<int64_t>& cdf) {
  if (cdf.size() != 256)
    throw Error(
        "equalization needs the cumulative histogram of an 8-bit channel (256 values), got " +
        std::to_string(cdf.size()));
  uint64_t cdf_min = 0;
  for (int64_t c : cdf)
    if (c > 0) {
      cdf_min = uint64_t(c);  // the first nonzero value of the scan
      break;
    }
  std::vector<uint8_t> lut(256);
  const uint64_t total = uint64_t(cdf.back());
  const uint64_t d = total - cdf_min;
  for (int v = 0; v < 256; ++v) {
    if (d == 0) {  // every pixel has one value (or there are none): nothing to stretch
      lut[size_t(v)] = uint8_t(v);
      continue;
    }
    const uint64_t c = uint64_t(cdf[size_t(v)]);
    const uint64_t above = c > cdf_min ? c - cdf_min : 0;
    lut[size_t(v)] = uint8_t((above * 510 + d) / (2 * d));
  }
  return lut;
}

}  // namespace ws::histogram
