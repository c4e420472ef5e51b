// The live figure: a header with the clock and the stability verdict over the field panels
// (views/stencil/field_panels_figure: the slices, colour bar, probes and walls), and what the
// mouse rests on (the figure's hover regions).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "heat_live_run.h"
#include "i18n/i18n.h"
#include "interop/value_image.h"

namespace ws::app {

namespace {

using gfx::Vec2;

// Header: what runs, the clock, and the stability verdict.
void draw_header(gfx::Canvas& c, const gfx::Palette& pal, float font, const HeatLive& live,
                 const HeatSettings& s) {
  const stencil::Params& p = live.sim->params();
  const float margin = font;
  std::string title = trf("{0}D heat, {1}, {2}, {3} boundary, {4}", p.dim, heat_size_text(p),
                          tr(stencil::shape_name(p.shape)), tr(stencil::boundary_name(p.boundary)),
                          tr_text(stencil::info(p.variant).title));
  c.text({margin, margin * 0.6f}, title, font * 1.1f, pal.text);
  const float limit = stencil::stability_limit(p.shape);
  const double dt = s.dt;
  std::string clock =
      trf("t = {0} ({1} steps of dt {2})   alpha*dt = {3}, limit {4}",
          heat_number("%.4g", double(live.time_steps) * dt), live.time_steps, heat_number("%g", dt),
          heat_number("%.4g", p.r), heat_number("%.4g", limit));
  const bool stable = stencil::is_stable(p);
  c.text({margin, margin * 0.6f + font * 1.6f}, clock, font,
         stable ? pal.text_muted : pal.mismatch);
  if (stable) return;
  // Above the limit the field may already have overflowed: say so rather than show grey.
  const stencil::Stats st = live.sim->stats();
  const bool overflowed = !std::isfinite(st.sum) || !std::isfinite(st.min) ||
                          !std::isfinite(st.max) || std::abs(st.max) > 1e30;
  c.text({margin + c.text_size(clock, font).x + font, margin * 0.6f + font * 1.6f},
         overflowed ? tr("UNSTABLE: the field has overflowed (inf/NaN cells are grey)")
                    : tr("UNSTABLE: above the limit, errors grow every step"),
         font, pal.mismatch);
}

// The temperature (and material) of the cell of `panel` under `point` now; "" over nothing.
std::string describe_cell(const HeatLive& live, const HeatSettings& s, const FieldPanel& panel,
                          Vec2 point) {
  std::array<int, 3> cell;
  if (!live.sim || !field_panel_cell_at({panel}, point, s.grid.dim, s.slice_index(), cell))
    return "";
  const stencil::Simulation& sim = *live.sim;
  const float v = sim.probe(cell[0], cell[1], cell[2]);
  const std::string where = std::to_string(cell[0]) + ", " + std::to_string(cell[1]) +
                            (s.grid.dim == 3 ? ", " + std::to_string(cell[2]) : "");
  std::string text = trf("cell ({0}): temperature {1} ", where, heat_number("%.4f", v));
  if (sim.params().materials && live.material_cache_version == live.material_version) {
    const stencil::Params& p = sim.params();
    const float m =
        live.material_cache.at(cell[0] + size_t(p.nx) * (cell[1] + size_t(p.ny) * cell[2]));
    text += "\n" + (m < 0 ? std::string(tr("pinned (a heater or cooler)"))
                          : trf("conductivity {0}", heat_number("%.3g", m)));
  }
  return text;
}

}  // namespace

void draw_heat_live(gfx::Canvas& c, gfx::Theme theme, const HeatLive& live, const HeatSettings& s,
                    HoverMap& hover) {
  live.panels.clear();
  const gfx::Palette& pal = gfx::palette(theme);
  c.rect_filled({0, 0}, c.size(), pal.background);
  if (!live.sim) return;
  const stencil::Simulation& sim = *live.sim;
  const Vec2 size = c.size();
  const float font = std::clamp(size.y / 42.0f, 11.0f, 20.0f);
  const float margin = font;
  draw_header(c, pal, font, live, s);

  const float top = margin * 0.6f + font * 3.6f;
  FieldPanelsInput in;
  in.grid = sim.params();
  in.views = field_panel_views(s.grid.dim, s.slice_index());
  for (const auto& image : live.images) in.textures.push_back(image ? image->texture() : 0);
  in.slice = [&sim](int axis, int index) { return sim.slice(axis, index); };
  in.weights = &live.material_on_host();
  in.start_label = live.field_label;
  in.probes = s.probes;
  for (const auto& q : s.probes) in.probe_values.push_back(sim.probe(q[0], q[1], q[2]));
  in.colormap = s.colormap;
  in.lo = s.lo;
  in.hi = s.hi;
  in.bar_title = tr("temperature");
  live.panels = draw_field_panels(c, {margin, top},
                                  {size.x - margin * 0.5f, size.y - margin * 0.5f}, font, in, pal);
  // A projection has no single cell: nothing to say over it.
  for (const FieldPanel& panel : live.panels)
    if (panel.index != stencil::kMaxProjection)
      hover.add(panel.min, panel.max,
                [&live, &s, panel](Vec2 point) { return describe_cell(live, s, panel, point); });
}

}  // namespace ws::app
