// The CPU twin of variant 8 (histogram_teach.cu, "@variant warp-aggregated"): the interleaved
// mapping of variant 6; in each round the lanes of a warp with an in-range sample group by bin
// (__match_any_sync) and the lowest lane of each group adds the group's size to its warp's own
// sub-histogram in "warp hist" (warp w's copy at w * bins in the block's shared buffer). The merge:
// thread j sums bin j, j + block_dim, ... over the block's warp copies and adds the sum to "hist".
#include "histogram_teach_cpu.h"

namespace ws::histogram {

TeachRun teach_cpu_warp(const TeachParams& params, const Samples& s, const BinSpec& b) {
  const TeachLayout l = teach_layout(params, s.size(), b.count);
  TeachRun run = start_run(params, s, b, l);
  TeachModel m(run, l);
  add_in_and_hist(m, run, s.type);
  const int warps = l.copies_per_block, copy_size = warps * b.count;
  m.add_buffer("warp hist", MemSpace::Shared, copy_size, l.grid_dim, {});
  zero_shared_copy(m, l, kCopyBuffer, copy_size);
  std::vector<int> lane_bin(32);
  for (int r = 0; r < l.rounds; ++r) {
    m.at(l.count_step(r, 0));
    for (int warp_start = 0; warp_start < l.threads; warp_start += 32) {
      for (int lane = 0; lane < 32; ++lane) {
        const int t = warp_start + lane;
        const int64_t i = sample_of(l, t, r);
        lane_bin[size_t(lane)] = i < 0 ? -1 : bin_of(float(m.read(t, kInBuffer, int(i))), b);
      }
      const int warp = (warp_start % l.block_dim) / 32;
      for (int lane = 0; lane < 32; ++lane) {
        const int bin = lane_bin[size_t(lane)];
        if (bin < 0) continue;
        int group = 0, leader = -1;
        for (int other = 0; other < 32; ++other)
          if (lane_bin[size_t(other)] == bin) {
            if (leader < 0) leader = other;
            ++group;
          }
        if (leader == lane) m.update(warp_start + lane, kCopyBuffer, warp * b.count + bin, group);
      }
    }
    m.end_round(l.count_step(r, 1));
  }
  merge_into_hist(m, l, b.count, [&](int t, int, int bin) {
    double sum = 0;
    for (int w = 0; w < warps; ++w) sum += m.read(t, kCopyBuffer, w * b.count + bin);
    return sum;
  });
  m.finish();
  return run;
}

}  // namespace ws::histogram
