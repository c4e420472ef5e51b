// time_cpu_baseline (bfs.h): the benchmarks' CPU comparison, a tuned multithreaded
// direction-optimizing BFS in the style of the GAP benchmark suite (Beamer, Asanovic, Patterson),
// on a team of std::threads that lives across the repeats (the searches are timed, not the thread
// starts):
//   top-down levels   the frontier is a queue; threads claim chunks of 64 entries, claim an
//                     unvisited neighbour with a compare-and-swap on its parent, and collect the
//                     claimed vertices in a private buffer that reserves room in the next queue
//                     with one atomic add per 16384 vertices. Work O(m_f).
//   bottom-up levels  the frontier is a bitmap; threads claim chunks of 1024 vertices (whole
//                     64-bit words, so each next-frontier word has one writer and needs no atomic)
//                     and an unvisited vertex scans its in-neighbours for the first one in the
//                     bitmap. Work O(n + edges up to the first parent).
//   the switch        variant 3's rule exactly (next_direction with the same n_f, m_f, m_u, alpha
//                     and beta), so the baseline takes the directions variant 3 reports; the
//                     frontier is converted queue -> bitmap (from the level array) or bitmap ->
//                     queue when the direction changes.
// One parallel region per search; levels are separated by a spinning barrier whose last thread
// to arrive closes the level (counts, direction, swaps), so a level costs two barriers at most.
// Parents follow whichever thread wins a race; levels are exact (verify() passes).
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "../common/error.h"
#include "../common/timing.h"
#include "bfs.h"
#include "common/hardware_threads.h"

namespace ws::bfs {

namespace {

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// A team of threads running one parallel region at a time (as an OpenMP pool does): run(body)
// calls body(tid) on every thread, tid 0 on the caller, and returns when all have returned.
class ThreadTeam {
 public:
  explicit ThreadTeam(int threads) {
    for (int tid = 1; tid < threads; ++tid) workers_.emplace_back([this, tid] { work(tid); });
  }
  ~ThreadTeam() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    start_.notify_all();
    for (std::thread& t : workers_) t.join();
  }
  void run(const std::function<void(int)>& body) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      body_ = &body;
      busy_ = int(workers_.size());
      ++generation_;
    }
    start_.notify_all();
    body(0);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return busy_ == 0; });
    body_ = nullptr;
  }

 private:
  void work(int tid) {
    uint64_t seen = 0;
    for (;;) {
      const std::function<void(int)>* body;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        start_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (stop_) return;
        seen = generation_;
        body = body_;
      }
      (*body)(tid);
      std::lock_guard<std::mutex> lock(mutex_);
      if (--busy_ == 0) done_.notify_one();
    }
  }

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_, done_;
  const std::function<void(int)>* body_ = nullptr;
  uint64_t generation_ = 0;
  int busy_ = 0;
  bool stop_ = false;
};

// A sense-counting barrier that spins (then yields, for machines with fewer cores than
// threads); the last thread to arrive runs `serial` before releasing the others.
class SpinBarrier {
 public:
  explicit SpinBarrier(int threads) : threads_(threads) {}
  template <class Serial>
  void wait(Serial&& serial) {
    const uint32_t generation = generation_.load(std::memory_order_acquire);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == threads_) {
      serial();
      arrived_.store(0, std::memory_order_relaxed);
      generation_.store(generation + 1, std::memory_order_release);
      return;
    }
    for (int spins = 0; generation_.load(std::memory_order_acquire) == generation; ++spins) {
      if (spins < 256)
        cpu_relax();
      else
        std::this_thread::yield();
    }
  }
  void wait() {
    wait([] {});
  }

 private:
  const int threads_;
  alignas(64) std::atomic<int> arrived_{0};
  alignas(64) std::atomic<uint32_t> generation_{0};
};

constexpr int64_t kTopDownChunk = 64;     // queue entries a thread claims at a time
constexpr int64_t kBottomUpChunk = 1024;  // vertices (16 bitmap words)
constexpr size_t kLocalQueue = 16384;     // a thread's buffer before it reserves queue room

