// The CPU twin of the traced teach kernels in sat_register_tiled.cu (variant 5): the fast
// kernels' three launches at teaching size. A tile is T x T (T = params.tile) and belongs to a
// block of T lanes (one warp); lane l owns column l of the tile (the fast kernels' lane owns 4 or
// 16 columns: here one column a lane). Tiles are numbered row-major, k = ty * tiles_x + tx.
//   1 tile sums    per row r of the tile (one step each): lane l reads its pixel and adds it to its
//                  running column sum (a register: written to "lane column sums" every row, row 0
//                  too); the row's sum over the tile by a shuffle-down tree (lane l < d adds lane
//                  l + d, d halving to 1; lane 0 ends with it). Then (one step) lane l writes its
//                  column sum, lane r the sum of row r, and a tree of the column sums gives the
//                  tile's total, written by lane 0.
//   2 carries      3 blocks of 32 threads: block 0 thread x scans column x of "column sums" down
//                  the tiles (exclusive: "column carries"), block 1 thread y row y of "row sums"
//                  across the tiles ("row carries"), block 2 the totals, a 2D exclusive scan
//                  ("corners": across each row of tiles into corners, then down each column in
//                  place, after a barrier). Four steps (columns, rows, corners across, corners
//                  down); running sums as in the fast kernel's `carries`.
//   3 tile tables  (one step) lane l reads its column's carry and scans them across the lanes
//                  (Kogge-Stone: lane l >= d adds lane l - d), adds the tile's corner: the table
//                  row above the tile, SAT(x0 + l, y0 - 1), the lane's running column value (a
//                  register: written to "lane table values"); lane r reads row r's carry. Then per
//                  row (one step each): lane l reads its pixel, a Kogge-Stone scan across the
//                  lanes gives the row's prefix inside the tile, plus the row's carry (shuffled
//                  from lane r), added into the running column value (written to "lane table
//                  values") and stored to sat.
// The two register buffers (MemSpace::Register, laid out as "column sums": lane l of tile
// (tx, ty) at ty * w + tx * T + l) show what a lane keeps between rows; the memory counters skip
// them.
// Lanes outside the image hold 0, take part in the shuffles and record nothing (no add of theirs
// is ever used). The adds happen in exactly the kernel's order (add(a, b) below is the kernel's
// a + b), so f32 traces are bit-identical to the device's.
#include <string>
#include <vector>

#include "sat_teach_cpu.h"

