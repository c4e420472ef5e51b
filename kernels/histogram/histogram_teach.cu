// The histogram kernels of teach mode (PMPP chapter 9), traced step by step. n samples, B bins,
// p = gridDim.x * blockDim.x threads; "round" = one iteration of a thread's loop.
//   1 sequential          one thread, one loop (PMPP 9.1). Work n, steps n (shown 32 per step).
//   2 global-atomic       thread t takes samples t, t + p, ...; atomicAdd on the global counter
//                         (Fig. 9.6). Work n atomics, steps n / p; samples of one bin serialize.
//   3 private-global      the same into its block's private copy in global memory, then the block
//                         merges its copy into the global counters (Fig. 9.7). Work n + B per
//                         block atomics, steps n / p + B / blockDim.
//   4 private-shared      the private copy in shared memory (Fig. 9.9): short shared atomics, one
//                         global atomic per nonzero bin per block. Work and steps as 3.
//   5 coarse-contiguous   thread t takes C contiguous samples t C .. t C + C - 1 (Fig. 9.10):
//                         neighbouring lanes read addresses C apart (C at least n / p). Steps
//                         C + B / blockDim.
//   6 coarse-interleaved  thread t takes t, t + p, ... (Fig. 9.11): every warp read coalesced.
//                         Steps n / p + B / blockDim. (At teach size 4 and 6 run the same loop;
//                         at full size 4 has one sample per thread and 6 a grid n / (C blockDim).)
//   7 aggregated          6, and a thread adds a run of samples of one bin with one atomic of the
//                         run's length (Fig. 9.15). Atomics: one per run; steps as 6 + 1 (the
//                         last flush).
//   8 warp-aggregated     6, and the lanes of a warp that hit one bin find each other
//                         (__match_any_sync); their leader adds the group's size to the warp's
//                         own sub-histogram in shared memory. At most one atomic per bin per warp
//                         instruction: no serialization inside a warp. Steps as 6.
// Teach mode runs one step of the trace at a time: a grid-wide barrier (a cooperative launch)
// ends every round, so the trace shows exactly which updates met in one step; the fast kernels
// (histogram_fast*.cu) have no such barriers. The trace format: histogram_teach_cpu.cpp; the CPU
// twins (histogram_teach_*_cpu.cpp) emit the same events.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_device.h"
#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "../common/error.h"
#include "../common/trace_recording.cuh"
#include "histogram_teach_cpu.h"

