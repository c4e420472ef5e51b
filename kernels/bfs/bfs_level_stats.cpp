// The per-level statistics rule (bfs_level_stats.h) from a level array. Pull's early-exit counts
// for all depths in one pass: a vertex unvisited at depths 0..lim reads its whole in-row at each
// of them (a difference array adds it to the range), except at a depth some in-neighbour has,
// where it stops after the first such neighbour (a correction at that depth).
#include "bfs_level_stats.h"

#include <algorithm>
#include <string>

#include "../common/error.h"

namespace ws::bfs {

std::vector<LevelStats> level_counts(const Graph& g, const std::vector<int32_t>& level) {
  WS_REQUIRE(level.size() == size_t(g.vertices), "level_counts: " + std::to_string(level.size()) +
                                                     " levels for " + std::to_string(g.vertices) +
                                                     " vertices");
  int32_t deepest = -1;
  for (int32_t l : level) deepest = std::max(deepest, l);
  WS_REQUIRE(deepest >= 0, "level_counts: no vertex has level 0 (no source)");
  const size_t levels = size_t(deepest) + 1;
  std::vector<int64_t> count(levels, 0), degrees(levels, 0);
  for (int32_t v = 0; v < g.vertices; ++v) {
    const int32_t l = level[size_t(v)];
    if (l < 0) continue;
    count[size_t(l)] += 1;
    degrees[size_t(l)] += g.degree(v);
  }
  std::vector<LevelStats> out(levels);
  int64_t unvisited = g.edges();
  for (size_t d = 0; d < levels; ++d) {
    LevelStats& s = out[d];
    s.depth = int32_t(d);
    s.frontier = count[d];
    s.frontier_edges = degrees[d];
    unvisited -= degrees[d];  // the frontier is reached when it is expanded
    s.unvisited_edges = unvisited;
    s.discovered = d + 1 < levels ? count[d + 1] : 0;
  }
  return out;
}

std::vector<int64_t> pull_edges_examined(const Graph& csc, const std::vector<int32_t>& level,
                                         int32_t levels, bool chunked) {
  WS_REQUIRE(level.size() == size_t(csc.vertices), "pull_edges_examined: sizes differ");
  if (levels <= 0) return {};
  std::vector<int64_t> diff(size_t(levels) + 1, 0);
  std::vector<int32_t> seen(size_t(levels), -1);  // the vertex that last saw each depth
  for (int32_t v = 0; v < csc.vertices; ++v) {
    const int32_t l = level[size_t(v)];
    const int32_t last = l < 0 ? levels - 1 : std::min(l - 1, levels - 1);  // unvisited 0..last
    if (last < 0) continue;
    const int64_t begin = csc.row_offsets[size_t(v)], end = csc.row_offsets[size_t(v) + 1];
    diff[0] += end - begin;
    diff[size_t(last) + 1] -= end - begin;
    for (int64_t k = begin; k < end; ++k) {
      const int32_t lu = level[size_t(csc.columns[size_t(k)])];
      if (lu < 0 || lu > last || seen[size_t(lu)] == v) continue;
      seen[size_t(lu)] = v;
      // At depth lu the thread stops after entry k (or after its chunk), not at the end.
      const int64_t unread = (end - begin) - bottom_up_reads(k - begin, end - begin, chunked);
      diff[size_t(lu)] -= unread;
      diff[size_t(lu) + 1] += unread;
    }
  }
  std::vector<int64_t> out(static_cast<size_t>(levels));
  int64_t running = 0;
  for (size_t d = 0; d < out.size(); ++d) out[d] = running += diff[d];
  return out;
}

std::vector<int64_t> fast_bottom_up_threads(const Graph& csc, const std::vector<int32_t>& level,
                                            const std::vector<Direction>& directions) {
  WS_REQUIRE(level.size() == size_t(csc.vertices), "fast_bottom_up_threads: sizes differ");
  const size_t levels = directions.size();
  // with_in_edges[l]: vertices with in-edges at level l (levels past the last expanded one and
  // unreached vertices at `levels`), summed from the deepest down: left[l] = those at l or deeper.
  std::vector<int64_t> left(levels + 2, 0);
  for (int32_t v = 0; v < csc.vertices; ++v) {
    if (csc.row_offsets[size_t(v) + 1] == csc.row_offsets[size_t(v)]) continue;
    const int32_t l = level[size_t(v)];
    ++left[l < 0 || size_t(l) > levels ? levels : size_t(l)];
  }
  for (size_t l = levels; l-- > 0;) left[l] += left[l + 1];
  std::vector<int64_t> out(levels, 0);
  int64_t previous = -1;  // the depth of the last bottom-up level
  for (size_t d = 0; d < levels; ++d) {
    if (directions[d] != Direction::BottomUp) continue;
    // After bottom-up level p the vertices left are those not reached by depth p + 1.
    out[d] = previous < 0 ? int64_t(csc.vertices) : left[std::min(levels, size_t(previous) + 2)];
    previous = int64_t(d);
  }
  return out;
}

std::vector<Direction> optimizing_directions(const std::vector<LevelStats>& counts, int64_t n,
                                             double alpha, double beta) {
  std::vector<Direction> out;
  out.reserve(counts.size());
  Direction current = Direction::TopDown;
  int64_t previous = 0;
  for (const LevelStats& s : counts) {
    current = next_direction(current, s.frontier, previous, s.frontier_edges, s.unvisited_edges, n,
                             alpha, beta);
    out.push_back(current);
    previous = s.frontier;
  }
  return out;
}

std::vector<LevelStats> level_stats(const Params& p, const Graph& g, const Graph& csc,
                                    const std::vector<int32_t>& level) {
  std::vector<LevelStats> out = level_counts(g, level);
  const int32_t levels = int32_t(out.size());
  const bool optimizing = p.variant == Variant::DirectionOptimizing || p.variant == Variant::Fast;
  std::vector<Direction> dirs(out.size(), Direction::TopDown);
  if (optimizing) dirs = optimizing_directions(out, g.vertices, p.alpha, p.beta);
  if (p.variant == Variant::Pull) dirs.assign(out.size(), Direction::BottomUp);
  const bool any_bottom_up = std::find(dirs.begin(), dirs.end(), Direction::BottomUp) != dirs.end();
  const std::vector<int64_t> pulled =
      any_bottom_up ? pull_edges_examined(csc, level, levels, p.variant == Variant::Fast)
                    : std::vector<int64_t>();
  const std::vector<int64_t> fast_threads = p.variant == Variant::Fast && any_bottom_up
                                                ? fast_bottom_up_threads(csc, level, dirs)
                                                : std::vector<int64_t>();
  for (size_t d = 0; d < out.size(); ++d) {
    LevelStats& s = out[d];
    s.direction = dirs[d];
    switch (p.variant) {
      case Variant::Push:
        s.edges_examined = s.frontier_edges;
        s.threads = g.vertices;
        break;
      case Variant::EdgeCentric:
        s.edges_examined = g.edges();
        s.threads = g.edges();
        break;
      case Variant::GlobalQueue:
      case Variant::BlockQueue:
        s.edges_examined = s.frontier_edges;
        s.threads = s.frontier;
        break;
      case Variant::Pull:
      case Variant::DirectionOptimizing:
      case Variant::Fast:
        if (s.direction == Direction::BottomUp) {
          s.edges_examined = pulled[d];
          s.threads = p.variant == Variant::Fast ? fast_threads[d] : g.vertices;
        } else {
          s.edges_examined = s.frontier_edges;
          s.threads = s.frontier;
        }
        break;
    }
  }
  return out;
}

}  // namespace ws::bfs
