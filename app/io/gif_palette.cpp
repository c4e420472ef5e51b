// Colour tables for GIF frames (gif_palette.h): exact when the frame fits, else dominant colours
// exact and a weighted median-cut palette for the rest, nearest-entry mapping, no dithering.
#include "io/gif_palette.h"

#include <algorithm>
#include <cstdlib>
#include <unordered_map>

namespace ws::app {

namespace {

using Rgb = std::array<uint8_t, 3>;

uint32_t key_of(const uint8_t* p) {
  return uint32_t(p[0]) << 16 | uint32_t(p[1]) << 8 | p[2];
}
Rgb rgb_of(uint32_t key) {
  return {uint8_t(key >> 16), uint8_t(key >> 8), uint8_t(key)};
}

struct Colour {
  uint32_t key;
  int64_t count;
  int channel(int c) const { return int(key >> (16 - 8 * c)) & 0xff; }
};

int distance2(const Rgb& a, const Rgb& b) {
  int d = 0;
  for (int c = 0; c < 3; ++c) d += (int(a[c]) - int(b[c])) * (int(a[c]) - int(b[c]));
  return d;
}

// Nearest palette entry by squared RGB distance: the entries sorted by green, searched outwards
// from the query's green until the green difference alone exceeds the best distance found.
class NearestEntry {
 public:
  explicit NearestEntry(const std::vector<Rgb>& palette) : palette_(palette) {
    for (size_t i = 0; i < palette.size(); ++i) order_.push_back(int(i));
    std::sort(order_.begin(), order_.end(), [&](int a, int b) {
      return palette[a][1] != palette[b][1] ? palette[a][1] < palette[b][1] : a < b;
    });
  }
  int find(const Rgb& colour) const {
    const auto start = std::lower_bound(order_.begin(), order_.end(), colour[1],
                                        [&](int i, int g) { return palette_[i][1] < g; });
    int best = -1, best_d = 1 << 30;
    for (auto up = start; up != order_.end(); ++up) {
      const int dg = palette_[*up][1] - colour[1];
      if (dg * dg > best_d) break;
      const int d = distance2(palette_[*up], colour);
      if (d < best_d || (d == best_d && *up < best)) best = *up, best_d = d;
    }
    for (auto down = start; down != order_.begin();) {
      --down;
      const int dg = colour[1] - palette_[*down][1];
      if (dg * dg > best_d) break;
      const int d = distance2(palette_[*down], colour);
      if (d < best_d || (d == best_d && *down < best)) best = *down, best_d = d;
    }
    return best;
  }

