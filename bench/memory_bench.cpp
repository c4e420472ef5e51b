// The global-memory benchmark's request (memory_bench.h): which parts, sizes, variants and
// options, then the parts one after the other in one report. Quick sweeps:
//   warpscope bench --scene memory --backend cuda --set part=transpose --sizes 8192
//   warpscope bench --scene memory --backend cuda --set part=matmul --set tile=32 --variant fast
#include "memory_bench.h"

#include <sstream>

#include "common/error.h"
#include "memory_bench_parts.h"

namespace ws::bench {

namespace {

void memory_bench_parts(MemoryBenchPlan& plan, const std::vector<std::string>& parts) {
  plan.transposes_on = plan.matmuls_on = plan.access_on = false;
  for (const std::string& p : parts) {
    if (p == "transpose")
      plan.transposes_on = true;
    else if (p == "matmul")
      plan.matmuls_on = true;
    else if (p == "access")
      plan.access_on = true;
    else
      throw Error("--set part=" + p +
                  ": the memory benchmark's parts are transpose, matmul, access");
  }
}

void memory_bench_set(MemoryBenchPlan& plan, const nlohmann::json& params) {
  if (!params.is_object()) return;
  for (const auto& [key, value] : params.items()) {
    const std::vector<std::string> items = set_value_items(value);
    WS_REQUIRE(!items.empty(), "--set " + key + "=: give a value");
    if (key == "part") {
      memory_bench_parts(plan, items);
    } else if (key == "tile") {
      plan.tiles.clear();
      for (const std::string& t : items) {
        const int tile = bounded_int(t, 8, 32, "--set tile");
        WS_REQUIRE(tile == 8 || tile == 16 || tile == 32,
                   "--set tile: TILE_WIDTH 8, 16 or 32, got '" + t + "'");
        plan.tiles.push_back(tile);
      }
    } else if (key == "max_stride") {
      plan.max_stride = bounded_int(items.at(0), 1, mem::kMaxStride, "--set max_stride");
    } else if (key == "elements") {
      plan.elements = int64_t{1} << bounded_int(items.at(0), 14, 28, "--set elements (log2)");
    } else {
      throw Error("--set " + key +
                  ": the memory benchmark takes part, tile, max_stride, elements (memory_bench.h)");
    }
  }
}

// --variant: each item is a variant of some part; a part none names is skipped.
void memory_bench_variants(MemoryBenchPlan& plan, const std::string& list) {
  if (list.empty()) return;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    mem::TransposeVariant t;
    mem::MatmulVariant m;
    mem::Pattern p;
    bool known = false;
    if (mem::parse_transpose_variant(item, t)) plan.transposes.push_back(t), known = true;
    if (mem::parse_matmul_variant(item, m)) plan.matmuls.push_back(m), known = true;
    if (mem::parse_pattern(item, p)) plan.patterns.push_back(p), known = true;
    WS_REQUIRE(known, "--variant: '" + item +
                          "' is no transpose, matmul or access-pattern variant (see `list`)");
  }
  plan.transposes_on = plan.transposes_on && !plan.transposes.empty();
  plan.matmuls_on = plan.matmuls_on && !plan.matmuls.empty();
  plan.access_on = plan.access_on && !plan.patterns.empty();
}

}  // namespace

BenchJob memory_bench_job(const BenchRequest& request, const std::string& part) {
  WS_REQUIRE(request.backend == Backend::Cuda,
             std::string("--backend cpu: the memory benchmark times the CUDA kernels (transposes, "
                         "matmul, access patterns); run it with --backend cuda"));
  // The types are bench_job's (f32 is the other benches' name for float32).
  if (!request.type.empty() && request.type != "f32")
    WS_REQUIRE(parse_type_option(request.type, "--type") == ValueType::Float32,
               "--type " + request.type + ": the memory benchmark times float32 (f32) only");
  MemoryBenchPlan plan;
  plan.repeats = request.repeats;
  // A part's name runs that part; anything else ("", a mode without a part) every part.
  if (part == "transpose" || part == "matmul" || part == "access") memory_bench_parts(plan, {part});
  memory_bench_set(plan, request.params);
  if (!request.sizes.empty()) {
    plan.transpose_sides.clear();
    for (const std::string& s : request.sizes)
      plan.transpose_sides.push_back(bounded_int(s, 1, 16384, "--sizes (a side N)"));
    plan.matmul_sides = plan.transpose_sides;
  }
  memory_bench_variants(plan, request.variants);
  if (plan.transposes.empty())
    for (const auto& i : mem::transpose_infos()) plan.transposes.push_back(i.variant);
  if (plan.matmuls.empty())
    for (const auto& i : mem::matmul_variant_infos()) plan.matmuls.push_back(i.variant);
  if (plan.patterns.empty())
    for (const auto& i : mem::pattern_infos()) plan.patterns.push_back(i.variant);
  return [plan](std::ostream& progress) {
    std::vector<BenchReport> reports;
    if (plan.transposes_on) reports.push_back(memory_bench_transposes(plan, progress));
    if (plan.matmuls_on) reports.push_back(memory_bench_matmuls(plan, progress));
    if (plan.access_on) reports.push_back(memory_bench_access(plan, progress));
    WS_REQUIRE(!reports.empty(), std::string("the memory benchmark: no part left to run"));
    return reports.size() == 1 ? reports.front() : merge_reports(reports);
  };
}

}  // namespace ws::bench
