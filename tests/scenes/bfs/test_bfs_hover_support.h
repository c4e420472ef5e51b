// The BFS teach figure's hover texts found as the pointer finds them: the modes keep no record of
// where they drew what (their hover map answers describe_at), so the tests ask at every point of a
// grid over the last figure and keep each text with where it was met.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "render/canvas.h"

namespace ws::app::bfs_test {

// A text the hover gave and the centre of the grid points that gave it (a cell's or a vertex's
// middle).
struct HoverSpot {
  std::string text;
  gfx::Vec2 centre;
};

// Every distinct text describe_at gives at the points of a grid over [min, max) (`step` pixels
// apart, row after row from the top), in the order first met; `shown` is a scene or a mode.
template <class Shown>
std::vector<HoverSpot> hover_spots(const Shown& shown, gfx::Vec2 min, gfx::Vec2 max,
                                   float step = 2) {
  std::vector<HoverSpot> spots;
  std::vector<int> counts;
  std::map<std::string, size_t> index;
  for (float y = min.y + step / 2; y < max.y; y += step)
    for (float x = min.x + step / 2; x < max.x; x += step) {
      std::string text = shown.describe_at({x, y});
      if (text.empty()) continue;
      const auto [it, added] = index.emplace(text, spots.size());
      if (added) {
        spots.push_back({std::move(text), {0, 0}});
        counts.push_back(0);
      }
      spots[it->second].centre = spots[it->second].centre + gfx::Vec2{x, y};
      ++counts[it->second];
    }
  for (size_t i = 0; i < spots.size(); ++i)
    spots[i].centre = spots[i].centre * (1.0f / float(counts[i]));
  return spots;
}

// Over the whole figure of `size`.
template <class Shown>
std::vector<HoverSpot> hover_spots(const Shown& shown, gfx::Vec2 size, float step = 2) {
  return hover_spots(shown, {0, 0}, size, step);
}

// The centre of the spot whose text starts with `prefix` ("level[3] = ", "vertex 3:"), or
// {-1, -1}.
inline gfx::Vec2 spot_of(const std::vector<HoverSpot>& spots, const std::string& prefix) {
  for (const HoverSpot& s : spots)
    if (s.text.rfind(prefix, 0) == 0) return s.centre;
  return {-1, -1};
}

// How many spots' texts start with `prefix`.
inline int spots_starting(const std::vector<HoverSpot>& spots, const std::string& prefix) {
  int count = 0;
  for (const HoverSpot& s : spots) count += s.text.rfind(prefix, 0) == 0;
  return count;
}

}  // namespace ws::app::bfs_test