 private:
  const std::vector<Rgb>& palette_;
  std::vector<int> order_;
};

// A box of colours[begin, end) for median cut.
struct Box {
  size_t begin, end;
  double error;  // weighted sum of squared distances to the box's mean
  int axis;      // the channel with the largest spread
};

Box measure(const std::vector<Colour>& colours, size_t begin, size_t end) {
  double weight = 0, sum[3] = {0, 0, 0}, sum2[3] = {0, 0, 0};
  for (size_t i = begin; i < end; ++i) {
    const double w = double(colours[i].count);
    weight += w;
    for (int c = 0; c < 3; ++c) {
      const double v = colours[i].channel(c);
      sum[c] += w * v;
      sum2[c] += w * v * v;
    }
  }
  Box box{begin, end, 0, 0};
  double best = -1;
  for (int c = 0; c < 3; ++c) {
    const double e = sum2[c] - sum[c] * sum[c] / weight;
    box.error += e;
    if (e > best) best = e, box.axis = c;
  }
  if (end - begin < 2) box.error = 0;  // one colour: nothing to split
  return box;
}

Rgb weighted_mean(const std::vector<Colour>& colours, size_t begin, size_t end) {
  double weight = 0, sum[3] = {0, 0, 0};
  for (size_t i = begin; i < end; ++i) {
    weight += double(colours[i].count);
    for (int c = 0; c < 3; ++c) sum[c] += double(colours[i].count) * colours[i].channel(c);
  }
  Rgb mean;
  for (int c = 0; c < 3; ++c) mean[c] = uint8_t(std::clamp(int(sum[c] / weight + 0.5), 0, 255));
  return mean;
}

// Splits the box with the largest error at the weighted median of its widest channel until there
// are `boxes` boxes (or nothing left to split); returns each box's weighted mean.
std::vector<Rgb> median_cut(std::vector<Colour> colours, int boxes) {
  std::vector<Box> list;
  if (colours.empty() || boxes <= 0) return {};
  list.push_back(measure(colours, 0, colours.size()));
  while (int(list.size()) < boxes) {
    const auto worst = std::max_element(
        list.begin(), list.end(), [](const Box& a, const Box& b) { return a.error < b.error; });
    if (worst->error <= 0) break;
    const Box box = *worst;
    std::sort(colours.begin() + box.begin, colours.begin() + box.end,
              [&](const Colour& a, const Colour& b) {
                return a.channel(box.axis) != b.channel(box.axis)
                           ? a.channel(box.axis) < b.channel(box.axis)
                           : a.key < b.key;
              });
    int64_t total = 0, running = 0;
    for (size_t i = box.begin; i < box.end; ++i) total += colours[i].count;
    size_t split = box.begin + 1;
    for (size_t i = box.begin; i + 1 < box.end; ++i) {
      running += colours[i].count;
      split = i + 1;
      if (2 * running >= total) break;
    }
    *worst = measure(colours, box.begin, split);
    list.push_back(measure(colours, split, box.end));
  }
  std::vector<Rgb> means;
  for (const Box& box : list) means.push_back(weighted_mean(colours, box.begin, box.end));
  return means;
}

// A few k-means passes: every colour goes to its nearest entry; the free entries (from `first`)
// move to the weighted mean of what they got; the dominant ones before `first` stay exact.
void refine(std::vector<Rgb>& palette, size_t first, const std::vector<Colour>& colours) {
  for (int pass = 0; pass < 3; ++pass) {
    std::vector<double> weight(palette.size(), 0);
    std::vector<std::array<double, 3>> sum(palette.size(), {0, 0, 0});
    {
      const NearestEntry nearest(palette);
      for (const Colour& c : colours) {
        const int i = nearest.find(rgb_of(c.key));
        weight[i] += double(c.count);
        for (int ch = 0; ch < 3; ++ch) sum[i][ch] += double(c.count) * c.channel(ch);
      }
    }
    bool moved = false;
    for (size_t i = first; i < palette.size(); ++i) {
      if (weight[i] == 0) continue;
      Rgb mean;
      for (int ch = 0; ch < 3; ++ch)
        mean[ch] = uint8_t(std::clamp(int(sum[i][ch] / weight[i] + 0.5), 0, 255));
      moved = moved || mean != palette[i];
      palette[i] = mean;
    }
    if (!moved) break;
  }
}

}  // namespace

int64_t dominant_colour_min_pixels(int64_t opaque_pixels) {
  return std::max<int64_t>(16, opaque_pixels / 4096);
}

IndexedFrame index_colours(const gfx::Image& frame) {
  IndexedFrame out;
  const size_t pixels = size_t(std::max(frame.width, 0)) * std::max(frame.height, 0);
  out.indices.assign(pixels, 0);
  std::unordered_map<uint32_t, int64_t> counts;
  counts.reserve(1 << 14);
  bool transparent = false;
  int64_t opaque = 0;
  uint32_t last_key = 0xffffffff;
  std::unordered_map<uint32_t, int64_t>::iterator last;
  for (size_t i = 0; i < pixels; ++i) {
    const uint8_t* p = &frame.rgba[i * 4];
    if (p[3] < kGifAlphaThreshold) {
      transparent = true;
      continue;
    }
    ++opaque;
    const uint32_t key = key_of(p);
    if (key != last_key) {  // runs of one colour are the common case in a figure
      last = counts.try_emplace(key, 0).first;
      last_key = key;
    }
    ++last->second;
  }
  std::vector<Colour> colours;
  colours.reserve(counts.size());
  for (const auto& [key, count] : counts) colours.push_back({key, count});
  std::sort(colours.begin(), colours.end(), [](const Colour& a, const Colour& b) {
    return a.count != b.count ? a.count > b.count : a.key < b.key;
  });

  const int slots = transparent ? 255 : 256;
  std::vector<Rgb> palette;
  out.exact = int(colours.size()) <= slots;
  if (out.exact) {
    for (const Colour& c : colours) palette.push_back(rgb_of(c.key));
  } else {
    const int64_t min_pixels = dominant_colour_min_pixels(opaque);
    size_t dominant = 0;
    while (dominant < colours.size() && int(dominant) < slots / 2 &&
           colours[dominant].count >= min_pixels)
      palette.push_back(rgb_of(colours[dominant++].key));
    const std::vector<Colour> rest(colours.begin() + dominant, colours.end());
    for (const Rgb& c : median_cut(rest, slots - int(dominant))) palette.push_back(c);
    refine(palette, dominant, rest);
  }

  // Each distinct colour's entry, then every pixel's.
  std::unordered_map<uint32_t, uint8_t> entry;
  entry.reserve(colours.size() * 2);
  {
    const NearestEntry nearest(palette);
    for (const Colour& c : colours) entry[c.key] = uint8_t(nearest.find(rgb_of(c.key)));
  }
  if (transparent) {
    out.transparent_index = int(palette.size());
    palette.push_back({0, 0, 0});
  }
  last_key = 0xffffffff;
  uint8_t last_entry = 0;
  for (size_t i = 0; i < pixels; ++i) {
    const uint8_t* p = &frame.rgba[i * 4];
    if (p[3] < kGifAlphaThreshold) {
      out.indices[i] = uint8_t(out.transparent_index);
      continue;
    }
    const uint32_t key = key_of(p);
    if (key != last_key) last_entry = entry[key], last_key = key;
    out.indices[i] = last_entry;
  }
  if (palette.empty()) palette.push_back({0, 0, 0});  // an empty image still needs a table
  out.palette = std::move(palette);
  return out;
}

}  // namespace ws::app
