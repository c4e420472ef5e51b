// The live figure: the field (one panel in 2D; in 3D three orthogonal slices and the maximum along
// z) with its colour bar, the probes and the walls.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>

#include "heat_live_scene.h"
#include "interop/value_image.h"
#include "views/colorbar.h"
#include "views/field_raster.h"

namespace ws::app {

namespace {

using gfx::Vec2;

std::string format(const char* fmt, double v) {
  char text[64];
  std::snprintf(text, sizeof text, fmt, v);
  return text;
}

const char* axis_letter(int axis) {
  return axis == 0 ? "x" : axis == 1 ? "y" : "z";
}

}  // namespace

// Header: what runs, the clock, and the stability verdict.
void HeatLiveScene::draw_header(gfx::Canvas& c, const gfx::Palette& pal, float font) const {
  const stencil::Params& p = sim_->params();
  const float margin = font;
  std::string title = std::to_string(p.dim) + "D heat, " + std::to_string(p.nx) + "x" +
                      std::to_string(p.ny) + (p.dim == 3 ? "x" + std::to_string(p.nz) : "") + ", " +
                      stencil::shape_name(p.shape) + ", " + stencil::boundary_name(p.boundary) +
                      " boundary, " + stencil::info(p.variant).title;
  c.text({margin, margin * 0.6f}, title, font * 1.1f, pal.text);
  const float limit = stencil::stability_limit(p.shape);
  const double dt = settings_->dt;
  std::string clock = "t = " + format("%.4g", double(time_steps_) * dt) + " (" +
                      std::to_string(time_steps_) + " steps of dt " + format("%g", dt) +
                      ")   alpha*dt = " + format("%.4g", p.r) + ", limit " + format("%.4g", limit);
  const bool stable = stencil::is_stable(p);
  c.text({margin, margin * 0.6f + font * 1.6f}, clock, font,
         stable ? pal.text_muted : pal.mismatch);
  if (stable) return;
  // Above the limit the field may already have overflowed: say so rather than show grey.
  const stencil::Stats st = sim_->stats();
  const bool overflowed = !std::isfinite(st.sum) || !std::isfinite(st.min) ||
                          !std::isfinite(st.max) || std::abs(st.max) > 1e30;
  c.text({margin + c.text_size(clock, font).x + font, margin * 0.6f + font * 1.6f},
         overflowed ? "UNSTABLE: the field has overflowed (inf/NaN cells are grey)"
                    : "UNSTABLE: above the limit, errors grow every step",
         font, pal.mismatch);
}

// The probes in this panel's plane: a marker and its value, kept inside the panel.
void HeatLiveScene::draw_probes(gfx::Canvas& c, const gfx::Palette& pal, const HeatPanel& panel,
                                float scale, float font) const {
  const int axis = panel.axis;
  for (size_t i = 0; i < settings_->probes.size(); ++i) {
    const auto& q = settings_->probes[i];
    if (panel.index == stencil::kMaxProjection ||
        (settings_->grid.dim == 3 && q[axis] != panel.index))
      continue;
    const int u = axis == 0 ? q[1] : q[0];
    const int v = axis == 2 ? q[1] : q[2];
    const Vec2 at{panel.min.x + (u + 0.5f) * scale, panel.min.y + (v + 0.5f) * scale};
    c.circle_filled(at, font * 0.35f, pal.background);
    c.circle_filled(at, font * 0.22f, pal.text);
    const std::string label =
        "P" + std::to_string(i + 1) + " " + format("%.3f", sim_->probe(q[0], q[1], q[2]));
    const Vec2 box = c.text_size(label, font);
    // Right of the marker, or left of it near the right edge: never over the marker.
    const float lx = at.x + font * 0.5f + box.x + 2 <= panel.max.x ? at.x + font * 0.5f
                                                                   : at.x - font * 0.5f - box.x;
    // ... and inside the panel vertically, so it never runs into the header or the caption.
    const float ly = std::clamp(at.y, panel.min.y + box.y / 2 + 2, panel.max.y - box.y / 2 - 2);
    c.rect_filled({lx - 2, ly - box.y / 2 - 1}, {lx + box.x + 2, ly + box.y / 2 + 1},
                  pal.background.with_alpha(210), 3);
    c.text({lx, ly}, label, font, pal.text, gfx::HAlign::Left, gfx::VAlign::Middle);
  }
}

void HeatLiveScene::draw(gfx::Canvas& c, gfx::Theme theme) const {
  panels_.clear();
  const gfx::Palette& pal = gfx::palette(theme);
  c.rect_filled({0, 0}, c.size(), pal.background);
  if (!sim_) return;
  const HeatSettings& s = *settings_;
  const stencil::Params& p = sim_->params();
  const Vec2 size = c.size();
  const float font = std::clamp(size.y / 42.0f, 11.0f, 20.0f);
  const float margin = font;
  draw_header(c, pal, font);

  const float top = margin * 0.6f + font * 3.6f;
  const std::vector<std::pair<int, int>> views = panel_views();
  std::vector<std::pair<int, int>> cells;
  for (const auto& [axis, index] : views) {
    int width = 0, height = 0;
    stencil::slice_shape(p, axis, width, height);
    cells.push_back({width, height});
  }
  const FieldPanels layout = layout_field_panels(
      {margin, top}, {size.x - margin * 0.5f, size.y - margin * 0.5f}, cells, font);
  const std::vector<float>& material = material_on_host();
  for (size_t k = 0; k < views.size(); ++k) {
    HeatPanel panel;
    std::tie(panel.axis, panel.index) = views[k];
    std::tie(panel.width, panel.height) = cells[k];
    std::tie(panel.min, panel.max) = layout.rects[k];
    const int axis = panel.axis, index = panel.index, width = panel.width, height = panel.height;
    const bool projection = index == stencil::kMaxProjection;
    gfx::Canvas::Raster field;
    field.texture = images_[k] ? images_[k]->texture() : 0;
    field.pixels = [this, axis, index, width, height] {
      const std::vector<float> values = sim_ ? sim_->slice(axis, index) : std::vector<float>();
      return colour_values(values, width, height, settings_->colormap, settings_->lo,
                           settings_->hi);
    };
    c.image(panel.min, panel.max, field);
    if (p.materials && !projection) {
      std::vector<float> plane;
      plane.reserve(size_t(width) * height);
      for (int v = 0; v < height; ++v)
        for (int u = 0; u < width; ++u) {
          const int x = axis == 0 ? index : u, y = axis == 1 ? index : (axis == 0 ? u : v);
          const int z = axis == 2 ? (p.dim == 3 ? index : 0) : v;
          plane.push_back(material[x + size_t(p.nx) * (y + size_t(p.ny) * z)]);
        }
      gfx::Canvas::Raster veil;
      // Mid grey reads against both ends of every colormap (black, yellow, blue, red).
      veil.pixels = [plane, width, height] {
        return weight_veil(plane, width, height, gfx::Color{150, 150, 160});
      };
      c.image(panel.min, panel.max, veil);
    }
    c.rect(panel.min, panel.max, pal.cell_border);
    std::string caption;
    if (projection) {
      caption = "maximum along z: the hottest cell of each column";
    } else if (p.dim == 3) {
      caption = std::string(axis_letter(axis)) + " = " + std::to_string(index) + " plane (" +
                (axis == 0 ? "y" : "x") + " across, " + (axis == 2 ? "y" : "z") + " down)";
    } else {
      caption = std::to_string(p.nx) + " x " + std::to_string(p.ny) + " cells, " +
                (field_label_.empty() ? "" : "start: " + field_label_);
    }
    c.text({panel.min.x, panel.max.y + font * 0.4f}, caption, font, pal.text_muted);
    draw_probes(c, pal, panel, layout.scale[k], font);
    panels_.push_back(panel);
  }
  draw_colorbar(c, layout.bar_min, layout.bar_max, s.colormap, s.lo, s.hi, "temperature", font,
                pal);
}

}  // namespace ws::app
