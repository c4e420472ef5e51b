// The CUDA engine (bfs.h): the graph on the device as CSR, with the CSC (the transpose, built on
// the host by transpose() so that its in-edge order is the CPU's; a symmetric graph reuses the
// CSR) and the COO sources (built on the device) made the first time a variant needs them.
//
// Variants 1-6 run a host loop: one kernel per level (variant 3 picks top-down from a queue or
// bottom-up over the level array per level with next_direction), then the level's counters
// (discovered vertices, their out-degrees, the edges a bottom-up step read) come back to decide
// the next. run() times each level with CUDA events. Variant 7 (bfs_fast.cu) is one cooperative
// kernel with the level loop on the device; run() reads its per-level directions, bottom-up
// counts and %globaltimer stamps afterwards.
//
// Statistics: frontier, frontier_edges, unvisited_edges and discovered come from the level array
// (level_counts, bfs_level_stats.h); directions and the bottom-up edges_examined are what the
// device counted; edges_examined of the other levels and threads follow bfs.h's rule, except
// variant 7's bottom-up threads: the lengths of the lists its kernel took (it counts what it
// leaves for the next bottom-up level).
// time_ms(): events around clearing the level array and the whole search, the median of the
// repeats after one warm-up, with nothing copied back but the host loop's counters.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <deque>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_device.h"
#include "../common/cuda_timer.cuh"
#include "../common/device_buffer.cuh"
#include "../common/error.h"
#include "bfs_cuda.cuh"
#include "bfs_engine_cuda.h"
#include "bfs_engine_parts.h"
#include "bfs_fast.cuh"
#include "bfs_level_stats.h"

namespace ws::bfs {

namespace {

__global__ void setup_source(int32_t* level, int32_t* parent, int32_t* queue, int32_t source) {
  level[source] = 0;
  parent[source] = source;
  queue[0] = source;
}

__global__ void build_sources(const int64_t* offsets, int32_t n, int32_t* src) {
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (int64_t v = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; v < n; v += stride)
    for (int64_t e = offsets[v]; e < offsets[v + 1]; ++e) src[e] = int32_t(v);
}

std::string bytes_text(double bytes) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.0f bytes (%.2f GiB)", bytes, bytes / (1024.0 * 1024 * 1024));
  return text;
}

struct PinnedCounters {
  PinnedCounters() {
    WS_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&host), sizeof(*host)));
  }
  ~PinnedCounters() { cudaFreeHost(host); }
  PinnedCounters(const PinnedCounters&) = delete;
  PinnedCounters& operator=(const PinnedCounters&) = delete;
  LevelCounters* host = nullptr;
};

// What the host loop saw at one level.
struct LevelRecord {
  Direction direction = Direction::TopDown;
  int64_t examined = 0;
  int64_t threads = -1;  // variant 7's bottom-up levels: the length of the list it took
};

class CudaEngine final : public Engine {
 public:
  explicit CudaEngine(size_t limit) : limit_(limit) {}

  Backend backend() const override { return Backend::Cuda; }
  int32_t vertices() const override { return graph_.vertices; }
  int64_t edges() const override { return graph_.edges(); }

