// The single-pass scans on the GPU (chained 8, decoupled look-back 9) and the CUB baseline:
// teach results and traces against the CPU twin, the timeline recorded by the kernel across
// thousands of blocks, fast mode (tuned and teaching kernels) against the standard library at
// large n, and the error paths.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "common/error.h"
#include "common/inputs.h"
#include "gpu_test_support.h"
#include "scan/scan.h"
#include "scan/scan_run.h"

namespace ws::scan {
namespace {

constexpr Variant kSinglePass[] = {Variant::Chained, Variant::DecoupledLookback};
constexpr BinaryOp kOps[] = {BinaryOp::Sum, BinaryOp::Product, BinaryOp::Min, BinaryOp::Max};

Params params(Variant v, BinaryOp op, ValueType type, bool inclusive, int block_dim,
              int coarsening) {
  Params p;
  p.variant = v;
  p.op = op;
  p.type = type;
  p.inclusive = inclusive;
  p.block_dim = block_dim;
  p.coarsening = coarsening;
  return p;
}

std::string describe(const Params& p, int64_t n) {
  return std::string(info(p.variant).id) + " " + op_name(p.op) + " " + type_name(p.type) +
         (p.inclusive ? " incl" : " excl") + " B=" + std::to_string(p.block_dim) +
         " c=" + std::to_string(p.coarsening) + " n=" + std::to_string(n);
}

TEST(ScanSinglePassGpu, TeachResultsAndTracesEqualTheTwin) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : kSinglePass)
    for (BinaryOp op : kOps)
      for (bool inclusive : {true, false})
        for (auto [block, c] : {std::pair{1, 1}, std::pair{4, 3}, std::pair{32, 4}})
          for (int64_t n : {1, 31, 200, 1000}) {
            const Params p = params(v, op, ValueType::Int32, inclusive, block, c);
            const std::vector<double> x =
                generate_values(Distribution::Uniform, ValueType::Int32, n, uint64_t(n) + 3);
            const TeachRun gpu = teach(Backend::Cuda, p, x);
            const TeachRun cpu = teach(Backend::Cpu, p, x);
            ASSERT_EQ(gpu.result, cpu.result) << describe(p, n);
            // The chain is the same on any schedule; the look-back's path is not.
            ASSERT_EQ(compare_with_twin(p, cpu.trace, gpu.trace), "") << describe(p, n);
          }
}

TEST(ScanSinglePassGpu, FloatTeachRunsMatchTheTwin) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : kSinglePass)
    for (bool inclusive : {true, false}) {
      const Params p = params(v, BinaryOp::Sum, ValueType::Float32, inclusive, 8, 4);
      // Small integers: every order gives the same float sums.
      const std::vector<double> ints =
          generate_values(Distribution::Uniform, ValueType::Int32, 3000, 5);
      EXPECT_EQ(teach(Backend::Cuda, p, ints).result, teach(Backend::Cpu, p, ints).result)
          << describe(p, 3000);
      // Fractions: the chain is bit-identical; the look-back combines in the order it met.
      const std::vector<double> x =
          generate_values(Distribution::Uniform, ValueType::Float32, 3000, 6);
      const TeachRun gpu = teach(Backend::Cuda, p, x), cpu = teach(Backend::Cpu, p, x);
      EXPECT_EQ(compare_with_twin(p, cpu.trace, gpu.trace), "");
      for (size_t i = 0; i < x.size(); ++i) {
        if (v == Variant::Chained) {
          ASSERT_EQ(gpu.result[i], cpu.result[i]) << describe(p, 3000) << " at " << i;
        } else {
          ASSERT_NEAR(gpu.result[i], cpu.result[i], 1e-6 * 3000) << describe(p, 3000);
        }
      }
    }
}

