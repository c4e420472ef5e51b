#include "image_sanity.h"

#include <cstdint>
#include <cstring>

#include "byte_order.h"

namespace ws::app {

namespace {

// The tables of a DHT segment whose length field is at `p`, read like stb_image 2.27 reads them:
// table after table while the segment's length lasts, bytes past the end of the file as zeros.
bool dht_too_long(const unsigned char* d, size_t n, size_t p) {
  int64_t left = int64_t{be16(d + p)} - 2;
  p += 2;
  while (left > 0) {
    const auto byte = [&](size_t i) { return i < n ? d[i] : 0; };
    const unsigned q = byte(p);
    if ((q >> 4) > 1 || (q & 15) > 3) return false;  // stb_image refuses the table itself
    int64_t codes = 0;
    for (size_t i = 1; i <= 16; ++i) codes += byte(p + i);
    if (codes > 256) return true;
    p += 17 + static_cast<size_t>(codes);
    left -= 17 + codes;
  }
  return false;
}

}  // namespace

bool png_chunk_runs_past_end(const unsigned char* d, size_t n) {
  if (n < 8 || std::memcmp(d, "\x89PNG\r\n\x1a\n", 8) != 0) return false;
  size_t pos = 8;
  while (pos + 8 <= n) {
    const uint64_t length = be32(d + pos);
    if (length + 12 > n - pos) return true;  // length, type, data, CRC
    if (std::memcmp(d + pos + 4, "IEND", 4) == 0) return false;
    pos += 12 + length;
  }
  return pos < n;  // a chunk header cut short
}

// Walks every marker: segments by their lengths, entropy-coded data byte by byte up to the next
// marker (0xFF followed by anything but 0x00, a restart marker or fill).
bool jpeg_huffman_table_too_long(const unsigned char* d, size_t n) {
  if (n < 2 || d[0] != 0xFF || d[1] != 0xD8) return false;
  size_t pos = 2;
  while (pos + 1 < n) {
    if (d[pos] != 0xFF) {
      ++pos;
      continue;
    }
    const unsigned marker = d[pos + 1];
    if (marker == 0xFF) {
      ++pos;
      continue;
    }
    if (marker == 0x00 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) {
      pos += 2;  // stuffed byte, TEM, restart, SOI: no segment
      continue;
    }
    if (marker == 0xD9) return false;  // end of image
    if (pos + 4 > n) return false;
    if (marker == 0xC4 && dht_too_long(d, n, pos + 2)) return true;
    pos += 2 + be16(d + pos + 2);
  }
  return false;
}

}  // namespace ws::app