namespace ws::sat {

// Named, not anonymous: the unity builds (sanitizers, browser) put this file in one translation
// unit with the other twins, whose anonymous namespaces have their own Buffers.
namespace register_tiled_twin {

struct Buffers {
  int lane_sums, column_sums, row_sums, totals, column_carries, row_carries, corners, lane_values;
};

// The shuffle-down tree over lanes 0..n-1 of `v` (T lanes in all): at each distance lane l < d
// adds lane l + d; every add is an op of that lane at (buffer, address). Returns lane 0's sum.
double tree_sum(SatModel& m, std::vector<double>& v, int n, int T, int first_thread, int buffer,
                int address) {
  int half = 1;
  while (2 * half < T) half *= 2;
  for (int d = half; d >= 1; d /= 2)
    for (int l = 0; l < d && l + d < n; ++l)
      v[size_t(l)] = m.op(first_thread + l, buffer, address, m.add(v[size_t(l)], v[size_t(l + d)]));
  return v[0];
}

// The Kogge-Stone scan over lanes 0..n-1 of `v` (strides 1, 2, 4 .. below T): lane l >= d adds
// the value lane l - d held before the stride; each add is an op of lane l at its address.
template <class Address>
void lane_scan(SatModel& m, std::vector<double>& v, int n, int T, int first_thread, int buffer,
               Address address) {
  for (int d = 1; d < T; d *= 2) {
    const std::vector<double> before = v;
    for (int l = d; l < n; ++l)
      v[size_t(l)] = m.op(first_thread + l, buffer, address(l),
                          m.add(before[size_t(l - d)], before[size_t(l)]));
  }
}

// Thread `thread` scans `count` elements at first, first + stride, ... of `src` into exclusive
// running sums in `dst` (in place when dst == src): read, write the sum so far, add.
void exclusive_line(SatModel& m, int thread, int src, int dst, int first, int stride, int count) {
  double run = 0;
  for (int i = 0; i < count; ++i) {
    const int at = first + i * stride;
    const double v = m.read(thread, src, at);
    m.write(thread, dst, at, run);
    if (i + 1 < count) run = i == 0 ? v : m.op(thread, dst, at + stride, m.add(run, v));
  }
}

}  // namespace register_tiled_twin

TeachRun teach_cpu_register_tiled(const TeachParams& params, const Plane& input) {
  using namespace register_tiled_twin;
  TeachRun run = start_run(params, input);
  const int w = input.width, h = input.height, T = params.tile;
  const TileGrid g = tile_grid(w, h, T);
  const int G = g.count(), ntx = g.tiles_x, nty = g.tiles_y;
  SatModel m(run, params.accum);
  add_in_and_sat(m, run);
  Buffers b{};
  // The lanes' registers, laid out as the column sums: lane l of tile (tx, ty) at ty * w + tx * T
  // + l. In the order the data flows: launch 1's running sums, its aggregates, launch 2's carries,
  // launch 3's running table values.
  b.lane_sums = m.add_buffer("lane column sums", MemSpace::Register, nty * w);
  b.column_sums = m.add_buffer("column sums", MemSpace::Global, nty * w);
  b.row_sums = m.add_buffer("row sums", MemSpace::Global, ntx * h);
  b.totals = m.add_buffer("tile totals", MemSpace::Global, G);
  b.column_carries = m.add_buffer("column carries", MemSpace::Global, nty * w);
  b.row_carries = m.add_buffer("row carries", MemSpace::Global, ntx * h);
  b.corners = m.add_buffer("corners", MemSpace::Global, G);
  b.lane_values = m.add_buffer("lane table values", MemSpace::Register, nty * w);

  const int row_steps = T < h ? T : h;  // the rows of the tallest tile
  std::vector<int> s_sum_row, s_table_row;
  for (int r = 0; r < row_steps; ++r)
    s_sum_row.push_back(
        m.add_step("tile sums: row " + std::to_string(r), "tile sums", "@rt-sum-row", G, T, 0));
  const int s_sum_store = m.add_step("tile sums: store column sums, row sums, tile totals",
                                     "tile sums", "@rt-sum-store", G, T, 0);
  const int s_column_carries = m.add_step("carries: each column down the tiles", "carries",
                                          "@rt-column-carry", 3, kTeachMax, 0);
  const int s_row_carries =
      m.add_step("carries: each row across the tiles", "carries", "@rt-row-carry", 3, kTeachMax, 0);
  const int s_corner_rows = m.add_step("carries: corners, across the rows of tiles", "carries",
                                       "@rt-corner-rows", 3, kTeachMax, 0);
  const int s_corner_columns = m.add_step("carries: corners, down the columns of tiles", "carries",
                                          "@rt-corner-columns", 3, kTeachMax, 1);
  const int s_above =
      m.add_step("tile tables: the table row above each tile", "tile tables", "@rt-above", G, T, 0);
  for (int r = 0; r < row_steps; ++r)
    s_table_row.push_back(m.add_step("tile tables: row " + std::to_string(r), "tile tables",
                                     "@rt-table-row", G, T, 0));

  // Launch 1: every tile's column sums, row sums and total.
  const size_t lanes = static_cast<size_t>(T);
  std::vector<double> v(lanes), column(lanes), row_sum(lanes);
  for (int k = 0; k < G; ++k) {
    const int tx = k % ntx, ty = k / ntx, x0 = tx * T, y0 = ty * T;
    const int n = w - x0 < T ? w - x0 : T, rows = h - y0 < T ? h - y0 : T, t0 = k * T;
    for (int r = 0; r < rows; ++r) {
      m.at(s_sum_row[size_t(r)]);
      const int y = y0 + r;
      for (int l = 0; l < n; ++l) {
        v[size_t(l)] = m.read(t0 + l, kIn, y * w + x0 + l);
        double& c = column[size_t(l)];
        c = r == 0 ? v[size_t(l)]
                   : m.op(t0 + l, b.column_sums, ty * w + x0 + l, m.add(c, v[size_t(l)]));
        m.write(t0 + l, b.lane_sums, ty * w + x0 + l, c);
      }
      row_sum[size_t(r)] = tree_sum(m, v, n, T, t0, b.row_sums, tx * h + y);
    }
    m.at(s_sum_store);
    for (int l = 0; l < T; ++l) {
      if (l < n) m.write(t0 + l, b.column_sums, ty * w + x0 + l, column[size_t(l)]);
      if (l < rows) m.write(t0 + l, b.row_sums, tx * h + y0 + l, row_sum[size_t(l)]);
    }
    v = column;
    m.write(t0, b.totals, k, tree_sum(m, v, n, T, t0, b.totals, k));
  }

  // Launch 2: the carries (block 0 columns, block 1 rows, block 2 corners).
  m.at(s_column_carries);
  for (int x = 0; x < w; ++x) exclusive_line(m, x, b.column_sums, b.column_carries, x, w, nty);
  m.at(s_row_carries);
  for (int y = 0; y < h; ++y)
    exclusive_line(m, kTeachMax + y, b.row_sums, b.row_carries, y, h, ntx);
  m.at(s_corner_rows);
  for (int ty = 0; ty < nty; ++ty)
    exclusive_line(m, 2 * kTeachMax + ty, b.totals, b.corners, ty * ntx, 1, ntx);
  m.at(s_corner_columns);
  for (int tx = 0; tx < ntx; ++tx)
    exclusive_line(m, 2 * kTeachMax + tx, b.corners, b.corners, tx, ntx, nty);

  // Launch 3: every tile's part of the table.
  std::vector<double> row_carry(lanes);
  for (int k = 0; k < G; ++k) {
    const int tx = k % ntx, ty = k / ntx, x0 = tx * T, y0 = ty * T;
    const int n = w - x0 < T ? w - x0 : T, rows = h - y0 < T ? h - y0 : T, t0 = k * T;
    m.at(s_above);
    for (int l = 0; l < n; ++l)
      column[size_t(l)] = m.read(t0 + l, b.column_carries, ty * w + x0 + l);
    lane_scan(m, column, n, T, t0, b.column_carries, [&](int l) { return ty * w + x0 + l; });
    for (int l = 0; l < T; ++l) {
      if (l < n) {
        const double corner = m.read(t0 + l, b.corners, k);
        column[size_t(l)] =
            m.op(t0 + l, b.column_carries, ty * w + x0 + l, m.add(corner, column[size_t(l)]));
        m.write(t0 + l, b.lane_values, ty * w + x0 + l, column[size_t(l)]);
      }
      row_carry[size_t(l)] = l < rows ? m.read(t0 + l, b.row_carries, tx * h + y0 + l) : 0.0;
    }
    for (int r = 0; r < rows; ++r) {
      m.at(s_table_row[size_t(r)]);
      const int y = y0 + r;
      for (int l = 0; l < n; ++l) v[size_t(l)] = m.read(t0 + l, kIn, y * w + x0 + l);
      lane_scan(m, v, n, T, t0, kSat, [&](int l) { return y * w + x0 + l; });
      for (int l = 0; l < n; ++l) {
        const int i = y * w + x0 + l;
        const double left = m.op(t0 + l, kSat, i, m.add(row_carry[size_t(r)], v[size_t(l)]));
        column[size_t(l)] = m.op(t0 + l, kSat, i, m.add(column[size_t(l)], left));
        m.write(t0 + l, b.lane_values, ty * w + x0 + l, column[size_t(l)]);
        m.write(t0 + l, kSat, i, column[size_t(l)]);
      }
    }
  }
  m.finish();
  run.sat = m.state(kSat);
  return run;
}

}  // namespace ws::sat