// In the look-back step each block's thread 0 read flags b-1, b-2, ... down to one prefix:
// aggregates (1) before it, the prefix (2) last, and added exactly those values.
TEST(ScanSinglePassGpu, LookBackStepReadsPredecessorsDownToAPrefix) {
  WS_SKIP_WITHOUT_GPU();
  const Params p = params(Variant::DecoupledLookback, BinaryOp::Sum, ValueType::Int32, true, 1, 1);
  const int64_t n = 4000;  // 4000 one-thread blocks
  const std::vector<double> x = generate_values(Distribution::Uniform, ValueType::Int32, n, 9);
  const TeachRun run = teach(Backend::Cuda, p, x);
  int flags = -1;
  for (size_t b = 0; b < run.trace.buffers.size(); ++b)
    if (run.trace.buffers[b].name == "flags") flags = int(b);
  ASSERT_GE(flags, 0);
  const TraceStep* step = nullptr;
  for (const TraceStep& s : run.trace.steps)
    if (s.phase == "look-back") step = &s;
  ASSERT_NE(step, nullptr);
  std::vector<std::vector<std::pair<int, double>>> seen(static_cast<size_t>(n));
  for (const TraceEvent& e : step->events)
    if (e.buffer == flags && e.kind == EventKind::Read)
      seen[size_t(e.thread)].push_back({e.address, e.value});
  for (int64_t b = 1; b < n; ++b) {
    const auto& s = seen[size_t(b)];
    ASSERT_FALSE(s.empty()) << "block " << b;
    for (size_t i = 0; i < s.size(); ++i) {
      EXPECT_EQ(s[i].first, b - 1 - int64_t(i)) << "block " << b;
      EXPECT_EQ(s[i].second, i + 1 == s.size() ? 2.0 : 1.0) << "block " << b;
    }
    EXPECT_EQ(run.timeline.blocks[size_t(b)].lookback_depth, int(s.size()));
  }
}

void expect_measured_timeline(const Timeline& tl, Variant v, int64_t blocks) {
  constexpr int64_t kSlackNs = 2000;  // a flag is seen a moment before its writer reads the clock
  ASSERT_TRUE(tl.measured);
  ASSERT_EQ(int64_t(tl.blocks.size()), blocks);
  std::vector<const Poll*> last(size_t(blocks), nullptr);
  std::vector<int> kept(size_t(blocks), 0);
  for (const Poll& p : tl.polls) {
    ASSERT_GE(p.block, 0);
    ASSERT_LT(p.block, blocks);
    EXPECT_LT(p.predecessor, p.block);  // polls only of predecessors
    EXPECT_GE(p.predecessor, 0);
    if (v == Variant::Chained) {
      EXPECT_EQ(p.predecessor, p.block - 1);
    }
    last[size_t(p.block)] = &p;
    ++kept[size_t(p.block)];
  }
  int64_t dropped = 0, deep = 0;
  for (int64_t b = 0; b < blocks; ++b) {
    const BlockRecord& r = tl.blocks[size_t(b)];
    EXPECT_GE(r.sm, 0);
    EXPECT_LE(r.t_start, r.t_aggregate) << "block " << b;
    EXPECT_LE(r.t_aggregate, r.t_prefix) << "block " << b;
    EXPECT_LE(r.t_prefix, r.t_end) << "block " << b;
    EXPECT_LE(kept[size_t(b)], kMaxPollsPerBlock);
    dropped += r.polls - kept[size_t(b)];
    if (b == 0) continue;
    EXPECT_GE(r.lookback_depth, 1) << "block " << b;
    if (v == Variant::Chained) {
      EXPECT_EQ(r.lookback_depth, 1);
    }
    deep += r.lookback_depth > 1;
    const Poll* p = last[size_t(b)];
    ASSERT_NE(p, nullptr) << "block " << b;
    ASSERT_EQ(p->seen, BlockFlag::Prefix) << "block " << b;
    // The prefix was published (by its block) before this block saw it, and this block published
    // its own only after seeing it.
    EXPECT_LE(tl.blocks[size_t(p->predecessor)].t_prefix, p->t + kSlackNs) << "block " << b;
    EXPECT_LE(p->t, r.t_prefix) << "block " << b;
  }
  EXPECT_EQ(dropped, tl.polls_dropped);
  if (v == Variant::DecoupledLookback) {
    ::testing::Test::RecordProperty("blocks_looking_past_one", int(deep));
  }
}

