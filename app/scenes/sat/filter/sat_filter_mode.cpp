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

// Adopts the finished job, if any, into what the figure shows: its image, depth map and filter run
// (running it on `backend`'s engine first when the job did not filter: CUDA), then the textures.
// Throws the job's error (the previous image stays).
void adopt_finished(BackgroundWork<SatFilterJob>& work, SatFilterShown& shown, SatFilterView& view,
                    Backend backend, bool has_gl) {
  std::optional<SatFilterJob> w = work.take();
  if (!w) return;
  const bool new_input = w->image != shown.in;
  const ImageInput& in = w->image->input;
  if (w->engine) {
    shown.engine = std::move(w->engine);
  } else {  // CUDA: the mode's engine, given the image and depth map when they changed
    const bool fresh = !shown.engine || shown.engine->backend() != backend;
    if (fresh) shown.engine = sat::Engine::create(backend);
    if (fresh || new_input)
      shown.engine->set_image(in.width, in.height, in.channels, w->image->bytes.data());
    if (w->depth && (fresh || new_input || w->depth != shown.depth))
      shown.engine->set_depth(w->depth->data());
    w->run = run_sat_filter(*shown.engine, w->settings, false);
  }
  if (new_input) {
    view.original_uploaded = false;
    shown.plot.clear();
  }
  if (w->depth != shown.depth) view.depth_uploaded = false;
  shown.in = std::move(w->image);
  shown.depth = std::move(w->depth);
  shown.depth_key = w->depth_key;
  shown.settings = w->settings;
  shown.run = std::move(w->run);
  if (has_gl) view.upload(shown, backend);
}

// The filter's controls: method, radius, comparison, depth of field. Returns what changed.
nlohmann::json filter_controls(const SatSettings& s, int max_radius) {
  nlohmann::json edit = nlohmann::json::object();
  const std::vector<std::string> methods = {
      tr("via the SAT (4 look-ups)"), tr("separable running sums"), tr("direct (sum the window)")};
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

void SatFilterMode::detach() {
  view_.original.reset();  // no GL objects outlive the context
  view_.filtered.reset();
  view_.depth.reset();
  view_.depth_uploaded = false;
  work_.cancel();
  shown_.engine.reset();
  shown_.in = std::make_shared<SatFilterImage>();
  LiveMode::detach();
}

void SatFilterMode::reset() {
  set_error("");
  const SatSettings& s = settings();
  // The image is read again only when the input changed (a slider only reruns the filter), the
  // depth map only when it or the image changed. The CPU engine runs on the worker (one per
  // job); CUDA's stays the mode's: its output goes to the screen through interop.
  std::shared_ptr<const SatFilterImage> image =
      shown_.engine && shown_.in->key == sat_filter_input_key(s) ? shown_.in : nullptr;
  std::shared_ptr<const std::vector<float>> depth =
      image && shown_.depth && s.depth == shown_.depth_key ? shown_.depth : nullptr;
  work_.start(sat_filter_job(s, image, depth, backend() == Backend::Cpu),
              context() && context()->background_work);
  adopt_finished(work_, shown_, view_, backend(), context() && context()->has_gl);
}

void SatFilterMode::tick(float /*dt*/) {
  // A photo that did not read, or a cancel: the previous one stays, and so do its settings
  // (but for the query and teach modes' own).
  std::string error;
  finish_background_work(
      work_,
      [this] { adopt_finished(work_, shown_, view_, backend(), context() && context()->has_gl); },
      error,
      [this] {
        SatSettings& s = settings_to_keep();
        SatSettings shown = shown_.settings;
        shown.query = s.query;
        shown.tile = s.tile;
        shown.stash = s.stash;
        s = shown;
      });
  if (!error.empty()) set_error(error);
}

void SatFilterMode::measure_radius_plot(int repeats) {
  std::vector<RadiusTiming> plot;
  const SatSettings& s = shown_.settings;
  const double pixels = double(shown_.in->input.pixels()) * shown_.in->input.channels;
  // The direct filter costs (2r+1)^2 per pixel: it stops where one run would take too long.
  const double direct_budget = backend() == Backend::Cuda ? 4e10 : 2e8;
  for (int r : {1, 2, 4, 8, 16, 32, 64, 128, 256}) {
    sat::FilterParams f = s.filter;
    f.depth_of_field = false;
    f.radius = r;
    for (sat::FilterMethod m :
         {sat::FilterMethod::Sat, sat::FilterMethod::Separable, sat::FilterMethod::Direct}) {
      if (m == sat::FilterMethod::Direct && pixels * (2.0 * r + 1) * (2.0 * r + 1) > direct_budget)
        continue;
      plot.push_back({m, r, shown_.engine->time_filter_ms(m, f, s.variant, s.accum, repeats)});
    }
  }
  shown_.plot = std::move(plot);
  // The engine's output is the shown one again.
  shown_.run = run_sat_filter(*shown_.engine, s, false);
  if (context() && context()->has_gl) view_.upload(shown_, backend());
}

void SatFilterMode::ui() {
  if (nlohmann::json e = sat_input_controls(settings(), true); !e.empty()) edit(e);
  if (nlohmann::json e = sat_variant_controls(settings(), false); !e.empty()) edit(e);
  if (panel_section(tr("Filter"), "sat-filter")) {
    const ImageInput& in = shown_.in->input;
    if (nlohmann::json e = filter_controls(settings(), std::max(in.width, in.height)); !e.empty())
      edit(e);
    if (background_work_status(work_.busy(), work_.progress(), work_.cancelled_job(),
                               "sat-filter-cancel"))
      work_.cancel();  // the previous image and settings stay
    char ms[32];
    std::snprintf(ms, sizeof ms, "%.3f", shown_.run.run_ms);
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
    ImGui::TextDisabled("%s",
                        tr("SAT, separable and direct at r = 1..256 (direct while affordable)"));
  }
  // Fast mode times the scene's benchmark (every mode's).
  fast_mode(0, "", TR_NOOP("Fast mode: time every variant"));
  sat_notes_panel();
}

}  // namespace ws::app
