// The SpMV teach traces against what a user reads off them: every read sees what the replayed
// buffers hold before its step, y is written once per row (coo: one atomic per nonzero; hybrid:
// one ELL write per row plus one atomic per COO nonzero), the replay ends at run.y, and every
// step names a marker in its variant's section of the code panel's source.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "code_panel_test_support.h"
#include "spmv_variant_test_support.h"

namespace ws::spmv {
namespace {

int trace_buffer(const Trace& t, const std::string& name) {
  for (size_t b = 0; b < t.buffers.size(); ++b)
    if (t.buffers[b].name == name) return int(b);
  return -1;
}

bool same_value(double a, double b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}

std::vector<SpmvTeachRun> sample_runs() {
  std::vector<SpmvTeachRun> runs;
  const CsrMatrix book = ktest::book_matrix();
  const CsrMatrix random = ktest::random_matrix(37, 45, 23, 0.12, 4, 30, 4);
  for (SpmvVariant v : ktest::teach_variants())
    for (ValueType type : {ValueType::Float32, ValueType::Float64}) {
      runs.push_back(
          teach_spmv(ktest::teach_params(v, type, 32), book, {1, 2, 3, 4}, Backend::Cpu));
      runs.push_back(teach_spmv(ktest::teach_params(v, type, v == SpmvVariant::CsrVector ? 64 : 8),
                                random, ktest::random_x(45, 2), Backend::Cpu));
    }
  return runs;
}

TEST(SpmvVariantsTrace, EveryReadSeesTheReplayedBuffers) {
  for (const SpmvTeachRun& run : sample_runs()) {
    SCOPED_TRACE(ktest::variant_name(run.params.variant));
    const auto snapshots = replay_snapshots(run.trace);
    for (size_t s = 0; s < run.trace.steps.size(); ++s)
      for (const TraceEvent& e : run.trace.steps[s].events) {
        if (e.kind != EventKind::Read) continue;
        const TraceBuffer& b = run.trace.buffers[size_t(e.buffer)];
        const double before = s == 0 ? b.initial[size_t(e.address)]
                                     : snapshots[s - 1][size_t(e.buffer)][size_t(e.address)];
        EXPECT_TRUE(same_value(e.value, before))
            << "step " << s << " thread " << e.thread << " reads " << b.name << "[" << e.address
            << "] = " << e.value << ", the buffer holds " << before;
      }
    // The replay ends where the run did.
    const int y = trace_buffer(run.trace, "y");
    ASSERT_GE(y, 0);
    const std::vector<double>& replayed = snapshots.back()[size_t(y)];
    ASSERT_EQ(replayed.size(), run.y.size());
    for (size_t r = 0; r < replayed.size(); ++r)
      EXPECT_TRUE(same_value(replayed[r], run.y[r])) << "y[" << r << "]";
  }
}

TEST(SpmvVariantsTrace, YIsWrittenOncePerRowOrAddedOncePerNonzero) {
  for (const SpmvTeachRun& run : sample_runs()) {
    const SpmvVariant v = run.params.variant;
    SCOPED_TRACE(ktest::variant_name(v));
    const int y = trace_buffer(run.trace, "y");
    std::map<int32_t, int> writes, atomics;
    for (const TraceStep& s : run.trace.steps)
      for (const TraceEvent& e : s.events) {
        if (e.buffer != y) continue;
        if (e.kind == EventKind::Write) ++writes[e.address];
        if (e.kind == EventKind::Atomic) ++atomics[e.address];
      }
    const CsrMatrix& m = run.matrix;
    for (int32_t r = 0; r < m.rows; ++r) {
      if (v == SpmvVariant::Coo) {
        EXPECT_EQ(writes[r], 0) << r;
        EXPECT_EQ(atomics[r], m.row_length(r)) << r;
      } else if (v == SpmvVariant::Hybrid) {
        EXPECT_EQ(writes[r], 1) << r;
        EXPECT_EQ(atomics[r], std::max(0, m.row_length(r) - run.params.hybrid_width)) << r;
      } else {
        EXPECT_EQ(writes[r], 1) << r;
        EXPECT_EQ(atomics[r], 0) << r;
      }
    }
  }
}

// ELL reads every padding slot as the 3rd edition's kernel does (col 0, val 0): the val reads
// are exactly rows * width, and those at padded slots read 0.
TEST(SpmvVariantsTrace, EllReadsEverySlotPaddingIncluded) {
  for (const SpmvTeachRun& run : sample_runs()) {
    if (run.params.variant != SpmvVariant::Ell) continue;
    const int val = trace_buffer(run.trace, "val");
    int64_t reads = 0, padding_reads = 0;
    for (const TraceStep& s : run.trace.steps)
      for (const TraceEvent& e : s.events) {
        if (e.kind != EventKind::Read || e.buffer != val) continue;
        ++reads;
        if (run.ell.padded[size_t(e.address)]) {
          ++padding_reads;
          EXPECT_EQ(e.value, 0.0);
        }
      }
    int64_t padding = 0;
    for (int32_t r = 0; r < run.matrix.rows; ++r)
      padding += run.ell.width - run.matrix.row_length(r);
    EXPECT_EQ(reads, int64_t(run.matrix.rows) * run.ell.width);
    EXPECT_EQ(padding_reads, padding);
  }
}

// Value buffers carry the value type's size (the sector counters rely on it), indices 4 bytes.
TEST(SpmvVariantsTrace, ElementSizesFollowTheValueType) {
  for (const SpmvTeachRun& run : sample_runs()) {
    const int bytes = run.params.type == ValueType::Float64 ? 8 : 4;
    EXPECT_EQ(run.trace.elem_bytes, bytes);
    for (const TraceBuffer& b : run.trace.buffers) {
      const bool index = b.name.find("col") != std::string::npos || b.name == "row" ||
                         b.name == "coo_row" || b.name == "row_ptr" || b.name == "perm" ||
                         b.name == "iter_ptr";
      EXPECT_EQ(b.elem_bytes, index ? 4 : bytes) << b.name;
      EXPECT_EQ(b.type, index ? ValueType::Int32 : run.params.type) << b.name;
    }
  }
}

TEST(SpmvVariantsTrace, EveryStepsMarkerIsInItsVariantsSection) {
  for (const SpmvTeachRun& run : sample_runs()) {
    const SpmvInfo& info = spmv_info(run.params.variant);
    const std::string file = std::string("kernels/spmv/") + info.source;
    const std::string source = ws::test::kernel_source(file);
    if (source.empty()) GTEST_SKIP() << file << " not found (set WARPSCOPE_SOURCE_DIR)";
    const auto sections = ws::test::kernel_sections(source);
    const auto section = sections.find(std::string("variant ") + info.id);
    ASSERT_NE(section, sections.end()) << file << " has no // @variant " << info.id;
    for (const TraceStep& s : run.trace.steps)
      EXPECT_TRUE(ws::test::has_marker(section->second, s.code_marker))
          << info.id << ": step '" << s.label << "' marker " << s.code_marker;
  }
}

// The steps the views read beside the trace line up with it.
TEST(SpmvVariantsTrace, StepInfoIsParallelToTheSteps) {
  for (const SpmvTeachRun& run : sample_runs()) {
    ASSERT_EQ(run.steps.size(), run.trace.steps.size());
    for (size_t s = 0; s < run.steps.size(); ++s) {
      const bool loop = run.trace.steps[s].phase == "multiply";
      EXPECT_EQ(run.steps[s].iteration >= 0, loop || run.trace.steps[s].phase == "atomic" ||
                                                 run.trace.steps[s].phase == "shuffle")
          << run.trace.steps[s].label;
    }
  }
}

}  // namespace
}  // namespace ws::spmv
