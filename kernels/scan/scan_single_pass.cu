// Single-pass scans on the GPU: one kernel launch scans any length; blocks hand their running
// totals to each other through global flags (device_flags.cuh). Written once for teach mode (a
// DynamicBlockTrace recorder: threads numbered by the dynamic block index, block * B + threadIdx.x,
// the numbering the twin uses), the timeline (kTimeline: %globaltimer and %smid per block, the
// flag polls) and plain runs (NoTrace); fast mode at the automatic shape runs the staged kernel of
// scan_single_pass_staged.cuh (the tile through the copy engine), a named tile the tuned kernel
// of scan_single_pass_fast.cuh.
//
// B = blockDim.x threads, c = coarsening, a section of S = B * c elements per block:
//   8 chained              PMPP 11.7. Thread 0 waits for the predecessor's flag, reads its
//                          running total, publishes its own. Work O(n) (3n + B log2 B per
//                          section); steps per block: 1 load + 1 thread scan + log2 B + 1 add back
//                          + the chain + 1 store; the chain is serial: latency ~ n / S hops.
//   9 decoupled-lookback   Merrill & Garland 2016. Thread 0 publishes the block's aggregate at
//                          once (flag A), then looks back over predecessors, adding aggregates
//                          until it meets an inclusive prefix (flag P), and publishes its own
//                          prefix (P). Same work and steps; a slow predecessor does not hold the
//                          chain up once its aggregate is out.
// Both take the block index from an atomic counter (dynamic block index): a block only ever
// waits for blocks that started before it, so the single pass cannot deadlock.
#include <cuda_runtime.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_timer.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_flags.cuh"
#include "../common/device_trace.cuh"
#include "../common/op_dispatch.h"
#include "../common/trace_download.cuh"
#include "scan_cpu_families.h"
#include "scan_cuda.h"
#include "scan_single_pass_fast.cuh"
#include "scan_single_pass_staged.cuh"

