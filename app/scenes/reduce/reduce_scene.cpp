#include "reduce_scene.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "common/error.h"
#include "io/image_values.h"
#include "reduce/last_block_remap.h"
#include "reduce/reduce_run.h"
#include "scenes/json_params.h"

namespace ws::app {

namespace {

// The built-in input: small enough to read every cell on a projector, not a power of two's
// worth of identical values, so every level of the tree shows something.
const char* kDefaultValues = "3 1 7 0 4 1 6 3 5 2 8 1 9 4 2 6";

nlohmann::json value_or_null(double v) {
  return std::isnan(v) ? nlohmann::json() : nlohmann::json(v);
}

nlohmann::json counters_json(const Counters& c) {
  return {{"steps", c.steps},
          {"ops", c.ops},
          {"useful_ops", c.useful_ops},
          {"lanes_consumed", c.lanes_consumed},
          {"efficiency", c.efficiency},
          {"work_efficiency", c.work_efficiency},
          {"divergent_warps", c.divergent_warps},
          {"global_requests", c.global_requests},
          {"bank_conflicts", c.bank_conflicts},
          {"max_bank_ways", c.max_bank_ways},
          {"atomics", c.atomics},
          {"max_atomics_per_address", c.max_atomics_per_address},
          {"barriers", c.barriers}};
}

nlohmann::json step_counters_json(const StepCounters& c) {
  return {{"ops", c.ops},
          {"active_threads", c.active_threads},
          {"active_warps", c.active_warps},
          {"lanes_consumed", c.lanes_consumed},
          {"divergent_warps", c.divergent_warps},
          {"global_requests", c.global_requests},
          {"bank_conflicts", c.bank_conflicts},
          {"atomics", c.atomics},
          {"barriers", c.barriers}};
}

}  // namespace

ReduceScene::ReduceScene() : values_text_(kDefaultValues) {}

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
                      {"n", n_},
                      {"seed", seed_},
                      {"distribution", distribution_name(distribution_)},
                      {"values", values_text_},
                      {"image", image_path_},
                      {"compare", compare_variant_ ? reduce::info(*compare_variant_).id : ""}};
  return j;
}

void ReduceScene::params_from_json(const nlohmann::json& j) {
  reject_unknown_keys(j,
                      {"variant", "finish", "op", "type", "block", "coarsening", "n", "seed",
                       "distribution", "values", "image", "compare"},
                      "reduce");
  // Parse into copies: a bad value leaves the scene as it was.
  reduce::Params p = params_;
  std::string values = values_text_;
  std::string image = image_path_;
  int64_t n = n_;
  uint64_t seed = seed_;
  Distribution distribution = distribution_;
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
  if (j.contains("op")) {
    const std::string s = json_string(j, "op");
    const auto op = parse_op(s);
    WS_REQUIRE(op.has_value(), "--op: unknown operator '" + s + "' (sum, product, min, max)");
    p.op = *op;
  }
  if (j.contains("type")) {
    const std::string s = json_string(j, "type");
    const auto type = parse_type(s);
    WS_REQUIRE(type.has_value(), "--type: unknown type '" + s + "' (int32, float32)");
    p.type = *type;
  }
  if (j.contains("block")) p.block_dim = static_cast<int>(json_int(j, "block", 0, 1024));
  if (j.contains("coarsening")) p.coarsening = static_cast<int>(json_int(j, "coarsening", 4, 1024));
  if (j.contains("n")) {
    n = json_int(j, "n", 1, reduce::kTeachMaxN);
    if (!j.contains("values")) values.clear();  // asking for n random values
  }
  if (j.contains("seed")) {
    seed = static_cast<uint64_t>(json_int(j, "seed", 0, INT64_MAX));
    if (!j.contains("values")) values.clear();
  }
  if (j.contains("distribution")) {
    const std::string s = json_string(j, "distribution");
    WS_REQUIRE(parse_distribution(s, distribution),
               "--distribution: unknown '" + s + "' (uniform, equal, sorted, few-huge)");
    if (!j.contains("values")) values.clear();
  }
  if (j.contains("values")) {
    values = json_string(j, "values");
    if (!values.empty()) {
      const auto parsed = parse_values(values, p.type);
      WS_REQUIRE(!parsed.empty(), std::string("--values: no numbers given"));
      WS_REQUIRE(static_cast<int64_t>(parsed.size()) <= reduce::kTeachMaxN,
                 "--values: teach mode shows at most " + std::to_string(reduce::kTeachMaxN) +
                     " values, got " + std::to_string(parsed.size()));
    }
  }
  if (j.contains("image")) {
    image = json_string(j, "image");
    if (!image.empty()) load_image_values(image, static_cast<int>(reduce::kTeachMaxN));  // check
  } else if (j.contains("values") || j.contains("n") || j.contains("seed") ||
             j.contains("distribution")) {
    image.clear();  // another input was asked for
  }
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
  int64_t input_n = values.empty() ? n : static_cast<int64_t>(parse_values(values, p.type).size());
  if (!image.empty()) input_n = reduce::kTeachMaxN;
  reduce::resolve_block_dim(p, input_n);  // throws when the block size does not suit the variant
  params_ = p;
  values_text_ = values;
  image_path_ = image;
  n_ = n;
  seed_ = seed;
  distribution_ = distribution;
  compare_variant_ = compare;
}

