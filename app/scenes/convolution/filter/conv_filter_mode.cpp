#include "conv_filter_mode.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "i18n/i18n.h"
#include "interop/pixel_image.h"
#include "scene_kit/image_source_panel.h"

namespace ws::app {

namespace {

// The filter's controls: the named list (and typed weights), radius, sigma, ghost cells.
void filter_controls(const ConvSettings& s, nlohmann::json& edit) {
  const std::vector<std::string>& names = conv::filter_names();
  std::vector<std::string> items(names.begin(), names.end());
  items.push_back(tr("typed weights"));
  int chosen = static_cast<int>(names.size());
  for (size_t k = 0; k < names.size(); ++k)
    if (s.filter == names[k]) chosen = static_cast<int>(k);
  const bool typed = chosen == static_cast<int>(names.size());
  if (combo(label_id(tr("filter"), "conv-filter-name").c_str(), chosen, items) &&
      chosen < static_cast<int>(names.size()))
    edit["filter"] = names[size_t(chosen)];
  // The field shows the settings' weights until the user types (an edit may change them).
  static std::string weights, seen;
  if (typed && s.filter != seen) weights = seen = s.filter;
  if (text_field(label_id(tr("weights"), "conv-filter-weights").c_str(),
                 tr("rows separated by ';', e.g. 1 2 1; 2 4 2; 1 2 1; Enter applies them"),
                 weights))
    edit["filter"] = weights;
  if (!typed) {
    // The tiled variants (3-5) take radius 0..7; basic and constant up to 31.
    const int max_radius = conv::is_tiled(s.variant) ? conv::kMaxTiledRadius : conv::kMaxRadius;
    int radius = s.radius;
    if (ImGui::SliderInt(label_id(tr("radius"), "conv-radius").c_str(), &radius, 0, max_radius))
      edit["radius"] = radius;
    if (s.filter == "gaussian") {
      float sigma = static_cast<float>(s.sigma);
      if (ImGui::SliderFloat(label_id(tr("sigma (0: radius / 2)"), "conv-sigma").c_str(), &sigma, 0,
                             16))
        edit["sigma"] = sigma;
    }
  }
  const std::vector<std::string> rules = {tr("zero"), tr("clamp"), tr("mirror")};
  int rule = static_cast<int>(s.boundary);
  if (combo(label_id(tr("ghost cells"), "conv-boundary").c_str(), rule, rules))
    edit["boundary"] = conv::boundary_name(static_cast<conv::Boundary>(rule));
}

// The difference view: off, against the CPU reference or a second variant.
void compare_controls(const ConvSettings& s, nlohmann::json& edit) {
  std::vector<std::string> items = {tr("none"), tr("the CPU reference (double)")};
  for (const conv::VariantInfo& v : conv::variant_infos())
    items.push_back(trf("variant {0}", v.id));
  int chosen = s.compare_cpu ? 1 : s.compare ? 1 + static_cast<int>(s.compare_variant) : 0;
  if (!combo(label_id(tr("difference against"), "conv-compare").c_str(), chosen, items)) return;
  edit["compare-cpu"] = chosen == 1;
  edit["compare"] = chosen >= 2 ? conv::variant_infos()[size_t(chosen - 2)].id : "";
}

}  // namespace

ConvFilterMode::ConvFilterMode() : live_(conv_filter_recipe()) {
  fast_.set_size_choices({"1024", "4096", "8192"}, 0);  // the bench's sizes
}

void ConvFilterMode::detach() {
  live_.detach();  // no GL objects outlive the context
  LiveMode::detach();
}

void ConvFilterMode::reset() {
  set_error("");
  // A slider reruns the filter on the image already read; the CPU engine filters on the worker,
  // CUDA's here so its output reaches the screen through interop.
  live_.reset(settings(), backend(), context());
}

void ConvFilterMode::tick(float /*dt*/) {
  // A photo that did not read, a radius the variant refused, or a cancel: the image shown stays,
  // and so do its settings (but for the teach and intensity modes' own).
  const std::string error = live_.tick(backend(), context(), [this](const ConvSettings& shown) {
    ConvSettings& s = settings_to_keep();
    ConvSettings kept = shown;
    kept.tile = s.tile;
    kept.intensity_tile = s.intensity_tile;
    s = kept;
  });
  if (!error.empty()) set_error(error);
}

void ConvFilterMode::ui() {
  const ConvSettings& s = settings();
  nlohmann::json edit = nlohmann::json::object();
  ImageSourcePanel photo;
  photo.id = "conv-filter";
  photo.values = false;  // typed arrays are teach mode's
  photo.colour = true;
  edit.update(image_source_controls(s.source, photo));
  if (panel_section(tr("Filter"), "conv-filter")) {
    filter_controls(s, edit);
    variant_controls(edit, label_id(tr("variant"), "conv-variant"), conv::variant_infos(),
                     s.variant);
    compare_controls(s, edit);
    if (background_work_status(live_.busy(), live_.progress(), live_.cancelled_job(),
                               "conv-filter-cancel"))
      live_.cancel();  // the previous image and settings stay
    const auto& shown = live_.shown();
    if (!shown.empty()) {
      char line[64];
      std::snprintf(line, sizeof line, "%.3f", shown.run.run_ms);
      char rate[32];
      std::snprintf(rate, sizeof rate, "%.3g",
                    conv_gpixels_per_s(shown.in->input.pixels(), shown.run.run_ms));
      ImGui::TextUnformatted(trf("{0} ms, {1} Gpixels/s on {2} (wall time, incl. synchronisation)",
                                 line, rate, backend_name(backend()))
                                 .c_str());
    }
  }
  if (!edit.empty()) this->edit(edit);
  // Fast mode times the scene's benchmark (every mode's).
  fast_mode(0, "", TR_NOOP("Fast mode: time every variant"));
}

}  // namespace ws::app
