// The live figure: a header with the clock and the stability verdict over the field panels
// (views/stencil/field_panels_figure: the slices, colour bar, probes and walls).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "heat_live_scene.h"
#include "i18n/i18n.h"
#include "interop/value_image.h"

namespace ws::app {

namespace {

using gfx::Vec2;

std::string format(const char* fmt, double v) {
  char text[64];
  std::snprintf(text, sizeof text, fmt, v);
  return text;
}

}  // namespace

// Header: what runs, the clock, and the stability verdict.
void HeatLiveScene::draw_header(gfx::Canvas& c, const gfx::Palette& pal, float font) const {
  const stencil::Params& p = sim_->params();
  const float margin = font;
  const std::string size_text = std::to_string(p.nx) + "x" + std::to_string(p.ny) +
                                (p.dim == 3 ? "x" + std::to_string(p.nz) : "");
  std::string title = trf("{0}D heat, {1}, {2}, {3} boundary, {4}", p.dim, size_text,
                          tr(stencil::shape_name(p.shape)), tr(stencil::boundary_name(p.boundary)),
                          tr_text(stencil::info(p.variant).title));
  c.text({margin, margin * 0.6f}, title, font * 1.1f, pal.text);
  const float limit = stencil::stability_limit(p.shape);
  const double dt = settings_->dt;
  std::string clock = trf("t = {0} ({1} steps of dt {2})   alpha*dt = {3}, limit {4}",
                          format("%.4g", double(time_steps_) * dt), time_steps_, format("%g", dt),
                          format("%.4g", p.r), format("%.4g", limit));
  const bool stable = stencil::is_stable(p);
  c.text({margin, margin * 0.6f + font * 1.6f}, clock, font,
         stable ? pal.text_muted : pal.mismatch);
  if (stable) return;
  // Above the limit the field may already have overflowed: say so rather than show grey.
  const stencil::Stats st = sim_->stats();
  const bool overflowed = !std::isfinite(st.sum) || !std::isfinite(st.min) ||
                          !std::isfinite(st.max) || std::abs(st.max) > 1e30;
  c.text({margin + c.text_size(clock, font).x + font, margin * 0.6f + font * 1.6f},
         overflowed ? tr("UNSTABLE: the field has overflowed (inf/NaN cells are grey)")
                    : tr("UNSTABLE: above the limit, errors grow every step"),
         font, pal.mismatch);
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
  FieldPanelsInput in;
  in.grid = p;
  in.views = panel_views();
  for (const auto& image : images_) in.textures.push_back(image ? image->texture() : 0);
  in.slice = [sim = sim_.get()](int axis, int index) { return sim->slice(axis, index); };
  in.weights = &material_on_host();
  in.start_label = field_label_;
  in.probes = s.probes;
  for (const auto& q : s.probes) in.probe_values.push_back(sim_->probe(q[0], q[1], q[2]));
  in.colormap = s.colormap;
  in.lo = s.lo;
  in.hi = s.hi;
  in.bar_title = tr("temperature");
  panels_ = draw_field_panels(c, {margin, top}, {size.x - margin * 0.5f, size.y - margin * 0.5f},
                              font, in, pal);
}

}  // namespace ws::app
