#include "gui_app.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "cli/commands.h"
#include "common/error.h"
#include "i18n/i18n.h"
#include "render/font_metrics.h"
#include "io/json_file.h"
#include "render/figure.h"
#include "render/image.h"
#include "scenes/registry.h"
#include "shell/imgui_runtime.h"
#include "shell/page.h"

namespace ws::app {

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

GuiApp::GuiApp(const GuiOptions& options)
    : options_(options), window_("warpscope", 1600, 960), scenes_(make_scenes()) {
  context_.backend = choose_backend("", true);
  context_.cuda_available = context_.backend == Backend::Cuda;
  context_.theme = window_.theme();
  context_.has_gl = true;
  context_.background_work = true;
  context_.open_scene = [this](const std::string& id, const nlohmann::json& params) {
    requested_scene_.emplace(id, params);
  };
  // The language: --lang, else the one chosen last (View > Language), else the environment's.
  settings_ = load_user_settings();
  const i18n::Language language = options.language     ? *options.language
                                  : settings_.language ? *settings_.language
                                                       : i18n::language_from_environment();
  guarded([&] { i18n::set_language(language); });
  switch_scene(options.scene.empty() ? default_scene_id() : options.scene);
  if (!options.input_script.empty()) script_ = load_input_script(options.input_script);
  if (!options.session_path.empty()) {
    try {
      apply_session(load_session(options.session_path));
    } catch (const std::exception& e) {
      report(e.what());
    }
  }
  if (!options.params.empty()) {  // checked by gui_command: they apply
    guarded([&] {
      scene_->params_from_json(options.params);
      scene_->reset();
    });
  }
  // --step: a step outside the run stops the command with its message, as render's does.
  if (!options.step.empty()) scene_->seek(resolve_step(options.step, scene_->step_count()));
  if (options.lecture) set_lecture(true);
}

void GuiApp::set_lecture(bool on) {
  if (on == lecture_.active()) return;
  lecture_.set_active(on, &window_);
  // The figure takes the screen: a window opened smaller grows to the monitor's work area.
  if (on) window_.fill_work_area();
}

void GuiApp::report(const std::string& message) {
  error_ = message;
  if (lecture_.active()) lecture_.set_message(message);  // the panels are hidden there
}

void GuiApp::reset_scene() {
  guarded([&] { scene_->reset(); });
}

void GuiApp::open_requested_scene() {
  if (!requested_scene_) return;
  const std::string id = std::move(requested_scene_->first);
  const auto params = std::move(requested_scene_->second);
  requested_scene_.reset();
  Scene* shown = scene_;
  switch_scene(id);
  if (scene_ == shown) return;  // unknown scene: reported
  guarded([&] {
    scene_->params_from_json(params);
    scene_->reset();
  });
}

void GuiApp::switch_scene(const std::string& id) {
  for (auto& s : scenes_) {
    if (s->id() != id) continue;
    if (scene_) scene_->detach();
    scene_ = s.get();
    try {
      scene_->attach(context_);
    } catch (const std::exception& e) {
      report(e.what());
    }
    return;
  }
  report(trf("unknown scene '{0}'", id));
  if (!scene_) {
    scene_ = scenes_.front().get();
    scene_->attach(context_);
  }
}

SceneHost GuiApp::scene_host() {
  SceneHost host;
  for (auto& s : scenes_) host.scenes.push_back(s.get());
  host.current = [this]() -> Scene& { return *scene_; };
  host.show = [this](Scene& scene) {  // as switch_scene, but a failed attach throws
    scene_->detach();
    scene_ = &scene;
    scene_->attach(context_);
  };
  host.apply_session = [this](const Session& s) { apply_session(s); };
  return host;
}

Session GuiApp::current_session() const {
  Session s;
  s.scene = scene_->id();
  s.params = scene_->params_to_json();
  s.step = scene_->current_step();
  s.theme = context_.theme;
  s.font_size = const_cast<gfx::AppWindow&>(window_).font_size();
  s.language = i18n::language();
  s.lecture = lecture_.active();
  return s;
}

void GuiApp::apply_session(const Session& s) {
  switch_scene(s.scene);
  const nlohmann::json before = scene_->params_to_json();
  try {
    scene_->params_from_json(s.params);
    scene_->reset();
  } catch (const std::exception& e) {
    scene_->params_from_json(before);  // keep what was on screen
    throw;
  }
  scene_->seek(s.step);
  context_.theme = s.theme;
  window_.set_theme(s.theme);
  window_.set_font_size(s.font_size);
  if (s.language) set_language(*s.language);
  if (s.lecture) set_lecture(true);
}

void GuiApp::set_language(i18n::Language language) {
  guarded([&] {
    i18n::set_language(language);
    settings_.language = language;
    save_user_settings(settings_);
    if (language == i18n::Language::Chinese && gfx::cjk_font_path().empty())
      report(
          tr("No Chinese font was found, so Chinese text shows as '?': install "
             "fonts-wqy-microhei (sudo apt install fonts-wqy-microhei) or set "
             "WARPSCOPE_CJK_FONT to a .ttf or .ttc file."));
  });
}

int GuiApp::run() {
  double last = glfwGetTime();
  int frame_count = 0;
  // Scripted input: the latest event at or before this frame sets the mouse (a fraction of the
  // figure in the viewport) and the buttons. A run of --frames has no mouse before its first
  // mouse event: a pointer left over the window (Xvfb puts it in the middle of the screen) would
  // otherwise hover a cell, and its tooltip would be in the screenshot.
  const auto scripted = [&] {
    const ScriptedInput* now = nullptr;
    ImGuiIO& io = ImGui::GetIO();
    for (const ScriptedInput& e : script_) {
      if (e.frame == frame_count && !e.drop.empty()) window_.drop(e.drop);  // as GLFW's callback
      if (!e.key.empty()) {
        // A key is down for its frame alone, up on the next: one press.
        if (e.frame == frame_count || e.frame + 1 == frame_count) {
          const bool down = e.frame == frame_count;
          if (e.key_code >= 0) io.KeysDown[e.key_code] = down;
          if (e.key_code < 0 && down) io.AddInputCharacter('?');
          if (e.key_shift) io.KeyShift = down;
          if (e.key_ctrl) io.KeyCtrl = down;
        }
        continue;
      }
      if (e.frame <= frame_count && e.mouse) now = &e;
    }
    if (!now) {
      if (options_.frames > 0) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // ImGui's "no mouse"
      return;
    }
    io.MousePos =
        ImVec2(figure_min_.x + now->fx * figure_size_.x, figure_min_.y + now->fy * figure_size_.y);
    io.MouseDown[0] = now->left;
    io.MouseDown[1] = now->right;
    io.KeyShift = now->shift;
  };
  const bool hook = !script_.empty() || options_.frames > 0;
  while (window_.begin_frame(hook ? scripted : std::function<void()>())) {
    const double now = glfwGetTime();
    frame(static_cast<float>(now - last));
    last = now;
    window_.end_frame();
    ++frame_count;
    // A file still decoding on its worker, or a scene still computing on one, is waited for (a
    // bounded while), so a scripted drop is applied before the screenshot.
    const bool opening =
        (open_files_.busy() || (scene_ && scene_->busy())) && frame_count < options_.frames + 20000;
    if (options_.frames > 0 && frame_count >= options_.frames && !opening) {
      if (!options_.screenshot_path.empty()) {
        gfx::write_png(window_.screenshot(), options_.screenshot_path);
        std::fprintf(stderr, "warpscope: wrote %s\n", options_.screenshot_path.c_str());
      }
      break;
    }
    // Not before a screenshot: it draws the frame again.
    if (scene_) guarded([&] { scene_->frame_drawn(); });
  }
  // A fast-mode benchmark may still be running: hide the window now rather than leave it frozen
  // while the scene waits for its worker on destruction.
  glfwHideWindow(window_.handle());
  if (!options_.session_out.empty()) save_session(current_session(), options_.session_out);
  if (scene_) scene_->detach();
  return 0;
}

void GuiApp::frame(float dt) {
  open_requested_scene();
  if (lecture_.active()) {
    lecture_frame(dt);
    return;
  }
  // A running simulation advances once per frame; while an animation records, the recording does.
  if (!animation_export_.busy()) {
    guarded([&] { scene_->tick(dt); });
  } else {
    scene_->tick_skipped();
  }
  if (!ImGui::GetIO().WantTextInput && ImGui::IsKeyPressed(GLFW_KEY_F5, false)) set_lecture(true);
  menu_bar();
  open_files_frame(dt);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float menu_h = ImGui::GetFrameHeight();
  const float controls_w = std::clamp(display.x * 0.3f, 320.0f, 560.0f);
  const float timeline_h = ImGui::GetFrameHeightWithSpacing() * 2.6f;
  const float controls_h = (display.y - menu_h) * 0.62f;
  ImGui::SetNextWindowPos(ImVec2(0, menu_h), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(controls_w, controls_h), ImGuiCond_FirstUseEver);
  controls_window();
  ImGui::SetNextWindowPos(ImVec2(0, menu_h + controls_h), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(controls_w, display.y - menu_h - controls_h),
                           ImGuiCond_FirstUseEver);
  code_window();
  ImGui::SetNextWindowPos(ImVec2(controls_w, menu_h), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(display.x - controls_w, display.y - menu_h - timeline_h),
                           ImGuiCond_FirstUseEver);
  viewport_window();
  ImGui::SetNextWindowPos(ImVec2(controls_w, display.y - timeline_h), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(display.x - controls_w, timeline_h), ImGuiCond_FirstUseEver);
  timeline_window(dt);
  export_popup();
  animation_export_.frame(*scene_, context_.theme, notice_, error_);
}

void GuiApp::lecture_frame(float dt) {
  // Space may hold a live simulation: the window then stops advancing it (as while an animation
  // records: the recording advances it).
  if (!lecture_.holds_simulation() && !animation_export_.busy()) {
    guarded([&] { scene_->tick(dt); });
  } else {
    scene_->tick_skipped();
  }
  // The menu bar hides; it comes back while the mouse rests at the top edge or a menu (or a
  // dialog) is open, and then the keys are the menu's.
  const bool menu_open =
      ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
  if (!menu_open)
    for (const LectureKeyPress& key : LectureMode::keys_this_frame())
      guarded([&] { lecture_.press(key, *scene_, timeline_, &window_); });
  if (!lecture_.active()) return;  // Esc left it: the panels come back next frame
  const ImGuiIO& io = ImGui::GetIO();
  const bool at_top = io.MousePos.y >= 0 && io.MousePos.y < ImGui::GetFrameHeight() * 0.75f;
  guarded(
      [&] { lecture_.frame(*scene_, timeline_, window_, dt, [&](ImVec2 size) { figure(size); }); });
  if (menu_open || at_top) menu_bar();
  open_files_frame(dt);  // a file dropped on the lecture opens there too
  export_popup();
  animation_export_.frame(*scene_, context_.theme, notice_, error_);
}

void GuiApp::open_files_frame(float dt) {
  SceneHost host = scene_host();
  open_files_.frame(host, window_.take_dropped_paths(), dt);
  if (std::string n = open_files_.take_notice(); !n.empty()) notice_ = n;
  if (std::string e = open_files_.take_error(); !e.empty()) report(e);
}

void GuiApp::menu_bar() {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu(tr("Scene"))) {
    for (auto& s : scenes_)
      if (ImGui::MenuItem(tr(s->title()), nullptr, s.get() == scene_)) switch_scene(s->id());
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(tr("File"))) {
    open_files_.menu_items();
    ImGui::Separator();
    if (ImGui::MenuItem(tr("Export figure (PNG/SVG)..."))) open_export_ = true;
    if (ImGui::MenuItem(tr("Export animation (GIF/MP4)..."))) animation_export_.open();
    if (ImGui::MenuItem(tr("Save session..."))) open_session_save_ = true;
    if (ImGui::MenuItem(tr("Open session..."))) open_session_load_ = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(tr("Backend"))) {
    if (ImGui::MenuItem(tr("CUDA (GPU)"), nullptr, context_.backend == Backend::Cuda,
                        context_.cuda_available)) {
      context_.backend = Backend::Cuda;
      reset_scene();
    }
    if (ImGui::MenuItem(tr("CPU reference"), nullptr, context_.backend == Backend::Cpu)) {
      context_.backend = Backend::Cpu;
      reset_scene();
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(tr("View"))) {
    float size = window_.font_size();
    if (ImGui::SliderFloat(tr("font size"), &size, gfx::ImguiRuntime::kMinFontSize,
                           gfx::ImguiRuntime::kMaxFontSize, "%.0f px"))
      window_.set_font_size(size);
    if (ImGui::MenuItem(tr("Projector (32 px)"))) window_.set_font_size(32);
    if (ImGui::MenuItem(tr("Lecture mode"), "F5", lecture_.active()))
      set_lecture(!lecture_.active());
    if (ImGui::MenuItem(tr("Light theme"), nullptr, context_.theme == gfx::Theme::Light)) {
      context_.theme = gfx::Theme::Light;
      window_.set_theme(context_.theme);
    }
    if (ImGui::MenuItem(tr("Dark theme"), nullptr, context_.theme == gfx::Theme::Dark)) {
      context_.theme = gfx::Theme::Dark;
      window_.set_theme(context_.theme);
    }
    if (ImGui::BeginMenu(tr("Language"))) {
      // Each language named in its own words, so a user who cannot read the current one finds
      // theirs.
      for (i18n::Language language : i18n::languages())
        if (ImGui::MenuItem(i18n::language_name(language), nullptr, i18n::language() == language))
          set_language(language);
      ImGui::EndMenu();
    }
    ImGui::EndMenu();
  }
  if (context_.backend == Backend::Cpu) {
    ImGui::TextColored(ImVec4(0.95f, 0.6f, 0.1f, 1), "  %s",
                       gfx::page::in_browser()
                           ? tr("In the browser: the CPU reference backend runs every scene "
                                "(CUDA needs the desktop app)")
                       : context_.cuda_available
                           ? tr("CPU reference backend (switch in Backend)")
                           : tr("No CUDA device: the CPU reference backend runs every scene"));
  } else {
    ImGui::TextColored(ImVec4(0.2f, 0.7f, 0.3f, 1), "  %s", tr("CUDA backend"));
  }
  ImGui::EndMainMenuBar();
}

void GuiApp::controls_window() {
  ImGui::Begin((std::string(tr("Controls")) + "###Controls").c_str());
  ImGui::TextUnformatted(tr(scene_->title()));
  ImGui::Separator();
  if (!error_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.2f, 0.2f, 1));
    ImGui::TextWrapped("%s", error_.c_str());
    ImGui::PopStyleColor();
    if (ImGui::SmallButton(tr("dismiss"))) error_.clear();
  }
  if (!notice_.empty()) ImGui::TextWrapped("%s", notice_.c_str());
  guarded([&] { scene_->ui(); });
  ImGui::End();
}