namespace ws::scan {

namespace {

constexpr int kFlagInvalid = 0;

// The arrays and phases the kernel records (mapped to the twin's trace buffers and steps).
enum TraceArray : int { kInput, kOutput, kXY, kBlockPrefix, kFlags, kAggregates, kPrefixes };
enum TracePhase : int { kLoad, kThreadScan, kSectionScan, kAddBack, kChain, kStore, kPhases };
static_assert(kPrefixes < DynamicBlockTrace::kMaxBuffers &&
                  kPhases <= DynamicBlockTrace::kMaxPhases,
              "the recorder has room for every array and phase");

template <class T>
struct ScanArgs {
  const T* in;
  T* out;
  int64_t n;
  int coarsening;
  BinaryOp op;
  bool inclusive;
  unsigned* counter;  // the next dynamic block index
  int* flags;         // per block: 0 invalid, 1 aggregate (9) / running total (8), 2 prefix (9)
  T* aggregates;      // 9: per block
  T* prefixes;        // 9: inclusive prefixes; 8: running totals
};

struct DevicePoll {
  int32_t predecessor, seen;
  unsigned long long t;
};
struct TimelineArgs {
  unsigned long long* times;  // per block: start, aggregate, prefix, end
  int32_t* sm;
  int32_t* depth;
  int32_t* polls;
  DevicePoll* kept;  // the last kMaxPollsPerBlock polls of each block (a ring)
};

__device__ unsigned long long global_time() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
__device__ int sm_id() {
  int id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

template <bool kTimeline>
__device__ void note_time(const TimelineArgs& tl, int block, int which) {
  if constexpr (kTimeline) tl.times[4 * int64_t{block} + which] = global_time();
}
template <bool kTimeline>
__device__ void note_poll(const TimelineArgs& tl, int block, int pred, int seen) {
  if constexpr (kTimeline) {
    const int k = tl.polls[block]++;
    tl.kept[int64_t{block} * kMaxPollsPerBlock + k % kMaxPollsPerBlock] = {pred, seen,
                                                                           global_time()};
  }
}

// @variant chained
// Thread 0: wait for the predecessor's running total (adjacent synchronisation), publish ours.
template <class Rec, class T, bool kTimeline>
__device__ T chain(const ScanArgs<T>& a, Rec& rec, const TimelineArgs& tl, int b, T aggregate) {
  if (b == 0) {
    a.prefixes[0] = rec.write(kPrefixes, 0, aggregate);
    store_flag(&a.flags[0], rec.write(kFlags, 0, 1));
    note_time<kTimeline>(tl, b, 2);
    return identity_of<T>(a.op);
  }
  int flag;
  do {
    flag = load_flag(&a.flags[b - 1]);  // @sp-chain
    note_poll<kTimeline>(tl, b, b - 1, flag == kFlagInvalid ? 0 : 2);
  } while (flag == kFlagInvalid);
  rec.read(kFlags, b - 1, flag);
  const T previous = rec.read(kPrefixes, b - 1, load_value(&a.prefixes[b - 1]));
  a.prefixes[b] =
      rec.write(kPrefixes, b, rec.op(kPrefixes, b, apply_op<T>(a.op, previous, aggregate)));
  store_flag(&a.flags[b], rec.write(kFlags, b, 1));
  note_time<kTimeline>(tl, b, 2);
  if constexpr (kTimeline) tl.depth[b] = 1;
  return previous;
}
// @end

// @variant decoupled-lookback
// Thread 0: publish the aggregate (A), look back until a prefix (P), publish our prefix (P).
template <class Rec, class T, bool kTimeline>
__device__ T look_back(const ScanArgs<T>& a, Rec& rec, const TimelineArgs& tl, int b, T aggregate) {
  if (b == 0) {
    a.prefixes[0] = rec.write(kPrefixes, 0, aggregate);
    store_flag(&a.flags[0], rec.write(kFlags, 0, 2));
    note_time<kTimeline>(tl, b, 1);
    note_time<kTimeline>(tl, b, 2);
    return identity_of<T>(a.op);
  }
  a.aggregates[b] = rec.write(kAggregates, b, aggregate);
  store_flag(&a.flags[b], rec.write(kFlags, b, 1));  // @sp-publish-aggregate
  note_time<kTimeline>(tl, b, 1);
  T exclusive = identity_of<T>(a.op);
  int depth = 0;
  for (int pred = b - 1;;) {
    const int flag = load_flag(&a.flags[pred]);  // @sp-lookback
    note_poll<kTimeline>(tl, b, pred, flag);
    if (flag == kFlagInvalid) continue;  // not started its local scan yet: poll again
    ++depth;
    rec.read(kFlags, pred, flag);
    const T value = flag == 2 ? rec.read(kPrefixes, pred, load_value(&a.prefixes[pred]))
                              : rec.read(kAggregates, pred, load_value(&a.aggregates[pred]));
    exclusive =
        pred == b - 1 ? value : rec.op(kBlockPrefix, 0, apply_op<T>(a.op, value, exclusive));
    if (flag == 2) break;
    --pred;
  }
  a.prefixes[b] =
      rec.write(kPrefixes, b, rec.op(kPrefixes, b, apply_op<T>(a.op, exclusive, aggregate)));
  store_flag(&a.flags[b], rec.write(kFlags, b, 2));  // @sp-publish-prefix
  note_time<kTimeline>(tl, b, 2);
  if constexpr (kTimeline) tl.depth[b] = depth;
  return exclusive;
}
// @end

// @helper block-scan
// The whole kernel: a coarsened block scan of the section (PMPP 11.5), the chain or the
// look-back, then the store with the block's exclusive prefix added.
template <int kVariant, class Rec, class T, bool kTimeline>
__global__ void single_pass(ScanArgs<T> a, Rec rec, TimelineArgs tl) {
  extern __shared__ unsigned char shared_bytes[];
  T* XY = reinterpret_cast<T*>(shared_bytes);
  __shared__ int block_index;
  __shared__ T block_prefix;
  const int t = threadIdx.x, B = blockDim.x, c = a.coarsening, S = B * c;
  const T id = identity_of<T>(a.op);

  rec.begin(kLoad);
  if (t == 0) block_index = static_cast<int>(atomicAdd(a.counter, 1u));  // @sp-load
  __syncthreads();
  const int b = block_index;
  set_block(rec, b);
  const int64_t base = int64_t{b} * S;
  if constexpr (kTimeline) {
    if (t == 0) {
      note_time<kTimeline>(tl, b, 0);
      tl.sm[b] = sm_id();
    }
  }
  for (int k = 0; k < c; ++k) {  // coalesced: thread t loads t, t + B, t + 2B, ...
    const int idx = k * B + t;
    const int64_t g = base + idx;
    XY[idx] = rec.write(kXY, idx, g < a.n ? rec.read(kInput, g, a.in[g]) : id);  // @sp-load
  }
  __syncthreads();

  if (c > 1) {
    rec.begin(kThreadScan);
    for (int k = 1; k < c; ++k) {  // thread t scans XY[t*c .. t*c + c-1] serially
      const int j = t * c + k;
      const T left = rec.read(kXY, j - 1, XY[j - 1]);
      const T right = rec.read(kXY, j, XY[j]);
      XY[j] = rec.write(kXY, j, rec.op(kXY, j, apply_op<T>(a.op, left, right)));  // @sp-thread-scan
    }
    __syncthreads();
  }

  for (int stride = 1, level = 0; stride < B; stride *= 2, ++level) {  // Kogge-Stone on totals
    rec.begin(kSectionScan, level);
    const int mine = t * c + c - 1, theirs = (t - stride) * c + c - 1;
    T sum = id;
    if (t >= stride) {
      const T left = rec.read(kXY, theirs, XY[theirs]);
      const T right = rec.read(kXY, mine, XY[mine]);
      sum = rec.op(kXY, mine, apply_op<T>(a.op, left, right));  // @sp-section-scan
    }
    __syncthreads();  // every read before any write
    if (t >= stride) XY[mine] = rec.write(kXY, mine, sum);
    __syncthreads();
  }

  if (c > 1 && B > 1) {
    rec.begin(kAddBack);
    if (t > 0) {
      for (int k = 0; k < c - 1; ++k) {
        const int j = t * c + k, total = (t - 1) * c + c - 1;
        const T left = rec.read(kXY, total, XY[total]);
        const T right = rec.read(kXY, j, XY[j]);
        XY[j] = rec.write(kXY, j, rec.op(kXY, j, apply_op<T>(a.op, left, right)));  // @sp-add-back
      }
    }
    __syncthreads();
  }

  rec.begin(kChain);
  if (t == 0) {
    const T aggregate = rec.read(kXY, S - 1, XY[S - 1]);
    if (kVariant == 8) note_time<kTimeline>(tl, b, 1);  // the chain has no published aggregate
    const T exclusive = kVariant == 9 ? look_back<Rec, T, kTimeline>(a, rec, tl, b, aggregate)
                                      : chain<Rec, T, kTimeline>(a, rec, tl, b, aggregate);
    block_prefix = rec.write(kBlockPrefix, 0, exclusive);
  }
  __syncthreads();

  rec.begin(kStore);
  for (int k = 0; k < c; ++k) {
    const int idx = k * B + t;
    const int64_t g = base + idx;
    if (g >= a.n) continue;
    if (!a.inclusive && idx == 0) {
      a.out[g] = rec.write(kOutput, g, rec.read(kBlockPrefix, 0, block_prefix));  // @sp-store
      continue;
    }
    const int from = a.inclusive ? idx : idx - 1;
    if (b == 0) {
      a.out[g] = rec.write(kOutput, g, rec.read(kXY, from, XY[from]));
      continue;
    }
    const T prefix = rec.read(kBlockPrefix, 0, block_prefix);
    const T local = rec.read(kXY, from, XY[from]);
    a.out[g] = rec.write(kOutput, g, rec.op(kOutput, g, apply_op<T>(a.op, prefix, local)));
  }
  if constexpr (kTimeline) {
    __syncthreads();
    if (t == 0) note_time<kTimeline>(tl, b, 3);
  }
}
// @end

// ---------------------------------------------------------------------------------------------
// Host side.

struct Shape {
  int block_dim = 1, coarsening = 1;
  int64_t section = 1, blocks = 1;
};

Shape shape_for(const Params& p, int64_t n) {
  Shape s;
  s.block_dim = resolve_block_dim(p, n);
  s.coarsening = p.coarsening;
  s.section = section_size(p, s.block_dim);
  s.blocks = std::max<int64_t>(1, (n + s.section - 1) / s.section);
  WS_REQUIRE(s.blocks <= INT_MAX, "too many blocks: " + std::to_string(s.blocks));
  return s;
}

// Device scratch of one run: the counter, flags, aggregates and prefixes, zeroed per run.
template <class T>
struct Scratch {
  DeviceBuffer<unsigned> counter;
  DeviceBuffer<int> flags;
  DeviceBuffer<T> aggregates, prefixes;
  explicit Scratch(int64_t blocks)
      : counter(1), flags(size_t(blocks)), aggregates(size_t(blocks)), prefixes(size_t(blocks)) {}
  void reset() {
    WS_CUDA_CHECK(cudaMemsetAsync(counter.data(), 0, counter.bytes()));
    WS_CUDA_CHECK(cudaMemsetAsync(flags.data(), 0, flags.bytes()));
  }
  ScanArgs<T> args(const Params& p, const T* in, T* out, int64_t n, int coarsening) {
    return {in,
            out,
            n,
            coarsening,
            p.op,
            p.inclusive,
            counter.data(),
            flags.data(),
            aggregates.data(),
            prefixes.data()};
  }
};

struct DeviceTimeline {
  DeviceBuffer<unsigned long long> times;
  DeviceBuffer<int32_t> sm, depth, polls;
  DeviceBuffer<DevicePoll> kept;
  explicit DeviceTimeline(int64_t blocks)
      : times(size_t(4 * blocks)),
        sm(size_t(blocks)),
        depth(size_t(blocks)),
        polls(size_t(blocks)),
        kept(size_t(blocks * kMaxPollsPerBlock)) {
    times.fill_zero();
    depth.fill_zero();
    polls.fill_zero();
  }
  TimelineArgs args() { return {times.data(), sm.data(), depth.data(), polls.data(), kept.data()}; }

  Timeline download() const {
    const std::vector<unsigned long long> t = times.download();
    const std::vector<int32_t> s = sm.download(), d = depth.download(), np = polls.download();
    const std::vector<DevicePoll> k = kept.download();
    const size_t blocks = s.size();
    unsigned long long origin = ~0ull;
    for (size_t b = 0; b < blocks; ++b) origin = std::min(origin, t[4 * b]);
    const auto rel = [&](unsigned long long v) { return static_cast<int64_t>(v - origin); };
    Timeline tl;
    tl.measured = true;
    for (size_t b = 0; b < blocks; ++b) {
      BlockRecord r;
      r.block = static_cast<int32_t>(b);
      r.sm = s[b];
      r.t_start = rel(t[4 * b]);
      r.t_aggregate = rel(t[4 * b + 1]);
      r.t_prefix = rel(t[4 * b + 2]);
      r.t_end = rel(t[4 * b + 3]);
      r.lookback_depth = d[b];
      r.polls = np[b];
      tl.blocks.push_back(r);
      const int count = std::min(np[b], kMaxPollsPerBlock);
      for (int i = 0; i < count; ++i) {  // oldest kept first
        const int slot = (np[b] - count + i) % kMaxPollsPerBlock;
        const DevicePoll& p = k[b * kMaxPollsPerBlock + size_t(slot)];
        tl.polls.push_back(
            {static_cast<int32_t>(b), p.predecessor, static_cast<BlockFlag>(p.seen), rel(p.t)});
      }
      tl.polls_dropped += np[b] - count;
    }
    return tl;
  }
};

template <class Rec, class T, bool kTimeline>
void launch(const Params& p, const Shape& sh, const ScanArgs<T>& a, const Rec& rec,
            const TimelineArgs& tl) {
  const size_t shared = size_t(sh.section) * sizeof(T);
  auto kernel = p.variant == Variant::DecoupledLookback ? single_pass<9, Rec, T, kTimeline>
                                                        : single_pass<8, Rec, T, kTimeline>;
  int device = 0, limit = 0;
  WS_CUDA_CHECK(cudaGetDevice(&device));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&limit, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  WS_REQUIRE(shared + 64 <= size_t(limit),
             "a section of " + std::to_string(sh.section) + " elements needs " +
                 std::to_string(shared) + " bytes of shared memory; the device allows " +
                 std::to_string(limit) + ": use a smaller block size or coarsening");
  if (shared > 48 * 1024)
    WS_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       static_cast<int>(shared)));
  kernel<<<static_cast<unsigned>(sh.blocks), sh.block_dim, shared>>>(a, rec, tl);
  WS_CUDA_CHECK_LAUNCH();
}

int first_step_of(const Trace& trace, const std::string& phase) {
  for (size_t s = 0; s < trace.steps.size(); ++s)
    if (trace.steps[s].phase == phase) return static_cast<int>(s);
  return -1;
}

int buffer_named(const Trace& trace, const std::string& name) {
  for (size_t b = 0; b < trace.buffers.size(); ++b)
    if (trace.buffers[b].name == name) return static_cast<int>(b);
  return -1;
}

template <class T>
TeachRun teach_typed(const Params& p, const std::vector<double>& values) {
  const int64_t n = static_cast<int64_t>(values.size());
  const Shape sh = shape_for(p, n);
  // The twin's trace gives the buffers and steps (names, shapes, initial values) to fill.
  TeachRun run = teach_cpu_single_pass(p, values);
  size_t expected = 0;
  for (TraceStep& s : run.trace.steps) {
    expected += s.events.size();
    s.events.clear();
  }
  // The look-back may read further back than the model did.
  const size_t capacity =
      2 * expected + 3 * size_t(sh.blocks) * size_t(std::min<int64_t>(sh.blocks, 4096)) + 4096;
  require_device_memory(capacity * sizeof(TraceEvent) + size_t(4 * n + 8 * sh.blocks) * 4,
                        "a single-pass teach run of " + std::to_string(n) + " elements");
  DeviceBuffer<TraceEvent> events(capacity);
  DeviceBuffer<unsigned long long> count(1);
  count.fill_zero();
  const std::vector<T> host_in(values.begin(), values.end());
  DeviceBuffer<T> in(static_cast<size_t>(n)), out(static_cast<size_t>(n));
  in.upload(host_in);
  Scratch<T> scratch(sh.blocks);
  scratch.reset();
  DeviceTimeline timeline(sh.blocks);

  DynamicBlockTrace rec{};
  rec.events = events.data();
  rec.count = count.data();
  rec.capacity = capacity;
  const Trace& tr = run.trace;
  const char* names[] = {
      "input",
      "output",
      "XY",
      "block prefix",
      "flags",
      p.variant == Variant::DecoupledLookback ? "aggregates" : "",
      p.variant == Variant::DecoupledLookback ? "inclusive prefixes" : "running totals"};
  for (int16_t& b : rec.buffers) b = -1;
  for (int i = 0; i < 7; ++i) rec.buffers[i] = static_cast<int16_t>(buffer_named(tr, names[i]));
  const char* phases[] = {"load",
                          "thread scan",
                          "section scan",
                          "add back",
                          p.variant == Variant::DecoupledLookback ? "look-back" : "chain",
                          "store"};
  for (int i = 0; i < kPhases; ++i) rec.phases[i] = first_step_of(tr, phases[i]);
  rec.step = 0;
  rec.block = 0;
  launch<DynamicBlockTrace, T, true>(
      p, sh, scratch.args(p, in.data(), out.data(), n, sh.coarsening), rec, timeline.args());
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  download_trace_events(events, count, capacity, expected, run.trace);
  const std::vector<T> result = out.download();
  run.result.assign(result.begin(), result.end());
  run.timeline = timeline.download();
  return run;
}

// Fast mode through the teaching kernel (any shape the parameters name).
template <class T>
FastRun fast_generic(const Params& p, const T* host_in, T* host_out, int64_t n, int repeats) {
  const Shape sh = shape_for(p, n);
  require_device_memory(size_t(n) * 2 * sizeof(T) + size_t(sh.blocks) * 16 + (size_t{64} << 20),
                        "a single-pass scan of " + std::to_string(n) + " elements");
  DeviceBuffer<T> in(static_cast<size_t>(n)), out(static_cast<size_t>(n));
  in.upload(host_in, size_t(n));
  Scratch<T> scratch(sh.blocks);
  const ScanArgs<T> a = scratch.args(p, in.data(), out.data(), n, sh.coarsening);
  auto run = [&] {
    scratch.reset();
    launch<NoTrace, T, false>(p, sh, a, NoTrace{}, TimelineArgs{});
  };
  FastRun r;
  r.n = n;
  r.median_ms = median_ms(run, 2, std::max(1, repeats));
  r.gbps = 8.0 * double(n) / (r.median_ms * 1e6);
  if (host_out != nullptr) out.download(host_out, size_t(n));
  return r;
}

// ---------------------------------------------------------------------------------------------
// Fast mode through the tuned kernel.

// The automatic tile: the staged kernel, tile = blockIdx.x, evict-first, the aggregate published
// before the rows are scanned; 256 threads x 48 elements in 48 KB of shared memory (4 blocks an
// SM), and from 2^26 elements 384 x 48 in 72 KB (3 blocks an SM). On an H200 at 2^28: 0.556-0.558
// ms (91.4-92.0% of a copy, 1.25-1.27x CUB) against the fast kernel's 0.60-0.61 ms; at 2^24,
// 0.047-0.051 ms (docs/performance.md, "Performance round two, scan";
// bench/dev/scan_sweep.cu).
using AutoPolicy = staged::Policy<256, 48>;
using AutoPolicyLarge = staged::Policy<384, 48>;
constexpr int64_t kAutoLargeFrom = int64_t{1} << 26;
// The fast kernel's best tile (the automatic one until 2026-11-29): 128 threads x 40 elements, the
// compiler held to 72 registers so that 6 blocks share an SM (docs/perf/dev_scan_tuning_*).
constexpr int kTunedThreads = 128, kTunedItems = 40, kTunedMinBlocks = 6;
// Look-back sleeps (ns): before the first poll and between polls. Measured on an H200 at 2^28
// int32: none 0.750 ms, 1200/600 0.651 ms, 2400/600 0.630 ms, 3000/1500 0.632 ms
// (docs/performance.md, "Scan, compaction and radix sort against CUB").
constexpr unsigned kLookbackFirstNs = 2400, kLookbackSpinNs = 600;

// The status words and tile counter of the tuned kernel, cleared once: each launch takes a new
// epoch, so words of earlier launches read as not yet published (scan_single_pass_fast.cuh).
struct TunedStatus {
  unsigned long long* status;
  unsigned* counter;
  unsigned epoch;
};

template <class T, BinaryOp kOp, bool kInclusive, bool kLookback, int kThreads, int kItems,
          int kMinBlocks = 0>
void launch_tuned(const T* in, T* out, int64_t n, const TunedStatus& st, int64_t tiles) {
  fast::tuned_single_pass<T, kOp, kInclusive, kLookback, kThreads, kItems, kMinBlocks>
      <<<static_cast<unsigned>(tiles), kThreads>>>(in, out, n, st.status, st.counter, st.epoch,
                                                   kLookbackFirstNs, kLookbackSpinNs);
  WS_CUDA_CHECK_LAUNCH();
}

template <class T, BinaryOp kOp, bool kInclusive, bool kLookback, class P>
void launch_staged(const T* in, T* out, int64_t n, const TunedStatus& st) {
  const auto kernel = staged::staged_single_pass<T, kOp, kInclusive, kLookback, P>;
  constexpr size_t shared = P::template shared_bytes<T>();
  static const bool opted_in = [&] {  // over 48 KB of dynamic shared memory, once per kernel
    WS_CUDA_CHECK(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)));
    return true;
  }();
  (void)opted_in;
  const int64_t tile = int64_t{P::kThreads} * P::kItems;
  kernel<<<static_cast<unsigned>((n + tile - 1) / tile), P::kThreads, shared>>>(
      in, out, n, st.status, st.counter, st.epoch, kLookbackFirstNs, kLookbackSpinNs);
  WS_CUDA_CHECK_LAUNCH();
}

