// The CPU twin of variant 7 (histogram_teach.cu, "@variant aggregated", PMPP Fig. 9.15): the
// interleaved mapping of variant 6, and each thread keeps the bin of its current run and the run's
// length. A sample of the same bin lengthens the run (no atomic); a sample of another bin flushes
// the run with one update of its length and starts a new one; a sample outside the range changes
// nothing. The step "flush the last run" flushes what every thread still holds; merge as 4.
#include "histogram_teach_cpu.h"

namespace ws::histogram {

TeachRun teach_cpu_aggregated(const TeachParams& params, const Samples& s, const BinSpec& b) {
  const TeachLayout l = teach_layout(params, s.size(), b.count);
  TeachRun run = start_run(params, s, b, l);
  TeachModel m(run, l);
  add_in_and_hist(m, run, s.type);
  m.add_buffer("shared hist", MemSpace::Shared, b.count, l.grid_dim, {});
  zero_shared_copy(m, l, kCopyBuffer, b.count);
  std::vector<int> prev_bin(size_t(l.threads), -1);
  std::vector<int> accumulator(size_t(l.threads), 0);
  for (int r = 0; r < l.rounds; ++r) {
    m.at(l.count_step(r, 0));
    for (int t = 0; t < l.threads; ++t) {
      const int64_t i = sample_of(l, t, r);
      if (i < 0) continue;
      const int bin = bin_of(float(m.read(t, kInBuffer, int(i))), b);
      if (bin < 0) continue;
      int& prev = prev_bin[size_t(t)];
      int& acc = accumulator[size_t(t)];
      if (bin == prev) {
        ++acc;
      } else {
        if (acc > 0) m.update(t, kCopyBuffer, prev, acc);
        prev = bin;
        acc = 1;
      }
    }
    m.end_round(l.count_step(r, 1));
  }
  m.at(l.flush_step(0));
  for (int t = 0; t < l.threads; ++t)
    if (accumulator[size_t(t)] > 0)
      m.update(t, kCopyBuffer, prev_bin[size_t(t)], accumulator[size_t(t)]);
  m.end_round(l.flush_step(1));
  merge_into_hist(m, l, b.count, [&](int t, int, int bin) { return m.read(t, kCopyBuffer, bin); });
  m.finish();
  return run;
}

}  // namespace ws::histogram
