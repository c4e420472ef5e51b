// The segmented scan scene's parameters, teach run (checked against its CPU twin on CUDA),
// results and benchmark.
#include "segmented_scene.h"

#include <algorithm>
#include <cmath>

#include "common/error.h"
#include "scene_kit/run_json.h"
#include "scene_kit/scene_inputs.h"
#include "scene_kit/json_params.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {

const char* kDefaultSegments = "[1 2] [6 7 1] [1 2 3 4]";

}  // namespace

SegmentedScene::SegmentedScene() : segments_text_(kDefaultSegments) {}

SceneCapabilities SegmentedScene::capabilities() const {
  SceneCapabilities c;
  c.benchable = true;
  return c;
}

void SegmentedScene::attach(SceneContext& context) {
  context_ = &context;
  reset();
}

nlohmann::json SegmentedScene::params_to_json() const {
  return {{"segments", segments_text_},
          {"op", op_name(params_.op)},
          {"type", type_name(params_.type)},
          {"inclusive", params_.inclusive},
          {"block", params_.block_dim}};
}

void SegmentedScene::params_from_json(const nlohmann::json& j) {
  reject_unknown_keys(j, {"segments", "op", "type", "inclusive", "exclusive", "block"},
                      "scan --mode segmented");
  segscan::Params p = params_;
  std::string text = segments_text_;
  if (const auto op = op_param(j)) p.op = *op;
  if (const auto type = type_param(j)) p.type = *type;
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

void SegmentedScene::reset() {
  segments_ = segscan::parse_segments(segments_text_);
  auto taught =
      teach_and_check(backend(), [&](Backend b) { return segscan::teach(b, params_, segments_); });
  run_ = std::move(taught.run);
  traced_ = std::move(taught.traced);
  reference_ = segscan::segmented_serial(params_, segments_);
  cursor_.seek(cursor_.step(), step_count());
}

int SegmentedScene::step_count() const {
  return run_ ? step_count_of({&run_->trace}) : 1;
}

KernelSource SegmentedScene::kernel_source() const {
  KernelSource k{"kernels/segmented_scan/segmented_scan.cu", "teach", "", ""};
  if (run_ && step() < static_cast<int>(run_->trace.steps.size()))
    k.marker = run_->trace.steps[step()].code_marker;
  return k;
}

void SegmentedScene::code_ui() {
  kernel_source_panel(kernel_source());
}

int SegmentedScene::buffer_index(const char* name) const {
  const auto& buffers = run_->trace.buffers;
  for (size_t b = 0; b < buffers.size(); ++b)
    if (buffers[b].name == name) return static_cast<int>(b);
  return -1;
}

std::vector<int> SegmentedScene::segment_of() const {
  std::vector<int> seg(segments_.values.size());
  int current = -1;
  for (size_t i = 0; i < seg.size(); ++i) {
    if (i == 0 || segments_.heads[i]) ++current;
    seg[i] = current;
  }
  return seg;
}

nlohmann::json SegmentedScene::results_json() const {
  WS_REQUIRE(run_.has_value(), std::string("segmented: no run"));
  const bool matches = run_->result == reference_;
  RunJson out;
  out.scene = id();
  out.params = params_to_json();
  out.backend = traced_.backend;
  out.input = segments_.values;
  out.result = run_->result;
  out.reference = reference_;
  out.matches_reference = matches;
  out.set_trace(run_->trace, traced_);
  out.summary =
      std::string(params_.inclusive ? "inclusive " : "exclusive ") + op_name(params_.op) +
      " over " + std::to_string(segments_.values.size()) + " values: " +
      (matches ? "matches the per-segment reference" : "DIFFERS from the per-segment reference");
  out.extra = {{"segments", segscan::format_segments(segments_)},
               {"heads", std::vector<int>(segments_.heads.begin(), segments_.heads.end())}};
  return out.to_json();
}

}  // namespace ws::app
