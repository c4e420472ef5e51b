#include "image_planes.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <new>
#include <system_error>

#include "asset_path.h"
#include "common/cancelled.h"
#include "common/error.h"
#include "image_header.h"
#include "image_sanity.h"
#include "stb_decoder.h"

namespace ws::app {

namespace {

constexpr const char* kAccepted = "PNG/JPEG/BMP/TGA/PGM";
constexpr uintmax_t kMaxFileBytes = uintmax_t{1} << 30;  // stb_image takes an int length

// Names the file as the user typed it: "image 'coffee.png'" or "depth map 'd.png'".
struct Named {
  const char* noun;
  const std::string& typed;
  [[noreturn]] void fail(const std::string& problem) const {
    throw Error(std::string(noun) + " '" + typed + "' " + problem);
  }
};

std::string size_text(int64_t w, int64_t h) {
  return std::to_string(w) + "x" + std::to_string(h);
}

void check_cancel(const Named& name, const DecodeWatch* watch) {
  if (watch && watch->cancel && watch->cancel->load(std::memory_order_relaxed))
    throw Cancelled(std::string(name.noun) + " '" + name.typed + "': loading cancelled");
}

// Reads the whole file, in chunks when a worker watches (progress 0..kReadShare, cancel).
constexpr double kReadShare = 0.2;
std::vector<unsigned char> read_bytes(const Named& name, const std::string& path,
                                      const DecodeWatch* watch) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (!fs::exists(status))
    name.fail(is_bare_file_name(name.typed)
                  ? "not found (neither in the working folder nor among the samples in assets/)"
                  : "not found");
  if (fs::is_directory(status)) name.fail("is a folder, not an image file");
  if (!fs::is_regular_file(status)) name.fail("is not a regular file");
  const uintmax_t bytes = fs::file_size(path, ec);
  if (ec) name.fail("cannot be read (" + ec.message() + ")");
  if (bytes == 0) name.fail("is an empty file (0 bytes)");
  if (bytes > kMaxFileBytes) name.fail("is larger than 1 GiB: image files up to 1 GiB are read");
  std::vector<unsigned char> data(static_cast<size_t>(bytes));
  std::ifstream in(path, std::ios::binary);
  if (!in) name.fail("cannot be opened (is it readable?)");
  constexpr size_t kChunk = size_t{4} << 20;
  for (size_t done = 0; done < data.size();) {
    const size_t n = watch ? std::min(kChunk, data.size() - done) : data.size();
    in.read(reinterpret_cast<char*>(data.data() + done), static_cast<std::streamsize>(n));
    if (in.gcount() != static_cast<std::streamsize>(n)) name.fail("could not be read to the end");
    done += n;
    check_cancel(name, watch);
    if (watch && watch->progress)
      watch->progress(kReadShare * (double(done) / double(data.size())));
  }
  return data;
}

bool starts_with(const std::vector<unsigned char>& d, const char* magic) {
  const size_t n = std::strlen(magic);
  return d.size() >= n && std::memcmp(d.data(), magic, n) == 0;
}

// The formats stb_image could read but stb_decoder.cpp leaves out, named rather than reported as
// unreadable (the signatures stb_image itself tests for).
void refuse_other_formats(const Named& name, const std::vector<unsigned char>& d) {
  const char* format = starts_with(d, "GIF8")               ? "GIF"
                       : starts_with(d, "8BPS")             ? "Photoshop (PSD)"
                       : starts_with(d, "#?RADIANCE")       ? "Radiance HDR"
                       : starts_with(d, "#?RGBE")           ? "Radiance HDR"
                       : starts_with(d, "\x53\x80\xF6\x34") ? "Softimage PIC"
                                                            : nullptr;
  if (format)
    name.fail(std::string("is a ") + format + " file: " + kAccepted + " images are accepted");
}

[[noreturn]] void fail_unreadable(const Named& name, const std::string& why) {
  name.fail(std::string("is not a readable ") + kAccepted + " image (" + why + ")");
}

[[noreturn]] void fail_unreadable(const Named& name) {
  const char* reason = stb::failure_reason();
  fail_unreadable(name, std::string("stb_image: ") + (reason ? reason : "unknown error"));
}

[[noreturn]] void fail_too_large(const Named& name, int64_t w, int64_t h, int max_side) {
  name.fail("is " + size_text(w, h) + " pixels: images up to " + size_text(max_side, max_side) +
            " are accepted");
}

void check_size(const Named& name, int64_t w, int64_t h, int max_side) {
  if (w < 1 || h < 1) name.fail("has no pixels (its header says " + size_text(w, h) + ")");
  if (w > max_side || h > max_side) fail_too_large(name, w, h, max_side);
}

// The size the header claims, checked against max_side before anything is decoded: first as
// read here for PNG, JPEG and BMP (stbi_info reports a size stb_image would refuse to allocate
// only as "unknown image type"), then as stbi_info gives it for every format.
void check_header(const Named& name, const std::vector<unsigned char>& d, int max_side) {
  if (const auto claimed = header_size(d.data(), d.size()))
    if (claimed->width > max_side || claimed->height > max_side)
      fail_too_large(name, claimed->width, claimed->height, max_side);
  if (png_chunk_runs_past_end(d.data(), d.size()))
    fail_unreadable(name, "a PNG chunk runs past the end of the file: is it cut short?");
  if (jpeg_huffman_table_too_long(d.data(), d.size()))
    fail_unreadable(name, "a JPEG Huffman table has more than 256 codes: the file is corrupt");
  stb::Info info;
  if (!stb::info(d.data(), d.size(), info)) fail_unreadable(name);
  check_size(name, info.width, info.height, max_side);
}

void fill_planes(ImagePlanes& out, const unsigned char* px, int n, ColourMode mode) {
  const size_t count = size_t(out.width) * out.height;
  out.colour_source = n >= 3;
  out.channels = (mode == ColourMode::Rgb && out.colour_source) ? 3 : 1;
  out.planes.resize(count * out.channels);
  uint8_t* dst = out.planes.data();
  if (!out.colour_source) {  // grey, or grey + alpha
    for (size_t i = 0; i < count; ++i) dst[i] = px[i * n];
  } else if (out.channels == 1) {  // Rec. 601 luminance, integer weights in 1/256ths, rounded
    for (size_t i = 0; i < count; ++i) {
      const unsigned char* p = px + i * n;
      dst[i] = static_cast<uint8_t>((77 * p[0] + 150 * p[1] + 29 * p[2] + 128) >> 8);
    }
  } else {  // R, G, B planes; alpha dropped
    for (int c = 0; c < 3; ++c)
      for (size_t i = 0; i < count; ++i) dst[c * count + i] = px[i * n + c];
  }
}

std::shared_ptr<const DecodedImage> decode(const Named& name, const std::string& path, int max_side,
                                           const DecodeWatch* watch) {
  if (max_side < 1) throw Error("load_image_planes: max_side must be at least 1");
  auto out = std::make_shared<DecodedImage>();
  out->path = path;
  try {
    const std::vector<unsigned char> data = read_bytes(name, path, watch);
    refuse_other_formats(name, data);
    check_header(name, data, max_side);
    std::function<bool(size_t)> on_read;
    if (watch)
      on_read = [&](size_t consumed) {
        if (watch->cancel && watch->cancel->load(std::memory_order_relaxed)) return false;
        if (watch->progress)
          watch->progress(kReadShare + (1 - kReadShare) * double(consumed) / double(data.size()));
        return true;
      };
    const stb::Decoded decoded = stb::decode(data.data(), data.size(), on_read);
    std::shared_ptr<const unsigned char> pixels(decoded.pixels, stb::free_pixels);
    check_cancel(name, watch);  // a stopped decoder's image is not the file's
    if (!pixels) {
      const char* reason = stb::failure_reason();
      if (reason && std::strcmp(reason, "outofmem") == 0)
        name.fail("could not be decoded: out of memory");
      fail_unreadable(name);
    }
    if (decoded.read_past_end) fail_unreadable(name, "the file ends before all of its pixels");
    const int w = decoded.width, h = decoded.height, n = decoded.channels;
    check_size(name, w, h, max_side);  // the decoder agrees with the header it was given
    if (n < 1 || n > 4) name.fail("has " + std::to_string(n) + " channels: 1 to 4 are read");
    out->width = w;
    out->height = h;
    out->channels = n;
    out->pixels = std::move(pixels);
  } catch (const std::bad_alloc&) {
    name.fail("could not be decoded: out of memory");
  }
  return out;
}

// The decoded file: from the cache when a worker decoded it (then checked against this caller's
// max_side, with the message the header check would give), else read now.
std::shared_ptr<const DecodedImage> decoded_image(const Named& name, const std::string& path,
                                                  int max_side) {
  if (auto cached = DecodedFiles::global().find_image(path)) {
    check_size(name, cached->width, cached->height, max_side);
    return cached;
  }
  return decode(name, path, max_side, nullptr);
}

ImagePlanes load_planes(const Named& name, ColourMode mode, int max_side) {
  if (max_side < 1) throw Error("load_image_planes: max_side must be at least 1");
  ImagePlanes out;
  out.path = resolve_asset_path(name.typed);
  const std::shared_ptr<const DecodedImage> image = decoded_image(name, out.path, max_side);
  out.width = image->width;
  out.height = image->height;
  try {
    fill_planes(out, image->pixels.get(), image->channels, mode);
  } catch (const std::bad_alloc&) {
    name.fail("could not be decoded: out of memory");
  }
  return out;
}

}  // namespace

