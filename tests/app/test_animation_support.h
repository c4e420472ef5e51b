// For the animation tests: a GIF decoded with giflib on its own (not through our writer), every
// frame composed as a viewer shows it, with its delay and the loop extension; and the colour
// statistics the tests compare frames by.
#pragma once

#include <gif_lib.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "render/image.h"

namespace ws::app::testing {

struct DecodedGif {
  std::string error;  // empty: decoded
  int width = 0, height = 0;
  std::vector<gfx::Image> frames;  // composed, straight RGBA (transparent pixels alpha 0)
  std::vector<int> delays;         // hundredths of a second
  std::vector<int> colour_counts;  // entries in each frame's colour table
  bool loops_forever = false;      // NETSCAPE2.0 with loop count 0
};

inline DecodedGif decode_gif(const std::string& path) {
  DecodedGif out;
  int error = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
  if (!gif) {
    out.error = std::string("open: ") + GifErrorString(error);
    return out;
  }
  if (DGifSlurp(gif) == GIF_ERROR) {
    out.error = std::string("slurp: ") + GifErrorString(gif->Error);
    DGifCloseFile(gif, &error);
    return out;
  }
  out.width = gif->SWidth;
  out.height = gif->SHeight;
  gfx::Image canvas(out.width, out.height);  // transparent
  int previous_disposal = DISPOSAL_UNSPECIFIED;
  for (int i = 0; i < gif->ImageCount; ++i) {
    const SavedImage& image = gif->SavedImages[i];
    for (int e = 0; e + 1 < image.ExtensionBlockCount; ++e) {
      const ExtensionBlock& block = image.ExtensionBlocks[e];
      const ExtensionBlock& next = image.ExtensionBlocks[e + 1];
      if (block.Function == APPLICATION_EXT_FUNC_CODE && block.ByteCount == 11 &&
          std::memcmp(block.Bytes, "NETSCAPE2.0", 11) == 0 && next.ByteCount == 3 &&
          next.Bytes[0] == 1 && next.Bytes[1] == 0 && next.Bytes[2] == 0)
        out.loops_forever = true;
    }
    GraphicsControlBlock gcb{DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
    DGifSavedExtensionToGCB(gif, i, &gcb);
    if (previous_disposal == DISPOSE_BACKGROUND) canvas = gfx::Image(out.width, out.height);
    const ColorMapObject* map =
        image.ImageDesc.ColorMap ? image.ImageDesc.ColorMap : gif->SColorMap;
    out.colour_counts.push_back(map ? map->ColorCount : 0);
    const GifImageDesc& d = image.ImageDesc;
    for (int y = 0; y < d.Height; ++y) {
      for (int x = 0; x < d.Width; ++x) {
        const int index = image.RasterBits[size_t(y) * d.Width + x];
        if (index == gcb.TransparentColor || !map || index >= map->ColorCount) continue;
        uint8_t* p = canvas.pixel(d.Left + x, d.Top + y);
        p[0] = map->Colors[index].Red;
        p[1] = map->Colors[index].Green;
        p[2] = map->Colors[index].Blue;
        p[3] = 255;
      }
    }
    out.frames.push_back(canvas);
    out.delays.push_back(gcb.DelayTime);
    previous_disposal = gcb.DisposalMode;
  }
  DGifCloseFile(gif, &error);
  return out;
}

inline uint32_t rgba_key(const uint8_t* p) {
  return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3];
}

// Pixels per distinct RGBA colour.
inline std::map<uint32_t, int64_t> colour_histogram(const gfx::Image& image) {
  std::map<uint32_t, int64_t> counts;
  for (size_t i = 0; i < image.rgba.size(); i += 4) ++counts[rgba_key(&image.rgba[i])];
  return counts;
}

// How far a GIF frame is from the PNG it was made from, over the RGB channels of every pixel.
struct FrameError {
  double mean = 0;  // mean per-channel difference, 0..255
  int max = 0;      // largest per-channel difference
  // Pixels whose PNG colour covers at least `dominant_min` pixels and whose GIF colour differs.
  int64_t dominant_pixels_wrong = 0;
  int64_t dominant_colours = 0;  // how many such colours the PNG has
};

// The dominant colours are the `max_dominant` most frequent of those covering `dominant_min`
// pixels or more (what gif_palette.h promises to keep exact).
inline FrameError frame_error(const gfx::Image& png, const gfx::Image& gif, int64_t dominant_min,
                              size_t max_dominant = 128) {
  FrameError e;
  const std::map<uint32_t, int64_t> counts = colour_histogram(png);
  std::vector<std::pair<int64_t, uint32_t>> ranked;
  for (const auto& [key, count] : counts)
    if (count >= dominant_min) ranked.push_back({-count, key});
  std::sort(ranked.begin(), ranked.end());
  if (ranked.size() > max_dominant) ranked.resize(max_dominant);
  std::map<uint32_t, bool> dominant;
  for (const auto& r : ranked) dominant[r.second] = true;
  e.dominant_colours = int64_t(ranked.size());
  double sum = 0;
  for (size_t i = 0; i < png.rgba.size(); i += 4) {
    int worst = 0;
    for (int c = 0; c < 3; ++c) {
      const int d = std::abs(int(png.rgba[i + c]) - int(gif.rgba[i + c]));
      sum += d;
      worst = std::max(worst, d);
    }
    e.max = std::max(e.max, worst);
    if (worst > 0 && dominant.count(rgba_key(&png.rgba[i]))) ++e.dominant_pixels_wrong;
  }
  e.mean = png.rgba.empty() ? 0 : sum / (double(png.rgba.size()) / 4 * 3);
  return e;
}

}  // namespace ws::app::testing
