// Variants 2 (basic) and 5 (fast, its partitioning) as CPU twins: every thread co-ranks both
// ends of its output range, then merges its pieces one output a step.
#include <algorithm>
#include <string>
#include <vector>

#include "merge_teach_cpu.h"

namespace ws::merge {

template <class Key>
MergeTwin twin_basic(MergeTeachRun run, const TypedInput<Key>& in) {
  const int m = int(in.a.size()), n = int(in.b.size()), total = m + n;
  const int block_dim = run.params.block_dim, blocks = run.params.blocks;
  const int threads = block_dim * blocks;
  const int per_thread =
      run.params.variant == MergeVariant::Fast ? run.params.items : body::ceil_div(total, threads);
  std::vector<Key> c(static_cast<size_t>(total));
  std::vector<uint32_t> c_values(static_cast<size_t>(total));
  std::vector<TraceEvent> events;
  HostTrace rec;
  rec.events = &events;
  int curr_passes = 1, next_passes = 1, outputs = 0;
  const body::Keys<Key> a{in.a.data(), in.a_values.data(), body::kArrayA, 0, 0};
  const body::Keys<Key> b{in.b.data(), in.b_values.data(), body::kArrayB, 0, 0};
  for (int tid = 0; tid < threads; ++tid) {
    rec.thread = tid;
    ThreadRange r;
    r.thread = tid, r.block = tid / block_dim;
    r.k_curr = body::min_int(int64_t(tid) * per_thread, total);
    r.k_next = body::min_int(int64_t(tid + 1) * per_thread, total);
    int passes = 0;
    r.i_curr = body::co_rank_traced(r.k_curr, a, m, b, n, rec, body::kCorankCurr, 0, true, &passes);
    curr_passes = std::max(curr_passes, passes);
    r.i_next = body::co_rank_traced(r.k_next, a, m, b, n, rec, body::kCorankNext, 0, true, &passes);
    next_passes = std::max(next_passes, passes);
    r.j_curr = r.k_curr - r.i_curr, r.j_next = r.k_next - r.i_next;
    const body::Keys<Key> a_piece{in.a.data(), in.a_values.data(), body::kArrayA, r.i_curr, 0};
    const body::Keys<Key> b_piece{in.b.data(), in.b_values.data(), body::kArrayB, r.j_curr, 0};
    body::merge_traced(a_piece, r.i_next - r.i_curr, b_piece, r.j_next - r.j_curr, c.data(),
                       c_values.data(), r.k_curr, rec, body::kMerge, 0, 1);
    outputs = std::max(outputs, r.k_next - r.k_curr);
    run.ranges.push_back(r);
  }

  MergeTwin twin;
  Trace& t = run.trace;
  const std::string id = merge_info(run.params.variant).id;
  twin.bases.fill(0);
  twin.bases[body::kCorankCurr] =
      add_steps(t, curr_passes, "co-rank k_curr, iteration", "corank", "@" + id + "-corank", 0);
  twin.bases[body::kCorankNext] =
      add_steps(t, next_passes, "co-rank k_next, iteration", "corank", "@" + id + "-corank", 0);
  twin.bases[body::kMerge] = add_steps(t, outputs, "merge output", "merge", "@" + id + "-merge", 0);
  if (outputs == 0) t.steps.back().label = "merge (nothing to merge)";
  for (TraceStep& s : t.steps) s.grid_dim = blocks, s.block_dim = block_dim;
  place_events(events, twin.bases, t);
  run.c.assign(c.begin(), c.end());
  run.c_values = c_values;
  twin.run = std::move(run);
  return twin;
}

template MergeTwin twin_basic<int32_t>(MergeTeachRun, const TypedInput<int32_t>&);
template MergeTwin twin_basic<float>(MergeTeachRun, const TypedInput<float>&);

}  // namespace ws::merge
