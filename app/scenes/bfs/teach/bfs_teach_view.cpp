// The BFS teach figure. Left: the arrays as rows of cells (the CSR row offsets and columns, or
// the CSC / COO arrays the variant reads, the level and parent arrays, the frontier queues and
// their tails), each cell a thread read this step tinted in its warp's colour and each cell
// written outlined, with the thread under it. Right: the graph at a layered layout with the
// frontier, the vertices discovered so far in this level, the visited and unvisited ones, and the
// edges this step examines (the useful ones emphasised); the atomics on the tails in the order
// they serialize; the lanes of each warp, busy or idle (the load imbalance). The key and the
// step's counters at the bottom.
#include <algorithm>
#include <cmath>
#include <set>

#include "bfs_teach_view.h"
#include "common/trace_cluster.h"
#include "i18n/i18n.h"
#include "render/recording_canvas.h"
#include "scenes/bfs/bfs_graph_key.h"
#include "scenes/bfs/bfs_strings.h"
#include "views/cell_rows.h"
#include "views/field_raster.h"
#include "views/figure_parts.h"
#include "views/legend.h"

namespace ws::app {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

namespace {

// The order the arrays are drawn in: the adjacency the variant reads, then the per-vertex
// arrays, then the queues.
const char* const kBufferOrder[] = {"row_offsets",
                                    "col_offsets",
                                    "columns",
                                    "rows",
                                    "src",
                                    "dst",
                                    "level",
                                    "parent",
                                    "frontier",
                                    "edge start",
                                    "next",
                                    "next edge start",
                                    "list",
                                    "left",
                                    "block queue",
                                    "tile vertex",
                                    "tile start",
                                    "tile row",
                                    "cluster queue",
                                    "cluster first",
                                    "cluster counts",
                                    "cluster largest",
                                    "tail",
                                    "next edges",
                                    "left tail",
                                    "block tail"};

std::string buffer_hover(const std::string& name) {
  if (name == "row_offsets")
    return tr(
        "row_offsets (CSR): vertex v's out-edges are columns[row_offsets[v] .. "
        "row_offsets[v+1])");
  if (name == "columns") return tr("columns (CSR): the out-neighbours, row after row");
  if (name == "col_offsets")
    return tr(
        "col_offsets (CSC): vertex v's in-edges are rows[col_offsets[v] .. col_offsets[v+1])");
  if (name == "rows") return tr("rows (CSC): the in-neighbours, column after column");
  if (name == "src") return tr("src (COO): the edge's first vertex");
  if (name == "dst") return tr("dst (COO): the edge's second vertex");
  if (name == "level") return tr("level: hops from the source, -1 while unreached");
  if (name == "parent") return tr("parent: the vertex each one was reached from (the BFS tree)");
  if (name == "frontier") return tr("frontier: the queue of this level's vertices");
  if (name == "next") return tr("next: the queue the next level's vertices are appended to");
  if (name == "tail") return tr("tail: the next queue's length, advanced with atomicAdd");
  if (name == "block queue") return tr("block queue: a block's private queue in shared memory");
  if (name == "block tail") return tr("block tail: a block's queue length in shared memory");
  if (name == "list")
    return tr(
        "list: the vertices this bottom-up level takes, one a thread (the first bottom-up level "
        "takes every vertex)");
  if (name == "left")
    return tr(
        "left: the vertices this bottom-up level leaves unvisited with in-edges (the next list)");
  if (name == "left tail") return tr("left tail: left's length, advanced with atomicAdd");
  if (name == "edge start")
    return tr(
        "edge start: per frontier entry, the out-degrees of the entries before it summed: the "
        "frontier's edges as one index space, cut into tiles");
  if (name == "next edge start")
    return tr("next edge start: the same for the next queue, written as vertices are appended");
  if (name == "next edges")
    return tr("next edges: the next queue's edges so far, advanced with atomicAdd by the degree");
  if (name == "tile vertex")
    return tr("tile vertex: the tile's frontier vertices, staged in shared memory by its block");
  if (name == "tile start")
    return tr(
        "tile start: their edge starts in shared memory: a thread's binary search finds its "
        "edge's vertex here");
  if (name == "tile row")
    return tr("tile row: where their rows start in columns, staged in shared memory");
  if (name == "cluster queue")
    return tr(
        "cluster queue: a cluster block's entries in its shared memory, two halves (this level's "
        "and the next's, by depth parity); other blocks read them through distributed shared "
        "memory");
  if (name == "cluster first")
    return tr(
        "cluster first: the entries before each block (0..4), then the edges before each block: "
        "prefix sums of the blocks' counts, which find the block holding an entry");
  if (name == "cluster counts")
    return tr(
        "cluster counts: per level (depth % 3: read, written, cleared) the entries a cluster "
        "block holds and their out-degrees summed; every block reads every block's");
  if (name == "cluster largest")
    return tr(
        "cluster largest: per level (depth % 3) the largest out-degree of a cluster block's "
        "entries (atomicMax): the hand-over rule needs it");
  return name;
}

// `op`: the array's atomic (7's "cluster largest" takes atomicMax, the rest atomicAdd).
std::string touch_text(const std::vector<CellTouch>& touches, const Trace& trace, int block_dim,
                       BinaryOp op) {
  std::string text;
  int shown = 0;
  for (const CellTouch& t : touches) {
    if (shown == 4) {
      text += "\n" + trf("... {0} more", touches.size() - 4);
      break;
    }
    const char* what = t.kind == EventKind::Read    ? TR_NOOP("read")
                       : t.kind == EventKind::Write ? TR_NOOP("written")
                       : t.kind == EventKind::Atomic
                           ? (op == BinaryOp::Max ? "atomicMax" : "atomicAdd")
                       : t.kind == kRemoteRead
                           ? TR_NOOP("read from another block through distributed shared memory")
                           : TR_NOOP("op");
    text += "\n" + trf("{0} by thread {1} (block {2}, warp {3}, lane {4})", tr(what), t.thread,
                       t.thread / std::max(block_dim, 1),
                       teach_warp_of(t.thread, block_dim, trace.warp_size),
                       (t.thread % std::max(block_dim, 1)) % std::max(trace.warp_size, 1));
    ++shown;
  }
  return text;
}

// A row of cells under construction, with the thread marks to draw under it.
struct RowPlan {
  CellRow row;
  std::vector<std::string> marks;        // per cell: "t5", "t5+2", ""
  std::vector<gfx::Color> mark_colours;  // per cell
  std::vector<bool> remote;              // per cell: read by another block's thread
  std::vector<int> block_starts;         // cells where another block's copy starts
  bool touched = false;
  // When rows must go for room, the lowest first (from the bottom): 0 an array this level
  // never touches, 1 a stretch of an edge array or queue this step does not touch, 2 the rest.
  int keep = 2;
};

// A frame of dashes around [min, max].
void dashed_frame(gfx::Canvas& c, Vec2 min, Vec2 max, gfx::Color colour) {
  const float dash = std::max(2.0f, (max.x - min.x) / 5), w = 2;
  for (float x = min.x; x < max.x; x += 2 * dash) {
    const float e = std::min(max.x, x + dash);
    c.line({x, min.y + 1}, {e, min.y + 1}, colour, w);
    c.line({x, max.y - 1}, {e, max.y - 1}, colour, w);
  }
  for (float y = min.y; y < max.y; y += 2 * dash) {
    const float e = std::min(max.y, y + dash);
    c.line({min.x + 1, y}, {min.x + 1, e}, colour, w);
    c.line({max.x - 1, y}, {max.x - 1, e}, colour, w);
  }
}

}  // namespace

void draw_teach_figure(gfx::Canvas& c, gfx::Theme theme, const TeachFigure& f, HoverMap& hover) {
  const gfx::Palette& pal = gfx::palette(theme);
  const float font = figure_ground(c, pal);
  const Vec2 size = c.size();
  if (!f.taught || !f.state->graph) {
    const std::string title = trf("BFS teach mode: {0}", f.label);
    float y = draw_header(c, title, "", "", "", pal, font);
    const std::string text = !f.message.empty() ? f.message : std::string(tr("no run yet"));
    draw_wrapped(c, {font, y}, text, font * 1.1f, size.x - 2 * font, pal.mismatch, 8);
    return;
  }
  const bfs::TeachRun& run = f.taught->run;
  const Trace& trace = run.trace;
  const int step = f.step;
  const TraceStep& s = trace.steps.at(size_t(step));
  const bfs::VariantInfo& vi = bfs::info(run.params.variant);
  const StepFacts facts = step_facts(run, f.taught->traced.snapshots, step);
  const std::vector<std::vector<double>>& values = f.taught->traced.snapshots.at(size_t(step));
  const graph::Graph& g = *f.state->graph;
  const int bd = std::max(s.block_dim, 1);
  const int warp = std::max(trace.warp_size, 1);

  const std::string title = trf("BFS: {0}", kernel_text(vi.title));
  const std::string detail =
      g.symmetric
          ? trf("{0} ({1} vertices, {2} directed edges, undirected), source {3}, {4} x {5} "
                "threads, {6} backend",
                f.label, g.vertices, g.edges(), run.params.source, s.grid_dim, s.block_dim,
                backend_name(f.backend))
          : trf("{0} ({1} vertices, {2} edges, directed), source {3}, {4} x {5} threads, {6} "
                "backend",
                f.label, g.vertices, g.edges(), run.params.source, s.grid_dim, s.block_dim,
                backend_name(f.backend));
  const std::string step_line =
      trf("step {0} of {1}: {2}  \xC2\xB7  level {3} {4}, step {5} of {6} in the level", step + 1,
          trace.steps.size(), kernel_text(s.label), facts.depth,
          kernel_text(bfs::direction_name(facts.direction)), facts.step_in_level + 1,
          facts.level_steps);
  const float top = draw_header(c, title, detail, step_line, kernel_text(vi.lesson), pal, font);
  const float margin = font * 0.6f;
  const float footer_h = font * 1.8f, legend_h = font * 2.6f;  // two key lines
  const float bottom = size.y - footer_h - legend_h;
  const float left_w = (size.x - 3 * margin) * 0.62f;
  const float right_x = margin + left_w + margin;
  const float right_w = size.x - right_x - margin;

  // ---- The arrays as rows of cells.
  const int64_t n = g.vertices, m = g.edges();
  const int chunk =
      int(std::clamp<int64_t>(std::max<int64_t>(n + 1, std::min<int64_t>(m, 24)), 10, 36));
  std::vector<int> order;
  for (const char* name : kBufferOrder) {
    const int b = bfs::teach_buffer(trace, name);
    if (b >= 0) order.push_back(b);
  }
  for (int b = 0; b < int(trace.buffers.size()); ++b)
    if (std::find(order.begin(), order.end(), b) == order.end()) order.push_back(b);
  std::vector<RowPlan> plans;
  {  // the index row
    RowPlan index;
    index.row.label = tr("index");
    index.row.hover = tr("the position in each row (rows longer than this continue below)");
    for (int i = 0; i < chunk; ++i) {
      Cell cell;
      cell.text = std::to_string(i);
      cell.fill = pal.background;
      cell.hover = trf("index {0}", i);
      index.row.cells.push_back(cell);
    }
    index.row.gap_after = 0.15f;
    index.marks.assign(size_t(chunk), "");
    index.mark_colours.assign(size_t(chunk), pal.text);
    index.remote.assign(size_t(chunk), false);
    plans.push_back(index);
  }
  // Arrays the run never touches (the CSR of an edge-centric run) are left out; those this
  // level does not touch give way first.
  std::set<int> used, used_in_level;
  for (int k = 0; k < int(trace.steps.size()); ++k)
    for (const TraceEvent& e : trace.steps[size_t(k)].events) {
      used.insert(e.buffer);
      const int32_t d = size_t(k) < run.step_depth.size() ? run.step_depth[size_t(k)] : 0;
      if (d == facts.depth) used_in_level.insert(e.buffer);
    }
  for (int b : order) {
    const TraceBuffer& tb = trace.buffers[size_t(b)];
    if (!used.count(b) && tb.name != "level" && tb.name != "parent") continue;
    const std::vector<double>& v = values.at(size_t(b));
    const bool shared = tb.space == MemSpace::Shared;
    const bool edge_array =
        tb.name == "columns" || tb.name == "rows" || tb.name == "src" || tb.name == "dst";
    // Entries at or past a queue's current length are left from earlier levels: dimmed.
    const int64_t length = teach_queue_length(trace, f.taught->traced.snapshots, step, tb.name);
    // The cells to draw, as (block, index) runs: one run per copy, or for 7's tile arrays (a
    // copy per tile, most of each never written) one run of every block's written entries, and
    // for its cluster arrays one run of every block's copy.
    // 7's cluster arrays: whole blocks side by side, as many as a row takes, a line between.
    const bool tile = shared && tb.name.rfind("tile ", 0) == 0;
    const bool cluster = shared && tb.name.rfind("cluster ", 0) == 0;
    const bool packed = tile || cluster;
    const int per_row = std::max(1, chunk / std::max(1, tb.size));
    std::vector<std::vector<std::pair<int, int64_t>>> runs;
    for (int copy = 0; copy < (shared ? tb.blocks : 1); ++copy) {
      const int64_t base = shared ? int64_t(copy) * tb.size : 0;
      int64_t count = tb.size;
      if (tile) {
        while (count > 0 && std::isnan(v.at(size_t(base + count - 1)))) --count;
        if (count == 0) continue;
      }
      if (!packed || runs.empty() || (cluster && copy % per_row == 0)) runs.emplace_back();
      for (int64_t i = 0; i < count; ++i) runs.back().push_back({copy, i});
    }
    if (packed && runs.empty()) runs.push_back({{0, 0}});
    for (size_t r = 0; r < runs.size(); ++r) {
      const std::vector<std::pair<int, int64_t>>& run_cells = runs[r];
      const int copy = run_cells.front().first;
      const int64_t count = int64_t(run_cells.size());
      const int chunks = int((count + chunk - 1) / chunk);
      for (int k = 0; k < std::max(chunks, 1); ++k) {
        RowPlan plan;
        const int64_t first = int64_t(k) * chunk, last = std::min<int64_t>(count, first + chunk);
        const int last_copy = run_cells.back().first;
        plan.row.label = buffer_label(tb.name) +
                         (shared && !packed ? " b" + std::to_string(copy) : "") +
                         (cluster ? " b" + std::to_string(copy) +
                                        (last_copy > copy ? "-b" + std::to_string(last_copy) : "")
                                  : "");
        if (chunks > 1)
          plan.row.label += " " + std::to_string(first) + "-" + std::to_string(last - 1);
        plan.row.hover =
            buffer_hover(tb.name) +
            (cluster && last_copy > copy
                 ? trf(" (blocks {0} to {1}, one after another)", copy, last_copy)
             : packed && !cluster ? std::string(tr(" (every block's, one after another)"))
             : shared             ? trf(" (block {0})", copy)
                                  : std::string());
        for (int64_t at = first + 1; at < last; ++at)
          if (run_cells[size_t(at)].first != run_cells[size_t(at) - 1].first)
            plan.block_starts.push_back(int(at - first));
        bool written = false;
        for (int64_t at = first; at < last; ++at) {
          const int block = run_cells[size_t(at)].first;
          const int64_t i = run_cells[size_t(at)].second;
          const int64_t base = shared ? int64_t(block) * tb.size : 0;
          const double value = v.at(size_t(base + i));
          Cell cell;
          cell.unwritten = std::isnan(value);
          written = written || !cell.unwritten;
          cell.text = cell.unwritten ? "" : number(value, tb.type);
          std::string name = buffer_label(tb.name) + (shared ? trf(" (block {0})", block) : "");
          cell.hover = name + "[" + std::to_string(i) +
                       "] = " + (cell.unwritten ? std::string(tr("not written yet")) : cell.text);
          const bool stale = length >= 0 && i >= length && !cell.unwritten;
          if (stale) {
            cell.fill = pal.cell_unwritten;  // the grey of unwritten cells, with the old value
            cell.hover += "\n" + trf("stale: past the queue's end ({0} entries)", length);
          } else if (packed && block % 2 == 1) {
            cell.fill = mix(pal.cell_fill, pal.cell_unwritten, 0.35f);  // blocks alternate
          }
          if (tb.name == "level" || tb.name == "parent") cell.hover += trf(" (vertex {0})", i);
          if (tb.name == "row_offsets" || tb.name == "col_offsets")
            cell.hover += i < n ? trf(" (where vertex {0}'s edges start)", i)
                                : std::string(tr(" (the end of the last row: the edge count)"));
          std::string mark;
          gfx::Color mark_colour = pal.text_muted;
          bool remote = false;
          const auto it = facts.touches.find({b, base + i});
          if (it != facts.touches.end() && !it->second.empty()) {
            const std::vector<CellTouch>& t = it->second;
            remote = std::any_of(t.begin(), t.end(),
                                 [](const CellTouch& x) { return x.kind == kRemoteRead; });
            const int w = teach_warp_of(t.front().thread, bd, warp);
            cell.fill = mix(pal.cell_fill, pal.warp_color(w), 0.55f);
            cell.emphasis = std::any_of(t.begin(), t.end(), [](const CellTouch& x) {
              return x.kind == EventKind::Write || x.kind == EventKind::Atomic;
            });
            std::set<int32_t> threads;
            for (const CellTouch& x : t) threads.insert(x.thread);
            mark = "t" + std::to_string(t.front().thread);
            if (threads.size() > 1) mark += "+" + std::to_string(threads.size() - 1);
            mark_colour = mix(pal.text, pal.warp_color(w), 0.6f);
            cell.hover += touch_text(t, trace, bd, tb.atomic_op);
            plan.touched = true;
          }
          plan.row.cells.push_back(cell);
          plan.marks.push_back(mark);
          plan.mark_colours.push_back(mark_colour);
          plan.remote.push_back(remote);
        }
        // Long edge arrays and never-written queue rows give way first when room runs out.
        const bool queue = tb.name == "frontier" || tb.name == "next" || tb.name == "list" ||
                           tb.name == "edge start" || tb.name == "next edge start" ||
                           tb.name == "left" || shared;
        if (!used_in_level.count(b) && tb.name != "level" && tb.name != "parent")
          plan.keep = 0;
        else if (!plan.touched && ((edge_array && chunks > 1) || (queue && !written)))
          plan.keep = 1;
        plan.row.gap_after = 0.6f;
        plans.push_back(std::move(plan));
      }
    }
  }
  // Room: rows no shorter than ~1.15 fonts (with their marks below).
  const float rows_h = bottom - top - font * 1.2f;
  const int room = std::max(3, int(rows_h / (font * 1.15f * 1.6f)));
  int dropped = 0;
  for (int keep = 0; keep < 2 && int(plans.size()) > room; ++keep)
    for (int i = int(plans.size()) - 1; i >= 0 && int(plans.size()) > room; --i)
      if (plans[size_t(i)].keep == keep) {
        plans.erase(plans.begin() + i);
        ++dropped;
      }
  std::vector<CellRow> rows;
  for (const RowPlan& p : plans) rows.push_back(p.row);
  const RowsGeometry geo =
      draw_rows(c, {margin, top}, {left_w, rows_h}, rows, pal, font * 0.85f, font * 2.2f);
  // The threads under the cells they touched.
  const float mark_font = std::min(geo.cell_h * 0.5f, std::min(geo.cell_w * 0.5f, font * 0.62f));
  if (mark_font >= 6.5f)
    for (size_t r = 0; r < plans.size(); ++r)
      for (size_t i = 0; i < plans[r].marks.size(); ++i) {
        if (plans[r].marks[i].empty()) continue;
        const Vec2 at = geo.bottom_center(int(r), int(i));
        // The mark, or just its thread, or nothing where it would run into its neighbours.
        std::string mark = plans[r].marks[i];
        if (c.text_size(mark, mark_font).x > geo.cell_w - 2) mark = mark.substr(0, mark.find('+'));
        if (c.text_size(mark, mark_font).x > geo.cell_w - 2) continue;
        c.text({at.x, at.y + 1}, mark, mark_font, plans[r].mark_colours[i], HAlign::Center,
               VAlign::Top);
      }
  // Lines between the blocks' copies of 7's cluster arrays.
  for (size_t r = 0; r < plans.size(); ++r)
    for (int i : plans[r].block_starts) {
      const Vec2 a = geo.cell_min(int(r), i);
      c.line({a.x, a.y - geo.cell_h * 0.15f}, {a.x, a.y + geo.cell_h * 1.15f}, pal.text, 2.5f);
    }
  // Cells another block's thread read through distributed shared memory: a dashed frame.
  bool any_remote = false;
  for (size_t r = 0; r < plans.size(); ++r)
    for (size_t i = 0; i < plans[r].remote.size(); ++i)
      if (plans[r].remote[i]) {
        dashed_frame(c, geo.cell_min(int(r), int(i)), geo.cell_max(int(r), int(i)), pal.divergent);
        any_remote = true;
      }
  if (dropped > 0)
    c.text({margin, geo.bottom() + font * 0.9f},
           fit_text(c,
                    trf("{0} left out for room: arrays, or stretches of them, this step does "
                        "not touch",
                        counted(dropped, TR_NOOP("{0} row"), TR_NOOP("{0} rows"), false)),
                    font * 0.65f, left_w),
           font * 0.65f, pal.text_muted);

  // A cell names its array, index and value and the threads that touched it; a label its array.
  int most = 0;
  for (int cells : geo.cells) most = std::max(most, cells);
  hover.add({geo.x0 - geo.label_w, top}, {geo.x0 + float(most) * geo.cell_w, geo.bottom()},
            [rows = std::move(rows), geo](Vec2 point) { return describe_rows(geo, rows, point); });

  // ---- Right: the graph, the tail atomics, the lanes.
  TeachFrame frame;
  frame.graph = &g;
  frame.run = &run;
  frame.values = &values;
  frame.facts = &facts;
  frame.layout = &f.state->layout;
  frame.palette = &pal;
  frame.theme = theme;
  frame.font = font;
  // The graph takes half the column, less where the atomic chains below it (measured first)
  // would leave the lane strips too little room to show every warp; never under a third.
  float graph_h = (bottom - top) * 0.5f;
  {
    gfx::RecordingCanvas probe(c.size());
    HoverMap unused;
    const float atomics_h = draw_tail_atomics(probe, {right_x, 0}, right_w, frame, unused);
    const float short_by =
        lane_strips_height(c, right_w, frame) - (bottom - top - graph_h - font * 0.5f - atomics_h);
    if (short_by > 0) graph_h = std::max((bottom - top) / 3.0f, graph_h - short_by);
  }
  const float caption_h =
      draw_wrapped(c, {right_x, top}, tr("the graph: one column per BFS level from the source"),
                   font * 0.62f, right_w, pal.text_muted, 2);
  draw_teach_graph(c, {right_x + font * 0.6f, top + caption_h + font * 0.4f},
                   {right_x + right_w - font * 0.6f, top + graph_h}, frame, hover);
  float y = top + graph_h + font * 0.5f;
  y += draw_tail_atomics(c, {right_x, y}, right_w, frame, hover);
  draw_lane_strips(c, {right_x, y}, {right_w, bottom - y}, frame, hover);

  // ---- Key and counters.
  // The graph's key first, the same as graph mode's (GraphView's colours), then the cells'.
  const float key_top = size.y - footer_h - legend_h + font * 0.15f;
  draw_swatches(c, {margin, key_top}, bfs_graph_key(theme, tr("examined this step")), pal,
                font * 0.7f);
  LegendLine key(c, {margin, key_top + font * 1.2f}, font * 0.7f, pal);
  for (int k = 0; k < 4; ++k) key.strip(mix(pal.cell_fill, pal.warp_color(k), 0.55f));
  key.end_strips();
  key.label(tr("read by a thread of that warp (t5: thread 5)"));
  key.outlined(pal.highlight, 3);
  key.label(tr("written"));
  if (any_remote) {  // the cells' own dashed frame, one box wide and a half
    dashed_frame(c, {key.x(), key.top()}, {key.x() + key.box() * 1.5f, key.top() + key.box()},
                 pal.divergent);
    key.advance(key.box() * 1.5f + 4);
    key.label(tr("dashed: read by another block's thread (distributed shared memory)"));
  }
  const StepCounters& sc = f.taught->traced.counters.per_step.at(size_t(step));
  int64_t useful = 0;
  for (const ExaminedEdge& e : facts.edges) useful += e.useful;
  const auto edges = [](int64_t k) {
    return counted(k, TR_NOOP("{0} edge"), TR_NOOP("{0} edges"), false);
  };
  std::string footer = trf(
      "this step: {0} examined ({1} useful), {2}, {3} active lanes of {4} consumed, {5}; level {6} "
      "so far: {7}, {8}",
      edges(int64_t(facts.edges.size())), useful,
      counted(int64_t(facts.atomics.size()), TR_NOOP("{0} tail atomic"),
              TR_NOOP("{0} tail atomics"), false),
      sc.active_threads, sc.lanes_consumed,
      counted(sc.divergent_warps, TR_NOOP("{0} divergent warp"), TR_NOOP("{0} divergent warps"),
              false),
      facts.depth, edges(facts.level_edges),
      counted(facts.level_atomics, TR_NOOP("{0} atomic"), TR_NOOP("{0} atomics"), false));
  if (f.taught->traced.twin.ran)
    footer += f.taught->traced.twin.matches() ? tr("; GPU trace == CPU trace") : tr("; GPU != CPU");
  draw_footer(c, footer, pal, font,
              f.taught->traced.twin.ran && !f.taught->traced.twin.matches() ? pal.mismatch
                                                                            : pal.text_muted);
}

}  // namespace ws::app
