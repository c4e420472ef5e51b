// The teach figure: the input strip (text as its letters, values as numbers) with the thread that
// read each sample this step and the bin it hit; the counter copies (the global histogram, the
// blocks' private or shared copies, the warps' sub-histograms) with the cells this step updated;
// the histogram as bars against the sequential one (the injected race's lost updates marked); and
// on the right the atomics that collided this step, one queue per counter, in the order they
// serialize. Warp colours as in every teach view; the step's counters at the bottom.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "histogram_teach_mode.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"
#include "views/legend.h"

namespace ws::app {

namespace hg = ws::histogram;
using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

namespace {

// A bin's label in brackets ("[a-d]", "[7]"), unless it already reads as a range ("[16, 32)").
std::string bracketed(const std::string& label) {
  return !label.empty() && label.front() == '[' ? label : "[" + label + "]";
}

// Samples per strip row, and the rows drawn at most (the ones around this step's reads).
constexpr int kStripCells = 64;
constexpr int kStripChunks = 2;
// Counter copies drawn as rows under the strip (the rest are named in the caption).
constexpr int kCopyRows = 4;

int warp_of(int32_t thread, int block_dim, int warp_size) {
  const int b = std::max(block_dim, 1);
  const int warps_per_block = (b + warp_size - 1) / warp_size;
  return (thread / b) * warps_per_block + (thread % b) / warp_size;
}

std::string sample_text(double v, bool letters) {
  if (letters && v >= 33 && v < 127) return std::string(1, char(int(v)));
  if (letters && v == 32) return "_";  // a space
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

}  // namespace

void HistogramTeachMode::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& pal = gfx::palette(theme);
  const Taught<hg::TeachRun>* taught = this->taught();
  if (!taught) {
    draw_no_run(c, pal, error());
    return;
  }
  const float font = figure_ground(c, pal);
  const hg::TeachRun& run = taught->run;
  const Trace& trace = run.trace;
  const int step = this->step();
  const TraceStep& s = trace.steps.at(size_t(step));
  const hg::VariantInfo& vi = hg::info(run.params.variant);
  const hg::BinSpec& bins = run.bins;
  const int nbins = bins.count;
  const int warp = trace.warp_size;
  const int bd = std::max(s.block_dim, 1);
  const auto warp_fill = [&](int32_t thread) {
    return mix(pal.cell_fill, pal.warp_color(warp_of(thread, bd, warp)), 0.5f);
  };

  const std::string title = trf("Histogram: {0}", kernel_text(vi.title));
  std::string detail =
      trf("{0}, {1} bins, {2} x {3} threads, {4} backend", histogram_input_text(settings(), input_),
          nbins, s.grid_dim, s.block_dim, backend_name(backend()));  // the launch (1 x 1: 1)
  if (run.params.inject_race) detail += tr(", RACE INJECTED (non-atomic update)");
  const std::string step_line = trf("step {0} of {1}: {2} ({3})", step + 1, trace.steps.size(),
                                    kernel_text(s.label), kernel_text(s.phase));
  float top = draw_header(c, title, detail, step_line, kernel_text(vi.lesson), pal, font);
  const Vec2 size = c.size();
  const float margin = font;
  const float footer_h = font * 1.8f, legend_h = font * 1.6f;
  const float bottom = size.y - footer_h - legend_h;
  const float left_w = (size.x - 2 * margin) * 0.64f;
  const float right_x = margin + left_w + margin;
  const float right_w = size.x - right_x - margin;

  // Who read which sample this step.
  std::map<int64_t, int32_t> reader;  // sample -> thread
  for (const TraceEvent& e : s.events)
    if (e.buffer == 0 && e.kind == EventKind::Read && !reader.count(e.address))
      reader[e.address] = e.thread;
  const std::vector<double>& in_values = taught->traced.snapshots.at(size_t(step)).at(0);
  const int64_t n = static_cast<int64_t>(in_values.size());

