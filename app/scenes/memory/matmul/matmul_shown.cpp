#include "matmul_shown.h"

#include <algorithm>
#include <cmath>

#include "i18n/i18n.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

// The shared tiles' shape as matmul.h lays them out (variant 5: two buffers, Mds transposed).
void mm_shared_shape(const mem::MatmulTeachRun& run, int buffer, int& rows, int& cols) {
  const mem::MatmulTeachGeometry& g = run.geometry;
  const bool m = buffer == kMmMds;
  switch (run.params.variant) {
    case mem::MatmulVariant::Tiled:
    case mem::MatmulVariant::Coarsened:
      rows = cols = run.params.tile;
      break;
    case mem::MatmulVariant::Vectorized:
      rows = 2 * g.tile_k;
      cols = m ? g.tile_m : g.tile_n;
      break;
    default:
      rows = m ? g.tile_m : g.tile_k;
      cols = m ? g.tile_k : g.tile_n;
  }
  const int size = run.trace.buffers[size_t(buffer)].size;
  if (rows * cols != size) {  // a layout this view does not know: one row per 8
    cols = std::min(size, 8);
    rows = (size + cols - 1) / std::max(1, cols);
  }
}

}  // namespace

const mem::MatmulTeachRun& mm_run(const MmShown& s) {
  return s.taught->run;
}

MmShown mm_shown(const MatmulTaught& t, int step, int block) {
  MmShown s;
  s.taught = &t;
  const mem::MatmulTeachRun& run = t.run;
  s.step = std::clamp(step, 0, int(run.trace.steps.size()) - 1);
  s.block_threads = run.geometry.block_x * run.geometry.block_y;
  s.block = std::clamp(block, 0, run.geometry.grid_x * run.geometry.grid_y - 1);
  s.m_reader.assign(size_t(run.I) * run.J, -1);
  s.n_reader.assign(size_t(run.J) * run.K, -1);
  s.m_other.assign(s.m_reader.size(), false);
  s.n_other.assign(s.n_reader.size(), false);
  s.p_thread.assign(size_t(run.I) * run.K, -1);
  s.p_value.assign(s.p_thread.size(), std::nan(""));
  const bool tiled = run.trace.buffers.size() > kMmNds;
  if (tiled) {
    mm_shared_shape(run, kMmMds, s.mds_rows, s.mds_cols);
    mm_shared_shape(run, kMmNds, s.nds_rows, s.nds_cols);
    s.mds_writer.assign(size_t(run.trace.buffers[kMmMds].size), -1);
    s.nds_writer.assign(size_t(run.trace.buffers[kMmNds].size), -1);
    s.mds_reads = shared_reads(run, s.step, s.block, kMmMds);
    s.nds_reads = shared_reads(run, s.step, s.block, kMmNds);
  }
  for (int k = 0; k <= s.step; ++k)
    for (const TraceEvent& e : run.trace.steps[size_t(k)].events)
      if (e.kind == EventKind::Op && e.buffer == kMmP && e.address >= 0)
        s.p_value[size_t(e.address)] = e.value;
  for (const TraceEvent& e : run.trace.steps[size_t(s.step)].events) {
    if (e.address < 0) continue;
    const bool mine = e.thread / s.block_threads == s.block;
    const int local = e.thread % s.block_threads;
    if (e.kind == EventKind::Read && (e.buffer == kMmM || e.buffer == kMmN)) {
      std::vector<int>& reader = e.buffer == kMmM ? s.m_reader : s.n_reader;
      std::vector<bool>& other = e.buffer == kMmM ? s.m_other : s.n_other;
      if (mine)
        reader[size_t(e.address)] = local;
      else
        other[size_t(e.address)] = true;
    }
    if (mine && e.kind == EventKind::Op && e.buffer == kMmP) s.p_thread[size_t(e.address)] = local;
    if (mine && e.kind == EventKind::Write && e.buffer == kMmP)
      s.p_thread[size_t(e.address)] = local;
    if (mine && tiled && e.kind == EventKind::Write && (e.buffer == kMmMds || e.buffer == kMmNds))
      (e.buffer == kMmMds ? s.mds_writer : s.nds_writer)[size_t(e.address)] = local;
  }
  return s;
}

// A thread's colour within its block: the palette's eight, shaded for threads 8..15, 16..
gfx::Color mm_thread_colour(const gfx::Palette& p, int thread) {
  return mix(p.warp_color(thread % 8), p.text, 0.25f * float((thread / 8) % 3));
}

std::string mm_number(double v) {
  if (std::isnan(v)) return "";
  return v == std::floor(v) ? std::to_string(int64_t(v)) : std::to_string(v);
}

std::string mm_thread_name(const MmShown& s, int local) {
  const int bx = mm_run(s).geometry.block_x;
  return trf("thread ({0}, {1})", local / bx, local % bx);  // (ty, tx) as the book writes it
}

}  // namespace ws::app