template <class T, BinaryOp kOp, bool kInclusive, bool kLookback>
void launch_automatic(const T* in, T* out, int64_t n, const TunedStatus& st) {
  if (n >= kAutoLargeFrom)
    return launch_staged<T, kOp, kInclusive, kLookback, AutoPolicyLarge>(in, out, n, st);
  launch_staged<T, kOp, kInclusive, kLookback, AutoPolicy>(in, out, n, st);
}

// threads == 0: the automatic tile (the staged kernel).
template <class T, BinaryOp kOp, bool kInclusive, bool kLookback>
void launch_tuned_shape(int threads, int items, const T* in, T* out, int64_t n,
                        const TunedStatus& st) {
  if (threads == 0) return launch_automatic<T, kOp, kInclusive, kLookback>(in, out, n, st);
  const auto tiles = [&](int64_t tile) { return (n + tile - 1) / tile; };
  if (threads == kTunedThreads && items == kTunedItems)
    return launch_tuned<T, kOp, kInclusive, kLookback, kTunedThreads, kTunedItems, kTunedMinBlocks>(
        in, out, n, st, tiles(int64_t{kTunedThreads} * kTunedItems));
#define WS_TUNED_SHAPE(TH, IT)                                                 \
  if (threads == TH && items == IT)                                            \
    return launch_tuned<T, kOp, kInclusive, kLookback, TH, IT>(in, out, n, st, \
                                                               tiles(int64_t{TH} * IT));
  WS_TUNED_SHAPE(128, 32)  // the automatic tile until 2026-11-28
  if constexpr (kOp == BinaryOp::Sum && kInclusive && kLookback) {
    WS_TUNED_SHAPE(256, 16)
    WS_TUNED_SHAPE(128, 16)
    WS_TUNED_SHAPE(256, 8)
    WS_TUNED_SHAPE(256, 12)
    WS_TUNED_SHAPE(512, 8)
    WS_TUNED_SHAPE(256, 20)
    WS_TUNED_SHAPE(128, 24)
    WS_TUNED_SHAPE(256, 24)
  }
#undef WS_TUNED_SHAPE
  throw Error("no tuned single-pass kernel for " + std::to_string(threads) + " x " +
              std::to_string(items));
}