  // ---- The input strip: up to two chunks of 64 samples (the ones this step reads).
  std::vector<CellRow> rows;  // the strip's rows, then the counter copies
  std::vector<int64_t> chunks;
  {
    std::set<int64_t> wanted;
    for (const auto& [sample, thread] : reader) wanted.insert(sample / kStripCells);
    if (wanted.empty()) wanted.insert(0);
    for (int64_t k : wanted)
      if (static_cast<int>(chunks.size()) < kStripChunks) chunks.push_back(k);
    if (chunks.size() == 1 && (chunks[0] + 1) * kStripCells < n && kStripChunks > 1)
      chunks.push_back(chunks[0] + 1);
  }
  for (int64_t k : chunks) {
    const int64_t first = k * kStripCells, last = std::min(n, first + kStripCells);
    CellRow samples, threads, hit;
    const bool whole = n <= kStripCells;
    samples.label = whole ? tr("sample") : trf("samples {0}-{1}", first, last - 1);
    threads.label = tr("read by");
    hit.label = tr("bin");
    for (int64_t i = first; i < last; ++i) {
      const double v = in_values[size_t(i)];
      Cell sc, tc, bc;
      sc.text = sample_text(v, input_.letters);
      const int bin = hg::bin_of(float(v), bins);
      sc.hover = trf("sample {0} = {1}", i, sample_text(v, input_.letters)) +
                 (input_.letters && v >= 32 && v < 127 ? " (" + sample_text(v, false) + ")" : "") +
                 (bin >= 0 ? trf(", bin {0} ({1})", bin, bin_range_text(bins, bin, input_.letters))
                           : std::string(tr(", outside the bins' range: not counted")));
      const auto it = reader.find(i);
      if (it != reader.end()) {
        const int32_t t = it->second;
        sc.fill = tc.fill = bc.fill = warp_fill(t);
        sc.emphasis = true;
        tc.text = "t" + std::to_string(t);
        bc.text = bin >= 0 ? bin_range_text(bins, bin, input_.letters) : "-";
        const std::string who = trf("thread {0} (block {1}, warp {2}, lane {3})", t, t / bd,
                                    warp_of(t, bd, warp), (t % bd) % warp);
        sc.hover += "\n" + trf("read by {0}", who);
        tc.hover = bc.hover = sc.hover;
      } else {
        tc.hidden = bc.hidden = false;
      }
      samples.cells.push_back(sc);
      threads.cells.push_back(tc);
      hit.cells.push_back(bc);
    }
    samples.gap_after = 0.05f;
    threads.gap_after = 0.05f;
    hit.gap_after = 0.5f;
    rows.push_back(samples);
    rows.push_back(threads);
    rows.push_back(hit);
  }

  // ---- The counter copies: hist first, then the variant's copies (those this step touches
  // first), each a row of bins.
  const auto& snap = taught->traced.snapshots.at(size_t(step));
  std::set<std::pair<int, int>> touched_copies;          // (buffer, copy)
  std::map<std::tuple<int, int, int>, int32_t> updated;  // (buffer, copy, bin) -> first thread
  for (const TraceEvent& e : s.events) {
    if (!hg::is_counter_buffer(trace, e.buffer)) continue;
    const int copy = hg::counter_copy(trace, s, e, nbins);
    touched_copies.insert({e.buffer, copy});
    if (e.kind == EventKind::Atomic || e.kind == EventKind::Write)
      updated.emplace(std::make_tuple(int(e.buffer), copy, e.address % nbins), e.thread);
  }
  std::vector<std::pair<int, int>> copies;  // (buffer, copy) drawn
  int total_copies = 0;
  for (int b = 1; b < static_cast<int>(trace.buffers.size()); ++b) {
    if (!hg::is_counter_buffer(trace, b)) continue;
    const TraceBuffer& tb = trace.buffers[size_t(b)];
    const int count = int(snap.at(size_t(b)).size()) / std::max(nbins, 1);
    total_copies += b == 1 ? 0 : count;
    std::vector<int> order;
    for (int k = 0; k < count; ++k)
      if (touched_copies.count({b, k})) order.push_back(k);
    for (int k = 0; k < count; ++k)
      if (!touched_copies.count({b, k})) order.push_back(k);
    for (int k : order)
      if (static_cast<int>(copies.size()) < kCopyRows + 1) copies.push_back({b, k});
    (void)tb;
  }
  const int shown_copies = static_cast<int>(copies.size()) - 1;
  for (const auto& [b, k] : copies) {
    CellRow row;
    row.label = counter_copy_name(trace, b, k, nbins);
    const std::vector<double>& values = snap.at(size_t(b));
    for (int bin = 0; bin < nbins; ++bin) {
      Cell cell;
      const double v = values.at(size_t(k) * size_t(nbins) + size_t(bin));
      cell.unwritten = v != v;
      cell.text = number(v, ValueType::Int32);
      const auto it = updated.find({b, k, bin});
      if (it != updated.end()) {
        cell.fill = warp_fill(it->second);
        cell.emphasis = true;
      }
      cell.hover =
          trf("{0}[{1}] (bin {2}) = {3}", row.label, bin, bin_range_text(bins, bin, input_.letters),
              v != v ? std::string(tr("not written yet")) : number(v, ValueType::Int32));
      row.cells.push_back(cell);
    }
    row.gap_after = 0.15f;
    row.hover = trace.buffers[size_t(b)].space == MemSpace::Shared
                    ? tr("a copy in shared memory (one per block, or per warp)")
                    : (b == 1 ? tr("the global histogram: the result")
                              : tr("a block's private copy in global memory"));
    rows.push_back(row);
  }
  if (!rows.empty()) rows.back().gap_after = 0.1f;
  const int strip_rows = static_cast<int>(chunks.size()) * 3;
  const int all_rows = static_cast<int>(rows.size());
  const float rows_h = std::min((bottom - top) * 0.58f, font * 1.9f * (all_rows + 1.5f));
  const RowsGeometry geometry =
      draw_rows(c, {margin, top}, {left_w, rows_h}, rows, pal, font * 0.85f, font * 2.6f);
  float y = geometry.bottom() + font * 0.3f;
  // A sample, a counter cell or a row's label under the pointer: what it holds, who wrote it.
  hover().add({0, 0}, size, [rows = std::move(rows), geometry](Vec2 point) {
    return describe_rows(geometry, rows, point);
  });
  if (total_copies > shown_copies && shown_copies >= 0) {
    c.text({margin, y},
           trf("showing {0} of {1} copies (those this step touches first)", shown_copies,
               total_copies),
           font * 0.7f, pal.text_muted);
    y += font * 0.9f;
  }
  (void)strip_rows;