void GuiApp::code_window() {
  ImGui::Begin((std::string(tr("Kernel source")) + "###Kernel source").c_str());
  guarded([&] { scene_->code_ui(); });
  ImGui::End();
}

void GuiApp::viewport_window() {
  ImGui::Begin((std::string(tr("Viewport")) + "###Viewport").c_str(), nullptr,
               ImGuiWindowFlags_NoScrollbar);
  figure(ImGui::GetContentRegionAvail());
  ImGui::End();
}

void GuiApp::figure(ImVec2 avail) {
  if (avail.x >= 64 && avail.y >= 64) {
    // The diagram grows with the UI font (View > font size), so a projector setting enlarges the
    // numbers in the cells too: the figure is laid out smaller and drawn at a larger scale.
    const float ui_scale = std::max(1.0f, window_.font_size() / 18.0f);
    gfx::FigureOptions options;
    options.width = static_cast<int>(avail.x / ui_scale);
    options.height = static_cast<int>(avail.y / ui_scale);
    options.scale = ui_scale;
    options.theme = context_.theme;
    try {
      // A figure that leaves the viewport half empty grows to fill it (not a live simulation,
      // which fills it already and redraws every frame).
      const gfx::Vec2 logical{float(options.width), float(options.height)};
      const auto draw = [&](gfx::Canvas& c) { scene_->draw(c, context_.theme); };
      if (scene_->capabilities().live || scene_->busy()) {
        fit_ = {};
        fit_key_.clear();
      } else {
        const std::string key =
            std::string(scene_->id()) + "|" + std::to_string(scene_->current_step()) + "|" +
            scene_->params_to_json().dump() + "|" + std::to_string(options.width) + "x" +
            std::to_string(options.height) + "|" + std::to_string(int(context_.theme)) + "|" +
            i18n::language_code(i18n::language());
        if (key != fit_key_) {
          fit_ = gfx::fit_figure(draw, logical);
          fit_key_ = key;
        }
      }
      gfx::render_figure_into(
          viewport_,
          [&](gfx::Canvas& c) {
            gfx::FittedCanvas fitted(c, fit_, logical);
            scene_->draw(fitted, context_.theme);
          },
          options);
      const ImVec2 corner = ImGui::GetCursorScreenPos();
      figure_min_ = corner;
      figure_size_ = avail;
      ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(viewport_.texture())), avail,
                   ImVec2(0, 1), ImVec2(1, 0));
      // An invisible button over the figure takes the mouse (painting drags must not move the
      // window); hovering a cell or a lane tells which thread did what there.
      ImGui::SetCursorScreenPos(corner);
      ImGui::InvisibleButton("figure", avail,
                             ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
      if (ImGui::IsItemHovered() || ImGui::IsItemActive()) {
        const ImVec2 mouse = ImGui::GetMousePos();
        const gfx::Vec2 point =
            fit_.to_figure({(mouse.x - corner.x) / ui_scale, (mouse.y - corner.y) / ui_scale});
        Scene::Pointer pointer;
        pointer.point = point;
        pointer.left_down = ImGui::IsItemActive() && ImGui::IsMouseDown(ImGuiMouseButton_Left);
        pointer.right_down = ImGui::IsItemActive() && ImGui::IsMouseDown(ImGuiMouseButton_Right);
        pointer.left_clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
        pointer.shift = ImGui::GetIO().KeyShift;
        pointer.wheel = ImGui::IsItemHovered() ? ImGui::GetIO().MouseWheel : 0;
        guarded([&] { scene_->pointer(pointer); });
        const std::string text = scene_->describe_at(point);
        if (!text.empty() && !pointer.left_down && !pointer.right_down)
          ImGui::SetTooltip("%s", text.c_str());
      }
    } catch (const std::exception& e) {
      report(e.what());
    }
  }
}

