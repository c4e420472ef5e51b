// The pixel size an image file's header claims, read without decoding anything: PNG (IHDR), JPEG
// (the first SOF segment) and BMP. For messages about files that stb_image refuses as too large
// to decode, which then reports no size of its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace ws::app {

struct HeaderSize {
  int64_t width = 0, height = 0;
};

// nullopt when the bytes are not one of those formats or the header is cut short.
std::optional<HeaderSize> header_size(const unsigned char* data, size_t size);

}  // namespace ws::app
