// The CPU twins of variants 2 and 3 (histogram_teach.cu, "@variant global-atomic" and
// "@variant private-global"): in round r thread t takes sample r p + t and adds 1 to the counter
// of its bin, in "hist" (2) or in its block's copy of "private" (3, copy b at b * bins). Variant 3
// then merges: thread j of block b adds the block's count of bins j, j + block_dim, ... to "hist"
// (into "hist", not into copy 0 as PMPP Fig. 9.7 does, so every variant's result is "hist").
#include "histogram_teach_cpu.h"

namespace ws::histogram {

TeachRun teach_cpu_global(const TeachParams& params, const Samples& s, const BinSpec& b) {
  const TeachLayout l = teach_layout(params, s.size(), b.count);
  TeachRun run = start_run(params, s, b, l);
  TeachModel m(run, l);
  add_in_and_hist(m, run, s.type);
  const bool privatized = params.variant == Variant::PrivateGlobal;
  if (privatized)
    m.add_buffer("private", MemSpace::Global, b.count * l.grid_dim, 1,
                 std::vector<double>(size_t(b.count) * size_t(l.grid_dim), 0.0));
  for (int r = 0; r < l.rounds; ++r) {
    m.at(l.count_step(r, 0));
    for (int t = 0; t < l.threads; ++t) {
      const int64_t i = sample_of(l, t, r);
      if (i < 0) continue;
      const int bin = bin_of(float(m.read(t, kInBuffer, int(i))), b);
      if (bin < 0) continue;
      if (privatized)
        m.update(t, kCopyBuffer, (t / l.block_dim) * b.count + bin, 1);
      else
        m.update(t, kHistBuffer, bin, 1);
    }
    m.end_round(l.count_step(r, 1));
  }
  if (privatized)
    merge_into_hist(m, l, b.count, [&](int t, int block, int bin) {
      return m.read(t, kCopyBuffer, block * b.count + bin);
    });
  m.finish();
  return run;
}

}  // namespace ws::histogram
