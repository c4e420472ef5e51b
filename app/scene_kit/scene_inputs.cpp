#include "scene_inputs.h"

#include <filesystem>

#include "common/error.h"
#include "i18n/i18n.h"
#include "io/image_values.h"
#include "json_params.h"

namespace ws::app {

namespace {

// The labels make() writes (English: run --json keeps them), translated where a figure shows
// them with tr_text.
[[maybe_unused]] const char* const kInputLabels[] = {
    TR_NOOP("typed values"),
    TR_NOOP("uniform random, seed {0}"),
    TR_NOOP("equal random, seed {0}"),
    TR_NOOP("sorted random, seed {0}"),
    TR_NOOP("few-huge random, seed {0}"),
    TR_NOOP("{0} averaged to {1}"),
    TR_NOOP("{0} {1} averaged to {2}"),  // "camera.png 512×512 averaged to 64×64"
};

}  // namespace

InputSource InputSource::defaults(const InputLimits& limits) {
  InputSource s;
  s.values_text = limits.default_values;
  s.n = limits.default_n;
  return s;
}

std::set<std::string> input_keys(const InputLimits& limits) {
  std::set<std::string> keys = {"values", "n", "seed", "distribution"};
  if (limits.images) keys.insert("image");
  return keys;
}

InputSource InputSource::parsed(const nlohmann::json& j, ValueType type,
                                const InputLimits& limits) const {
  InputSource s = *this;
  const bool generated = j.contains("n") || j.contains("seed") || j.contains("distribution");
  if (j.contains("n")) s.n = json_int(j, "n", 1, limits.max_n);
  if (j.contains("seed")) s.seed = static_cast<uint64_t>(json_int(j, "seed", 0, INT64_MAX));
  if (j.contains("distribution")) {
    const std::string t = json_string(j, "distribution");
    WS_REQUIRE(parse_distribution(t, s.distribution),
               "--distribution: unknown '" + t + "' (uniform, equal, sorted, few-huge)");
  }
  if (generated && !j.contains("values")) s.values_text.clear();  // n random values asked for
  if (j.contains("values")) {
    s.values_text = json_string(j, "values");
    if (!s.values_text.empty()) {
      const auto values = parse_values(s.values_text, type);
      WS_REQUIRE(!values.empty(), std::string("--values: no numbers given"));
      WS_REQUIRE(static_cast<int64_t>(values.size()) <= limits.max_n,
                 "--values: teach mode shows at most " + std::to_string(limits.max_n) +
                     " values, got " + std::to_string(values.size()));
    }
  }
  if (limits.images && j.contains("image")) {
    s.image_path = json_string(j, "image");
    s.image_count = 0;
    if (!s.image_path.empty())  // readable? (its size is kept: count() needs no second read)
      s.image_count = static_cast<int64_t>(
          load_image_values(s.image_path, static_cast<int>(limits.max_n)).values.size());
  } else if (j.contains("values") || generated) {
    s.image_path.clear();  // another input was asked for
  }
  // Typed values must parse as the type (e.g. 2.5 is no int32), whichever key changed.
  if (s.image_path.empty() && !s.values_text.empty()) parse_values(s.values_text, type);
  return s;
}

void InputSource::to_json(nlohmann::json& j, const InputLimits& limits) const {
  j["values"] = values_text;
  j["n"] = n;
  j["seed"] = seed;
  j["distribution"] = distribution_name(distribution);
  if (limits.images) j["image"] = image_path;
}

std::vector<double> InputSource::make(ValueType type, const InputLimits& limits, std::string& label,
                                      int* image_width, int* image_height) const {
  if (image_width) *image_width = 0;
  if (image_height) *image_height = 0;
  if (!image_path.empty()) {
    ImageValues image = load_image_values(image_path, static_cast<int>(limits.max_n));
    label = std::filesystem::path(image.path).filename().string() + " " +
            std::to_string(image.source_width) + "\xC3\x97" + std::to_string(image.source_height);
    if (image.width != image.source_width)
      label +=
          " averaged to " + std::to_string(image.width) + "\xC3\x97" + std::to_string(image.height);
    if (image_width) *image_width = image.width;
    if (image_height) *image_height = image.height;
    return std::move(image.values);
  }
  if (!values_text.empty()) {
    label = "typed values";
    return parse_values(values_text, type);
  }
  label = std::string(distribution_name(distribution)) + " random, seed " + std::to_string(seed);
  return generate_values(distribution, type, n, seed);
}

int64_t InputSource::count(ValueType type, const InputLimits& limits) const {
  if (!image_path.empty()) {
    if (image_count > 0) return image_count;
    std::string label;
    return static_cast<int64_t>(make(type, limits, label).size());
  }
  if (!values_text.empty()) return static_cast<int64_t>(parse_values(values_text, type).size());
  return n;
}

std::optional<BinaryOp> op_param(const nlohmann::json& j, const char* key) {
  if (!j.contains(key)) return std::nullopt;
  const std::string t = json_string(j, key);
  const auto op = parse_op(t);
  WS_REQUIRE(op.has_value(),
             std::string("--") + key + ": unknown operator '" + t + "' (sum, product, min, max)");
  return op;
}

std::optional<ValueType> type_param(const nlohmann::json& j, const char* key) {
  if (!j.contains(key)) return std::nullopt;
  const std::string t = json_string(j, key);
  const auto type = parse_type(t);
  WS_REQUIRE(type.has_value(),
             std::string("--") + key + ": unknown type '" + t + "' (int32, float32)");
  return type;
}

std::optional<BinaryOp> op_param(ParamReader& keys, const char* key) {
  return keys.text(key) ? op_param(keys.json(), key) : std::nullopt;
}

std::optional<ValueType> type_param(ParamReader& keys, const char* key) {
  return keys.text(key) ? type_param(keys.json(), key) : std::nullopt;
}

InputSource InputSource::parsed(ParamReader& keys, ValueType type,
                                const InputLimits& limits) const {
  keys.take(input_keys(limits));
  return parsed(keys.json(), type, limits);
}

}  // namespace ws::app
