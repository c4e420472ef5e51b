// The threads figure's right side (threads_view.h): the lanes of the warps at work in this step,
// busy, finished or idle; csr-vector's shuffle offsets as arrows between lanes; then the format's
// arrays as strips of 32-byte sectors with this step's reads in the readers' colours, and y with
// this step's writes (JDS: arrows from perm[i] to the y it writes).
#include <algorithm>
#include <map>
#include <set>

#include "common/inputs.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "threads_view.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"
#include "views/sector_strip.h"
#include "views/warp_access_list.h"
#include "views/warp_lanes.h"

namespace ws::app {

namespace {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;
using spmv::SpmvLaunch;
using spmv::SpmvTeachRun;

// Does `buffer` belong to the launch of this step? Hybrid: the ELL part reads ell_*, the COO
// part coo_*; both read x and write y.
bool threads_buffer_in_launch(const std::string& name, spmv::SpmvVariant v, SpmvLaunch launch) {
  if (v != spmv::SpmvVariant::Hybrid) return true;
  if (name.rfind("ell_", 0) == 0) return launch == SpmvLaunch::Main;
  if (name.rfind("coo_", 0) == 0) return launch == SpmvLaunch::HybridCoo;
  return true;
}

// "col[5] = 3, val[5] = 9, x[3] = 1": what a thread read and wrote in the step.
std::string threads_lane_events(const Trace& trace, const TraceStep& step, int32_t thread) {
  std::string out;
  for (const TraceEvent& e : step.events) {
    if (e.thread != thread || e.kind == EventKind::Skip || e.kind == EventKind::Op) continue;
    const TraceBuffer& b = trace.buffers.at(size_t(e.buffer));
    const std::string what = b.name + "[" + std::to_string(e.address) + "]";
    const std::string value = number(e.value, b.type);
    std::string part = e.kind == EventKind::Read     ? what + " = " + value
                       : e.kind == EventKind::Atomic ? trf("atomicAdd({0}, {1})", what, value)
                                                     : trf("{0} <- {1}", what, value);
    out += (out.empty() ? "" : ", ") + part;
  }
  return out;
}

float threads_draw_lanes(gfx::Canvas& c, Vec2 min, Vec2 max, const ThreadsShown& shown,
                         const gfx::Palette& p, float font, HoverMap& hover) {
  const SpmvTeachRun& run = shown.taught.run;
  const TraceStep& step = run.trace.steps.at(size_t(shown.step));
  const SpmvLaunch launch = run.steps.at(size_t(shown.step)).launch;
  const int warp = spmv::kSpmvWarpSize;
  std::set<int32_t> busy;
  for (const TraceEvent& e : step.events)
    if (e.kind != EventKind::Skip) busy.insert(e.thread);
  std::map<int32_t, const spmv::SpmvThreadWork*> work;
  for (const spmv::SpmvThreadWork& t : run.threads)
    if (t.launch == launch) work[t.thread] = &t;
  // The warps at work, at most four of them (then a note).
  std::vector<int32_t> warps;
  for (int32_t t : busy)
    if (warps.empty() || warps.back() != t / warp) warps.push_back(t / warp);
  const size_t at_work = warps.size();
  if (warps.size() > 4) warps.resize(4);
  const float label_w = font * 4.2f;
  const float lane_w = std::min(font * 1.3f, (max.x - min.x - label_w - font * 5) / float(warp));
  const float cell_h = std::min(font * 1.3f, lane_w * 1.1f + 4);
  const bool shuffle = step.phase == "shuffle";
  float y = min.y;
  c.text({min.x, y}, tr("lanes of the warps at work"), font * 0.8f, p.text_muted);
  y += font * 1.2f;
  for (int32_t w : warps) {
    if (shuffle) y += cell_h * 0.9f;  // room for the shuffle arrows
    LaneRow row;
    row.label = trf("warp {0}", w);
    row.color = threads_thread_color(p, launch, w * warp);
    for (int lane = 0; lane < warp; ++lane) {
      const int32_t t = w * warp + lane;
      const auto it = work.find(t);
      const bool has_row = it != work.end() && it->second->row >= 0;
      row.lanes.push_back(busy.count(t) ? LaneState::Busy
                          : has_row     ? LaneState::Finished
                                        : LaneState::Idle);
      row.texts.push_back(has_row ? std::to_string(it->second->row) : "");
      std::string text = trf("lane {0}: thread {1}", lane, t);
      if (has_row) text += ", " + trf("row {0}", it->second->row);
      if (busy.count(t))
        text += "\n" + threads_lane_events(run.trace, step, t);
      else if (has_row)
        text += std::string("\n") +
                tr("nothing to do in this step: its row is done (or not yet reached)");
      else
        text += std::string("\n") + tr("idle: past the last row (or nonzero)");
      row.hovers.push_back(text);
    }
    const float right = draw_lane_row(c, {min.x, y}, lane_w, cell_h, label_w, row, p, font, hover);
    // csr-vector's shuffle: lane l takes lane l + offset's partial sum.
    if (shuffle && step.block_dim > 0) {
      std::map<int32_t, int32_t> from;  // lane -> the lane it read
      for (const TraceEvent& e : step.events)
        if (e.kind == EventKind::Read && e.thread / warp == w && e.address != e.thread)
          from[e.thread % warp] = e.address % warp;
      // The tree: only the lanes below the offset keep a sum that reaches lane 0.
      for (const auto& [lane, src] : from) {
        if (src - lane <= lane) continue;
        const float xa = min.x + label_w + (float(src) + 0.5f) * lane_w;
        const float xb = min.x + label_w + (float(lane) + 0.5f) * lane_w;
        c.arrow({xa, y - cell_h * 0.85f}, {xb, y - 1}, row.color.with_alpha(170), 1.2f, 4.0f);
      }
    }
    c.text({right + font * 0.4f, y + cell_h / 2},
           fit_text(c,
                    trf("{0} busy", counted(int64_t(std::count(row.lanes.begin(), row.lanes.end(),
                                                               LaneState::Busy)),
                                            TR_NOOP("{0} lane"), TR_NOOP("{0} lanes"))),
                    font * 0.7f, max.x - right - font * 0.4f),
           font * 0.7f, p.text_muted, HAlign::Left, VAlign::Middle);
    y += cell_h + font * 0.35f;
  }
  if (at_work > warps.size())
    c.text({min.x + label_w, y}, trf("and {0} more warps at work", at_work - warps.size()),
           font * 0.7f, p.text_muted);
  if (at_work == 0)
    c.text({min.x + label_w, y}, tr("no warp works in this step"), font * 0.75f, p.text_muted);
  return y + font * 0.9f;
}

}  // namespace

void draw_threads_warps(gfx::Canvas& c, Vec2 min, Vec2 max, const ThreadsShown& shown,
                        const gfx::Palette& p, float font, HoverMap& hover) {
  const SpmvTeachRun& run = shown.taught.run;
  const Trace& trace = run.trace;
  const TraceStep& step = trace.steps.at(size_t(shown.step));
  const SpmvLaunch launch = run.steps.at(size_t(shown.step)).launch;
  float y = threads_draw_lanes(c, min, max, shown, p, font, hover);
  // Sectors per buffer this step, summed over the warps' accesses as the counters sum them.
  std::map<int, int64_t> sectors;
  std::map<int, int64_t> accesses;
  for (const WarpAccess& a : warp_access_list(trace, shown.step)) {
    sectors[a.buffer] += a.sectors;
    ++accesses[a.buffer];
  }
  std::vector<int> shown_buffers;
  for (size_t b = 0; b < trace.buffers.size(); ++b)
    if (trace.buffers[b].space == MemSpace::Global &&
        threads_buffer_in_launch(trace.buffers[b].name, run.params.variant, launch))
      shown_buffers.push_back(int(b));
  const float label_w = font * 4.2f, count_w = font * 9.0f;
  const float room = max.y - y;
  const float cell_h =
      std::clamp(room / (float(shown_buffers.size()) * 1.7f), font * 0.6f, font * 1.4f);
  const std::vector<std::vector<double>>* after =
      size_t(shown.step) < shown.taught.traced.snapshots.size()
          ? &shown.taught.traced.snapshots[size_t(shown.step)]
          : nullptr;
  const std::vector<uint8_t>* padded =
      run.params.variant == spmv::SpmvVariant::Ell      ? &run.ell.padded
      : run.params.variant == spmv::SpmvVariant::Hybrid ? &run.hybrid.ell.padded
                                                        : nullptr;
  std::map<std::string, StripGeometry> placed;
  for (int b : shown_buffers) {
    const TraceBuffer& buffer = trace.buffers[size_t(b)];
    SectorStrip strip;
    strip.label = buffer.name;
    strip.elements = buffer.size;
    strip.elem_bytes = buffer.elem_bytes > 0 ? buffer.elem_bytes : trace.elem_bytes;
    const bool is_y = spmv_array_role(buffer.name) == SpmvArrayRole::Y;
    const std::vector<double>& values = is_y && after ? (*after).at(size_t(b)) : buffer.initial;
    const bool ell_array = buffer.name == "col" || buffer.name == "val" ||
                           buffer.name == "ell_col" || buffer.name == "ell_val";
    for (int32_t i = 0; i < buffer.size; ++i) {
      const bool pad = ell_array && padded && size_t(i) < padded->size() && (*padded)[size_t(i)];
      const double v = size_t(i) < values.size() ? values[size_t(i)] : 0;
      strip.texts.push_back(pad ? "*" : number(v, buffer.type));
      strip.fills.push_back(pad ? p.inactive : gfx::Color{0, 0, 0, 0});
      strip.hovers.push_back(pad ? trf("{0}[{1}]: padding (col 0, val 0)", buffer.name, i)
                                 : trf("{0}[{1}] = {2}", buffer.name, i, number(v, buffer.type)));
    }
    for (const TraceEvent& e : step.events) {
      if (e.buffer != b || e.kind == EventKind::Skip || e.kind == EventKind::Op) continue;
      const std::string verb = e.kind == EventKind::Read    ? tr("reads")
                               : e.kind == EventKind::Write ? tr("writes")
                                                            : tr("adds atomically to");
      strip.touches.push_back({e.address, threads_thread_color(p, launch, e.thread),
                               trf("thread {0} {1} {2}[{3}] ({4})", e.thread, verb, buffer.name,
                                   e.address, number(e.value, buffer.type))});
    }
    if (accesses.count(b))
      strip.count_text =
          trf("{0} ({1})", counted(sectors[b], TR_NOOP("{0} sector"), TR_NOOP("{0} sectors")),
              counted(accesses[b], TR_NOOP("{0} warp access"), TR_NOOP("{0} warp accesses")));
    else if (!strip.touches.empty())
      strip.count_text =
          counted(int64_t(strip.touches.size()), TR_NOOP("{0} atomic"), TR_NOOP("{0} atomics"));
    else
      strip.count_text = "-";
    placed[buffer.name] = draw_sector_strip(c, {min.x, y}, max.x - min.x, cell_h, label_w, count_w,
                                            strip, p, font, hover);
    y += cell_h * 1.7f;
  }
  // JDS writes y[perm[i]]: the permutation as arrows from perm's cell to y's.
  if (run.params.variant == spmv::SpmvVariant::Jds && step.phase == "write" &&
      placed.count("perm") && placed.count("y")) {
    const StripGeometry& perm = placed["perm"];
    const StripGeometry& ys = placed["y"];
    for (const TraceEvent& e : step.events)
      if (e.kind == EventKind::Write && trace.buffers.at(size_t(e.buffer)).name == "y")
        c.arrow({perm.cell_center(e.thread).x, perm.bottom}, {ys.cell_center(e.address).x, ys.top},
                threads_thread_color(p, launch, e.thread).with_alpha(160), 1.2f, 5.0f);
  }
}

}  // namespace ws::app
