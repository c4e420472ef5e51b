// The CPU twins of variants 1 and 2 (conv_basic.cu, conv_constant.cu): one thread per output,
// every tap read from N in global memory and the weight from F (global for 1, constant for 2; the
// trace's F buffer says which). Ghost cells of Zero are skipped, as the book's `if` does: the lane
// sits out that tap's reads of N and F (two Skip events where they would have been).
#include "conv_teach_cpu.h"

namespace ws::conv {

TeachRun teach_cpu_basic(const TeachParams& params, const Plane& input, const Filter& filter) {
  TeachRun run = start_run(params, input, filter);
  TraceModel m(run.trace);
  const TeachLayout layout = lay_out(m, run);
  const TeachGeometry& g = run.geometry;
  const int w = run.width, h = run.height, rx = filter.radius_x(), ry = filter.radius_y();
  for (int block = 0; block < layout.blocks; ++block)
    for (int ty = 0; ty < g.block_y; ++ty)
      for (int tx = 0; tx < g.block_x; ++tx) {
        const int t = block * layout.threads + ty * g.block_x + tx;
        const int x = (block % g.grid_x) * g.block_x + tx, y = (block / g.grid_x) * g.block_y + ty;
        if (x >= w || y >= h) continue;
        float sum = 0.0f;
        for (int j = 0; j < filter.height; ++j) {
          m.at(layout.compute_step + j);
          const int64_t row = ghost_index(y - ry + j, h, params.boundary);
          for (int i = 0; i < filter.width; ++i) {
            const int64_t col = ghost_index(x - rx + i, w, params.boundary);
            if (row < 0 || col < 0) {  // predicated off: no load of N or F
              m.skip(t, kN);
              m.skip(t, kF);
              continue;
            }
            const float n = float(m.read(t, kN, int(row * w + col)));
            const float f = float(m.read(t, kF, j * filter.width + i));
            sum += f * n;
          }
          m.op(t, kP, y * w + x, sum);
        }
        m.at(layout.store_step);
        m.write(t, kP, y * w + x, sum);
      }
  finish_run(m, run);
  return run;
}

}  // namespace ws::conv