  void set_graph(const Graph& g) override {
    graph::validate(g);
    if (g.vertices == 0) throw Error("bfs: the graph has no vertices; load or generate one first");
    const double n = g.vertices, m = double(g.edges());
    // CSR + level, parent, two queues, edge starts, variant 7's second bottom-up list (its first
    // is queue_[1]) and per-level arrays, counters.
    const double need = 8 * (n + 1) + 4 * m + 4 * n * 6 + 8 * n + sizeof(FastLevel) * (n + 2) +
                        4 * (n + 1) + 8 * (n + 1) + 8 * (n + 2) + 64;
    require(need, held_bytes(),
            "the graph " + g.name + " (" + std::to_string(g.vertices) + " vertices, " +
                std::to_string(g.edges()) + " edges: its CSR, levels, parents and queues)");
    free_all();
    try {
      graph_ = g;
      row_offsets_ = DeviceBuffer<int64_t>(g.row_offsets.size());
      row_offsets_.upload(g.row_offsets);
      columns_ = DeviceBuffer<int32_t>(g.columns.size());
      columns_.upload(g.columns);
      const size_t nv = size_t(g.vertices);
      level_ = DeviceBuffer<int32_t>(nv);
      parent_ = DeviceBuffer<int32_t>(nv);
      queue_[0] = DeviceBuffer<int32_t>(nv);
      queue_[1] = DeviceBuffer<int32_t>(nv);
      left_ = DeviceBuffer<int32_t>(nv);
      edge_start_ = DeviceBuffer<uint32_t>(nv);
      queue_row_ = DeviceBuffer<int64_t>(nv);
      fast_levels_ = DeviceBuffer<FastLevel>(nv + 2);
      direction_ = DeviceBuffer<int32_t>(nv + 1);
      examined_ = DeviceBuffer<unsigned long long>(nv + 1);
      stamps_ = DeviceBuffer<unsigned long long>(nv + 2);
      counters_ = DeviceBuffer<LevelCounters>(1);
      depth_count_ = DeviceBuffer<int32_t>(1);
      resume_ = DeviceBuffer<FastResume>(1);
    } catch (...) {
      free_all();
      throw;
    }
  }

  Result run(const Params& p) override {
    check(p);
    Result r;
    std::vector<LevelRecord> records;
    std::vector<double> level_ms;
    if (uses_device_loop(p)) WS_CUDA_CHECK(cudaMemsetAsync(examined_.data(), 0, examined_.bytes()));
    CudaEvent start, stop;
    WS_CUDA_CHECK(cudaEventRecord(start.get()));
    int32_t levels = 0;
    if (uses_device_loop(p)) {
      levels = search_fast(p, true);
    } else {
      levels = search_host_loop(p, &records);
    }
    WS_CUDA_CHECK(cudaEventRecord(stop.get()));
    WS_CUDA_CHECK(cudaEventSynchronize(stop.get()));
    float total = 0;
    WS_CUDA_CHECK(cudaEventElapsedTime(&total, start.get(), stop.get()));
    r.ms = total;
    if (uses_device_loop(p)) records = fast_records(levels, level_ms);

    r.level = level_.download();
    r.parent = parent_.download();
    for (size_t v = 0; v < r.level.size(); ++v)
      if (r.level[v] < 0)
        r.parent[v] = -1;
      else
        ++r.reached;
    r.traversed_edges = traversed_edges(graph_, r.level);
    r.levels = level_counts(graph_, r.level);
    if (int32_t(r.levels.size()) != levels || records.size() != size_t(levels))
      throw Error("bfs (CUDA): the search expanded " + std::to_string(levels) +
                  " levels but the level array has " + std::to_string(r.levels.size()));
    for (int32_t d = 0; d < levels; ++d) {
      LevelStats& s = r.levels[size_t(d)];
      s.direction = records[size_t(d)].direction;
      const bool bottom_up = s.direction == Direction::BottomUp;
      switch (p.variant) {
        case Variant::EdgeCentric:
          s.edges_examined = graph_.edges();
          s.threads = graph_.edges();
          break;
        case Variant::Push:
          s.edges_examined = s.frontier_edges;
          s.threads = graph_.vertices;
          break;
        default:
          s.edges_examined = bottom_up ? records[size_t(d)].examined : s.frontier_edges;
          s.threads = bottom_up ? graph_.vertices : s.frontier;
          if (bottom_up && records[size_t(d)].threads >= 0) s.threads = records[size_t(d)].threads;
          break;
      }
      if (!level_ms.empty()) s.ms = level_ms[size_t(d)];
    }
    if (!uses_device_loop(p))
      for (int32_t d = 0; d < levels; ++d) r.levels[size_t(d)].ms = level_times(d);
    return r;
  }

  const int32_t* device_level() const override { return level_.data(); }
  const int32_t* device_parent() const override { return parent_.data(); }

