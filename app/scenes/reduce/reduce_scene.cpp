#include "reduce_scene.h"

#include <cmath>
#include <cstdio>
#include <set>

#include "common/error.h"
#include "reduce/float_orders.h"
#include "reduce/last_block_remap.h"
#include "reduce/reduce_run.h"
#include "reduce_bench.h"
#include "scene_kit/run_json.h"
#include "scenes/json_params.h"

namespace ws::app {

InputLimits reduce_input_limits() {
  InputLimits limits;
  limits.max_n = reduce::kTeachMaxN;
  limits.images = true;
  return limits;
}

std::string compare_reduce_traces(const reduce::Params& params, const Trace& twin, Trace& kernel,
                                  std::string* note) {
  if (params.finish != reduce::Finish::LastBlock) return compare_traces(twin, kernel);
  // The CPU twin lets block grid-1 finish a last-block run; on the GPU any block may draw the
  // last ticket. Compare with that block renamed (the trace shown keeps the real one).
  if (note) *note = "the block that drew the last ticket is compared as the twin's last block";
  const std::string remap = reduce::remap_last_block(kernel);
  if (!remap.empty()) return "last-block remap: " + remap;
  return compare_traces(twin, kernel);
}

bool matches_serial(const reduce::Params& params, const std::vector<double>& input, double result,
                    double reference) {
  if (params.type == ValueType::Int32) return result == reference;
  // Both the run and the serial loop are float32 sums (or products) in some order; each lies within
  // the benchmark's tolerance of the exact answer, so they lie within twice it of each other.
  const std::vector<float> values(input.begin(), input.end());
  const bench::Reference exact = bench::reduce_reference(params.op, params.type, values.data(),
                                                         static_cast<int64_t>(values.size()));
  if (exact.tolerance == 0) return result == reference;
  return std::fabs(result - reference) <= 2 * exact.tolerance;  // false for NaN
}

ReduceScene::ReduceScene() : source_(InputSource::defaults(reduce_input_limits())) {}

void ReduceScene::attach(SceneContext& context) {
  context_ = &context;
  reset();
}

void ReduceScene::detach() {
  context_ = nullptr;
}

nlohmann::json ReduceScene::params_to_json() const {
  nlohmann::json j = {{"variant", reduce::info(params_.variant).id},
                      {"finish", reduce::finish_name(params_.finish)},
                      {"op", op_name(params_.op)},
                      {"type", type_name(params_.type)},
                      {"block", params_.block_dim},
                      {"coarsening", params_.coarsening},
                      {"compare", compare_variant_ ? reduce::info(*compare_variant_).id : ""}};
  source_.to_json(j, reduce_input_limits());
  return j;
}

void ReduceScene::params_from_json(const nlohmann::json& j) {
  const InputLimits limits = reduce_input_limits();
  std::set<std::string> known = {"variant", "finish",     "op",     "type",
                                 "block",   "coarsening", "compare"};
  known.merge(input_keys(limits));
  reject_unknown_keys(j, known, "reduce");
  // Parse into copies: a bad value leaves the scene as it was.
  reduce::Params p = params_;
  std::optional<reduce::Variant> compare = compare_variant_;
  if (j.contains("variant")) {
    const std::string s = json_string(j, "variant");
    std::string ids;
    for (const auto& i : reduce::variant_infos())
      ids += std::string(ids.empty() ? "" : ", ") + i.id;
    WS_REQUIRE(reduce::parse_variant(s, p.variant),
               "--variant: unknown variant '" + s + "' (1-7 or " + ids + ")");
  }
  if (j.contains("finish")) {
    const std::string s = json_string(j, "finish");
    WS_REQUIRE(reduce::parse_finish(s, p.finish),
               "--finish: unknown finish '" + s + "' (two-pass, atomic, last-block)");
  }
  if (const auto op = op_param(j)) p.op = *op;
  if (const auto type = type_param(j)) p.type = *type;
  if (j.contains("block")) p.block_dim = static_cast<int>(json_int(j, "block", 0, 1024));
  if (j.contains("coarsening")) p.coarsening = static_cast<int>(json_int(j, "coarsening", 4, 1024));
  const InputSource source = source_.parsed(j, p.type, limits);
  if (j.contains("compare")) {
    const std::string s = json_string(j, "compare");
    if (s.empty() || s == "none") {
      compare.reset();
    } else {
      reduce::Variant v;
      WS_REQUIRE(reduce::parse_variant(s, v), "--compare: unknown variant '" + s + "'");
      compare = v;
    }
  }
  // Throws when the block size does not suit the variant.
  reduce::resolve_block_dim(p, source.count(p.type, limits));
  params_ = p;
  source_ = source;
  compare_variant_ = compare;
}

ReduceRun ReduceScene::run_variant(const reduce::Params& params,
                                   const std::vector<double>& input) const {
  ReduceRun r;
  r.params = params;
  auto taught = teach_and_check(
      backend(), [&](Backend b) { return reduce::teach(b, params, input); },
      [&](const Trace& twin, Trace& kernel, std::string* note) {
        return compare_reduce_traces(params, twin, kernel, note);
      });
  r.run = std::move(taught.run);
  r.traced = std::move(taught.traced);
  r.reference = reduce::reduce_serial(params.op, params.type, input);
  return r;
}

void ReduceScene::reset() {
  std::string label;
  input_ = source_.make(params_.type, reduce_input_limits(), label);
  primary_ = run_variant(params_, input_);
  primary_->input_label = label;
  compare_.reset();
  if (compare_variant_) {
    reduce::Params other = params_;
    other.variant = *compare_variant_;
    try {
      reduce::resolve_block_dim(other, static_cast<int64_t>(input_.size()));
    } catch (const Error&) {
      other.block_dim = 0;  // the block size does not suit the other variant: let it choose
    }
    compare_ = run_variant(other, input_);
    compare_->input_label = label;
  }
  cursor_.seek(cursor_.step(), step_count());
}

int ReduceScene::step_count() const {
  return step_count_of(
      {primary_ ? &primary_->run.trace : nullptr, compare_ ? &compare_->run.trace : nullptr});
}

nlohmann::json ReduceScene::results_json() const {
  const ReduceRun& r = *primary_;
  const bool matches = matches_serial(r.params, input_, r.run.result, r.reference);
  RunJson doc;
  doc.scene = id();
  doc.params = params_to_json();
  doc.backend = r.traced.backend;
  doc.input = input_;
  doc.result = r.run.result;
  doc.reference = r.reference;
  doc.matches_reference = matches;
  doc.set_trace(r.run.trace, r.traced);
  char summary[256];
  std::snprintf(summary, sizeof summary, "%s %s %s of %zu values: %.9g, serial loop %.9g (%s)",
                reduce::info(r.params.variant).id, op_name(r.params.op), type_name(r.params.type),
                input_.size(), r.run.result, r.reference, matches ? "matches" : "differs");
  doc.summary = summary;
  if (r.traced.twin.ran)
    doc.summary += r.traced.twin.matches()
                       ? "; the CPU twin's trace matches"
                       : "; differs from the CPU twin: " + r.traced.twin.difference;
  doc.extra["error_vs_serial"] = r.run.result - r.reference;
  if (params_.type == ValueType::Float32 && params_.op == BinaryOp::Sum) {
    const auto lesson =
        reduce::float_order_lesson(input_, 2 * r.run.trace.steps.front().block_dim, source_.seed);
    nlohmann::json orders = nlohmann::json::array();
    for (const auto& s : lesson.sums)
      orders.push_back({{"order", s.order}, {"value", s.value}, {"error", s.error}});
    doc.extra["float_orders"] = {{"reference_double", lesson.reference}, {"sums", orders}};
  }
  if (compare_) {
    doc.extra["compare"] = {{"variant", reduce::info(compare_->params.variant).id},
                            {"result", compare_->run.result},
                            {"counters", counters_json(compare_->traced.counters)}};
  }
  return doc.to_json();
}

BenchJob ReduceScene::bench_job(const BenchRequest& request) const {
  ReduceBenchChoice choice;  // the command line: the benchmark's fixed table
  if (request.from_scene) {  // fast mode: the scene's operator, type and input
    choice.op = params_.op;
    choice.type = params_.type;
    choice.input = {source_.distribution, source_.seed};
  }
  return reduce_bench_job(request, choice);
}

}  // namespace ws::app
