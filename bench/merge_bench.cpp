// The merge and sort benchmark's request (merge_bench.h): which parts, sizes, types, inputs and
// variants, then the parts one after the other in one report. Quick sweeps:
//   warpscope bench --scene merge --backend cuda --set part=merge --sizes 27 --variant fast
//   warpscope bench --scene merge --backend cuda --set part=sort --sizes 26 --set gen=uniform
#include "merge_bench.h"

#include <sstream>

#include "common/error.h"
#include "merge_bench_parts.h"

namespace ws::bench {

namespace {

struct MergeBenchChoices {
  std::vector<int64_t> merge_sizes, sort_sizes;
  bool typed = false;  // --type given: that type only
  merge::KeyType key = merge::KeyType::Int32;
  int pairs = -1;  // -1: keys, plus pairs and float32 at 2^24; 0 keys only; 1 pairs only
};

void merge_bench_set(MergeBenchPlan& plan, MergeBenchChoices& choices,
                     const nlohmann::json& params) {
  if (!params.is_object()) return;
  for (const auto& [key, value] : params.items()) {
    const std::vector<std::string> items = set_value_items(value);
    WS_REQUIRE(!items.empty(), "--set " + key + "=: give a value");
    if (key == "part") {
      plan.merges_on = plan.sorts_on = false;
      for (const std::string& p : items) {
        WS_REQUIRE(p == "merge" || p == "sort",
                   "--set part=" + p + ": the merge benchmark's parts are merge, sort");
        (p == "merge" ? plan.merges_on : plan.sorts_on) = true;
      }
    } else if (key == "gen") {
      plan.skewed.clear();
      for (const std::string& g : items) {
        WS_REQUIRE(g == "uniform" || g == "skewed",
                   "--set gen=" + g + ": the merge benchmark's inputs are uniform, skewed");
        plan.skewed.push_back(g == "skewed");
      }
    } else if (key == "pairs") {
      choices.pairs = bounded_int(items.at(0), 0, 1, "--set pairs");
    } else if (key == "max") {
      if (bounded_int(items.at(0), 27, 28, "--set max (log2 keys a side)") == 28)
        choices.merge_sizes.push_back(int64_t(1) << 28);
    } else if (key == "network_max") {
      plan.network_max = int64_t(1) << bounded_int(items.at(0), 10, 28, "--set network_max");
    } else {
      throw Error("--set " + key +
                  ": the merge benchmark takes part, gen, pairs, max, network_max (merge_bench.h)");
    }
  }
}

// --variant: merge variants 2-5 and sort variants 6-9 by id or number ("fast" is both 5 and
// 9); a part none names is skipped.
void merge_bench_variants(MergeBenchPlan& plan, const std::string& list) {
  if (list.empty()) return;
  plan.merge_variants.clear();
  plan.sort_variants.clear();
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    if (item == "fast") {
      plan.merge_variants.push_back(int(merge::MergeVariant::Fast));
      plan.sort_variants.push_back(int(merge::SortVariant::Fast));
      continue;
    }
    int merge_variant = 0, sort_variant = 0;
    try {
      merge_variant = int(merge::parse_merge_variant(item));
    } catch (const Error&) {
    }
    try {
      sort_variant = int(merge::parse_sort_variant(item));
    } catch (const Error&) {
    }
    WS_REQUIRE(merge_variant >= 2 || sort_variant >= 6,
               "--variant: '" + item +
                   "' is no timed merge (2-5: basic, tiled, circular, fast) or sort (6-9: "
                   "merge-sort, bitonic, odd-even, fast) variant");
    if (merge_variant >= 2) plan.merge_variants.push_back(merge_variant);
    if (sort_variant >= 6) plan.sort_variants.push_back(sort_variant);
  }
  plan.merges_on = plan.merges_on && !plan.merge_variants.empty();
  plan.sorts_on = plan.sorts_on && !plan.sort_variants.empty();
}

// Keys of the chosen type at every size; by default also int32 pairs and float32 keys at 2^24.
std::vector<MergeBenchCase> merge_bench_cases(const std::vector<int64_t>& sizes,
                                              const MergeBenchChoices& c) {
  std::vector<MergeBenchCase> cases;
  for (const int64_t n : sizes) {
    if (c.pairs != 1) cases.push_back({n, c.key, false});
    if (c.pairs == 1) cases.push_back({n, c.key, true});
    if (c.pairs == -1 && !c.typed && n == (int64_t(1) << 24)) {
      cases.push_back({n, merge::KeyType::Int32, true});
      cases.push_back({n, merge::KeyType::Float32, false});
    }
  }
  return cases;
}

}  // namespace

BenchJob merge_bench_job(const BenchRequest& request, const std::string& part) {
  WS_REQUIRE(request.backend == Backend::Cuda,
             std::string("--backend cpu: the merge benchmark times the CUDA kernels against CUB "
                         "and thrust; run it with --backend cuda"));
  MergeBenchPlan plan;
  plan.repeats = request.repeats;
  MergeBenchChoices choices;
  choices.merge_sizes = {int64_t(1) << 20, int64_t(1) << 24, int64_t(1) << 27};
  choices.sort_sizes = {int64_t(1) << 20, int64_t(1) << 24, int64_t(1) << 26};
  if (!request.type.empty()) {
    choices.typed = true;
    choices.key = merge::parse_key_type(request.type, "--type");
  }
  if (part == "merge" || part == "sort")
    plan.merges_on = part == "merge", plan.sorts_on = !plan.merges_on;
  merge_bench_set(plan, choices, request.params);
  if (!request.sizes.empty()) {
    choices.merge_sizes = choices.sort_sizes = sizes_from_log2(request.sizes, "--sizes");
    for (const int64_t n : choices.merge_sizes)
      WS_REQUIRE(n <= merge::kMaxTimedKeys, std::string("--sizes: at most 28 (2^28 keys)"));
  }
  merge_bench_variants(plan, request.variants);
  plan.merge_cases = merge_bench_cases(choices.merge_sizes, choices);
  plan.sort_cases = merge_bench_cases(choices.sort_sizes, choices);
  return [plan](std::ostream& progress) {
    std::vector<BenchReport> reports;
    if (plan.merges_on) reports.push_back(merge_bench_merges(plan, progress));
    if (plan.sorts_on) reports.push_back(merge_bench_sorts(plan, progress));
    WS_REQUIRE(!reports.empty(), std::string("the merge benchmark: no part left to run"));
    return reports.size() == 1 ? reports.front() : merge_reports(reports);
  };
}

}  // namespace ws::bench
