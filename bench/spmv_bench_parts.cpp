// The SpMV benchmark's run (spmv_bench_parts.h): each matrix loaded once, cuSPARSE's two
// algorithms then the variants on it (the timings keep its device copy between rows), caps
// applied with a note on the skipped row, every timed result checked.
#include "spmv_bench_parts.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <system_error>
#include <vector>

#include "common/error.h"
#include "common/tr_noop.h"
#include "spmv/spmv.h"
#include "spmv/spmv_fast.h"

namespace ws::bench {

namespace {

constexpr int32_t kAtomicsRowCap = 65536;  // COO, hybrid: a longer row's atomics serialize
constexpr int64_t kEllPaddingCap = 3;      // ELL: slots past 3x the nonzeros
constexpr int64_t kEllSlotsFloor = int64_t(1) << 24;  // ... and past 16M slots (small ones run)

struct SpmvBenchShape {
  int32_t longest = 0;
};

SpmvBenchShape spmv_bench_shape(const spmv::CsrMatrix& a) {
  SpmvBenchShape s;
  for (int32_t r = 0; r < a.rows; ++r) s.longest = std::max(s.longest, a.row_length(r));
  return s;
}

// Why variant v is not timed on this matrix ("" when it is).
std::string spmv_bench_skip(const SpmvBenchPlan& plan, const SpmvBenchCase& c, int v,
                            const spmv::CsrMatrix& a, const SpmvBenchShape& shape) {
  if (c.large && !plan.full && v != 2 && v != 6 && v != 7)
    return "skipped at 100M: its layout takes seconds to build on the host (--set full=yes)";
  if (!plan.cap) return "";
  const int64_t slots = int64_t(a.rows) * shape.longest;
  if (v == 3 && slots > kEllSlotsFloor && slots > kEllPaddingCap * std::max<int64_t>(a.nnz(), 1)) {
    std::ostringstream why;
    why << "skipped: ELL would pad to " << slots << " slots, "
        << slots / std::max<int64_t>(a.nnz(), 1) << "x the nonzeros (--set cap=no)";
    return why.str();
  }
  if ((v == 1 || v == 4) && shape.longest > kAtomicsRowCap)
    return "skipped: a row of " + std::to_string(shape.longest) +
           " nonzeros, whose atomics serialize (--set cap=no)";
  return "";
}

BenchRow spmv_bench_row(const std::string& name, const std::string& what, const spmv::CsrMatrix& a,
                        const spmv::SpmvTiming& t, double lib_ms) {
  BenchRow row;
  row.name = name + " (" + what + ")";
  std::ostringstream size;
  size.precision(3);
  size << double(a.nnz()) / 1e6 << "M nz";
  row.size = size.str();
  row.n = a.nnz();
  row.ms = t.available ? t.ms : 0;
  row.gbps = t.available ? t.gbps : 0;
  row.pct_copy = t.available ? t.copy_percent : 0;
  row.per_second = t.available && t.ms > 0 ? 2.0 * double(a.nnz()) / (t.ms / 1e3) : 0;
  row.ratio_to_library = lib_ms > 0 && row.ms > 0 ? lib_ms / row.ms : 0;
  row.verified = t.available && t.checked;
  row.note = t.note;
  row.extra = {{"matrix", a.name},   {"rows", a.rows},           {"nonzeros", a.nnz()},
               {"gflops", t.gflops}, {"max_error", t.max_error}, {"variant_title", t.name}};
  return row;
}

void spmv_bench_matrix(const SpmvBenchPlan& plan, const SpmvBenchCase& c, const spmv::CsrMatrix& a,
                       BenchReport& report, std::ostream& progress) {
  const SpmvBenchShape shape = spmv_bench_shape(a);
  for (const ValueType type : c.types) {
    const std::string what = c.matrix.label + (type == ValueType::Float64 ? " f64" : " f32");
    progress << "  " << what << ": cuSPARSE\n";
    auto library = [&](spmv::CusparseAlg alg) {
      try {
        return spmv::time_cusparse(alg, type, a, plan.repeats);
      } catch (const Error& e) {
        spmv::SpmvTiming t;
        t.name = spmv::cusparse_alg_name(alg);
        t.note = std::string("not timed: ") + e.what();
        return t;
      }
    };
    const spmv::SpmvTiming def = library(spmv::CusparseAlg::Default);
    const spmv::SpmvTiming alg2 = library(spmv::CusparseAlg::CsrAlg2);
    double lib_ms = 0;
    for (const spmv::SpmvTiming* t : {&def, &alg2})
      if (t->available && t->checked && (lib_ms == 0 || t->ms < lib_ms)) lib_ms = t->ms;
    auto add = [&](const std::string& name, const spmv::SpmvTiming& t) {
      report.copy_gbps = std::max(report.copy_gbps, t.copy_gbps);
      report.rows.push_back(spmv_bench_row(name, what, a, t, lib_ms));
    };
    add("cuSPARSE", def);  // CUSPARSE_SPMV_ALG_DEFAULT
    add("cuSPARSE alg2", alg2);
    for (const int v : plan.variants) {
      const spmv::SpmvInfo& info = spmv::spmv_info(spmv::SpmvVariant(v));
      const std::string name = std::to_string(v) + " " + info.id;
      spmv::SpmvTiming t;
      t.name = info.title;
      t.note = spmv_bench_skip(plan, c, v, a, shape);
      if (t.note.empty()) {
        progress << "  " << what << ": " << name << "\n";
        try {
          t = spmv::time_spmv(v, type, a, plan.repeats);
        } catch (const Error& e) {
          t.note = std::string("not timed: ") + e.what();
        }
      }
      add(name, t);
    }
  }
}

}  // namespace

std::string spmv_bench_spec(const std::string& family, int millions) {
  const int k = millions >= 100 ? 2 : millions >= 10 ? 1 : 0;
  if (family == "poisson")
    return std::vector<std::string>{"poisson:448", "poisson:1414", "poisson:4472"}[size_t(k)];
  if (family == "powerlaw")
    return std::vector<std::string>{"powerlaw:15:16", "powerlaw:18:20",
                                    "powerlaw:21:16"}[size_t(k)];
  if (family == "random")
    return std::vector<std::string>{"random:62500:16", "random:625000:16",
                                    "random:6250000:16"}[size_t(k)];
  return std::vector<std::string>{"banded:90909:5", "banded:909091:5",
                                  "banded:9090909:5"}[size_t(k)];
}

spmv::CsrMatrix spmv_bench_default_load(const std::string& spec) {
  if (spec.rfind("gen:", 0) == 0) return spmv::generate_matrix(spec.substr(4), 1);
  spmv::LoadMatrixOptions options;
  options.symmetrize = spec.size() > 4 && spec.compare(spec.size() - 4, 4, ".txt") == 0;
  std::vector<std::string> dirs = {"", "assets/graphs/"};
  if (const char* data = std::getenv("WARPSCOPE_DATA_DIR"))  // an installed prefix's data
    dirs.push_back(std::string(data) + "/assets/graphs/");
  std::error_code ec;
  for (const std::string& dir : dirs)
    if (std::filesystem::exists(dir + spec, ec)) return spmv::load_matrix(dir + spec, options);
  throw Error("the SpMV benchmark: " + spec +
              " not found (looked in ., ./assets/graphs and $WARPSCOPE_DATA_DIR/assets/graphs)");
}

BenchReport spmv_bench_run(const SpmvBenchPlan& plan, std::ostream& progress) {
  BenchReport report;
  report.title_words = {{TR_NOOP("SpMV on {0}"), {device_description(Backend::Cuda)}}};
  report.library = "cuSPARSE";
  std::string why;
  const bool have_cusparse = spmv::cusparse_available(&why);
  for (const SpmvBenchCase& c : plan.cases) {
    progress << "matrix " << c.matrix.label << "\n";
    spmv::CsrMatrix loaded;
    try {
      if (!plan.scene_matrix) loaded = plan.load(c.matrix.spec);
    } catch (const Error& e) {
      BenchRow row;
      row.name = c.matrix.label;
      row.note = std::string("not loaded: ") + e.what();
      report.rows.push_back(row);
      continue;
    }
    spmv_bench_matrix(plan, c, plan.scene_matrix ? *plan.scene_matrix : loaded, report, progress);
  }
  std::ostringstream copy;
  copy << int(report.copy_gbps + 0.5);
  report.notes_words = {
      {TR_NOOP("GB/s counts row_ptr, col, val, x and y once; % copy against a device copy of the "
               "same bytes (up to {0} GB/s); G/s = GFLOP/s (2 nnz / t); x lib = the faster "
               "cuSPARSE algorithm's time / this time; median of {1}"),
       {copy.str(), std::to_string(std::max(20, plan.repeats))}}};
  if (!have_cusparse) report.notes_words.push_back({TR_NOOP("cuSPARSE: {0}"), {why}});
  set_english(report);
  report.table = bench_rows_table(report.rows, report.library);
  report.json = {{"device", device_description(Backend::Cuda)},
                 {"copy_gbps", report.copy_gbps},
                 {"rows", bench_rows_json_with_extra(report.rows)}};
  add_unverified_failures(report);
  return report;
}

}  // namespace ws::bench