  double time_ms(const Params& p, int repeats) override {
    check(p);
    return median_ms(
        [&] {
          if (uses_device_loop(p))
            search_fast(p, false);
          else
            search_host_loop(p, nullptr);
        },
        1, std::max(1, repeats));
  }

 private:
  void check(const Params& p) {
    if (graph_.vertices == 0) throw Error("bfs (CUDA): no graph; call set_graph first");
    validate(p, graph_);
  }

  // Variant 7 keeps 32-bit edge offsets per level; a graph with 2^32 or more edges takes
  // variant 3's host loop (the same levels, directions and counts).
  bool uses_device_loop(const Params& p) const {
    return p.variant == Variant::Fast && graph_.edges() < (int64_t{1} << 32);
  }

  size_t held_bytes() const {
    return row_offsets_.bytes() + columns_.bytes() + csc_offsets_.bytes() + csc_rows_.bytes() +
           sources_.bytes() + level_.bytes() + parent_.bytes() + queue_[0].bytes() +
           queue_[1].bytes() + left_.bytes() + edge_start_.bytes() + queue_row_.bytes() +
           fast_levels_.bytes() + direction_.bytes() + examined_.bytes() + stamps_.bytes();
  }

  // Throws naming `what` and the bytes when `bytes` do not fit in the free device memory plus
  // `reclaimable` (what this engine would free first), or past the engine's cap.
  void require(double bytes, size_t reclaimable, const std::string& what) const {
    size_t free_bytes = 0, total_bytes = 0;
    WS_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    const double available = std::min(double(free_bytes) + double(reclaimable), double(limit_));
    if (bytes <= available) return;
    throw Error("bfs (CUDA): " + what + " needs " + bytes_text(bytes) + " of device memory; " +
                bytes_text(available) + " available (the device has " +
                bytes_text(double(free_bytes)) + " free of " + bytes_text(double(total_bytes)) +
                "); the previous graph is kept");
  }

  void free_all() {
    graph_ = Graph();
    csc_graph_ = Graph();
    row_offsets_ = {}, columns_ = {}, csc_offsets_ = {}, csc_rows_ = {}, sources_ = {};
    level_ = {}, parent_ = {}, queue_[0] = {}, queue_[1] = {}, left_ = {}, edge_start_ = {};
    queue_row_ = {};
    fast_levels_ = {}, direction_ = {}, examined_ = {}, stamps_ = {};
    has_csc_ = false;
  }

  DeviceAdjacency csr() const {
    return {graph_.vertices, graph_.edges(), row_offsets_.data(), columns_.data()};
  }

  DeviceAdjacency csc() {
    if (graph_.symmetric) return csr();
    if (!has_csc_) {
      require(8.0 * (graph_.vertices + 1) + 4.0 * graph_.edges(), 0,
              "the transpose (CSC) of " + graph_.name + " for the pull direction");
      csc_graph_ = transpose(graph_);
      csc_offsets_ = DeviceBuffer<int64_t>(csc_graph_.row_offsets.size());
      csc_offsets_.upload(csc_graph_.row_offsets);
      csc_rows_ = DeviceBuffer<int32_t>(csc_graph_.columns.size());
      csc_rows_.upload(csc_graph_.columns);
      csc_graph_ = Graph();  // the device copy is what the kernels read
      has_csc_ = true;
    }
    return {graph_.vertices, graph_.edges(), csc_offsets_.data(), csc_rows_.data()};
  }

  const int32_t* sources() {
    if (sources_.size() != size_t(graph_.edges())) {
      require(4.0 * graph_.edges(), 0, "the COO sources of " + graph_.name + " (edge-centric)");
      sources_ = DeviceBuffer<int32_t>(size_t(graph_.edges()));
      if (graph_.edges() > 0) {
        build_sources<<<grid_for(graph_.vertices, 256), 256>>>(row_offsets_.data(), graph_.vertices,
                                                               sources_.data());
        WS_CUDA_CHECK_LAUNCH();
      }
    }
    return sources_.data();
  }