std::vector<double> ReduceScene::make_input(std::string& label) const {
  if (!image_path_.empty()) {
    ImageValues image = load_image_values(image_path_, static_cast<int>(reduce::kTeachMaxN));
    label = std::filesystem::path(image.path).filename().string() + " " +
            std::to_string(image.source_width) + "\xC3\x97" + std::to_string(image.source_height);
    if (image.width != image.source_width)
      label +=
          " averaged to " + std::to_string(image.width) + "\xC3\x97" + std::to_string(image.height);
    return std::move(image.values);
  }
  if (!values_text_.empty()) {
    label = "typed values";
    return parse_values(values_text_, params_.type);
  }
  label = std::string(distribution_name(distribution_)) + " random, seed " + std::to_string(seed_);
  return generate_values(distribution_, params_.type, n_, seed_);
}

ReduceRun ReduceScene::run_variant(const reduce::Params& params,
                                   const std::vector<double>& input) const {
  ReduceRun r;
  r.params = params;
  r.backend = backend();
  r.run = reduce::teach(r.backend, params, input);
  r.counters = compute_counters(r.run.trace);
  r.snapshots = replay_snapshots(r.run.trace);
  r.reference = reduce::reduce_serial(params.op, params.type, input);
  if (r.backend == Backend::Cuda) {
    // The CPU reference check: same input, same variant, compared event by event and cell by cell.
    const reduce::TeachRun cpu = reduce::teach(Backend::Cpu, params, input);
    Trace gpu = r.run.trace;
    // The CPU model lets block grid-1 finish a last-block run; on the GPU any block may draw the
    // last ticket. Compare with that block renamed (the trace shown keeps the real one).
    if (params.finish == reduce::Finish::LastBlock) r.cpu_check = reduce::remap_last_block(gpu);
    if (r.cpu_check.empty()) r.cpu_check = compare_traces(cpu.trace, gpu);
    const auto cpu_snapshots = replay_snapshots(cpu.trace);
    const auto gpu_snapshots = replay_snapshots(gpu);
    r.mismatch.resize(gpu_snapshots.size());
    for (size_t s = 0; s < gpu_snapshots.size() && s < cpu_snapshots.size(); ++s) {
      for (size_t b = 0; b < gpu_snapshots[s].size() && b < cpu_snapshots[s].size(); ++b) {
        std::vector<bool> row(gpu_snapshots[s][b].size(), false);
        for (size_t i = 0; i < row.size() && i < cpu_snapshots[s][b].size(); ++i) {
          const double x = gpu_snapshots[s][b][i], y = cpu_snapshots[s][b][i];
          row[i] = !(x == y || (std::isnan(x) && std::isnan(y)));
        }
        r.mismatch[s].push_back(std::move(row));
      }
    }
  }
  return r;
}

void ReduceScene::reset() {
  std::string label;
  input_ = make_input(label);
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
  step_ = std::min(step_, step_count() - 1);
  step_ = std::max(step_, 0);
}

int ReduceScene::step_count() const {
  int count = primary_ ? static_cast<int>(primary_->run.trace.steps.size()) : 0;
  if (compare_) count = std::max(count, static_cast<int>(compare_->run.trace.steps.size()));
  return std::max(count, 1);
}

void ReduceScene::seek(int step) {
  step_ = std::clamp(step, 0, step_count() - 1);
}

nlohmann::json ReduceScene::results_json() const {
  const ReduceRun& r = *primary_;
  const Trace& trace = r.run.trace;
  nlohmann::json steps = nlohmann::json::array();
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    nlohmann::json values = nlohmann::json::object();
    for (size_t b = 0; b < trace.buffers.size(); ++b) {
      nlohmann::json cells = nlohmann::json::array();
      for (double v : r.snapshots[s][b]) cells.push_back(value_or_null(v));
      values[trace.buffers[b].name] = std::move(cells);
    }
    steps.push_back({{"label", trace.steps[s].label},
                     {"phase", trace.steps[s].phase},
                     {"grid_dim", trace.steps[s].grid_dim},
                     {"block_dim", trace.steps[s].block_dim},
                     {"active_threads", active_threads(trace.steps[s])},
                     {"values", std::move(values)},
                     {"counters", step_counters_json(r.counters.per_step[s])}});
  }
  nlohmann::json out = {{"scene", id()},
                        {"backend", backend_name(r.backend)},
                        {"params", params_to_json()},
                        {"input", input_},
                        {"result", r.run.result},
                        {"reference", r.reference},
                        {"error_vs_serial", r.run.result - r.reference},
                        {"steps", std::move(steps)},
                        {"counters", counters_json(r.counters)}};
  if (r.backend == Backend::Cuda)
    out["cpu_check"] = {{"match", r.cpu_check.empty()}, {"difference", r.cpu_check}};
  if (params_.type == ValueType::Float32 && params_.op == BinaryOp::Sum) {
    const auto lesson =
        reduce::float_order_lesson(input_, 2 * r.run.trace.steps.front().block_dim, seed_);
    nlohmann::json orders = nlohmann::json::array();
    for (const auto& s : lesson.sums)
      orders.push_back({{"order", s.order}, {"value", s.value}, {"error", s.error}});
    out["float_orders"] = {{"reference_double", lesson.reference}, {"sums", orders}};
  }
  if (compare_) {
    out["compare"] = {{"variant", reduce::info(compare_->params.variant).id},
                      {"result", compare_->run.result},
                      {"counters", counters_json(compare_->counters)}};
  }
  return out;
}

}  // namespace ws::app
