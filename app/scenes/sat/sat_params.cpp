// The summed-area-table scene's parameters as JSON: one parser for the command line, sessions and
// the panels of every mode.
#include <cstdio>

#include "common/error.h"
#include "sat_settings.h"
#include "scene_kit/json_params.h"

namespace ws::app {

std::string SatSettings::input_label() const {
  if (!values.empty()) return "typed values";
  if (!image.empty()) return image;
  return "random " + std::to_string(random_size[0]) + "x" + std::to_string(random_size[1]) +
         ", seed " + std::to_string(seed);
}

const char* accum_label(sat::Accum a) {
  switch (a) {
    case sat::Accum::U8U32:
      return "u8 -> u32";
    case sat::Accum::F32F32:
      return "f32 -> f32";
    case sat::Accum::F32F64:
      return "f32 -> f64";
  }
  return "?";
}

nlohmann::json sat_params_json(const SatSettings& s) {
  nlohmann::json j = {
      {"values", s.values},
      {"image", s.image},
      {"size", std::to_string(s.random_size[0]) + "x" + std::to_string(s.random_size[1])},
      {"seed", s.seed},
      {"colour", s.rgb ? "rgb" : "luminance"},
      {"variant", sat::info(s.variant).id},
      {"type", sat::accum_name(s.accum)},
      {"tile", s.tile},
      {"method", sat::filter_method_name(s.method)},
      {"compare", s.compare ? sat::filter_method_name(s.compare_method) : ""},
      {"radius", s.filter.radius},
      {"depth", s.depth},
      {"focus", shortest_decimal(s.filter.focus)},
      {"aperture", shortest_decimal(s.filter.aperture)}};
  if (s.has_query()) {
    const auto& q = s.query;
    j["query"] = std::to_string(q[0]) + "," + std::to_string(q[1]) + "," + std::to_string(q[2]) +
                 "," + std::to_string(q[3]);
  } else {
    j["query"] = "";
  }
  return j;
}

namespace {

std::array<int, 4> parse_query(const nlohmann::json& j) {
  const std::string text = json_string(j, "query");
  if (text.empty()) return {-1, -1, -1, -1};
  std::array<int, 4> q{};
  int used = 0;
  char tail = 0;
  if (std::sscanf(text.c_str(), "%d,%d,%d,%d%n%c", &q[0], &q[1], &q[2], &q[3], &used, &tail) != 4 ||
      q[0] < 0 || q[1] < 0 || q[2] < q[0] || q[3] < q[1])
    throw Error(
        "query: expected x0,y0,x1,y1 with 0 <= x0 <= x1 and 0 <= y0 <= y1 (the corners "
        "of the rectangle, inclusive), got '" +
        text + "'");
  return q;
}

}  // namespace

SatSettings parse_sat_params(const SatSettings& current, const nlohmann::json& j) {
  reject_unknown_keys(
      j,
      {"mode", "values", "image", "size", "seed", "colour", "variant", "type", "tile", "method",
       "compare", "radius", "depth", "focus", "aperture", "query"},
      kSatSceneId);
  SatSettings s = current;
  // One input at a time: an image or random size given alone replaces typed values.
  if (j.contains("values")) s.values = json_string(j, "values");
  if (j.contains("image")) {
    s.image = json_string(j, "image");
    if (!j.contains("values") && !s.image.empty()) s.values.clear();
  }
  if (j.contains("size")) {
    const std::vector<int> d = json_dims(j, "size");
    if (d.size() > 2 || d[0] > sat::kMaxSide || d.back() > sat::kMaxSide)
      throw Error("size: expected W or WxH with sides 1.." + std::to_string(sat::kMaxSide) +
                  " (a random image)");
    s.random_size = {d[0], d.size() == 2 ? d[1] : d[0]};
    if (!j.contains("values")) s.values.clear();
    if (!j.contains("image")) s.image.clear();
  }
  if (j.contains("seed")) s.seed = static_cast<uint64_t>(json_int(j, "seed", 0, INT64_MAX));
  if (j.contains("colour")) {
    const std::string c = json_string(j, "colour");
    if (c != "rgb" && c != "luminance")
      throw Error("colour: expected luminance or rgb, got '" + c + "'");
    s.rgb = c == "rgb";
  }
  if (j.contains("variant")) {
    const std::string v = json_string(j, "variant");
    if (!sat::parse_variant(v, s.variant)) {
      std::string ids;
      for (const auto& i : sat::variant_infos())
        ids += (ids.empty() ? "" : ", ") + std::string(i.id);
      throw Error("variant: expected 1-5 or one of " + ids + ", got '" + v + "'");
    }
  }
  if (j.contains("type")) {
    const std::string t = json_string(j, "type");
    if (!sat::parse_accum(t, s.accum))
      throw Error("type: expected u8 (u8 -> u32), f32 (f32 -> f32) or f32-f64, got '" + t + "'");
  }
  if (j.contains("tile")) s.tile = static_cast<int>(json_int(j, "tile", 2, 16));
  if (j.contains("method")) {
    const std::string m = json_string(j, "method");
    if (!sat::parse_filter_method(m, s.method))
      throw Error("method: expected sat, direct or separable, got '" + m + "'");
  }
  if (j.contains("compare")) {
    const std::string m = json_string(j, "compare");
    s.compare = !m.empty();
    if (s.compare && !sat::parse_filter_method(m, s.compare_method))
      throw Error(
          "compare: expected sat, direct or separable (a second filter shown beside the "
          "first), got '" +
          m + "'");
  }
  if (j.contains("radius"))
    s.filter.radius = static_cast<int>(json_int(j, "radius", 0, sat::kMaxSide));
  if (j.contains("depth")) s.depth = json_string(j, "depth");
  s.filter.depth_of_field = !s.depth.empty();
  if (j.contains("focus")) s.filter.focus = static_cast<float>(json_double(j, "focus", 0, 1));
  if (j.contains("aperture"))
    s.filter.aperture = static_cast<float>(json_double(j, "aperture", 0, sat::kMaxSide));
  if (j.contains("query")) s.query = parse_query(j);
  if (s.filter.depth_of_field && s.compare && s.compare_method == sat::FilterMethod::Separable)
    throw Error(
        "compare separable: a separable filter needs one radius for the whole image; "
        "depth of field compares with sat or direct");
  if (s.filter.depth_of_field && s.method == sat::FilterMethod::Separable)
    throw Error(
        "method separable: a separable filter needs one radius for the whole image; "
        "depth of field takes sat or direct");
  return s;
}

}  // namespace ws::app
