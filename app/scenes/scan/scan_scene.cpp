// The scan scene's lifecycle: parameters (scan_params.cpp), the teach runs of the variant and its
// comparison, the application modes it forwards to, and the results of `warpscope run --json`.
#include "scan_scene.h"

#include <algorithm>
#include <cmath>

#include "common/error.h"
#include "scan/scan_run.h"
#include "scenes/json_params.h"
#include "apps/scan_app_modes.h"

namespace ws::app {

namespace {

constexpr const char* kModes[] = {"scan", "compact", "radix", "segmented"};

nlohmann::json value_or_null(double v) {
  return std::isnan(v) ? nlohmann::json() : nlohmann::json(v);
}

nlohmann::json counters_json(const Counters& c) {
  return {{"steps", c.steps},
          {"ops", c.ops},
          {"useful_ops", c.useful_ops},
          {"work_efficiency", c.work_efficiency},
          {"lanes_consumed", c.lanes_consumed},
          {"efficiency", c.efficiency},
          {"divergent_warps", c.divergent_warps},
          {"global_requests", c.global_requests},
          {"bank_conflicts", c.bank_conflicts},
          {"barriers", c.barriers}};
}

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
  r.backend = backend;
  r.input = input;
  r.run = scan::teach(backend, params, input);
  r.counters = compute_counters(r.run.trace);
  r.snapshots = replay_snapshots(r.run.trace);
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
  if (backend == Backend::Cuda) {
    try {
      r.cpu_check = scan::compare_with_twin(params, scan::teach(Backend::Cpu, params, input).trace,
                                            r.run.trace, &r.cpu_check_note);
    } catch (const std::exception& e) {
      r.cpu_check = std::string("the CPU twin failed: ") + e.what();
    }
  }
  return r;
}

ScanScene::ScanScene() : modes_(make_scan_app_modes()) {}

ScanScene::~ScanScene() {
  if (fast_job_.valid()) fast_job_.wait();
}

ScanAppMode* ScanScene::app_mode() const {
  for (const auto& m : modes_)
    if (mode_ == m->id()) return m.get();
  return nullptr;
}

void ScanScene::attach(SceneContext& context) {
  context_ = &context;
  reset();
}

void ScanScene::detach() {
  context_ = nullptr;
}

nlohmann::json ScanScene::params_to_json() const {
  nlohmann::json j = app_mode() ? app_mode()->params_to_json() : scan_settings_to_json(settings_);
  j["mode"] = mode_;
  return j;
}

void ScanScene::params_from_json(const nlohmann::json& params) {
  WS_REQUIRE(params.is_object(), std::string("scene parameters must be a JSON object"));
  std::string mode = mode_;
  if (params.contains("segments") && !params.contains("mode")) mode = "segmented";
  if (params.contains("mode")) {
    mode = json_string(params, "mode");
    bool known = false;
    for (const char* m : kModes) known = known || mode == m;
    WS_REQUIRE(known, "--mode: unknown mode '" + mode + "' (scan, compact, radix, segmented)");
  }
  nlohmann::json rest = params;
  rest.erase("mode");
  if (mode == "scan") {
    settings_ = parse_scan_settings(rest, settings_);
    mode_ = mode;
    return;
  }
  ScanAppMode* target = nullptr;
  for (const auto& m : modes_)
    if (mode == m->id()) target = m.get();
  WS_REQUIRE(target != nullptr,
             "--mode must be scan, compact, radix or segmented, got '" + mode + "'");
  target->params_from_json(rest);
  mode_ = mode;
}

void ScanScene::reset() {
  step_ = 0;
  if (ScanAppMode* m = app_mode()) {
    m->reset(backend());
    return;
  }
  error_.clear();
  primary_.reset();
  compare_.reset();
  recorded_timeline_.reset();
  std::string label;
  input_ = scan_settings_input(settings_, label);
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
      generate_typed(settings_.distribution, settings_.params.type, settings_.record,
                     settings_.seed, data.data());
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

const ScalingData& ScanScene::scaling() {
  if (!scaling_) {
    std::vector<int64_t> sizes;
    for (int64_t n = 4; n <= 1024; n *= 2) sizes.push_back(n);
    scaling_ = compute_scaling(settings_.params, sizes);
  }
  return *scaling_;
}

int ScanScene::step_count() const {
  if (const ScanAppMode* m = app_mode()) return std::max(1, m->step_count());
  int count = primary_ ? static_cast<int>(primary_->run.trace.steps.size()) : 0;
  if (compare_) count = std::max(count, static_cast<int>(compare_->run.trace.steps.size()));
  return std::max(count, 1);
}

int ScanScene::current_step() const {
  if (const ScanAppMode* m = app_mode()) return m->current_step();
  return step_;
}

void ScanScene::seek(int step) {
  if (ScanAppMode* m = app_mode()) {
    m->seek(std::clamp(step, 0, step_count() - 1));
    return;
  }
  step_ = std::clamp(step, 0, step_count() - 1);
}

nlohmann::json ScanScene::results_json() const {
  if (const ScanAppMode* m = app_mode()) {
    nlohmann::json out = m->results_json();
    out["scene"] = id();
    out["mode"] = mode_;
    out["backend"] = backend_name(backend());
    if (!out.contains("params")) out["params"] = params_to_json();
    return out;
  }
  WS_REQUIRE(primary_.has_value(), error_.empty() ? std::string("scan: no run") : error_);
  const ScanRun& r = *primary_;
  const Trace& trace = r.run.trace;
  nlohmann::json steps = nlohmann::json::array();
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    nlohmann::json values = nlohmann::json::object();
    for (size_t b = 0; b < trace.buffers.size(); ++b) {
      nlohmann::json cells = nlohmann::json::array();
      for (double v : r.snapshots[s][b]) cells.push_back(value_or_null(v));
      values[trace.buffers[b].name] = std::move(cells);
    }
    const StepCounters& sc = r.counters.per_step[s];
    steps.push_back({{"label", trace.steps[s].label},
                     {"phase", trace.steps[s].phase},
                     {"code_marker", trace.steps[s].code_marker},
                     {"grid_dim", trace.steps[s].grid_dim},
                     {"block_dim", trace.steps[s].block_dim},
                     {"active_threads", active_threads(trace.steps[s])},
                     {"values", std::move(values)},
                     {"counters",
                      {{"ops", sc.ops},
                       {"active_threads", sc.active_threads},
                       {"lanes_consumed", sc.lanes_consumed},
                       {"divergent_warps", sc.divergent_warps},
                       {"barriers", sc.barriers}}}});
  }
  nlohmann::json wrong = nlohmann::json::array();
  for (size_t i = 0; i < r.wrong.size(); ++i)
    if (r.wrong[i]) wrong.push_back(i);
  nlohmann::json out = {{"scene", id()},
                        {"mode", mode_},
                        {"backend", backend_name(r.backend)},
                        {"params", params_to_json()},
                        {"input", r.input},
                        {"result", r.run.result},
                        {"reference", r.reference},
                        {"matches_reference", r.wrong_count == 0},
                        {"wrong_positions", wrong},
                        {"rounded_positions", r.rounded_count},
                        {"level_sizes", r.run.level_sizes},
                        {"steps", std::move(steps)},
                        {"counters", counters_json(r.counters)}};
  out["summary"] = std::string(scan::info(r.params.variant).id) + ", " +
                   std::to_string(r.input.size()) + " values, " +
                   (r.wrong_count == 0 ? "matches the serial scan"
                                       : std::to_string(r.wrong_count) + " positions WRONG");
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
  if (r.backend == Backend::Cuda)
    out["cpu_check"] = {
        {"match", r.cpu_check.empty()}, {"difference", r.cpu_check}, {"note", r.cpu_check_note}};
  if (compare_) {
    out["compare"] = {{"variant", scan::info(compare_->params.variant).id},
                      {"result", compare_->run.result},
                      {"matches_reference", compare_->wrong_count == 0},
                      {"counters", counters_json(compare_->counters)}};
  }
  return out;
}

}  // namespace ws::app
