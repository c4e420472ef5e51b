// The CPU twin of sat_transpose.cu (variant 2). Four launches, row-first like variant 1:
//   transpose   in (w x h) -> tmp (h wide, w tall) through 32 x 33 shared tiles: block b takes
//               tile (b % tiles_x, b / tiles_x); thread t loads column t of the tile row by row
//               (coalesced), then writes row t of the transposed tile (coalesced; reading a
//               column of the padded tile hits 32 different banks). Steps: the load, the store.
//   row         thread y scans column y of tmp, that is row y of the image, going down tmp
//               (steps "row phase: x = ..."): neighbouring threads read neighbouring addresses.
//   transpose   tmp -> sat: sat now holds the row scans.
//   column      thread x scans column x of sat (steps "column phase: y = ...").
#include <string>

#include "sat_teach_cpu.h"

namespace ws::sat {

namespace {

constexpr int T = kTransposeTile;
constexpr int kPitch = T + 1;  // the padding column: a tile column spans all 32 banks

// src is sw wide and sh tall; dst[x * sh + y] = src[y * sw + x].
void transpose(SatModel& m, int load_step, int src, int dst, int tile, int sw, int sh) {
  const int tiles_x = (sw + T - 1) / T, tiles_y = (sh + T - 1) / T;
  for (int b = 0; b < tiles_x * tiles_y; ++b) {
    const int bx = b % tiles_x, by = b / tiles_x;
    m.at(load_step);
    for (int t = 0; t < T; ++t) {
      const int x = bx * T + t;
      for (int r = 0; r < T; ++r) {
        const int y = by * T + r;
        if (x < sw && y < sh)
          m.write(b * T + t, tile, r * kPitch + t, m.read(b * T + t, src, y * sw + x));
      }
    }
    m.at(load_step + 1);  // after the barrier: every thread's loads have landed
    for (int t = 0; t < T; ++t) {
      const int yy = by * T + t;
      for (int r = 0; r < T; ++r) {
        const int xx = bx * T + r;
        if (xx < sw && yy < sh)
          m.write(b * T + t, dst, xx * sh + yy, m.read(b * T + t, tile, t * kPitch + r));
      }
    }
  }
}

}  // namespace

TeachRun teach_cpu_transpose(const TeachParams& params, const Plane& input) {
  TeachRun run = start_run(params, input);
  const int w = input.width, h = input.height;
  const int tiles = ((w + T - 1) / T) * ((h + T - 1) / T);
  SatModel m(run, params.accum);
  add_in_and_sat(m, run);
  const int tmp = m.add_buffer("tmp", MemSpace::Global, w * h);
  const int tile = m.add_buffer("tile", MemSpace::Shared, T * kPitch, tiles);
  const std::string tiles_label = std::to_string(T) + "x" + std::to_string(T) + " tiles";

  const int t1 = m.add_step("transpose in: load " + tiles_label + " into shared memory",
                            "transpose", "@tr-load", tiles, T, 1);
  m.add_step("transpose in: store the tiles' columns as rows of tmp", "transpose", "@tr-store",
             tiles, T, 0);
  const int row0 = static_cast<int>(run.trace.steps.size());
  for (int x = 0; x < w; ++x)
    m.add_step("row phase (down tmp): x = " + std::to_string(x), "row", "@tr-row", 1, h, 0);
  const int t2 = m.add_step("transpose back: load " + tiles_label + " of tmp", "transpose",
                            "@tr-load", tiles, T, 1);
  m.add_step("transpose back: store into sat (the row scans)", "transpose", "@tr-store", tiles, T,
             0);
  const int col0 = static_cast<int>(run.trace.steps.size());
  for (int y = 0; y < h; ++y)
    m.add_step("column phase: y = " + std::to_string(y), "column", "@tr-column", 1, w, 0);

  transpose(m, t1, kIn, tmp, tile, w, h);
  for (int y = 0; y < h; ++y) {  // thread y: column y of tmp (h wide, w tall) = row y
    double sum = 0;
    for (int x = 0; x < w; ++x) {
      m.at(row0 + x);
      const int i = x * h + y;
      const double v = m.read(y, tmp, i);
      sum = x == 0 ? v : m.op(y, tmp, i, m.add(sum, v));
      m.write(y, tmp, i, sum);
    }
  }
  transpose(m, t2, tmp, kSat, tile, h, w);
  scan_columns(m, col0, w, h);
  m.finish();
  run.sat = m.state(kSat);
  return run;
}

}  // namespace ws::sat