TEST(ScanSinglePassGpu, TimelineAcrossThousandsOfBlocks) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : kSinglePass)
    for (int log2n : {22, 24}) {
      const int64_t n = int64_t{1} << log2n;
      const Params p = params(v, BinaryOp::Sum, ValueType::Int32, true, 256, 4);  // 1024 each
      std::vector<int32_t> in(static_cast<size_t>(n), 1);
      const Timeline tl = record_timeline(Backend::Cuda, p, in.data(), n);
      expect_measured_timeline(tl, v, n / 1024);
    }
}

template <class T>
std::vector<T> std_scan(BinaryOp op, bool inclusive, const std::vector<T>& in) {
  std::vector<T> out(in.size());
  const auto f = [op](T a, T b) { return apply_op<T>(op, a, b); };
  if (inclusive)
    std::inclusive_scan(in.begin(), in.end(), out.begin(), f);
  else
    std::exclusive_scan(in.begin(), in.end(), out.begin(), identity_of<T>(op), f);
  return out;
}

TEST(ScanSinglePassGpu, FastModeMatchesTheStandardLibraryAtLargeSizes) {
  WS_SKIP_WITHOUT_GPU();
  struct Shape {
    int block, coarsening;
  };
  // Automatic (the staged kernel), tuned tiles, and the teaching kernel at an odd coarsening.
  for (Shape shape : {Shape{0, 4}, Shape{256, 12}, Shape{512, 8}, Shape{128, 5}})
    for (Variant v : kSinglePass)
      for (BinaryOp op : {BinaryOp::Sum, BinaryOp::Max})
        for (bool inclusive : {true, false})
          for (int64_t n : {(int64_t{1} << 20) + 3, int64_t{1} << 24}) {
            const Params p =
                params(v, op, ValueType::Int32, inclusive, shape.block, shape.coarsening);
            std::vector<int32_t> in(static_cast<size_t>(n)), out(static_cast<size_t>(n));
            generate_typed(Distribution::Uniform, ValueType::Int32, n, 21, in.data());
            fast(Backend::Cuda, p, in.data(), out.data(), n, 1);
            ASSERT_TRUE(out == std_scan(op, inclusive, in)) << describe(p, n);
          }
}

// The automatic kernel's tile is 256 x 48 = 12288 elements: one element short of a tile, a tile,
// one over, and several whole tiles plus a few, for every operator (its early aggregate adds a
// warp's elements in another order than its scan), both variants and both directions.
TEST(ScanSinglePassGpu, AutomaticFastModeAroundTheTileEdges) {
  WS_SKIP_WITHOUT_GPU();
  constexpr int64_t kTile = 256 * 48;
  for (Variant v : kSinglePass)
    for (BinaryOp op : kOps)
      for (bool inclusive : {true, false})
        for (int64_t n : {int64_t{1}, kTile - 1, kTile, kTile + 1, 7 * kTile + 5}) {
          const Params p = params(v, op, ValueType::Int32, inclusive, 0, 4);
          std::vector<int32_t> in(static_cast<size_t>(n)), out(static_cast<size_t>(n));
          generate_typed(Distribution::Uniform, ValueType::Int32, n, 23, in.data());
          if (op == BinaryOp::Product)
            for (int32_t& x : in) x = (x & 1) ? -1 : 1;  // products of +-1 never overflow
          fast(Backend::Cuda, p, in.data(), out.data(), n, 1);
          ASSERT_TRUE(out == std_scan(op, inclusive, in)) << describe(p, n);
        }
}

// From 2^26 elements the automatic kernel takes 384 x 48 tiles (18432 elements): a few whole
// tiles and a partial one past 2^26.
TEST(ScanSinglePassGpu, AutomaticFastModeWithTheLargeTile) {
  WS_SKIP_WITHOUT_GPU();
  const int64_t n = (int64_t{1} << 26) + 3 * 384 * 48 + 7;
  std::vector<int32_t> in(static_cast<size_t>(n)), out(static_cast<size_t>(n));
  generate_typed(Distribution::Uniform, ValueType::Int32, n, 29, in.data());
  for (Variant v : kSinglePass)
    for (BinaryOp op : {BinaryOp::Sum, BinaryOp::Min})
      for (bool inclusive : {true, false}) {
        const Params p = params(v, op, ValueType::Int32, inclusive, 0, 4);
        fast(Backend::Cuda, p, in.data(), out.data(), n, 1);
        ASSERT_TRUE(out == std_scan(op, inclusive, in)) << describe(p, n);
      }
}

