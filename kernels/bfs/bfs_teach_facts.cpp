// The facts of one step of a traced BFS, read from the trace's events: the adjacency entries
// read (and the edge each one is), the atomics on the tails, the cells touched, the lanes busy.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "bfs_teach_facts.h"
#include "../common/trace_cluster.h"

namespace ws::bfs {

namespace {

bool is_adjacency(const std::string& name) {
  return name == "columns" || name == "rows" || name == "src" || name == "dst";
}

// The words whose atomicAdds hand out queue slots or edge ranges: each serializes on its own.
bool is_tail(const std::string& name) {
  return name == "tail" || name == "block tail" || name == "left tail" || name == "next edges" ||
         name == "cluster counts";
}

const std::vector<double>* initial_of(const Trace& trace, const std::string& name) {
  const int b = teach_buffer(trace, name);
  return b < 0 ? nullptr : &trace.buffers[size_t(b)].initial;
}

// The row of a CSR (CSC) array whose range holds entry e: offsets[r] <= e < offsets[r + 1].
int32_t row_of(const std::vector<double>& offsets, int64_t e) {
  const auto it = std::upper_bound(offsets.begin(), offsets.end(), double(e));
  return int32_t(it - offsets.begin()) - 1;
}

int32_t depth_of(const TeachRun& run, int step) {
  return size_t(step) < run.step_depth.size() ? run.step_depth[size_t(step)] : 0;
}

}  // namespace

int teach_warp_of(int32_t thread, int block_dim, int warp_size) {
  const int b = std::max(block_dim, 1), w = std::max(warp_size, 1);
  const int warps_per_block = (b + w - 1) / w;
  return (thread / b) * warps_per_block + (thread % b) / w;
}

int64_t teach_element(const Trace& trace, const TraceStep& step, const TraceEvent& e) {
  const TraceBuffer& b = trace.buffers[size_t(e.buffer)];
  if (b.space != MemSpace::Shared || e.kind == kRemoteRead) return e.address;
  return int64_t(e.thread / std::max(step.block_dim, 1)) * b.size + e.address;
}

int64_t examined_in_step(const Trace& trace, int step) {
  std::set<std::pair<int, int64_t>> seen;  // (array kind: 0 CSR/COO, 1 CSC, entry)
  for (const TraceEvent& e : trace.steps[size_t(step)].events) {
    if (e.kind != EventKind::Read) continue;
    const std::string& name = trace.buffers[size_t(e.buffer)].name;
    if (!is_adjacency(name)) continue;
    seen.insert({name == "rows" ? 1 : 0, e.address});
  }
  return int64_t(seen.size());
}

int64_t teach_queue_length(const Trace& trace, const Snapshots& snapshots, int step,
                           const std::string& name) {
  const char* tail = name == "next" || name == "next edge start" ? "tail"
                     : name == "left"                            ? "left tail"
                                                                 : nullptr;
  if (tail) {
    const int t = teach_buffer(trace, tail);
    return t < 0 ? -1 : int64_t(snapshots.at(size_t(step)).at(size_t(t)).at(0));
  }
  if (name != "frontier" && name != "edge start" && name != "list") return -1;
  const int b = teach_buffer(trace, name);
  if (b < 0) return -1;
  // Replayed from the steps that (re)fill it: the copies, and for the list the level's reads.
  const bool frontier = name != "list";
  int64_t length = frontier ? 1 : 0;
  bool listed = false;  // a bottom-up level ran before: later ones read the list
  for (int k = 0; k <= step && k < int(trace.steps.size()); ++k) {
    const TraceStep& s = trace.steps[size_t(k)];
    // 7's cluster phase keeps the frontier in its blocks' shared memory: from its first counts
    // step on, the global queue holds nothing of the level until the hand-over writes it.
    if (frontier && s.code_marker == "@bfs-cluster-counts") {
      length = 0;
      continue;
    }
    // 7's cluster hands its entries over by writing the frontier too.
    const bool copy = frontier
                          ? s.code_marker == "@bfs-swap" || s.code_marker == "@bfs-cluster-handover"
                          : s.code_marker == "@bfs-list-swap";
    const bool list_read = !frontier && s.code_marker == "@bfs-list-vertex";
    if (!copy && !list_read) continue;
    int64_t count = 0;
    for (const TraceEvent& e : s.events)
      count += e.buffer == b && e.kind == (copy ? EventKind::Write : EventKind::Read);
    // The first bottom-up level reads no list (it takes every vertex); a later one reads all of
    // its list, which may be empty.
    if (copy || listed) length = count;
    if (list_read) listed = true;
  }
  return length;
}

StepFacts step_facts(const TeachRun& run, const Snapshots& snapshots, int step) {
  StepFacts f;
  const Trace& trace = run.trace;
  if (step < 0 || step >= int(trace.steps.size())) return f;
  const TraceStep& s = trace.steps[size_t(step)];
  f.depth = depth_of(run, step);
  f.block_dim = std::max(s.block_dim, 1);
  if (size_t(f.depth) < run.result.levels.size())
    f.direction = run.result.levels[size_t(f.depth)].direction;
  const int warp = std::max(trace.warp_size, 1);

  // Cells touched, in event order (by thread, then program order).
  for (const TraceEvent& e : s.events)
    f.touches[{int(e.buffer), teach_element(trace, s, e)}].push_back({e.thread, e.kind});

  // The edges: one per adjacency entry read, attributed to the first thread that read it.
  const std::vector<double>* row_offsets = initial_of(trace, "row_offsets");
  const std::vector<double>* columns = initial_of(trace, "columns");
  const std::vector<double>* col_offsets = initial_of(trace, "col_offsets");
  const std::vector<double>* rows = initial_of(trace, "rows");
  const std::vector<double>* src = initial_of(trace, "src");
  const std::vector<double>* dst = initial_of(trace, "dst");
  const int level_buffer = teach_buffer(trace, "level");
  const int parent_buffer = teach_buffer(trace, "parent");
  std::set<std::pair<int32_t, int32_t>> labelled;  // (thread, vertex) level writes this step
  std::map<std::pair<int32_t, int32_t>, int32_t> parent_of;  // (thread, vertex) -> parent written
  for (const TraceEvent& e : s.events) {
    if (e.kind != EventKind::Write && e.kind != EventKind::Atomic) continue;
    if (e.buffer == level_buffer) labelled.insert({e.thread, e.address});
    if (e.buffer == parent_buffer) parent_of[{e.thread, e.address}] = int32_t(e.value);
  }
  std::set<std::pair<int, int64_t>> seen;
  for (const TraceEvent& e : s.events) {
    if (e.kind != EventKind::Read) continue;
    const std::string& name = trace.buffers[size_t(e.buffer)].name;
    if (!is_adjacency(name)) continue;
    const int kind = name == "rows" ? 1 : 0;
    if (!seen.insert({kind, e.address}).second) continue;
    ExaminedEdge edge;
    edge.index = e.address;
    edge.thread = e.thread;
    const size_t i = size_t(e.address);
    if (name == "columns" && row_offsets && columns && i < columns->size()) {
      edge.from = row_of(*row_offsets, e.address);
      edge.to = int32_t((*columns)[i]);
    } else if (name == "rows" && col_offsets && rows && i < rows->size()) {
      edge.from = int32_t((*rows)[i]);
      edge.to = row_of(*col_offsets, e.address);
    } else if ((name == "src" || name == "dst") && src && dst && i < src->size()) {
      edge.from = int32_t((*src)[i]);
      edge.to = int32_t((*dst)[i]);
    } else {
      continue;
    }
    // Useful: the edge its thread labelled `to` through (7's chunks read several in-edges of one
    // vertex in a step; only the one to the parent written is).
    const auto parent = parent_of.find({e.thread, edge.to});
    edge.useful = labelled.count({e.thread, edge.to}) > 0 &&
                  (parent == parent_of.end() || parent->second == edge.from);
    f.edges.push_back(edge);
  }

  // The tail atomics, in event order: the CPU twin and the teach kernels serialize them by
  // thread index. Each reads the tail as the ones before it left it.
  std::map<std::pair<int, int64_t>, double> tail_now;
  for (const TraceEvent& e : s.events) {
    if (e.kind != EventKind::Atomic) continue;
    const TraceBuffer& b = trace.buffers[size_t(e.buffer)];
    if (!is_tail(b.name)) continue;
    const int64_t element = teach_element(trace, s, e);
    auto it = tail_now.find({int(e.buffer), element});
    if (it == tail_now.end()) {
      const std::vector<double>& before =
          step > 0 ? snapshots.at(size_t(step) - 1).at(size_t(e.buffer)) : b.initial;
      const double v = size_t(element) < before.size() ? before[size_t(element)] : 0;
      it = tail_now.emplace(std::make_pair(int(e.buffer), element), std::isnan(v) ? 0 : v).first;
    }
    TailAtomic a;
    a.buffer = e.buffer;
    a.copy = b.space == MemSpace::Shared ? int(element / std::max(b.size, 1)) : 0;
    a.element = int(element % std::max(b.size, 1));
    a.thread = e.thread;
    a.before = it->second;
    a.amount = e.value;
    it->second += e.value;
    f.atomics.push_back(a);
  }

  // The lanes: the warps of this step's launch, busy this step and over the level.
  const int64_t launched = int64_t(s.grid_dim) * s.block_dim;
  const int warps_per_block = (std::max(s.block_dim, 1) + warp - 1) / warp;
  const int warps = s.grid_dim * warps_per_block;
  std::vector<int32_t> active = active_threads(s);
  std::map<int32_t, int> level_busy;  // thread -> steps of the level with an event
  int first = step, last = step;
  while (first > 0 && depth_of(run, first - 1) == f.depth) --first;
  while (last + 1 < int(trace.steps.size()) && depth_of(run, last + 1) == f.depth) ++last;
  f.level_steps = last - first + 1;
  f.step_in_level = step - first;
  for (int k = first; k <= step; ++k) {
    const TraceStep& ks = trace.steps[size_t(k)];
    for (int32_t t : active_threads(ks)) ++level_busy[t];
    f.level_edges += examined_in_step(trace, k);
    for (const TraceEvent& e : ks.events)
      if (e.kind == EventKind::Atomic && is_tail(trace.buffers[size_t(e.buffer)].name))
        ++f.level_atomics;
    f.level_lanes +=
        int64_t(ks.grid_dim) * (((std::max(ks.block_dim, 1) + warp - 1) / warp) * int64_t(warp));
    f.level_lanes_busy += int64_t(active_threads(ks).size());
  }
  for (int w = 0; w < warps; ++w) {
    WarpLanes lanes;
    lanes.warp = w;
    const int block = w / warps_per_block, in_block = w % warps_per_block;
    const int lanes_here = std::min(warp, s.block_dim - in_block * warp);
    lanes.busy.assign(size_t(std::max(lanes_here, 0)), false);
    lanes.level_busy.assign(lanes.busy.size(), 0);
    for (int l = 0; l < lanes_here; ++l) {
      const int32_t t = block * s.block_dim + in_block * warp + l;
      if (t >= launched) break;
      lanes.busy[size_t(l)] = std::binary_search(active.begin(), active.end(), t);
      const auto it = level_busy.find(t);
      lanes.level_busy[size_t(l)] = it == level_busy.end() ? 0 : it->second;
    }
    f.warps.push_back(std::move(lanes));
  }
  return f;
}

}  // namespace ws::bfs
