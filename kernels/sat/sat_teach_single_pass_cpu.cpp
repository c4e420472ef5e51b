// The CPU twin of the traced kernel in sat_single_pass.cu (variant 4): one launch over T x T tiles
// (T = params.tile), a block of T threads per tile, the tile's index from an atomic counter.
//   load             thread 0 takes the tile index k (row-major: tile (k % tiles_x, k / tiles_x));
//                    thread t copies column t of the tile, row by row, into the shared tile
//                    (places outside the image get 0)
//   row scan         thread t scans row t of the tile
//   row look-back    thread t publishes its row's sum ("row sums", then flag 1 by thread 0); a
//                    tile in column 0 publishes it as its prefix at once (flag 2). Then thread t
//                    looks back left: flag 2 -> add that tile's row prefix and stop; flag 1 ->
//                    add its row sum and look one tile further left. It publishes its row prefix
//                    (carry + sum), and thread 0 sets flag 2
//   row carry        thread t adds its carry to row t: the tile now holds its row scans
//   column scan      thread t scans column t of the tile (of the row scans)
//   column look-back the same upwards with the column sums, which already include everything to
//                    the left (they are sums of row scans): the carry is the SAT row above the tile
//   store            thread t adds its column carry to column t and writes it into sat
// Teach mode runs the tiles one after the other in counter order (the kernel makes tile k wait
// until tile k - 1 is done), so the trace is the same on every run and on both backends: every
// look-back finds its neighbour's prefix (flag 2). Fast mode does not wait; there a look-back can
// meet aggregates (flag 1) and walk further.
#include <string>
#include <vector>

#include "../common/error.h"
#include "sat_teach_cpu.h"

