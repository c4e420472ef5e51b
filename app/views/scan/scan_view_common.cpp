// What the scan views share: the buffer each step is drawn with, range text, and which cells each
// write came from (the trace conventions of kernels/scan/scan_model.h).
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "common/inputs.h"
#include "i18n/i18n.h"
#include "scan_views.h"

namespace ws::app {

std::vector<int> scan_row_buffers(const Trace& trace) {
  std::vector<int> out;
  int last = 0;
  for (const TraceStep& s : trace.steps) {
    const int b = focus_buffer(s);
    if (b >= 0) last = b;
    out.push_back(last);
  }
  return out;
}

std::string work_efficiency_text(const Counters& c) {
  if (c.ops == 0 && c.useful_ops <= 0) return tr("n/a");
  char b[32];
  std::snprintf(b, sizeof b, "%.0f%%", 100.0 * c.work_efficiency);
  return b;
}

std::string level_sizes_text(const std::vector<int64_t>& sizes) {
  std::string out;
  for (size_t i = 0; i < sizes.size(); ++i)
    out += (i ? " \xE2\x86\x92 " : "") + std::to_string(sizes[i]);
  return trf("levels: {0}", out);
}

void draw_padding_marker(gfx::Canvas& c, float x, float y0, float y1, bool show, float font,
                         const gfx::Palette& p) {
  if (!show || y1 <= y0) return;
  const float dash = std::max(3.0f, font * 0.4f);
  for (float y = y0; y < y1; y += dash * 2)
    c.line({x, y}, {x, std::min(y + dash, y1)}, p.text_muted, 1.5f);
  c.text({x + 4, y0}, tr("past N: padding"), font, p.text_muted, gfx::HAlign::Left,
         gfx::VAlign::Bottom);
}

std::string range_text(const scan::Range& r, bool compact) {
  const std::string x = compact ? "" : "x";
  switch (r.kind) {
    case scan::Range::Identity:
      return compact ? tr("id") : tr("identity");
    case scan::Range::Span:
      if (r.lo == r.hi) return x + std::to_string(r.lo);
      return x + std::to_string(r.lo) + ".." + x + std::to_string(r.hi);
    case scan::Range::Broken:
      return compact ? tr("bad") : tr("a broken range");  // the figure font has no cross mark
    default:
      return "?";
  }
}

int64_t flat_event_index(const Trace& trace, const TraceStep& step, const TraceEvent& e) {
  const TraceBuffer& b = trace.buffers[e.buffer];
  int64_t index = e.address;
  if (b.space == MemSpace::Shared && b.blocks > 1)
    index += int64_t{e.thread / std::max(1, step.block_dim)} * b.size;
  return index;
}

std::vector<WriteSources> write_sources(const TraceStep& step) {
  std::vector<WriteSources> out;
  size_t i = 0;
  const auto& ev = step.events;
  while (i < ev.size()) {
    size_t end = i;
    while (end < ev.size() && ev[end].thread == ev[i].thread) ++end;
    std::vector<size_t> since_op, operands;  // reads since the last Op; the last Op's operands
    bool op_since_write = false;
    long last_read = -1;
    for (size_t k = i; k < end; ++k) {
      const TraceEvent& e = ev[k];
      if (e.kind == EventKind::Read) {
        since_op.push_back(k);
        last_read = static_cast<long>(k);
      } else if (e.kind == EventKind::Op) {
        operands = since_op;
        since_op.clear();
        op_since_write = true;
      } else if (e.kind == EventKind::Write || e.kind == EventKind::Atomic) {
        WriteSources w;
        w.write = k;
        w.combined = op_since_write;
        if (op_since_write)
          w.reads = operands;
        else if (last_read >= 0)
          w.reads = {static_cast<size_t>(last_read)};
        out.push_back(std::move(w));
        op_since_write = false;
      }
    }
    i = end;
  }
  return out;
}

}  // namespace ws::app