  cudaEvent_t level_event(size_t i) {
    while (events_.size() <= i) events_.emplace_back();
    return events_[i].get();
  }
  double level_times(int32_t d) {
    float ms = 0;
    WS_CUDA_CHECK(
        cudaEventElapsedTime(&ms, level_event(2 * size_t(d)), level_event(2 * size_t(d) + 1)));
    return ms;
  }

  // Variants 1-6 (and 7 on huge graphs): one kernel per level; `records` (run()) gets each
  // level's direction and bottom-up count, and each level is timed with events.
  int32_t search_host_loop(const Params& p, std::vector<LevelRecord>* records) {
    const bool pull_only = p.variant == Variant::Pull;
    const bool optimizing = p.variant == Variant::DirectionOptimizing || p.variant == Variant::Fast;
    const DeviceAdjacency out = csr();
    const DeviceAdjacency in = (pull_only || optimizing) ? csc() : DeviceAdjacency{};
    const int32_t* src = p.variant == Variant::EdgeCentric ? sources() : nullptr;
    const LevelArrays a{level_.data(), parent_.data()};
    WS_CUDA_CHECK(cudaMemsetAsync(level_.data(), 0xff, level_.bytes()));
    setup_source<<<1, 1>>>(level_.data(), parent_.data(), queue_[0].data(), p.source);
    WS_CUDA_CHECK_LAUNCH();
    const int64_t n = graph_.vertices;
    int64_t n_f = 1, previous_n_f = 0, m_f = graph_.degree(p.source);
    int64_t m_u = graph_.edges() - m_f;
    Direction direction = pull_only ? Direction::BottomUp : Direction::TopDown;
    int cur = 0;
    LevelCounters* c = counters_.data();
    for (int32_t depth = 0;; ++depth) {
      if (optimizing)
        direction = next_direction(direction, n_f, previous_n_f, m_f, m_u, n, p.alpha, p.beta);
      WS_CUDA_CHECK(cudaMemsetAsync(c, 0, sizeof(LevelCounters)));
      if (records) WS_CUDA_CHECK(cudaEventRecord(level_event(2 * size_t(depth))));
      int32_t* next = queue_[1 - cur].data();
      const int32_t* frontier = queue_[cur].data();
      switch (p.variant) {
        case Variant::Push:
          launch_push_level(out, a, depth, c, p.block_dim);
          break;
        case Variant::Pull:
          launch_pull_level(in, out.offsets, a, depth, c, nullptr, p.block_dim);
          break;
        case Variant::EdgeCentric:
          launch_edge_level(src, out, a, depth, c, p.block_dim);
          break;
        case Variant::BlockQueue:
          launch_block_queue_level(out, a, depth, frontier, n_f, next, c, p.block_dim);
          break;
        case Variant::GlobalQueue:
          launch_global_queue_level(out, a, depth, frontier, n_f, next, c, p.block_dim);
          break;
        default:  // direction-optimizing
          if (direction == Direction::BottomUp)
            launch_pull_level(in, out.offsets, a, depth, c, next, p.block_dim);
          else
            launch_global_queue_level(out, a, depth, frontier, n_f, next, c, p.block_dim);
          break;
      }
      WS_CUDA_CHECK_LAUNCH();
      if (records) WS_CUDA_CHECK(cudaEventRecord(level_event(2 * size_t(depth) + 1)));
      WS_CUDA_CHECK(
          cudaMemcpyAsync(pinned_.host, c, sizeof(LevelCounters), cudaMemcpyDeviceToHost));
      WS_CUDA_CHECK(cudaStreamSynchronize(0));
      const LevelCounters found = *pinned_.host;
      if (records) records->push_back({direction, int64_t(found.examined)});
      if (found.discovered == 0) return depth + 1;
      previous_n_f = n_f;
      n_f = int64_t(found.discovered);
      m_f = int64_t(found.discovered_edges);
      m_u -= m_f;
      cur = 1 - cur;
    }
  }

