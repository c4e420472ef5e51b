// A figure that does not use the space it is given grows to fill it: the window's viewport and
// lecture mode measure what a scene drew (every shape, text and image, as the screen measures
// text) and draw it again uniformly scaled about the middle, so a small diagram on a projector
// fills the screen with its text larger and its layout the same (nothing can come to overlap).
// `warpscope render` and the goldens draw at the size asked for, unscaled.
#pragma once

#include <functional>

#include "render/canvas.h"
#include "render/recording_canvas.h"

namespace ws::gfx {

// How the figure is placed: figure point p is drawn at p * scale + offset.
struct FigureFit {
  float scale = 1;
  Vec2 offset;
  Vec2 to_figure(Vec2 point) const {
    return {(point.x - offset.x) / scale, (point.y - offset.y) / scale};
  }
};

// A canvas that measures: the union of everything drawn, clipped to the canvas.
class BoundsCanvas : public RecordingCanvas {
 public:
  explicit BoundsCanvas(Vec2 size) : RecordingCanvas(size) {}
  void rect_filled(Vec2 min, Vec2 max, Color, float = 0) override { add(min, max); }
  void rect(Vec2 min, Vec2 max, Color, float thickness = 1, float = 0) override;
  void line(Vec2 a, Vec2 b, Color, float thickness = 1) override;
  void triangle_filled(Vec2 a, Vec2 b, Vec2 c, Color) override;
  void circle_filled(Vec2 center, float radius, Color) override;
  void text(Vec2 pos, const std::string& utf8, float size, Color c, HAlign h = HAlign::Left,
            VAlign v = VAlign::Top) override;
  void image(Vec2 min, Vec2 max, const Raster&) override { add(min, max); }
  bool empty() const { return empty_; }
  Vec2 min() const { return min_; }
  Vec2 max() const { return max_; }

 private:
  void add(Vec2 a, Vec2 b);
  bool empty_ = true;
  Vec2 min_, max_;
};

// `parent` seen through a FigureFit: the figure draws in its own coordinates over `size`.
class FittedCanvas : public Canvas {
 public:
  FittedCanvas(Canvas& parent, const FigureFit& fit, Vec2 size)
      : parent_(parent), fit_(fit), size_(size) {}
  Vec2 size() const override { return size_; }
  void rect_filled(Vec2 min, Vec2 max, Color c, float rounding = 0) override;
  void rect(Vec2 min, Vec2 max, Color c, float thickness = 1, float rounding = 0) override;
  void line(Vec2 a, Vec2 b, Color c, float thickness = 1) override;
  void triangle_filled(Vec2 a, Vec2 b, Vec2 c, Color color) override;
  void circle_filled(Vec2 center, float radius, Color c) override;
  void text(Vec2 pos, const std::string& utf8, float size, Color c, HAlign h = HAlign::Left,
            VAlign v = VAlign::Top) override;
  Vec2 text_size(const std::string& utf8, float size) const override;
  void image(Vec2 min, Vec2 max, const Raster& raster) override;
  void begin_group(const std::string& id) override { parent_.begin_group(id); }
  void end_group() override { parent_.end_group(); }

 private:
  Vec2 at(Vec2 p) const { return p * fit_.scale + fit_.offset; }
  Canvas& parent_;
  FigureFit fit_;
  Vec2 size_;
};

// The fit of what `draw` puts on a canvas of `size`: scaled up (by at most `max_scale`) until it
// touches the canvas's edges less `margin`, centred. Scale 1 when the figure already fills one
// direction within 8%.
FigureFit fit_figure(const std::function<void(Canvas&)>& draw, Vec2 size, float margin = 8,
                     float max_scale = 2.5f);

}  // namespace ws::gfx
