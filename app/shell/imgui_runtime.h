// ImGui set up once for a current GL context, shared by the window and headless rendering: the
// context, DejaVu fonts (UI regular and bold, plus a large figure font for crisp exported text)
// with the Chinese glyphs the translations use merged in from a CJK font,
// the OpenGL 3 backend, font-size changes that rebuild the atlas between frames, and
// projector-friendly light and dark themes.
#pragma once

#include <string>
#include <vector>

#include "render/palette.h"

struct ImFont;
struct ImGuiStyle;

namespace ws::gfx {

struct ImguiRuntimeOptions {
  float font_size = 18;        // UI font pixel height, clamped to 12..48
  Theme theme = Theme::Light;  // ImGui colours; diagram colours come from palette(theme)
  std::string ini_path;        // where ImGui keeps the window layout; empty: not persisted
};

class ImguiRuntime {
 public:
  static constexpr float kMinFontSize = 12, kMaxFontSize = 48;
  // Pixel height the figure font is rasterised at (text is scaled from it, mostly down).
  static constexpr float kFigureFontSize = 48;

  // Needs a current GL 3.3+ context. Creates and owns the ImGui context; throws ws::Error when the
  // font file is missing or the GL backend cannot start. One instance at a time.
  explicit ImguiRuntime(const ImguiRuntimeOptions& options = {});
  ~ImguiRuntime();
  ImguiRuntime(const ImguiRuntime&) = delete;
  ImguiRuntime& operator=(const ImguiRuntime&) = delete;

  // Inside a frame the change waits for the next prepare_frame(); otherwise it applies at once.
  void set_font_size(float pixels);
  float font_size() const { return font_size_; }
  void apply_theme(Theme theme);
  Theme theme() const { return theme_; }

  // Call before ImGui::NewFrame(): applies a pending font-size change and starts the GL backend
  // frame.
  void prepare_frame();

  ImFont* regular_font() const { return regular_; }
  ImFont* bold_font() const { return bold_ ? bold_ : regular_; }
  ImFont* figure_font() const { return figure_; }
  const char* glsl_version() const { return glsl_version_; }

 private:
  void load_fonts();  // fills and builds the atlas (the caller uploads the texture)
  // Merges the Chinese font's glyphs for the characters the translations use into `font_size`
  // fonts just added (nothing when no CJK font is installed).
  void merge_cjk(float size, int oversample_h);
  void apply_style();  // colours for theme_, sizes scaled for font_size_

  float font_size_;
  float pending_font_size_ = 0;
  Theme theme_;
  std::string ini_path_;
  const char* glsl_version_ = "#version 430";
  ImFont* regular_ = nullptr;
  ImFont* bold_ = nullptr;
  ImFont* figure_ = nullptr;
  // The Chinese font's file, read once, and the glyph ranges of the characters the catalogs use:
  // only those are merged, so the atlas stays small.
  std::vector<unsigned char> cjk_data_;
  std::vector<unsigned short> cjk_ranges_;
};

// Fills `style` with warpscope's colours for `theme` (sizes untouched).
void style_colors(Theme theme, ImGuiStyle& style);

}  // namespace ws::gfx