namespace ws::histogram {

namespace {

namespace cg = cooperative_groups;

enum TraceArray : int { kIn, kHist, kCopy };  // "in", "hist", the variant's copies
enum TracePhase : int { kInitPhase, kCountPhase, kFlushPhase, kMergePhase };

// What every teach kernel gets.
template <class In>
struct Args {
  const In* in;  // the samples
  int n;
  BinSpec bins;      // bin_of(x, bins): histogram.h
  unsigned* hist;    // the global counters
  unsigned* priv;    // 3: gridDim.x private copies of bins.count counters in global memory
  int rounds;        // iterations of the count loop (the same for every thread: steps)
  int merge_rounds;  // ceil(bins.count / blockDim.x)
  int coarsening;    // 5: C
  bool race;         // the injected bug
  DeviceTrace rec;   // records what each thread reads, writes and adds
};

// @helper teach-steps
// One step of the trace at a time: every thread of the grid waits for all others (a grid-wide
// barrier, which is also each block's __syncthreads()).
__device__ void next_step() {
  cg::this_grid().sync();
}

template <class A>
__device__ void begin_round(A& a, int phase, int round) {
  a.rec.begin(phase, a.race ? 2 * round : round);
}

// The counter update of every variant.
struct Update {
  unsigned* counter = nullptr;
  int buffer = 0, address = 0;
  unsigned value = 0;
};

template <class A>
__device__ void update(A& a, unsigned* counter, int buffer, int address, unsigned amount,
                       Update& u) {
  if (!a.race) {
    atomicAdd(counter, a.rec.atomic(buffer, address, amount));  // @hist-atomic
    return;
  }
  // The injected bug: a plain read now, a plain write of the read value + amount in the next
  // step. Threads that read one counter in the same step each write what they read plus their
  // own amount: only the last write counts, the other increments are lost (PMPP Fig. 9.4/9.5).
  const unsigned old = a.rec.read(buffer, address, *counter);  // @hist-race-read
  u = {counter, buffer, address, old + amount};
}

template <class A>
__device__ void end_round(A& a, Update& u, int phase, int round) {
  next_step();
  if (!a.race) return;
  a.rec.begin(phase, 2 * round + 1);
  // The delayed writes. Which of two stores to one address lands last is undefined on a GPU;
  // teach mode stores one thread at a time, in thread order (the higher thread's store wins, as
  // in the CPU twin), so every run loses the same updates.
  for (int block = 0; block < gridDim.x; ++block) {
    if (blockIdx.x == block)
      for (int thread = 0; thread < blockDim.x; ++thread) {
        if (threadIdx.x == thread && u.counter)
          *u.counter = a.rec.write(u.buffer, u.address, u.value);  // @hist-race-write
        __syncthreads();
      }
    next_step();
  }
}
// @end

// @helper shared-copy
// 4-8: the block zeroes its private copy in shared memory before counting.
template <class A>
__device__ void zero_shared(A& a, unsigned* copy, int size) {
  a.rec.begin(kInitPhase);
  for (int e = threadIdx.x; e < size; e += blockDim.x)
    copy[e] = a.rec.write(kCopy, e, 0u);  // @hist-init
  next_step();                            // __syncthreads(): the copy is zero before anyone counts
}

// 3-7: thread j adds its block's count of bins j, j + blockDim.x, ... to the global counters,
// one atomic per nonzero bin (Fig. 9.7 and 9.9's last loop).
template <class A>
__device__ void merge(A& a, const unsigned* copy, int buffer, int base) {
  for (int k = 0; k < a.merge_rounds; ++k) {
    begin_round(a, kMergePhase, k);
    Update u;
    const int bin = k * blockDim.x + threadIdx.x;
    if (bin < a.bins.count) {
      const unsigned count = a.rec.read(buffer, base + bin, copy[bin]);
      if (count != 0) update(a, &a.hist[bin], kHist, bin, count, u);  // @hist-merge
    }
    end_round(a, u, kMergePhase, k);
  }
}
// @end

// @variant sequential
// One thread, one loop: read a sample, increment the counter of its bin. No conflicts, no
// parallelism. (Teach mode shows 32 samples per step.)
template <class In>
__global__ void sequential(Args<In> a) {
  for (int i = 0; i < a.n; ++i) {
    a.rec.begin(kCountPhase, i / kSequentialGroup);
    const int bin = bin_of(float(a.rec.read(kIn, i, a.in[i])), a.bins);
    if (bin >= 0)
      a.hist[bin] = a.rec.write(kHist, bin, a.rec.read(kHist, bin, a.hist[bin]) + 1u);  // @hist-seq
  }
}
// @end

// @variant global-atomic
// One thread per sample: thread t takes samples t, t + p, t + 2p, ... (one at full size) and
// adds 1 to the global counter of its bin. Samples of one bin queue on one address.
template <class In>
__global__ void global_atomic(Args<In> a) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int p = gridDim.x * blockDim.x;
  for (int r = 0; r < a.rounds; ++r) {
    begin_round(a, kCountPhase, r);
    Update u;
    const int i = r * p + t;
    if (i < a.n) {
      const int bin = bin_of(float(a.rec.read(kIn, i, a.in[i])), a.bins);
      if (bin >= 0) update(a, &a.hist[bin], kHist, bin, 1u, u);  // @hist-count
    }
    end_round(a, u, kCountPhase, r);
  }
}
// @end

// @variant private-global
// A private copy of the histogram per block, in global memory: only the threads of one block
// contend. After the block's threads are done, it merges its copy into the global counters.
// (PMPP Fig. 9.7 merges into copy 0; here every copy goes into `hist`.)
template <class In>
__global__ void private_global(Args<In> a) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int p = gridDim.x * blockDim.x;
  const int base = blockIdx.x * a.bins.count;
  unsigned* mine = a.priv + base;  // this block's copy
  for (int r = 0; r < a.rounds; ++r) {
    begin_round(a, kCountPhase, r);
    Update u;
    const int i = r * p + t;
    if (i < a.n) {
      const int bin = bin_of(float(a.rec.read(kIn, i, a.in[i])), a.bins);
      if (bin >= 0) update(a, &mine[bin], kCopy, base + bin, 1u, u);  // @hist-count
    }
    end_round(a, u, kCountPhase, r);  // a fast kernel needs only __syncthreads() here
  }
  merge(a, mine, kCopy, base);
}
// @end

