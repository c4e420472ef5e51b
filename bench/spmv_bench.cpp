// The SpMV benchmark's request (spmv_bench.h): sizes, types, variants, families, caps. Quick
// sweeps:
//   warpscope bench --scene spmv --backend cuda --sizes 100 --set families=poisson,powerlaw
//   warpscope bench --scene spmv --backend cuda --variant fast --type float64 --set shipped=no
#include "spmv_bench.h"

#include <algorithm>
#include <cstdlib>

#include "common/error.h"
#include "spmv/spmv.h"
#include "spmv_bench_parts.h"

namespace ws::bench {

namespace {

const char* const kSpmvFamilies[] = {"poisson", "powerlaw", "random", "banded"};

std::vector<SpmvBenchMatrix> spmv_shipped_defaults() {
  return {{"bcspwr10.mtx", "bcspwr10"},
          {"4elt.graph", "4elt"},
          {"minnesota_edges.txt", "Minnesota roads"},
          {"facebook_combined.txt", "facebook_combined"}};
}

bool spmv_yes_no(const std::vector<std::string>& items, const std::string& key) {
  const std::string& t = items.at(0);
  WS_REQUIRE(t == "yes" || t == "no" || t == "true" || t == "false" || t == "1" || t == "0",
             "--set " + key + ": expected yes or no, got '" + t + "'");
  return t == "yes" || t == "true" || t == "1";
}

int spmv_size_millions(std::string text) {
  if (!text.empty() && (text.back() == 'M' || text.back() == 'm')) text.pop_back();
  WS_REQUIRE(text == "1" || text == "10" || text == "100",
             "--sizes: the SpMV benchmark's sizes are 1, 10 and 100 (millions of nonzeros), got '" +
                 text + "'");
  return std::atoi(text.c_str());
}

}  // namespace

BenchJob spmv_bench_job(const BenchRequest& request, const SpmvBenchChoice& choice) {
  WS_REQUIRE(request.backend == Backend::Cuda,
             std::string("--backend cpu: the SpMV benchmark times the CUDA kernels against "
                         "cuSPARSE; run it with --backend cuda"));
  SpmvBenchPlan plan;
  plan.repeats = request.repeats;
  plan.load = choice.load ? choice.load : spmv_bench_default_load;
  std::vector<std::string> families(std::begin(kSpmvFamilies), std::end(kSpmvFamilies));
  bool shipped = true;
  const nlohmann::json& params = request.params.is_object() ? request.params : nlohmann::json{};
  for (const auto& [key, value] : params.items()) {
    const std::vector<std::string> items = set_value_items(value);
    WS_REQUIRE(!items.empty(), "--set " + key + "=: give a value");
    if (key == "families") {
      families.clear();
      for (const std::string& f : items) {
        WS_REQUIRE(std::find(std::begin(kSpmvFamilies), std::end(kSpmvFamilies), f) !=
                       std::end(kSpmvFamilies),
                   "--set families=" + f +
                       ": the SpMV benchmark's families are poisson, powerlaw, random, banded");
        families.push_back(f);
      }
    } else if (key == "shipped") {
      shipped = spmv_yes_no(items, key);
    } else if (key == "cap") {
      plan.cap = spmv_yes_no(items, key);
    } else if (key == "full") {
      plan.full = spmv_yes_no(items, key);
    } else {
      throw Error("--set " + key +
                  ": the SpMV benchmark takes families, shipped, cap, full (spmv_bench.h)");
    }
  }
  std::vector<int> sizes;
  for (const std::string& s : request.sizes) sizes.push_back(spmv_size_millions(s));
  if (sizes.empty()) sizes = {1, 10, 100};
  const bool typed = !request.type.empty();
  const ValueType type =
      typed ? spmv::parse_spmv_value_type(request.type, "--type") : ValueType::Float32;
  if (!request.variants.empty()) {
    plan.variants.clear();
    for (const spmv::SpmvVariant v : variants_from_list<spmv::SpmvVariant>(
             request.variants,
             [](const std::string&item, spmv::SpmvVariant&out) {
               try {
                 out = spmv::parse_spmv_variant(item);
                 return true;
               } catch (const Error&) {
                 return false;
               }
             },
             "an SpMV variant (1-7 or coo, csr, ell, hybrid, jds, csr-vector, fast)"))
      plan.variants.push_back(int(v));
  }
  if (request.from_scene && choice.matrix) {
    plan.scene_matrix = choice.matrix;
    plan.cases.push_back({{"", choice.matrix->name}, {typed ? type : choice.type}, false});
  } else {
    if (shipped)
      for (const SpmvBenchMatrix& m :
           choice.shipped.empty() ? spmv_shipped_defaults() : choice.shipped)
        plan.cases.push_back({m, {type}, false});
    for (const int millions : sizes)
      for (const std::string& family : families) {
        const std::string spec = spmv_bench_spec(family, millions);
        SpmvBenchCase c{{"gen:" + spec, spec}, {type}, millions == 100};
        if (!typed && millions == 10) c.types.push_back(ValueType::Float64);
        plan.cases.push_back(c);
      }
  }
  return [plan](std::ostream& progress) { return spmv_bench_run(plan, progress); };
}

}  // namespace ws::bench
