// The CPU twin of sat_block_scan.cu (variant 3): a block per row, then a block per column, each a
// Kogge-Stone scan in shared memory (one thread per element of the line at teach sizes).
//   load     thread t copies element t of its line into XY (rows: coalesced; columns: addresses w
//            apart, uncoalesced)
//   stride s thread t >= s reads XY[t - s] and XY[t], adds, and after a barrier writes XY[t]
//   store    thread t writes XY[t] back (rows into sat: the row scans; columns: the SAT)
#include <string>
#include <vector>

#include "sat_teach_cpu.h"

namespace ws::sat {

namespace {

// One phase: `lines` blocks of `length` threads; element i of line l is at address(l, i).
template <class Address>
void scan_lines(SatModel& m, const std::string& phase, const std::string& what, int src, int xy,
                int lines, int length, Address address) {
  const int load = m.add_step(phase + " phase: load each " + what + " into shared memory", phase,
                              "@bs-load", lines, length, 1);
  std::vector<int> levels;
  for (int s = 1; s < length; s *= 2)
    levels.push_back(m.add_step(phase + " phase: stride " + std::to_string(s), phase, "@bs-scan",
                                lines, length, 2));
  const int store = m.add_step(phase + " phase: store the scanned " + what + "s", phase,
                               "@bs-store", lines, length, 1);
  std::vector<double> sums(static_cast<size_t>(length));
  for (int l = 0; l < lines; ++l) {
    const auto thread = [&](int t) { return l * length + t; };
    m.at(load);
    for (int t = 0; t < length; ++t)
      m.write(thread(t), xy, t, m.read(thread(t), src, address(l, t)));
    for (size_t k = 0; k < levels.size(); ++k) {
      const int s = 1 << k;
      m.at(levels[k]);
      for (int t = s; t < length; ++t) {  // every read before any write (the barrier)
        const double left = m.read(thread(t), xy, t - s);
        const double mine = m.read(thread(t), xy, t);
        sums[size_t(t)] = m.op(thread(t), xy, t, m.add(left, mine));
      }
      for (int t = s; t < length; ++t) m.write(thread(t), xy, t, sums[size_t(t)]);
    }
    m.at(store);
    for (int t = 0; t < length; ++t)
      m.write(thread(t), kSat, address(l, t), m.read(thread(t), xy, t));
  }
}

}  // namespace

TeachRun teach_cpu_block_scan(const TeachParams& params, const Plane& input) {
  TeachRun run = start_run(params, input);
  const int w = input.width, h = input.height;
  SatModel m(run, params.accum);
  add_in_and_sat(m, run);
  const int xy_rows = m.add_buffer("XY rows", MemSpace::Shared, w, h);
  const int xy_columns = m.add_buffer("XY columns", MemSpace::Shared, h, w);
  scan_lines(m, "row", "row", kIn, xy_rows, h, w, [&](int y, int i) { return y * w + i; });
  scan_lines(m, "column", "column", kSat, xy_columns, w, h,
             [&](int x, int i) { return i * w + x; });
  m.finish();
  run.sat = m.state(kSat);
  return run;
}

}  // namespace ws::sat