  // ---- The histogram as bars: the counts in "hist" now (filled) against the sequential
  // histogram (outlined); after the last step, a lost update is the gap between them.
  {
    const std::vector<double>& hist = snap.at(1);
    const float x0 = margin + font * 2.5f, x1 = margin + left_w;
    const float y0 = y + font * 2.2f, y1 = bottom - font * 1.5f;  // room for the top label
    c.text({margin, y}, tr("hist (global) after this step, against the sequential histogram"),
           font * 0.8f, pal.text);
    double most = 1;
    for (int bin = 0; bin < nbins; ++bin)
      most = std::max({most, double(run.expected[size_t(bin)]),
                       hist[size_t(bin)] != hist[size_t(bin)] ? 0.0 : hist[size_t(bin)]});
    const float bw = (x1 - x0) / nbins;
    const float h = std::max(y1 - y0, 4.0f);
    const bool last = step + 1 == static_cast<int>(trace.steps.size());
    c.line({x0, y1}, {x1, y1}, pal.cell_border, 1);
    c.text({x0 - 4, y0}, std::to_string(int64_t(most)), font * 0.7f, pal.text_muted, HAlign::Right,
           VAlign::Middle);
    c.text({x0 - 4, y1}, "0", font * 0.7f, pal.text_muted, HAlign::Right, VAlign::Middle);
    const float label_font = std::min(font * 0.75f, bw * 0.9f);
    // Bin labels under every k-th bar, k such that the widest label fits in k slots with a gap.
    float widest = 0;
    for (int bin = 0; bin < nbins; ++bin)
      widest =
          std::max(widest, c.text_size(bin_range_text(bins, bin, input_.letters), label_font).x);
    const int label_every =
        std::max(1, int(std::ceil((widest + font * 0.6f) / std::max(bw, 1.0f))));
    for (int bin = 0; bin < nbins; ++bin) {
      const double now = hist[size_t(bin)] != hist[size_t(bin)] ? 0 : hist[size_t(bin)];
      const double want = run.expected[size_t(bin)];
      const float bx0 = x0 + bin * bw + bw * 0.12f, bx1 = x0 + (bin + 1) * bw - bw * 0.12f;
      const float hy_now = y1 - float(now / most) * h, hy_want = y1 - float(want / most) * h;
      const bool touched = updated.count({1, 0, bin}) > 0;
      const gfx::Color fill = touched ? warp_fill(updated.at({1, 0, bin}))
                                      : mix(pal.background, pal.warp_color(4), 0.55f);
      if (now > 0) c.rect_filled({bx0, hy_now}, {bx1, y1}, fill);
      c.rect({bx0, hy_want}, {bx1, y1}, pal.text_muted, 1);
      const bool lost = last && now < want;
      if (lost) {
        c.rect_filled({bx0, hy_want}, {bx1, hy_now}, pal.mismatch.with_alpha(70));
        c.rect({bx0, hy_want}, {bx1, hy_now}, pal.mismatch, 2);
        const std::string gone = "-" + std::to_string(int64_t(want - now));
        const std::string gone_text = trf("{0} lost", gone);
        c.text({(bx0 + bx1) / 2, hy_want - 2},
               c.text_size(gone_text, label_font).x < bw ? gone_text : gone, label_font,
               pal.mismatch, HAlign::Center, VAlign::Bottom);
      } else if (label_font >= 7 && now > 0) {
        c.text({(bx0 + bx1) / 2, std::min(hy_now, hy_want) - 2}, std::to_string(int64_t(now)),
               label_font, pal.text, HAlign::Center, VAlign::Bottom);
      }
      if (label_font >= 7 && bin % label_every == 0)
        c.text({(bx0 + bx1) / 2, y1 + 2}, bin_range_text(bins, bin, input_.letters), label_font,
               pal.text_muted, HAlign::Center, VAlign::Top);
      hover().add({bx0, y0}, {past(bx1), past(y1)},
                  trf("bin {0} ({1}): {2} counted so far, {3} in the sequential histogram", bin,
                      bin_range_text(bins, bin, input_.letters), int64_t(now), int64_t(want)) +
                      (lost ? trf("; {0} lost", int64_t(want - now)) : std::string()));
    }
  }