// @variant private-shared
// The private copy in shared memory: a shared atomic takes a few cycles instead of a trip to L2;
// the global counters see one atomic per nonzero bin per block.
template <class In>
__global__ void private_shared(Args<In> a) {
  extern __shared__ unsigned hist_s[];  // bins.count counters per block
  zero_shared(a, hist_s, a.bins.count);
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int p = gridDim.x * blockDim.x;
  for (int r = 0; r < a.rounds; ++r) {
    begin_round(a, kCountPhase, r);
    Update u;
    const int i = r * p + t;
    if (i < a.n) {
      const int bin = bin_of(float(a.rec.read(kIn, i, a.in[i])), a.bins);
      if (bin >= 0) update(a, &hist_s[bin], kCopy, bin, 1u, u);  // @hist-count
    }
    end_round(a, u, kCountPhase, r);
  }
  merge(a, hist_s, kCopy, 0);
}
// @end

// @variant coarse-contiguous
// Coarsening, contiguous partitioning: thread t takes the C samples t C .. t C + C - 1. Lanes of
// a warp read addresses C apart: each read of the warp touches many sectors. (A grid too small for
// n runs with C = ceil(n / p).)
template <class In>
__global__ void coarse_contiguous(Args<In> a) {
  extern __shared__ unsigned hist_s[];
  zero_shared(a, hist_s, a.bins.count);
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int C = a.coarsening;
  for (int r = 0; r < a.rounds; ++r) {  // r < C
    begin_round(a, kCountPhase, r);
    Update u;
    const int i = t * C + r;
    if (i < a.n) {
      const int bin = bin_of(float(a.rec.read(kIn, i, a.in[i])), a.bins);
      if (bin >= 0) update(a, &hist_s[bin], kCopy, bin, 1u, u);  // @hist-count
    }
    end_round(a, u, kCountPhase, r);
  }
  merge(a, hist_s, kCopy, 0);
}
// @end

// @variant coarse-interleaved
// Coarsening, interleaved partitioning: thread t takes t, t + p, t + 2p, ...: in every round the
// 32 lanes of a warp read 32 neighbouring samples, one coalesced access.
template <class In>
__global__ void coarse_interleaved(Args<In> a) {
  extern __shared__ unsigned hist_s[];
  zero_shared(a, hist_s, a.bins.count);
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int p = gridDim.x * blockDim.x;
  for (int r = 0; r < a.rounds; ++r) {  // i = t, t + p, t + 2p, ...
    begin_round(a, kCountPhase, r);
    Update u;
    const int i = t + r * p;
    if (i < a.n) {
      const int bin = bin_of(float(a.rec.read(kIn, i, a.in[i])), a.bins);
      if (bin >= 0) update(a, &hist_s[bin], kCopy, bin, 1u, u);  // @hist-count
    }
    end_round(a, u, kCountPhase, r);
  }
  merge(a, hist_s, kCopy, 0);
}
// @end

