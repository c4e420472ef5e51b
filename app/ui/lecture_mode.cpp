#include "ui/lecture_mode.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <utility>

#include "i18n/i18n.h"
#include "render/palette.h"
#include "scene_kit/lecture_caption.h"
#include "scene_kit/panel_widgets.h"
#include "shell/imgui_runtime.h"

namespace ws::app {

namespace {

struct NamedKey {
  const char* name;
  int key;
  char character;  // typed instead of a key code (layout-independent): '?'
};

// Every key lecture mode reads, by the name scripted input uses.
const NamedKey kKeys[] = {
    {"Right", GLFW_KEY_RIGHT, 0},
    {"Left", GLFW_KEY_LEFT, 0},
    {"Down", GLFW_KEY_DOWN, 0},
    {"Up", GLFW_KEY_UP, 0},
    {"PageDown", GLFW_KEY_PAGE_DOWN, 0},
    {"PageUp", GLFW_KEY_PAGE_UP, 0},
    {"Enter", GLFW_KEY_ENTER, 0},
    {"Backspace", GLFW_KEY_BACKSPACE, 0},
    {"Space", GLFW_KEY_SPACE, 0},
    {"Home", GLFW_KEY_HOME, 0},
    {"End", GLFW_KEY_END, 0},
    {"Escape", GLFW_KEY_ESCAPE, 0},
    {"F11", GLFW_KEY_F11, 0},
    {"F5", GLFW_KEY_F5, 0},
    {"C", GLFW_KEY_C, 0},
    {"H", GLFW_KEY_H, 0},
    {"?", -1, '?'},
    {"1", GLFW_KEY_1, 0},
    {"2", GLFW_KEY_2, 0},
    {"3", GLFW_KEY_3, 0},
    {"4", GLFW_KEY_4, 0},
    {"5", GLFW_KEY_5, 0},
    {"6", GLFW_KEY_6, 0},
    {"7", GLFW_KEY_7, 0},
    {"8", GLFW_KEY_8, 0},
    {"9", GLFW_KEY_9, 0},
};

bool pressed(int key, bool repeat) {
  return key >= 0 && ImGui::IsKeyPressed(key, repeat);
}

// The window over the whole lecture layout draws no frame, title or padding of its own.
constexpr ImGuiWindowFlags kPlainWindow =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
    ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoNav |
    ImGuiWindowFlags_NoScrollWithMouse;

ImU32 imgui_colour(gfx::Color c) {
  return IM_COL32(c.r, c.g, c.b, c.a);
}

// Red that reads on either theme's background.
gfx::Color message_colour(gfx::Theme theme) {
  return theme == gfx::Theme::Dark ? gfx::Color{255, 120, 110, 255} : gfx::Color{190, 20, 20, 255};
}

}  // namespace

bool lecture_key_code(const std::string& name, int& key, bool& shift) {
  for (const NamedKey& k : kKeys) {
    if (name != k.name) continue;
    key = k.key;
    shift = k.character == '?';
    return true;
  }
  return false;
}

std::string lecture_key_names() {
  std::string names;
  for (const NamedKey& k : kKeys) names += (names.empty() ? "" : ", ") + std::string(k.name);
  return names;
}

void LectureMode::set_active(bool on, gfx::AppWindow* window) {
  if (!on && window && window->fullscreen()) window->set_fullscreen(false);
  active_ = on;
  show_code_ = show_help_ = false;
  hold_simulation_ = false;
  message_.clear();
}

std::vector<LectureKeyPress> LectureMode::keys_this_frame() {
  std::vector<LectureKeyPress> keys;
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return keys;
  const auto add = [&](LectureAction action, int variant = 0) {
    keys.push_back({action, variant});
  };
  // Arrows repeat while held (a quick run through the steps); the keys a remote sends do not.
  if (pressed(GLFW_KEY_RIGHT, true) || pressed(GLFW_KEY_DOWN, true) ||
      pressed(GLFW_KEY_PAGE_DOWN, false) || pressed(GLFW_KEY_ENTER, false) ||
      pressed(GLFW_KEY_KP_ENTER, false))
    add(LectureAction::Forward);
  if (pressed(GLFW_KEY_LEFT, true) || pressed(GLFW_KEY_UP, true) ||
      pressed(GLFW_KEY_PAGE_UP, false) || pressed(GLFW_KEY_BACKSPACE, false))
    add(LectureAction::Back);
  if (pressed(GLFW_KEY_SPACE, false)) add(LectureAction::PlayPause);
  if (pressed(GLFW_KEY_HOME, false)) add(LectureAction::First);
  if (pressed(GLFW_KEY_END, false)) add(LectureAction::Last);
  if (pressed(GLFW_KEY_C, false)) add(LectureAction::ToggleCode);
  for (int k = 1; k <= 9; ++k)
    if (pressed(GLFW_KEY_1 + k - 1, false) || pressed(GLFW_KEY_KP_1 + k - 1, false))
      add(LectureAction::Variant, k);
  if (pressed(GLFW_KEY_F11, false)) add(LectureAction::FullScreen);
  bool help = pressed(GLFW_KEY_H, false);
  for (int i = 0; i < io.InputQueueCharacters.Size; ++i)
    if (io.InputQueueCharacters[i] == '?') help = true;
  if (help) add(LectureAction::Help);
  if (pressed(GLFW_KEY_ESCAPE, false)) add(LectureAction::Escape);
  return keys;
}

void LectureMode::press(const LectureKeyPress& key, Scene& scene, Timeline& timeline,
                        gfx::AppWindow* window) {
  const int count = scene.step_count();
  const auto go_to = [&](int step) {
    message_.clear();
    timeline.set_playing(false);  // a presenter's key takes over from playback
    if (count > 1) scene.seek(std::clamp(step, 0, count - 1));
  };
  switch (key.action) {
    case LectureAction::Forward:
      go_to(scene.current_step() + 1);
      break;
    case LectureAction::Back:
      go_to(scene.current_step() - 1);
      break;
    case LectureAction::First:
      go_to(0);
      break;
    case LectureAction::Last:
      go_to(count - 1);
      break;
    case LectureAction::PlayPause:
      message_.clear();
      if (count > 1)
        timeline.toggle_play(scene);
      else if (scene.capabilities().live)
        hold_simulation_ = !hold_simulation_;
      else
        message_ = tr("This figure has a single step: there is nothing to play.");
      break;
    case LectureAction::ToggleCode:
      show_code_ = !show_code_;
      break;
    case LectureAction::Variant: {
      const std::vector<std::string> variants = scene.lecture_variants();
      if (key.variant < 1 || key.variant > int(variants.size())) {
        message_ = variants.empty()
                       ? std::string(tr("Keys 1..9 choose variants, but this scene (or mode) has "
                                        "none to choose."))
                       : trf("There is no variant {0} here: keys 1..{1} choose this scene's "
                             "variants.",
                             key.variant, variants.size());
        break;
      }
      timeline.set_playing(false);
      const int step = scene.current_step();
      std::string error;
      apply_edit(scene, {{"variant", variants[size_t(key.variant - 1)]}}, error);
      message_ = error;
      if (!error.empty()) scene.seek(step);  // the previous run is back: so is its step
      break;
    }
    case LectureAction::FullScreen:
      if (window && !window->set_fullscreen(!window->fullscreen()))
        message_ = tr("Full screen needs a monitor, and none was found.");
      break;
    case LectureAction::Help:
      show_help_ = !show_help_;
      break;
    case LectureAction::Escape:
      if (show_help_)
        show_help_ = false;
      else if (show_code_)
        show_code_ = false;
      else
        set_active(false, window);
      break;
  }
}

std::string LectureMode::caption(const Scene& scene) const {
  std::string text = caption_or_fallback(scene);
  if (!text.empty() || !scene.capabilities().live || scene.step_count() > 1) return text;
  return hold_simulation_ ? tr("The simulation is paused: Space runs it again.")
                          : tr("The simulation runs live: Space pauses it.");
}

std::string LectureMode::header(const Scene& scene) {
  std::string text = tr(scene.title());
  const nlohmann::json params = scene.params_to_json();
  const auto add = [&](const std::string& part) { text += " · " + part; };
  if (!scene.capabilities().modes.empty() && params.contains("mode") && params["mode"].is_string())
    add(tr_text(params["mode"].get<std::string>()));
  if (params.contains("variant")) {
    const nlohmann::json& v = params["variant"];
    add(v.is_string() ? tr_text(v.get<std::string>()) : v.dump());
  }
  if (scene.step_count() > 1)
    add(trf("step {0} / {1}", scene.current_step() + 1, scene.step_count()));
  return text;
}

void LectureMode::frame(Scene& scene, Timeline& timeline, gfx::AppWindow& window, float dt,
                        const FigureFn& figure) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const LectureLayout layout = lecture_layout(display.x, display.y, window.font_size());
  timeline.advance(scene, dt);

