// The access mode's chart (effective bandwidth against the stride, as a fraction of a copy's:
// the sector model, and on CUDA the measurement) and its captions.
#include <algorithm>
#include <cstdio>

#include "i18n/i18n.h"
#include "memory_access_run.h"
#include "views/figure_parts.h"

namespace ws::app {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

void draw_access_chart(gfx::Canvas& c, Vec2 min, Vec2 max, const StrideChart& chart, int stride,
                       const gfx::Palette& p, float font) {
  if (chart.strides.empty()) return;
  const float f = font * 0.8f;
  c.text(min, tr("effective bandwidth / copy bandwidth, by stride"), f, p.text);
  c.text({min.x, min.y + f * 1.3f},
         chart.measured ? trf("measured on the device (copy {0} GB/s)", int(chart.copy_gbps))
                        : tr("CPU backend: the sector model's prediction"),
         f * 0.9f, p.text_muted);
  const Vec2 lo{min.x + f * 2.5f, min.y + f * 3}, hi{max.x - f, max.y - f * 1.5f};
  c.line({lo.x, hi.y}, {hi.x, hi.y}, p.text_muted);
  c.line({lo.x, lo.y}, {lo.x, hi.y}, p.text_muted);
  const int n = static_cast<int>(chart.strides.size());
  auto at = [&](int i, double y) {
    return Vec2{lo.x + (hi.x - lo.x) * float(i) / float(std::max(n - 1, 1)),
                hi.y - (hi.y - lo.y) * float(std::clamp(y, 0.0, 1.1) / 1.1)};
  };
  for (double y : {0.0, 0.5, 1.0}) {
    c.text({lo.x - f * 0.3f, at(0, y).y}, used_percent(y), f * 0.8f, p.text_muted, HAlign::Right,
           VAlign::Middle);
  }
  for (int i = 0; i < n; i += std::max(1, n / 8))
    c.text({at(i, 0).x, hi.y + 2}, std::to_string(chart.strides[size_t(i)]), f * 0.8f, p.text_muted,
           HAlign::Center);
  c.text({hi.x, hi.y + 2}, tr("stride"), f * 0.8f, p.text_muted, HAlign::Right);
  for (int i = 0; i + 1 < n; ++i)
    c.line(at(i, chart.model_fraction[size_t(i)]), at(i + 1, chart.model_fraction[size_t(i + 1)]),
           p.text_muted, 1.5f);
  if (chart.measured)
    for (int i = 0; i + 1 < n && i + 1 < int(chart.measured_fraction.size()); ++i)
      c.line(at(i, chart.measured_fraction[size_t(i)]),
             at(i + 1, chart.measured_fraction[size_t(i + 1)]), p.highlight, 2.0f);
  if (stride >= 1 && stride <= n) {
    const Vec2 m = at(stride - 1, chart.model_fraction[size_t(stride - 1)]);
    c.circle_filled(m, f * 0.35f, p.divergent);
  }
}

std::string access_caption(const AccessView& v, int step) {
  if (v.instructions.empty()) return "";
  const AccessInstruction& a =
      v.instructions[size_t(std::clamp<int>(step, 0, int(v.instructions.size()) - 1))];
  std::string text = trf("Warp {0}, {1}: ", a.ins.warp, a.buffer) + instruction_cost_text(a) + ".";
  if (a.shared)
    text +=
        std::string(" ") + tr("Lanes on one bank take turns: an n-way conflict costs n passes.");
  else if (a.ins.cost.efficiency >= 0.999)
    text += std::string(" ") + tr("Coalesced: every byte moved is used.");
  else
    text += std::string(" ") +
            tr("Uncoalesced: the memory moves whole 32-byte sectors, so bytes no lane asked "
               "for travel too.");
  return text;
}

}  // namespace ws::app