bool tuned_shape_exists(const Params& p, int threads, int items) {
  if ((threads == kTunedThreads && items == kTunedItems) || (threads == 128 && items == 32))
    return true;
  if (p.op != BinaryOp::Sum || !p.inclusive || p.variant != Variant::DecoupledLookback)
    return false;
  return (threads == 256 && items == 16) || (threads == 128 && items == 16) ||
         (threads == 256 && items == 8) || (threads == 256 && items == 12) ||
         (threads == 512 && items == 8) || (threads == 256 && items == 20) ||
         (threads == 128 && items == 24) || (threads == 256 && items == 24);
}

template <class T, BinaryOp kOp>
void dispatch_tuned(const Params& p, int threads, int items, const T* in, T* out, int64_t n,
                    const TunedStatus& st) {
  const bool lookback = p.variant == Variant::DecoupledLookback;
  if (p.inclusive && lookback)
    return launch_tuned_shape<T, kOp, true, true>(threads, items, in, out, n, st);
  if (p.inclusive) return launch_tuned_shape<T, kOp, true, false>(threads, items, in, out, n, st);
  if (lookback) return launch_tuned_shape<T, kOp, false, true>(threads, items, in, out, n, st);
  return launch_tuned_shape<T, kOp, false, false>(threads, items, in, out, n, st);
}