// One search's shared state; search(tid) is the parallel region.
class Search {
 public:
  Search(const Graph& g, const Graph& in, int threads, double alpha, double beta)
      : g_(g),
        in_(in),
        n_(g.vertices),
        words_((int64_t(g.vertices) + 63) / 64),
        threads_(threads),
        alpha_(alpha),
        beta_(beta),
        level_(size_t(g.vertices)),
        parent_(size_t(g.vertices)),
        queue_(size_t(g.vertices)),
        next_queue_(size_t(g.vertices)),
        front_(size_t(words_)),
        next_front_(size_t(words_)),
        barrier_(threads),
        local_(size_t(threads)) {
    for (auto& q : local_) q.reserve(kLocalQueue);
  }

  void reset(int32_t source) {
    source_ = source;
    stats_.clear();
  }

  void search(int tid) {
    // Initialization: each thread clears its static share of the arrays.
    {
      const int64_t begin = n_ * tid / threads_, end = n_ * (tid + 1) / threads_;
      std::fill(level_.begin() + begin, level_.begin() + end, -1);
      std::fill(parent_.begin() + begin, parent_.begin() + end, -1);
    }
    barrier_.wait([&] { start_level_zero(); });
    while (!done_) {
      if (direction_ == Direction::TopDown)
        top_down_step(tid);
      else
        bottom_up_step(tid);
      barrier_.wait([&] { close_level(); });
      if (done_) break;
      if (convert_ == Convert::ToBitmap) {
        to_bitmap(tid);
        barrier_.wait();
      } else if (convert_ == Convert::ToQueue) {
        to_queue(tid);
        barrier_.wait([&] {
          queue_size_ = next_tail_.exchange(0);
          std::swap(queue_, next_queue_);
          cursor_.store(0, std::memory_order_relaxed);
        });
      }
    }
  }

  Result result() const {
    Result r;
    r.level = level_;
    r.parent = parent_;
    r.levels = stats_;
    for (int32_t l : level_) r.reached += l >= 0;
    r.traversed_edges = traversed_edges(g_, level_);
    return r;
  }

 private:
  enum class Convert { None, ToBitmap, ToQueue };

  void start_level_zero() {
    level_[size_t(source_)] = 0;
    parent_[size_t(source_)] = source_;
    queue_[0] = source_;
    queue_size_ = 1;
    depth_ = 0;
    n_f_ = 1;
    previous_n_f_ = 0;
    m_f_ = g_.degree(source_);
    m_u_ = g_.edges() - m_f_;
    direction_ =
        next_direction(Direction::TopDown, n_f_, previous_n_f_, m_f_, m_u_, n_, alpha_, beta_);
    convert_ = Convert::None;
    done_ = false;
    cursor_.store(0, std::memory_order_relaxed);
    next_tail_.store(0, std::memory_order_relaxed);
    if (direction_ == Direction::BottomUp) {  // the source alone as a bitmap
      std::fill(front_.begin(), front_.end(), 0);
      front_[size_t(source_) >> 6] = uint64_t{1} << (source_ & 63);
    }
  }

  // The last thread of a level: its statistics, then the next level's counts and direction.
  void close_level() {
    LevelStats s;
    s.depth = depth_;
    s.frontier = n_f_;
    s.frontier_edges = m_f_;
    s.unvisited_edges = m_u_;
    s.edges_examined = examined_.exchange(0);
    s.discovered = discovered_.exchange(0);
    s.threads = threads_;
    s.direction = direction_;
    stats_.push_back(s);
    const int64_t next_edges = scout_.exchange(0);
    cursor_.store(0, std::memory_order_relaxed);
    convert_ = Convert::None;
    if (direction_ == Direction::TopDown) {
      queue_size_ = next_tail_.exchange(0);
      std::swap(queue_, next_queue_);
    } else {
      std::swap(front_, next_front_);
    }
    if (s.discovered == 0) {
      done_ = true;
      return;
    }
    ++depth_;
    previous_n_f_ = n_f_;
    n_f_ = s.discovered;
    m_f_ = next_edges;
    m_u_ -= next_edges;
    const Direction next =
        next_direction(direction_, n_f_, previous_n_f_, m_f_, m_u_, n_, alpha_, beta_);
    if (next != direction_)
      convert_ = next == Direction::BottomUp ? Convert::ToBitmap : Convert::ToQueue;
    direction_ = next;
  }

