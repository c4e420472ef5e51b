#include "sat_filter_mode.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "common/error.h"
#include "i18n/i18n.h"
#include "interop/pixel_image.h"
#include "scenes/sat/sat_panels.h"

namespace ws::app {

namespace {

// The filter's controls: method, radius, comparison, depth of field. Returns what changed.
nlohmann::json filter_controls(const SatSettings& s, int max_radius) {
  nlohmann::json edit = nlohmann::json::object();
  // In FilterMethod's order: the list index is the method.
  const std::vector<std::string> methods = {
      tr("via the SAT (4 look-ups)"), tr("direct (sum the window)"), tr("separable running sums"),
      tr("fused (two table rows, no table)")};
  int method = static_cast<int>(s.method);
  if (combo(label_id(tr("method"), "sat-method").c_str(), method, methods))
    edit["method"] = sat::filter_method_name(static_cast<sat::FilterMethod>(method));
  int radius = s.filter.radius;
  if (ImGui::SliderInt(label_id(tr("radius"), "sat-radius").c_str(), &radius, 0,
                       std::max(max_radius, 1), "%d", ImGuiSliderFlags_Logarithmic))
    edit["radius"] = radius;
  bool compare = s.compare;
  if (ImGui::Checkbox(label_id(tr("compare with"), "sat-compare").c_str(), &compare))
    edit["compare"] = compare ? sat::filter_method_name(s.compare_method) : "";
  if (s.compare) {
    ImGui::SameLine();
    int other = static_cast<int>(s.compare_method);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
    if (combo("##compare", other, methods))
      edit["compare"] = sat::filter_method_name(static_cast<sat::FilterMethod>(other));
  }
  // The "depth" values, and what the list shows for each.
  const std::vector<std::string> depths = {"none (box filter)", "ramp", "bowl", "step"};
  int depth = 0;
  for (int k = 1; k < 4; ++k)
    if (s.depth == depths[k]) depth = k;
  if (!s.depth.empty() && depth == 0) depth = -1;
  // ("##" ends what ImGui shows: "step" alone would be the timeline's word in the catalog.)
  std::vector<std::string> depth_items = {tr("none (box filter)"), tr("ramp"), tr("bowl"),
                                          tr("step##depth map")};
  if (depth < 0) {
    depth_items.push_back(trf("file: {0}", s.depth));
    depth = 4;
  }
  if (combo(label_id(tr("depth of field"), "sat-depth").c_str(), depth, depth_items) && depth < 4)
    edit["depth"] = depth == 0 ? "" : depths[depth];
  static std::string depth_file;
  if (text_field(label_id(tr("depth map file"), "sat-depth-file").c_str(),
                 tr("a grey image of the image's size; Enter loads it"), depth_file))
    edit["depth"] = depth_file;
  if (s.filter.depth_of_field) {
    float focus = s.filter.focus, aperture = s.filter.aperture;
    if (ImGui::SliderFloat(label_id(tr("focus"), "sat-focus").c_str(), &focus, 0, 1))
      edit["focus"] = focus;
    if (ImGui::SliderFloat(label_id(tr("aperture (max radius)"), "sat-aperture").c_str(), &aperture,
                           0, 128))
      edit["aperture"] = aperture;
  }
  return edit;
}

}  // namespace

SatFilterMode::SatFilterMode() : live_(sat_filter_recipe()) {
  fast_.set_size_choices({"1024", "4096", "8192"}, 0);  // the bench's sizes
  // A new image clears the plot (it timed the old one); a new depth map is uploaded again.
  live_.on_adopted([this](bool new_input, bool new_extra) {
    if (new_input) plot_.clear();
    if (new_extra) depth_view_.uploaded = false;
    const auto& shown = live_.shown();
    if (context() && context()->has_gl && shown.extra && shown.settings.filter.depth_of_field)
      depth_view_.upload(*shown.extra, shown.in->input.width, shown.in->input.height, backend());
  });
}

void SatFilterMode::detach() {
  depth_view_.texture.reset();  // no GL objects outlive the context
  depth_view_.uploaded = false;
  live_.detach();
  LiveMode::detach();
}

void SatFilterMode::reset() {
  set_error("");
  // The image is read again only when the input changed (a slider only reruns the filter), the
  // depth map only when it or the image changed. The CPU engine runs on the worker (one per
  // job); CUDA's stays the mode's: its output goes to the screen through interop.
  live_.reset(settings(), backend(), context());
}

void SatFilterMode::tick(float /*dt*/) {
  // A photo that did not read, or a cancel: the previous one stays, and so do its settings
  // (but for the query and teach modes' own).
  const std::string error = live_.tick(backend(), context(), [this](const SatSettings& shown) {
    SatSettings& s = settings_to_keep();
    SatSettings kept = shown;
    kept.query = s.query;
    kept.tile = s.tile;
    kept.stash = s.stash;
    s = kept;
  });
  if (!error.empty()) set_error(error);
}

void SatFilterMode::measure_radius_plot(int repeats) {
  std::vector<RadiusTiming> plot;
  const auto& shown = live_.shown();
  const SatSettings& s = shown.settings;
  const double pixels = double(shown.in->input.pixels()) * shown.in->input.channels;
  // The direct filter costs (2r+1)^2 per pixel: it stops where one run would take too long.
  const double direct_budget = backend() == Backend::Cuda ? 4e10 : 2e8;
  for (int r : {1, 2, 4, 8, 16, 32, 64, 128, 256}) {
    sat::FilterParams f = s.filter;
    f.depth_of_field = false;
    f.radius = r;
    for (sat::FilterMethod m : {sat::FilterMethod::Sat, sat::FilterMethod::Fused,
                                sat::FilterMethod::Separable, sat::FilterMethod::Direct}) {
      if (m == sat::FilterMethod::Direct && pixels * (2.0 * r + 1) * (2.0 * r + 1) > direct_budget)
        continue;
      plot.push_back({m, r, live_.engine()->time_filter_ms(m, f, s.variant, s.accum, repeats)});
    }
  }
  plot_ = std::move(plot);
  // The engine's output is the shown one again.
  live_.rerun(backend(), context() && context()->has_gl);
}

void SatFilterMode::ui() {
  if (nlohmann::json e = sat_input_controls(settings(), true); !e.empty()) edit(e);
  if (nlohmann::json e = sat_variant_controls(settings(), false); !e.empty()) edit(e);
  if (panel_section(tr("Filter"), "sat-filter")) {
    const ImageInput& in = live_.shown().in->input;
    if (nlohmann::json e = filter_controls(settings(), std::max(in.width, in.height)); !e.empty())
      edit(e);
    if (background_work_status(live_.busy(), live_.progress(), live_.cancelled_job(),
                               "sat-filter-cancel"))
      live_.cancel();  // the previous image and settings stay
    char ms[32];
    std::snprintf(ms, sizeof ms, "%.3f", live_.shown().run.run_ms);
    ImGui::TextUnformatted(
        (settings().method == sat::FilterMethod::Sat
             ? trf("table + filter: {0} ms on {1} (wall time, incl. synchronisation)", ms,
                   backend_name(backend()))
             : trf("no table + filter: {0} ms on {1} (wall time, incl. synchronisation)", ms,
                   backend_name(backend())))
            .c_str());
    if (ImGui::Button(label_id(tr("Measure time against radius"), "sat-measure").c_str())) {
      try {
        measure_radius_plot();
      } catch (const Error& e) {
        set_error(e.what());
      }
    }
    ImGui::SameLine();
    ImGui::TextDisabled(
        "%s", tr("SAT, fused, separable and direct at r = 1..256 (direct while affordable)"));
  }
  // Fast mode times the scene's benchmark (every mode's).
  fast_mode(0, "", TR_NOOP("Fast mode: time every variant"));
  sat_notes_panel();
}

}  // namespace ws::app
