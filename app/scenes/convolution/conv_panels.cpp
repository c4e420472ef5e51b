#include "conv_panels.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "i18n/i18n.h"
#include "scene_kit/image_source_panel.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

std::string conv_number(double v) {
  if (v != v) return "";
  char text[32];
  if (v == std::floor(v) && std::abs(v) < 1e9)
    std::snprintf(text, sizeof text, "%.0f", v);
  else
    std::snprintf(text, sizeof text, "%.4g", v);
  return text;
}

const char* boundary_phrase(conv::Boundary b) {
  switch (b) {
    case conv::Boundary::Zero:
      return tr("zero ghost cells");
    case conv::Boundary::Clamp:
      return tr("clamped ghost cells");
    case conv::Boundary::Mirror:
      return tr("mirrored ghost cells");
  }
  return "";
}

nlohmann::json conv_input_controls(const ConvSettings& s) {
  ImageSourcePanel panel;
  panel.id = "conv";
  panel.example = kConvBookValues;
  panel.example_label = tr("the book's example");
  return image_source_controls(s.source, panel);
}

nlohmann::json conv_filter_controls(const ConvSettings& s, bool boundary) {
  nlohmann::json edit = nlohmann::json::object();
  if (!panel_section(tr("Filter"), "conv-filter")) return edit;
  std::vector<std::string> names = conv::filter_names();
  names.push_back(tr("typed weights"));
  int index = static_cast<int>(names.size()) - 1;
  for (size_t k = 0; k + 1 < names.size(); ++k)
    if (s.filter == names[k]) index = static_cast<int>(k);
  const bool typed = s.typed_filter();
  if (combo(label_id(tr("filter"), "conv-filter-name").c_str(), index, names)) {
    if (index + 1 < static_cast<int>(names.size()))
      edit["filter"] = names[static_cast<size_t>(index)];
    else if (!typed)
      edit["filter"] = kConvBookFilter;
  }
  if (ImGui::SmallButton(label_id(tr("the book's filter"), "conv-book-filter").c_str())) {
    edit["filter"] = kConvBookFilter;
    edit["boundary"] = "zero";
  }
  ImGui::SameLine();
  ImGui::TextDisabled("f = [%s], %s", kConvBookFilter, boundary_phrase(conv::Boundary::Zero));
  static std::string weights, seen;
  if (typed && s.filter != seen) weights = seen = s.filter;
  if (typed && text_field(label_id(tr("weights"), "conv-weights").c_str(),
                          tr("odd counts: \"1 3 5 3 1\" or \"1 2 1; 2 4 2; 1 2 1\""), weights))
    edit["filter"] = weights;
  if (!typed) {
    int radius = s.radius;
    if (ImGui::SliderInt(label_id(tr("radius"), "conv-radius").c_str(), &radius, 0,
                         conv::kMaxRadius))
      edit["radius"] = radius;
    if (s.filter == "gaussian") {
      float sigma = static_cast<float>(s.sigma);
      if (ImGui::SliderFloat(label_id(tr("sigma (0: radius / 2)"), "conv-sigma").c_str(), &sigma, 0,
                             16))
        edit["sigma"] = sigma;
    }
  }
  if (boundary) {
    const std::vector<std::string> rules = {boundary_phrase(conv::Boundary::Zero),
                                            boundary_phrase(conv::Boundary::Clamp),
                                            boundary_phrase(conv::Boundary::Mirror)};
    int rule = static_cast<int>(s.boundary);
    if (combo(label_id(tr("boundary"), "conv-boundary").c_str(), rule, rules))
      edit["boundary"] = conv::boundary_name(static_cast<conv::Boundary>(rule));
  }
  return edit;
}

nlohmann::json conv_variant_controls(const ConvSettings& s, bool teach) {
  nlohmann::json edit = nlohmann::json::object();
  if (!panel_section(tr("Variant"), "conv-variant-header")) return edit;
  variant_controls(edit, label_id(tr("variant"), "conv-variant"), conv::variant_infos(), s.variant);
  if (!teach) return edit;
  const std::string compared = variant_combo(
      label_id(tr("compare with"), "conv-compare"), conv::variant_infos(),
      s.compare ? std::optional<conv::Variant>(s.compare_variant) : std::nullopt, " ", tr("none"));
  if (!compared.empty()) edit["compare"] = compared == "none" ? "" : compared;
  int tile = s.tile;
  const int max_tile = s.dims() == 1 ? conv::kTeachMaxLength : conv::kTeachMaxSide;
  if (ImGui::SliderInt(label_id(tr("tile (block edge)"), "conv-tile").c_str(), &tile, 4, max_tile))
    edit["tile"] = tile;
  return edit;
}

void conv_notes_panel() {
  if (!panel_section(tr("Notes"), "conv-notes", false)) return;
  wrapped_text(
      tr("Convolution makes every output a weighted sum of its input's neighbourhood: "
         "P[i] = sum over j of F[j] * N[i - r + j] for a filter of 2r + 1 weights (the book's "
         "definition: the filter is not flipped). The book's example x = [8 2 5 4 1 7 3] with "
         "f = [1 3 5 3 1] gives y = [51 53 52 47 46 51 37]; y[2] = 8 + 6 + 25 + 12 + 1 = 52."));
  wrapped_text(
      tr("Cells outside the input are ghost cells. Zero: they count as 0 and nobody loads them. "
         "Clamp: they repeat the edge value. Mirror: they reflect the input about its edge "
         "cell (... 2 1 | 0 1 2 ... n-1 | n-2 ...)."));
  wrapped_text(
      tr("The chapter is a lesson in arithmetic intensity. The basic kernel loads an input and a "
         "weight for every multiply-add: 2 operations per 8 bytes, 0.25 OP/B. Constant memory "
         "serves the weights from a cache, broadcast to the whole warp: 0.5 OP/B. Tiling loads "
         "each input once into shared memory and uses it up to (2r + 1)^2 times: a 5x5 filter on "
         "32x32 input tiles reaches 9.57 OP/B, and no tile can beat (2r + 1)^2 / 2 = 12.5."));
  wrapped_text(
      tr("Tiled with block = input tile (variant 3): every thread loads one cell, the tile's halo "
         "included, and only the inner threads compute: the halo threads load and idle. Tiled "
         "with block = output tile (variant 4): every thread computes, and the halo comes "
         "through the L1 and L2 caches instead of shared memory."));
}

}  // namespace ws::app