  void top_down_step(int tid) {
    std::vector<int32_t>& local = local_[size_t(tid)];
    local.clear();
    int64_t discovered = 0, scout = 0, examined = 0;
    const int32_t next_level = depth_ + 1;
    const int64_t* offsets = g_.row_offsets.data();
    const int32_t* columns = g_.columns.data();
    int32_t* parent = parent_.data();
    for (;;) {
      const int64_t begin = cursor_.fetch_add(kTopDownChunk, std::memory_order_relaxed);
      if (begin >= queue_size_) break;
      const int64_t end = std::min(queue_size_, begin + kTopDownChunk);
      for (int64_t i = begin; i < end; ++i) {
        const int32_t u = queue_[size_t(i)];
        const int64_t row_end = offsets[u + 1];
        examined += row_end - offsets[u];
        for (int64_t e = offsets[u]; e < row_end; ++e) {
          const int32_t v = columns[e];
          int32_t expected = -1;
          if (__atomic_load_n(&parent[v], __ATOMIC_RELAXED) < 0 &&
              __atomic_compare_exchange_n(&parent[v], &expected, u, false, __ATOMIC_RELAXED,
                                          __ATOMIC_RELAXED)) {
            level_[size_t(v)] = next_level;
            ++discovered;
            scout += offsets[v + 1] - offsets[v];
            local.push_back(v);
            if (local.size() == kLocalQueue) flush(local);
          }
        }
      }
    }
    flush(local);
    add_counts(discovered, scout, examined);
  }

  void flush(std::vector<int32_t>& local) {
    if (local.empty()) return;
    const int64_t at = next_tail_.fetch_add(int64_t(local.size()), std::memory_order_relaxed);
    std::copy(local.begin(), local.end(), next_queue_.begin() + at);
    local.clear();
  }

  void bottom_up_step(int) {
    int64_t discovered = 0, scout = 0, examined = 0;
    const int32_t next_level = depth_ + 1;
    const int64_t* in_offsets = in_.row_offsets.data();
    const int32_t* in_columns = in_.columns.data();
    const int64_t* offsets = g_.row_offsets.data();
    const uint64_t* front = front_.data();
    int32_t* parent = parent_.data();
    for (;;) {
      const int64_t begin = cursor_.fetch_add(kBottomUpChunk, std::memory_order_relaxed);
      if (begin >= n_) break;
      const int64_t end = std::min<int64_t>(n_, begin + kBottomUpChunk);
      for (int64_t w0 = begin; w0 < end; w0 += 64) {
        uint64_t word = 0;
        const int64_t w_end = std::min<int64_t>(end, w0 + 64);
        for (int64_t v = w0; v < w_end; ++v) {
          if (parent[v] >= 0) continue;
          const int64_t row_end = in_offsets[v + 1];
          for (int64_t e = in_offsets[v]; e < row_end; ++e) {
            const int32_t u = in_columns[e];
            if ((front[u >> 6] >> (u & 63)) & 1u) {
              examined += e - in_offsets[v] + 1;
              parent[v] = u;
              level_[size_t(v)] = next_level;
              word |= uint64_t{1} << (v - w0);
              ++discovered;
              scout += offsets[v + 1] - offsets[v];
              goto found;
            }
          }
          examined += row_end - in_offsets[v];
        found:;
        }
        next_front_[size_t(w0 >> 6)] = word;
      }
    }
    add_counts(discovered, scout, examined);
  }