  // ---- The queues: the atomics that collided on one counter this step, top first.
  {
    const std::vector<hg::CounterQueue> queues = hg::step_queues(trace, step, nbins);
    const bool plain = !queues.empty() && queues.front().plain;
    const bool writes = plain && queues.front().writes;
    c.text({right_x, top},
           writes  ? tr("plain writes of one counter this step (the last store wins)")
           : plain ? tr("plain reads of one counter this step (they all read the same value)")
                   : tr("atomics on one counter this step, in the order they serialize"),
           font * 0.8f, plain ? pal.mismatch : pal.text);
    const float qy0 = top + font * 2.6f, qy1 = bottom - font * 2.2f;
    const float col_w = std::max(font * 3.2f, std::min(font * 4.5f, right_w / 6));
    const int fit_cols = std::max(1, int(right_w / col_w));
    const int cols = std::min<int>(fit_cols, static_cast<int>(queues.size()));
    if (queues.empty())
      c.text({right_x, qy0},
             s.phase == "init" ? tr("no atomics: this step zeroes the shared copies")
                               : tr("no atomics in this step"),
             font * 0.8f, pal.text_muted);
    for (int q = 0; q < cols; ++q) {
      const hg::CounterQueue& queue = queues[size_t(q)];
      const float x = right_x + q * col_w;
      const std::string name = counter_copy_name(trace, queue.buffer, queue.copy, nbins);
      c.text({x + col_w / 2, qy0 - font * 1.6f}, fit_text(c, name, font * 0.7f, col_w - 4),
             font * 0.7f, pal.text_muted, HAlign::Center, VAlign::Top);
      c.text({x + col_w / 2, qy0 - font * 0.8f},
             fit_text(c, bracketed(bin_range_text(bins, queue.bin, input_.letters)), font * 0.75f,
                      col_w - 4),
             font * 0.75f, pal.text, HAlign::Center, VAlign::Top);
      const int len = static_cast<int>(queue.threads.size());
      const float box_h = std::clamp((qy1 - qy0) / std::max(len, 1), 3.0f, font * 1.5f);
      const int fit = std::max(1, int((qy1 - qy0) / box_h));
      const int drawn = len > fit ? fit - 1 : len;
      for (int i = 0; i < drawn; ++i) {
        const int32_t t = queue.threads[size_t(i)];
        const Vec2 a{x + 3, qy0 + i * box_h}, b{x + col_w - 3, qy0 + (i + 1) * box_h - 1};
        c.rect_filled(a, b, warp_fill(t), 2);
        c.rect(a, b, queue.plain ? pal.mismatch : pal.cell_border, queue.plain ? 1.5f : 1, 2);
        const double amount = queue.amounts[size_t(i)];
        std::string label = "t" + std::to_string(t);
        if (queue.writes)
          label += " =" + sample_text(amount, false);
        else if (amount != 1)
          label += " +" + sample_text(amount, false);
        if (box_h >= 8)
          c.text({(a.x + b.x) / 2, (a.y + b.y) / 2},
                 fit_text(c, label, std::min(font * 0.7f, box_h * 0.8f), b.x - a.x - 2),
                 std::min(font * 0.7f, box_h * 0.8f), pal.text, HAlign::Center, VAlign::Middle);
        hover().add(
            a, {past(b.x), past(b.y)},
            trf("{0}[{1}]: {2} {3} of {4} by thread {5} (block {6}, warp {7})", name, queue.bin,
                queue.writes  ? tr("plain write")
                : queue.plain ? tr("plain read")
                              : tr("atomic"),
                i + 1, len, t, t / bd, warp_of(t, bd, warp)) +
                (queue.writes  ? trf(", stores {0}", sample_text(amount, false))
                 : amount != 1 ? trf(", adds {0}", sample_text(amount, false))
                               : std::string()) +
                (i > 0 && !queue.plain ? trf("; waits for {0} before it", i) : std::string()));
      }
      float under = qy0 + drawn * box_h + 2;
      if (drawn < len) {
        c.text({x + col_w / 2, under}, "+" + std::to_string(len - drawn), font * 0.7f,
               pal.text_muted, HAlign::Center, VAlign::Top);
        under += font * 0.9f;
      }
      // The chain: the most atomics one warp put in this queue (warps serialize one after
      // another; within a warp instruction every lane on the counter waits its turn).
      const std::string note = queue.plain ? trf("{0} lost", len - 1) : trf("{0} in line", len);
      const gfx::Color note_color = queue.plain && len > 1 ? pal.mismatch : pal.text_muted;
      c.text({x + col_w / 2, under + 2}, fit_text(c, note, font * 0.65f, col_w), font * 0.65f,
             note_color, HAlign::Center, VAlign::Top);
      if (!queue.plain && queue.chain < len)  // more than one warp in the queue
        c.text({x + col_w / 2, under + 2 + font * 0.8f},
               fit_text(c, trf("chain {0}", queue.chain), font * 0.65f, col_w), font * 0.65f,
               note_color, HAlign::Center, VAlign::Top);
    }
    if (static_cast<int>(queues.size()) > cols)
      c.text(
          {right_x, qy1 + font * 0.9f},
          counted(int64_t(queues.size()) - cols, TR_NOOP("and {0} more counter (shorter queues)"),
                  TR_NOOP("and {0} more counters (shorter queues)")),
          font * 0.7f, pal.text_muted);
  }

