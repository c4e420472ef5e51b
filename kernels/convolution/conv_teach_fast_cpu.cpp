// The CPU twin of variant 5's traced kernel (conv_fast.cu, the general path): a block of
// tile x tile threads, each computing k = outputs_per_thread neighbouring outputs along x. The
// block loads its input tile (k tile + 2rx) x (tile + 2ry) cooperatively (thread t takes cells t,
// t + threads, ...); then per filter row a thread reads its window of k + 2rx cells of N_s and the
// row's weights once into registers and updates its k sums from them.
#include "conv_teach_cpu.h"

#include <vector>

namespace ws::conv {

TeachRun teach_cpu_fast(const TeachParams& params, const Plane& input, const Filter& filter) {
  TeachRun run = start_run(params, input, filter);
  TraceModel m(run.trace);
  const TeachLayout layout = lay_out(m, run);
  const TeachGeometry& g = run.geometry;
  const int w = run.width, h = run.height, rx = filter.radius_x(), ry = filter.radius_y();
  const int k = params.outputs_per_thread, cells = g.in_tile_x * g.in_tile_y;

  m.at(layout.load_step);
  for (int block = 0; block < layout.blocks; ++block) {
    const int ox = (block % g.grid_x) * g.out_tile_x - rx,
              oy = (block / g.grid_x) * g.out_tile_y - ry;
    for (int s = 0; s < layout.threads; ++s) {
      const int t = block * layout.threads + s;
      for (int c = s; c < cells; c += layout.threads) {
        const int64_t row = ghost_index(oy + c / g.in_tile_x, h, params.boundary);
        const int64_t col = ghost_index(ox + c % g.in_tile_x, w, params.boundary);
        double v = 0.0;
        if (row < 0 || col < 0)
          m.skip(t, kN);  // a ghost cell of zero: the load is predicated off
        else
          v = m.read(t, kN, int(row * w + col));
        m.write(t, kNs, c, v);
      }
    }
  }

  std::vector<float> window(size_t(k + 2 * rx)), weights(size_t(filter.width)),
      sums(static_cast<size_t>(k));
  for (int block = 0; block < layout.blocks; ++block)
    for (int ty = 0; ty < g.block_y; ++ty)
      for (int tx = 0; tx < g.block_x; ++tx) {
        const int t = block * layout.threads + ty * g.block_x + tx;
        const int x0 = (block % g.grid_x) * g.out_tile_x + tx * k;
        const int y = (block / g.grid_x) * g.out_tile_y + ty;
        if (x0 >= w || y >= h) continue;
        const int outputs = x0 + k <= w ? k : w - x0;
        for (float& s : sums) s = 0.0f;
        for (int j = 0; j < filter.height; ++j) {
          m.at(layout.compute_step + j);
          for (int c = 0; c < k + 2 * rx; ++c)
            window[size_t(c)] = float(m.read(t, kNs, (ty + j) * g.in_tile_x + tx * k + c));
          for (int i = 0; i < filter.width; ++i)
            weights[size_t(i)] = float(m.read(t, kF, j * filter.width + i));
          for (int o = 0; o < outputs; ++o) {
            float& sum = sums[size_t(o)];
            for (int i = 0; i < filter.width; ++i)
              sum += weights[size_t(i)] * window[size_t(o + i)];
            m.op(t, kP, y * w + x0 + o, sum);
          }
        }
        m.at(layout.store_step);
        for (int o = 0; o < outputs; ++o) m.write(t, kP, y * w + x0 + o, sums[size_t(o)]);
      }
  finish_run(m, run);
  return run;
}

}  // namespace ws::conv