  const ImVec2 figure_size(layout.figure_max.x - layout.figure_min.x,
                           layout.figure_max.y - layout.figure_min.y);
  ImGui::SetNextWindowPos(ImVec2(layout.figure_min.x, layout.figure_min.y));
  ImGui::SetNextWindowSize(figure_size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0);
  ImGui::Begin("###lecture-figure", nullptr, kPlainWindow | ImGuiWindowFlags_NoScrollbar);
  if (figure_size.x >= 64 && figure_size.y >= 64) figure(figure_size);
  ImGui::End();
  ImGui::PopStyleVar(3);

  caption_bar(scene, layout, window);
  if (show_code_) code_overlay(scene, layout);
  if (show_help_) help_overlay(scene, layout);
}

void LectureMode::caption_bar(const Scene& scene, const LectureLayout& layout,
                              gfx::AppWindow& window) {
  const gfx::Palette& p = gfx::palette(window.theme());
  ImGui::SetNextWindowPos(ImVec2(layout.bar_min.x, layout.bar_min.y));
  ImGui::SetNextWindowSize(
      ImVec2(layout.bar_max.x - layout.bar_min.x, layout.bar_max.y - layout.bar_min.y));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(layout.padding, layout.padding));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0);
  ImGui::Begin("###lecture-caption", nullptr, kPlainWindow | ImGuiWindowFlags_NoScrollbar);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  // A rule between the figure and the bar.
  draw->AddLine(ImVec2(layout.bar_min.x, layout.bar_min.y + 1),
                ImVec2(layout.bar_max.x, layout.bar_min.y + 1), imgui_colour(p.cell_border),
                std::max(2.0f, layout.ui_scale * 1.5f));

  // The header: where the lesson is, and at the right how to get help.
  gfx::ImguiRuntime& imgui = window.imgui();
  const std::string head = header(scene);
  const std::string hint = tr("H: keys · Esc: leave");
  const float hint_w = ImGui::CalcTextSize(hint.c_str()).x;
  ImGui::PushFont(imgui.bold_font());
  ImGui::TextUnformatted(head.c_str());
  const float head_w = ImGui::GetItemRectSize().x;
  ImGui::PopFont();
  const float right = layout.bar_max.x - layout.padding;
  if (layout.bar_min.x + layout.padding + head_w + 2 * hint_w < right) {
    ImGui::SameLine(right - hint_w - layout.bar_min.x);
    ImGui::TextDisabled("%s", hint.c_str());
  }

  // The caption in the large font, the message of the last key (an error) first, in red.
  ImFont* font = imgui.figure_font();
  const MeasureText measure = [font](const std::string& text, float size) {
    return font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x;
  };
  const std::string caption_text = caption(scene);
  const std::string text = message_.empty()       ? caption_text
                           : caption_text.empty() ? message_
                                                  : message_ + "\n" + caption_text;
  const CaptionFit fit = fit_caption(text, layout, measure);
  const size_t message_lines =
      message_.empty() ? 0 : wrap_text(message_, layout.caption_area().x, fit.size, measure).size();
  if (!fit.fits && reported_.insert(text).second)
    std::fprintf(stderr,
                 "warpscope: lecture mode: the caption does not fit its bar even at %.0f px "
                 "(%zu lines): %s\n",
                 fit.size, fit.lines.size(), text.c_str());
  const gfx::Vec2 corner = layout.caption_min_corner();
  const float bottom = layout.bar_max.y - layout.padding;
  for (size_t i = 0; i < fit.lines.size(); ++i) {
    const float y = corner.y + float(i) * caption_line_height(fit.size);
    if (y + fit.size > bottom + 0.5f) break;  // only when it does not fit (reported above)
    const gfx::Color colour = i < message_lines ? message_colour(window.theme()) : p.text;
    draw->AddText(font, fit.size, ImVec2(corner.x, y), imgui_colour(colour), fit.lines[i].c_str());
  }
  ImGui::End();
  ImGui::PopStyleVar(3);
}

