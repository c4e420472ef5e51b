// The CPU twins of the tiled variants 3 and 4 (conv_tiled_input.cu, conv_tiled_output.cu).
//   3: the block is the input tile; every thread loads one cell (ghosts of Zero as 0, no read),
//      then the inner (tile - 2r)^2 threads compute from N_s while the halo threads idle.
//   4: the block is the output tile; every thread loads its own cell, then computes, reading the
//      cells inside the tile from N_s and the halo from N (through the caches).
#include "conv_teach_cpu.h"

namespace ws::conv {

namespace {

struct Thread {
  int id, block, tx, ty, bx, by;  // bx, by: the block's column and row in the grid
};

template <class Body>
void for_each_thread(const TeachRun& run, const TeachLayout& layout, Body&& body) {
  const TeachGeometry& g = run.geometry;
  for (int block = 0; block < layout.blocks; ++block)
    for (int ty = 0; ty < g.block_y; ++ty)
      for (int tx = 0; tx < g.block_x; ++tx)
        body(Thread{block * layout.threads + ty * g.block_x + tx, block, tx, ty, block % g.grid_x,
                    block / g.grid_x});
}

// Loads image cell (x, y) into N_s[s]: read from N (or its ghost_index cell), or 0 under Zero
// (the read of N sat out).
void load_cell(TraceModel& m, const TeachRun& run, int t, int s, int x, int y) {
  const int64_t row = ghost_index(y, run.height, run.params.boundary);
  const int64_t col = ghost_index(x, run.width, run.params.boundary);
  double v = 0.0;
  if (row < 0 || col < 0)
    m.skip(t, kN);
  else
    v = m.read(t, kN, int(row * run.width + col));
  m.write(t, kNs, s, v);
}

}  // namespace

TeachRun teach_cpu_tiled_input(const TeachParams& params, const Plane& input,
                               const Filter& filter) {
  TeachRun run = start_run(params, input, filter);
  TraceModel m(run.trace);
  const TeachLayout layout = lay_out(m, run);
  const TeachGeometry& g = run.geometry;
  const int rx = filter.radius_x(), ry = filter.radius_y();
  m.at(layout.load_step);
  for_each_thread(run, layout, [&](const Thread& th) {
    load_cell(m, run, th.id, th.ty * g.block_x + th.tx, th.bx * g.out_tile_x - rx + th.tx,
              th.by * g.out_tile_y - ry + th.ty);
  });
  for_each_thread(run, layout, [&](const Thread& th) {
    const int ox = th.tx - rx, oy = th.ty - ry;  // the output within the output tile
    if (ox < 0 || oy < 0 || ox >= g.out_tile_x || oy >= g.out_tile_y) return;  // halo: idle
    const int x = th.bx * g.out_tile_x + ox, y = th.by * g.out_tile_y + oy;
    if (x >= run.width || y >= run.height) return;
    float sum = 0.0f;
    for (int j = 0; j < filter.height; ++j) {
      m.at(layout.compute_step + j);
      for (int i = 0; i < filter.width; ++i) {
        const float n = float(m.read(th.id, kNs, (oy + j) * g.block_x + ox + i));
        const float f = float(m.read(th.id, kF, j * filter.width + i));
        sum += f * n;
      }
      m.op(th.id, kP, y * run.width + x, sum);
    }
    m.at(layout.store_step);
    m.write(th.id, kP, y * run.width + x, sum);
  });
  finish_run(m, run);
  return run;
}

TeachRun teach_cpu_tiled_output(const TeachParams& params, const Plane& input,
                                const Filter& filter) {
  TeachRun run = start_run(params, input, filter);
  TraceModel m(run.trace);
  const TeachLayout layout = lay_out(m, run);
  const TeachGeometry& g = run.geometry;
  const int w = run.width, h = run.height, rx = filter.radius_x(), ry = filter.radius_y();
  m.at(layout.load_step);
  for_each_thread(run, layout, [&](const Thread& th) {
    const int x = th.bx * g.block_x + th.tx, y = th.by * g.block_y + th.ty;
    const int s = th.ty * g.block_x + th.tx;
    if (x < w && y < h)
      m.write(th.id, kNs, s, m.read(th.id, kN, y * w + x));
    else
      m.write(th.id, kNs, s, 0.0);
  });
  for_each_thread(run, layout, [&](const Thread& th) {
    const int x = th.bx * g.block_x + th.tx, y = th.by * g.block_y + th.ty;
    if (x >= w || y >= h) return;
    float sum = 0.0f;
    for (int j = 0; j < filter.height; ++j) {
      m.at(layout.compute_step + j);
      for (int i = 0; i < filter.width; ++i) {
        const int sx = th.tx - rx + i, sy = th.ty - ry + j;  // in the tile
        const int gx = x - rx + i, gy = y - ry + j;          // in the image
        float n;
        if (sx >= 0 && sy >= 0 && sx < g.block_x && sy < g.block_y && gx < w && gy < h) {
          n = float(m.read(th.id, kNs, sy * g.block_x + sx));
        } else {  // the halo: from global memory (the caches), or a ghost cell
          const int64_t row = ghost_index(gy, h, params.boundary);
          const int64_t col = ghost_index(gx, w, params.boundary);
          if (row < 0 || col < 0) {  // predicated off: no load of N or F
            m.skip(th.id, kN);
            m.skip(th.id, kF);
            continue;
          }
          n = float(m.read(th.id, kN, int(row * w + col)));
        }
        const float f = float(m.read(th.id, kF, j * filter.width + i));
        sum += f * n;
      }
      m.op(th.id, kP, y * w + x, sum);
    }
    m.at(layout.store_step);
    m.write(th.id, kP, y * w + x, sum);
  });
  finish_run(m, run);
  return run;
}

}  // namespace ws::conv
