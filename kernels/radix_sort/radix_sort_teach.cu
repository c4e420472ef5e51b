// The radix sort's teach kernels on CUDA (PMPP 13.4-13.5, the coalesced multi-bit pass), recorded
// with the DeviceTrace recorder: the same trace as radix_sort_teach_cpu.cpp's twin, event for
// event. One thread per key, B keys per block, G = ceil(n / B) blocks, R = 2^radix_bits digit
// values, W = ceil(B / 32) warps per block; per pass (shown between "@variant teach" and "@end"):
//   radix_rank_blocks  zero the warp counts; digits + warp histograms (a shared atomicAdd per key);
//                      each block's counts per digit, scanned over its warps, into the bucket
//                      table; the stable local rank (lanes before me in my warp with my digit,
//                      plus the earlier warps' count of it).
//                      work O(n * 32 + G * R * W), steps 4 (3 barriers)
//   radix_scan_table   one thread scans the R * G table, digit-major.       work R G, steps 1
//   radix_scatter      destination = offsets[digit][block] + local rank; the key moves there.
//                      work O(n), steps 1
// ceil(key_bits / radix_bits) passes, ping-ponging between two key buffers. The 1-bit split of
// 13.3 is the same pass with radix_bits = 1 (one stable partition, so the same destinations).
// The timed GPU sort is radix_sort.cu.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "common/cuda_check.cuh"
#include "common/device_buffer.cuh"
#include "common/device_trace.cuh"
#include "common/trace_recording.cuh"
#include "radix_sort_teach.h"

namespace ws::radix {

namespace {

// Nine buffers: more than DeviceTrace's eight.
using RadixTrace = BasicDeviceTrace<12, false>;

// The kernels' names for the trace's buffers; the host maps them to TeachBuffer per pass (the key
// buffers swap). Phases are TeachStep.
enum Buf {
  kKeysIn = 0,
  kKeysOut,
  kDigit,
  kLocalRank,
  kDestination,
  kTable,
  kOffsets,
  kBlockDigits,
  kWarpCounts,
  kBufCount
};
static_assert(kBufCount <= RadixTrace::kMaxBuffers && kTeachStepsPerPass <= RadixTrace::kMaxPhases,
              "the recorder's tables are too small");

// @variant teach
// Pass over bits shift .. shift + radix_bits - 1, one thread per key. Shared memory: B block
// digits, then W * R warp counts (warp w's count of digit d at w * R + d).
template <class Rec>
__global__ void radix_rank_blocks(const uint32_t* keys_in, int32_t* digit, int32_t* local_rank,
                                  int32_t* table, int n, int shift, int radix_bits, Rec rec) {
  extern __shared__ int32_t shared_ints[];
  const int t = threadIdx.x, B = blockDim.x, G = gridDim.x;
  const int R = 1 << radix_bits, W = (B + 31) / 32, warp = t / 32;
  int32_t* block_digits = shared_ints;
  int32_t* warp_counts = shared_ints + B;
  const int i = blockIdx.x * B + t;
  const bool valid = i < n;

  rec.begin(kZeroStep);
  for (int e = t; e < W * R; e += B) warp_counts[e] = rec.write(kWarpCounts, e, 0);  // @radix-zero
  __syncthreads();

  rec.begin(kDigitStep);
  int d = 0;
  if (valid) {
    const uint32_t key = rec.read(kKeysIn, i, keys_in[i]);
    d = static_cast<int>((key >> shift) & (R - 1));
    digit[i] = rec.write(kDigit, i, d);
    block_digits[t] = rec.write(kBlockDigits, t, d);
    const int counter = warp * R + d;
    atomicAdd(&warp_counts[counter], rec.atomic(kWarpCounts, counter, 1));  // @radix-digit
  }
  __syncthreads();

  // Thread b owns digit b (and b + B, ... when B < R): an exclusive scan of its column over the
  // warps, whose total is the block's count of the digit.
  rec.begin(kWarpScanStep);
  for (int b = t; b < R; b += B) {
    const int slot = b * G + blockIdx.x;  // digit-major: all blocks' counts of digit 0 first
    int running = 0;
    for (int w = 0; w < W; ++w) {
      const int count = rec.read(kWarpCounts, w * R + b, warp_counts[w * R + b]);
      warp_counts[w * R + b] = rec.write(kWarpCounts, w * R + b, running);  // @radix-warp-scan
      running = rec.op(kTable, slot, running + count);
    }
    table[slot] = rec.write(kTable, slot, running);
  }
  __syncthreads();

  // Stable: keys of my digit earlier in my warp, plus those of the warps before mine.
  rec.begin(kRankStep);
  if (valid) {
    int before = 0;
    for (int j = warp * 32; j < t; ++j) before += rec.read(kBlockDigits, j, block_digits[j]) == d;
    const int earlier_warps = rec.read(kWarpCounts, warp * R + d, warp_counts[warp * R + d]);
    const int rank = rec.op(kLocalRank, i, earlier_warps + before);
    local_rank[i] = rec.write(kLocalRank, i, rank);  // @radix-rank
  }
}

// One thread: offsets = exclusive scan of the table in its digit-major order.
template <class Rec>
__global__ void radix_scan_table(const int32_t* table, int32_t* offsets, int size, Rec rec) {
  rec.begin(kTableScanStep);
  int acc = 0;
  for (int k = 0; k < size; ++k) {
    offsets[k] = rec.write(kOffsets, k, acc);  // @radix-table-scan
    if (k + 1 < size) acc = rec.op(kOffsets, k + 1, acc + rec.read(kTable, k, table[k]));
  }
}

// Keys of one block and digit land side by side: the writes coalesce.
template <class Rec>
__global__ void radix_scatter(const uint32_t* keys_in, const int32_t* digit,
                              const int32_t* local_rank, const int32_t* offsets,
                              int32_t* destination, uint32_t* keys_out, int n, Rec rec) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  rec.begin(kScatterStep);
  if (i >= n) return;
  const int d = rec.read(kDigit, i, digit[i]);
  const int rank = rec.read(kLocalRank, i, local_rank[i]);
  const int base =
      rec.read(kOffsets, d * gridDim.x + blockIdx.x, offsets[d * gridDim.x + blockIdx.x]);
  const int to = rec.op(kDestination, i, base + rank);
  destination[i] = rec.write(kDestination, i, to);
  keys_out[to] = rec.write(kKeysOut, to, rec.read(kKeysIn, i, keys_in[i]));  // @radix-scatter
}
// @end

}  // namespace

