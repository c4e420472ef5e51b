#include "hover_map.h"

namespace ws::app {

void HoverMap::add(gfx::Vec2 min, gfx::Vec2 max, std::string text) {
  add(min, max, [text = std::move(text)](gfx::Vec2) { return text; });
}

void HoverMap::add(gfx::Vec2 min, gfx::Vec2 max, Describe describe) {
  regions_.push_back({min, max, std::move(describe)});
}

std::string HoverMap::describe(gfx::Vec2 point) const {
  for (auto r = regions_.rbegin(); r != regions_.rend(); ++r) {
    if (point.x < r->min.x || point.y < r->min.y || point.x >= r->max.x || point.y >= r->max.y)
      continue;
    std::string text = r->describe(point);
    if (!text.empty()) return text;
  }
  return "";
}

}  // namespace ws::app
