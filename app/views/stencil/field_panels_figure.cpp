#include "field_panels_figure.h"

#include <algorithm>
#include <cstdio>
#include <tuple>

#include "i18n/i18n.h"
#include "views/colorbar.h"
#include "views/field_raster.h"

namespace ws::app {

namespace {

using gfx::Vec2;

const char* axis_letter(int axis) {
  return axis == 0 ? "x" : axis == 1 ? "y" : "z";
}

// The probes in this panel's plane: a marker and its value, kept inside the panel.
void draw_probes(gfx::Canvas& c, const gfx::Palette& pal, const FieldPanelsInput& in,
                 const FieldPanel& panel, float scale, float font) {
  const int axis = panel.axis;
  for (size_t i = 0; i < in.probes.size(); ++i) {
    const auto& q = in.probes[i];
    if (panel.index == stencil::kMaxProjection || (in.grid.dim == 3 && q[axis] != panel.index))
      continue;
    const int u = axis == 0 ? q[1] : q[0];
    const int v = axis == 2 ? q[1] : q[2];
    const Vec2 at{panel.min.x + (u + 0.5f) * scale, panel.min.y + (v + 0.5f) * scale};
    c.circle_filled(at, font * 0.35f, pal.background);
    c.circle_filled(at, font * 0.22f, pal.text);
    char value[32];
    std::snprintf(value, sizeof value, " %.3f", in.probe_values[i]);
    const std::string label = "P" + std::to_string(i + 1) + value;
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

// The weights of one panel's plane, row by row.
std::vector<float> plane_weights(const FieldPanelsInput& in, const FieldPanel& panel) {
  const stencil::Params& p = in.grid;
  const int axis = panel.axis, index = panel.index;
  std::vector<float> plane;
  plane.reserve(size_t(panel.width) * panel.height);
  for (int v = 0; v < panel.height; ++v)
    for (int u = 0; u < panel.width; ++u) {
      const int x = axis == 0 ? index : u, y = axis == 1 ? index : (axis == 0 ? u : v);
      const int z = axis == 2 ? (p.dim == 3 ? index : 0) : v;
      plane.push_back((*in.weights)[x + size_t(p.nx) * (y + size_t(p.ny) * z)]);
    }
  return plane;
}

}  // namespace

std::vector<std::pair<int, int>> field_panel_views(int dim, const std::array<int, 3>& slice) {
  if (dim == 2) return {{2, 0}};
  return {{0, slice[0]}, {1, slice[1]}, {2, slice[2]}, {2, stencil::kMaxProjection}};
}

std::vector<FieldPanel> draw_field_panels(gfx::Canvas& c, Vec2 min, Vec2 max, float font,
                                          const FieldPanelsInput& in, const gfx::Palette& pal) {
  const stencil::Params& p = in.grid;
  std::vector<std::pair<int, int>> cells;
  for (const auto& [axis, index] : in.views) {
    int width = 0, height = 0;
    stencil::slice_shape(p, axis, width, height);
    cells.push_back({width, height});
  }
  const FieldPanels layout = layout_field_panels(min, max, cells, font);
  std::vector<FieldPanel> panels;
  for (size_t k = 0; k < in.views.size(); ++k) {
    FieldPanel panel;
    std::tie(panel.axis, panel.index) = in.views[k];
    std::tie(panel.width, panel.height) = cells[k];
    std::tie(panel.min, panel.max) = layout.rects[k];
    const int axis = panel.axis, index = panel.index, width = panel.width, height = panel.height;
    const bool projection = index == stencil::kMaxProjection;
    gfx::Canvas::Raster field;
    field.texture = k < in.textures.size() ? in.textures[k] : 0;
    field.pixels = [slice = in.slice, axis, index, width, height, map = in.colormap, lo = in.lo,
                    hi = in.hi] {
      const std::vector<float> values = slice ? slice(axis, index) : std::vector<float>();
      return colour_values(values, width, height, map, lo, hi);
    };
    c.image(panel.min, panel.max, field);
    if (p.materials && in.weights && !projection) {
      gfx::Canvas::Raster veil;
      // Mid grey reads against both ends of every colormap (black, yellow, blue, red).
      veil.pixels = [plane = plane_weights(in, panel), width, height] {
        return weight_veil(plane, width, height, gfx::Color{150, 150, 160});
      };
      c.image(panel.min, panel.max, veil);
    }
    c.rect(panel.min, panel.max, pal.cell_border);
    std::string caption;
    if (projection) {
      caption = tr("maximum along z: the hottest cell of each column");
    } else if (p.dim == 3) {
      caption = trf("{0} = {1} plane ({2} across, {3} down)", axis_letter(axis), index,
                    axis == 0 ? "y" : "x", axis == 2 ? "y" : "z");
    } else {
      caption = trf("{0} x {1} cells, ", p.nx, p.ny) +
                (in.start_label.empty() ? "" : trf("start: {0}", tr_text(in.start_label)));
    }
    c.text({panel.min.x, panel.max.y + font * 0.4f}, caption, font, pal.text_muted);
    draw_probes(c, pal, in, panel, layout.scale[k], font);
    panels.push_back(panel);
  }
  draw_colorbar(c, layout.bar_min, layout.bar_max, in.colormap, in.lo, in.hi, in.bar_title, font,
                pal);
  return panels;
}

bool field_panel_cell_at(const std::vector<FieldPanel>& panels, Vec2 point, int dim,
                         const std::array<int, 3>& slice, std::array<int, 3>& cell) {
  for (const FieldPanel& panel : panels) {
    if (panel.index == stencil::kMaxProjection) continue;  // a projection has no single cell
    if (point.x < panel.min.x || point.y < panel.min.y || point.x >= panel.max.x ||
        point.y >= panel.max.y)
      continue;
    const int u = std::clamp(
        static_cast<int>((point.x - panel.min.x) / (panel.max.x - panel.min.x) * panel.width), 0,
        panel.width - 1);
    const int v = std::clamp(
        static_cast<int>((point.y - panel.min.y) / (panel.max.y - panel.min.y) * panel.height), 0,
        panel.height - 1);
    // slice_shape: axis 0 shows (y, z), axis 1 (x, z), axis 2 (x, y).
    if (panel.axis == 0) cell = {slice[0], u, v};
    if (panel.axis == 1) cell = {u, slice[1], v};
    if (panel.axis == 2) cell = {u, v, dim == 3 ? slice[2] : 0};
    return true;
  }
  return false;
}

}  // namespace ws::app