// threads == 0: the automatic tile (the staged kernel).
template <class T>
FastRun fast_tuned(const Params& p, int threads, int items, const T* host_in, T* host_out,
                   int64_t n, int repeats) {
  // (The automatic tiles: status words for the smaller one, enough for either.)
  const int64_t tile =
      threads == 0 ? int64_t{AutoPolicy::kThreads} * AutoPolicy::kItems : int64_t{threads} * items;
  const int64_t tiles = (n + tile - 1) / tile;
  require_device_memory(size_t(n) * 2 * sizeof(T) + size_t(tiles + 1) * 8 + (size_t{64} << 20),
                        "a single-pass scan of " + std::to_string(n) + " elements");
  DeviceBuffer<T> in(static_cast<size_t>(n)), out(static_cast<size_t>(n));
  in.upload(host_in, size_t(n));
  DeviceBuffer<unsigned long long> scratch(
      static_cast<size_t>(tiles + 1));  // status words, then the counter
  WS_CUDA_CHECK(cudaMemset(scratch.data(), 0, scratch.bytes()));
  TunedStatus st{scratch.data(), reinterpret_cast<unsigned*>(scratch.data() + tiles), 0};
  auto run = [&] {
    // A new epoch per launch, never 0 (the cleared words' epoch); no clearing between launches.
    if ((++st.epoch & 0x3fffffffu) == 0) ++st.epoch;
    return dispatch_op(p.op, [&](auto o) {
      return dispatch_tuned<T, decltype(o)::value>(p, threads, items, in.data(), out.data(), n, st);
    });
  };
  FastRun r;
  r.n = n;
  r.median_ms = median_ms(run, 2, std::max(1, repeats));
  r.gbps = 8.0 * double(n) / (r.median_ms * 1e6);
  if (host_out != nullptr) out.download(host_out, size_t(n));
  return r;
}