void GuiApp::timeline_window(float dt) {
  ImGui::Begin((std::string(tr("Timeline")) + "###Timeline").c_str(), nullptr,
               ImGuiWindowFlags_NoScrollbar);
  timeline_.handle_keys(*scene_);
  timeline_.ui(*scene_, dt);
  ImGui::End();
}

void GuiApp::export_popup() {
  if (open_export_) ImGui::OpenPopup("###Export figure");
  if (open_session_save_) ImGui::OpenPopup("###Save session");
  if (open_session_load_) ImGui::OpenPopup("###Open session");
  open_export_ = open_session_save_ = open_session_load_ = false;

  static int size[2] = {1920, 1080};
  static float scale = 1;
  static bool transparent = false;
  const std::string export_title = std::string(tr("Export figure")) + "###Export figure";
  if (ImGui::BeginPopupModal(export_title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::InputText(tr("file (.png or .svg)"), &export_path_);
    ImGui::InputInt2(tr("size"), size);
    ImGui::SliderFloat(tr("scale"), &scale, 0.5f, 4.0f, "%.1fx");
    ImGui::Checkbox(tr("transparent background"), &transparent);
    if (ImGui::Button(tr("Export"))) {
      try {
        WS_REQUIRE(ends_with(export_path_, ".png") || ends_with(export_path_, ".svg"),
                   std::string(tr("the file name must end in .png or .svg")));
        WS_REQUIRE(size[0] >= 64 && size[1] >= 64 && size[0] <= 8192 && size[1] <= 8192,
                   std::string(tr("size must be between 64 and 8192 pixels")));
        gfx::FigureOptions o;
        o.width = size[0];
        o.height = size[1];
        o.scale = scale;
        o.theme = context_.theme;
        o.transparent = transparent;
        const gfx::DrawFn draw = [&](gfx::Canvas& c) { scene_->draw(c, context_.theme); };
        if (ends_with(export_path_, ".svg"))
          write_file_atomically(export_path_, gfx::render_figure_svg(draw, o));
        else
          gfx::write_png(gfx::render_figure(draw, o), export_path_);
        notice_ = trf("wrote {0}", export_path_);
        gfx::page::offer_download(export_path_);  // the browser: a download
      } catch (const std::exception& e) {
        report(e.what());
      }
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button(tr("Cancel"))) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  for (const bool saving : {true, false}) {
    const std::string title = saving ? std::string(tr("Save session")) + "###Save session"
                                     : std::string(tr("Open session")) + "###Open session";
    if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize))
      continue;
    ImGui::InputText(tr("file"), &session_path_);
    if (ImGui::Button(saving ? tr("Save") : tr("Open"))) {
      guarded([&] {
        if (saving) {
          save_session(current_session(), session_path_);
          notice_ = trf("saved {0}", session_path_);
          gfx::page::offer_download(session_path_);
        } else {
          apply_session(load_session(session_path_));
          notice_ = trf("opened {0}", session_path_);
        }
      });
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button(tr("Cancel"))) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
}

namespace {

// No display: render the scene's figures headless instead, and say where they are. `from` names
// what they show ("the default figures", "the session's figures"); `also_step` (0-based, or -1)
// is one more step to render, the step a session was saved at; `step` (gui's --step: 1-based or
// "last", "" for none) replaces it, and a step outside the run is an error.
int render_default_figures(const std::string& scene, const nlohmann::json& params,
                           const std::string& from = "the default figures", int also_step = -1,
                           const std::string& step = "") {
  const std::string folder = "warpscope-figures";
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  WS_REQUIRE(!error,
             "cannot create the folder '" + folder + "' for the figures: " + error.message());
  std::fprintf(stderr,
               "warpscope: no display (DISPLAY is not set); rendering %s headless instead\n",
               from.c_str());
  // The first, third and last steps, as far as the scene's default run has them (a live scene
  // has one).
  int count = 1;
  bool simulated = false;  // a live scene runs time steps (--steps) instead of trace steps
  {
    auto probe = make_scene(scene);
    if (!params.empty()) probe->params_from_json(params);
    SceneContext context;
    context.backend = choose_backend("", true);
    probe->attach(context);
    count = probe->step_count();
    simulated = probe->capabilities().live;
    probe->detach();
  }
  if (!step.empty()) also_step = resolve_step(step, count);
  std::vector<std::string> steps = {"1"};
  if (count >= 3) steps.push_back("3");
  if (count >= 2) steps.push_back("last");
  if (also_step > 0 && also_step < count && also_step != 2 && also_step != count - 1)
    steps.push_back(std::to_string(also_step + 1));
  for (const std::string& step : steps) {
    RenderRequest r;
    r.scene = scene;
    r.params = params;
    r.step = step;
    r.out = folder + "/" + scene + "_step_" + step + ".png";
    render_command(r);
  }
  // A live scene's start alone says little: also show it after 300 time steps.
  if (simulated) {
    RenderRequest r;
    r.scene = scene;
    r.params = params;
    r.params["steps"] = 300;
    r.out = folder + "/" + scene + "_after_300_steps.png";
    render_command(r);
  }
  RenderRequest svg;
  svg.scene = scene;
  svg.params = params;
  if (simulated) svg.params["steps"] = 300;
  svg.out = folder + "/" + scene + (simulated ? "_after_300_steps.svg" : "_step_last.svg");
  render_command(svg);
  std::printf("figures written to %s/\n", std::filesystem::absolute(folder).c_str());
  return 0;
}

}  // namespace

std::vector<ScriptedInput> load_input_script(const std::string& path) {
  const nlohmann::json j = read_json_file(path, "input script");
  WS_REQUIRE(j.is_object() && j.contains("events") && j["events"].is_array(),
             "input script '" + path + "' needs an \"events\" array");
  std::vector<ScriptedInput> events;
  size_t index = 0;
  try {
    for (const auto& e : j["events"]) {
      ++index;
      ScriptedInput in;
      in.frame = e.at("frame").get<int>();
      if (e.contains("key")) {
        in.key = e["key"].get<std::string>();
        if (in.key == "ctrl+o") {  // File > Open...
          in.key_code = GLFW_KEY_O;
          in.key_ctrl = true;
        } else {
          WS_REQUIRE(lecture_key_code(in.key, in.key_code, in.key_shift),
                     "input script '" + path + "': unknown key \"" + in.key +
                         "\" (keys: " + lecture_key_names() + ", ctrl+o)");
        }
      }
      if (e.contains("at")) {
        in.fx = e["at"].at(0).get<float>();
        in.fy = e["at"].at(1).get<float>();
      }
      in.left = e.value("left", false);
      in.right = e.value("right", false);
      in.shift = e.value("shift", false);
      if (e.contains("drop")) in.drop = e["drop"].get<std::vector<std::string>>();
      in.mouse = in.key.empty() && (in.drop.empty() || e.contains("at") || e.contains("left") ||
                                    e.contains("right") || e.contains("shift"));
      WS_REQUIRE(in.frame >= 0 && in.fx >= 0 && in.fx <= 1 && in.fy >= 0 && in.fy <= 1,
                 "input script '" + path + "': frame must be >= 0 and \"at\" fractions in 0..1");
      events.push_back(in);
    }
  } catch (const nlohmann::json::exception& e) {
    // The library's words ("type_error.302") go behind --verbose; the user reads what is accepted.
    throw Error("input script '" + path + "': event " + std::to_string(index) +
                    " has a missing or wrong value; an event is {\"frame\": N} with \"key\": "
                    "\"Right\", \"drop\": [\"file\", ...] or \"at\": [x, y] (fractions) "
                    "and \"left\" / \"right\" / \"shift\": true",
                e.what());
  }
  return events;
}

int gui_command(const GuiRequest& request) {
  const std::string scene = request.scene.empty() ? default_scene_id() : request.scene;
  // Bad scene options fail here, with their message, before a window opens.
  if (!request.params.empty()) make_scene(scene)->params_from_json(request.params);
  WS_REQUIRE(request.step != "all",
             "gui --step opens the window at one step: a number (1-based) or 'last'; render "
             "--step all writes every step");
  if (!gfx::display_available()) {
    if (request.session_path.empty())
      return render_default_figures(scene, request.params, "the default figures", -1, request.step);
    // A session: its scene (as the window shows it), parameters, step and language, the command
    // line's options on top.
    const Session session = load_session(request.session_path);
    nlohmann::json params = session.params;
    for (const auto& [key, value] : request.params.items()) params[key] = value;
    if (session.language && !request.language) i18n::set_language(*session.language);
    return render_default_figures(session.scene, params, "the session's figures", session.step,
                                  request.step);
  }
  GuiOptions options = request;
  options.scene = scene;
  GuiApp app(options);
  return app.run();
}

}  // namespace ws::app
