// The compaction scene's parameters, teach run (checked against its CPU twin on CUDA), results
// and benchmark.
#include "compact_scene.h"

#include <algorithm>

#include "common/error.h"
#include "scan/scan.h"
#include "scene_kit/run_json.h"
#include "scene_kit/json_params.h"
#include "scenes/scan/scan_apps_bench.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {

constexpr double kDefaultImageThreshold = 128;

}  // namespace

InputLimits compact_input_limits() {
  InputLimits limits;
  limits.max_n = scan::kTeachMaxN;
  limits.images = true;
  limits.default_n = 32;
  return limits;
}

CompactScene::CompactScene() : input_(InputSource::defaults(compact_input_limits())) {
  params_.predicate = {compact::Predicate::Greater, 3};
}

SceneCapabilities CompactScene::capabilities() const {
  SceneCapabilities c;
  c.takes_image = true;
  c.benchable = true;
  return c;
}

void CompactScene::attach(SceneContext& context) {
  context_ = &context;
  reset();
}

nlohmann::json CompactScene::params_to_json() const {
  nlohmann::json j = {{"predicate", compact::predicate_name(params_.predicate.kind)},
                      {"threshold", params_.predicate.threshold},
                      {"type", type_name(params_.type)},
                      {"block", params_.block_dim}};
  input_.to_json(j, compact_input_limits());
  return j;
}

void CompactScene::params_from_json(const nlohmann::json& j) {
  const InputLimits limits = compact_input_limits();
  std::set<std::string> keys = input_keys(limits);
  keys.insert({"predicate", "threshold", "type", "block"});
  reject_unknown_keys(j, keys, "scan --mode compact");
  // Parse into copies: a bad value leaves the scene as it was.
  compact::Params p = params_;
  if (j.contains("predicate")) {
    const std::string s = json_string(j, "predicate");
    WS_REQUIRE(compact::parse_predicate(s, p.predicate.kind),
               "--predicate: unknown predicate '" + s + "' (greater, less, even, odd, nonzero)");
  }
  if (j.contains("threshold")) p.predicate.threshold = json_double(j, "threshold", -3.0e38, 3.0e38);
  if (const auto type = type_param(j)) p.type = *type;
  if (j.contains("block")) p.block_dim = static_cast<int>(json_int(j, "block", 0, 1024));
  const InputSource input = input_.parsed(j, p.type, limits);
  // Pixels are 0..255: keep the bright half unless a threshold was given with the image.
  if (!input.image_path.empty() && input_.image_path.empty() && !j.contains("threshold"))
    p.predicate.threshold = kDefaultImageThreshold;
  const int64_t n = input.image_path.empty() ? input.count(p.type, limits) : scan::kTeachMaxN;
  compact::validate(p, n, true);  // block size and n
  params_ = p;
  input_ = input;
}

void CompactScene::reset() {
  CompactRun r;
  const std::vector<double> input = input_.make(params_.type, compact_input_limits(), r.input_label,
                                                &r.image_width, &r.image_height);
  auto taught =
      teach_and_check(backend(), [&](Backend b) { return compact::teach(b, params_, input); });
  r.run = std::move(taught.run);
  r.traced = std::move(taught.traced);
  r.reference = compact::compact_reference(params_.predicate, r.run.input);
  run_ = std::move(r);
  cursor_.seek(cursor_.step(), step_count());
}

int CompactScene::step_count() const {
  return run_ ? step_count_of({&run_->run.trace}) : 1;
}

KernelSource CompactScene::kernel_source() const {
  KernelSource k{"kernels/compact/compact.cu", "teach", "",
                 tr("The teach kernels, traced step by step; fast mode counts, scans and scatters "
                    "whole tiles (the file's header).")};
  if (run_ && step() < static_cast<int>(run_->run.trace.steps.size()))
    k.marker = run_->run.trace.steps[step()].code_marker;
  return k;
}

void CompactScene::code_ui() {
  kernel_source_panel(kernel_source());
}

int CompactScene::buffer_index(const char* name) const {
  const auto& buffers = run_->run.trace.buffers;
  for (size_t b = 0; b < buffers.size(); ++b)
    if (buffers[b].name == name) return static_cast<int>(b);
  return -1;
}

int CompactScene::block_size() const {
  const int xy = buffer_index("XY");
  return xy >= 0 ? std::max(1, run_->run.trace.buffers[xy].size) : 1;
}

const std::vector<double>& CompactScene::snapshot(const char* buffer) const {
  static const std::vector<double> none;
  const int b = buffer_index(buffer);
  if (b < 0 || run_->traced.snapshots.empty()) return none;
  return run_->traced.snapshots[step()][b];
}

nlohmann::json CompactScene::results_json() const {
  WS_REQUIRE(run_.has_value(), std::string("compact: no run"));
  const CompactRun& r = *run_;
  const compact::TeachRun& t = r.run;
  const bool matches = t.output == r.reference;
  RunJson out;
  out.scene = id();
  out.params = params_to_json();
  out.backend = r.traced.backend;
  out.input = t.input;
  out.result = t.output;
  out.reference = r.reference;
  out.matches_reference = matches;
  out.set_trace(t.trace, r.traced);
  out.summary = "kept " + std::to_string(t.kept) + " of " + std::to_string(t.input.size()) +
                (matches ? ", matches std::copy_if" : ", DIFFERS from std::copy_if");
  out.extra = {{"input_label", r.input_label},
               {"predicate", compact::describe(params_.predicate)},
               {"flags", t.flags},
               {"positions", t.positions},
               {"kept", t.kept},
               {"dropped", static_cast<int64_t>(t.input.size()) - t.kept}};
  if (r.image_width > 0)
    out.extra["image"] = {{"width", r.image_width}, {"height", r.image_height}};
  return out.to_json();
}

BenchJob CompactScene::bench_job(const BenchRequest& request) const {
  return scan_apps_bench_job(request, ScanAppsBench::Compact);
}

}  // namespace ws::app
