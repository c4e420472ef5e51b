// The CPU twin of variant 7's top-down levels (bfs_teach.cu, "@variant fast"), as bfs_fast.cu's
// top_down_tiles runs them: every frontier entry carries edge_start, the prefix sum of the
// out-degrees before it, so the frontier's m_f edges form one index space, cut into tiles of
// kTeachTile consecutive edges, a block per tile.
// Step 0 "find the tiles' vertices": thread 0 of block b binary-searches "edge start" for the
// entries holding the tile's first and last edge (the largest i with edge start[i] <= the edge).
// Step 1 "stage the rows": thread j of the block reads entry first + j (j, j + kTeachTile, ...
// up to the last): its vertex, edge start and row start go to the shared tile arrays.
// Step 2 "tile edges": thread j takes edge ts + j of the tile, finds its entry by a binary search
// of the staged edge starts (then its edge start and row start), reads the target (columns) and
// claims it when unvisited; a claimed vertex reads its row's offsets and takes a slot in "next"
// (atomic on "tail") and an edge range (atomic on "next edges", operand its out-degree): "next edge
// start"[slot] is the range's start. Slots and ranges follow thread order, so queue order and edge
// start order agree.
#include <algorithm>
#include <vector>

#include "bfs_teach_cpu.h"

namespace ws::bfs {

namespace {

// The largest i in [lo, hi) with read(i) <= key (read(lo) <= key), reading as a binary search.
template <typename Read>
int32_t last_at_most(int32_t lo, int32_t hi, int32_t key, Read read) {
  while (hi - lo > 1) {
    const int32_t mid = (lo + hi) / 2;
    if (read(mid) <= key)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

struct Tile {
  int32_t first = 0, count = 0;  // the frontier entries it spans
};

}  // namespace

void teach_append_with_edges(TeachModel& m, int t, int32_t v) {
  const TeachBuffers& b = m.buffers();
  const int32_t first = int32_t(m.read(t, b.row_offsets, v));
  const int32_t end = int32_t(m.read(t, b.row_offsets, v + 1));
  teach_append_with_degree(m, t, v, end - first);
}

void teach_append_with_degree(TeachModel& m, int t, int32_t v, int32_t degree) {
  const TeachBuffers& b = m.buffers();
  const int32_t slot = m.value(b.tail, 0);
  m.atomic(t, b.tail, 0, 1);
  const int32_t start = m.value(b.next_edges, 0);
  m.atomic(t, b.next_edges, 0, degree);
  m.write(t, b.next, slot, v);
  m.write(t, b.next_edge_start, slot, start);
}

void teach_edge_tiles_level(TeachModel& m, const LevelPlan& plan) {
  const TeachBuffers& b = m.buffers();
  const int32_t count = int32_t(plan.threads), edges = int32_t(plan.frontier_edges);
  const int tiles = int((edges + kTeachTile - 1) / kTeachTile);
  std::vector<Tile> found(static_cast<size_t>(tiles));
  m.step(plan, "find the tiles' vertices", "@bfs-tile-find");
  for (int tile = 0; tile < tiles; ++tile) {
    const int t = tile * kTeachTile;  // thread 0 of the block
    const int32_t ts = tile * kTeachTile, te = std::min(edges, ts + kTeachTile);
    const auto start = [&](int32_t i) { return int32_t(m.read(t, b.edge_start, i)); };
    const int32_t i0 = last_at_most(0, count, ts, start);
    const int32_t i1 = last_at_most(i0, count, te - 1, start);
    found[size_t(tile)] = {i0, i1 - i0 + 1};
  }
  m.step(plan, "stage the rows", "@bfs-tile-stage");
  for (int tile = 0; tile < tiles; ++tile)
    for (int j = 0; j < found[size_t(tile)].count; ++j) {
      const int t = tile * kTeachTile + j % kTeachTile;
      const int32_t q = found[size_t(tile)].first + j;
      const int32_t v = int32_t(m.read(t, b.frontier, q));
      m.write(t, b.tile_vertex, j, v);
      m.write(t, b.tile_start, j, m.read(t, b.edge_start, q));
      m.write(t, b.tile_row, j, m.read(t, b.row_offsets, v));
    }
  m.step(plan, "tile edges", "@bfs-tile-edge");
  for (int tile = 0; tile < tiles; ++tile)
    for (int j = 0; j < kTeachTile; ++j) {
      const int t = tile * kTeachTile + j;
      const int32_t e = tile * kTeachTile + j;
      if (e >= edges) break;
      const auto staged = [&](int32_t i) { return int32_t(m.read(t, b.tile_start, i)); };
      const int32_t k = last_at_most(0, found[size_t(tile)].count, e, staged);
      const int32_t first = int32_t(m.read(t, b.tile_start, k));
      const int32_t row = int32_t(m.read(t, b.tile_row, k)) + e - first;
      const int32_t u = int32_t(m.read(t, b.columns, row));
      if (int32_t(m.read(t, b.level, u)) != -1) continue;
      const int32_t v = int32_t(m.read(t, b.tile_vertex, k));
      m.write(t, b.level, u, plan.depth + 1);
      m.write(t, b.parent, u, v);
      teach_append_with_edges(m, t, u);
    }
}

}  // namespace ws::bfs