template <class T>
FastRun fast_typed(const Params& p, const T* in, T* out, int64_t n, int repeats) {
  // The automatic shape runs the staged kernel; a named block size and coarsening run the tuned
  // kernel when it has that tile, the teaching kernel otherwise.
  if (p.block_dim == 0) return fast_tuned(p, 0, 0, in, out, n, repeats);
  if (tuned_shape_exists(p, p.block_dim, p.coarsening))
    return fast_tuned(p, p.block_dim, p.coarsening, in, out, n, repeats);
  return fast_generic(p, in, out, n, repeats);
}

template <class T>
Timeline timeline_typed(const Params& p, const T* host_in, int64_t n) {
  const Shape sh = shape_for(p, n);
  require_device_memory(
      size_t(n) * 2 * sizeof(T) + size_t(sh.blocks) * (64 + kMaxPollsPerBlock * sizeof(DevicePoll)),
      "a single-pass timeline of " + std::to_string(n) + " elements");
  DeviceBuffer<T> in(static_cast<size_t>(n)), out(static_cast<size_t>(n));
  in.upload(host_in, size_t(n));
  Scratch<T> scratch(sh.blocks);
  scratch.reset();
  DeviceTimeline timeline(sh.blocks);
  launch<NoTrace, T, true>(p, sh, scratch.args(p, in.data(), out.data(), n, sh.coarsening),
                           NoTrace{}, timeline.args());
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  return timeline.download();
}