  // ---- Key and counters.
  LegendLine key(c, {margin, size.y - footer_h - legend_h + font * 0.2f}, font * 0.75f, pal);
  for (int k = 0; k < 4; ++k) key.strip(mix(pal.cell_fill, pal.warp_color(k), 0.5f));
  key.end_strips();
  key.label(tr("warp of the thread (t5 = thread 5)"));
  key.outlined(pal.highlight, 3);
  key.label(tr("read or updated this step"));
  key.outlined(pal.text_muted, 1);
  key.label(tr("bar outline: the sequential count"));
  if (run.params.inject_race) {
    key.boxed(pal.mismatch.with_alpha(70), pal.mismatch);
    key.label(tr("lost updates"));
  }
  const Counters& counters = taught->traced.counters;
  const StepCounters& sc = counters.per_step.at(size_t(step));
  std::string footer =
      trf("{0}, {1}, longest chain {2}, {3}, {4} this step; run: {5}, longest chain {6}",
          counted(sc.active_threads, TR_NOOP("{0} thread"), TR_NOOP("{0} threads")),
          counted(sc.atomics, TR_NOOP("{0} atomic"), TR_NOOP("{0} atomics")), sc.max_atomic_chain,
          counted(sc.global_requests, TR_NOOP("{0} global sector"), TR_NOOP("{0} global sectors")),
          counted(sc.bank_conflicts, TR_NOOP("{0} bank conflict"), TR_NOOP("{0} bank conflicts")),
          counted(counters.atomics, TR_NOOP("{0} atomic"), TR_NOOP("{0} atomics")),
          counters.longest_atomic_chain);
  if (taught->traced.twin.ran)
    footer += taught->traced.twin.matches() ? tr("; GPU trace == CPU trace") : tr("; GPU != CPU");
  draw_footer(
      c, footer, pal, font,
      taught->traced.twin.ran && !taught->traced.twin.matches() ? pal.mismatch : pal.text_muted);
}

std::string counter_copy_name(const Trace& trace, int buffer, int copy, int bins) {
  const TraceBuffer& b = trace.buffers[size_t(buffer)];
  if (b.name == "hist") return "hist";
  if (b.name == "warp hist") {
    const int per_block = std::max(1, b.size / std::max(bins, 1));
    return trf("warp b{0} w{1}", copy / per_block, copy % per_block);
  }
  if (b.space == MemSpace::Shared) return trf("shared b{0}", copy);
  if (b.name == "private") return trf("private b{0}", copy);
  return b.name + " b" + std::to_string(copy);
}

}  // namespace ws::app
