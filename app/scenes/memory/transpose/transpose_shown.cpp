#include "transpose_shown.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

}  // namespace

const mem::TransposeRun& tp_run(const TpShown& s) {
  return s.taught->run;
}

int tp_warp_of(const TpShown& s, int32_t thread) {
  const int bt = tp_run(s).geometry.block_threads();
  return (thread / bt) * s.warps_per_block + (thread % bt) / tp_run(s).trace.warp_size;
}

TpShown tp_shown(const TransposeTaught& t, int step, int warp) {
  TpShown s;
  s.taught = &t;
  const mem::TransposeRun& run = t.run;
  s.step = std::clamp(step, 0, int(run.trace.steps.size()) - 1);
  const int bt = run.geometry.block_threads();
  s.warps_per_block = (bt + run.trace.warp_size - 1) / run.trace.warp_size;
  s.warp = std::clamp(warp, 0, transpose_warp_count(run) - 1);
  s.block = s.warp / s.warps_per_block;
  const size_t n = size_t(run.rows) * run.cols;
  s.cells.in_reader.assign(n, -1);
  s.cells.out_writer.assign(n, -1);
  const bool tiled = run.trace.buffers.size() > kTpTile;
  const int tile_size = tiled ? run.trace.buffers[kTpTile].size : 0;
  s.cells.tile_writer.assign(size_t(tile_size), -1);
  s.cells.tile_reader.assign(size_t(tile_size), -1);
  for (const TraceEvent& e : run.trace.steps[size_t(s.step)].events) {
    if (e.address < 0) continue;
    if (e.buffer == kTpIn && e.kind == EventKind::Read)
      s.cells.in_reader[size_t(e.address)] = e.thread;
    if (e.buffer == kTpOut && e.kind == EventKind::Write)
      s.cells.out_writer[size_t(e.address)] = e.thread;
    if (e.buffer == kTpTile && e.thread / bt == s.block) {
      if (e.kind == EventKind::Write) s.cells.tile_writer[size_t(e.address)] = e.thread;
      if (e.kind == EventKind::Read) s.cells.tile_reader[size_t(e.address)] = e.thread;
    }
  }
  for (WarpAccess& a : warp_access_list(run.trace, s.step))
    if (a.block * s.warps_per_block + a.warp == s.warp) s.accesses.push_back(std::move(a));
  return s;
}

std::string tp_thread_text(const TpShown& s, int32_t thread) {
  const mem::TransposeGeometry& g = tp_run(s).geometry;
  const int bt = g.block_threads();
  const int local = thread % bt;
  return trf("thread {0} (block {1}, tx {2}, ty {3}; warp {4}, lane {5})", thread, thread / bt,
             local % g.block_x, local / g.block_x, tp_warp_of(s, thread),
             local % tp_run(s).trace.warp_size);
}

// A global element's place in memory: byte address, sector and line.
std::string tp_memory_text(int32_t element) {
  return trf("element {0}, byte {1}, sector {2}, line {3}", element, int64_t{element} * 4,
             global_sector(element, 4), int64_t{element} * 4 / kMemLineBytes);
}

gfx::Color tp_warp_fill(const TpShown& s, const gfx::Palette& p, int32_t thread) {
  const int w = tp_warp_of(s, thread);
  return mix(p.background, p.warp_color(w), w == s.warp ? 0.8f : 0.3f);
}

std::string tp_value(double v) {
  return std::isnan(v) ? "" : std::to_string(int64_t(v));
}

float tp_draw_access(gfx::Canvas& c, Vec2 at, float width, const TpShown& s, const WarpAccess& a,
                     const gfx::Palette& p, float font, HoverMap& hover) {
  const Trace& trace = tp_run(s).trace;
  const TraceBuffer& buffer = trace.buffers[size_t(a.buffer)];
  const bool global = buffer.space == MemSpace::Global;
  const float h = font * 1.3f, label_w = font * 6;
  const std::string what =
      (a.kind == EventKind::Read ? tr("read") : tr("write")) + std::string(" ") + buffer.name;
  c.text({at.x, at.y + h / 2}, what, font * 0.85f, p.text, HAlign::Left, VAlign::Middle);
  const float box = std::min(h, (width - label_w) * 0.62f / kMemBanks);
  float x = at.x + label_w;
  std::string numbers;
  if (global) {
    std::map<int64_t, std::vector<int32_t>> lanes_per_sector;
    for (size_t i = 0; i < a.addresses.size(); ++i)
      lanes_per_sector[global_sector(a.addresses[i], 4)].push_back(a.threads[i]);
    for (const auto& [sector, lanes] : lanes_per_sector) {
      const Vec2 b0{x, at.y}, b1{x + box - 1, at.y + box};
      c.rect_filled(b0, b1, mix(p.background, p.global_row, 0.8f));
      c.rect(b0, b1, p.cell_border, 1);
      c.text({(b0.x + b1.x) / 2, (b0.y + b1.y) / 2}, std::to_string(lanes.size()), box * 0.55f,
             p.text, HAlign::Center, VAlign::Middle);
      hover.add(b0, b1,
                trf("sector {0}: bytes {1}..{2}, {3} of its 8 floats used by this warp", sector,
                    sector * kMemSectorBytes, sector * kMemSectorBytes + kMemSectorBytes - 1,
                    lanes.size()));
      x += box;
    }
    const int64_t used = int64_t(a.addresses.size()) * 4, moved = a.sectors * kMemSectorBytes;
    numbers = trf("{0}, {1}: {2} of {3} bytes used ({4}%)",
                  counted(a.sectors, TR_NOOP("{0} sector"), TR_NOOP("{0} sectors")),
                  counted(a.lines, TR_NOOP("{0} line"), TR_NOOP("{0} lines")), used, moved,
                  moved ? used * 100 / moved : 0);
  } else {
    std::map<int, std::vector<int32_t>> words_per_bank;
    for (int32_t address : a.addresses) words_per_bank[shared_bank(address, 4)].push_back(address);
    for (int bank = 0; bank < kMemBanks; ++bank) {
      std::vector<int32_t> words = words_per_bank[bank];
      std::sort(words.begin(), words.end());
      words.erase(std::unique(words.begin(), words.end()), words.end());
      const Vec2 b0{x, at.y}, b1{x + box - 1, at.y + box};
      const float heat =
          words.empty() ? 0 : std::min(1.0f, 0.25f + 0.75f * float(words.size()) / 8);
      c.rect_filled(b0, b1,
                    words.size() > 1 ? mix(p.background, p.mismatch, heat)
                                     : mix(p.background, p.shared_row, heat));
      c.rect(b0, b1, p.cell_border, 1);
      if (!words.empty())
        c.text({(b0.x + b1.x) / 2, (b0.y + b1.y) / 2}, std::to_string(words.size()), box * 0.55f,
               p.text, HAlign::Center, VAlign::Middle);
      hover.add(b0, b1, trf("bank {0}: {1} distinct words from this warp", bank, words.size()));
      x += box;
    }
    numbers = a.ways > 1 ? trf("{0}-way bank conflict: {0} passes", a.ways)
                         : tr("no bank conflict: one pass");
  }
  c.text({x + font * 0.5f, at.y + h / 2},
         fit_text(c, numbers, font * 0.8f, at.x + width - x - font * 0.5f), font * 0.8f,
         global ? p.text : (a.ways > 1 ? p.mismatch : p.text), HAlign::Left, VAlign::Middle);
  return h * 1.15f;
}

}  // namespace ws::app
