// The stb_image decoders behind load_image_planes, compiled here (not taken from the system's
// libstb) so that: only the PNG, JPEG, BMP, TGA and PGM/PPM decoders exist; every buffer stb
// allocates starts zeroed (stb_image 2.27 can leave pixels unwritten, i.e. heap garbage, for
// broken files: a truncated PGM/PPM or raw TGA; its progressive-JPEG coefficients are not cleared
// either); a read past the end of the file is reported; sanitizer builds instrument the decoders.
#pragma once

#include <cstddef>
#include <functional>

namespace ws::app::stb {

struct Info {
  int width = 0, height = 0, channels = 0;
};

// stbi_info on a file in memory: false (see failure_reason) when no decoder recognises it.
bool info(const unsigned char* data, size_t size, Info& out);

struct Decoded {
  unsigned char* pixels = nullptr;  // interleaved, `channels` per pixel; free with free_pixels
  int width = 0, height = 0, channels = 0;
  bool read_past_end = false;  // the decoder wanted bytes the file does not have (truncated)
};

// Decodes with the file's own channel count (no conversion); pixels == nullptr on failure.
// `on_read` (optional) is told how many bytes the decoder has consumed so far; when it returns
// false the decoder is given no more bytes, so it fails soon (a cancelled load).
Decoded decode(const unsigned char* data, size_t size,
               const std::function<bool(size_t consumed)>& on_read = {});
void free_pixels(void* pixels);
// Why the last info() or decode() on this thread failed, in stb_image's words.
const char* failure_reason();

}  // namespace ws::app::stb