void require_single_pass(const Params& p) {
  WS_REQUIRE(info(p.variant).single_pass,
             std::string("the single-pass kernels run chained or decoupled-lookback, not ") +
                 info(p.variant).id);
}

}  // namespace

TeachRun teach_cuda_single_pass(const Params& p, const std::vector<double>& values) {
  validate(p, static_cast<int64_t>(values.size()), true);
  require_single_pass(p);
  WS_REQUIRE(!values.empty(), std::string("a scan needs at least one element"));
  return dispatch_type(
      p.type, [&](auto tag) { return teach_typed<typename decltype(tag)::type>(p, values); });
}

FastRun fast_cuda_single_pass(const Params& p, const void* in, void* out, int64_t n, int repeats) {
  validate(p, n, false);
  require_single_pass(p);
  WS_REQUIRE(n >= 1 && n <= INT_MAX,
             "a single-pass scan takes 1 to 2^31 - 1 elements, not " + std::to_string(n));
  WS_REQUIRE(in != nullptr, std::string("a scan needs input data"));
  return dispatch_type(p.type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return fast_typed(p, static_cast<const T*>(in), static_cast<T*>(out), n, repeats);
  });
}

Timeline timeline_cuda(const Params& p, const void* in, int64_t n) {
  validate(p, n, false);
  require_single_pass(p);
  WS_REQUIRE(n >= 1 && n <= INT_MAX && in != nullptr,
             "the timeline needs 1 to 2^31 - 1 elements of input, not " + std::to_string(n));
  return dispatch_type(p.type, [&](auto tag) {
    return timeline_typed(p, static_cast<const typename decltype(tag)::type*>(in), n);
  });
}

}  // namespace ws::scan
