#include "stb_decoder.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

// A private copy of stb_image: static functions, its own options, no clash with libstb.
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_ONLY_JPEG
#define STBI_ONLY_BMP
#define STBI_ONLY_TGA
#define STBI_ONLY_PNM
#define STBI_NO_STDIO
#define STBI_MALLOC(size) std::calloc(1, size)
#define STBI_REALLOC(p, size) std::realloc(p, size)  // only grows buffers that are then filled
#define STBI_FREE(p) std::free(p)
#include <stb/stb_image.h>

namespace ws::app::stb {

namespace {

constexpr int kRefillSize = 128;  // stb_image's own read-ahead buffer: short reads there are normal

struct Reader {
  const unsigned char* data;
  size_t size, pos;
  bool read_past_end;
  const std::function<bool(size_t)>* on_read;
  bool stopped;
};

// Serves the file and flags a request it cannot fill, unless that was the read-ahead: stb_image
// 2.27 ignores a short read of pixel data in its PGM/PPM and raw TGA decoders (the buffer stays
// zeroed, from calloc).
int read(void* user, char* out, int n) {
  auto* r = static_cast<Reader*>(user);
  if (r->stopped || (*r->on_read && !(*r->on_read)(r->pos))) {
    r->stopped = true;
    return 0;
  }
  const size_t want = static_cast<size_t>(std::max(n, 0));
  const size_t got = std::min(want, r->size - r->pos);
  std::memcpy(out, r->data + r->pos, got);
  r->pos += got;
  if (got < want && n != kRefillSize) r->read_past_end = true;
  return static_cast<int>(got);
}

void skip(void* user, int n) {
  auto* r = static_cast<Reader*>(user);
  if (n < 0) n = 0;
  r->pos = std::min(r->size, r->pos + static_cast<size_t>(n));
}

int eof(void* user) {
  const auto* r = static_cast<const Reader*>(user);
  return r->stopped || r->pos >= r->size;
}

}  // namespace

bool info(const unsigned char* data, size_t size, Info& out) {
  return stbi_info_from_memory(data, static_cast<int>(size), &out.width, &out.height,
                               &out.channels) == 1;
}

Decoded decode(const unsigned char* data, size_t size,
               const std::function<bool(size_t consumed)>& on_read) {
  Reader reader{data, size, 0, false, &on_read, false};
  const stbi_io_callbacks callbacks{read, skip, eof};
  Decoded out;
  out.pixels =
      stbi_load_from_callbacks(&callbacks, &reader, &out.width, &out.height, &out.channels, 0);
  out.read_past_end = reader.read_past_end;
  return out;
}

void free_pixels(void* pixels) {
  stbi_image_free(pixels);
}

const char* failure_reason() {
  return stbi_failure_reason();
}

}  // namespace ws::app::stb