// @variant aggregated
// Aggregation: a thread counts a run of samples of one bin itself and adds the run's length with
// one atomic when the bin changes (and once more at the end). Sorted data and flat image regions
// cost one atomic per run.
template <class In>
__global__ void aggregated(Args<In> a) {
  extern __shared__ unsigned hist_s[];
  zero_shared(a, hist_s, a.bins.count);
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int p = gridDim.x * blockDim.x;
  int prev_bin = -1;
  unsigned accumulator = 0;
  for (int r = 0; r < a.rounds; ++r) {
    begin_round(a, kCountPhase, r);
    Update u;
    const int i = t + r * p;
    if (i < a.n) {
      const int bin = bin_of(float(a.rec.read(kIn, i, a.in[i])), a.bins);
      if (bin >= 0) {
        if (bin == prev_bin) {
          ++accumulator;
        } else {
          if (accumulator > 0)
            update(a, &hist_s[prev_bin], kCopy, prev_bin, accumulator, u);  // @hist-count
          prev_bin = bin;
          accumulator = 1;
        }
      }
    }
    end_round(a, u, kCountPhase, r);
  }
  begin_round(a, kFlushPhase, 0);
  Update u;
  if (accumulator > 0)
    update(a, &hist_s[prev_bin], kCopy, prev_bin, accumulator, u);  // @hist-flush
  end_round(a, u, kFlushPhase, 0);
  merge(a, hist_s, kCopy, 0);
}
// @end

// @variant warp-aggregated
// Warp aggregation: the lanes of a warp whose samples fall in one bin find each other with
// __match_any_sync; the lowest of them adds the group's size to the warp's own sub-histogram in
// shared memory. No two lanes of a warp wait for each other; the block's warps never meet.
template <class In>
__global__ void warp_aggregated(Args<In> a) {
  extern __shared__ unsigned sub[];  // warp w's sub-histogram at sub[w * bins.count]
  const int warps = blockDim.x / 32, warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int B = a.bins.count;
  zero_shared(a, sub, warps * B);
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int p = gridDim.x * blockDim.x;
  for (int r = 0; r < a.rounds; ++r) {
    begin_round(a, kCountPhase, r);
    Update u;
    const int i = t + r * p;
    const int bin = i < a.n ? bin_of(float(a.rec.read(kIn, i, a.in[i])), a.bins) : -1;
    const unsigned peers = __match_any_sync(0xffffffffu, bin);  // the lanes with my bin
    const bool leader = lane == __ffs(peers) - 1;
    if (bin >= 0 && leader)
      update(a, &sub[warp * B + bin], kCopy, warp * B + bin, unsigned(__popc(peers)),
             u);  // @hist-count
    end_round(a, u, kCountPhase, r);
  }
  for (int k = 0; k < a.merge_rounds; ++k) {  // thread j: bins j, j + blockDim.x, ...
    begin_round(a, kMergePhase, k);
    Update u;
    const int bin = k * blockDim.x + threadIdx.x;
    if (bin < B) {
      unsigned sum = 0;
      for (int w = 0; w < warps; ++w) sum += a.rec.read(kCopy, w * B + bin, sub[w * B + bin]);
      if (sum != 0) update(a, &a.hist[bin], kHist, bin, sum, u);  // @hist-merge
    }
    end_round(a, u, kMergePhase, k);
  }
}
// @end

// ================================ host side ====================================================

template <class In>
using Kernel = void (*)(Args<In>);

template <class In>
Kernel<In> kernel_of(Variant v) {
  switch (v) {
    case Variant::Sequential:
      return sequential<In>;
    case Variant::GlobalAtomic:
      return global_atomic<In>;
    case Variant::PrivateGlobal:
      return private_global<In>;
    case Variant::PrivateShared:
      return private_shared<In>;
    case Variant::CoarseContiguous:
      return coarse_contiguous<In>;
    case Variant::CoarseInterleaved:
      return coarse_interleaved<In>;
    case Variant::Aggregated:
      return aggregated<In>;
    case Variant::WarpAggregated:
      return warp_aggregated<In>;
  }
  throw Error("no teach kernel for this variant");
}