namespace ws::sat {

namespace {

struct Buffers {
  int tile, counter, row_flags, row_sums, row_prefixes, column_flags, column_sums, column_prefixes;
};

constexpr double kAggregate = 1, kPrefix = 2;

// Thread `thread` (lane t of tile k) looks back by `stride` tiles from k: the exclusive carry.
double look_back(SatModel& m, int thread, int t, int k, int stride, int T, int flags, int sums,
                 int prefixes) {
  double carry = 0;
  for (int pred = k - stride, first = 1;; pred -= stride, first = 0) {
    const double flag = m.read(thread, flags, pred);
    WS_REQUIRE(flag != 0, std::string("look-back found an unpublished tile"));
    const double v = m.read(thread, flag == kPrefix ? prefixes : sums, pred * T + t);
    carry = first ? v : m.op(thread, prefixes, k * T + t, m.add(v, carry));
    if (flag == kPrefix) return carry;
  }
}

}  // namespace

TeachRun teach_cpu_single_pass(const TeachParams& params, const Plane& input) {
  TeachRun run = start_run(params, input);
  const int w = input.width, h = input.height, T = params.tile, P = T + 1;
  const TileGrid g = tile_grid(w, h, T);
  const int G = g.count();
  SatModel m(run, params.accum);
  add_in_and_sat(m, run);
  Buffers b{};
  b.tile = m.add_buffer("tile", MemSpace::Shared, T * P, G);
  b.counter = m.add_int_buffer("tile counter", 1);
  b.row_flags = m.add_int_buffer("row flags", G);
  b.row_sums = m.add_buffer("row sums", MemSpace::Global, G * T);
  b.row_prefixes = m.add_buffer("row prefixes", MemSpace::Global, G * T);
  b.column_flags = m.add_int_buffer("column flags", G);
  b.column_sums = m.add_buffer("column sums", MemSpace::Global, G * T);
  b.column_prefixes = m.add_buffer("column prefixes", MemSpace::Global, G * T);

  const std::string tiles = std::to_string(T) + "x" + std::to_string(T) + " tiles";
  const int s_load = m.add_step("take a tile index from the counter, load the " + tiles, "tile",
                                "@sp-load", G, T, 1);
  const int s_row_scan = m.add_step("scan each row of the tile", "tile", "@sp-row-scan", G, T, 1);
  const int s_row_back =
      m.add_step("publish row sums (flag 1), look back left, publish row prefixes (flag 2)",
                 "look-back", "@sp-row-lookback", G, T, 2);
  const int s_row_carry = m.add_step("add the row carries: the tile holds its row scans", "row",
                                     "@sp-row-carry", G, T, 1);
  const int s_column_scan =
      m.add_step("scan each column of the tile", "tile", "@sp-column-scan", G, T, 1);
  const int s_column_back =
      m.add_step("publish column sums (flag 1), look back up, publish column prefixes (flag 2)",
                 "look-back", "@sp-column-lookback", G, T, 2);
  const int s_store =
      m.add_step("add the column carries, store into sat", "column", "@sp-store", G, T, 0);

  std::vector<double> carry(static_cast<size_t>(T));
  for (int k = 0; k < G; ++k) {  // one tile after the other, in counter order
    const int tx = k % g.tiles_x, ty = k / g.tiles_x, x0 = tx * T, y0 = ty * T;
    const auto thread = [&](int t) { return k * T + t; };
    m.at(s_load);
    m.atomic(thread(0), b.counter, 0, 1);
    for (int t = 0; t < T; ++t)
      for (int r = 0; r < T; ++r) {
        const int x = x0 + t, y = y0 + r;
        const double v = x < w && y < h ? m.read(thread(t), kIn, y * w + x) : 0.0;
        m.write(thread(t), b.tile, r * P + t, v);
      }

    m.at(s_row_scan);
    for (int t = 0; t < T; ++t) {
      double sum = m.read(thread(t), b.tile, t * P);
      for (int c = 1; c < T; ++c) {
        const double v = m.read(thread(t), b.tile, t * P + c);
        sum = m.op(thread(t), b.tile, t * P + c, m.add(sum, v));
        m.write(thread(t), b.tile, t * P + c, sum);
      }
    }

    // Rows, then columns: the same publish / look back / publish, and adding the carries.
    for (int pass = 0; pass < 2; ++pass) {
      const bool rows = pass == 0;
      const bool first_in_line = rows ? tx == 0 : ty == 0;
      const int flags = rows ? b.row_flags : b.column_flags;
      const int sums = rows ? b.row_sums : b.column_sums;
      const int prefixes = rows ? b.row_prefixes : b.column_prefixes;
      const auto last = [&](int t) { return rows ? t * P + T - 1 : (T - 1) * P + t; };
      m.at(rows ? s_row_back : s_column_back);
      std::vector<double> aggregate(static_cast<size_t>(T));
      for (int t = 0; t < T; ++t) {
        aggregate[size_t(t)] = m.read(thread(t), b.tile, last(t));
        m.write(thread(t), first_in_line ? prefixes : sums, k * T + t, aggregate[size_t(t)]);
      }
      m.write(thread(0), flags, k, first_in_line ? kPrefix : kAggregate);
      if (!first_in_line) {
        for (int t = 0; t < T; ++t) {
          carry[size_t(t)] =
              look_back(m, thread(t), t, k, rows ? 1 : g.tiles_x, T, flags, sums, prefixes);
          m.write(
              thread(t), prefixes, k * T + t,
              m.op(thread(t), prefixes, k * T + t, m.add(carry[size_t(t)], aggregate[size_t(t)])));
        }
        m.write(thread(0), flags, k, kPrefix);
      }
      if (rows) {
        if (!first_in_line) {
          m.at(s_row_carry);
          for (int t = 0; t < T; ++t)
            for (int c = 0; c < T; ++c) {
              const double v = m.read(thread(t), b.tile, t * P + c);
              m.write(thread(t), b.tile, t * P + c,
                      m.op(thread(t), b.tile, t * P + c, m.add(carry[size_t(t)], v)));
            }
        }
        m.at(s_column_scan);
        for (int t = 0; t < T; ++t) {
          double sum = m.read(thread(t), b.tile, t);
          for (int r = 1; r < T; ++r) {
            const double v = m.read(thread(t), b.tile, r * P + t);
            sum = m.op(thread(t), b.tile, r * P + t, m.add(sum, v));
            m.write(thread(t), b.tile, r * P + t, sum);
          }
        }
      }
    }

    m.at(s_store);
    for (int t = 0; t < T; ++t)
      for (int r = 0; r < T; ++r) {
        const int x = x0 + t, y = y0 + r;
        if (x >= w || y >= h) continue;
        double v = m.read(thread(t), b.tile, r * P + t);
        if (ty > 0) v = m.op(thread(t), kSat, y * w + x, m.add(carry[size_t(t)], v));
        m.write(thread(t), kSat, y * w + x, v);
      }
  }
  m.finish();
  run.sat = m.state(kSat);
  return run;
}

}  // namespace ws::sat
