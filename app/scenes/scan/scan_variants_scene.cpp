// The scan mode's lifecycle: parameters (scan_params.cpp), the teach runs of the variant and its
// comparison (the kit's teach pipeline, checked against the CPU twin on CUDA), the recorded
// timeline and the results of `warpscope run --json`.
#include "scan_variants_scene.h"

#include <algorithm>
#include <cmath>

#include "common/error.h"
#include "scan/scan_run.h"
#include "scene_kit/run_json.h"

namespace ws::app {

namespace {

bool same_value(double a, double b, ValueType type, BinaryOp op) {
  if (a == b || (std::isnan(a) && std::isnan(b))) return true;
  // Float sums and products in another order round differently: not an error.
  if (type == ValueType::Float32 && (op == BinaryOp::Sum || op == BinaryOp::Product))
    return std::fabs(a - b) <= 1e-4 * std::max(1.0, std::fabs(b));
  return false;
}

}  // namespace

ScanRun run_scan_variant(Backend backend, const scan::Params& params,
                         const std::vector<double>& input) {
  ScanRun r;
  r.params = params;
  r.input = input;
  // The look-back's polls depend on the schedule: compare_with_twin leaves them out (its note).
  auto taught = teach_and_check(
      backend, [&](Backend b) { return scan::teach(b, params, input); },
      [&](const Trace& twin, const Trace& kernel, std::string* note) {
        return scan::compare_with_twin(params, twin, kernel, note);
      });
  r.run = std::move(taught.run);
  r.traced = std::move(taught.traced);
  try {
    r.ranges = scan::replay_ranges(r.run.trace);
  } catch (const std::exception& e) {
    r.ranges_error = e.what();
  }
  r.reference = scan::scan_serial(params.op, params.type, params.inclusive, input);
  r.wrong.assign(r.reference.size(), false);
  for (size_t i = 0; i < r.reference.size(); ++i) {
    const double got = i < r.run.result.size() ? r.run.result[i] : NAN;
    r.wrong[i] = !same_value(got, r.reference[i], params.type, params.op);
    r.wrong_count += r.wrong[i];
    r.rounded_count += !r.wrong[i] && got != r.reference[i];
  }
  // int32 sum and product wrap around (as on the GPU): count the serial prefixes whose true value
  // does not fit, so the figure can say the numbers wrapped rather than leave them unexplained.
  if (params.type == ValueType::Int32 &&
      (params.op == BinaryOp::Sum || params.op == BinaryOp::Product)) {
    long double exact = params.op == BinaryOp::Sum ? 0 : 1;
    for (size_t i = 0; i < input.size(); ++i) {
      const long double before = exact;
      exact = params.op == BinaryOp::Sum ? exact + input[i] : exact * input[i];
      const long double shown = params.inclusive ? exact : before;
      r.wrapped_count += shown > 2147483647.0L || shown < -2147483648.0L;
    }
  }
  return r;
}

SceneCapabilities ScanVariantsScene::capabilities() const {
  SceneCapabilities c;
  c.benchable = true;
  return c;
}

void ScanVariantsScene::attach(SceneContext& context) {
  context_ = &context;
  reset();
}

void ScanVariantsScene::params_from_json(const nlohmann::json& params) {
  settings_ = parse_scan_settings(params, settings_);
  scaling_.reset();
}

void ScanVariantsScene::reset() {
  cursor_.rewind();
  error_.clear();
  primary_.reset();
  compare_.reset();
  recorded_timeline_.reset();
  std::string label;
  input_ = settings_.input.make(settings_.params.type, scan_input_limits(), label);
  try {
    primary_ = run_scan_variant(backend(), settings_.params, input_);
    primary_->input_label = label;
  } catch (const std::exception& e) {
    error_ = std::string(scan::info(settings_.params.variant).id) + ": " + e.what();
  }
  if (settings_.compare) {
    const int64_t n = static_cast<int64_t>(input_.size());
    try {
      compare_ = run_scan_variant(
          backend(), params_for_variant(settings_.params, *settings_.compare, n), input_);
      compare_->input_label = label;
    } catch (const std::exception& e) {
      error_ += std::string(error_.empty() ? "" : "\n") + "compare " +
                scan::info(*settings_.compare).id + ": " + e.what();
    }
  }
  if (settings_.record > 0) {
    try {
      std::vector<char> data(static_cast<size_t>(settings_.record) * 4);
      generate_typed(settings_.input.distribution, settings_.params.type, settings_.record,
                     settings_.input.seed, data.data());
      scan::Params p = settings_.params;
      p.block_dim = 0;
      recorded_timeline_ = scan::record_timeline(backend(), p, data.data(), settings_.record);
    } catch (const std::exception& e) {
      error_ += std::string(error_.empty() ? "" : "\n") + "record at " +
                std::to_string(settings_.record) + ": " + e.what();
    }
  }
  if (resolve_scan_view(settings_.view, settings_.params.variant) == ScanView::Scaling) scaling();
}

const ScalingData& ScanVariantsScene::scaling() {
  if (!scaling_) {
    std::vector<int64_t> sizes;
    for (int64_t n = 4; n <= 1024; n *= 2) sizes.push_back(n);
    scaling_ = compute_scaling(settings_.params, sizes);
  }
  return *scaling_;
}

int ScanVariantsScene::step_count() const {
  return step_count_of(
      {primary_ ? &primary_->run.trace : nullptr, compare_ ? &compare_->run.trace : nullptr});
}

nlohmann::json ScanVariantsScene::results_json() const {
  WS_REQUIRE(primary_.has_value(), error_.empty() ? std::string("scan: no run") : error_);
  const ScanRun& r = *primary_;
  nlohmann::json wrong = nlohmann::json::array();
  for (size_t i = 0; i < r.wrong.size(); ++i)
    if (r.wrong[i]) wrong.push_back(i);
  RunJson run;
  run.scene = id();
  run.params = params_to_json();
  run.backend = r.traced.backend;
  run.input = r.input;
  run.result = r.run.result;
  run.reference = r.reference;
  run.matches_reference = r.wrong_count == 0;
  run.set_trace(r.run.trace, r.traced);
  run.summary = std::string(scan::info(r.params.variant).id) + ", " +
                std::to_string(r.input.size()) + " values, " +
                (r.wrong_count == 0 ? "matches the serial scan"
                                    : std::to_string(r.wrong_count) + " positions WRONG");
  nlohmann::json& out = run.extra;
  out = {{"wrong_positions", wrong},
         {"rounded_positions", r.rounded_count},
         {"level_sizes", r.run.level_sizes}};
  if (!r.run.timeline.blocks.empty()) {
    nlohmann::json blocks = nlohmann::json::array();
    for (const auto& b : r.run.timeline.blocks)
      blocks.push_back({{"block", b.block},
                        {"t_start", b.t_start},
                        {"t_aggregate", b.t_aggregate},
                        {"t_prefix", b.t_prefix},
                        {"t_end", b.t_end},
                        {"lookback_depth", b.lookback_depth},
                        {"polls", b.polls}});
    out["timeline"] = {{"measured", r.run.timeline.measured}, {"blocks", blocks}};
  }
  if (recorded_timeline_) {
    const scan::Timeline& t = *recorded_timeline_;
    int64_t polls = 0, depth = 0, span = 0;
    for (const auto& b : t.blocks) {
      polls += b.polls;
      depth = std::max<int64_t>(depth, b.lookback_depth);
      span = std::max(span, b.t_end);
    }
    out["recorded_timeline"] = {
        {"n", settings_.record}, {"measured", t.measured},           {"blocks", t.blocks.size()},
        {"polls", polls},        {"polls_dropped", t.polls_dropped}, {"max_lookback_depth", depth},
        {"span", span}};
  }
  if (compare_) {
    out["compare"] = {{"variant", scan::info(compare_->params.variant).id},
                      {"result", compare_->run.result},
                      {"matches_reference", compare_->wrong_count == 0},
                      {"counters", counters_json(compare_->traced.counters)}};
  }
  return run.to_json();
}

}  // namespace ws::app