TeachRun teach_cuda(const TeachParams& p, const std::vector<uint32_t>& keys) {
  // The twin validates the request and gives the trace's buffers, steps and the event count to
  // expect; the GPU's own events and columns replace the twin's.
  TeachRun run = teach_cpu(p, keys);
  const TeachShape s = teach_shape(p, static_cast<int64_t>(keys.size()));
  const size_t n = keys.size(), table = static_cast<size_t>(s.table_size());
  TraceRecording<RadixTrace> recording(run.trace, 4 * (5 * n + 2 * table), "radix sort teach mode");
  DeviceBuffer<uint32_t> d_keys[2] = {DeviceBuffer<uint32_t>(n), DeviceBuffer<uint32_t>(n)};
  DeviceBuffer<int32_t> d_digit(n), d_rank(n), d_destination(n), d_table(table), d_offsets(table);
  d_keys[0].upload(keys);
  const size_t shared_bytes =
      sizeof(int32_t) * static_cast<size_t>(s.block_size + s.warps * s.buckets);

  for (int pass = 0; pass < s.passes; ++pass) {
    RadixTrace rec = recording.recorder();
    rec.buffers[kKeysIn] = static_cast<int16_t>(keys_in_buffer(pass));
    rec.buffers[kKeysOut] = static_cast<int16_t>(keys_out_buffer(pass));
    rec.buffers[kDigit] = kDigitBuf;
    rec.buffers[kLocalRank] = kLocalRankBuf;
    rec.buffers[kDestination] = kDestinationBuf;
    rec.buffers[kTable] = kTableBuf;
    rec.buffers[kOffsets] = kOffsetsBuf;
    rec.buffers[kBlockDigits] = kBlockDigitsBuf;
    rec.buffers[kWarpCounts] = kWarpCountsBuf;
    for (int k = 0; k < kTeachStepsPerPass; ++k) rec.phases[k] = pass * kTeachStepsPerPass + k;
    const uint32_t* in = d_keys[pass % 2].data();
    uint32_t* out = d_keys[(pass + 1) % 2].data();
    radix_rank_blocks<<<s.blocks, s.block_size, shared_bytes>>>(
        in, d_digit.data(), d_rank.data(), d_table.data(), s.n, pass * p.radix_bits, p.radix_bits,
        rec);
    WS_CUDA_CHECK_LAUNCH();
    radix_scan_table<<<1, 1>>>(d_table.data(), d_offsets.data(), s.table_size(), rec);
    WS_CUDA_CHECK_LAUNCH();
    radix_scatter<<<s.blocks, s.block_size>>>(in, d_digit.data(), d_rank.data(), d_offsets.data(),
                                              d_destination.data(), out, s.n, rec);
    WS_CUDA_CHECK_LAUNCH();

    // The pass's columns, as multibit_sort keeps them (the buffers are reused by the next pass).
    BucketPass& bp = run.sort.passes[static_cast<size_t>(pass)];
    bp.keys_in = d_keys[pass % 2].download();
    bp.digit = d_digit.download();
    bp.table = d_table.download();
    bp.offsets = d_offsets.download();
    bp.local_rank = d_rank.download();
    bp.destination = d_destination.download();
    bp.keys_out = d_keys[(pass + 1) % 2].download();
  }
  recording.download(run.trace);
  run.sort.sorted = run.sort.passes.back().keys_out;
  return run;
}

}  // namespace ws::radix
