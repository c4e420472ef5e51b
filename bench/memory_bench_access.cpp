// The global-memory benchmark's access part (memory_bench_parts.h): every pattern's effective
// bandwidth at full size (f32; column and transpose over an 8192-wide matrix), then strided
// against stride 1..max and misaligned against offset 0..32, against the copy bandwidth of the
// same bytes. Timing only: the patterns' kernels are checked by test_memory_gpu (their traces).
#include <algorithm>
#include <sstream>
#include <string>

#include "common/device_services.h"
#include "common/tr_noop.h"
#include "memory_bench_parts.h"

namespace ws::bench {

BenchReport memory_bench_access(const MemoryBenchPlan& plan, std::ostream& progress) {
  BenchReport report;
  const std::string device = device_description(Backend::Cuda);
  report.title_words = {{TR_NOOP("access patterns f32 on {0}"), {device}}};
  const double copy =
      copy_bandwidth_gbps_at(Backend::Cuda, std::max<int64_t>(plan.elements * 4, 16 << 20));
  auto add = [&](const std::string& name, const std::string& kind, int x,
                 const mem::PatternTiming& t) {
    BenchRow row;
    row.name = name;
    row.size = bench_size_text(plan.elements);
    row.n = plan.elements;
    row.ms = t.available ? t.ms : 0;
    row.gbps = t.available ? t.gbps : 0;
    row.pct_copy = copy > 0 ? 100 * row.gbps / copy : 0;
    row.note = t.available ? "timing only" : t.note;
    row.extra = {{"part", "access"}, {"curve", kind}, {"x", x}};
    report.rows.push_back(row);
  };
  for (mem::Pattern p : plan.patterns) {
    if (p == mem::Pattern::CornerTurning) continue;  // timed as the transposes
    mem::AccessParams params;
    params.pattern = p;
    params.width = 8192;
    const char* id = mem::info(p).id;
    progress << "access " << id << "\n";
    add(std::string("pattern ") + id, "pattern", int(p),
        mem::time_pattern(params, plan.elements, plan.repeats));
  }
  for (int stride = 1; stride <= plan.max_stride; ++stride) {
    mem::AccessParams params;
    params.pattern = mem::Pattern::Strided;
    params.stride = stride;
    progress << "access stride " << stride << "\n";
    add("strided, stride " + std::to_string(stride), "stride", stride,
        mem::time_pattern(params, plan.elements, plan.repeats));
  }
  for (int offset = 0; offset <= plan.max_offset; ++offset) {
    mem::AccessParams params;
    params.pattern = mem::Pattern::Misaligned;
    params.offset = offset;
    progress << "access offset " << offset << "\n";
    add("misaligned, offset " + std::to_string(offset), "offset", offset,
        mem::time_pattern(params, plan.elements, plan.repeats));
  }
  std::ostringstream gbps;
  gbps << copy;
  report.notes_words = {
      {TR_NOOP("access patterns: effective GB/s counts the bytes the threads ask for (a read and "
               "a write of 4 bytes each; gathers and scatters also their index, the stencil three "
               "reads); % copy against a device copy of {0} GB/s; median of {1}"),
       {gbps.str(), std::to_string(plan.repeats)}}};
  set_english(report);
  report.copy_gbps = copy;
  report.table = bench_rows_table(report.rows, report.library);
  report.json = {
      {"device", device}, {"copy_gbps", copy}, {"rows", bench_rows_json_with_extra(report.rows)}};
  return report;
}

}  // namespace ws::bench
