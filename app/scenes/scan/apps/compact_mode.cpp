#include "compact_mode.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "app_json.h"
#include "common/error.h"
#include "io/image_values.h"
#include "scenes/json_params.h"

namespace ws::app {

namespace {

const char* kDefaultValues = "3 1 7 0 4 1 6 3 5 2 8 1 9 4 2 6";
constexpr double kDefaultImageThreshold = 128;

}  // namespace

CompactMode::CompactMode() : values_text_(kDefaultValues) {
  params_.predicate = {compact::Predicate::Greater, 3};
}

nlohmann::json CompactMode::params_to_json() const {
  return {{"values", values_text_},
          {"n", n_},
          {"seed", seed_},
          {"distribution", distribution_name(distribution_)},
          {"image", image_path_},
          {"predicate", compact::predicate_name(params_.predicate.kind)},
          {"threshold", params_.predicate.threshold},
          {"type", type_name(params_.type)},
          {"block", params_.block_dim}};
}

void CompactMode::params_from_json(const nlohmann::json& j) {
  reject_unknown_keys(
      j,
      {"values", "n", "seed", "distribution", "image", "predicate", "threshold", "type", "block"},
      "scan --mode compact");
  // Parse into copies: a bad value leaves the mode as it was.
  compact::Params p = params_;
  std::string values = values_text_, image = image_path_;
  int64_t n = n_;
  uint64_t seed = seed_;
  Distribution distribution = distribution_;
  const bool random_asked = j.contains("n") || j.contains("seed") || j.contains("distribution");
  if (j.contains("predicate")) {
    const std::string s = json_string(j, "predicate");
    WS_REQUIRE(compact::parse_predicate(s, p.predicate.kind),
               "--predicate: unknown predicate '" + s + "' (greater, less, even, odd, nonzero)");
  }
  if (j.contains("threshold")) p.predicate.threshold = json_double(j, "threshold", -3.0e38, 3.0e38);
  if (j.contains("type")) {
    const std::string s = json_string(j, "type");
    const auto type = parse_type(s);
    WS_REQUIRE(type.has_value(), "--type: unknown type '" + s + "' (int32, float32)");
    p.type = *type;
  }
  if (j.contains("block")) p.block_dim = static_cast<int>(json_int(j, "block", 0, 1024));
  if (j.contains("n")) n = json_int(j, "n", 1, scan::kTeachMaxN);
  if (j.contains("seed")) seed = static_cast<uint64_t>(json_int(j, "seed", 0, INT64_MAX));
  if (j.contains("distribution")) {
    const std::string s = json_string(j, "distribution");
    WS_REQUIRE(parse_distribution(s, distribution),
               "--distribution: unknown '" + s + "' (uniform, equal, sorted, few-huge)");
  }
  if (random_asked && !j.contains("values")) values.clear();
  if (j.contains("values")) {
    values = json_string(j, "values");
    if (!values.empty()) {
      const auto parsed = parse_values(values, p.type);
      WS_REQUIRE(!parsed.empty(), std::string("--values: no numbers given"));
      WS_REQUIRE(static_cast<int64_t>(parsed.size()) <= scan::kTeachMaxN,
                 "--values: teach mode shows at most " + std::to_string(scan::kTeachMaxN) +
                     " values, got " + std::to_string(parsed.size()));
    }
  }
  if (j.contains("image")) {
    image = json_string(j, "image");
    if (!image.empty()) {
      load_image_values(image, static_cast<int>(scan::kTeachMaxN));  // throws for a bad file
      // Pixels are 0..255: keep the bright half unless a threshold was given with the image.
      if (!j.contains("threshold") && image_path_.empty())
        p.predicate.threshold = kDefaultImageThreshold;
    }
  } else if (j.contains("values") || random_asked) {
    image.clear();  // another input was asked for
  }
  int64_t input_n = values.empty() ? n : static_cast<int64_t>(parse_values(values, p.type).size());
  if (!image.empty()) input_n = scan::kTeachMaxN;
  compact::validate(p, input_n, true);  // block size and n
  params_ = p;
  values_text_ = values;
  image_path_ = image;
  n_ = n;
  seed_ = seed;
  distribution_ = distribution;
}

std::vector<double> CompactMode::make_input(std::string& label, int& width, int& height) const {
  width = height = 0;
  if (!image_path_.empty()) {
    ImageValues image = load_image_values(image_path_, static_cast<int>(scan::kTeachMaxN));
    label = std::filesystem::path(image.path).filename().string() + " " +
            std::to_string(image.source_width) + "\xC3\x97" + std::to_string(image.source_height);
    if (image.width != image.source_width)
      label +=
          " averaged to " + std::to_string(image.width) + "\xC3\x97" + std::to_string(image.height);
    width = image.width;
    height = image.height;
    return std::move(image.values);
  }
  if (!values_text_.empty()) {
    label = "typed values";
    return parse_values(values_text_, params_.type);
  }
  label = std::string(distribution_name(distribution_)) + " random, seed " + std::to_string(seed_);
  return generate_values(distribution_, params_.type, n_, seed_);
}

void CompactMode::reset(Backend backend) {
  CompactRun r;
  const std::vector<double> input = make_input(r.input_label, r.image_width, r.image_height);
  r.backend = backend;
  r.run = compact::teach(backend, params_, input);
  r.counters = compute_counters(r.run.trace);
  r.snapshots = replay_snapshots(r.run.trace);
  r.reference = compact::compact_reference(params_.predicate, r.run.input);
  if (backend == Backend::Cuda)
    r.cpu_check = compare_traces(compact::teach(Backend::Cpu, params_, input).trace, r.run.trace);
  run_ = std::move(r);
  step_ = std::clamp(step_, 0, step_count() - 1);
}

int CompactMode::step_count() const {
  return run_ ? std::max<int>(1, static_cast<int>(run_->run.trace.steps.size())) : 1;
}

void CompactMode::seek(int step) {
  step_ = std::clamp(step, 0, step_count() - 1);
}

ScanAppMode::CodeRef CompactMode::code() const {
  CodeRef ref{"kernels/compact/compact.cu", "teach", "", ""};
  if (run_ && step_ < static_cast<int>(run_->run.trace.steps.size()))
    ref.marker = run_->run.trace.steps[step_].code_marker;
  ref.note =
      "The teach kernels, traced step by step; fast mode counts, scans and scatters whole "
      "tiles (the file's header).";
  return ref;
}

int CompactMode::buffer_index(const char* name) const {
  const auto& buffers = run_->run.trace.buffers;
  for (size_t b = 0; b < buffers.size(); ++b)
    if (buffers[b].name == name) return static_cast<int>(b);
  return -1;
}

int CompactMode::block_size() const {
  const int xy = buffer_index("XY");
  return xy >= 0 ? std::max(1, run_->run.trace.buffers[xy].size) : 1;
}

const std::vector<double>& CompactMode::snapshot(const char* buffer) const {
  static const std::vector<double> none;
  const int b = buffer_index(buffer);
  if (b < 0 || run_->snapshots.empty()) return none;
  return run_->snapshots[step_][b];
}

nlohmann::json CompactMode::results_json() const {
  if (!run_) return {{"mode", id()}, {"error", "not run yet"}};
  const CompactRun& r = *run_;
  const compact::TeachRun& t = r.run;
  const bool matches = t.output == r.reference;
  nlohmann::json out = {
      {"mode", id()},
      {"backend", backend_name(r.backend)},
      {"params", params_to_json()},
      {"input_label", r.input_label},
      {"predicate", compact::describe(params_.predicate)},
      {"input", t.input},
      {"flags", t.flags},
      {"positions", t.positions},
      {"output", t.output},
      {"reference", r.reference},
      {"matches_reference", matches},
      {"kept", t.kept},
      {"dropped", static_cast<int64_t>(t.input.size()) - t.kept},
      {"steps", scan_apps::steps_json(t.trace, r.snapshots, r.counters)},
      {"counters", scan_apps::counters_json(r.counters)},
      {"summary", "kept " + std::to_string(t.kept) + " of " + std::to_string(t.input.size()) +
                      (matches ? ", matches std::copy_if" : ", DIFFERS from std::copy_if")}};
  if (r.backend == Backend::Cuda)
    out["cpu_check"] = {{"match", r.cpu_check.empty()}, {"difference", r.cpu_check}};
  if (r.image_width > 0) out["image"] = {{"width", r.image_width}, {"height", r.image_height}};
  if (const nlohmann::json fast = fast_.last_json(); !fast.is_null()) out["fast"] = fast;
  return out;
}

}  // namespace ws::app