  // The new frontier (level depth_) as a bitmap, from the level array: each thread its words.
  void to_bitmap(int tid) {
    const int64_t begin = words_ * tid / threads_, end = words_ * (tid + 1) / threads_;
    for (int64_t w = begin; w < end; ++w) {
      uint64_t word = 0;
      const int64_t last = std::min<int64_t>(n_, w * 64 + 64);
      for (int64_t v = w * 64; v < last; ++v)
        word |= uint64_t(level_[size_t(v)] == depth_) << (v - w * 64);
      front_[size_t(w)] = word;
    }
  }

  // The frontier bitmap as a queue (into next_queue_, swapped in by the barrier).
  void to_queue(int tid) {
    std::vector<int32_t>& local = local_[size_t(tid)];
    local.clear();
    for (;;) {
      const int64_t begin = cursor_.fetch_add(kBottomUpChunk / 64, std::memory_order_relaxed);
      if (begin >= words_) break;
      const int64_t end = std::min(words_, begin + kBottomUpChunk / 64);
      for (int64_t w = begin; w < end; ++w)
        for (uint64_t bits = front_[size_t(w)]; bits; bits &= bits - 1) {
          local.push_back(int32_t(w * 64 + __builtin_ctzll(bits)));
          if (local.size() == kLocalQueue) flush(local);
        }
    }
    flush(local);
  }

  void add_counts(int64_t discovered, int64_t scout, int64_t examined) {
    discovered_.fetch_add(discovered, std::memory_order_relaxed);
    scout_.fetch_add(scout, std::memory_order_relaxed);
    examined_.fetch_add(examined, std::memory_order_relaxed);
  }

  const Graph& g_;
  const Graph& in_;
  const int64_t n_, words_;
  const int threads_;
  const double alpha_, beta_;
  std::vector<int32_t> level_, parent_, queue_, next_queue_;
  std::vector<uint64_t> front_, next_front_;
  SpinBarrier barrier_;
  std::vector<std::vector<int32_t>> local_;
  std::vector<LevelStats> stats_;
  // Set by the serial part of a barrier, read by all between barriers.
  int32_t source_ = 0, depth_ = 0;
  int64_t queue_size_ = 0, n_f_ = 0, previous_n_f_ = 0, m_f_ = 0, m_u_ = 0;
  Direction direction_ = Direction::TopDown;
  Convert convert_ = Convert::None;
  bool done_ = false;
  alignas(64) std::atomic<int64_t> cursor_{0};
  alignas(64) std::atomic<int64_t> next_tail_{0};
  alignas(64) std::atomic<int64_t> discovered_{0};
  std::atomic<int64_t> scout_{0}, examined_{0};
};

}  // namespace

CpuBaseline time_cpu_baseline(const Graph& g, int32_t source, int repeats, int threads,
                              double alpha, double beta) {
  Params p;
  p.source = source;
  p.alpha = alpha;
  p.beta = beta;
  validate(p, g);
  if (threads < 0)
    throw Error("CPU BFS baseline: " + std::to_string(threads) +
                " threads; 0 (all hardware threads) or a positive count is accepted");
  if (threads == 0) {
    // All hardware threads, but no more than one per 32768 vertices and edges: waking a team
    // and its barriers costs more than a small graph's whole search (measured: karate took 17 ms
    // on 16 threads of an H100 host, where a GPU queue search took 0.15 ms).
    const int64_t work = int64_t(g.vertices) + g.edges();
    threads = int(std::min<int64_t>(std::max(1u, ws::hardware_threads()),
                                    std::max<int64_t>(1, work / 32768)));
  }
  const Graph in = g.symmetric ? Graph() : transpose(g);
  Search search(g, g.symmetric ? g : in, threads, alpha, beta);
  ThreadTeam team(threads);
  const std::function<void(int)> body = [&](int tid) { search.search(tid); };
  CpuBaseline out;
  out.ms = host_median_ms(repeats, [&] {
    search.reset(source);
    team.run(body);
  });
  out.result = search.result();
  out.result.ms = out.ms;
  out.threads = threads;
  out.name = "CPU direction-optimizing BFS, " + std::to_string(threads) +
             (threads == 1 ? " thread" : " threads");
  return out;
}

}  // namespace ws::bfs
