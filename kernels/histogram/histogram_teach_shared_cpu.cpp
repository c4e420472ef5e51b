// The CPU twins of variants 4-6 (histogram_teach.cu, "@variant private-shared",
// "@variant coarse-contiguous", "@variant coarse-interleaved"): each block zeroes its copy of
// "shared hist", each thread adds 1 to the shared counter of each of its samples' bins (the
// variant's mapping: sample_of), and after the block barrier thread j adds the block's count of
// bins j, j + block_dim, ... to "hist".
#include "histogram_teach_cpu.h"

namespace ws::histogram {

TeachRun teach_cpu_shared(const TeachParams& params, const Samples& s, const BinSpec& b) {
  const TeachLayout l = teach_layout(params, s.size(), b.count);
  TeachRun run = start_run(params, s, b, l);
  TeachModel m(run, l);
  add_in_and_hist(m, run, s.type);
  m.add_buffer("shared hist", MemSpace::Shared, b.count, l.grid_dim, {});
  zero_shared_copy(m, l, kCopyBuffer, b.count);
  for (int r = 0; r < l.rounds; ++r) {
    m.at(l.count_step(r, 0));
    for (int t = 0; t < l.threads; ++t) {
      const int64_t i = sample_of(l, t, r);
      if (i < 0) continue;
      const int bin = bin_of(float(m.read(t, kInBuffer, int(i))), b);
      if (bin >= 0) m.update(t, kCopyBuffer, bin, 1);
    }
    m.end_round(l.count_step(r, 1));
  }
  merge_into_hist(m, l, b.count, [&](int t, int, int bin) { return m.read(t, kCopyBuffer, bin); });
  m.finish();
  return run;
}

}  // namespace ws::histogram