template <class In>
std::vector<In> host_samples(const Samples& s);
template <>
std::vector<uint8_t> host_samples<uint8_t>(const Samples& s) {
  return s.u8;
}
template <>
std::vector<float> host_samples<float>(const Samples& s) {
  return s.f32;
}

template <class In>
TeachRun run_on_device(const TeachParams& params, const Samples& s, const BinSpec& b) {
  // The twin checks the request and gives the trace's buffers and steps; the events and the
  // counts are then replaced by what the GPU recorded.
  TeachRun run = teach_cpu(params, s, b);
  const TeachLayout l = teach_layout(params, s.size(), b.count);
  const int n = int(s.size());
  const bool privatized = params.variant == Variant::PrivateGlobal;
  size_t shared_bytes = 0;
  if (int(params.variant) >= int(Variant::PrivateShared))
    shared_bytes = size_t(l.copies_per_block) * size_t(b.count) * sizeof(unsigned);

  TraceRecording<DeviceTrace> recording(run.trace, size_t(n) * sizeof(In) + 65536,
                                        "a teach-mode histogram trace");
  DeviceBuffer<In> in{size_t(n)};
  in.upload(host_samples<In>(s));
  DeviceBuffer<unsigned> hist(size_t(b.count));
  hist.fill_zero();
  DeviceBuffer<unsigned> priv(privatized ? size_t(b.count) * size_t(l.grid_dim) : 0);
  priv.fill_zero();

  Args<In> a{};
  a.in = in.data();
  a.n = n;
  a.bins = b;
  a.hist = hist.data();
  a.priv = priv.data();
  a.rounds = l.rounds;
  a.merge_rounds = l.merge_rounds;
  a.coarsening = l.coarsening;
  a.race = l.parts == 2;
  a.rec = recording.recorder();
  a.rec.buffers[kIn] = int16_t(kInBuffer);
  a.rec.buffers[kHist] = int16_t(kHistBuffer);
  if (run.trace.buffers.size() > size_t(kCopyBuffer)) a.rec.buffers[kCopy] = int16_t(kCopyBuffer);
  if (l.init) a.rec.phases[kInitPhase] = 0;
  a.rec.phases[kCountPhase] = l.first_count;
  if (l.flush) a.rec.phases[kFlushPhase] = l.first_flush;
  if (l.merge_rounds > 0) a.rec.phases[kMergePhase] = l.first_merge;

  const Kernel<In> kernel = kernel_of<In>(params.variant);
  if (params.variant == Variant::Sequential) {
    kernel<<<1, 1>>>(a);
    WS_CUDA_CHECK_LAUNCH();
  } else {
    // Every block must be resident at once for the grid-wide barriers.
    int device = 0, cooperative = 0, sms = 0, per_sm = 0;
    WS_CUDA_CHECK(cudaGetDevice(&device));
    WS_CUDA_CHECK(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
    WS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    WS_CUDA_CHECK(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, l.block_dim, shared_bytes));
    if (!cooperative || int64_t(per_sm) * sms < l.grid_dim)
      throw Error("teach mode on CUDA runs the grid's " + std::to_string(l.grid_dim) +
                  " blocks at once (a cooperative launch); this device holds " +
                  std::to_string(int64_t(per_sm) * sms) + " of " + std::to_string(l.block_dim) +
                  " threads" + (cooperative ? "" : " and has no cooperative launch"));
    void* args[] = {&a};
    WS_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<void*>(kernel), dim3(l.grid_dim),
                                              dim3(l.block_dim), args, shared_bytes, 0));
  }
  recording.download(run.trace);
  const std::vector<unsigned> counts = hist.download();
  run.counts.assign(counts.begin(), counts.end());
  return run;
}

}  // namespace

TeachRun teach_cuda(const TeachParams& params, const Samples& s, const BinSpec& b) {
  check_teach_request(params, s, b);
  if (!cuda_device_available())
    throw Error("teach mode on CUDA needs a device: " + cuda_device_description());
  if (s.type == SampleType::U8) return run_on_device<uint8_t>(params, s, b);
  return run_on_device<float>(params, s, b);
}

}  // namespace ws::histogram