TEST(ScanSinglePassGpu, FastFloatSumsStayCloseToADoubleReference) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : kSinglePass)
    for (bool inclusive : {true, false}) {
      const int64_t n = (int64_t{1} << 22) + 7;
      const Params p = params(v, BinaryOp::Sum, ValueType::Float32, inclusive, 0, 4);
      std::vector<float> in(static_cast<size_t>(n)), out(static_cast<size_t>(n));
      generate_typed(Distribution::Uniform, ValueType::Float32, n, 8, in.data());
      fast(Backend::Cuda, p, in.data(), out.data(), n, 1);
      double acc = 0;
      for (int64_t i = 0; i < n; ++i) {
        const double before = acc;
        acc += in[size_t(i)];
        const double want = inclusive ? acc : before;
        ASSERT_NEAR(out[size_t(i)], want, 1e-5 * std::max(1.0, want)) << describe(p, n) << " " << i;
      }
    }
}

TEST(ScanSinglePassGpu, CubBaselineMatchesTheStandardLibrary) {
  WS_SKIP_WITHOUT_GPU();
  for (BinaryOp op : kOps)
    for (bool inclusive : {true, false}) {
      const int64_t n = (int64_t{1} << 20) + 5;
      std::vector<int32_t> in(static_cast<size_t>(n)), out(static_cast<size_t>(n));
      generate_typed(Distribution::Uniform, ValueType::Int32, n, 2, in.data());
      fast_library(Backend::Cuda, op, ValueType::Int32, inclusive, in.data(), out.data(), n, 1);
      ASSERT_TRUE(out == std_scan(op, inclusive, in)) << op_name(op) << inclusive;
    }
}

// Small runs of every single-pass kernel for compute-sanitizer's memcheck, racecheck and
// synccheck: teach mode (one-thread and 32-thread blocks, the look-back over several blocks) and
// fast mode with the staged kernel (automatic), the tuned kernel and the teaching kernel over
// tens to a few hundred tiles.
TEST(ScanSinglePassGpu, SmallRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : kSinglePass)
    for (bool inclusive : {true, false}) {
      for (auto [block, c] : {std::pair{1, 1}, std::pair{32, 4}}) {
        const Params p = params(v, BinaryOp::Sum, ValueType::Int32, inclusive, block, c);
        const std::vector<double> x =
            generate_values(Distribution::Uniform, ValueType::Int32, 300, 17);
        EXPECT_EQ(teach(Backend::Cuda, p, x).result, teach(Backend::Cpu, p, x).result)
            << describe(p, 300);
      }
      for (auto [block, c] : {std::pair{0, 4}, std::pair{128, 5}}) {
        const Params p = params(v, BinaryOp::Max, ValueType::Int32, inclusive, block, c);
        const int64_t n = (int64_t{1} << 18) + 5;
        std::vector<int32_t> in(static_cast<size_t>(n)), out(static_cast<size_t>(n));
        generate_typed(Distribution::Uniform, ValueType::Int32, n, 19, in.data());
        fast(Backend::Cuda, p, in.data(), out.data(), n, 1);
        EXPECT_TRUE(out == std_scan(BinaryOp::Max, inclusive, in)) << describe(p, n);
      }
    }
}

TEST(ScanSinglePassGpu, ErrorsNameTheProblem) {
  WS_SKIP_WITHOUT_GPU();
  std::vector<int32_t> in(64, 1);
  Params p = params(Variant::DecoupledLookback, BinaryOp::Sum, ValueType::Int32, true, 1024, 64);
  try {  // a section of 65536 elements does not fit shared memory
    fast(Backend::Cuda, p, in.data(), nullptr, 64, 1);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("shared memory"), std::string::npos) << e.what();
  }
  p = params(Variant::KoggeStone, BinaryOp::Sum, ValueType::Int32, true, 0, 4);
  EXPECT_THROW(record_timeline(Backend::Cuda, p, in.data(), 64), Error);
  p.variant = Variant::Chained;
  EXPECT_THROW(teach(Backend::Cuda, p, std::vector<double>(kTeachMaxN + 1, 1.0)), Error);
}

}  // namespace
}  // namespace ws::scan
