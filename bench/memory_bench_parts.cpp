// The global-memory benchmark's parts (memory_bench_parts.h): transposes against the copy,
// matmuls against cuBLAS and peak FP32, access patterns' effective bandwidth.
#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "common/device_services.h"
#include "common/error.h"
#include "common/split_mix.h"
#include "common/tr_noop.h"
#include "memory_bench_parts.h"

namespace ws::bench {

namespace {

std::vector<float> memory_bench_values(size_t n, uint64_t seed) {
  SplitMix64 rng{seed};
  std::vector<float> v(n);
  for (float& x : v) x = 2.0f * rng.unit_float() - 1.0f;
  return v;
}

std::string memory_bench_number_text(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

// Every transpose on a 131 x 257 matrix (odd, not a multiple of any tile) against the reference.
bool memory_bench_check_transpose(mem::TransposeVariant v, std::string& note) {
  const int rows = 131, cols = 257;
  const std::vector<float> in = memory_bench_values(size_t(rows) * cols, 3);
  try {
    if (mem::transpose_on_device(v, in, rows, cols) == mem::transpose_reference(in, rows, cols))
      return true;
    note = "differs from the direct transpose";
  } catch (const Error& e) {
    note = e.what();
  }
  return false;
}

// A 67 x 45 by 45 x 33 product: every variant equals matmul_float bit for bit.
bool memory_bench_check_matmul(mem::MatmulVariant v, int tile, std::string& note) {
  const mem::FloatMatrix M{67, 45, memory_bench_values(67 * 45, 4)};
  const mem::FloatMatrix N{45, 33, memory_bench_values(45 * 33, 5)};
  try {
    if (mem::run_matmul(v, M, N, tile, Backend::Cuda) == mem::matmul_float(M, N)) return true;
    note = "differs from the float reference";
  } catch (const Error& e) {
    note = e.what();
  }
  return false;
}

}  // namespace

BenchReport memory_bench_transposes(const MemoryBenchPlan& plan, std::ostream& progress) {
  BenchReport report;
  const std::string device = device_description(Backend::Cuda);
  report.title_words = {{TR_NOOP("transposes f32 on {0}"), {device}}};
  std::vector<std::pair<bool, std::string>> checks;
  for (mem::TransposeVariant v : plan.transposes) {
    progress << "check transpose " << mem::transpose_info(v).id << "\n";
    std::string note;
    const bool ok = memory_bench_check_transpose(v, note);
    checks.push_back({ok, note});
  }
  double best_copy = 0;
  for (int side : plan.transpose_sides) {
    const std::string size = std::to_string(side) + "x" + std::to_string(side);
    const int64_t n = int64_t(side) * side;
    progress << "copy " << size << "\n";
    const mem::CopyTimings copy = mem::time_copy(side, side, plan.repeats);
    const double copy_gbps = copy.kernel.available ? copy.kernel.gbps : 0;
    best_copy = std::max(best_copy, copy_gbps);
    auto row_of = [&](const std::string& name, const mem::TransposeTiming& t) {
      BenchRow row;
      row.name = name;
      row.size = size;
      row.n = n;
      row.ms = t.available ? t.ms : 0;
      row.gbps = t.available ? t.gbps : 0;
      row.pct_copy = copy_gbps > 0 ? 100 * row.gbps / copy_gbps : 0;
      row.note = t.available ? "" : t.note;
      row.extra = {{"part", "transpose"}};
      return row;
    };
    for (const mem::TransposeTiming* t : {&copy.kernel, &copy.memcpy}) {
      BenchRow row = row_of(t->name, *t);
      if (row.note.empty()) row.note = "baseline";
      report.rows.push_back(row);
    }
    for (size_t k = 0; k < plan.transposes.size(); ++k) {
      const mem::TransposeVariant v = plan.transposes[k];
      const auto& info = mem::transpose_info(v);
      progress << "  transpose " << info.id << " " << size << "\n";
      BenchRow row = row_of(std::to_string(int(v)) + " transpose " + info.id,
                            mem::time_transpose(v, side, side, plan.repeats));
      row.verified = checks[k].first;
      if (!row.verified) {
        if (row.note.empty()) row.note = checks[k].second;
        report.failures.push_back(row.name + ": " + checks[k].second);
      }
      row.extra["variant"] = int(v);
      report.rows.push_back(row);
    }
  }
  report.notes_words = {{TR_NOOP("transposes: GB/s counts the matrix read once and written once "
                                 "(8 bytes per element); % copy against a float4 copy kernel of "
                                 "the same bytes ({0} GB/s); median of {1}"),
                         {memory_bench_number_text(best_copy), std::to_string(plan.repeats)}}};
  set_english(report);
  report.copy_gbps = best_copy;
  report.table = bench_rows_table(report.rows, report.library);
  report.json = {{"device", device},
                 {"copy_gbps", best_copy},
                 {"rows", bench_rows_json_with_extra(report.rows)}};
  return report;
}

BenchReport memory_bench_matmuls(const MemoryBenchPlan& plan, std::ostream& progress) {
  BenchReport report;
  const std::string device = device_description(Backend::Cuda);
  report.title_words = {{TR_NOOP("matrix multiplication f32 on {0}"), {device}}};
  report.library = "cuBLAS SGEMM (no TF32)";
  const double peak = mem::peak_fp32_gflops();
  struct Case {
    mem::MatmulVariant v;
    int tile;
    bool ok;
    std::string note;
  };
  std::vector<Case> cases;
  for (mem::MatmulVariant v : plan.matmuls) {
    const bool tiled_by_user = int(v) <= 3;
    for (int tile : tiled_by_user ? plan.tiles : std::vector<int>{plan.tiles.front()}) {
      progress << "check matmul " << mem::matmul_info(v).id << " tile " << tile << "\n";
      Case c{v, tile, false, ""};
      c.ok = memory_bench_check_matmul(v, tile, c.note);
      cases.push_back(c);
    }
  }
  for (int side : plan.matmul_sides) {
    const std::string size = std::to_string(side) + "^3";
    const double flops = 2.0 * side * double(side) * side;
    progress << "cuBLAS " << size << "\n";
    const mem::MatmulTiming lib = mem::time_cublas_sgemm(side, side, side, plan.repeats);
    auto row_of = [&](const std::string& name, const mem::MatmulTiming& t) {
      BenchRow row;
      row.name = name;
      row.size = size;
      row.n = int64_t(side) * side;
      row.ms = t.available ? t.ms : 0;
      row.per_second = row.ms > 0 ? flops / (row.ms / 1e3) : 0;
      row.ratio_to_library = lib.available && row.ms > 0 ? lib.ms / row.ms : 0;
      row.note = t.available ? "" : t.note;
      row.extra = {{"part", "matmul"},
                   {"gflops", row.per_second / 1e9},
                   {"pct_peak_fp32", peak > 0 ? 100 * row.per_second / 1e9 / peak : 0}};
      return row;
    };
    BenchRow library_row = row_of(lib.name.empty() ? report.library : lib.name, lib);
    if (library_row.note.empty()) library_row.note = "library";
    report.rows.push_back(library_row);
    for (const Case& c : cases) {
      const auto& info = mem::matmul_info(c.v);
      const std::string name = std::to_string(int(c.v)) + " matmul " + info.id +
                               (int(c.v) <= 3 ? " tile " + std::to_string(c.tile) : "");
      progress << "  " << name << " " << size << "\n";
      BenchRow row = row_of(name, mem::time_matmul(c.v, side, side, side, c.tile, plan.repeats));
      row.verified = c.ok;
      if (!c.ok) {
        if (row.note.empty()) row.note = c.note;
        report.failures.push_back(name + ": " + c.note);
      }
      row.extra["variant"] = int(c.v);
      row.extra["tile"] = c.tile;
      report.rows.push_back(row);
    }
  }
  report.notes_words = {
      {TR_NOOP("matmul: G/s is GFLOP/s (2 N^3 per product); peak FP32 {0} GFLOP/s; x lib = "
               "cuBLAS's time / this time; median of {1}"),
       {memory_bench_number_text(peak), std::to_string(plan.repeats)}}};
  set_english(report);
  report.table = bench_rows_table(report.rows, report.library);
  report.json = {{"device", device},
                 {"peak_fp32_gflops", peak},
                 {"rows", bench_rows_json_with_extra(report.rows)}};
  return report;
}

}  // namespace ws::bench
