// The summed-area-table scene's parameters: one parse for the command line, sessions and the
// panels of every mode, each key read once; the mode the keys imply; the parameters as JSON.
#include <cctype>
#include <climits>

#include "common/error.h"
#include "sat_scene.h"
#include "common/variant_table.h"

namespace ws::app {

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

namespace {

// One whole number of a query at `p`: blanks, a sign, digits. False when there is none.
bool read_coordinate(const char*& p, const char* end, int& out) {
  while (p < end && std::isspace(static_cast<unsigned char>(*p))) ++p;
  const bool negative = p < end && *p == '-';
  if (p < end && (*p == '+' || *p == '-')) ++p;
  if (p == end || !std::isdigit(static_cast<unsigned char>(*p))) return false;
  int64_t v = 0;
  for (; p < end && std::isdigit(static_cast<unsigned char>(*p)); ++p) {
    v = v * 10 + (*p - '0');
    if (v > INT_MAX) return false;
  }
  out = static_cast<int>(negative ? -v : v);
  return true;
}

// "x0,y0,x1,y1" (the corners, inclusive), or "" for none yet.
std::array<int, 4> parse_query(const std::string& text) {
  if (text.empty()) return {-1, -1, -1, -1};
  std::array<int, 4> q{};
  const char* p = text.data();
  const char* end = p + text.size();
  bool ok = true;
  for (int k = 0; k < 4 && ok; ++k) {
    if (k > 0) ok = p < end && *p++ == ',';
    ok = ok && read_coordinate(p, end, q[k]);
  }
  if (!ok || p != end || q[0] < 0 || q[1] < 0 || q[2] < q[0] || q[3] < q[1])
    throw Error(
        "query: expected x0,y0,x1,y1 with 0 <= x0 <= x1 and 0 <= y0 <= y1 (the corners "
        "of the rectangle, inclusive), got '" +
        text + "'");
  return q;
}

}  // namespace

void SatScene::parse(SatSettings& s, ParamReader& keys, std::string& mode) const {
  // A query implies the query mode; the teach kernel teach mode; a filter setting the filter mode.
  if (!keys.has("mode")) {
    if (keys.has("query")) {
      mode = "query";
    } else if (keys.has("kernel")) {
      mode = "teach";
    } else {
      for (const char* key :
           {"radius", "method", "compare", "depth", "focus", "aperture", "colour"})
        if (keys.has(key)) mode = "filter";
    }
  }
  parse_image_source(s.source, keys, sat::kMaxSide);
  if (const auto v = keys.text("variant")) {
    if (!sat::parse_variant(*v, s.variant)) {
      throw Error("variant: expected 1-5 or one of " + variant_id_list(sat::variant_infos()) +
                  ", got '" + *v + "'");
    }
  }
  if (const auto t = keys.text("type"); t && !sat::parse_accum(*t, s.accum))
    throw Error("type: expected u8 (u8 -> u32), f32 (f32 -> f32) or f32-f64, got '" + *t + "'");
  if (const auto tile = keys.integer("tile", 2, 16)) s.tile = static_cast<int>(*tile);
  if (const auto k = keys.text("kernel"); k && !sat::parse_teach_kernel(*k, s.teach_kernel))
    throw Error(
        "kernel: expected table (the summed-area table of --variant) or fused (the fused box "
        "filter at --radius), got '" +
        *k + "'");
  // A table variant chosen without a kernel (the variant panel, the lecture's number keys) shows
  // that variant's table.
  if (keys.has("variant") && !keys.has("kernel")) s.teach_kernel = sat::TeachKernel::Table;
  if (const auto m = keys.text("method"); m && !sat::parse_filter_method(*m, s.method))
    throw Error("method: expected sat, direct, separable or fused, got '" + *m + "'");
  if (const auto m = keys.text("compare")) {
    s.compare = !m->empty();
    if (s.compare && !sat::parse_filter_method(*m, s.compare_method))
      throw Error(
          "compare: expected sat, direct, separable or fused (a second filter shown beside the "
          "first), got '" +
          *m + "'");
  }
  if (const auto r = keys.integer("radius", 0, sat::kMaxSide))
    s.filter.radius = static_cast<int>(*r);
  if (const auto depth = keys.text("depth")) s.depth = *depth;
  s.filter.depth_of_field = !s.depth.empty();
  if (const auto f = keys.number("focus", 0, 1)) s.filter.focus = static_cast<float>(*f);
  if (const auto a = keys.number("aperture", 0, sat::kMaxSide))
    s.filter.aperture = static_cast<float>(*a);
  if (const auto q = keys.text("query")) s.query = parse_query(*q);
  // The separable and the fused filter move one window over the whole image: one radius.
  auto one_radius = [](sat::FilterMethod m) {
    return m == sat::FilterMethod::Separable || m == sat::FilterMethod::Fused;
  };
  const auto needs_one_radius = [](const char* what, sat::FilterMethod m, const char* instead) {
    const std::string name = sat::filter_method_name(m);
    return Error(std::string(what) + " " + name + ": the " + name +
                 " filter needs one radius for the whole image; depth of field " + instead +
                 " sat or direct");
  };
  if (s.filter.depth_of_field && s.compare && one_radius(s.compare_method))
    throw needs_one_radius("compare", s.compare_method, "compares with");
  if (s.filter.depth_of_field && one_radius(s.method))
    throw needs_one_radius("method", s.method, "takes");
}

nlohmann::json SatScene::to_json(const SatSettings& s, const std::string& /*mode*/) const {
  const auto& q = s.query;
  nlohmann::json out = image_source_json(s.source);
  out.update({{"variant", sat::info(s.variant).id},
              {"type", sat::accum_name(s.accum)},
              {"tile", s.tile},
              {"kernel", sat::teach_kernel_name(s.teach_kernel)},
              {"method", sat::filter_method_name(s.method)},
              {"compare", s.compare ? sat::filter_method_name(s.compare_method) : ""},
              {"radius", s.filter.radius},
              {"depth", s.depth},
              {"focus", shortest_decimal(s.filter.focus)},
              {"aperture", shortest_decimal(s.filter.aperture)},
              {"query", s.has_query() ? std::to_string(q[0]) + "," + std::to_string(q[1]) + "," +
                                            std::to_string(q[2]) + "," + std::to_string(q[3])
                                      : ""}});
  return out;
}

}  // namespace ws::app
