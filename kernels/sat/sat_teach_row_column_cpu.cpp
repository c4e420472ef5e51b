// The CPU twin of sat_row_column.cu (variant 1, the course notes' version): thread y scans row y
// serially (steps "row phase: x = 0" .. w - 1), then thread x scans column x of the row scans
// (steps "column phase: y = 0" .. h - 1). Each step: the read (in, then sat), the add into the
// thread's running sum, the write to sat. One block of h (then w) threads.
#include <string>

#include "sat_teach_cpu.h"

namespace ws::sat {

TeachRun teach_cpu_row_column(const TeachParams& params, const Plane& input) {
  TeachRun run = start_run(params, input);
  const int w = input.width, h = input.height;
  SatModel m(run, params.accum);
  add_in_and_sat(m, run);
  for (int x = 0; x < w; ++x)
    m.add_step("row phase: x = " + std::to_string(x), "row", "@rc-row", 1, h, 0);
  const int first_column = w;
  for (int y = 0; y < h; ++y)
    m.add_step("column phase: y = " + std::to_string(y), "column", "@rc-column", 1, w, 0);

  for (int y = 0; y < h; ++y) {  // thread y
    double sum = 0;
    for (int x = 0; x < w; ++x) {
      m.at(x);
      const int i = y * w + x;
      const double v = m.read(y, kIn, i);
      sum = x == 0 ? v : m.op(y, kSat, i, m.add(sum, v));
      m.write(y, kSat, i, sum);
    }
  }
  scan_columns(m, first_column, w, h);
  m.finish();
  run.sat = m.state(kSat);
  return run;
}

}  // namespace ws::sat
