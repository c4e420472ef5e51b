// The convolution scene's parameters: one parse for the command line, sessions and the panels of
// every mode, each key read once; the mode the keys imply; the filter as the kernels take it; the
// parameters as JSON.
#include <cctype>
#include <climits>

#include "common/error.h"
#include "common/variant_table.h"
#include "conv_scene.h"
#include "scene_kit/matrix_text.h"

namespace ws::app {

namespace {

std::string filter_name_list() {
  std::string list;
  for (const std::string& name : conv::filter_names()) list += (list.empty() ? "" : ", ") + name;
  return list;
}

// What --filter accepts, for the messages.
std::string filter_accepts() {
  return "a name (" + filter_name_list() +
         ") or weights such as \"1 3 5 3 1\" or \"1 2 1; 2 4 2; 1 2 1\"";
}

// Rows of a typed input, counted without reading the numbers (blank rows do not count).
int typed_rows(const std::string& text) {
  int rows = 0;
  bool blank = true;
  for (const char c : text + ";") {
    if (c == ';' || c == '\n') {
      rows += blank ? 0 : 1;
      blank = true;
    } else if (!std::isspace(static_cast<unsigned char>(c))) {
      blank = false;
    }
  }
  return rows;
}

// Typed weights: odd sides (a filter needs a centre), 1..63 each.
conv::Filter typed_filter_weights(const std::string& text) {
  MatrixText m;
  try {
    m = parse_matrix(text, -1e9, 1e9, false);
  } catch (const Error& e) {
    throw Error("filter: " + std::string(e.what()) + " (" + filter_accepts() + ")");
  }
  const int max_side = 2 * conv::kMaxRadius + 1;
  if (m.width % 2 == 0)
    throw Error("filter: " + std::to_string(m.width) +
                " weights in a row — a filter needs a centre: give an odd count 1.." +
                std::to_string(max_side));
  if (m.height % 2 == 0)
    throw Error("filter: " + std::to_string(m.height) +
                " rows — a filter needs a centre: give an odd number of rows 1.." +
                std::to_string(max_side));
  if (m.width > max_side || m.height > max_side)
    throw Error("filter: " + std::to_string(m.width) + " x " + std::to_string(m.height) +
                " weights; a filter has at most " + std::to_string(max_side) +
                " weights a side (radius " + std::to_string(conv::kMaxRadius) + ")");
  conv::Filter f;
  f.width = m.width;
  f.height = m.height;
  f.weights.assign(m.values.begin(), m.values.end());
  try {
    conv::validate(f);
  } catch (const Error& e) {
    throw Error("filter: " + std::string(e.what()));
  }
  return f;
}

}  // namespace

bool ConvSettings::typed_filter() const {
  for (const std::string& name : conv::filter_names())
    if (filter == name) return false;
  return true;
}

int ConvSettings::dims() const {
  if (!source.values.empty()) return typed_rows(source.values) <= 1 ? 1 : 2;
  if (source.image.empty() && source.random_size[1] == 1) return 1;
  return 2;
}

conv::FilterSpec ConvSettings::filter_spec(int dims) const {
  if (!typed_filter()) {
    try {
      return conv::named_filter(filter, radius, sigma, dims);
    } catch (const Error& e) {
      throw Error("filter " + filter + ": " + e.what());
    }
  }
  const char* first = filter.c_str();
  while (std::isspace(static_cast<unsigned char>(*first))) ++first;
  if (std::isalpha(static_cast<unsigned char>(*first)))
    throw Error("filter: unknown filter '" + filter + "' (" + filter_accepts() + ")");
  conv::FilterSpec spec;
  spec.name = "typed";
  spec.filter = typed_filter_weights(filter);
  return spec;
}

void ConvScene::parse(ConvSettings& s, ParamReader& keys, std::string& mode) const {
  // The intensity tile implies the intensity mode, a comparison with the CPU reference image the
  // filter mode.
  if (!keys.has("mode") && keys.has("intensity-tile")) mode = "intensity";
  if (!keys.has("mode") && keys.has("compare-cpu")) mode = "filter";
  // A photo named in teach mode is filtered whole (`run --image P --out filtered.png`); teach mode
  // takes one averaged down to 32x32 when asked for by name (--mode teach) or with a tile.
  const nlohmann::json& edit = keys.json();
  if (mode == "teach" && !keys.has("mode") && !keys.has("tile") && edit.contains("image") &&
      edit["image"].is_string() && !edit["image"].get<std::string>().empty())
    mode = "filter";
  parse_image_source(s.source, keys, conv::kMaxSide);
  if (const auto f = keys.text("filter")) {
    if (f->empty()) throw Error("filter: empty; expected " + filter_accepts());
    s.filter = *f;
  }
  const std::optional<int64_t> radius = keys.integer("radius", 0, conv::kMaxRadius);
  if (radius) s.radius = static_cast<int>(*radius);
  if (const auto sigma = keys.number("sigma", 0, 1000)) s.sigma = *sigma;
  if (const auto b = keys.text("boundary"); b && !conv::parse_boundary(*b, s.boundary))
    throw Error(
        "boundary: expected zero, clamp or mirror (what the ghost cells outside the "
        "input read), got '" +
        *b + "'");
  if (const auto v = keys.text("variant"); v && !conv::parse_variant(*v, s.variant))
    throw Error("variant: expected 1-5 or one of " + variant_id_list(conv::variant_infos()) +
                ", got '" + *v + "'");
  if (const auto t = keys.integer("tile", 4, conv::kTeachMaxLength)) s.tile = static_cast<int>(*t);
  if (const auto c = keys.text("compare")) {
    s.compare = !c->empty() && *c != "none";
    if (s.compare && !conv::parse_variant(*c, s.compare_variant))
      throw Error("compare: expected a variant to show beside the first (1-5 or one of " +
                  variant_id_list(conv::variant_infos()) + "), or \"\" for none, got '" + *c + "'");
  }
  if (const auto c = keys.flag("compare-cpu")) s.compare_cpu = *c;
  if (const auto t = keys.integer("intensity-tile", 3, 1024))
    s.intensity_tile = static_cast<int>(*t);

  // The filter, read once here: a typed filter's size is its weights', so --radius with it must
  // agree (a named filter takes its size from --radius).
  const conv::FilterSpec spec = s.filter_spec(s.dims());
  if (s.typed_filter()) {
    const int typed_radius = spec.filter.radius();
    if (radius && *radius != typed_radius)
      throw Error("radius " + std::to_string(*radius) + " with filter \"" + s.filter +
                  "\": typed weights set their own size (radius " + std::to_string(typed_radius) +
                  "); give --filter a name (" + filter_name_list() + ") to size it by --radius");
    s.radius = typed_radius;
  }
}

nlohmann::json ConvScene::to_json(const ConvSettings& s, const std::string& /*mode*/) const {
  nlohmann::json j = image_source_json(s.source);
  j["filter"] = s.filter;
  j["radius"] = s.radius;
  j["sigma"] = s.sigma;
  j["boundary"] = conv::boundary_name(s.boundary);
  j["variant"] = conv::info(s.variant).id;
  j["tile"] = s.tile;
  j["compare"] = s.compare ? conv::info(s.compare_variant).id : "";
  j["compare-cpu"] = s.compare_cpu;
  j["intensity-tile"] = s.intensity_tile;
  return j;
}

}  // namespace ws::app
