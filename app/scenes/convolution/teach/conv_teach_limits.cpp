#include "conv_teach_limits.h"

#include <algorithm>
#include <climits>
#include <string>

namespace ws::app {

namespace {

// A tiled variant is shown (the variant or the one compared with it).
bool tiled_shown(const ConvSettings& s) {
  return conv::is_tiled(s.variant) || (s.compare && conv::is_tiled(s.compare_variant));
}

bool random_input(const ConvSettings& s) {
  return s.source.values.empty() && s.source.image.empty();
}

}  // namespace

std::vector<ModeLimit<ConvSettings>> conv_teach_limits() {
  std::vector<ModeLimit<ConvSettings>> limits;
  limits.push_back(
      {"size",
       [](const ConvSettings& s) {
         return random_input(s) ? std::optional<int64_t>(
                                      std::max(s.source.random_size[0], s.source.random_size[1]))
                                : std::nullopt;
       },
       1, conv::kTeachMaxSide,
       "size {0}: teach mode traces every thread of images up to 32x32 (a photo is averaged "
       "down to fit)",
       "filter",
       [](ConvSettings& s) {
         for (int& side : s.source.random_size) side = std::min(side, conv::kTeachMaxSide);
       },
       [](const ConvSettings& s) {
         return std::to_string(s.source.random_size[0]) + "x" +
                std::to_string(s.source.random_size[1]);
       }});
  limits.push_back({"radius",
                    [](const ConvSettings& s) {
                      return tiled_shown(s) ? std::optional<int64_t>(s.radius) : std::nullopt;
                    },
                    0, conv::kMaxTiledRadius,
                    "radius {0}: the tiled variants (3-5) keep the tile and its halo in shared "
                    "memory and take radius 0..7 (filters up to 15 x 15); basic and constant "
                    "take radius up to 31",
                    "", nullptr, nullptr});
  limits.push_back(
      {"tile",
       [](const ConvSettings& s) {
         return tiled_shown(s) ? std::optional<int64_t>(s.tile - 2 * s.radius) : std::nullopt;
       },
       1, INT_MAX,
       "tile {0}: a tiled block must be wider than its two halos (a tile of at least "
       "2 radius + 1)",
       "",
       // A switch from the filter mode with a large radius: the smallest tile that
       // leaves an output tile of 2.
       [](ConvSettings& s) {
         s.tile = std::min(std::max(s.tile, 2 * s.radius + 2),
                           s.dims() == 1 ? conv::kTeachMaxLength : conv::kTeachMaxSide);
       },
       [](const ConvSettings& s) {
         return std::to_string(s.tile) + " with radius " + std::to_string(s.radius) +
                " (at least " + std::to_string(2 * s.radius + 1) + ")";
       }});
  limits.push_back({"tile",
                    [](const ConvSettings& s) {
                      return s.dims() == 2 ? std::optional<int64_t>(s.tile) : std::nullopt;
                    },
                    4, conv::kTeachMaxSide,
                    "tile {0}: a 2D block is tile x tile threads, 4..32 (at most 1024 threads); "
                    "1D blocks take up to 256",
                    "", [](ConvSettings& s) { s.tile = std::min(s.tile, conv::kTeachMaxSide); },
                    nullptr});
  return limits;
}

}  // namespace ws::app
