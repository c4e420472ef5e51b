#include "segmented_mode.h"

#include <algorithm>
#include <cmath>

#include "app_json.h"
#include "common/error.h"
#include "scenes/json_params.h"

namespace ws::app {

namespace {

const char* kDefaultSegments = "[1 2] [6 7 1] [1 2 3 4]";

}  // namespace

SegmentedMode::SegmentedMode() : segments_text_(kDefaultSegments) {}

nlohmann::json SegmentedMode::params_to_json() const {
  return {{"segments", segments_text_},
          {"op", op_name(params_.op)},
          {"type", type_name(params_.type)},
          {"inclusive", params_.inclusive},
          {"block", params_.block_dim}};
}

void SegmentedMode::params_from_json(const nlohmann::json& j) {
  reject_unknown_keys(j, {"segments", "op", "type", "inclusive", "exclusive", "block"},
                      "scan --mode segmented");
  segscan::Params p = params_;
  std::string text = segments_text_;
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
  if (j.contains("inclusive")) p.inclusive = json_bool(j, "inclusive");
  if (j.contains("exclusive")) {
    const bool exclusive = json_bool(j, "exclusive");
    WS_REQUIRE(!j.contains("inclusive") || p.inclusive != exclusive,
               std::string("--inclusive and --exclusive contradict each other"));
    p.inclusive = !exclusive;
  }
  if (j.contains("block")) p.block_dim = static_cast<int>(json_int(j, "block", 0, 1024));
  if (j.contains("segments")) text = json_string(j, "segments");
  segscan::Segments parsed;
  try {
    parsed = segscan::parse_segments(text);
  } catch (const Error& e) {
    throw Error(std::string("--segments: ") + e.what());
  }
  WS_REQUIRE(!parsed.values.empty(), std::string("--segments: no values given"));
  for (double v : parsed.values) {
    if (p.type == ValueType::Int32)
      WS_REQUIRE(v == std::floor(v) && std::abs(v) <= 2147483647.0,
                 "--segments: " + std::to_string(v) + " is not an int32 (try --type float32)");
  }
  segscan::validate(p, static_cast<int64_t>(parsed.values.size()), true);
  params_ = p;
  segments_text_ = text;
}

void SegmentedMode::reset(Backend backend) {
  backend_ = backend;
  segments_ = segscan::parse_segments(segments_text_);
  run_ = segscan::teach(backend, params_, segments_);
  reference_ = segscan::segmented_serial(params_, segments_);
  counters_ = compute_counters(run_->trace);
  cpu_check_.clear();
  if (backend == Backend::Cuda)
    cpu_check_ =
        compare_traces(segscan::teach(Backend::Cpu, params_, segments_).trace, run_->trace);
  snapshots_ = replay_snapshots(run_->trace);
  step_ = std::clamp(step_, 0, step_count() - 1);
}

int SegmentedMode::step_count() const {
  return run_ ? std::max<int>(1, static_cast<int>(run_->trace.steps.size())) : 1;
}

void SegmentedMode::seek(int step) {
  step_ = std::clamp(step, 0, step_count() - 1);
}

ScanAppMode::CodeRef SegmentedMode::code() const {
  CodeRef ref{"kernels/segmented_scan/segmented_scan.cu", "teach", "", ""};
  if (run_ && step_ < static_cast<int>(run_->trace.steps.size()))
    ref.marker = run_->trace.steps[step_].code_marker;
  return ref;
}

int SegmentedMode::buffer_index(const char* name) const {
  const auto& buffers = run_->trace.buffers;
  for (size_t b = 0; b < buffers.size(); ++b)
    if (buffers[b].name == name) return static_cast<int>(b);
  return -1;
}

std::vector<int> SegmentedMode::segment_of() const {
  std::vector<int> seg(segments_.values.size());
  int current = -1;
  for (size_t i = 0; i < seg.size(); ++i) {
    if (i == 0 || segments_.heads[i]) ++current;
    seg[i] = current;
  }
  return seg;
}

nlohmann::json SegmentedMode::results_json() const {
  if (!run_) return {{"mode", id()}, {"error", "not run yet"}};
  std::vector<int> heads(segments_.heads.begin(), segments_.heads.end());
  const bool matches = run_->result == reference_;
  nlohmann::json out = {{"mode", id()},
                        {"backend", backend_name(backend_)},
                        {"params", params_to_json()},
                        {"segments", segscan::format_segments(segments_)},
                        {"values", segments_.values},
                        {"heads", heads},
                        {"result", run_->result},
                        {"reference", reference_},
                        {"matches_reference", matches},
                        {"steps", scan_apps::steps_json(run_->trace, snapshots_, counters_)},
                        {"counters", scan_apps::counters_json(counters_)},
                        {"summary", std::string(params_.inclusive ? "inclusive " : "exclusive ") +
                                        op_name(params_.op) + " over " +
                                        std::to_string(segments_.values.size()) + " values: " +
                                        (matches ? "matches the per-segment reference"
                                                 : "DIFFERS from the per-segment reference")}};
  if (backend_ == Backend::Cuda)
    out["cpu_check"] = {{"match", cpu_check_.empty()}, {"difference", cpu_check_}};
  if (const nlohmann::json fast = fast_.last_json(); !fast.is_null()) out["fast"] = fast;
  return out;
}

}  // namespace ws::app
