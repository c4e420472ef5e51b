// The single-pass timeline: one row per block (its dynamic index), time to the right. A block's
// bar is split where it published its aggregate (flag A) and its inclusive prefix (flag P); every
// read of a predecessor's flag is a tick coloured by what it saw, with a line to the block it
// looked at. Recorded on the GPU (%globaltimer, ns) or the CPU twin's model (time units). The part
// of every bar the current step belongs to is drawn solid, the rest faded.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "i18n/i18n.h"
#include "scan_views.h"
#include "views/colorbar.h"

namespace ws::app {

using gfx::Color;
using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

namespace {

constexpr size_t kMaxPollMarks = 20000;

Color flag_colour(const gfx::Palette& p, scan::BlockFlag f) {
  switch (f) {
    case scan::BlockFlag::Aggregate:
      return p.warp_color(1);
    case scan::BlockFlag::Prefix:
      return p.warp_color(2);
    default:
      return p.mismatch;
  }
}

const char* part_name(TimelinePart part) {
  switch (part) {
    case TimelinePart::OwnSection:
      return tr("own section");
    case TimelinePart::LookBack:
      return tr("looking back");
    case TimelinePart::Store:
      return tr("store");
    default:
      return "";
  }
}

}  // namespace

TimelinePart timeline_part_of_phase(const std::string& phase) {
  if (phase == "look-back" || phase == "chain") return TimelinePart::LookBack;
  if (phase == "store") return TimelinePart::Store;
  return TimelinePart::OwnSection;
}

TimelineAxis timeline_axis(double t1, bool measured, int count) {
  TimelineAxis axis;
  double unit = 1;
  if (measured) {
    if (t1 >= 1e6) {
      unit = 1e6;
      axis.unit = "ms";
    } else if (t1 >= 1e3) {
      unit = 1e3;
      axis.unit = "\xC2\xB5s";
    } else {
      axis.unit = "ns";
    }
  }
  for (double v : nice_ticks(0, t1 / unit, std::max(1, count))) {
    // Model time counts whole steps: no fractional ticks.
    if (!measured && v != std::floor(v)) continue;
    char b[32];
    std::snprintf(b, sizeof b, "%g", v);
    axis.ticks.push_back(v * unit);
    axis.labels.push_back(axis.unit.empty() ? std::string(b) : std::string(b) + " " + axis.unit);
  }
  return axis;
}

void draw_scan_timeline(gfx::Canvas& c, const scan::Timeline& t, const gfx::Palette& p,
                        ScanHoverPane& pane, TimelinePart current_part,
                        const std::string& step_name) {
  const Vec2 size = c.size();
  const float s = std::max(1.0f, std::min(size.x / 1280.0f, size.y / 720.0f));
  // 13 px at 1280 wide and up; smaller in a small figure (half a comparison, a projector font's
  // viewport), never under 9.
  const float font = std::clamp(size.x / 98.0f, 9.0f, 13 * s);
  if (t.blocks.empty()) {
    c.text({8, 8},
           fit_text(c,
                    tr("No block timeline: only the single-pass variants (8 chained, 9 decoupled "
                       "look-back) have one. Pick one of them, or another view."),
                    font * 1.2f, size.x - 16),
           font * 1.2f, p.text);
    return;
  }
  // The part of each bar the current step belongs to is solid; the other parts fade.
  auto part_alpha = [&](TimelinePart part, uint8_t solid) -> uint8_t {
    return current_part == TimelinePart::None || current_part == part ? solid : 100;
  };
  const Color own = p.warp_color(0).with_alpha(part_alpha(TimelinePart::OwnSection, 255));
  const Color back = p.warp_color(5).with_alpha(part_alpha(TimelinePart::LookBack, 255));
  const Color store = p.warp_color(2).with_alpha(part_alpha(TimelinePart::Store, 140));
  // Legend: one line, or more in a narrow figure.
  float x = 8, ky = 4;
  auto key = [&](Color col, const std::string& text, bool tick) {
    const float w = (tick ? 3 * s : font * 1.6f) + 4 + c.text_size(text, font).x;
    if (x > 8 && x + w > size.x - 4) {
      x = 8;
      ky += font * 1.4f;
    }
    if (tick)
      c.rect_filled({x, ky}, {x + 3 * s, ky + font}, col);
    else
      c.rect_filled({x, ky + font * 0.2f}, {x + font * 1.6f, ky + font * 0.8f}, col);
    x += (tick ? 3 * s : font * 1.6f) + 4;
    c.text({x, ky + font / 2}, text, font, p.text_muted, HAlign::Left, VAlign::Middle);
    x += c.text_size(text, font).x + 14 * s;
  };
  key(p.warp_color(0), tr("own section (until aggregate A published)"), false);
  key(p.warp_color(5), tr("looking back (until prefix P published)"), false);
  key(p.warp_color(2).with_alpha(140), tr("store"), false);
  key(p.mismatch, tr("poll saw X (not ready)"), true);
  key(p.warp_color(1), tr("saw A"), true);
  key(p.warp_color(2), tr("saw P"), true);

  double t1 = 1;
  for (const auto& b : t.blocks) t1 = std::max<double>(t1, static_cast<double>(b.t_end));
  const float top = ky + font * 2.2f;
  const float axis_h = font * 4.8f;
  const float label_w = 70 * s;
  const float x0 = label_w, x1 = size.x - 10;
  const int count = static_cast<int>(t.blocks.size());
  // Rows share the height, but a handful of blocks do not become slabs.
  const float row_h = std::min((size.y - top - axis_h) / static_cast<float>(count), font * 2.6f);
  auto tx = [&](double time) { return x0 + static_cast<float>(time / t1) * (x1 - x0); };
  auto ry = [&](int block) { return top + block * row_h; };
  pane.timeline = &t;
  pane.timeline_x0 = x0;
  pane.timeline_x1 = x1;
  pane.timeline_y0 = top;
  pane.timeline_row_h = row_h;
  pane.timeline_t1 = t1;

  // Labels no smaller than 9 px: every k-th row when the rows are thinner than that.
  const float label_font = std::min(font, std::max(9.0f * s, row_h * 0.8f));
  const int label_every =
      std::max(1, static_cast<int>(std::ceil(label_font * 1.15f / std::max(row_h, 0.01f))));
  for (int i = 0; i < count; ++i) {
    const scan::BlockRecord& b = t.blocks[i];
    const float y = ry(i), h = std::max(row_h * 0.7f, 0.6f);
    if (i % label_every == 0)
      c.text({label_w - 6, y + h / 2}, trf("block {0}", b.block), label_font, p.text_muted,
             HAlign::Right, VAlign::Middle);
    c.rect_filled({tx(b.t_start), y}, {std::max(tx(b.t_aggregate), tx(b.t_start) + 0.6f), y + h},
                  own);
    c.rect_filled({tx(b.t_aggregate), y}, {tx(b.t_prefix), y + h}, back);
    c.rect_filled({tx(b.t_prefix), y}, {tx(b.t_end), y + h}, store);
  }
  // Polls: a tick on the polling block's row, a line to the predecessor it looked at.
  const bool lines = row_h >= 5 && t.polls.size() <= 2000;
  const uint8_t poll_alpha = part_alpha(TimelinePart::LookBack, 255);
  size_t drawn = 0;
  for (const scan::Poll& q : t.polls) {
    // Rows under 2 px: ticks would hide the bars.
    if (row_h < 2 || q.block < 0 || q.block >= count || drawn++ >= kMaxPollMarks) continue;
    const float px = tx(static_cast<double>(q.t));
    const Color col = flag_colour(p, q.seen);
    const float y = ry(q.block);
    if (lines && q.predecessor >= 0 && q.predecessor < count)
      c.line({px, y + row_h * 0.35f}, {px, ry(q.predecessor) + row_h * 0.35f},
             col.with_alpha(std::min<uint8_t>(110, poll_alpha)), 1.0f);
    c.rect_filled({px - std::max(1.0f, s), y - row_h * 0.1f},
                  {px + std::max(1.0f, s), y + std::max(row_h * 0.8f, 1.0f)},
                  col.with_alpha(poll_alpha));
  }
  // Time axis: round values (1, 2, 5 x 10^k) at their true positions.
  const float ay = ry(count) + font * 0.6f;
  c.begin_group("time-axis");
  c.line({x0, ay}, {x1, ay}, p.text_muted, 1);
  const float tick_font = font * 0.9f;
  const int wanted = std::clamp(static_cast<int>((x1 - x0) / (tick_font * 7)), 2, 10);
  const TimelineAxis axis = timeline_axis(t1, t.measured, wanted);
  for (size_t k = 0; k < axis.ticks.size(); ++k) {
    const float px = tx(axis.ticks[k]);
    c.line({px, ay}, {px, ay + 4}, p.text_muted, 1);
    c.text({px, ay + 5}, axis.labels[k], tick_font, p.text_muted,
           px - x0 < tick_font   ? HAlign::Left
           : x1 - px < tick_font ? HAlign::Right
                                 : HAlign::Center,
           VAlign::Top);
  }
  c.end_group();
  std::string note =
      t.measured ? trf("time since the first block started, in {0} (recorded on the GPU with "
                       "%globaltimer)",
                       axis.unit)
                 : std::string(tr("time in the CPU twin's model: one unit per step a block takes"));
  note += " \xC2\xB7 " + (count == 1 ? trf("{0} block", count) : trf("{0} blocks", count)) +
          " \xC2\xB7 " + trf("{0} flag reads kept", t.polls.size());
  if (t.polls_dropped) note += trf(", {0} dropped", t.polls_dropped);
  c.text({x0, ay + 7 + tick_font * 1.2f}, fit_text(c, note, tick_font, size.x - x0 - 4), tick_font,
         p.text_muted, HAlign::Left, VAlign::Top);
  if (count == 1)  // the default input fits one block: nothing to chain or look back over
    c.text({x0, ay + 11 + tick_font * 3.6f},
           fit_text(c,
                    tr("One block has no predecessor to wait for: raise N to get several blocks, "
                       "or record the timeline at a larger size (\"Record at size N\", --record "
                       "65536)."),
                    font, size.x - x0 - 4),
           font, p.text, HAlign::Left, VAlign::Top);
  if (current_part != TimelinePart::None) {
    const std::string now =
        step_name.empty()
            ? trf("this step: the '{0}' part of every bar, drawn solid (the other parts faded)",
                  part_name(current_part))
            : trf("this step ({0}): the '{1}' part of every bar, drawn solid (the other parts "
                  "faded)",
                  tr_text(step_name), part_name(current_part));
    c.text({x0, ay + 9 + tick_font * 2.4f}, fit_text(c, now, tick_font, size.x - x0 - 4), tick_font,
           p.text, HAlign::Left, VAlign::Top);
  }
}

}  // namespace ws::app
