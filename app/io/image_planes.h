// Images as planes of 8-bit samples for the image scenes (summed-area tables, histograms): a
// PNG, JPEG, BMP, TGA or PGM/PPM file read through stb_image into one luminance plane or three
// colour planes, and a depth map of the image's size. Every failure is a ws::Error that names the
// file as the user typed it and says what is wrong in plain words.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "decoded_files.h"
#include "render/image.h"

namespace ws::app {

enum class ColourMode {
  Luminance,  // one plane: a grey file as it is; a colour file by the Rec. 601 integer rule
              // Y = (77 R + 150 G + 29 B + 128) >> 8 (weights 0.299, 0.587, 0.114 in 1/256ths,
              // rounded to nearest; white stays 255)
  Rgb,        // three planes R, G, B for a colour file; a grey file keeps its ONE plane and
              // colour_source = false, so the caller can tell grey from colour
};

struct ImagePlanes {
  std::string path;  // the file that was read (a bare name may have resolved to assets/<name>)
  int width = 0, height = 0;
  int channels = 0;             // planes: 1 (luminance or a grey file) or 3 (R, G, B)
  bool colour_source = false;   // the file stores colour (RGB, RGBA, palette), even if every
                                // pixel happens to be grey; alpha is always dropped
  std::vector<uint8_t> planes;  // channel-major: plane c is [c*w*h, (c+1)*w*h), rows top-down

  const uint8_t* plane(int c) const { return planes.data() + size_t(c) * width * height; }
};

// Reads `path` (a bare file name not found in the working folder is looked up in assets/); an
// image a worker decoded into DecodedFiles::global() is taken from there. Files
// whose header gives a side longer than `max_side` are refused before any pixel is decoded, so a
// corrupt or hostile header allocates nothing large. GIF, PSD, HDR and PIC files (which stb_image
// could also read) are refused by name. Throws ws::Error for a missing path, a folder, an empty,
// truncated or corrupt file, a size beyond max_side x max_side, or a decode that runs out of
// memory.
ImagePlanes load_image_planes(const std::string& path, ColourMode mode, int max_side = 8192);

// A grey depth map in 0..1 (luminance / 255, white = 1), row-major, read like
// load_image_planes. Throws ws::Error as it does (saying "depth map"), and when its size is not
// width x height: "depth map 'd.png' is 640x427 but the image is 512x512: ...".
std::vector<float> load_depth_map(const std::string& path, int width, int height);

// 8-bit planes (one grey, or R, G, B one after the other) as an opaque RGBA image; empty when
// `planes` holds fewer than width x height x channels bytes.
gfx::Image planes_to_image(const std::vector<uint8_t>& planes, int width, int height, int channels);

// What a load on a worker thread may watch: `progress` gets the fraction done (0..1: the file
// read, then the bytes the decoder consumed), and once `cancel` is set the load throws
// ws::Cancelled.
struct DecodeWatch {
  std::function<void(double fraction)> progress;
  const std::atomic<bool>* cancel = nullptr;
};
// The checked decode behind load_image_planes and load_image_values: the file's pixels with its
// own channels, after every check load_image_planes makes (sides up to `max_side`), never from
// the cache. Throws ws::Error as load_image_planes does.
std::shared_ptr<const DecodedImage> decode_image_file(const std::string& path, int max_side,
                                                      const DecodeWatch* watch = nullptr);
// The decoded file at `path` (a bare name is looked up in assets/): from DecodedFiles::global()
// when a worker decoded it, else decoded now; sides up to `max_side`.
std::shared_ptr<const DecodedImage> load_decoded_image(const std::string& path, int max_side);
// The largest side any loader reads (load_image_values: up to 2^28 pixels): what a worker
// decodes up to, so every loader may take its result.
inline constexpr int kMaxDecodeSide = 16384;

}  // namespace ws::app