ImagePlanes load_image_planes(const std::string& path, ColourMode mode, int max_side) {
  return load_planes(Named{"image", path}, mode, max_side);
}

std::vector<float> load_depth_map(const std::string& path, int width, int height) {
  const ImagePlanes depth = load_planes(Named{"depth map", path}, ColourMode::Luminance, 8192);
  if (depth.width != width || depth.height != height)
    Named{"depth map", path}.fail("is " + size_text(depth.width, depth.height) +
                                  " but the image is " + size_text(width, height) +
                                  ": a depth map must have the image's size");
  std::vector<float> out(depth.planes.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = depth.planes[i] / 255.0f;
  return out;
}

std::shared_ptr<const DecodedImage> decode_image_file(const std::string& path, int max_side,
                                                      const DecodeWatch* watch) {
  const std::string resolved = resolve_asset_path(path);
  return decode(Named{"image", path}, resolved, max_side, watch);
}

std::shared_ptr<const DecodedImage> load_decoded_image(const std::string& path, int max_side) {
  return decoded_image(Named{"image", path}, resolve_asset_path(path), max_side);
}

gfx::Image planes_to_image(const std::vector<uint8_t>& planes, int width, int height,
                           int channels) {
  const size_t n = size_t(width) * size_t(height);
  if (n == 0 || planes.size() < n * size_t(channels)) return {};
  gfx::Image img(width, height);
  for (size_t i = 0; i < n; ++i) {
    uint8_t* px = &img.rgba[i * 4];
    for (int k = 0; k < 3; ++k) px[k] = planes[size_t(channels == 3 ? k : 0) * n + i];
    px[3] = 255;
  }
  return img;
}

}  // namespace ws::app
