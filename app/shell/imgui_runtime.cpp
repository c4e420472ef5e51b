#include "shell/imgui_runtime.h"

#include <GL/glew.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>

#include "common/error.h"
#include "i18n/i18n.h"
#include "render/figure.h"
#include "render/font_metrics.h"

namespace ws::gfx {

namespace {

// Latin-1, Greek, super/subscripts (log₂), arrows, math operators (≤ Σ ×), ceilings/floors (⌈⌉),
// dashes, bullets and ellipsis: what algorithm diagrams and their captions use.
const ImWchar kGlyphRanges[] = {
    0x0020, 0x00FF, 0x0370, 0x03FF, 0x2010, 0x2027, 0x2070, 0x209F,
    0x2190, 0x21FF, 0x2200, 0x22FF, 0x2300, 0x23FF, 0,
};

ImFont* add_font(const std::string& path, float size, const char* name, int oversample_h) {
  ImFontConfig config;
  config.OversampleH = oversample_h;
  config.OversampleV = 1;
  std::snprintf(config.Name, sizeof config.Name, "%s", name);
  ImFont* font =
      ImGui::GetIO().Fonts->AddFontFromFileTTF(path.c_str(), size, &config, kGlyphRanges);
  WS_REQUIRE(font != nullptr,
             "cannot load font '" + path + "' (set WARPSCOPE_FONT to a .ttf file)");
  return font;
}

// DejaVu Sans Mono beside the regular font (Debian's fonts-dejavu-core ships both), for code:
// the lab's editor finds it by its name, kMonoFontName. "" when it is not there.
std::string mono_font_path(const std::string& regular) {
  const std::string name = "DejaVuSans.ttf";
  if (regular.size() < name.size() ||
      regular.compare(regular.size() - name.size(), name.size(), name) != 0)
    return "";
  const std::string path = regular.substr(0, regular.size() - name.size()) + "DejaVuSansMono.ttf";
  return std::ifstream(path, std::ios::binary).good() ? path : "";
}

ImVec4 rgba(Color c, float alpha = 1.0f) {
  return ImVec4(c.r / 255.f, c.g / 255.f, c.b / 255.f, (c.a / 255.f) * alpha);
}

}  // namespace

ImguiRuntime::ImguiRuntime(const ImguiRuntimeOptions& options)
    : font_size_(std::clamp(options.font_size, kMinFontSize, kMaxFontSize)),
      theme_(options.theme),
      ini_path_(options.ini_path) {
  WS_REQUIRE(ImGui::GetCurrentContext() == nullptr, "only one ImguiRuntime may exist at a time");
  {
    const std::string font = default_font_path();
    WS_REQUIRE(std::ifstream(font, std::ios::binary).good(),
               "cannot open font '" + font + "' (set WARPSCOPE_FONT to a .ttf file)");
  }
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = ini_path_.empty() ? nullptr : ini_path_.c_str();
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;

  try {
#ifdef __EMSCRIPTEN__
    glsl_version_ = "#version 300 es";  // the browser: WebGL 2 is OpenGL ES 3.0
#else
    // GLSL 430 where the context has it (the window asks for 4.3, headless for 4.3+), else 330.
    GLint major = 0, minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    WS_REQUIRE(major > 3 || (major == 3 && minor >= 3),
               "ImGui needs OpenGL 3.3 or newer; the current context is " + std::to_string(major) +
                   "." + std::to_string(minor) + " (is a GL context current?)");
    if (major * 10 + minor < 43) glsl_version_ = "#version 330";
#endif
    WS_REQUIRE(ImGui_ImplOpenGL3_Init(glsl_version_),
               std::string("ImGui OpenGL3 backend failed to start (") + glsl_version_ + ")");
    load_fonts();
    // Compiles the shaders and uploads the atlas built above.
    WS_REQUIRE(
        ImGui_ImplOpenGL3_CreateDeviceObjects(),
        std::string("ImGui OpenGL3 backend could not create its objects (") + glsl_version_ + ")");
    apply_style();
  } catch (...) {
    if (io.BackendRendererUserData) ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext();
    throw;
  }
}

ImguiRuntime::~ImguiRuntime() {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui::DestroyContext();
}

void ImguiRuntime::merge_cjk(float size, int oversample_h) {
  if (cjk_data_.empty() || cjk_ranges_.size() < 2) return;
  ImFontConfig config;
  config.MergeMode = true;
  config.FontDataOwnedByAtlas = false;  // one copy of the file, kept by this runtime
  config.OversampleH = oversample_h;
  config.OversampleV = 1;
  config.FontNo = 0;  // the first font of a collection (.ttc)
  ImGui::GetIO().Fonts->AddFontFromMemoryTTF(cjk_data_.data(), int(cjk_data_.size()), size, &config,
                                             reinterpret_cast<const ImWchar*>(cjk_ranges_.data()));
}

void ImguiRuntime::load_fonts() {
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  atlas->Clear();
  if (cjk_data_.empty()) {
    // The characters of every translation (and the language menu's names), once per runtime.
    std::string text;
    for (i18n::Language language : i18n::languages()) {
      text += i18n::language_name(language);
      try {
        text += i18n::catalog_text(language);
      } catch (const std::exception&) {
        // A missing catalog shows up when the language is chosen; the fonts do not need it.
      }
    }
    const std::string path = cjk_font_path();
    if (!path.empty()) {
      std::ifstream in(path, std::ios::binary);
      cjk_data_.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      ImFontGlyphRangesBuilder builder;
      builder.AddText(text.c_str());
      ImVector<ImWchar> ranges;
      builder.BuildRanges(&ranges);
      cjk_ranges_.assign(ranges.begin(), ranges.end());
    }
  }
  const std::string regular_path = default_font_path();
  regular_ = add_font(regular_path, font_size_, "DejaVu Sans", 2);
  merge_cjk(font_size_, 1);
  const std::string bold_path = bold_font_path();
  bold_ = bold_path.empty() ? nullptr : add_font(bold_path, font_size_, "DejaVu Sans Bold", 2);
  if (bold_) merge_cjk(font_size_, 1);
  const std::string mono_path = mono_font_path(regular_path);
  if (!mono_path.empty()) {
    add_font(mono_path, font_size_, "DejaVu Sans Mono", 2);
    merge_cjk(font_size_, 1);  // Chinese comments in a student's kernel
  }
  // Figures draw text scaled from this size; no horizontal oversampling needed at 48 px.
  figure_ = add_font(regular_path, kFigureFontSize, kFigureFontName, 1);
  merge_cjk(kFigureFontSize, 1);
  ImGui::GetIO().FontDefault = regular_;
  WS_REQUIRE(atlas->Build(), "building the ImGui font atlas failed");
}

void ImguiRuntime::set_font_size(float pixels) {
  pending_font_size_ = std::clamp(pixels, kMinFontSize, kMaxFontSize);
  if (!GImGui->WithinFrameScope) prepare_frame();
}

void ImguiRuntime::prepare_frame() {
  if (pending_font_size_ > 0 && pending_font_size_ != font_size_) {
    font_size_ = pending_font_size_;
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    load_fonts();
    WS_REQUIRE(ImGui_ImplOpenGL3_CreateFontsTexture(), "uploading the ImGui font texture failed");
    apply_style();
  }
  pending_font_size_ = 0;
  ImGui_ImplOpenGL3_NewFrame();
}

void ImguiRuntime::apply_theme(Theme theme) {
  theme_ = theme;
  apply_style();
}

void ImguiRuntime::apply_style() {
  ImGuiStyle style;
  style_colors(theme_, style);
  style.WindowRounding = 4;
  style.FrameRounding = 3;
  style.GrabRounding = 3;
  style.FrameBorderSize = 1;
  style.WindowBorderSize = 1;
  style.ScrollbarSize = 16;
  style.ScaleAllSizes(font_size_ / 18.0f);
  ImGui::GetStyle() = style;
}

void style_colors(Theme theme, ImGuiStyle& style) {
  const Palette& p = palette(theme);
  if (theme == Theme::Dark)
    ImGui::StyleColorsDark(&style);
  else
    ImGui::StyleColorsLight(&style);
  ImVec4* c = style.Colors;
  // Full-strength text and a solid window background: low-contrast greys wash out on projectors.
  c[ImGuiCol_Text] = rgba(p.text);
  c[ImGuiCol_TextDisabled] = rgba(p.text_muted);
  c[ImGuiCol_WindowBg] = rgba(p.background);
  c[ImGuiCol_ChildBg] = rgba(p.background, 0.0f);
  c[ImGuiCol_PopupBg] = rgba(p.background, 0.98f);
  c[ImGuiCol_Border] = rgba(p.cell_border, 0.6f);
  c[ImGuiCol_FrameBg] = rgba(p.cell_fill);
  c[ImGuiCol_FrameBgHovered] = rgba(p.read, 0.25f);
  c[ImGuiCol_FrameBgActive] = rgba(p.read, 0.40f);
  c[ImGuiCol_TitleBg] = rgba(p.cell_unwritten);
  c[ImGuiCol_TitleBgActive] = rgba(p.read, theme == Theme::Dark ? 0.55f : 0.35f);
  c[ImGuiCol_MenuBarBg] = rgba(p.cell_unwritten);
  c[ImGuiCol_CheckMark] = rgba(p.read);
  c[ImGuiCol_SliderGrab] = rgba(p.read, 0.8f);
  c[ImGuiCol_SliderGrabActive] = rgba(p.read);
  c[ImGuiCol_Button] = rgba(p.read, 0.20f);
  c[ImGuiCol_ButtonHovered] = rgba(p.read, 0.45f);
  c[ImGuiCol_ButtonActive] = rgba(p.read, 0.65f);
  c[ImGuiCol_Header] = rgba(p.read, 0.25f);
  c[ImGuiCol_HeaderHovered] = rgba(p.read, 0.45f);
  c[ImGuiCol_HeaderActive] = rgba(p.read, 0.65f);
  c[ImGuiCol_PlotHistogram] = rgba(p.write);
  c[ImGuiCol_TextSelectedBg] = rgba(p.highlight, 0.45f);
}

}  // namespace ws::gfx
