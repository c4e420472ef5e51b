// Figures: one draw function (logical coordinates 0..width x 0..height), rendered to pixels through
// ImGui's GL backend into an offscreen target (supersampled, optionally transparent) or written as
// SVG. The GUI viewport, `warpscope render` and the golden tests all go through here.
#pragma once

#include <functional>
#include <string>

#include "render/canvas.h"
#include "render/image.h"
#include "render/offscreen_target.h"
#include "render/palette.h"

namespace ws::gfx {

// The ImGui font (ImFontConfig::Name) that figures use: DejaVu Sans rasterised large, so text stays
// crisp when scaled up for print; ImguiRuntime adds it to the atlas. Without it, the default font.
inline constexpr const char* kFigureFontName = "warpscope-figure";

struct FigureOptions {
  int width = 1280, height = 720;  // logical size the draw function sees
  float scale = 1;                 // output pixels per logical pixel
  int supersample = 2;             // rendered this many times larger, then box-filtered down
  Theme theme = Theme::Light;
  bool transparent = false;  // no background: alpha 0 where nothing is drawn
};

using DrawFn = std::function<void(Canvas&)>;

// Output size in pixels: round(width * scale) x round(height * scale).
int figure_pixel_width(const FigureOptions& options);
int figure_pixel_height(const FigureOptions& options);

// Needs a current GL context and an ImguiRuntime (ImGui context, GL backend, font atlas); throws
// ws::Error otherwise. Returns straight-alpha RGBA of figure_pixel_width x figure_pixel_height.
Image render_figure(const DrawFn& draw, const FigureOptions& options);

// Renders into `target` (resized to the supersampled size) without reading back: the GUI shows
// target.texture() scaled down. Restores framebuffer, viewport and the GL state ImGui uses, so it
// may be called inside an ImGui frame. Over a transparent background the texels are premultiplied.
void render_figure_into(OffscreenTarget& target, const DrawFn& draw, const FigureOptions& options);

// The same drawing as an SVG document of width x height (scale and supersample do not apply).
std::string render_figure_svg(const DrawFn& draw, const FigureOptions& options);

}  // namespace ws::gfx
