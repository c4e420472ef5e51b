// Variants 3 (tiled) and 4 (circular buffer) as CPU twins. A block's threads run phase by phase:
// thread 0's block co-rank, then per iteration of the while loop every thread loads its share of
// the tiles, co-ranks and merges its slice of the tile's outputs, and co-ranks what the tile
// consumed. A barrier is the end of one loop over the block's threads.
#include <algorithm>
#include <string>
#include <vector>

#include "merge_teach_cpu.h"

namespace ws::merge {

namespace {

// The block's state in the book's names (identical in every thread of the block).
struct TiledBlockState {
  int C_curr = 0, A_curr = 0, B_curr = 0;
  int C_length = 0, A_length = 0, B_length = 0;
  int C_completed = 0, A_consumed = 0, B_consumed = 0;
  int A_S_start = 0, B_S_start = 0, A_S_consumed = 0, B_S_consumed = 0;
};

void add_tiled_steps(Trace& t, int iterations, const std::string& id, int blocks, int block_dim) {
  add_steps(t, 0, "block co-rank", "corank", "@" + id + "-block-corank", 1);
  for (int r = 1; r <= iterations; ++r) {
    const std::string it = ", iteration " + std::to_string(r);
    add_steps(t, 0, "load tiles" + it, "load", "@" + id + "-load", 1);
    add_steps(t, 0, "thread co-rank" + it, "corank", "@" + id + "-corank", 0);
    add_steps(t, 0, "merge" + it, "merge", "@" + id + "-merge", 0);
    add_steps(t, 0, "consume" + it, "consume", "@" + id + "-consume", 1);
  }
  for (TraceStep& s : t.steps) s.grid_dim = blocks, s.block_dim = block_dim;
}

}  // namespace

template <class Key>
MergeTwin twin_tiled(MergeTeachRun run, const TypedInput<Key>& in) {
  const bool circular = run.params.variant == MergeVariant::Circular;
  const int m = int(in.a.size()), n = int(in.b.size()), total = m + n;
  const int block_dim = run.params.block_dim, blocks = run.params.blocks;
  const int tile = run.params.tile, per_thread = tile / block_dim;
  const int per_block = body::ceil_div(total, blocks);
  std::vector<Key> c(static_cast<size_t>(total));
  std::vector<uint32_t> c_values(static_cast<size_t>(total));
  std::vector<TraceEvent> events;
  HostTrace rec;
  rec.events = &events;
  int max_iterations = 0;
  const body::Keys<Key> a{in.a.data(), in.a_values.data(), body::kArrayA, 0, 0};
  const body::Keys<Key> b{in.b.data(), in.b_values.data(), body::kArrayB, 0, 0};
  for (int block = 0; block < blocks; ++block) {
    const int first_thread = block * block_dim;
    TiledBlockState s;
    BlockRange br;
    br.block = block;
    br.C_curr = body::min_int(int64_t(block) * per_block, total);
    br.C_next = body::min_int(int64_t(br.C_curr) + per_block, total);
    rec.thread = first_thread;
    rec.begin(body::kBlockCorank, 0);
    br.A_curr = rec.write(body::kArrayCorank, 0,
                          body::co_rank_traced(br.C_curr, a, m, b, n, rec, 0, 0, false));
    br.A_next = rec.write(body::kArrayCorank, 1,
                          body::co_rank_traced(br.C_next, a, m, b, n, rec, 0, 0, false));
    for (int tid = 0; tid < block_dim; ++tid) {
      rec.thread = first_thread + tid;
      rec.begin(body::kBlockCorank, 0);
      rec.read(body::kArrayCorank, 0, br.A_curr);
      rec.read(body::kArrayCorank, 1, br.A_next);
    }
    br.B_curr = br.C_curr - br.A_curr, br.B_next = br.C_next - br.A_next;
    run.block_ranges.push_back(br);
    s.C_curr = br.C_curr, s.A_curr = br.A_curr, s.B_curr = br.B_curr;
    s.C_length = br.C_next - br.C_curr;
    s.A_length = br.A_next - br.A_curr, s.B_length = br.B_next - br.B_curr;
    s.A_S_consumed = tile, s.B_S_consumed = tile;  // the first iteration fills the tiles
    std::vector<Key> A_S(static_cast<size_t>(tile)), B_S(static_cast<size_t>(tile));
    std::vector<uint32_t> A_S_values(static_cast<size_t>(tile)),
        B_S_values(static_cast<size_t>(tile));
    const int total_iteration = body::ceil_div(s.C_length, tile);
    max_iterations = std::max(max_iterations, total_iteration);
    for (int counter = 0; counter < total_iteration; ++counter) {
      const int level = body::kStageCount * counter;
      TileIteration it;
      it.block = block, it.iteration = counter;
      it.C_completed = s.C_completed, it.A_consumed = s.A_consumed, it.B_consumed = s.B_consumed;
      it.A_S_start = s.A_S_start, it.B_S_start = s.B_S_start;
      const body::TileFill fa = body::tile_fill(s.A_curr, s.A_length, s.A_consumed, s.A_S_start,
                                                s.A_S_consumed, tile, circular);
      const body::TileFill fb = body::tile_fill(s.B_curr, s.B_length, s.B_consumed, s.B_S_start,
                                                s.B_S_consumed, tile, circular);
      for (int tid = 0; tid < block_dim; ++tid) {
        rec.thread = first_thread + tid;
        rec.begin(body::kTileLoop, level + body::kStageLoad);
        body::load_tile_share(tid, block_dim, in.a.data(), in.a_values.data(), body::kArrayA,
                              fa.from, fa.count, A_S.data(), A_S_values.data(), body::kArrayAS,
                              fa.slot0, fa.wrap, rec);
        body::load_tile_share(tid, block_dim, in.b.data(), in.b_values.data(), body::kArrayB,
                              fb.from, fb.count, B_S.data(), B_S_values.data(), body::kArrayBS,
                              fb.slot0, fb.wrap, rec);
      }
      it.A_loaded = fa.count, it.B_loaded = fb.count;
      const int left = s.C_length - s.C_completed;
      const int A_in_tile = std::min(tile, s.A_length - s.A_consumed);
      const int B_in_tile = std::min(tile, s.B_length - s.B_consumed);
      const int a_start = circular ? s.A_S_start : 0, b_start = circular ? s.B_S_start : 0;
      const int wrap = circular ? tile : 0;
      const body::Keys<Key> a_tile{A_S.data(), A_S_values.data(), body::kArrayAS, a_start, wrap};
      const body::Keys<Key> b_tile{B_S.data(), B_S_values.data(), body::kArrayBS, b_start, wrap};
      std::vector<ThreadRange> slices;
      for (int tid = 0; tid < block_dim; ++tid) {
        rec.thread = first_thread + tid;
        rec.begin(body::kTileLoop, level + body::kStageThreadCorank);
        const int c_curr = std::min(tid * per_thread, left);
        const int c_next = std::min((tid + 1) * per_thread, left);
        ThreadRange r;  // tile-local for now
        r.thread = first_thread + tid, r.block = block, r.iteration = counter;
        r.k_curr = c_curr, r.k_next = c_next;
        r.i_curr =
            body::co_rank_traced(c_curr, a_tile, A_in_tile, b_tile, B_in_tile, rec, 0, 0, false);
        r.i_next =
            body::co_rank_traced(c_next, a_tile, A_in_tile, b_tile, B_in_tile, rec, 0, 0, false);
        r.j_curr = c_curr - r.i_curr, r.j_next = c_next - r.i_next;
        slices.push_back(r);
      }
      for (const ThreadRange& r : slices) {
        rec.thread = r.thread;
        rec.begin(body::kTileLoop, level + body::kStageMerge);
        const body::Keys<Key> a_piece{A_S.data(), A_S_values.data(), body::kArrayAS,
                                      a_start + r.i_curr, wrap};
        const body::Keys<Key> b_piece{B_S.data(), B_S_values.data(), body::kArrayBS,
                                      b_start + r.j_curr, wrap};
        body::merge_traced(a_piece, r.i_next - r.i_curr, b_piece, r.j_next - r.j_curr, c.data(),
                           c_values.data(), s.C_curr + s.C_completed + r.k_curr, rec, 0, 0, 0);
      }
      const int outputs = std::min(tile, left);
      int used_a = 0;
      for (int tid = 0; tid < block_dim; ++tid) {
        rec.thread = first_thread + tid;
        rec.begin(body::kTileLoop, level + body::kStageConsume);
        used_a =
            body::co_rank_traced(outputs, a_tile, A_in_tile, b_tile, B_in_tile, rec, 0, 0, false);
      }
      for (ThreadRange r : slices) {  // to global indices
        r.k_curr += s.C_curr + s.C_completed, r.k_next += s.C_curr + s.C_completed;
        r.i_curr += s.A_curr + s.A_consumed, r.i_next += s.A_curr + s.A_consumed;
        r.j_curr = r.k_curr - r.i_curr, r.j_next = r.k_next - r.i_next;
        run.ranges.push_back(r);
      }
      it.A_in_tile = A_in_tile, it.B_in_tile = B_in_tile;
      it.A_used = used_a, it.B_used = outputs - used_a, it.outputs = outputs;
      run.iterations.push_back(it);
      if (circular) {
        s.A_S_consumed = used_a, s.B_S_consumed = outputs - used_a;
        s.A_S_start = (s.A_S_start + s.A_S_consumed) % tile;
        s.B_S_start = (s.B_S_start + s.B_S_consumed) % tile;
      }
      s.A_consumed += used_a;
      s.C_completed += outputs;
      s.B_consumed = s.C_completed - s.A_consumed;
    }
  }

  MergeTwin twin;
  twin.bases.fill(0);
  twin.bases[body::kBlockCorank] = 0;
  twin.bases[body::kTileLoop] = 1;
  add_tiled_steps(run.trace, max_iterations, merge_info(run.params.variant).id, blocks, block_dim);
  place_events(events, twin.bases, run.trace);
  run.c.assign(c.begin(), c.end());
  run.c_values = c_values;
  twin.run = std::move(run);
  return twin;
}

template MergeTwin twin_tiled<int32_t>(MergeTeachRun, const TypedInput<int32_t>&);
template MergeTwin twin_tiled<float>(MergeTeachRun, const TypedInput<float>&);

}  // namespace ws::merge