  FastArgs fast_args(const Params& p, bool with_stats) {
    FastArgs f;
    f.csr = csr();
    f.csc = csc();
    f.a = {level_.data(), parent_.data()};
    f.queue = queue_[0].data();
    f.edge_start = edge_start_.data();
    f.queue_row = queue_row_.data();
    f.levels = fast_levels_.data();
    f.left[0] = queue_[1].data();  // idle while variant 7 runs (the host loops use it)
    f.left[1] = left_.data();
    f.direction = direction_.data();
    f.examined = with_stats ? examined_.data() : nullptr;
    f.stamps = with_stats ? stamps_.data() : nullptr;
    f.depth_count = depth_count_.data();
    f.resume = resume_.data();
    f.source = p.source;
    f.alpha = p.alpha, f.beta = p.beta;
    f.max_blocks_per_sm = graph_.edges() < 8 * int64_t(graph_.vertices) ? 1 : 0;
    f.cluster_phase = f.max_blocks_per_sm == 1;
    return f;
  }

  // Variant 7; returns the levels expanded when `with_stats` (after a sync), else 0.
  int32_t search_fast(const Params& p, bool with_stats) {
    const FastArgs f = fast_args(p, with_stats);
    WS_CUDA_CHECK(cudaMemsetAsync(level_.data(), 0xff, level_.bytes()));
    launch_fast(f, p.block_dim);
    if (!with_stats) return 0;
    int32_t levels = 0;
    depth_count_.download(&levels, 1);
    return levels;
  }

  std::vector<LevelRecord> fast_records(int32_t levels, std::vector<double>& level_ms) {
    std::vector<int32_t> direction(static_cast<size_t>(levels));
    std::vector<unsigned long long> examined(static_cast<size_t>(levels));
    std::vector<unsigned long long> stamps(static_cast<size_t>(levels) + 1);
    std::vector<FastLevel> counts(static_cast<size_t>(levels));
    direction_.download(direction.data(), direction.size());
    examined_.download(examined.data(), examined.size());
    stamps_.download(stamps.data(), stamps.size());
    fast_levels_.download(counts.data(), counts.size());
    std::vector<LevelRecord> records(static_cast<size_t>(levels));
    level_ms.assign(size_t(levels), 0.0);
    int64_t list = graph_.vertices;  // the first bottom-up level takes every vertex
    for (size_t d = 0; d < records.size(); ++d) {
      records[d].direction = direction[d] != 0 ? Direction::BottomUp : Direction::TopDown;
      records[d].examined = int64_t(examined[d]);
      if (records[d].direction == Direction::BottomUp) {
        records[d].threads = list;
        list = int64_t(counts[d].left);  // what it left for the next bottom-up level
      }
      level_ms[d] = double(stamps[d + 1] - stamps[d]) * 1e-6;
    }
    return records;
  }

  size_t limit_;
  Graph graph_;
  Graph csc_graph_;
  bool has_csc_ = false;
  DeviceBuffer<int64_t> row_offsets_, csc_offsets_;
  DeviceBuffer<int32_t> columns_, csc_rows_, sources_;
  DeviceBuffer<int32_t> level_, parent_, queue_[2], left_;
  DeviceBuffer<uint32_t> edge_start_;
  DeviceBuffer<int64_t> queue_row_;
  DeviceBuffer<FastLevel> fast_levels_;
  DeviceBuffer<int32_t> direction_, depth_count_;
  DeviceBuffer<FastResume> resume_;
  DeviceBuffer<unsigned long long> examined_, stamps_;
  DeviceBuffer<LevelCounters> counters_;
  PinnedCounters pinned_;
  std::deque<CudaEvent> events_;
};

std::unique_ptr<Engine> make(size_t limit) {
  if (!cuda_device_available())
    throw Error("bfs: the CUDA backend needs a usable device: " + cuda_device_description());
  return std::make_unique<CudaEngine>(limit);
}

}  // namespace

std::unique_ptr<Engine> make_cuda_engine() {
  return make(std::numeric_limits<size_t>::max());
}

std::unique_ptr<Engine> make_cuda_engine_with_memory_limit(size_t limit_bytes) {
  return make(limit_bytes);
}

}  // namespace ws::bfs
