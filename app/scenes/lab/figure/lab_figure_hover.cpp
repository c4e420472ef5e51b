// Hover over the lab's figure: the reduction scene's description of a cell or lane (what the
// thread read and wrote), each event with the source line it came from, and the diagnostic
// marked there.
#include <algorithm>
#include <set>

#include "i18n/i18n.h"
#include "lab_figure.h"

namespace ws::app {

namespace {

// The source lines of `thread`'s events in `step`, in program order, each once.
std::string lab_thread_lines(const lab::Result& r, int step, int thread) {
  if (step < 0 || step >= static_cast<int>(r.trace.steps.size()) ||
      step >= static_cast<int>(r.lines.size()))
    return "";
  const std::vector<TraceEvent>& events = r.trace.steps[size_t(step)].events;
  const std::vector<int32_t>& lines = r.lines[size_t(step)];
  std::vector<int> order;
  std::set<int> seen;
  for (size_t e = 0; e < events.size() && e < lines.size(); ++e)
    if (events[e].thread == thread && lines[e] > 0 && seen.insert(lines[e]).second)
      order.push_back(lines[e]);
  if (order.empty()) return "";
  std::string list;
  for (int line : order) list += (list.empty() ? "" : ", ") + std::to_string(line);
  return "\n" + trf("at source lines {0}", list);
}

// describe_hit's event lines ("  read in[3] = 5"), one per event of `thread` in `step` in program
// order, each given its source line; false (the text unchanged) when they do not pair up.
bool lab_annotate_event_lines(std::string& text, const lab::Result& r, int step, int thread) {
  if (step < 0 || step >= static_cast<int>(r.trace.steps.size()) ||
      step >= static_cast<int>(r.lines.size()))
    return false;
  const std::vector<TraceEvent>& events = r.trace.steps[size_t(step)].events;
  const std::vector<int32_t>& lines = r.lines[size_t(step)];
  std::vector<int> event_lines;
  for (size_t e = 0; e < events.size() && e < lines.size(); ++e)
    if (events[e].thread == thread && events[e].kind != EventKind::Skip)
      event_lines.push_back(lines[e]);
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
    parts.push_back(text.substr(start, end - start));
  parts.push_back(text.substr(start));
  const auto is_event = [](const std::string& part) { return part.rfind("  ", 0) == 0; };
  if (event_lines.empty() ||
      std::count_if(parts.begin(), parts.end(), is_event) != std::ptrdiff_t(event_lines.size()))
    return false;
  std::string out;
  size_t next = 0;
  for (const std::string& part : parts) {
    out += (out.empty() ? "" : "\n") + part;
    if (is_event(part) && event_lines[next] > 0)
      out += " · " + trf("source line {0}", event_lines[next]);
    next += is_event(part);
  }
  text = out;
  return true;
}

// The thread whose write describe_hit names for the cell in `step`: the first (-1: none).
int lab_writer_of(const Trace& trace, int step, int buffer, int64_t cell) {
  if (step < 0 || buffer < 0) return -1;
  const TraceStep& s = trace.steps[size_t(step)];
  for (const TraceEvent& e : s.events) {
    if ((e.kind != EventKind::Write && e.kind != EventKind::Atomic) || e.buffer != buffer) continue;
    int64_t flat = e.address;
    if (trace.buffers[size_t(buffer)].space == MemSpace::Shared)
      flat += int64_t{e.thread / s.block_dim} * trace.buffers[size_t(buffer)].size;
    if (flat == cell) return e.thread;
  }
  return -1;
}

}  // namespace

std::string describe_lab_figure(const LabFigureInput& in, const LabFigureKey& key,
                                gfx::Vec2 point) {
  if (!in.result || !in.data || key.step < 0) return "";
  const lab::Result& r = *in.result;
  std::string out;
  TraceTreeHit hit = hit_test(key.tree, point - key.tree_origin);
  int gx = 0, gy = 0;
  if (key.grid_shape.buffer >= 0 && key.grid.cell_at(point, gx, gy))
    hit = {key.step, key.grid_shape.buffer, int64_t{gy} * key.grid_shape.width + gx, -1};
  if (hit.buffer >= 0 || hit.thread >= 0) {
    out = describe_hit(r.trace, in.data->snapshots, hit);
    const int thread =
        hit.thread >= 0 ? hit.thread : lab_writer_of(r.trace, hit.step, hit.buffer, hit.index);
    if (thread >= 0 && !lab_annotate_event_lines(out, r, hit.step, thread))
      out += lab_thread_lines(r, hit.step, thread);
  }
  std::set<int> named;
  for (const LabMarkBox& m : key.marks) {
    if (point.x < m.a.x - 1 || point.x > m.b.x + 1 || point.y < m.a.y - 1 || point.y > m.b.y + 1)
      continue;
    if (!named.insert(m.diagnostic).second) continue;
    out += (out.empty() ? "" : "\n") +
           lab_diagnostic_text(r, r.diagnostics[size_t(m.diagnostic)], in.args, in.expected);
  }
  return out;
}

}  // namespace ws::app