// The overlays take no keyboard navigation: the arrows, Space and Enter stay lecture keys.
void LectureMode::code_overlay(Scene& scene, const LectureLayout& layout) {
  const float width = std::max(360.0f, (layout.figure_max.x - layout.figure_min.x) * 0.48f);
  ImGui::SetNextWindowPos(ImVec2(layout.figure_max.x - width, layout.figure_min.y));
  ImGui::SetNextWindowSize(ImVec2(width, layout.figure_max.y - layout.figure_min.y));
  ImGui::SetNextWindowBgAlpha(1.0f);
  const std::string title = std::string(tr("Kernel source")) + " (C)###lecture-code";
  if (ImGui::Begin(title.c_str(), &show_code_,
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoNav |
                       ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse)) {
    try {
      scene.code_ui();
    } catch (const std::exception& e) {
      message_ = e.what();
    }
  }
  ImGui::End();
}

void LectureMode::help_overlay(const Scene& scene, const LectureLayout& layout) {
  const ImVec2 centre((layout.figure_min.x + layout.figure_max.x) * 0.5f,
                      (layout.figure_min.y + layout.figure_max.y) * 0.5f);
  ImGui::SetNextWindowPos(centre, ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(1.0f);
  const std::string title = std::string(tr("Lecture mode keys")) + "###lecture-help";
  if (ImGui::Begin(title.c_str(), &show_help_,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                       ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoSavedSettings |
                       ImGuiWindowFlags_NoCollapse)) {
    const std::vector<std::string> variants = scene.lecture_variants();
    std::string variant_list;
    for (size_t i = 0; i < variants.size() && i < 9; ++i)
      variant_list += (i ? ", " : "") + std::to_string(i + 1) + " " + tr_text(variants[i]);
    const std::pair<std::string, std::string> rows[] = {
        {"→  ↓  Page Down  Enter", tr("next step")},
        {"←  ↑  Page Up  Backspace", tr("previous step")},
        {"Space", scene.step_count() > 1 || !scene.capabilities().live
                      ? tr("play / pause")
                      : tr("pause / run the live simulation")},
        {"Home  /  End", tr("first / last step")},
        {"1 … 9", variants.empty() ? std::string(tr("variants (none in this scene or mode)"))
                                   : trf("variant: {0}", variant_list)},
        {"C", tr("show / hide the kernel source")},
        {"F11", tr("full screen on / off")},
        {"H  /  ?", tr("this help")},
        {"Esc", tr("close this help, then the kernel source, then leave lecture mode")},
    };
    if (ImGui::BeginTable("##keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
      for (const auto& [keys, action] : rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(keys.c_str());
        ImGui::TableNextColumn();
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + ImGui::GetFontSize() * 26);
        ImGui::TextWrapped("%s", action.c_str());
        ImGui::PopTextWrapPos();
      }
      ImGui::EndTable();
    }
    ImGui::Separator();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36);
    ImGui::TextWrapped("%s", tr("The menu bar appears while the mouse rests at the top edge "
                                "(View > Lecture mode leaves too). Hover the figure for what a "
                                "cell or thread did."));
    if (scene.capabilities().live)
      ImGui::TextWrapped("%s", tr("A live simulation's other controls are in its "
                                  "Controls panel: leave lecture mode (Esc) to use them."));
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

}  // namespace ws::app
