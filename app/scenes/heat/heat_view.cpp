// The heat scene's figures: the live field (one panel in 2D, three orthogonal slices in 3D) with
// its colour bar, probes and walls; and the teach view of one traced launch.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "heat_scene.h"
#include "interop/value_image.h"
#include "render/image.h"
#include "views/colorbar.h"

namespace ws::app {

namespace {

using gfx::Vec2;

std::string format(const char* fmt, double v) {
  char text[64];
  std::snprintf(text, sizeof text, fmt, v);
  return text;
}

// Host colouring of a slice (SVG export, and screens without a texture).
gfx::Image colour_slice(const std::vector<float>& values, int width, int height,
                        interop::Colormap map, float lo, float hi) {
  gfx::Image image;
  image.width = width;
  image.height = height;
  image.rgba.resize(size_t(width) * height * 4);
  std::vector<uint32_t> rgba(values.size());
  interop::colormap_fill_host(map, values.data(), int64_t(values.size()), int64_t(values.size()),
                              lo, hi, rgba.data());
  for (size_t i = 0; i < rgba.size(); ++i)
    for (int k = 0; k < 4; ++k) image.rgba[i * 4 + k] = uint8_t(rgba[i] >> (8 * k));
  return image;
}

// Walls and poor conductors as a translucent grey veil (alpha grows as conductivity falls); at
// most 1024 pixels a side, keeping the lowest conductivity of each block so thin walls survive.
gfx::Image material_veil(const std::vector<float>& m, int width, int height, gfx::Color wall) {
  const int f = std::max(1, (std::max(width, height) + 1023) / 1024);
  gfx::Image image;
  image.width = (width + f - 1) / f;
  image.height = (height + f - 1) / f;
  image.rgba.assign(size_t(image.width) * image.height * 4, 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const float k = m[size_t(y) * width + x];
      if (k < 0 || k >= 1) continue;  // pinned cells show their temperature; k >= 1 is normal
      uint8_t* px = &image.rgba[(size_t(y / f) * image.width + x / f) * 4];
      const uint8_t alpha = uint8_t(std::lround(230 * (1 - std::max(0.0f, k))));
      if (alpha <= px[3]) continue;
      px[0] = wall.r;
      px[1] = wall.g;
      px[2] = wall.b;
      px[3] = alpha;
    }
  return image;
}

const char* axis_letter(int axis) {
  return axis == 0 ? "x" : axis == 1 ? "y" : "z";
}

}  // namespace

std::vector<float> HeatScene::host_slice(int axis, int index) const {
  return sim_ ? sim_->slice(axis, index) : std::vector<float>();
}

void HeatScene::draw(gfx::Canvas& c, gfx::Theme theme) const {
  panels_.clear();
  const gfx::Palette& p = gfx::palette(theme);
  c.rect_filled({0, 0}, c.size(), p.background);
  if (teach_)
    draw_teach(c, theme);
  else if (sim_)
    draw_live(c, theme);
}

void HeatScene::draw_live(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& pal = gfx::palette(theme);
  const stencil::Params& p = sim_->params();
  const Vec2 size = c.size();
  const float font = std::clamp(size.y / 42.0f, 11.0f, 20.0f);
  const float margin = font;

  // Header: what runs, the clock, and the stability verdict.
  std::string title = std::to_string(p.dim) + "D heat, " + std::to_string(p.nx) + "x" +
                      std::to_string(p.ny) + (p.dim == 3 ? "x" + std::to_string(p.nz) : "") + ", " +
                      stencil::shape_name(p.shape) + ", " + stencil::boundary_name(p.boundary) +
                      " boundary, " + stencil::info(p.variant).title;
  c.text({margin, margin * 0.6f}, title, font * 1.1f, pal.text);
  const float limit = stencil::stability_limit(p.shape);
  std::string clock = "t = " + format("%.4g", double(time_steps_) * settings_.dt) + " (" +
                      std::to_string(time_steps_) + " steps of dt " + format("%g", settings_.dt) +
                      ")   alpha*dt = " + format("%.4g", p.r) + ", limit " + format("%.4g", limit);
  const bool stable = stencil::is_stable(p);
  c.text({margin, margin * 0.6f + font * 1.6f}, clock, font,
         stable ? pal.text_muted : pal.mismatch);
  if (!stable) {
    // Above the limit the field may already have overflowed: say so rather than show grey.
    const stencil::Stats st = sim_->stats();
    const bool overflowed = !std::isfinite(st.sum) || !std::isfinite(st.min) ||
                            !std::isfinite(st.max) || std::abs(st.max) > 1e30;
    c.text({margin + c.text_size(clock, font).x + font, margin * 0.6f + font * 1.6f},
           overflowed ? "UNSTABLE: the field has overflowed (inf/NaN cells are grey)"
                      : "UNSTABLE: above the limit, errors grow every step",
           font, pal.mismatch);
  }

  const float top = margin * 0.6f + font * 3.6f;
  const float bar_w = font * 6.5f;
  const Vec2 area_min{margin, top}, area_max{size.x - bar_w - margin * 2, size.y - margin * 0.5f};
  const std::vector<std::pair<int, int>> views = panel_views();
  const int count = static_cast<int>(views.size());
  const int columns = count > 1 ? 2 : 1, rows = (count + columns - 1) / columns;
  const float gap = font * 1.5f, caption = font * 1.7f;
  const float slot_w = (area_max.x - area_min.x - gap * (columns - 1)) / columns;
  const float slot_h = (area_max.y - area_min.y - gap * (rows - 1)) / rows - caption;
  if (p.materials && material_cache_version_ != material_version_) {
    material_cache_ = sim_->material();  // downloaded once per change, not per frame
    material_cache_version_ = material_version_;
  }
  const std::vector<float>& material = material_cache_;
  for (int k = 0; k < count; ++k) {
    HeatPanel panel;
    panel.axis = views[k].first;
    panel.index = views[k].second;
    const bool projection = panel.index == stencil::kMaxProjection;
    stencil::slice_shape(p, panel.axis, panel.width, panel.height);
    const float scale = std::min(slot_w / panel.width, slot_h / panel.height);
    const float w = panel.width * scale, h = panel.height * scale;
    const int column = k % columns, row = k / columns;
    const float y0 = area_min.y + row * (slot_h + caption + gap);
    panel.min = {area_min.x + column * (slot_w + gap) + (slot_w - w) / 2, y0};
    panel.max = {panel.min.x + w, y0 + h};
    gfx::Canvas::Raster field;
    field.texture = images_[k] ? images_[k]->texture() : 0;
    const int axis = panel.axis, index = panel.index, width = panel.width, height = panel.height;
    field.pixels = [this, axis, index, width, height] {
      return colour_slice(host_slice(axis, index), width, height, settings_.colormap, settings_.lo,
                          settings_.hi);
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
        return material_veil(plane, width, height, gfx::Color{150, 150, 160});
      };
      c.image(panel.min, panel.max, veil);
    }
    c.rect(panel.min, panel.max, pal.cell_border);
    if (projection) {
      c.text({panel.min.x, panel.max.y + font * 0.4f},
             "maximum along z: the hottest cell of each column", font, pal.text_muted);
    } else if (p.dim == 3) {
      const char* across = axis == 0 ? "y" : "x";
      const char* down = axis == 2 ? "y" : "z";
      c.text({panel.min.x, panel.max.y + font * 0.4f},
             std::string(axis_letter(axis)) + " = " + std::to_string(index) + " plane (" + across +
                 " across, " + down + " down)",
             font, pal.text_muted);
    } else {
      c.text({panel.min.x, panel.max.y + font * 0.4f},
             std::to_string(p.nx) + " x " + std::to_string(p.ny) + " cells, " +
                 (field_label_.empty() ? "" : "start: " + field_label_),
             font, pal.text_muted);
    }
    // Probes in this plane.
    for (size_t i = 0; i < settings_.probes.size(); ++i) {
      const auto& q = settings_.probes[i];
      if (projection || (p.dim == 3 && q[axis] != index)) continue;
      const int u = axis == 0 ? q[1] : q[0];
      const int v = axis == 2 ? q[1] : q[2];
      const Vec2 at{panel.min.x + (u + 0.5f) * scale, panel.min.y + (v + 0.5f) * scale};
      const float value = sim_->probe(q[0], q[1], q[2]);
      c.circle_filled(at, font * 0.35f, pal.background);
      c.circle_filled(at, font * 0.22f, pal.text);
      const std::string label = "P" + std::to_string(i + 1) + " " + format("%.3f", value);
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
    panels_.push_back(panel);
  }
  // The colour bar sits beside the panels, not at the far edge of a wide figure.
  float right = 0, bottom = 0;
  for (const HeatPanel& panel : panels_) {
    right = std::max(right, panel.max.x);
    bottom = std::max(bottom, panel.max.y);
  }
  const float bar_x = std::min(right + margin * 1.5f, size.x - bar_w - margin * 0.5f);
  draw_colorbar(c, {bar_x, top}, {bar_x + bar_w, bottom}, settings_.colormap, settings_.lo,
                settings_.hi, "temperature", font, pal);
}

}  // namespace ws::app
