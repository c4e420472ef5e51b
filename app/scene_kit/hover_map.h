// What lies where in the figure a mode drew last: regions in figure coordinates with what to say
// about them. A mode's draw adds them as it lays the figure out; the viewport's tooltip asks
// (Mode::describe_at), so no mode keeps a hover cache of its own.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "render/canvas.h"

namespace ws::app {

class HoverMap {
 public:
  // What a region says about a point inside it ("" = nothing there after all).
  using Describe = std::function<std::string(gfx::Vec2 point)>;

  void clear() { regions_.clear(); }
  // A rectangle and its text.
  void add(gfx::Vec2 min, gfx::Vec2 max, std::string text);
  // A rectangle whose text depends on the point (a grid's cell, a tree's lane).
  void add(gfx::Vec2 min, gfx::Vec2 max, Describe describe);
  // The text of the last region added that holds `point` and says something; "" for none.
  std::string describe(gfx::Vec2 point) const;
  bool empty() const { return regions_.empty(); }

 private:
  struct Region {
    gfx::Vec2 min, max;
    Describe describe;
  };
  std::vector<Region> regions_;
};

}  // namespace ws::app
