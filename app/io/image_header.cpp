#include "image_header.h"

#include <cstdlib>
#include <cstring>

#include "byte_order.h"

namespace ws::app {

namespace {

std::optional<HeaderSize> png_size(const unsigned char* d, size_t n) {
  if (n < 24 || std::memcmp(d, "\x89PNG\r\n\x1a\n", 8) != 0 || std::memcmp(d + 12, "IHDR", 4) != 0)
    return std::nullopt;
  return HeaderSize{be32(d + 16), be32(d + 20)};
}

// Walks the marker segments up to the first start-of-frame (SOF0..SOF15 but DHT, JPG and DAC).
std::optional<HeaderSize> jpeg_size(const unsigned char* d, size_t n) {
  if (n < 4 || d[0] != 0xFF || d[1] != 0xD8) return std::nullopt;
  size_t pos = 2;
  while (pos + 4 <= n) {
    if (d[pos] != 0xFF) return std::nullopt;
    const unsigned marker = d[pos + 1];
    if (marker == 0xFF) {  // fill byte
      ++pos;
      continue;
    }
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) {  // markers without a segment
      pos += 2;
      continue;
    }
    if (marker == 0xD9 || marker == 0xDA) return std::nullopt;  // end, or scan data before a SOF
    const size_t length = be16(d + pos + 2);
    const bool sof =
        marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (sof) {
      if (pos + 9 > n) return std::nullopt;
      return HeaderSize{be16(d + pos + 7), be16(d + pos + 5)};  // P, Y (height), X (width)
    }
    if (length < 2) return std::nullopt;
    pos += 2 + length;
  }
  return std::nullopt;
}

std::optional<HeaderSize> bmp_size(const unsigned char* d, size_t n) {
  if (n < 26 || d[0] != 'B' || d[1] != 'M') return std::nullopt;
  if (le32(d + 14) == 12) return HeaderSize{le16(d + 18), le16(d + 20)};  // OS/2 core header
  return HeaderSize{std::llabs(int64_t{le32(d + 18)}), std::llabs(int64_t{le32(d + 22)})};
}

}  // namespace

std::optional<HeaderSize> header_size(const unsigned char* data, size_t size) {
  if (auto s = png_size(data, size)) return s;
  if (auto s = jpeg_size(data, size)) return s;
  return bmp_size(data, size);
}

}  // namespace ws::app
