// Reading fixed-width integers from file headers: big-endian (PNG, JPEG) and little-endian (BMP).
// The caller checks that the bytes are there.
#pragma once

#include <cstdint>

namespace ws::app {

inline uint32_t be16(const unsigned char* p) {
  return uint32_t(p[0]) << 8 | p[1];
}
inline uint32_t be32(const unsigned char* p) {
  return be16(p) << 16 | be16(p + 2);
}
inline uint32_t le16(const unsigned char* p) {
  return uint32_t(p[1]) << 8 | p[0];
}
// Two's complement, as BMP stores its signed fields.
inline int32_t le32(const unsigned char* p) {
  return static_cast<int32_t>(le16(p + 2) << 16 | le16(p));
}

}  // namespace ws::app
