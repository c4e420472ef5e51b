#include "sat_teach_fused_view.h"

#include <algorithm>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "sat/sat_filter_fused_teach.h"

namespace ws::app::sat_teach {

namespace {

bool fused_name_in(const std::string& name, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (name == n) return true;
  return false;
}

}  // namespace

bool is_fused(const Trace& trace) {
  return !trace.buffers.empty() && trace.buffers[0].name == "image";
}

bool fused_grid_shape(const TraceBuffer& buf, int w, int h, GridShape& g) {
  const int rows = buf.size / std::max(w, 1);
  if (buf.name == "image" || buf.name == "output")
    g = {w, h, w, false, buf.name == "image" ? tr("image") : tr("output image")};
  else if (buf.name == "strip sums" || buf.name == "start columns")
    g = {w, rows, w, false, kernel_text(buf.name)};
  else if (buf.name == "running sums")
    g = {w, rows, w, false, tr("running sums (registers)")};
  else if (buf.name == "segment totals")
    g = {w, buf.size / sat::fused_teach::kLanes, sat::fused_teach::kLanes, true,
         tr("segment totals (shared)")};
  else
    return false;
  return true;
}

bool fused_buffer_shown(const Trace& trace, const TraceStep& s, int b) {
  const std::string& name = trace.buffers[b].name;
  const bool of_phase = s.phase == "strip sums"
                            ? fused_name_in(name, {"image", "running sums", "strip sums"})
                        : s.phase == "start columns"
                            ? fused_name_in(name, {"strip sums", "segment totals", "start columns"})
                            : fused_name_in(name, {"image", "V", "E", "output"});
  if (of_phase) return true;
  for (const TraceEvent& e : s.events)
    if (e.buffer == b) return true;
  return false;
}

std::vector<RowSlice> fused_row_slices(const TraceBuffer& buf, int w, int block, int iteration) {
  std::vector<RowSlice> slices;
  const size_t width = size_t(std::max(w, 1));
  if (buf.name == "V") {
    slices.push_back({size_t(block) * width, width, trf("V, block {0} (registers)", block)});
  } else if (buf.name == "E") {
    const int rows = sat::fused_teach::kRows, parity = iteration & 1;
    for (int i = 0; i < rows; ++i)
      slices.push_back(
          {size_t(block) * size_t(buf.size) + size_t(sat::fused_teach::e_at(iteration, i, 0, w)),
           width, trf("E, buffer {0} row {1} (shared, block {2})", parity, i, block)});
  }
  return slices;
}

int step_block(const TraceStep& s) {
  return s.events.empty() ? 0 : s.events.front().thread / std::max(s.block_dim, 1);
}

WalkFocus walk_focus(const sat::TeachRun& run, int step, int shown_block) {
  WalkFocus f;
  const Trace& t = run.trace;
  const TraceStep& s = t.steps.at(size_t(step));
  int start = -1;
  for (size_t i = 0; i < t.steps.size() && start < 0; ++i)
    if (t.steps[i].code_marker == "@ff-walk-start" || t.steps[i].code_marker == "@ff-walk-direct")
      start = int(i);
  if (start < 0 || step < start) return f;
  const sat::fused_teach::Shape shape =
      sat::fused_teach::shape_of(run.width, run.height, run.params.radius);
  f.block = std::clamp(shown_block >= 0 ? shown_block : step_block(s), 0, shape.blocks - 1);
  f.iteration = step == start ? 0 : (step - start - 1) / 2;
  f.y = f.block * shape.rows_per_block + sat::fused_teach::kRows * f.iteration;
  if (f.y >= run.height) return f;
  f.shown = true;
  f.pixel = s.code_marker == "@ff-walk-pixels";
  f.x = run.width / 2;
  f.window = sat::filter_rule::clamp_window(f.x, f.y, shape.r, run.width, run.height);
  if (!f.pixel) f.window.x0 = 0, f.window.x1 = run.width - 1;
  return f;
}

}  // namespace ws::app::sat_teach
