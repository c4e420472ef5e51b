// The traced radix sort on the CPU: the twin of radix_sort_teach.cu. It runs the kernels'
// schedule step by step, block by block, thread by thread, and records every access where the
// kernels call their recorder, so both backends emit the same trace (radix_sort.h lists its
// buffers and steps). No step reads what another thread writes in the same step (a barrier or a
// launch separates them), so the order of the threads inside a step does not change a value.
// Also here: the teach request's validation and the backend dispatch.
#include <string>

#include "common/error.h"
#include "common/trace_model.h"
#include "radix_sort_teach.h"

namespace ws::radix {

namespace {

std::string range_text(const char* what, int64_t value, int64_t lo, int64_t hi) {
  return std::string(what) + " " + std::to_string(value) + " is out of range (" +
         std::to_string(lo) + ".." + std::to_string(hi) + ")";
}

// Pass `pass` (bits shift .. shift + radix_bits - 1) of the kernels' schedule.
void record_pass(TraceModel& m, const TeachShape& s, int pass, int shift) {
  const int n = s.n, B = s.block_size, G = s.blocks, R = s.buckets, W = s.warps;
  const int in = keys_in_buffer(pass), out = keys_out_buffer(pass);
  const uint32_t mask = static_cast<uint32_t>(R - 1);
  const int first = pass * kTeachStepsPerPass;

  m.at(first + kZeroStep);  // radix_rank_blocks: every thread of the block clears a few counters
  for (int g = 0; g < G; ++g)
    for (int t = 0; t < B; ++t)
      for (int e = t; e < W * R; e += B) m.write(g * B + t, kWarpCountsBuf, e, 0);

  m.at(first + kDigitStep);
  for (int i = 0; i < n; ++i) {
    const int t = i % B, warp = t / kTeachWarp;
    const uint32_t key = static_cast<uint32_t>(m.read(i, in, i));
    const int digit = static_cast<int>((key >> shift) & mask);
    m.write(i, kDigitBuf, i, digit);
    m.write(i, kBlockDigitsBuf, t, digit);
    m.atomic(i, kWarpCountsBuf, warp * R + digit, 1);
  }

  m.at(first + kWarpScanStep);  // thread d of each block takes digits d, d + B, ...
  for (int g = 0; g < G; ++g)
    for (int t = 0; t < B; ++t)
      for (int d = t; d < R; d += B) {
        const int thread = g * B + t, slot = d * G + g;
        double running = 0;
        for (int w = 0; w < W; ++w) {
          const double count = m.read(thread, kWarpCountsBuf, w * R + d);
          m.write(thread, kWarpCountsBuf, w * R + d, running);
          running = m.op(thread, kTableBuf, slot, running + count);
        }
        m.write(thread, kTableBuf, slot, running);
      }

  m.at(first + kRankStep);  // the digit is still in the thread's register
  for (int i = 0; i < n; ++i) {
    const int t = i % B, warp = t / kTeachWarp;
    const double digit = m.state(kDigitBuf)[static_cast<size_t>(i)];
    int before = 0;
    for (int j = warp * kTeachWarp; j < t; ++j) before += m.read(i, kBlockDigitsBuf, j) == digit;
    const double base = m.read(i, kWarpCountsBuf, warp * R + static_cast<int>(digit));
    m.write(i, kLocalRankBuf, i, m.op(i, kLocalRankBuf, i, base + before));
  }

  m.at(first + kTableScanStep);  // radix_scan_table: one thread
  double acc = 0;
  for (int k = 0; k < s.table_size(); ++k) {
    m.write(0, kOffsetsBuf, k, acc);
    if (k + 1 < s.table_size()) acc = m.op(0, kOffsetsBuf, k + 1, acc + m.read(0, kTableBuf, k));
  }

  m.at(first + kScatterStep);  // radix_scatter
  for (int i = 0; i < n; ++i) {
    const int digit = static_cast<int>(m.read(i, kDigitBuf, i));
    const double rank = m.read(i, kLocalRankBuf, i);
    const double base = m.read(i, kOffsetsBuf, digit * G + i / B);
    const int destination = static_cast<int>(m.op(i, kDestinationBuf, i, base + rank));
    m.write(i, kDestinationBuf, i, destination);
    m.write(i, out, destination, m.read(i, in, i));
  }
}

template <class T>
std::vector<T> as(const std::vector<double>& values) {
  return std::vector<T>(values.begin(), values.end());
}

}  // namespace

TeachShape teach_shape(const TeachParams& p, int64_t n) {
  TeachShape s;
  s.n = static_cast<int>(n);
  s.block_size = p.block_size;
  s.blocks = static_cast<int>((n + p.block_size - 1) / p.block_size);
  s.warps = (p.block_size + kTeachWarp - 1) / kTeachWarp;
  s.buckets = 1 << p.radix_bits;
  s.passes = (p.key_bits + p.radix_bits - 1) / p.radix_bits;
  return s;
}

void validate_teach(const TeachParams& p, int64_t n) {
  WS_REQUIRE(p.key_bits >= 1 && p.key_bits <= 32, range_text("key bits", p.key_bits, 1, 32));
  WS_REQUIRE(p.radix_bits >= 1 && p.radix_bits <= 8, range_text("radix bits", p.radix_bits, 1, 8));
  WS_REQUIRE(p.block_size >= 1 && p.block_size <= 1024,
             range_text("block size", p.block_size, 1, 1024));
  WS_REQUIRE(n >= 1 && n <= kTeachMaxKeys,
             "the traced radix sort takes 1 to " + std::to_string(kTeachMaxKeys) + " keys, not " +
                 std::to_string(n) + ": use fast mode for larger inputs");
  const TeachShape s = teach_shape(p, n);
  WS_REQUIRE(s.table_size() <= kTeachMaxTable,
             "the traced radix sort keeps at most " + std::to_string(kTeachMaxTable) +
                 " bucket counts per pass, not " + std::to_string(s.buckets) + " digits x " +
                 std::to_string(s.blocks) + " blocks: use fewer radix bits or larger blocks");
}

TeachRun teach_cpu(const TeachParams& p, const std::vector<uint32_t>& keys) {
  const int64_t n = static_cast<int64_t>(keys.size());
  validate_teach(p, n);
  const TeachShape s = teach_shape(p, n);
  TeachRun run;
  Trace& trace = run.trace;
  trace.op = BinaryOp::Sum;
  trace.op_label = "add";
  trace.type = ValueType::Int32;
  // A sequential counting pass: buckets - 1 additions for the offsets, one increment per key.
  trace.serial_ops = int64_t{s.passes} * (n + s.buckets - 1);
  TraceModel m(trace);
  m.add_buffer("keys A", MemSpace::Global, s.n, 1, std::vector<double>(keys.begin(), keys.end()));
  m.add_buffer("keys B", MemSpace::Global, s.n);
  m.add_buffer("digit", MemSpace::Global, s.n);
  m.add_buffer("local rank", MemSpace::Global, s.n);
  m.add_buffer("destination", MemSpace::Global, s.n);
  m.add_buffer("bucket table", MemSpace::Global, s.table_size());
  m.add_buffer("offsets", MemSpace::Global, s.table_size());
  m.add_buffer("block digits", MemSpace::Shared, s.block_size, s.blocks);
  m.add_buffer("warp counts", MemSpace::Shared, s.warps * s.buckets, s.blocks);

  const int G = s.blocks, B = s.block_size;
  for (int pass = 0; pass < s.passes; ++pass) {
    m.add_step("zero the warp counts", "count", "@radix-zero", G, B, 1);
    m.add_step("digits + warp histograms", "count", "@radix-digit", G, B, 1);
    m.add_step("block counts: scan over the warps", "count", "@radix-warp-scan", G, B, 1);
    m.add_step("local rank", "count", "@radix-rank", G, B, 0);
    m.add_step("scan of the bucket table (one thread)", "scan", "@radix-table-scan", 1, 1, 0);
    m.add_step("scatter to offset + local rank", "scatter", "@radix-scatter", G, B, 0);
  }
  for (int pass = 0; pass < s.passes; ++pass) {
    const int shift = pass * p.radix_bits;
    BucketPass bp;
    bp.shift = shift;
    bp.radix_bits = p.radix_bits;
    bp.block_size = p.block_size;
    bp.blocks = s.blocks;
    bp.buckets = s.buckets;
    bp.keys_in = as<uint32_t>(m.state(keys_in_buffer(pass)));
    record_pass(m, s, pass, shift);
    bp.digit = as<int32_t>(m.state(kDigitBuf));
    bp.table = as<int32_t>(m.state(kTableBuf));
    bp.offsets = as<int32_t>(m.state(kOffsetsBuf));
    bp.local_rank = as<int32_t>(m.state(kLocalRankBuf));
    bp.destination = as<int32_t>(m.state(kDestinationBuf));
    bp.keys_out = as<uint32_t>(m.state(keys_out_buffer(pass)));
    run.sort.passes.push_back(std::move(bp));
  }
  m.finish();
  run.sort.sorted = run.sort.passes.back().keys_out;
  return run;
}

TeachRun teach(Backend backend, const TeachParams& p, const std::vector<uint32_t>& keys) {
  return backend == Backend::Cpu ? teach_cpu(p, keys) : teach_cuda(p, keys);
}

}  // namespace ws::radix
