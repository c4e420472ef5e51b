// The matmul mode's charts: global traffic as OP/B against TILE_WIDTH (the model at side^3: the
// naive kernel's flat 0.25, tiling's 0.25 TILE_WIDTH, coarsening and register tiles above it),
// and the roofline of every variant: measured GFLOP/s on CUDA, the model's positions on the CPU
// backend, labelled as such.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "matmul_run.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"
#include "views/line_chart.h"
#include "views/sub_canvas.h"

namespace ws::app {

namespace {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

constexpr int kTrafficTiles[] = {2, 4, 8, 16, 32};

std::string mm_decimals(double v, int digits) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", digits, v);
  return text;
}

std::string mm_tick(double v) {
  char text[32];
  if (v >= 1e3)
    std::snprintf(text, sizeof text, "%.0fk", v / 1e3);
  else if (v >= 1)
    std::snprintf(text, sizeof text, "%.0f", v);
  else
    std::snprintf(text, sizeof text, "%.1f", v);
  return text;
}

void mm_traffic_chart(gfx::Canvas& c, const MatmulTaught& taught, int side, const gfx::Palette& p) {
  LineChart chart;
  chart.title = trf("Global traffic: OP/B against TILE_WIDTH ({0}^3, the model)", side);
  chart.subtitle = tr("FLOPs per byte loaded from global memory (coarsened: 4 outputs a thread)");
  chart.x_label = tr("TILE_WIDTH (log2 axis)");
  chart.y_label = tr("OP/B");
  for (int t : kTrafficTiles) chart.x_ticks.emplace_back(std::log2(double(t)), std::to_string(t));
  for (const mem::MatmulVariantInfo& info : mem::matmul_variant_infos()) {
    // The variants TILE_WIDTH sizes (PMPP 5.4, 6.3); the register tiles' block is another choice.
    if (int(info.variant) > int(mem::MatmulVariant::Coarsened)) continue;
    LineSeries s;
    s.name = std::to_string(int(info.variant)) + " " + info.id;
    for (int t : kTrafficTiles)
      s.points.push_back({std::log2(double(t)),
                          mem::matmul_traffic(info.variant, side, side, side, t).op_per_byte,
                          true});
    chart.series.push_back(s);
  }
  (void)taught;
  // The chart's own title sizes (views/line_chart.cpp), fitted to a narrow column.
  const float font = std::max(11.0f, std::min(c.size().y / 40.0f, c.size().x / 90.0f));
  chart.title = fit_text(c, chart.title, font * 1.2f, c.size().x - 16);
  chart.subtitle = fit_text(c, chart.subtitle, font * 0.85f, c.size().x - 16);
  draw_line_chart(c, chart, p);
}

void mm_roofline(gfx::Canvas& c, Vec2 min, Vec2 max, const MatmulRoofline& roof,
                 const gfx::Palette& p, float font, HoverMap& hover) {
  c.text(min,
         fit_text(c,
                  trf("Roofline at {0}^3: {1} GFLOP/s FP32, {2} GB/s, ridge {3} OP/B", roof.side,
                      with_commas(int64_t(roof.peak_gflops)),
                      with_commas(int64_t(roof.bandwidth_gbps)), mm_decimals(roof.ridge(), 1)),
                  font * 0.9f, max.x - min.x),
         font * 0.9f, p.text);
  c.text({min.x, min.y + font * 1.1f},
         fit_text(c, kernel_text(roof.device), font * 0.75f, max.x - min.x), font * 0.75f,
         roof.assumed ? p.mismatch : p.text_muted);
  const float left = min.x + font * 3.4f, right = max.x - font;
  const float top = min.y + font * 2.8f, bottom = max.y - font * 2.4f;
  if (right <= left || bottom <= top || roof.bandwidth_gbps <= 0 || roof.peak_gflops <= 0) return;
  const double x_lo = 0.1, x_hi = 1000;
  const double y_hi = roof.peak_gflops * 2, y_lo = y_hi / 1e4;
  auto px = [&](double x) {
    return left + float(std::log10(x / x_lo) / std::log10(x_hi / x_lo)) * (right - left);
  };
  auto py = [&](double y) {
    return bottom - float(std::log10(y / y_lo) / std::log10(y_hi / y_lo)) * (bottom - top);
  };
  c.line({left, bottom}, {right, bottom}, p.text_muted, 1.5f);
  c.line({left, bottom}, {left, top}, p.text_muted, 1.5f);
  for (double x = x_lo; x <= x_hi * 1.01; x *= 10) {
    c.line({px(x), bottom}, {px(x), bottom + font * 0.3f}, p.text_muted, 1);
    c.text({px(x), bottom + font * 0.35f}, mm_tick(x), font * 0.75f, p.text_muted, HAlign::Center,
           VAlign::Top);
  }
  for (double y = std::pow(10.0, std::ceil(std::log10(y_lo))); y <= y_hi; y *= 10) {
    c.line({left, py(y)}, {right, py(y)}, p.cell_border, 1);
    c.text({left - font * 0.3f, py(y)}, mm_tick(y), font * 0.75f, p.text_muted, HAlign::Right,
           VAlign::Middle);
  }
  c.text({(left + right) / 2, bottom + font * 1.2f}, tr("OP/B (log)"), font * 0.8f, p.text,
         HAlign::Center, VAlign::Top);
  c.text({min.x, top - font * 0.2f}, tr("GFLOP/s"), font * 0.8f, p.text, HAlign::Left,
         VAlign::Bottom);
  const double ridge = roof.ridge();
  const double x_start = std::max(x_lo, y_lo / roof.bandwidth_gbps);
  c.line({px(x_start), py(x_start * roof.bandwidth_gbps)}, {px(ridge), py(roof.peak_gflops)},
         p.text, 2.5f);
  c.line({px(ridge), py(roof.peak_gflops)}, {px(x_hi), py(roof.peak_gflops)}, p.text, 2.5f);
  // Each point joins the label of the first earlier point drawn within a label's width across
  // and a line's height up or down of it.
  std::vector<Vec2> at_of(roof.points.size());
  std::vector<size_t> anchor_of(roof.points.size());
  std::vector<std::string> labels(roof.points.size());
  for (size_t i = 0; i < roof.points.size(); ++i) {
    const RooflinePoint& pt = roof.points[i];
    at_of[i] = {px(std::clamp(pt.op_per_byte, x_lo, x_hi)), py(std::clamp(pt.gflops, y_lo, y_hi))};
    anchor_of[i] = i;
    for (size_t j = 0; j < i && pt.gflops > 0 && pt.op_per_byte > 0; ++j) {
      const RooflinePoint& q = roof.points[j];
      if (anchor_of[j] != j || q.gflops <= 0 || q.op_per_byte <= 0) continue;
      if (std::abs(at_of[j].x - at_of[i].x) <= font * 2.5f &&
          std::abs(at_of[j].y - at_of[i].y) <= font * 0.9f) {
        anchor_of[i] = j;
        break;
      }
    }
    std::string& label = labels[anchor_of[i]];
    label += (label.empty() ? "" : " ") + std::to_string(i + 1);
  }
  bool any_measured = false;
  for (size_t i = 0; i < roof.points.size(); ++i) {
    const RooflinePoint& pt = roof.points[i];
    any_measured = any_measured || pt.measured;
    if (pt.gflops <= 0) continue;
    if (pt.op_per_byte <= 0) {  // cuBLAS: its traffic is not modelled, a dashed level
      for (float x = left; x < right; x += font)
        c.line({x, py(pt.gflops)}, {std::min(x + font * 0.5f, right), py(pt.gflops)}, p.highlight,
               1.5f);
      c.text({right, py(pt.gflops) - font * 0.2f},
             trf("cuBLAS {0} GFLOP/s", with_commas(int64_t(pt.gflops))), font * 0.75f, p.highlight,
             HAlign::Right, VAlign::Bottom);
      continue;
    }
    const Vec2 at = at_of[i];
    const gfx::Color colour = p.warp_color(int(i));
    if (pt.measured)
      c.circle_filled(at, font * 0.38f, colour);
    else
      c.rect(at - Vec2{font * 0.3f, font * 0.3f}, at + Vec2{font * 0.3f, font * 0.3f}, colour, 2);
    // Variants drawn close together share one label ("4 5 6"), written at the first of them.
    if (anchor_of[i] == i)
      c.text({at.x + font * 0.45f, at.y}, labels[i], font * 0.75f, p.text, HAlign::Left,
             VAlign::Middle);
    hover.add(at - Vec2{font * 0.5f, font * 0.5f}, at + Vec2{font * 0.5f, font * 0.5f},
              pt.measured ? trf("{0}: {1} OP/B (the model), measured {2} GFLOP/s, {3} ms", pt.name,
                                mm_decimals(pt.op_per_byte, 2), with_commas(int64_t(pt.gflops)),
                                mm_decimals(pt.ms, 3))
                          : trf("{0}: {1} OP/B, at most {2} GFLOP/s (the model)", pt.name,
                                mm_decimals(pt.op_per_byte, 2), with_commas(int64_t(pt.gflops))));
  }
  c.text(
      {right, bottom - font * 0.3f},
      any_measured
          ? tr("dots: measured on this device")
          : (roof.assumed ? tr("squares: the model's positions on an assumed device (CPU backend)")
                          : tr("squares: the model's positions (measure in the panel)")),
      font * 0.75f, any_measured ? p.text_muted : p.mismatch, HAlign::Right, VAlign::Bottom);
}

}  // namespace

void draw_matmul_charts(gfx::Canvas& c, Vec2 min, Vec2 max, const MatmulTaught& taught,
                        const MatmulRoofline& roof, const gfx::Palette& p, float font,
                        HoverMap& hover) {
  const float h = max.y - min.y;
  SubCanvas traffic(c, min, {max.x - min.x, h * 0.48f});
  mm_traffic_chart(traffic, taught, roof.side, p);
  mm_roofline(c, {min.x, min.y + h * 0.52f}, max, roof, p, font, hover);
}

}  // namespace ws::app
