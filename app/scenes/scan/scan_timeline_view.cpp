// The single-pass timeline: one row per block (its dynamic index), time to the right. A block's
// bar is split where it published its aggregate (flag A) and its inclusive prefix (flag P); every
// read of a predecessor's flag is a tick coloured by what it saw, with a line to the block it
// looked at. Recorded on the GPU (%globaltimer, ns) or the CPU twin's model (time units).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "scan_views.h"

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

std::string time_text(double t, bool measured) {
  char b[48];
  if (!measured)
    std::snprintf(b, sizeof b, "%.0f", t);
  else if (t >= 1e6)
    std::snprintf(b, sizeof b, "%.2f ms", t / 1e6);
  else if (t >= 1e3)
    std::snprintf(b, sizeof b, "%.1f \xC2\xB5s", t / 1e3);
  else
    std::snprintf(b, sizeof b, "%.0f ns", t);
  return b;
}

}  // namespace

void draw_scan_timeline(gfx::Canvas& c, const scan::Timeline& t, const gfx::Palette& p,
                        ScanHoverPane& pane) {
  const Vec2 size = c.size();
  const float s = std::max(1.0f, std::min(size.x / 1280.0f, size.y / 720.0f));
  const float font = 13 * s;
  if (t.blocks.empty()) {
    c.text({8, 8}, "no block timeline in this run", font, p.text_muted);
    return;
  }
  // Legend line.
  float x = 8;
  auto key = [&](Color col, const std::string& text, bool tick) {
    if (tick)
      c.rect_filled({x, 4}, {x + 3 * s, 4 + font}, col);
    else
      c.rect_filled({x, 4 + font * 0.2f}, {x + font * 1.6f, 4 + font * 0.8f}, col);
    x += (tick ? 3 * s : font * 1.6f) + 4;
    c.text({x, 4 + font / 2}, text, font, p.text_muted, HAlign::Left, VAlign::Middle);
    x += c.text_size(text, font).x + 14 * s;
  };
  key(p.warp_color(0), "own section (until aggregate A published)", false);
  key(p.warp_color(5), "looking back (until prefix P published)", false);
  key(p.warp_color(2).with_alpha(140), "store", false);
  key(p.mismatch, "poll saw X", true);
  key(p.warp_color(1), "saw A", true);
  key(p.warp_color(2), "saw P", true);

  double t1 = 1;
  for (const auto& b : t.blocks) t1 = std::max<double>(t1, static_cast<double>(b.t_end));
  const float top = font * 2.2f;
  const float axis_h = font * 3.6f;
  const float label_w = 70 * s;
  const float x0 = label_w, x1 = size.x - 10;
  const int count = static_cast<int>(t.blocks.size());
  const float row_h = (size.y - top - axis_h) / static_cast<float>(count);
  auto tx = [&](double time) { return x0 + static_cast<float>(time / t1) * (x1 - x0); };
  auto ry = [&](int block) { return top + block * row_h; };
  pane.timeline = &t;
  pane.timeline_x0 = x0;
  pane.timeline_x1 = x1;
  pane.timeline_y0 = top;
  pane.timeline_row_h = row_h;
  pane.timeline_t1 = t1;

  const int label_every = std::max(1, static_cast<int>(std::ceil(font / std::max(row_h, 0.01f))));
  for (int i = 0; i < count; ++i) {
    const scan::BlockRecord& b = t.blocks[i];
    const float y = ry(i), h = std::max(row_h * 0.7f, 0.6f);
    if (i % label_every == 0)
      c.text({label_w - 6, y + row_h / 2}, "block " + std::to_string(b.block),
             std::min(font, std::max(7.0f, row_h * 0.9f)), p.text_muted, HAlign::Right,
             VAlign::Middle);
    c.rect_filled({tx(b.t_start), y}, {std::max(tx(b.t_aggregate), tx(b.t_start) + 0.6f), y + h},
                  p.warp_color(0));
    c.rect_filled({tx(b.t_aggregate), y}, {tx(b.t_prefix), y + h}, p.warp_color(5));
    c.rect_filled({tx(b.t_prefix), y}, {tx(b.t_end), y + h}, p.warp_color(2).with_alpha(140));
  }
  // Polls: a tick on the polling block's row, a line to the predecessor it looked at.
  const bool lines = row_h >= 5 && t.polls.size() <= 2000;
  size_t drawn = 0;
  for (const scan::Poll& q : t.polls) {
    // Rows under 2 px: ticks would hide the bars.
    if (row_h < 2 || q.block < 0 || q.block >= count || drawn++ >= kMaxPollMarks) continue;
    const float px = tx(static_cast<double>(q.t));
    const Color col = flag_colour(p, q.seen);
    const float y = ry(q.block);
    if (lines && q.predecessor >= 0 && q.predecessor < count)
      c.line({px, y + row_h * 0.35f}, {px, ry(q.predecessor) + row_h * 0.35f}, col.with_alpha(110),
             1.0f);
    c.rect_filled({px - std::max(1.0f, s), y - row_h * 0.1f},
                  {px + std::max(1.0f, s), y + std::max(row_h * 0.8f, 1.0f)}, col);
  }
  // Time axis.
  const float ay = size.y - axis_h + 4;
  c.line({x0, ay}, {x1, ay}, p.text_muted, 1);
  for (int k = 0; k <= 4; ++k) {
    const double time = t1 * k / 4;
    const float px = tx(time);
    c.line({px, ay}, {px, ay + 4}, p.text_muted, 1);
    c.text({px, ay + 5}, time_text(time, t.measured), font * 0.9f, p.text_muted,
           k == 0   ? HAlign::Left
           : k == 4 ? HAlign::Right
                    : HAlign::Center,
           VAlign::Top);
  }
  std::string note = t.measured ? "recorded on the GPU (%globaltimer)"
                                : "the CPU twin's model (one time unit per step)";
  note += " \xC2\xB7 " + std::to_string(count) + " blocks \xC2\xB7 " +
          std::to_string(t.polls.size()) + " polls kept";
  if (t.polls_dropped) note += ", " + std::to_string(t.polls_dropped) + " dropped";
  c.text({x0, size.y - 2}, note, font * 0.9f, p.text_muted, HAlign::Left, VAlign::Bottom);
}

}  // namespace ws::app
